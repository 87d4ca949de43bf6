//! The checked puzzle every nonogram command works on: clue lists normalised and checked
//! once, at the edge, so that the solver, the learning search and the hint never meet an
//! unchecked one ("parse, don't validate": the fields are private and [`Puzzle::new`] and
//! [`Puzzle::from_input`] are the only ways to make one).

use crate::InputError;
use crate::cells::{MAX_LINE_LEN, parse_picture_line, validate_clues};
use crate::palette::{ClueItem, Palette, PaletteColor, counts_if_plain};

/// A checked puzzle: clues normalised (`[0]` -> `[]`), sizes within limits, totals equal
/// (per colour in a colour puzzle).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    /// Block lengths of each row and column.
    rows: Vec<Vec<u32>>,
    cols: Vec<Vec<u32>>,
    /// Each block's colour (`1..=palette.len()`; all 1 in a black-and-white puzzle).
    row_colors: Vec<Vec<u8>>,
    col_colors: Vec<Vec<u8>>,
    palette: Palette,
}

/// Which kind of line, and which one of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum LineRef {
    Row(usize),
    Col(usize),
}

/// A line of a full picture whose runs differ from its clue: the runs, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
struct BrokenLine {
    line: LineRef,
    runs: String,
}

/// The colour runs of a line of values (0 background): lengths and colours.
pub fn color_runs(values: &[u8]) -> (Vec<u32>, Vec<u8>) {
    let mut lens: Vec<u32> = Vec::new();
    let mut colors: Vec<u8> = Vec::new();
    let mut prev = 0u8;
    for &v in values {
        if v != 0 {
            if v == prev {
                if let Some(last) = lens.last_mut() {
                    *last += 1;
                }
            } else {
                lens.push(1);
                colors.push(v);
            }
        }
        prev = v;
    }
    (lens, colors)
}

impl Puzzle {
    pub fn height(&self) -> usize {
        self.rows.len()
    }
    pub fn width(&self) -> usize {
        self.cols.len()
    }

    /// Row clues (normalised: an empty line is `[]`), top row first: block lengths.
    pub fn rows(&self) -> &[Vec<u32>] {
        &self.rows
    }

    /// Column clues (normalised), left column first: block lengths.
    pub fn cols(&self) -> &[Vec<u32>] {
        &self.cols
    }

    /// The colour of each block of each row (all 1 in a black-and-white puzzle).
    pub fn row_colors(&self) -> &[Vec<u8>] {
        &self.row_colors
    }

    /// The colour of each block of each column.
    pub fn col_colors(&self) -> &[Vec<u8>] {
        &self.col_colors
    }

    /// The puzzle's colours.
    pub fn palette(&self) -> &Palette {
        &self.palette
    }

    /// Whether the puzzle has more than one colour.
    pub fn is_color(&self) -> bool {
        self.palette.is_color()
    }

    /// Line `id` (rows `0..height`, then columns): its block lengths and colours.
    pub fn line(&self, id: usize) -> (&[u32], &[u8]) {
        let h = self.height();
        if id < h {
            (&self.rows[id], &self.row_colors[id])
        } else {
            (&self.cols[id - h], &self.col_colors[id - h])
        }
    }

    /// Checks black-and-white clue lists as the user gave them. Errors carry a JSON
    /// pointer into the input (`/rows/3`, `/cols`, `""`).
    pub fn new(rows: &[Vec<u32>], cols: &[Vec<u32>]) -> Result<Puzzle, InputError> {
        Puzzle::black_and_white(rows, cols, Palette::default())
    }

