//! The checked puzzle every nonogram command works on: clue lists normalised and checked
//! once, at the edge, so that the solver, the learning search and the hint never meet an
//! unchecked one ("parse, don't validate": the fields are private and [`Puzzle::new`] is
//! the only way to make one).

use crate::InputError;
use crate::cells::{MAX_LINE_LEN, clues_of, parse_picture_line, validate_clues};

/// A checked puzzle: clues normalised (`[0]` -> `[]`), sizes within limits, totals equal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    rows: Vec<Vec<u32>>,
    cols: Vec<Vec<u32>>,
}

/// Which kind of line, and which one of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum LineRef {
    Row(usize),
    Col(usize),
}

/// A line of a full picture whose runs differ from its clue.
#[derive(Debug, Clone, PartialEq, Eq)]
struct BrokenLine {
    line: LineRef,
    runs: Vec<u32>,
}

impl Puzzle {
    pub fn height(&self) -> usize {
        self.rows.len()
    }
    pub fn width(&self) -> usize {
        self.cols.len()
    }

    /// Row clues (normalised: an empty line is `[]`), top row first.
    pub fn rows(&self) -> &[Vec<u32>] {
        &self.rows
    }

    /// Column clues (normalised), left column first.
    pub fn cols(&self) -> &[Vec<u32>] {
        &self.cols
    }

    /// Checks clue lists as the user gave them. Errors carry a JSON pointer into the input
    /// (`/rows/3`, `/cols`, `""`).
    pub fn new(rows: &[Vec<u32>], cols: &[Vec<u32>]) -> Result<Puzzle, InputError> {
        for (name, lines) in [("rows", rows), ("cols", cols)] {
            if lines.is_empty() {
                return Err(InputError::new(
                    format!("/{name}"),
                    format!("a puzzle needs at least one clue list in `{name}`"),
                ));
            }
            if lines.len() > MAX_LINE_LEN {
                return Err(InputError::new(
                    format!("/{name}"),
                    format!(
                        "{} clue lists in `{name}`, more than the limit of {MAX_LINE_LEN}",
                        lines.len()
                    ),
                ));
            }
        }
        let check = |name: &str, lines: &[Vec<u32>], len: usize| {
            let mut out = Vec::with_capacity(lines.len());
            let mut total: u64 = 0;
            for (i, clues) in lines.iter().enumerate() {
                let norm = validate_clues(clues, len)
                    .map_err(|e| InputError::new(format!("/{name}/{i}"), e.to_string()))?;
                // Fits in the line, so the sum is at most MAX_LINE_LEN: no overflow.
                total += norm.iter().map(|&c| u64::from(c)).sum::<u64>();
                out.push(norm.to_vec());
            }
            Ok::<_, InputError>((out, total))
        };
        let (rows_n, row_total) = check("rows", rows, cols.len())?;
        let (cols_n, col_total) = check("cols", cols, rows.len())?;
        if row_total != col_total {
            return Err(InputError::new(
                "",
                format!(
                    "the row clues fill {row_total} cells but the column clues fill {col_total}; they must be equal"
                ),
            ));
        }
        Ok(Puzzle {
            rows: rows_n,
            cols: cols_n,
        })
    }

    /// Whether a full picture (row-major, `true` = filled) satisfies every clue.
    pub fn check_picture(&self, filled: &[bool]) -> bool {
        filled.len() == self.height() * self.width() && self.first_broken_line(filled).is_none()
    }

    /// The first row (then column) of a full picture whose runs differ from its clue.
    fn first_broken_line(&self, filled: &[bool]) -> Option<BrokenLine> {
        let (h, w) = (self.height(), self.width());
        let rows = (0..h).map(|r| (LineRef::Row(r), clues_of(&filled[r * w..(r + 1) * w])));
        let cols = (0..w).map(|c| {
            let col: Vec<bool> = (0..h).map(|r| filled[r * w + c]).collect();
            (LineRef::Col(c), clues_of(&col))
        });
        rows.chain(cols)
            .find(|(line, runs)| {
                let clue = match *line {
                    LineRef::Row(r) => &self.rows[r],
                    LineRef::Col(c) => &self.cols[c],
                };
                runs != clue
            })
            .map(|(line, runs)| BrokenLine { line, runs })
    }

