//! Nonogram pictures: the grid with its row and column clues, and what the engine says of it.
//!
//! - clues only: the solver's answer. A unique solution is drawn; for several, two of them
//!   side by side with the cells where they differ outlined; none or a timeout say so.
//! - clues and a `grid`: a player's board as `nonogram check` judges it. Matched clues are
//!   grey, lines that no arrangement of their clues fits (broken) are outlined in red with
//!   red clues.
//! - a `grid` alone: the picture with the clues it makes (`nonogram clues`).
//!
//! With a `palette`, cells are drawn in their colours and every clue number on a tile of its
//! colour, in black or white, whichever reads better on it (matched clues faded).

use nonogram_core::board::{CheckInput, CheckVerdict, CluesInput, check, clues};
use nonogram_core::cells::{Cell, parse_line};
use nonogram_core::colorline::{BACKGROUND, ColorSet};
use nonogram_core::feedback::Mode;
use nonogram_core::hint::{HintInput, HintStatus, LineKind, hint};
use nonogram_core::palette::{ClueItem, Palette, PaletteColor};
use nonogram_core::solver::{SolveInput, SolveStatus, solve};
use nonogram_core::{InputError, LineVerdict};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::doc::{
    ALERT, DARK, Doc, GRID, INK, MARGIN, caption_height, caption_width, count, ink_on, wrap,
};
use crate::too_large;

/// Input of `nonogram render`: `nonogram solve`'s input (also from `.non` and webpbn XML
/// files), optionally with a player's `grid` as in `nonogram check`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NonogramInput {
    /// Row clue lists, top row first (with `cols`; leave both out to draw `grid` as a
    /// picture with the clues it makes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rows: Option<Vec<Vec<ClueItem>>>,
    /// Column clue lists, left column first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cols: Option<Vec<Vec<ClueItem>>>,
    /// A board to draw instead of the solution, one string per row. With clues: a player's
    /// board (`#` filled, `x`/`X` crossed, `.` untouched), judged as `nonogram check` judges
    /// it, broken lines marked. Without clues: a picture (`#`/`.`) with the clues it makes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grid: Option<Vec<String>>,
    /// `classic` (default) or `strict` feedback for a player's `grid`.
    #[serde(default)]
    pub mode: Mode,
    /// The solver's time limit in milliseconds (default 60000; `null` for no limit), as in
    /// `nonogram solve`.
    #[serde(
        default,
        deserialize_with = "puzzles_common::limits::timeout_ms",
        skip_serializing_if = "Option::is_none"
    )]
    pub timeout_ms: Option<u64>,
    /// The picture the clues were drawn from, as in `nonogram solve` (it only speeds the
    /// search).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goal: Option<Vec<String>>,
    /// The colours of a colour puzzle, as in `nonogram solve`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub palette: Option<Vec<PaletteColor>>,
}

/// Side of a cell, and the room one clue number takes.
const CELL: f64 = 20.0;
const CLUE: f64 = 14.0;
const CLUE_SIZE: f64 = 11.0;
/// Space between two pictures side by side.
const GAP: f64 = 32.0;
/// Clue colours: still to do, matched (done), on a broken line. Done is grey yet readable
/// (4.8:1 on white; the lighter grey of old was 2.5:1).
const CLUE_DONE: &str = "#6b7280";

/// Draws a nonogram input as one SVG document.
pub fn nonogram(input: NonogramInput) -> Result<String, InputError> {
    let NonogramInput {
        rows,
        cols,
        grid,
        mode,
        timeout_ms,
        goal,
        palette,
    } = input;
    let (height, width) = match (&rows, &cols, &grid) {
        (Some(rows), Some(cols), _) => (rows.len(), cols.len()),
        (_, _, Some(grid)) => (grid.len(), grid.first().map_or(0, |r| r.chars().count())),
        _ => (0, 0),
    };
    if let Some(message) = too_large("the puzzle", height * width) {
        return Err(InputError::new("", message));
    }
    match (rows, cols, grid) {
        (Some(rows), Some(cols), None) => {
            let input = SolveInput {
                rows,
                cols,
                palette,
                timeout_ms,
                goal,
            };
            solved(input)
        }
        (Some(rows), Some(cols), Some(grid)) => {
            let input = CheckInput {
                rows,
                cols,
                grid,
                mode,
                palette,
            };
            let verdict = check(input.clone())?;
            Ok(checked(&input, &verdict)?)
        }
        (None, None, Some(grid)) => {
            let verdict = clues(CluesInput {
                grid: grid.clone(),
                palette: palette.clone(),
            })?;
            let clues = Clues::new(&verdict.rows, &verdict.cols, verdict.palette.as_deref())?;
            let board = Board::new(&clues, clues.cells(&grid));
            let caption = ["the picture and the clues it makes".to_string()];
            Ok(draw(&[board], &caption, "nonogram picture"))
        }
        (Some(_), None, _) => Err(InputError::new("", "`rows` needs `cols` beside it")),
        (None, Some(_), _) => Err(InputError::new("", "`cols` needs `rows` beside it")),
        (None, None, None) => Err(InputError::new(
            "",
            "give the clues (`rows` and `cols`), a `grid`, or both",
        )),
    }
}