    /// Checks clue lists of clue items with the input's palette (`None`: black and white).
    /// A palette of one colour makes a black-and-white puzzle drawn in that colour.
    pub fn from_input(
        rows: &[Vec<ClueItem>],
        cols: &[Vec<ClueItem>],
        palette: Option<&[PaletteColor]>,
    ) -> Result<Puzzle, InputError> {
        if palette.is_none()
            && let (Some(r), Some(c)) = (counts_if_plain(rows), counts_if_plain(cols))
        {
            return Puzzle::new(&r, &c);
        }
        let plain = rows
            .iter()
            .chain(cols)
            .flatten()
            .any(|item| matches!(item, ClueItem::Count(_)));
        let palette = Palette::from_input(palette, plain)?;
        check_line_counts(rows.len(), cols.len())?;
        let resolve = |name: &str, lines: &[Vec<ClueItem>]| {
            lines
                .iter()
                .enumerate()
                .map(|(i, items)| palette.resolve(items, &format!("/{name}/{i}")))
                .collect::<Result<Vec<_>, _>>()
        };
        let (row_lens, row_colors): (Vec<_>, Vec<_>) = resolve("rows", rows)?.into_iter().unzip();
        let (col_lens, col_colors): (Vec<_>, Vec<_>) = resolve("cols", cols)?.into_iter().unzip();
        if !palette.is_color() {
            return Puzzle::black_and_white(&row_lens, &col_lens, palette);
        }
        let check = |name: &str, lens: &[Vec<u32>], colors: &[Vec<u8>], len: usize| {
            let mut totals = vec![0u64; palette.len() + 1];
            for (i, (l, c)) in lens.iter().zip(colors).enumerate() {
                palette
                    .check_fit(l, c, len)
                    .map_err(|e| crate::cells::line_error(e, "", &format!("/{name}/{i}")))?;
                for (&n, &k) in l.iter().zip(c) {
                    totals[usize::from(k)] += u64::from(n);
                }
            }
            Ok::<_, InputError>(totals)
        };
        let row_totals = check("rows", &row_lens, &row_colors, col_lens.len())?;
        let col_totals = check("cols", &col_lens, &col_colors, row_lens.len())?;
        if let Some(k) = (1..=palette.len()).find(|&k| row_totals[k] != col_totals[k]) {
            let cells = format!("{} cell", palette.color(k as u8).name);
            let fill = |n: u64| puzzles_common::count(n as usize, &cells);
            return Err(InputError::new(
                "",
                format!(
                    "the row clues fill {} but the column clues fill {}; they must be equal",
                    fill(row_totals[k]),
                    fill(col_totals[k])
                ),
            ));
        }
        Ok(Puzzle {
            rows: row_lens,
            cols: col_lens,
            row_colors,
            col_colors,
            palette,
        })
    }

    /// Checks black-and-white clue lists, drawn in the palette's one colour.
    fn black_and_white(
        rows: &[Vec<u32>],
        cols: &[Vec<u32>],
        palette: Palette,
    ) -> Result<Puzzle, InputError> {
        check_line_counts(rows.len(), cols.len())?;
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
        let ones = |lines: &[Vec<u32>]| lines.iter().map(|l| vec![1u8; l.len()]).collect();
        Ok(Puzzle {
            row_colors: ones(&rows_n),
            col_colors: ones(&cols_n),
            rows: rows_n,
            cols: cols_n,
            palette,
        })
    }

    /// Whether a full black-and-white picture (row-major, `true` = filled) satisfies every
    /// clue.
    pub fn check_picture(&self, filled: &[bool]) -> bool {
        let values: Vec<u8> = filled.iter().map(|&f| u8::from(f)).collect();
        self.check_values(&values)
    }

    /// Whether a full picture (row-major values: 0 background, else the colour) satisfies
    /// every clue.
    pub fn check_values(&self, values: &[u8]) -> bool {
        values.len() == self.height() * self.width() && self.first_broken_line(values).is_none()
    }

    /// The first row (then column) of a full picture whose runs differ from its clue.
    fn first_broken_line(&self, values: &[u8]) -> Option<BrokenLine> {
        let (h, w) = (self.height(), self.width());
        let broken = |line: LineRef, cells: Vec<u8>| {
            let (lens, colors) = color_runs(&cells);
            let (want_lens, want_colors) = match line {
                LineRef::Row(r) => (&self.rows[r], &self.row_colors[r]),
                LineRef::Col(c) => (&self.cols[c], &self.col_colors[c]),
            };
            (lens != *want_lens || colors != *want_colors).then(|| BrokenLine {
                line,
                runs: self.describe(&lens, &colors),
            })
        };
        (0..h)
            .find_map(|r| broken(LineRef::Row(r), values[r * w..(r + 1) * w].to_vec()))
            .or_else(|| {
                (0..w).find_map(|c| {
                    broken(LineRef::Col(c), (0..h).map(|r| values[r * w + c]).collect())
                })
            })
    }

