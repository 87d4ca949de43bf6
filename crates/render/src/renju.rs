//! Renju pictures: the 15x15 board with its coordinates, the stones (numbered in the order of
//! a game record), black's forbidden points marked by reason with a legend, and how the game
//! ended: the winning row ringed, or black's forbidden move crossed out. With an `opening`,
//! black's offered fifth moves still open are dashed rings lettered a, b, c... in the order
//! offered, and the caption names the opening, who holds black, and what comes next.
//!
//! Numbering: stones are numbered from 1 as players count moves; the JSON verdicts give
//! 0-based indices into `moves` (`winner.move`, `decided_at`), so the caption names both:
//! "move 9 (`moves[8]`)".

use renju_core::board::SIZE;
use renju_core::commands::{DecisionReason, OpeningInput};
use renju_core::opening::{Item, Seat, referee_record};
use renju_core::rules::Forbidden;
use renju_core::{
    CheckInput, Color, Foul, InputError, Point, Stone, ValidateInput, check_position, validate,
};

use crate::doc::{ALERT, DARK, Doc, INK, MARGIN, caption_height, caption_width, count};

/// Distance between two lines of the board, and the room for coordinates around it.
const STEP: f64 = 30.0;
const EDGE: f64 = 36.0;
const WOOD: &str = "#e3b96b";
const LIGHT: &str = "#fafafa";
const LEGEND_WIDTH: f64 = 190.0;
/// The number of the last move: red, light on a black stone and dark on a white one, so it
/// reads on both (one red for both would be 3:1 on black).
const LAST_ON_BLACK: &str = "#fca5a5";
const LAST_ON_WHITE: &str = "#b91c1c";
/// Rings around the stones of the winning row.
const FIVE: &str = "#16a34a";

/// How each reason is marked: colour, the label on the point, and the legend's words. The
/// three colours are far apart in hue (blue, red, green), and each is dark enough for its
/// label on the light ring (at least 4.5:1).
fn mark(reason: Foul) -> (&'static str, &'static str, &'static str) {
    match reason {
        Foul::DoubleThree => ("#1d4ed8", "3-3", "double-three"),
        Foul::DoubleFour => ("#b91c1c", "4-4", "double-four"),
        Foul::Overline => ("#15803d", "6+", "overline"),
    }
}

/// How the game on the board ended, in engine terms, for the picture.
enum Ending {
    /// Nobody has won yet.
    Open,
    /// A winning row: its stones.
    Row {
        color: Color,
        stones: Vec<Point>,
        index: Option<usize>,
    },
    /// Black's move at `index` of the record was forbidden: white wins.
    Foul {
        at: Point,
        index: usize,
        reason: Foul,
    },
}

/// Draws a `renju check` input (a record or a board) and black's forbidden points as one SVG
/// document.
pub fn renju(input: CheckInput) -> Result<String, InputError> {
    drawn(input, None, None)
}

/// What the picture adds for a record's opening: the offered fifth moves still empty, with
/// their letters, and caption lines.
struct OpeningOverlay {
    open_offers: Vec<(Point, String)>,
    caption: Vec<String>,
}

/// Offers per caption line.
const OFFERS_PER_LINE: usize = 8;

impl OpeningOverlay {
    /// Referees the record of `input` under `opening` (as `validate` does) for the picture.
    fn new(input: &CheckInput, opening: &OpeningInput) -> Result<Self, InputError> {
        if input.board.is_some() {
            return Err(InputError::new(
                "/opening",
                "an opening referees a record: give `moves`, not `board`",
            ));
        }
        let moves = input.moves.as_deref().unwrap_or_default();
        let refereed = referee_record(input.rule, opening.rule, moves, &opening.actions)?;
        let seat = |s: Seat| match s {
            Seat::First => "the first player",
            Seat::Second => "the second player",
        };
        let name = refereed
            .opening
            .map_or(String::new(), |c| format!(" {} {}", c.code, c.name));
        let mut caption = vec![format!(
            "{} opening{name}; black: {}",
            refereed.rule,
            seat(refereed.black_player)
        )];
        let letter = |k: usize| match u8::try_from(k).ok().filter(|&k| k < 26) {
            Some(k) => char::from(b'a' + k).to_string(),
            None => (k + 1).to_string(),
        };
        let spelled: Vec<String> = refereed
            .offers
            .iter()
            .enumerate()
            .map(|(k, &p)| format!("{} ({})", renju_core::to_notation(p), letter(k)))
            .collect();
        for (k, chunk) in spelled.chunks(OFFERS_PER_LINE).enumerate() {
            let head = if k == 0 {
                format!("black offered {}: ", count(spelled.len(), "fifth move"))
            } else {
                String::new()
            };
            caption.push(format!("{head}{}", chunk.join(", ")));
        }
        let board = refereed.game.board();
        if let Some(k) = refereed.offers.iter().position(|&p| board.get(p).is_some()) {
            caption.push(format!("white took {}", spelled[k]));
        }
        let open_offers = refereed
            .offers
            .iter()
            .enumerate()
            .filter(|&(_, &p)| board.get(p).is_none())
            .map(|(k, &p)| (p, letter(k)))
            .collect();
        if let Some(fault) = &refereed.fault {
            let at = match fault.at {
                Item::Move(k) => format!("move {} (moves[{k}])", k + 1),
                Item::Action(k) => format!("opening.actions[{k}]"),
            };
            caption.push(format!("the record breaks at {at}: {}", fault.message));
        }
        if let Some(next) = &refereed.next {
            caption.push(format!(
                "next: {}, {}",
                seat(next.player),
                next.expected.describe()
            ));
        }
        Ok(OpeningOverlay {
            open_offers,
            caption,
        })
    }

