//! Whole boards: `nonogram check` (a board in play against its row and column clues) and
//! `nonogram clues` (the clues of a solution picture, for puzzle authors).
//!
//! Sizes come from the clue lists: the grid must have one row per row clue list and each
//! row must have one cell per column clue list. Every clue list must fit its line. With a
//! `palette` the board is a colour one, its cells the colours' characters.

use crate::InputError;
use crate::cells::line_error;
use crate::cells::{
    Cell, LineError, MAX_LINE_LEN, clues_of, parse_line, parse_picture_line, validate_clues,
};
use crate::color_feedback::ColorJudge;
use crate::colorline::ColorSet;
use crate::feedback::{LineJudge, LineVerdict, Mode};
use crate::palette::{ClueItem, DEFAULT_CHAR, Palette, PaletteColor, counts_if_plain, plain_lists};
use crate::puzzle::color_runs;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Input of `nonogram check`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CheckInput {
    /// Row clue lists, top row first (in a colour puzzle, items as `solve` takes them).
    pub rows: Vec<Vec<ClueItem>>,
    /// Column clue lists, left column first.
    pub cols: Vec<Vec<ClueItem>>,
    /// The board, one string per row: `#` filled, `x`/`X` crossed, `.` untouched (in a
    /// colour puzzle, each colour's `char` for a cell painted that colour).
    pub grid: Vec<String>,
    /// `classic` (default) or `strict`, for every line.
    #[serde(default)]
    pub mode: Mode,
    /// The colours of a colour puzzle (see `solve`); without it the board is black and
    /// white.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub palette: Option<Vec<PaletteColor>>,
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
    /// The picture, one string per row: `#` filled, `.` empty (in a colour picture, each
    /// colour's `char`).
    pub grid: Vec<String>,
    /// The colours of a colour picture (see `solve`); `#` is black unless a colour takes
    /// it. Without it the picture is black and white.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub palette: Option<Vec<PaletteColor>>,
}

/// Verdict of `nonogram clues`: the clue lists that describe the picture (`[]` for an
/// empty line).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct CluesVerdict {
    /// Row clue lists, top row first (black counts plain, others `{"count", "color"}`).
    pub rows: Vec<Vec<ClueItem>>,
    /// Column clue lists, left column first.
    pub cols: Vec<Vec<ClueItem>>,
    /// The palette of a colour picture, as `solve` takes it (absent in black and white),
    /// so that the verdict is a `solve` input.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub palette: Option<Vec<PaletteColor>>,
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