/// The solver's answer to the clues.
fn solved(input: SolveInput) -> Result<String, InputError> {
    let clues = Clues::new(&input.rows, &input.cols, input.palette.as_deref())?;
    let verdict = solve(input.clone())?;
    let (height, width) = (input.rows.len(), input.cols.len());
    let empty = || vec![".".repeat(width); height];
    let (pictures, caption) = match verdict.status {
        SolveStatus::Unique => (
            vec![verdict.solution.unwrap_or_else(empty)],
            "unique solution".to_string(),
        ),
        SolveStatus::Multiple => {
            let differ = verdict
                .solutions
                .first()
                .zip(verdict.solutions.get(1))
                .map_or(0, |(a, b)| differences(a, b).iter().filter(|&&d| d).count());
            (
                verdict.solutions.clone(),
                format!(
                    "several solutions: two of them, the {differ} cells where they differ outlined"
                ),
            )
        }
        SolveStatus::None => return Ok(impossible(&input, &clues)),
        SolveStatus::Timeout => (
            vec![verdict.solutions.first().cloned().unwrap_or_else(empty)],
            format!(
                "the solver ran out of time after {} ms; drawn: {}",
                verdict.stats.elapsed_ms,
                if verdict.solutions.is_empty() {
                    "nothing found yet"
                } else {
                    "the one solution found"
                }
            ),
        ),
    };
    let differ = match pictures.as_slice() {
        [a, b] => differences(a, b),
        _ => Vec::new(),
    };
    let boards: Vec<Board<'_>> = pictures
        .iter()
        .map(|p| Board {
            outlined: differ.clone(),
            ..Board::new(&clues, clues.cells(p))
        })
        .collect();
    Ok(draw(&boards, &[caption], "nonogram solution"))
}

/// The picture of clues that no picture fits: what line logic deduces from them, step by step
/// as `nonogram hint` gives it, up to the row or column that then fits no arrangement of its
/// clues (outlined red). When line logic stalls first, no single line shows the
/// contradiction (the solver needed search), and the caption says so.
fn impossible(input: &SolveInput, clues: &Clues) -> String {
    let (rows, cols) = (&input.rows, &input.cols);
    let mut grid = vec![".".repeat(cols.len()); rows.len()];
    let no_fault = |clues: &[Vec<ClueItem>]| -> Vec<LineVerdict> {
        clues
            .iter()
            .map(|c| LineVerdict {
                matched: vec![false; c.len().max(1)],
                solved: false,
                contradiction: false,
            })
            .collect()
    };
    let (mut row_faults, mut col_faults) = (no_fault(rows), no_fault(cols));
    // Each step fills at least one cell, so the loop ends.
    let caption = loop {
        let step = hint(HintInput {
            rows: rows.to_vec(),
            cols: cols.to_vec(),
            grid: grid.clone(),
            palette: input.palette.clone(),
        });
        let Ok(step) = step else {
            break "no picture fits these clues".to_string();
        };
        match (step.status, step.line) {
            (HintStatus::Hint, Some(line)) => {
                for (i, cell) in line.after.chars().enumerate() {
                    let (r, c) = match line.kind {
                        LineKind::Row => (line.index, i),
                        LineKind::Col => (i, line.index),
                    };
                    let start = grid[r].char_indices().nth(c).map_or(0, |(i, _)| i);
                    let end = start + grid[r][start..].chars().next().map_or(0, char::len_utf8);
                    grid[r].replace_range(start..end, &cell.to_string());
                }
            }
            (HintStatus::Contradiction, Some(line)) => {
                let (faults, word) = match line.kind {
                    LineKind::Row => (&mut row_faults, "row"),
                    LineKind::Col => (&mut col_faults, "column"),
                };
                faults[line.index].contradiction = true;
                break format!(
                    "no picture fits these clues: what line logic fills in, then {word} {} fits no arrangement of its clues (outlined red)",
                    line.index
                );
            }
            _ => {
                break "no picture fits these clues; line logic stalls before any one line fails (the solver needed search), drawn: what it fills in".to_string();
            }
        }
    };
    let board = Board {
        row_feedback: Some(&row_faults),
        col_feedback: Some(&col_faults),
        ..Board::new(clues, clues.cells(&grid))
    };
    let caption = wrap(&[caption], board.size().0.max(320.0) + 2.0 * MARGIN);
    draw(&[board], &caption, "nonogram without a solution")
}

