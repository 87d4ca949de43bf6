//! `puzzles nonogram hint`: what a puzzle game's hint button shows. Given the clues and the
//! player's board (`#` filled, `x` crossed out, `.` untouched), the next cell that line logic
//! forces and the line that proves it: one row or column whose clues, with the marks already
//! on it, leave that cell only one possible value.
//!
//! Hints reason from the player's marks as they stand. A wrong mark can make a line
//! impossible (`contradiction`, naming the line) or, when it still fits its line, lead to a
//! hint that is right for those marks but not for the puzzle's solution; `solve` is the tool
//! that knows the solution.
//!
//! On a colour board (a `palette`), a cell is forced when its line leaves it one value: a
//! colour (the hint's `value` is that colour's `char`) or the background (`x`).

use crate::InputError;
use crate::cells::{Cell, LineError, format_line, parse_line, runs_equal_clues};
use crate::colorline::{BACKGROUND, ColorLineSolver, ColorSet};
use crate::linesolver::LineSolver;
use crate::palette::{ClueItem, Palette, PaletteColor};
use crate::puzzle::{Puzzle, color_runs};
use serde::{Deserialize, Serialize};

/// `hint` input: clues and the player's board, one string per row, top row first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HintInput {
    /// Row clue lists, top row first (in a colour puzzle, items as `solve` takes them).
    pub rows: Vec<Vec<ClueItem>>,
    /// Column clue lists, left column first.
    pub cols: Vec<Vec<ClueItem>>,
    /// The player's board: `#` filled, `x`/`X` crossed out, `.` untouched (in a colour
    /// puzzle, each colour's `char` for a cell painted that colour).
    pub grid: Vec<String>,
    /// The colours of a colour puzzle (see `solve`); without it the board is black and
    /// white.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub palette: Option<Vec<PaletteColor>>,
}

/// What the hint found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum HintStatus {
    /// `cell` must take `value`; `line` proves it.
    Hint,
    /// The filled cells already match every clue.
    Solved,
    /// The marks on `line` fit no arrangement of its clues: some mark there is wrong.
    Contradiction,
    /// No single row or column forces an untouched cell: the next step needs reasoning
    /// across several lines.
    Stuck,
}

/// Row or column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum LineKind {
    /// A row, numbered from the top.
    Row,
    /// A column, numbered from the left.
    Col,
}

/// The line behind a hint or a contradiction.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct HintLine {
    /// `row` or `col`.
    pub kind: LineKind,
    /// Zero-based row or column number.
    pub index: usize,
    /// The line's clues.
    pub clues: Vec<ClueItem>,
    /// The line as the player has it (`#`, `x`, `.`, or a colour's `char`), left to right
    /// or top to bottom.
    pub before: String,
    /// The line with every cell its clues force filled in (same as `before` for a
    /// contradiction).
    pub after: String,
}

/// `hint` verdict.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct HintVerdict {
    /// `hint`, `solved`, `contradiction` or `stuck`.
    pub status: HintStatus,
    /// `[row, col]` of the hinted cell (null unless `status` is `hint`).
    pub cell: Option<[usize; 2]>,
    /// `"#"` (fill it; in a colour puzzle, the colour's `char`) or `"x"` (cross it out),
    /// null unless `status` is `hint`.
    pub value: Option<String>,
    /// The proving line (`hint`) or the impossible line (`contradiction`).
    pub line: Option<HintLine>,
    /// Every cell the same line forces, `[row, col]` pairs, the hinted cell first.
    pub forced: Vec<[usize; 2]>,
}

/// Finds the next forced cell. Among the lines that force something, the one that forces
/// the most cells is chosen (the most evident step for a player); ties go to rows before
/// columns, then to the lower index. The hinted cell is the first forced cell of that line.
pub fn hint(input: HintInput) -> Result<HintVerdict, InputError> {
    let puzzle = Puzzle::from_input(&input.rows, &input.cols, input.palette.as_deref())?;
    if input.palette.is_some() {
        return color_hint(&puzzle, &input.grid);
    }
    let grid = read_grid(&puzzle, &input.grid, parse_line)?;
    let column = |c: usize| -> Vec<Cell> { grid.iter().map(|row| row[c]).collect() };
    let solved = (0..puzzle.height()).all(|r| runs_equal_clues(&grid[r], &puzzle.rows()[r]))
        && (0..puzzle.width()).all(|c| runs_equal_clues(&column(c), &puzzle.cols()[c]));
    if solved {
        return Ok(HintVerdict::without_line(HintStatus::Solved));
    }

    let mut ls = LineSolver::new();
    let mut best: Option<(HintLine, Vec<[usize; 2]>)> = None;
    let lines = (0..puzzle.height())
        .map(|r| (LineKind::Row, r))
        .chain((0..puzzle.width()).map(|c| (LineKind::Col, c)));
    for (kind, index) in lines {
        let (cells, clues) = match kind {
            LineKind::Row => (grid[index].clone(), &puzzle.rows()[index]),
            LineKind::Col => (column(index), &puzzle.cols()[index]),
        };
        let mut out = cells.clone();
        let before = format_line(&cells);
        if ls.solve(clues, &cells, &mut out).is_err() {
            let line = HintLine {
                kind,
                index,
                clues: clues.iter().map(|&n| n.into()).collect(),
                after: before.clone(),
                before,
            };
            return Ok(HintVerdict {
                line: Some(line),
                ..HintVerdict::without_line(HintStatus::Contradiction)
            });
        }
        let forced = board_cells(
            kind,
            index,
            (0..cells.len()).filter(|&i| cells[i] == Cell::Unknown && out[i] != Cell::Unknown),
        );
        if !forced.is_empty() && best.as_ref().is_none_or(|(_, f)| forced.len() > f.len()) {
            let line = HintLine {
                kind,
                index,
                clues: clues.iter().map(|&n| n.into()).collect(),
                before,
                after: format_line(&out),
            };
            best = Some((line, forced));
        }
    }
    Ok(match best {
        Some((line, forced)) => HintVerdict::hint(line, forced),
        None => HintVerdict::without_line(HintStatus::Stuck),
    })
}