/// The board's rows, each read by `parse` and as wide as there are column clue lists.
fn read_board<T>(
    grid: &[String],
    height: usize,
    width: usize,
    parse: impl Fn(&str) -> Result<Vec<T>, LineError>,
) -> Result<Vec<Vec<T>>, InputError> {
    if grid.len() != height {
        return Err(InputError::new(
            "/grid",
            format!(
                "the grid has {} but {} given",
                puzzles_common::count(grid.len(), "row"),
                if height == 1 {
                    "1 row clue list is".to_string()
                } else {
                    format!("{height} row clue lists are")
                }
            ),
        ));
    }
    let mut cells = Vec::with_capacity(height);
    for (r, text) in grid.iter().enumerate() {
        let path = format!("/grid/{r}");
        let row = parse(text).map_err(|e| line_error(e, &path, ""))?;
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
    Ok(cells)
}

/// `nonogram check`: feedback on every row and column of a board, and whether it is solved.
pub fn check(input: CheckInput) -> Result<CheckVerdict, InputError> {
    let height = input.rows.len();
    let width = input.cols.len();
    check_count("row clue lists", "/rows", height)?;
    check_count("column clue lists", "/cols", width)?;
    if input.palette.is_none()
        && let (Some(rows), Some(cols)) =
            (counts_if_plain(&input.rows), counts_if_plain(&input.cols))
    {
        return check_black_and_white(&rows, &cols, &input.grid, input.mode);
    }
    check_colors(&input)
}

/// `check` on a black-and-white board.
fn check_black_and_white(
    rows: &[Vec<u32>],
    cols: &[Vec<u32>],
    grid: &[String],
    mode: Mode,
) -> Result<CheckVerdict, InputError> {
    let (height, width) = (rows.len(), cols.len());
    let cells: Vec<Vec<Cell>> = read_board(grid, height, width, parse_line)?;
    for (r, clues) in rows.iter().enumerate() {
        validate_clues(clues, width).map_err(|e| line_error(e, "", &format!("/rows/{r}")))?;
    }
    for (c, clues) in cols.iter().enumerate() {
        validate_clues(clues, height).map_err(|e| line_error(e, "", &format!("/cols/{c}")))?;
    }
    let mut judge = LineJudge::new();
    let rows: Vec<LineVerdict> = rows
        .iter()
        .zip(&cells)
        .map(|(clues, row)| judge.judge(clues, row, mode))
        .collect();
    let mut column = Vec::with_capacity(height);
    let cols: Vec<LineVerdict> = cols
        .iter()
        .enumerate()
        .map(|(c, clues)| {
            column.clear();
            column.extend(cells.iter().map(|row| row[c]));
            judge.judge(clues, &column, mode)
        })
        .collect();
    let solved = rows.iter().chain(&cols).all(|v| v.solved);
    Ok(CheckVerdict { solved, rows, cols })
}

/// `check` on a colour board.
fn check_colors(input: &CheckInput) -> Result<CheckVerdict, InputError> {
    let (height, width) = (input.rows.len(), input.cols.len());
    let lists = input.rows.iter().chain(&input.cols).map(Vec::as_slice);
    let palette = Palette::for_clues(lists, input.palette.as_deref())?;
    let resolve = |name: &str, lines: &[Vec<ClueItem>], len: usize| {
        lines
            .iter()
            .enumerate()
            .map(|(i, items)| {
                let path = format!("/{name}/{i}");
                let (lens, colors) = palette.resolve(items, &path)?;
                palette
                    .check_fit(&lens, &colors, len)
                    .map_err(|e| line_error(e, "", &path))?;
                Ok((lens, colors, items.len()))
            })
            .collect::<Result<Vec<_>, InputError>>()
    };
    let cells: Vec<Vec<ColorSet>> =
        read_board(&input.grid, height, width, |text| palette.parse_line(text))?;
    let row_clues = resolve("rows", &input.rows, width)?;
    let col_clues = resolve("cols", &input.cols, height)?;
    let mut judge = ColorJudge::new();
    let rows: Vec<LineVerdict> = row_clues
        .iter()
        .zip(&cells)
        .map(|((lens, colors, given), row)| judge.judge(lens, colors, *given, row, input.mode))
        .collect();
    let mut column = Vec::with_capacity(height);
    let cols: Vec<LineVerdict> = col_clues
        .iter()
        .enumerate()
        .map(|(c, (lens, colors, given))| {
            column.clear();
            column.extend(cells.iter().map(|row| row[c]));
            judge.judge(lens, colors, *given, &column, input.mode)
        })
        .collect();
    let solved = rows.iter().chain(&cols).all(|v| v.solved);
    Ok(CheckVerdict { solved, rows, cols })
}

/// The rows of a picture, each read by `parse` and all as wide as the first.
fn read_picture<T>(
    grid: &[String],
    parse: impl Fn(&str) -> Result<Vec<T>, LineError>,
) -> Result<Vec<Vec<T>>, InputError> {
    let mut picture: Vec<Vec<T>> = Vec::with_capacity(grid.len());
    for (r, text) in grid.iter().enumerate() {
        let path = format!("/grid/{r}");
        let row = parse(text).map_err(|e| line_error(e, &path, ""))?;
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
    Ok(picture)
}

/// The runs of every row and column of a picture, read by `runs`.
fn picture_runs<T: Copy, R>(picture: &[Vec<T>], runs: impl Fn(&[T]) -> R) -> (Vec<R>, Vec<R>) {
    let width = picture.first().map_or(0, Vec::len);
    let rows = picture.iter().map(|row| runs(row)).collect();
    let mut column = Vec::with_capacity(picture.len());
    let cols = (0..width)
        .map(|c| {
            column.clear();
            column.extend(picture.iter().map(|row| row[c]));
            runs(&column)
        })
        .collect();
    (rows, cols)
}

/// `nonogram clues`: the row and column clues of a picture.
pub fn clues(input: CluesInput) -> Result<CluesVerdict, InputError> {
    check_count("grid rows", "/grid", input.grid.len())?;
    let Some(entries) = &input.palette else {
        let picture = read_picture(&input.grid, parse_picture_line)?;
        let (rows, cols) = picture_runs(&picture, clues_of);
        return Ok(CluesVerdict {
            rows: plain_lists(&rows),
            cols: plain_lists(&cols),
            palette: None,
        });
    };
    // `#` is black's, as in `solve`, unless the palette gives it to a colour.
    let plain = !entries.iter().any(|e| e.char == DEFAULT_CHAR);
    let palette = Palette::from_input(Some(entries), plain)?;
    let picture = read_picture(&input.grid, |text| palette.parse_picture(text))?;
    let items = |values: &[u8]| {
        let (lens, colors) = color_runs(values);
        palette.items(&lens, &colors)
    };
    let (rows, cols) = picture_runs(&picture, items);
    Ok(CluesVerdict {
        rows,
        cols,
        palette: Some(palette.to_input()),
    })
}

#[cfg(test)]
mod color_tests {
    use super::*;
    use crate::solver::{SolveInput, SolveStatus, solve};

    fn palette() -> Option<Vec<PaletteColor>> {
        Some(vec![
            PaletteColor {
                name: "red".into(),
                char: 'r',
                rgb: None,
            },
            PaletteColor {
                name: "blue".into(),
                char: 'b',
                rgb: None,
            },
        ])
    }

    /// The clues of colour pictures check as solved in both modes, the verdict is a
    /// `solve` input whose solutions include the picture, and a board with one cell in
    /// another colour is not solved.
    #[test]
    fn colour_pictures_check_against_their_own_clues() {
        let pictures: [&[&str]; 3] = [&["rrb", ".#b"], &["r#b.", "bb.r", ".rr#"], &["#", "r"]];
        for picture in pictures {
            let grid: Vec<String> = picture.iter().map(|s| s.to_string()).collect();
            let v = clues(CluesInput {
                grid: grid.clone(),
                palette: palette(),
            })
            .unwrap();
            for mode in [Mode::Classic, Mode::Strict] {
                let checked = check(CheckInput {
                    rows: v.rows.clone(),
                    cols: v.cols.clone(),
                    grid: grid.clone(),
                    mode,
                    palette: v.palette.clone(),
                })
                .unwrap();
                assert!(checked.solved, "{picture:?} {mode:?}");
            }
            let solved = solve(SolveInput {
                rows: v.rows.clone(),
                cols: v.cols.clone(),
                palette: v.palette.clone(),
                timeout_ms: None,
                goal: None,
            })
            .unwrap();
            assert_ne!(solved.status, SolveStatus::None);
            let mut other = grid.clone();
            let first = other[0].remove(0);
            other[0].insert(0, if first == 'r' { 'b' } else { 'r' });
            let checked = check(CheckInput {
                rows: v.rows.clone(),
                cols: v.cols.clone(),
                grid: other,
                mode: Mode::Strict,
                palette: v.palette.clone(),
            })
            .unwrap();
            assert!(!checked.solved && !checked.rows[0].solved);
        }
    }
}