/// Cells (row-major) where two pictures differ.
fn differences(a: &[String], b: &[String]) -> Vec<bool> {
    a.iter()
        .zip(b)
        .flat_map(|(x, y)| x.chars().zip(y.chars()).map(|(p, q)| p != q))
        .collect()
}

/// A player's board with `check`'s feedback.
fn checked(input: &CheckInput, verdict: &CheckVerdict) -> Result<String, InputError> {
    let clues = Clues::new(&input.rows, &input.cols, input.palette.as_deref())?;
    let board = Board {
        row_feedback: Some(&verdict.rows),
        col_feedback: Some(&verdict.cols),
        ..Board::new(&clues, clues.cells(&input.grid))
    };
    let broken = verdict
        .rows
        .iter()
        .chain(&verdict.cols)
        .filter(|v| v.contradiction)
        .count();
    // Matched clues are grey in black and white, faded tiles in colour.
    let shade = if clues.colored { "faded" } else { "grey" };
    let caption = if verdict.solved {
        "solved: every row and column reads as its clues".to_string()
    } else if broken > 0 {
        format!(
            "{} (outlined red: no arrangement of the clues fits); {shade} clues are matched",
            count(broken, "broken line")
        )
    } else {
        format!("not solved yet; {shade} clues are matched")
    };
    Ok(draw(&[board], &[caption], "nonogram board"))
}

/// A cell as drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Paint {
    Untouched,
    Crossed,
    /// Filled with colour `1..` of the palette.
    Color(u8),
}

/// The clues to draw: each block's length and colour, and the palette (black and white
/// without one).
struct Clues {
    rows: Vec<Vec<(u32, u8)>>,
    cols: Vec<Vec<(u32, u8)>>,
    palette: Palette,
    /// Whether the input had a palette (else cells are drawn as before colours).
    colored: bool,
}

impl Clues {
    fn new(
        rows: &[Vec<ClueItem>],
        cols: &[Vec<ClueItem>],
        palette: Option<&[PaletteColor]>,
    ) -> Result<Clues, InputError> {
        let lists = rows.iter().chain(cols).map(Vec::as_slice);
        let checked = Palette::for_clues(lists, palette)?;
        let resolve = |name: &str, lines: &[Vec<ClueItem>]| {
            lines
                .iter()
                .enumerate()
                .map(|(i, items)| {
                    let (lens, colors) = checked.resolve(items, &format!("/{name}/{i}"))?;
                    Ok(lens.into_iter().zip(colors).collect())
                })
                .collect::<Result<Vec<Vec<(u32, u8)>>, InputError>>()
        };
        Ok(Clues {
            rows: resolve("rows", rows)?,
            cols: resolve("cols", cols)?,
            colored: palette.is_some(),
            palette: checked,
        })
    }

    /// Cells of a validated grid or picture, row by row.
    fn cells(&self, grid: &[String]) -> Vec<Vec<Paint>> {
        if !self.colored {
            let paint = |cell: Cell| match cell {
                Cell::Filled => Paint::Color(1),
                Cell::Empty => Paint::Crossed,
                Cell::Unknown => Paint::Untouched,
            };
            return grid
                .iter()
                .map(|row| {
                    parse_line(row)
                        .unwrap_or_default()
                        .into_iter()
                        .map(paint)
                        .collect()
                })
                .collect();
        }
        let paint = |set: ColorSet| match set {
            BACKGROUND => Paint::Crossed,
            s if s.count_ones() == 1 => Paint::Color(s.trailing_zeros() as u8),
            _ => Paint::Untouched,
        };
        grid.iter()
            .map(|row| {
                let line = self.palette.parse_line(row).unwrap_or_default();
                line.into_iter().map(paint).collect()
            })
            .collect()
    }

    /// The fill of colour `c`: the palette's value (black and white: the dark ink).
    fn fill(&self, c: u8) -> String {
        if self.colored {
            self.palette.color(c).hex()
        } else {
            DARK.to_string()
        }
    }
}