    /// The offers still open: dashed rings with their letters, in a group of class `offers`.
    fn draw(&self, doc: &mut Doc) {
        if self.open_offers.is_empty() {
            return;
        }
        doc.open(
            "g",
            &[
                ("class", "offers"),
                ("fill", "none"),
                ("stroke", DARK),
                ("stroke-width", "2"),
                ("stroke-dasharray", "4 3"),
            ],
        );
        for (p, label) in &self.open_offers {
            let (x, y) = on_page(*p);
            doc.circle(x, y, STEP * 0.4, &[]);
            let ink = [("fill", DARK), ("stroke", "none"), ("font-weight", "bold")];
            doc.text(x, y + 4.5, 13.0, label, &ink);
        }
        doc.close();
    }
}

/// Ink of the mate line's numbers and rings: apart from the record's numbers and the
/// forbidden-point marks.
const MATE_INK: &str = "#2563eb";
/// A lighter blue for numbers on black stones, where the ring's blue is hard to read.
const MATE_INK_ON_BLACK: &str = "#93c5fd";
/// What the renju picture adds for a mate (built by `renju_mate`, drawn here, so the two
/// modules import one way): numbered stones and caption lines.
#[derive(Debug, Clone)]
pub(crate) struct MateOverlay {
    /// The line's stones in order, numbered from 1.
    stones: Vec<(Point, Color)>,
    pub caption: Vec<String>,
}

impl MateOverlay {
    /// A line of stones, numbered from 1 in this order, and the caption lines that say it.
    pub(crate) fn new(stones: Vec<(Point, Color)>, caption: Vec<String>) -> Self {
        MateOverlay { stones, caption }
    }

    /// Draws the line's stones over the board, in a group of class `mate`.
    pub(crate) fn draw(&self, doc: &mut Doc, at: &dyn Fn(Point) -> (f64, f64), radius: f64) {
        doc.open("g", &[("class", "mate")]);
        for (k, &(p, color)) in self.stones.iter().enumerate() {
            let (x, y) = at(p);
            let fill = match color {
                Color::Black => crate::doc::DARK,
                Color::White => "#fafafa",
            };
            let attrs = [("fill", fill), ("stroke", MATE_INK), ("stroke-width", "2")];
            doc.circle(x, y, radius, &attrs);
            let text = (k + 1).to_string();
            let size = if text.len() > 2 { 10.0 } else { 12.0 };
            let ink = match color {
                Color::Black => MATE_INK_ON_BLACK,
                Color::White => MATE_INK,
            };
            let ink = [("fill", ink), ("font-weight", "bold")];
            doc.text(x, y + size * 0.35, size, &text, &ink);
        }
        doc.close();
    }
}

