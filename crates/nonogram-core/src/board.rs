//! Whole boards: `nonogram check` (a board in play against its row and column clues) and
//! `nonogram clues` (the clues of a solution picture, for puzzle authors).
//!
//! Sizes come from the clue lists: the grid must have one row per row clue list and each
//! row must have one cell per column clue list. Every clue list must fit its line.

use crate::InputError;
use crate::cells::{Cell, MAX_LINE_LEN, clues_of, parse_line, parse_picture_line, validate_clues};
use crate::feedback::{LineJudge, LineVerdict, Mode, line_error};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Input of `nonogram check`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CheckInput {
    /// Row clue lists, top row first.
    pub rows: Vec<Vec<u32>>,
    /// Column clue lists, left column first.
    pub cols: Vec<Vec<u32>>,
    /// The board, one string per row: `#` filled, `x`/`X` crossed, `.` untouched.
    pub grid: Vec<String>,
    /// `classic` (default) or `strict`, for every line.
    #[serde(default)]
    pub mode: Mode,
}

/// Verdict of `nonogram check`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct CheckVerdict {
    /// Every row and every column reads exactly as its clues.
    pub solved: bool,
    /// One verdict per row, top first.
    pub rows: Vec<LineVerdict>,
    /// One verdict per column, left first.
    pub cols: Vec<LineVerdict>,
}

/// Input of `nonogram clues`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CluesInput {
    /// The picture, one string per row: `#` filled, `.` empty.
    pub grid: Vec<String>,
}

/// Verdict of `nonogram clues`: the clue lists that describe the picture (`[]` for an
/// empty line).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct CluesVerdict {
    /// Row clue lists, top row first.
    pub rows: Vec<Vec<u32>>,
    /// Column clue lists, left column first.
    pub cols: Vec<Vec<u32>>,
}

fn check_count(what: &str, path: &str, count: usize) -> Result<(), InputError> {
    if count > MAX_LINE_LEN {
        return Err(InputError::new(
            path,
            format!("{count} {what} is more than the limit of {MAX_LINE_LEN}"),
        ));
    }
    Ok(())
}

/// `nonogram check`: feedback on every row and column of a board, and whether it is solved.
pub fn check(input: CheckInput) -> Result<CheckVerdict, InputError> {
    let height = input.rows.len();
    let width = input.cols.len();
    check_count("row clue lists", "/rows", height)?;
    check_count("column clue lists", "/cols", width)?;
    if input.grid.len() != height {
        return Err(InputError::new(
            "/grid",
            format!(
                "the grid has {} but {} given",
                puzzles_common::count(input.grid.len(), "row"),
                if height == 1 {
                    "1 row clue list is".to_string()
                } else {
                    format!("{height} row clue lists are")
                }
            ),
        ));
    }
    let mut cells: Vec<Vec<Cell>> = Vec::with_capacity(height);
    for (r, text) in input.grid.iter().enumerate() {
        let path = format!("/grid/{r}");
        let row = parse_line(text).map_err(|e| line_error(e, &path, ""))?;
        if row.len() != width {
            return Err(InputError::new(
                path,
                format!(
                    "grid row {r} has {} but {} given",
                    puzzles_common::count(row.len(), "cell"),
                    if width == 1 {
                        "1 column clue list is".to_string()
                    } else {
                        format!("{width} column clue lists are")
                    }
                ),
            ));
        }
        cells.push(row);
    }
    for (r, clues) in input.rows.iter().enumerate() {
        validate_clues(clues, width).map_err(|e| line_error(e, "", &format!("/rows/{r}")))?;
    }
    for (c, clues) in input.cols.iter().enumerate() {
        validate_clues(clues, height).map_err(|e| line_error(e, "", &format!("/cols/{c}")))?;
    }

    let mut judge = LineJudge::new();
    let rows: Vec<LineVerdict> = input
        .rows
        .iter()
        .zip(&cells)
        .map(|(clues, row)| judge.judge(clues, row, input.mode))
        .collect();
    let mut column = Vec::with_capacity(height);
    let cols: Vec<LineVerdict> = input
        .cols
        .iter()
        .enumerate()
        .map(|(c, clues)| {
            column.clear();
            column.extend(cells.iter().map(|row| row[c]));
            judge.judge(clues, &column, input.mode)
        })
        .collect();
    let solved = rows.iter().chain(&cols).all(|v| v.solved);
    Ok(CheckVerdict { solved, rows, cols })
}