/// The hint on a colour board: as on a black-and-white one, with the colour line solver.
fn color_hint(puzzle: &Puzzle, rows: &[String]) -> Result<HintVerdict, InputError> {
    let palette = puzzle.palette();
    let grid = read_grid(puzzle, rows, |text| palette.parse_line(text))?;
    let cells = |id: usize| -> Vec<ColorSet> {
        let h = puzzle.height();
        if id < h {
            grid[id].clone()
        } else {
            grid.iter().map(|row| row[id - h]).collect()
        }
    };
    let painted = |line: &[ColorSet]| -> Vec<u8> {
        let value = |&s: &ColorSet| {
            if s.count_ones() == 1 {
                s.trailing_zeros() as u8
            } else {
                0
            }
        };
        line.iter().map(value).collect()
    };
    let lines = puzzle.height() + puzzle.width();
    let solved = (0..lines).all(|id| {
        let (lens, colors) = puzzle.line(id);
        color_runs(&painted(&cells(id))) == (lens.to_vec(), colors.to_vec())
    });
    if solved {
        return Ok(HintVerdict::without_line(HintStatus::Solved));
    }
    let mut ls = ColorLineSolver::new();
    let mut best: Option<(HintLine, Vec<[usize; 2]>)> = None;
    for id in 0..lines {
        let (kind, index) = if id < puzzle.height() {
            (LineKind::Row, id)
        } else {
            (LineKind::Col, id - puzzle.height())
        };
        let (lens, colors) = puzzle.line(id);
        let before = cells(id);
        let mut out = before.clone();
        let clues = palette.items(lens, colors);
        if ls.solve(lens, colors, &before, &mut out).is_err() {
            let text = line_text(palette, &before);
            let line = HintLine {
                kind,
                index,
                clues,
                after: text.clone(),
                before: text,
            };
            return Ok(HintVerdict {
                line: Some(line),
                ..HintVerdict::without_line(HintStatus::Contradiction)
            });
        }
        let forced = board_cells(
            kind,
            index,
            (0..before.len()).filter(|&i| before[i].count_ones() > 1 && out[i].count_ones() == 1),
        );
        if !forced.is_empty() && best.as_ref().is_none_or(|(_, f)| forced.len() > f.len()) {
            let line = HintLine {
                kind,
                index,
                clues,
                before: line_text(palette, &before),
                after: line_text(palette, &out),
            };
            best = Some((line, forced));
        }
    }
    Ok(match best {
        Some((line, forced)) => HintVerdict::hint(line, forced),
        None => HintVerdict::without_line(HintStatus::Stuck),
    })
}

/// The board coordinates (`[row, col]`) of the cells at `positions` of a row or column.
fn board_cells(
    kind: LineKind,
    index: usize,
    positions: impl Iterator<Item = usize>,
) -> Vec<[usize; 2]> {
    positions
        .map(|i| match kind {
            LineKind::Row => [index, i],
            LineKind::Col => [i, index],
        })
        .collect()
}

/// A colour line as the player writes it: a colour's `char` for a cell of one colour, `x`
/// for the background, `.` for a cell with several values left.
fn line_text(palette: &Palette, line: &[ColorSet]) -> String {
    line.iter()
        .map(|&s| match s {
            BACKGROUND => 'x',
            s if s.count_ones() == 1 => palette.char_of(s.trailing_zeros() as u8),
            _ => '.',
        })
        .collect()
}