/// The picture, with a mate line over the stones when given (see `renju_mate`), and the
/// opening's offers and state when the record comes with its opening.
pub(crate) fn drawn(
    input: CheckInput,
    mate: Option<&MateOverlay>,
    opening: Option<&OpeningInput>,
) -> Result<String, InputError> {
    let opening = opening
        .map(|o| OpeningOverlay::new(&input, o))
        .transpose()?;
    // The engine's own position: the stones it placed and the forbidden points it found, the
    // same work its `check` verdict is spelled from.
    let position = check_position(&input)?;
    let forbidden = &position.forbidden;
    let ending = ending(&input, &position.stones, position.winner.as_ref());

    let mut caption = vec![
        ending.caption(position.to_move),
        format!("{} for black", count(forbidden.len(), "forbidden point")),
    ];
    caption.extend(opening.iter().flat_map(|o| o.caption.iter().cloned()));
    caption.extend(mate.iter().flat_map(|m| m.caption.iter().cloned()));
    let reasons = legend_reasons(forbidden);
    // The legend lists the reasons that occur; no forbidden point, no legend.
    let legend = if reasons.is_empty() {
        0.0
    } else {
        LEGEND_WIDTH
    };
    let width = (2.0 * MARGIN + BOARD_SIDE + legend).max(caption_width(&caption));
    let height = 2.0 * MARGIN + BOARD_SIDE + caption_height(caption.len());
    let mut doc = Doc::new(width, height, "renju board");
    board(&mut doc, (MARGIN, MARGIN), BOARD_SIDE, on_page);
    draw_stones(&mut doc, &position.stones);
    if let Some(opening) = &opening {
        opening.draw(&mut doc);
    }
    if let Some(mate) = mate {
        mate.draw(&mut doc, &on_page, STEP * 0.46);
    }
    ending.draw(&mut doc);
    doc.open("g", &[("class", "forbidden"), ("font-weight", "bold")]);
    for f in forbidden {
        let (colour, label, _) = mark(f.reason);
        forbidden_mark(&mut doc, on_page(f.at), colour, label);
    }
    doc.close();
    draw_legend(&mut doc, &reasons);
    doc.caption(MARGIN, MARGIN + BOARD_SIDE + 22.0, &caption);
    Ok(doc.finish())
}

/// The side of the wooden board: the lines and the room for coordinates around them.
const BOARD_SIDE: f64 = 2.0 * EDGE + (SIZE - 1) as f64 * STEP;

/// Point (x, y) of the contract (x from the left, y from the bottom) on the page.
fn on_page(p: Point) -> (f64, f64) {
    (
        MARGIN + EDGE + f64::from(p.x) * STEP,
        MARGIN + EDGE + (SIZE - 1 - usize::from(p.y)) as f64 * STEP,
    )
}

/// The stones of the position, numbered in record order; the last move's number in red.
fn draw_stones(doc: &mut Doc, stones: &[Stone]) {
    let last = stones.iter().filter_map(|s| s.number).max();
    doc.open("g", &[("class", "stones")]);
    for stone in stones {
        let (x, y) = on_page(stone.at);
        let (fill, ink, last_ink) = match stone.color {
            Color::Black => (DARK, LIGHT, LAST_ON_BLACK),
            Color::White => (LIGHT, DARK, LAST_ON_WHITE),
        };
        doc.circle(x, y, STEP * 0.46, &[("fill", fill), ("stroke", DARK)]);
        if let Some(n) = stone.number {
            let text = n.to_string();
            let size = if text.len() > 2 { 10.0 } else { 12.0 };
            let ink = if Some(n) == last { last_ink } else { ink };
            doc.text(x, y + size * 0.35, size, &text, &[("fill", ink)]);
        }
    }
    doc.close();
}

/// The reasons among the forbidden points, each once, in the legend's order.
fn legend_reasons(forbidden: &[Forbidden]) -> Vec<Foul> {
    let mut reasons: Vec<Foul> = forbidden.iter().map(|f| f.reason).collect();
    reasons.sort_by_key(|r| {
        [Foul::DoubleThree, Foul::DoubleFour, Foul::Overline]
            .iter()
            .position(|x| x == r)
    });
    reasons.dedup();
    reasons
}

/// The legend right of the board: each reason's mark and words (nothing when none occurs).
fn draw_legend(doc: &mut Doc, reasons: &[Foul]) {
    if reasons.is_empty() {
        return;
    }
    let (lx, ly) = (MARGIN + BOARD_SIDE + 16.0, MARGIN + EDGE);
    doc.open("g", &[("class", "legend")]);
    doc.text(
        lx,
        ly,
        13.0,
        "black's forbidden points",
        &[("fill", INK), ("text-anchor", "start")],
    );
    for (k, &reason) in reasons.iter().enumerate() {
        let (colour, label, words) = mark(reason);
        let y = ly + 24.0 + k as f64 * 28.0;
        forbidden_mark(doc, (lx + 12.0, y), colour, label);
        let attrs = [("fill", INK), ("text-anchor", "start")];
        doc.text(lx + 30.0, y + 4.5, 13.0, words, &attrs);
    }
    doc.close();
}