/// `nonogram clues`: the row and column clues of a picture.
pub fn clues(input: CluesInput) -> Result<CluesVerdict, InputError> {
    let height = input.grid.len();
    check_count("grid rows", "/grid", height)?;
    let mut picture: Vec<Vec<bool>> = Vec::with_capacity(height);
    for (r, text) in input.grid.iter().enumerate() {
        let path = format!("/grid/{r}");
        let row = parse_picture_line(text).map_err(|e| line_error(e, &path, ""))?;
        if let Some(first) = picture.first()
            && row.len() != first.len()
        {
            return Err(InputError::new(
                path,
                format!(
                    "grid row {r} has {} but row 0 has {}",
                    puzzles_common::count(row.len(), "cell"),
                    first.len()
                ),
            ));
        }
        picture.push(row);
    }
    let width = picture.first().map_or(0, Vec::len);
    let rows = picture.iter().map(|row| clues_of(row)).collect();
    let mut column = Vec::with_capacity(height);
    let cols = (0..width)
        .map(|c| {
            column.clear();
            column.extend(picture.iter().map(|row| row[c]));
            clues_of(&column)
        })
        .collect();
    Ok(CluesVerdict { rows, cols })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn grid(rows: &[&str]) -> Vec<String> {
        rows.iter().map(|s| s.to_string()).collect()
    }

    /// A 5x5 picture (a plus sign with a corner), worked out by hand.
    #[test]
    fn clues_of_a_picture() {
        let v = clues(CluesInput {
            grid: grid(&["#.#..", "..#..", "#####", "..#..", "....."]),
        })
        .unwrap();
        assert_eq!(v.rows, vec![vec![1, 1], vec![1], vec![5], vec![1], vec![]]);
        assert_eq!(v.cols, vec![vec![1, 1], vec![1], vec![4], vec![1], vec![1]]);
    }

    #[test]
    fn clues_bad_input() {
        let e = clues(CluesInput {
            grid: grid(&["#.", "#x"]),
        })
        .unwrap_err();
        assert_eq!(e.path, "/grid/1");
        let e = clues(CluesInput {
            grid: grid(&["#.", "#"]),
        })
        .unwrap_err();
        assert_eq!(e.path, "/grid/1");
        let v = clues(CluesInput { grid: vec![] }).unwrap();
        assert!(v.rows.is_empty() && v.cols.is_empty());
    }

    #[test]
    fn check_solved_board_and_partial_board() {
        let rows = vec![vec![1, 1], vec![1], vec![5], vec![1], vec![0]];
        let cols = vec![vec![1, 1], vec![1], vec![4], vec![1], vec![1]];
        let solved = check(CheckInput {
            rows: rows.clone(),
            cols: cols.clone(),
            grid: grid(&["#x#xx", "..#..", "#####", "..#..", "xxxxx"]),
            mode: Mode::Classic,
        })
        .unwrap();
        assert!(solved.solved);
        assert!(
            solved
                .rows
                .iter()
                .chain(&solved.cols)
                .all(|v| v.solved && !v.contradiction && v.matched.iter().all(|&m| m))
        );

        // One cell missing in the middle row: that row and column 4 are not solved.
        let partial = check(CheckInput {
            rows,
            cols,
            grid: grid(&["#x#xx", "..#..", "####.", "..#..", "xxxxx"]),
            mode: Mode::Strict,
        })
        .unwrap();
        assert!(!partial.solved);
        assert!(!partial.rows[2].solved && !partial.cols[4].solved);
        assert!(partial.rows[0].solved && partial.cols[0].solved);
        assert_eq!(partial.rows[2].matched, [false]);
        assert!(!partial.rows[2].contradiction);
    }

    #[test]
    fn check_bad_sizes() {
        let base = CheckInput {
            rows: vec![vec![1], vec![1]],
            cols: vec![vec![1], vec![1]],
            grid: grid(&["#.", ".#"]),
            mode: Mode::Classic,
        };
        assert!(check(base.clone()).is_ok());
        let mut bad = base.clone();
        bad.grid.pop();
        assert_eq!(check(bad).unwrap_err().path, "/grid");
        let mut bad = base.clone();
        bad.grid[1] = "#..".into();
        assert_eq!(check(bad).unwrap_err().path, "/grid/1");
        let mut bad = base.clone();
        bad.grid[0] = "#?".into();
        assert_eq!(check(bad).unwrap_err().path, "/grid/0");
        let mut bad = base.clone();
        bad.rows[1] = vec![3];
        let e = check(bad).unwrap_err();
        assert_eq!(e.path, "/rows/1");
        assert_eq!(e.message, "clues [3] need 3 cells but the line has 2");
        let mut bad = base.clone();
        bad.cols[0] = vec![1, 0];
        assert_eq!(check(bad).unwrap_err().path, "/cols/0/1");
        let mut bad = base;
        bad.cols = vec![vec![]; MAX_LINE_LEN + 1];
        assert_eq!(check(bad).unwrap_err().path, "/cols");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// The clues of any picture, checked against the picture itself, give a solved board
        /// in both modes; and a board differing in one cell is never solved.
        #[test]
        fn picture_checks_against_its_own_clues(
            h in 0usize..8, w in 0usize..8, seed in proptest::collection::vec(any::<bool>(), 64),
            flip in any::<(usize, usize)>(),
        ) {
            let pic: Vec<String> = (0..h)
                .map(|r| (0..w).map(|c| if seed[r * 8 + c] { '#' } else { '.' }).collect())
                .collect();
            let cl = clues(CluesInput { grid: pic.clone() }).unwrap();
            prop_assert_eq!(cl.rows.len(), h);
            for mode in [Mode::Classic, Mode::Strict] {
                let v = check(CheckInput {
                    rows: cl.rows.clone(),
                    cols: if h == 0 { vec![] } else { cl.cols.clone() },
                    grid: pic.clone(),
                    mode,
                }).unwrap();
                prop_assert!(v.solved);
            }
            if h > 0 && w > 0 {
                let (r, c) = (flip.0 % h, flip.1 % w);
                let mut other: Vec<Vec<char>> = pic.iter().map(|s| s.chars().collect()).collect();
                other[r][c] = if other[r][c] == '#' { '.' } else { '#' };
                let other: Vec<String> = other.into_iter().map(|r| r.into_iter().collect()).collect();
                let v = check(CheckInput {
                    rows: cl.rows.clone(), cols: cl.cols.clone(), grid: other, mode: Mode::Strict,
                }).unwrap();
                prop_assert!(!v.solved);
                prop_assert!(!v.rows[r].solved && !v.cols[c].solved);
            }
        }
    }
}
