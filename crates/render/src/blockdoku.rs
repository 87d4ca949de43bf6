//! Blockdoku pictures: the board with its box lines, a piece placed on it (blue when the move
//! is legal, red where it is not, the cells it overlaps crossed), and the cells the move
//! clears framed in yellow (a frame, not a wash: a wash over grey reads olive and hides the
//! piece).

use blockdoku_core::geometry::{DEFAULT_SIZE, Geometry};
use blockdoku_core::{
    ClearInput, Cleared, InputError, PlaceInput, Scoring, clear_outcome, place_outcome,
};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::doc::{ALERT, Doc, GRID, INK, MARGIN, caption_height, wrap};

/// Input of `blockdoku render`: `blockdoku place`'s input, where the move (`piece` and `at`)
/// may be left out to draw a board and the units full on it (as `blockdoku clear` sees it).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BlockdokuInput {
    /// The board: `size` strings of `size` cells, `#` occupied, `.` empty.
    pub board: Vec<String>,
    /// The piece as text rows, e.g. `["##", "#."]` (with `at`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub piece: Option<Vec<String>>,
    /// `[row, col]` of the board cell under the top-left corner of the piece's bounding box.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<[i64; 2]>,
    /// How the move is scored, for the caption: `classic` (default) or `combo`.
    #[serde(default)]
    pub scoring: Scoring,
    /// The move before this one cleared something (the `combo` streak bonus); default false.
    #[serde(default)]
    pub streak: bool,
    /// Side of the board (1..=11), default 9.
    #[serde(default = "default_size")]
    pub size: usize,
    /// Side of a clearing box, 0 for none; default 3 on a 9x9 board, 0 otherwise.
    #[serde(default, rename = "box", skip_serializing_if = "Option::is_none")]
    pub box_size: Option<usize>,
}

fn default_size() -> usize {
    DEFAULT_SIZE
}

const CELL: f64 = 36.0;
const EMPTY: &str = "#f8fafc";
const OCCUPIED: &str = "#475569";
const PLACED: &str = "#2563eb";
/// The frame of cleared cells: yellow, with a dark amber edge so it shows on light cells.
const CLEARED: &str = "#facc15";
const CLEARED_EDGE: &str = "#a16207";
/// The cross on a piece cell that lands on an occupied cell.
const OVERLAP: &str = "#ffffff";

/// Draws a blockdoku board, and a move on it when the input has one, as one SVG document.
pub fn blockdoku(input: BlockdokuInput) -> Result<String, InputError> {
    // The engine checks the input and works out the move; the picture and its caption show
    // the engine's own board, placement and clear.
    match (&input.piece, input.at) {
        (None, None) => draw_clear(&input),
        (Some(piece), Some(at)) => draw_place(&input, piece, at),
        (Some(_), None) => Err(InputError::new("", "`piece` needs `at` beside it")),
        (None, Some(_)) => Err(InputError::new("", "`at` needs `piece` beside it")),
    }
}

/// A board alone: its full units framed.
fn draw_clear(input: &BlockdokuInput) -> Result<String, InputError> {
    let out = clear_outcome(&ClearInput {
        board: input.board.clone(),
        size: input.size,
        box_size: input.box_size,
    })?;
    let cleared = Cleared::from(out.units);
    let caption = if cleared.cells == 0 {
        "no full row, column or box".to_string()
    } else {
        format!(
            "full, cleared at once (framed yellow): {}; {} cells",
            units(&cleared),
            cleared.cells
        )
    };
    let cells = paint(&out.geometry, out.board, out.units.cells);
    Ok(draw(&out.geometry, &cells, &[caption]))
}

/// A board with `piece` placed at `at`: blue and the units it clears framed when legal, red
/// when not.
fn draw_place(
    input: &BlockdokuInput,
    piece: &[String],
    at: [i64; 2],
) -> Result<String, InputError> {
    let n = input.size;
    let out = place_outcome(&PlaceInput {
        board: input.board.clone(),
        piece: piece.to_vec(),
        at,
        scoring: input.scoring,
        streak: input.streak,
        size: n,
        box_size: input.box_size,
    })?;
    let (caption, fill, clears) = match &out.result {
        Err(reason) => (
            format!(
                "piece at [{}, {}]: illegal ({}), drawn red{}",
                at[0],
                at[1],
                reason.name(),
                match outside(&out.piece, at, n) {
                    0 => String::new(),
                    k => format!(", {k} of its cells off the board"),
                }
            ),
            ALERT,
            0,
        ),
        Ok(moved) => {
            let cleared = Cleared::from(moved.units);
            let caption = if cleared.cells == 0 {
                format!(
                    "piece at [{}, {}] (blue): legal, {} points, clears nothing",
                    at[0], at[1], moved.points
                )
            } else {
                format!(
                    "piece at [{}, {}] (blue): legal, {} points, clears {} (framed yellow), {} cells",
                    at[0],
                    at[1],
                    moved.points,
                    units(&cleared),
                    cleared.cells
                )
            };
            (caption, PLACED, moved.units.cells)
        }
    };
    let mut cells = paint(&out.geometry, out.board, clears);
    // The piece's cells that lie on the board; an illegal move may stick out of it.
    let inside = |v: i64| usize::try_from(v).ok().filter(|&v| v < n);
    for &(r, c) in out.piece.cells() {
        if let (Some(r), Some(c)) = (inside(at[0] + r as i64), inside(at[1] + c as i64)) {
            let cell = &mut cells[r * n + c];
            cell.overlap = cell.fill == OCCUPIED;
            cell.fill = fill;
        }
    }
    Ok(draw(&out.geometry, &cells, &[caption]))
}