    /// Reads a `goal` picture (JSON pointer `/goal`) and checks it against every clue;
    /// the error names the first row or column whose runs differ from its clue.
    pub fn goal_picture(&self, rows: &[String]) -> Result<Vec<bool>, InputError> {
        let (h, w) = (self.height(), self.width());
        if rows.len() != h {
            return Err(InputError::new(
                "/goal",
                format!(
                    "the goal has {}; the puzzle has {h}",
                    puzzles_common::count(rows.len(), "row")
                ),
            ));
        }
        let mut filled = Vec::with_capacity(h * w);
        for (r, text) in rows.iter().enumerate() {
            let line = parse_picture_line(text)
                .map_err(|e| InputError::new(format!("/goal/{r}"), format!("goal row {r}: {e}")))?;
            if line.len() != w {
                return Err(InputError::new(
                    format!("/goal/{r}"),
                    format!(
                        "goal row {r} has {}; the puzzle is {w} wide",
                        puzzles_common::count(line.len(), "cell")
                    ),
                ));
            }
            filled.extend(line);
        }
        match self.first_broken_line(&filled) {
            None => Ok(filled),
            Some(BrokenLine {
                line: LineRef::Row(r),
                runs,
            }) => Err(InputError::new(
                format!("/goal/{r}"),
                format!(
                    "goal row {r} has runs {runs:?} but its clue is {:?}",
                    self.rows[r]
                ),
            )),
            Some(BrokenLine {
                line: LineRef::Col(c),
                runs,
            }) => Err(InputError::new(
                "/goal",
                format!(
                    "goal column {c} has runs {runs:?} but its clue is {:?}",
                    self.cols[c]
                ),
            )),
        }
    }

    /// Text rows of a picture.
    pub fn picture_text(&self, filled: &[bool]) -> Vec<String> {
        filled
            .chunks(self.width())
            .map(|row| row.iter().map(|&f| if f { '#' } else { '.' }).collect())
            .collect()
    }
}

/// What the tests of the modules that take a [`Puzzle`] share.
#[cfg(test)]
pub(crate) mod test_support {
    use super::Puzzle;
    use crate::cells::clues_of;

    /// The row and column clues of a row-major `h` x `w` picture.
    pub(crate) fn clues_of_picture(
        pic: &[bool],
        h: usize,
        w: usize,
    ) -> (Vec<Vec<u32>>, Vec<Vec<u32>>) {
        let rows = (0..h).map(|r| clues_of(&pic[r * w..(r + 1) * w])).collect();
        let cols = (0..w)
            .map(|c| clues_of(&(0..h).map(|r| pic[r * w + c]).collect::<Vec<_>>()))
            .collect();
        (rows, cols)
    }

    /// Every picture of an h x w grid, as clue sets: the number of pictures per clue set
    /// is the number of solutions of that puzzle.
    pub(crate) fn brute_force_count(p: &Puzzle) -> usize {
        let (h, w) = (p.height(), p.width());
        let n = h * w;
        (0u32..(1 << n))
            .filter(|bits| {
                let pic: Vec<bool> = (0..n).map(|i| bits >> i & 1 == 1).collect();
                p.check_picture(&pic)
            })
            .count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clues_are_normalised_and_checked() {
        let p = Puzzle::new(&[vec![0], vec![1, 1]], &[vec![1], vec![], vec![1]]).unwrap();
        assert_eq!(p.rows(), &[vec![], vec![1, 1]]);
        assert_eq!((p.height(), p.width()), (2, 3));
        let e = Puzzle::new(&[vec![2]], &[vec![1], vec![]]).unwrap_err();
        assert_eq!(e.path, "");
        let e = Puzzle::new(&[vec![3]], &[vec![1], vec![1]]).unwrap_err();
        assert_eq!(e.path, "/rows/0");
        let e = Puzzle::new(&[], &[vec![]]).unwrap_err();
        assert_eq!(e.path, "/rows");
    }

    #[test]
    fn first_broken_line_names_rows_before_columns() {
        // Clues of `#.` / `.#`.
        let p = Puzzle::new(&[vec![1], vec![1]], &[vec![1], vec![1]]).unwrap();
        assert_eq!(p.first_broken_line(&[true, false, false, true]), None);
        assert_eq!(
            p.first_broken_line(&[true, true, false, false]),
            Some(BrokenLine {
                line: LineRef::Row(0),
                runs: vec![2]
            })
        );
        assert_eq!(
            p.first_broken_line(&[true, false, true, false]),
            Some(BrokenLine {
                line: LineRef::Col(0),
                runs: vec![2]
            })
        );
        assert!(!p.check_picture(&[true, false, true]));
    }
}