/// One picture to draw with its clues.
struct Board<'a> {
    clues: &'a Clues,
    cells: Vec<Vec<Paint>>,
    /// Cells (row-major) to outline: where two solutions differ.
    outlined: Vec<bool>,
    row_feedback: Option<&'a [LineVerdict]>,
    col_feedback: Option<&'a [LineVerdict]>,
}

impl<'a> Board<'a> {
    fn new(clues: &'a Clues, cells: Vec<Vec<Paint>>) -> Self {
        Board {
            clues,
            cells,
            outlined: Vec::new(),
            row_feedback: None,
            col_feedback: None,
        }
    }

    /// Room for the row clues (left) and the column clues (top).
    fn clue_room(&self) -> (f64, f64) {
        let most = |lists: &[Vec<(u32, u8)>]| lists.iter().map(Vec::len).max().unwrap_or(0).max(1);
        (
            most(&self.clues.rows) as f64 * CLUE + 6.0,
            most(&self.clues.cols) as f64 * CLUE + 6.0,
        )
    }

    fn size(&self) -> (f64, f64) {
        let (left, top) = self.clue_room();
        (
            left + self.clues.cols.len() as f64 * CELL,
            top + self.clues.rows.len() as f64 * CELL,
        )
    }

    fn draw(&self, doc: &mut Doc, x0: f64, y0: f64) {
        let (left, top) = self.clue_room();
        let (gx, gy) = (x0 + left, y0 + top);
        self.draw_cells(doc, gx, gy);
        self.draw_grid_lines(doc, gx, gy);
        self.draw_clues(doc, (x0, y0), (gx, gy));
    }