/// How many cells of `piece` at `at` lie off an `n` x `n` board.
fn outside(piece: &blockdoku_core::piece::Piece, at: [i64; 2], n: usize) -> usize {
    let on = |v: i64| usize::try_from(v).is_ok_and(|v| v < n);
    piece
        .cells()
        .iter()
        .filter(|&&(r, c)| !(on(at[0] + r as i64) && on(at[1] + c as i64)))
        .count()
}

/// The board before the move, with the cells of `cleared` marked.
fn paint(geo: &Geometry, board: u128, cleared: u128) -> Vec<Paint> {
    let n = geo.size();
    (0..n * n)
        .map(|k| {
            let bit = geo.bit(k / n, k % n);
            Paint {
                fill: if board & bit != 0 { OCCUPIED } else { EMPTY },
                cleared: cleared & bit != 0,
                overlap: false,
            }
        })
        .collect()
}

/// How one cell looks.
#[derive(Debug, Clone, Copy)]
struct Paint {
    fill: &'static str,
    cleared: bool,
    /// A piece cell on an occupied cell (an illegal move).
    overlap: bool,
}

/// `rows 1, 8; column 4; box 0`.
fn units(cleared: &Cleared) -> String {
    let mut parts = Vec::new();
    for (one, many, list) in [
        ("row", "rows", &cleared.rows),
        ("column", "columns", &cleared.cols),
        ("box", "boxes", &cleared.boxes),
    ] {
        if !list.is_empty() {
            let numbers: Vec<String> = list.iter().map(usize::to_string).collect();
            let word = if list.len() == 1 { one } else { many };
            parts.push(format!("{word} {}", numbers.join(", ")));
        }
    }
    parts.join("; ")
}

fn draw(geo: &Geometry, cells: &[Paint], caption: &[String]) -> String {
    let n = geo.size();
    let side = n as f64 * CELL;
    // The caption wraps to the board's width: a long line must not widen the page.
    let width = side + 2.0 * MARGIN;
    let caption = wrap(caption, width);
    let caption = &caption[..];
    let height = side + 2.0 * MARGIN + caption_height(caption.len());
    let mut doc = Doc::new(width, height, "blockdoku board");
    let (x0, y0) = (MARGIN, MARGIN);
    doc.open("g", &[("class", "cells")]);
    for (k, paint) in cells.iter().enumerate() {
        let (x, y) = (x0 + (k % n) as f64 * CELL, y0 + (k / n) as f64 * CELL);
        doc.rect(x, y, CELL, CELL, &[("fill", paint.fill)]);
    }
    doc.close();
    // Marks go over the cells: a frame on each cleared cell, a cross on each overlap.
    if cells.iter().any(|p| p.cleared) {
        doc.open("g", &[("class", "cleared"), ("fill", "none")]);
    }
    for (k, _) in cells.iter().enumerate().filter(|(_, p)| p.cleared) {
        let (x, y) = (x0 + (k % n) as f64 * CELL, y0 + (k / n) as f64 * CELL);
        let edge = [("stroke", CLEARED_EDGE), ("stroke-width", "1.5")];
        doc.rect(x + 2.5, y + 2.5, CELL - 5.0, CELL - 5.0, &edge);
        let frame = [("stroke", CLEARED), ("stroke-width", "3.5")];
        doc.rect(x + 5.5, y + 5.5, CELL - 11.0, CELL - 11.0, &frame);
    }
    if cells.iter().any(|p| p.cleared) {
        doc.close();
    }
    let overlaps = cells.iter().any(|p| p.overlap);
    if overlaps {
        doc.open(
            "g",
            &[
                ("class", "overlap"),
                ("stroke", OVERLAP),
                ("stroke-width", "3"),
            ],
        );
    }
    for (k, _) in cells.iter().enumerate().filter(|(_, p)| p.overlap) {
        let (x, y) = (x0 + (k % n) as f64 * CELL, y0 + (k / n) as f64 * CELL);
        let (a, b) = (9.0, CELL - 9.0);
        doc.line((x + a, y + a), (x + b, y + b), &[]);
        doc.line((x + b, y + a), (x + a, y + b), &[]);
    }
    if overlaps {
        doc.close();
    }
    doc.open("g", &[("class", "lines"), ("stroke", GRID)]);
    let b = geo.box_size();
    for k in 0..=n {
        let at = k as f64 * CELL;
        let bold = k == 0 || k == n || (b > 0 && k % b == 0);
        let attrs: [(&str, &str); 2] = if bold {
            [("stroke", INK), ("stroke-width", "2.5")]
        } else {
            [("stroke", GRID), ("stroke-width", "1")]
        };
        doc.line((x0 + at, y0), (x0 + at, y0 + side), &attrs);
        doc.line((x0, y0 + at), (x0 + side, y0 + at), &attrs);
    }
    doc.close();
    doc.caption(MARGIN, MARGIN + side + 22.0, caption);
    doc.finish()
}