/// The player's board, one row of cells per string (each read by `parse`), each as wide
/// as the clues say.
fn read_grid<T>(
    puzzle: &Puzzle,
    rows: &[String],
    parse: impl Fn(&str) -> Result<Vec<T>, LineError>,
) -> Result<Vec<Vec<T>>, InputError> {
    let (h, w) = (puzzle.height(), puzzle.width());
    if rows.len() != h {
        return Err(InputError::new(
            "/grid",
            format!(
                "the grid has {} but the clues describe {h}",
                puzzles_common::count(rows.len(), "row")
            ),
        ));
    }
    let mut grid: Vec<Vec<T>> = Vec::with_capacity(h);
    for (r, text) in rows.iter().enumerate() {
        let cells =
            parse(text).map_err(|e| InputError::new(format!("/grid/{r}"), e.to_string()))?;
        if cells.len() != w {
            return Err(InputError::new(
                format!("/grid/{r}"),
                format!(
                    "row {r} has {} but the clues describe {}",
                    puzzles_common::count(cells.len(), "cell"),
                    puzzles_common::count(w, "column")
                ),
            ));
        }
        grid.push(cells);
    }
    Ok(grid)
}

impl HintVerdict {
    /// A verdict with no cell and no line (`solved`, `stuck`; `contradiction` adds its line).
    fn without_line(status: HintStatus) -> HintVerdict {
        HintVerdict {
            status,
            cell: None,
            value: None,
            line: None,
            forced: Vec::new(),
        }
    }

    /// The hint of `line`, whose first forced cell is the one shown.
    fn hint(line: HintLine, forced: Vec<[usize; 2]>) -> HintVerdict {
        let [r, c] = forced[0];
        let i = if line.kind == LineKind::Row { c } else { r };
        let value = line.after.chars().nth(i).map(String::from);
        HintVerdict {
            status: HintStatus::Hint,
            cell: Some([r, c]),
            value,
            line: Some(line),
            forced,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(rows: Vec<Vec<u32>>, cols: Vec<Vec<u32>>, grid: &[&str]) -> HintInput {
        HintInput {
            rows: crate::palette::plain_lists(&rows),
            cols: crate::palette::plain_lists(&cols),
            grid: grid.iter().map(|s| s.to_string()).collect(),
            palette: None,
        }
    }

    #[test]
    fn full_row_is_the_most_evident_hint() {
        // Row 1 is [3] in 3 cells: all three forced; column 1 is [3] too, but rows win ties.
        let v = hint(input(
            vec![vec![1], vec![3], vec![1]],
            vec![vec![1], vec![3], vec![1]],
            &["...", "...", "..."],
        ))
        .unwrap();
        assert_eq!(v.status, HintStatus::Hint);
        assert_eq!(v.cell, Some([1, 0]));
        assert_eq!(v.value.as_deref(), Some("#"));
        let line = v.line.unwrap();
        assert_eq!((line.kind, line.index), (LineKind::Row, 1));
        assert_eq!(line.after, "###");
        assert_eq!(v.forced, vec![[1, 0], [1, 1], [1, 2]]);
    }

    #[test]
    fn crosses_are_hinted_too() {
        // Row 0 [1] already has its filled cell: the rest must be crossed out.
        let v = hint(input(
            vec![vec![1], vec![3], vec![1]],
            vec![vec![1], vec![3], vec![1]],
            &[".#.", "###", ".#."],
        ))
        .unwrap();
        assert_eq!(v.status, HintStatus::Solved);
        let v = hint(input(
            vec![vec![1], vec![3], vec![1]],
            vec![vec![1], vec![3], vec![1]],
            &[".#.", "###", "..."],
        ))
        .unwrap();
        assert_eq!(v.status, HintStatus::Hint);
        // Rows 0 (".#." -> "x#x") and 2 ("..." -> "x#x") both force; row 0 comes first.
        assert_eq!(v.cell, Some([0, 0]));
        assert_eq!(v.value.as_deref(), Some("x"));
    }

    #[test]
    fn contradiction_names_the_line() {
        let v = hint(input(
            vec![vec![1], vec![3], vec![1]],
            vec![vec![1], vec![3], vec![1]],
            &["...", "#x#", "..."],
        ))
        .unwrap();
        assert_eq!(v.status, HintStatus::Contradiction);
        let line = v.line.unwrap();
        assert_eq!((line.kind, line.index), (LineKind::Row, 1));
    }

    #[test]
    fn stuck_when_no_single_line_decides() {
        // The 2x2 diagonal: every line [1] in 2 cells, nothing forced.
        let v = hint(input(
            vec![vec![1], vec![1]],
            vec![vec![1], vec![1]],
            &["..", ".."],
        ))
        .unwrap();
        assert_eq!(v.status, HintStatus::Stuck);
    }

    #[test]
    fn bad_grid_is_an_input_error() {
        let e = hint(input(vec![vec![1]], vec![vec![1]], &["o"])).unwrap_err();
        assert_eq!(e.path, "/grid/0");
        let e = hint(input(vec![vec![1]], vec![vec![1]], &[".", "."])).unwrap_err();
        assert_eq!(e.path, "/grid");
        let e = hint(input(vec![vec![1]], vec![vec![1]], &[".."])).unwrap_err();
        assert_eq!(e.path, "/grid/0");
    }
}