impl Ending {
    /// The caption's first line: who is to move, who won and how.
    fn caption(&self, to_move: Color) -> String {
        match self {
            Ending::Open => format!("{} to move", to_move.name()),
            Ending::Row {
                color,
                index,
                stones,
            } => {
                let won = match index {
                    Some(k) => format!("{} won with move {} (moves[{k}])", color.name(), k + 1),
                    None => format!("{} has won", color.name()),
                };
                if stones.is_empty() {
                    won
                } else {
                    format!("{won}: {} in a row, ringed green", stones.len())
                }
            }
            Ending::Foul { at, index, reason } => format!(
                "white won: black's move {} (moves[{index}], {}) is forbidden ({}), crossed out",
                index + 1,
                renju_core::to_notation(*at),
                reason.name()
            ),
        }
    }

    /// The winning row ringed green, or black's forbidden move crossed out.
    fn draw(&self, doc: &mut Doc) {
        match self {
            Ending::Row { stones, .. } => {
                doc.open(
                    "g",
                    &[
                        ("class", "five"),
                        ("fill", "none"),
                        ("stroke", FIVE),
                        ("stroke-width", "3"),
                    ],
                );
                for &p in stones {
                    let (x, y) = on_page(p);
                    doc.circle(x, y, STEP * 0.5, &[]);
                }
                doc.close();
            }
            Ending::Foul { at: p, .. } => {
                let (x, y) = on_page(*p);
                let d = STEP * 0.42;
                doc.open(
                    "g",
                    &[
                        ("class", "foul"),
                        ("stroke", ALERT),
                        ("stroke-width", "3.5"),
                    ],
                );
                doc.line((x - d, y - d), (x + d, y + d), &[]);
                doc.line((x - d, y + d), (x + d, y - d), &[]);
                doc.close();
            }
            Ending::Open => {}
        }
    }
}

/// How the game ended: a winning row (found on the stones), or black's foul (the record's
/// decisive move, named by the engine's `validate`).
fn ending(
    input: &CheckInput,
    stones: &[Stone],
    winner: Option<&renju_core::commands::Winner>,
) -> Ending {
    let Some(winner) = winner else {
        return Ending::Open;
    };
    let decisive = winner
        .move_index
        .and_then(|k| stones.iter().find(|s| s.number == Some(k + 1)));
    if let (Some(stone), Some(moves)) = (decisive, &input.moves)
        && stone.color != winner.color
    {
        // The same record `check` accepted; should `validate` refuse it, the picture falls
        // back to drawing no foul rather than failing.
        let verdict = validate(ValidateInput {
            moves: moves.clone(),
            rule: input.rule,
            opening: None,
        });
        let reason = match verdict.ok().and_then(|v| v.reason) {
            Some(DecisionReason::FoulOverline) => Some(Foul::Overline),
            Some(DecisionReason::FoulDoubleFour) => Some(Foul::DoubleFour),
            Some(DecisionReason::FoulDoubleThree) => Some(Foul::DoubleThree),
            _ => None,
        };
        if let (Some(reason), Some(index)) = (reason, winner.move_index) {
            return Ending::Foul {
                at: stone.at,
                index,
                reason,
            };
        }
    }
    Ending::Row {
        color: winner.color,
        stones: winning_row(stones, winner.color, decisive.map(|s| s.at)),
        index: winner.move_index,
    }
}

/// The stones of the longest row of `color` through `through` (the decisive stone), or
/// anywhere on the board when there is none: five or more in a line.
fn winning_row(stones: &[Stone], color: Color, through: Option<Point>) -> Vec<Point> {
    let mut own = [[false; SIZE]; SIZE];
    for s in stones.iter().filter(|s| s.color == color) {
        own[usize::from(s.at.x)][usize::from(s.at.y)] = true;
    }
    let occupied = |x: i32, y: i32| {
        (0..SIZE as i32).contains(&x)
            && (0..SIZE as i32).contains(&y)
            && own[x as usize][y as usize]
    };
    let starts: Vec<Point> = match through {
        Some(p) => vec![p],
        None => stones
            .iter()
            .filter(|s| s.color == color)
            .map(|s| s.at)
            .collect(),
    };
    let mut best: Vec<Point> = Vec::new();
    for p in starts {
        for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
            let (px, py) = (i32::from(p.x), i32::from(p.y));
            let mut back = 0;
            while occupied(px - (back + 1) * dx, py - (back + 1) * dy) {
                back += 1;
            }
            let mut row = Vec::new();
            let mut k = -back;
            while occupied(px + k * dx, py + k * dy) {
                let (x, y) = (px + k * dx, py + k * dy);
                row.push(Point {
                    x: x as u8,
                    y: y as u8,
                });
                k += 1;
            }
            if row.len() >= 5 && row.len() > best.len() {
                best = row;
            }
        }
    }
    best
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