    /// A clue list in words: `[2, 1]` in black and white, `[2, 1 red]` in colour.
    fn describe(&self, lens: &[u32], colors: &[u8]) -> String {
        if self.is_color() {
            self.palette.describe(lens, colors)
        } else {
            format!("{lens:?}")
        }
    }

    /// One picture row of a `goal` (black and white with `#`: exactly as `clues` reads it).
    fn goal_row(&self, text: &str) -> Result<Vec<u8>, crate::cells::LineError> {
        if self.palette == Palette::default() {
            parse_picture_line(text).map(|cells| cells.into_iter().map(u8::from).collect())
        } else {
            self.palette.parse_picture(text)
        }
    }

    /// Reads a `goal` picture (JSON pointer `/goal`) and checks it against every clue;
    /// the error names the first row or column whose runs differ from its clue. The
    /// picture's cells are values: 0 background, else the colour (1 filled in black and
    /// white).
    pub fn goal_picture(&self, rows: &[String]) -> Result<Vec<u8>, InputError> {
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
        let mut values = Vec::with_capacity(h * w);
        for (r, text) in rows.iter().enumerate() {
            let line = self
                .goal_row(text)
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
            values.extend(line);
        }
        match self.first_broken_line(&values) {
            None => Ok(values),
            Some(BrokenLine {
                line: LineRef::Row(r),
                runs,
            }) => Err(InputError::new(
                format!("/goal/{r}"),
                format!(
                    "goal row {r} has runs {runs} but its clue is {}",
                    self.describe(&self.rows[r], &self.row_colors[r])
                ),
            )),
            Some(BrokenLine {
                line: LineRef::Col(c),
                runs,
            }) => Err(InputError::new(
                "/goal",
                format!(
                    "goal column {c} has runs {runs} but its clue is {}",
                    self.describe(&self.cols[c], &self.col_colors[c])
                ),
            )),
        }
    }

    /// Text rows of a black-and-white picture (`true` = filled, drawn in the one colour's
    /// character, `#` by default).
    pub fn picture_text(&self, filled: &[bool]) -> Vec<String> {
        let ch = self.palette.char_of(1);
        filled
            .chunks(self.width())
            .map(|row| row.iter().map(|&f| if f { ch } else { '.' }).collect())
            .collect()
    }

    /// Text rows of a picture of values (0 background, else the colour).
    pub fn values_text(&self, values: &[u8]) -> Vec<String> {
        values
            .chunks(self.width())
            .map(|row| self.palette.picture_text(row))
            .collect()
    }

    /// The clue items of the puzzle's rows and columns, as an input gives them (plain counts
    /// for black).
    pub fn clue_items(&self) -> (Vec<Vec<ClueItem>>, Vec<Vec<ClueItem>>) {
        let items = |lens: &[Vec<u32>], colors: &[Vec<u8>]| {
            lens.iter()
                .zip(colors)
                .map(|(l, c)| self.palette.items(l, c))
                .collect()
        };
        (
            items(&self.rows, &self.row_colors),
            items(&self.cols, &self.col_colors),
        )
    }
}

/// A puzzle needs at least one row and one column, and at most [`MAX_LINE_LEN`] of each.
fn check_line_counts(rows: usize, cols: usize) -> Result<(), InputError> {
    for (name, count) in [("rows", rows), ("cols", cols)] {
        if count == 0 {
            return Err(InputError::new(
                format!("/{name}"),
                format!("a puzzle needs at least one clue list in `{name}`"),
            ));
        }
        if count > MAX_LINE_LEN {
            return Err(InputError::new(
                format!("/{name}"),
                format!("{count} clue lists in `{name}`, more than the limit of {MAX_LINE_LEN}"),
            ));
        }
    }
    Ok(())
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
        assert_eq!(p.first_broken_line(&[1, 0, 0, 1]), None);
        assert_eq!(
            p.first_broken_line(&[1, 1, 0, 0]),
            Some(BrokenLine {
                line: LineRef::Row(0),
                runs: "[2]".into()
            })
        );
        assert_eq!(
            p.first_broken_line(&[1, 0, 1, 0]),
            Some(BrokenLine {
                line: LineRef::Col(0),
                runs: "[2]".into()
            })
        );
        assert!(!p.check_picture(&[true, false, true]));
    }
}
