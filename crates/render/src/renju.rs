//! Renju pictures: the 15x15 board with its coordinates, the stones (numbered in the order of
//! a game record), and black's forbidden points marked by reason, with a legend.

use renju_core::board::SIZE;
use renju_core::{CheckInput, Color, Foul, InputError, Point, check_position};

use crate::doc::{ALERT, DARK, Doc, INK, MARGIN, caption_height, caption_width, count};
use crate::renju_mate::MateOverlay;

/// Distance between two lines of the board, and the room for coordinates around it.
const STEP: f64 = 30.0;
const EDGE: f64 = 36.0;
const WOOD: &str = "#e3b96b";
const LIGHT: &str = "#fafafa";
const LEGEND_WIDTH: f64 = 190.0;

/// How each reason is marked: colour, the label on the point, and the legend's words.
fn mark(reason: Foul) -> (&'static str, &'static str, &'static str) {
    match reason {
        Foul::DoubleThree => ("#c2410c", "3-3", "double-three"),
        Foul::DoubleFour => (ALERT, "4-4", "double-four"),
        Foul::Overline => ("#7c3aed", "6+", "overline"),
    }
}

/// Draws a `renju check` input (a record or a board) and black's forbidden points as one SVG
/// document.
pub fn renju(input: CheckInput) -> Result<String, InputError> {
    drawn(input, None)
}

/// The picture, with a mate line over the stones when given (see `renju_mate`).
pub(crate) fn drawn(input: CheckInput, mate: Option<&MateOverlay>) -> Result<String, InputError> {
    // The engine's own position: the stones it placed and the forbidden points it found, the
    // same work its `check` verdict is spelled from.
    let position = check_position(&input)?;
    let forbidden = &position.forbidden;

    let mut caption = vec![match &position.winner {
        Some(w) => match w.move_index {
            Some(k) => format!("{} won with move {}", w.color.name(), k + 1),
            None => format!("{} has won", w.color.name()),
        },
        None => format!("{} to move", position.to_move.name()),
    }];
    caption.push(format!(
        "{} for black",
        count(forbidden.len(), "forbidden point")
    ));
    caption.extend(mate.iter().flat_map(|m| m.caption.iter().cloned()));
    let board_side = 2.0 * EDGE + (SIZE - 1) as f64 * STEP;
    let width = (2.0 * MARGIN + board_side + LEGEND_WIDTH).max(caption_width(&caption));
    let height = 2.0 * MARGIN + board_side + caption_height(caption.len());
    let mut doc = Doc::new(width, height, "renju board");
    let (x0, y0) = (MARGIN + EDGE, MARGIN + EDGE);
    // Point (x, y) of the contract (x from the left, y from the bottom) on the page.
    let at = |p: Point| {
        (
            x0 + f64::from(p.x) * STEP,
            y0 + (SIZE - 1 - usize::from(p.y)) as f64 * STEP,
        )
    };
    board(&mut doc, (MARGIN, MARGIN), board_side, at);

    let last = position.stones.iter().filter_map(|s| s.number).max();
    doc.open("g", &[("class", "stones")]);
    for stone in &position.stones {
        let (x, y) = at(stone.at);
        let (fill, ink) = match stone.color {
            Color::Black => (DARK, LIGHT),
            Color::White => (LIGHT, DARK),
        };
        doc.circle(x, y, STEP * 0.46, &[("fill", fill), ("stroke", DARK)]);
        if let Some(n) = stone.number {
            let text = n.to_string();
            let size = if text.len() > 2 { 10.0 } else { 12.0 };
            let ink = if Some(n) == last { ALERT } else { ink };
            doc.text(x, y + size * 0.35, size, &text, &[("fill", ink)]);
        }
    }
    doc.close();
    if let Some(mate) = mate {
        mate.draw(&mut doc, &at, STEP * 0.46);
    }

    doc.open("g", &[("class", "forbidden"), ("font-weight", "bold")]);
    for &(p, reason) in forbidden {
        let (x, y) = at(p);
        let (colour, label, _) = mark(reason);
        forbidden_mark(&mut doc, (x, y), colour, label);
    }
    doc.close();

    let (lx, ly) = (MARGIN + board_side + 16.0, MARGIN + EDGE);
    doc.text(
        lx,
        ly,
        13.0,
        "black's forbidden points",
        &[("fill", INK), ("text-anchor", "start")],
    );
    for (k, reason) in [Foul::DoubleThree, Foul::DoubleFour, Foul::Overline]
        .into_iter()
        .enumerate()
    {
        let (colour, label, words) = mark(reason);
        let y = ly + 24.0 + k as f64 * 28.0;
        forbidden_mark(&mut doc, (lx + 12.0, y), colour, label);
        let attrs = [("fill", INK), ("text-anchor", "start")];
        doc.text(lx + 30.0, y + 4.5, 13.0, words, &attrs);
    }
    doc.caption(MARGIN, MARGIN + board_side + 22.0, &caption);
    Ok(doc.finish())
}

/// A forbidden point: a ring in the reason's colour with its label inside.
fn forbidden_mark(doc: &mut Doc, (x, y): (f64, f64), colour: &str, label: &str) {
    let attrs = [("fill", LIGHT), ("stroke", colour), ("stroke-width", "2")];
    doc.circle(x, y, STEP * 0.36, &attrs);
    doc.text(x, y + 3.5, 9.5, label, &[("fill", colour)]);
}

/// The wooden board, its lines, star points and coordinates (`a`..`o` left to right, `1`..`15`
/// bottom to top).
fn board(doc: &mut Doc, (x, y): (f64, f64), side: f64, at: impl Fn(Point) -> (f64, f64)) {
    doc.rect(x, y, side, side, &[("fill", WOOD)]);
    let corner = |px: u8, py: u8| at(Point { x: px, y: py });
    let top = (SIZE - 1) as u8;
    doc.open("g", &[("class", "lines"), ("stroke", INK)]);
    for k in 0..SIZE as u8 {
        let w = if k == 0 || k == top { "1.6" } else { "0.8" };
        doc.line(corner(k, 0), corner(k, top), &[("stroke-width", w)]);
        doc.line(corner(0, k), corner(top, k), &[("stroke-width", w)]);
    }
    doc.close();
    for (px, py) in [(7, 7), (3, 3), (11, 3), (3, 11), (11, 11)] {
        let (cx, cy) = corner(px, py);
        doc.circle(cx, cy, 3.0, &[("fill", INK)]);
    }
    doc.open("g", &[("class", "coordinates"), ("fill", INK)]);
    for k in 0..SIZE as u8 {
        let (cx, bottom) = corner(k, 0);
        let letter = char::from(b'a' + k).to_string();
        doc.text(cx, bottom + EDGE * 0.72, 11.0, &letter, &[]);
        let (left, cy) = corner(0, k);
        doc.text(
            left - EDGE * 0.66,
            cy + 4.0,
            11.0,
            &(k + 1).to_string(),
            &[],
        );
    }
    doc.close();
}
