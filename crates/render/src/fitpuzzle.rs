//! Fitpuzzle pictures: the board beside the table. Each placement has its own colour, on the
//! hole it fills and on the piece that fills it, with the piece's number on both; holes left
//! empty are hatched and unused pieces grey.

use fitpuzzle_core::board::Grid;
use fitpuzzle_core::regions::Regions;
use fitpuzzle_core::{InputError, SolveInput, SolveVerdict, Solved, solve_with_regions};

use crate::doc::{Doc, GRID, INK, MARGIN, caption_height, caption_width, count, ink_on, palette};
use crate::too_large;

/// The board's own cells (not holes), an empty table cell, and an unused piece.
const WALL: &str = "#6b7280";
const TABLE: &str = "#f3f4f6";
const UNUSED: &str = "#d1d5db";
const HATCH: &str = "url(#hatch)";
/// Space between the board and the table, and room for their names above them.
const GAP: f64 = 32.0;
const HEADING: f64 = 20.0;

/// Draws a `fitpuzzle solve` input and its solution as one SVG document.
pub fn fitpuzzle(input: SolveInput) -> Result<String, InputError> {
    let board = Grid::from_rows("game_board", &input.game_board)?;
    let table = Grid::from_rows("table", &input.table)?;
    for (name, grid) in [("game_board", &board), ("table", &table)] {
        if let Some(message) = too_large(name, grid.width() * grid.height()) {
            let path = format!("/{name}");
            return Err(InputError { path, message });
        }
    }
    // The holes and pieces are the solver's own, numbered as its verdict numbers them.
    let Solved {
        verdict,
        holes,
        pieces,
    } = solve_with_regions(input)?;
    // What fills each hole, and where each piece went.
    let mut filler = vec![None; holes.len()];
    let mut used = vec![false; pieces.len()];
    for p in &verdict.placements {
        filler[p.hole] = Some(p.piece);
        used[p.piece] = true;
    }

    let cell = (360.0 / board.width().max(board.height()).max(table.width()) as f64)
        .clamp(4.0, 28.0)
        .floor();
    let size = |g: &Grid| (g.width() as f64 * cell, g.height() as f64 * cell);
    let ((bw, bh), (tw, th)) = (size(&board), size(&table));
    let caption = caption_of(&verdict, &board);
    let height = HEADING + bh.max(th);
    let width = (2.0 * MARGIN + bw + GAP + tw).max(caption_width(&caption));
    let mut doc = Doc::new(
        width,
        height + 2.0 * MARGIN + caption_height(caption.len()),
        "fitpuzzle board and table",
    );
    hatch(&mut doc);

    let (bx, tx, y) = (MARGIN, MARGIN + bw + GAP, MARGIN + HEADING);
    doc.text(bx + bw / 2.0, y - 6.0, 13.0, "board", &[("fill", INK)]);
    doc.text(tx + tw / 2.0, y - 6.0, 13.0, "table", &[("fill", INK)]);
    let (fills, labels) = board_colours(&board, &holes, &filler);
    grid(&mut doc, (bx, y), cell, board.width(), &fills, &labels);
    let (fills, labels) = table_colours(&table, &pieces, &used);
    grid(&mut doc, (tx, y), cell, table.width(), &fills, &labels);

    doc.caption(MARGIN, MARGIN + height + 22.0, &caption);
    Ok(doc.finish())
}

/// A cell (row, column) and the piece number written on it.
type NumberedCell = ([u32; 2], usize);

/// The two caption lines: how much was filled, and how pieces could move.
fn caption_of(verdict: &SolveVerdict, board: &Grid) -> Vec<String> {
    vec![
        format!(
            "{} of {} hole cells filled; {}, {} empty (hatched), {} unused (grey)",
            verdict.filled,
            board.cells().iter().filter(|&&v| v == 0).count(),
            count(verdict.placements.len(), "placement"),
            count(verdict.empty_holes.len(), "hole"),
            count(verdict.unused_pieces.len(), "piece")
        ),
        format!(
            "pieces {}: numbered on the table and on the hole each fills",
            if verdict.placements.iter().any(|p| p.flipped) {
                "turned and mirrored"
            } else {
                "turned"
            }
        ),
    ]
}