    /// The cells whose grid starts at `(gx, gy)`: filled dark (or in their colour),
    /// crossed-out as an X, the outlined ones framed red.
    fn draw_cells(&self, doc: &mut Doc, gx: f64, gy: f64) {
        let width = self.clues.cols.len();
        doc.open("g", &[("class", "cells")]);
        for (r, row) in self.cells.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                let (x, y) = (gx + c as f64 * CELL, gy + r as f64 * CELL);
                match *cell {
                    Paint::Color(c) => doc.rect(x, y, CELL, CELL, &[("fill", &self.clues.fill(c))]),
                    Paint::Crossed => {
                        let attrs = [("stroke", GRID), ("stroke-width", "1.5")];
                        let (a, b) = (5.0, CELL - 5.0);
                        doc.line((x + a, y + a), (x + b, y + b), &attrs);
                        doc.line((x + b, y + a), (x + a, y + b), &attrs);
                    }
                    Paint::Untouched => {}
                }
                if self.outlined.get(r * width + c) == Some(&true) {
                    let attrs = [("fill", "none"), ("stroke", ALERT), ("stroke-width", "2.5")];
                    doc.rect(x + 2.0, y + 2.0, CELL - 4.0, CELL - 4.0, &attrs);
                }
            }
        }
        doc.close();
    }

    /// The grid's lines, every fifth bold, as on paper.
    fn draw_grid_lines(&self, doc: &mut Doc, gx: f64, gy: f64) {
        let (width, height) = (self.clues.cols.len(), self.clues.rows.len());
        let (gw, gh) = (width as f64 * CELL, height as f64 * CELL);
        let weight = |k: usize, last: usize| {
            if k.is_multiple_of(5) || k == last {
                "1.5"
            } else {
                "0.6"
            }
        };
        doc.open("g", &[("class", "grid"), ("stroke", GRID)]);
        for c in 0..=width {
            let x = gx + c as f64 * CELL;
            doc.line((x, gy), (x, gy + gh), &[("stroke-width", weight(c, width))]);
        }
        for r in 0..=height {
            let y = gy + r as f64 * CELL;
            doc.line(
                (gx, y),
                (gx + gw, y),
                &[("stroke-width", weight(r, height))],
            );
        }
        doc.close();
    }

    /// The clues left of the rows and above the columns of the grid at `(gx, gy)` (the
    /// picture starting at `(x0, y0)`), coloured by the player's feedback; a line that
    /// cannot be solved framed red.
    fn draw_clues(&self, doc: &mut Doc, (x0, y0): (f64, f64), (gx, gy): (f64, f64)) {
        let (left, top) = self.clue_room();
        let clues = self.clues;
        let (gw, gh) = (
            clues.cols.len() as f64 * CELL,
            clues.rows.len() as f64 * CELL,
        );
        doc.open("g", &[("class", "clues"), ("font-size", "11")]);
        for (r, line) in clues.rows.iter().enumerate() {
            let feedback = self.row_feedback.and_then(|f| f.get(r));
            let y = gy + r as f64 * CELL;
            if feedback.is_some_and(|f| f.contradiction) {
                let attrs = [("fill", "none"), ("stroke", ALERT), ("stroke-width", "2")];
                doc.rect(x0 + 1.0, y + 1.0, left + gw - 2.0, CELL - 2.0, &attrs);
            }
            let numbers = clue_texts(line);
            let first = gx - 4.0 - numbers.len() as f64 * CLUE;
            for (k, (text, c)) in numbers.iter().enumerate() {
                let x = first + (k as f64 + 0.5) * CLUE;
                self.draw_number(doc, (x, y + CELL / 2.0 + 4.0), text, *c, feedback, k);
            }
        }
        for (c, line) in clues.cols.iter().enumerate() {
            let feedback = self.col_feedback.and_then(|f| f.get(c));
            let x = gx + c as f64 * CELL;
            if feedback.is_some_and(|f| f.contradiction) {
                let attrs = [("fill", "none"), ("stroke", ALERT), ("stroke-width", "2")];
                doc.rect(x + 1.0, y0 + 1.0, CELL - 2.0, top + gh - 2.0, &attrs);
            }
            let numbers = clue_texts(line);
            let first = gy - 4.0 - numbers.len() as f64 * CLUE;
            for (k, (text, color)) in numbers.iter().enumerate() {
                let y = first + (k as f64 + 0.5) * CLUE + 4.0;
                self.draw_number(doc, (x + CELL / 2.0, y), text, *color, feedback, k);
            }
        }
        doc.close();
    }

    /// One clue number with its baseline centre at `(x, y)`: in black and white coloured
    /// by the feedback; in colour on a tile of its colour (faded when matched), in black
    /// or white, whichever reads better on the tile.
    fn draw_number(
        &self,
        doc: &mut Doc,
        (x, y): (f64, f64),
        text: &str,
        color: u8,
        feedback: Option<&LineVerdict>,
        k: usize,
    ) {
        if !self.clues.colored || color == 0 {
            let fill = clue_colour(feedback, k);
            doc.text(x, y, CLUE_SIZE, text, &[("fill", fill)]);
            return;
        }
        let tile = self.clues.fill(color);
        let faded = feedback.is_some_and(|f| f.matched.get(k) == Some(&true));
        let opacity = if faded { "0.35" } else { "1" };
        let side = CLUE - 2.0;
        let attrs = [
            ("fill", tile.as_str()),
            ("fill-opacity", opacity),
            ("stroke", GRID),
            ("stroke-width", "0.5"),
        ];
        doc.rect(x - side / 2.0, y - CLUE_SIZE + 1.0, side, side, &attrs);
        let ink = if faded { INK } else { ink_on(&tile) };
        doc.text(x, y, CLUE_SIZE, text, &[("fill", ink)]);
    }
}

/// A clue list as the numbers to print with their colours: `0` (no colour) for an empty
/// line.
fn clue_texts(clues: &[(u32, u8)]) -> Vec<(String, u8)> {
    if clues.is_empty() {
        vec![("0".to_string(), 0)]
    } else {
        clues.iter().map(|&(n, c)| (n.to_string(), c)).collect()
    }
}

fn clue_colour(feedback: Option<&LineVerdict>, k: usize) -> &'static str {
    match feedback {
        Some(f) if f.contradiction => ALERT,
        Some(f) if f.matched.get(k) == Some(&true) => CLUE_DONE,
        _ => INK,
    }
}

/// The pictures side by side, the caption below.
fn draw(boards: &[Board<'_>], caption: &[String], title: &str) -> String {
    let sizes: Vec<(f64, f64)> = boards.iter().map(Board::size).collect();
    let width = sizes.iter().map(|s| s.0).sum::<f64>() + GAP * (boards.len() as f64 - 1.0);
    let height = sizes.iter().map(|s| s.1).fold(0.0, f64::max);
    let total_width = (width + 2.0 * MARGIN).max(caption_width(caption));
    let total_height = height + 2.0 * MARGIN + caption_height(caption.len());
    let mut doc = Doc::new(total_width, total_height, title);
    let mut x = MARGIN;
    for (board, (w, _)) in boards.iter().zip(&sizes) {
        board.draw(&mut doc, x, MARGIN);
        x += w + GAP;
    }
    doc.caption(MARGIN, MARGIN + height + 22.0, caption);
    doc.finish()
}