/// The board's cell colours (walls, each hole in the colour of the piece that fills it or
/// hatched) and the number of that piece on each filled hole's first cell.
fn board_colours(
    board: &Grid,
    holes: &Regions,
    filler: &[Option<usize>],
) -> (Vec<String>, Vec<NumberedCell>) {
    let mut fills: Vec<String> = board
        .cells()
        .iter()
        .map(|&v| if v == 1 { WALL } else { "" }.to_string())
        .collect();
    let mut labels = Vec::new();
    for (h, piece) in filler.iter().enumerate() {
        let colour = piece.map_or_else(|| HATCH.to_string(), palette);
        for [r, c] in holes.coords(h) {
            fills[r as usize * board.width() + c as usize] = colour.clone();
        }
        if let Some(p) = piece {
            labels.push((holes.first_cell(h), *p));
        }
    }
    (fills, labels)
}

/// The table's cell colours (each piece in its colour, or grey when unused) and every
/// piece's number on its first cell.
fn table_colours(
    table: &Grid,
    pieces: &Regions,
    used: &[bool],
) -> (Vec<String>, Vec<NumberedCell>) {
    let mut fills = vec![TABLE.to_string(); table.cells().len()];
    let mut labels = Vec::new();
    for (p, &used) in used.iter().enumerate() {
        let colour = if used { palette(p) } else { UNUSED.to_string() };
        for [r, c] in pieces.coords(p) {
            fills[r as usize * table.width() + c as usize] = colour.clone();
        }
        labels.push((pieces.first_cell(p), p));
    }
    (fills, labels)
}

/// The pattern of empty holes: grey diagonal lines on white.
fn hatch(doc: &mut Doc) {
    doc.open("defs", &[]);
    doc.open(
        "pattern",
        &[
            ("id", "hatch"),
            ("width", "6"),
            ("height", "6"),
            ("patternUnits", "userSpaceOnUse"),
            ("patternTransform", "rotate(45)"),
        ],
    );
    doc.rect(0.0, 0.0, 6.0, 6.0, &[("fill", "#ffffff")]);
    doc.line(
        (0.0, 0.0),
        (0.0, 6.0),
        &[("stroke", GRID), ("stroke-width", "3")],
    );
    doc.close();
    doc.close();
}

/// A grid of cells at `(x, y)`, each filled with its colour (none for an empty string), thin
/// white lines between cells, and numbers on some cells.
fn grid(
    doc: &mut Doc,
    (x, y): (f64, f64),
    cell: f64,
    width: usize,
    fills: &[String],
    labels: &[NumberedCell],
) {
    let height = fills.len() / width.max(1);
    doc.rect(
        x,
        y,
        width as f64 * cell,
        height as f64 * cell,
        &[
            ("fill", "#ffffff"),
            ("stroke", INK),
            ("stroke-width", "1.5"),
        ],
    );
    doc.open("g", &[("stroke", "#ffffff"), ("stroke-width", "0.5")]);
    for (k, fill) in fills.iter().enumerate() {
        if fill.is_empty() {
            continue;
        }
        let (r, c) = (k / width, k % width);
        let (cx, cy) = (x + c as f64 * cell, y + r as f64 * cell);
        doc.rect(cx, cy, cell, cell, &[("fill", fill)]);
    }
    doc.close();
    if cell >= 12.0 {
        // Each number in black or white, whichever reads better on its cell's colour (white
        // on the light grey of an unused piece was 1.5:1).
        doc.open("g", &[("font-weight", "bold")]);
        for &([r, c], n) in labels {
            let (cx, cy) = (x + (c as f64 + 0.5) * cell, y + (r as f64 + 0.5) * cell);
            let fill = &fills[r as usize * width + c as usize];
            let ink = if fill.starts_with('#') {
                ink_on(fill)
            } else {
                INK
            };
            doc.text(
                cx,
                cy + cell * 0.18,
                cell * 0.5,
                &n.to_string(),
                &[("fill", ink)],
            );
        }
        doc.close();
    }
}
