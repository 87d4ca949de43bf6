//! The rule variants and the exact RIF forbidden-move test.
//!
//! For a black stone at empty point `p` (renju rule):
//! 1. if it makes an unbroken row of exactly five in any direction it wins and is never
//!    forbidden;
//! 2. else a row of six or more anywhere: overline;
//! 3. else two or more fours through `p` (two on one line count as two): double-four;
//! 4. else two or more threes through `p`: double-three. A direction holds a three when it
//!    has no four through `p` and one of its straight-four points `q` is, with `p` on the
//!    board, a legal move for black that makes no five (RIF: a three becomes a straight four
//!    "without at the same time a five in a row is made"). Deciding "legal" is this same test
//!    at `q`, one stone deeper.
//!
//! The recursion terminates: every level adds one black stone to a finite board. It stays
//! shallow in practice because a level only recurses when its stone makes two threes with no
//! four, and each three has at most two straight-four points; the tests include chains.

use crate::board::{Board, CELLS, Color, LINE_CELLS, PAD, Point};
use crate::pattern::{self, KIND_FIVE, KIND_OVERLINE, Tables};
use serde::{Deserialize, Serialize};

/// Rule variants of the contract.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Rule {
    /// RIF renju: black wins only with exactly five and may not play an overline, a
    /// double-four or a double-three; white wins with five or more.
    #[default]
    Renju,
    /// Exactly five wins for both colours; nothing is forbidden.
    Gomoku,
    /// Five or more wins for both colours; nothing is forbidden.
    Freestyle,
}

impl Rule {
    /// Whether an unbroken row of `len` stones of colour `c` wins under this rule.
    pub fn wins_with(self, c: Color, len: usize) -> bool {
        match (self, c) {
            (Rule::Renju, Color::Black) | (Rule::Gomoku, _) => len == 5,
            (Rule::Renju, Color::White) | (Rule::Freestyle, _) => len >= 5,
        }
    }
}

/// Why a black move is forbidden, in the contract's spelling and priority order.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Foul {
    /// Six or more in a row.
    Overline,
    /// Two fours at once.
    DoubleFour,
    /// Two open threes at once.
    DoubleThree,
}

impl Foul {
    /// The contract's name (`"double-three"`).
    pub fn name(self) -> &'static str {
        match self {
            Foul::Overline => "overline",
            Foul::DoubleFour => "double-four",
            Foul::DoubleThree => "double-three",
        }
    }
}

/// What a black stone on an empty point does under the renju rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlackMove {
    /// Makes exactly five: wins (never forbidden).
    Five,
    /// Forbidden, for the first reason in priority order.
    Forbidden(Foul),
    /// Legal and not winning.
    Legal,
}

/// Classify black's move at empty point `p` under the renju rule (exact, recursive).
/// The board is used as scratch space and is unchanged on return.
pub fn classify_black(board: &mut Board, p: Point) -> BlackMove {
    debug_assert!(board.get(p).is_none());
    classify(board, p.index(), pattern::tables())
}

fn classify(board: &mut Board, i: usize, t: &Tables) -> BlackMove {
    #[cfg(test)]
    depth::enter();
    let r = classify_inner(board, i, t);
    #[cfg(test)]
    depth::leave();
    r
}

fn classify_inner(board: &mut Board, i: usize, t: &Tables) -> BlackMove {
    let mut e = [0u16; 4];
    let mut any = 0u16;
    for (d, slot) in e.iter_mut().enumerate() {
        let (b, s) = board.window(i, d);
        *slot = t.entry(b, s);
        any |= *slot;
    }
    if any == 0 {
        return BlackMove::Legal;
    }
    decide(board, i, &e, t)
}

/// Whether black's move at empty `p` is decided by the points within 5 of it on its four
/// lines alone (no straight-four point of a candidate three needs the recursive test), so
/// that stones placed anywhere else cannot change it.
pub(crate) fn decided_locally(board: &Board, p: Point) -> bool {
    let t = pattern::tables();
    let i = p.index();
    let mut e = [0u16; 4];
    for (d, slot) in e.iter_mut().enumerate() {
        let (b, s) = board.window(i, d);
        *slot = t.entry(b, s);
    }
    !matches!(quick(&e), Quick::Threes(_))
}

/// What the four direction entries alone decide.
enum Quick {
    Done(BlackMove),
    /// Two or more directions may hold a three: bit d set for each; the recursive test decides.
    Threes(u8),
}

#[inline]
fn quick(e: &[u16; 4]) -> Quick {
    let mut five = false;
    let mut overline = false;
    let mut fours = 0;
    let mut cand = 0u8;
    for (d, &x) in e.iter().enumerate() {
        match pattern::kind(x) {
            KIND_FIVE => five = true,
            KIND_OVERLINE => overline = true,
            _ => {}
        }
        let f = pattern::fours(x);
        fours += f;
        if f == 0 && pattern::sf_mask(x) != 0 {
            cand |= 1 << d;
        }
    }
    if five {
        Quick::Done(BlackMove::Five)
    } else if overline {
        Quick::Done(BlackMove::Forbidden(Foul::Overline))
    } else if fours >= 2 {
        Quick::Done(BlackMove::Forbidden(Foul::DoubleFour))
    } else if cand.count_ones() >= 2 {
        Quick::Threes(cand)
    } else {
        Quick::Done(BlackMove::Legal)
    }
}

/// The decision from the four direction entries of point index `i`.
fn decide(board: &mut Board, i: usize, e: &[u16; 4], t: &Tables) -> BlackMove {
    match quick(e) {
        Quick::Done(m) => m,
        Quick::Threes(cand) => {
            if count_threes(board, i, e, cand, t) >= 2 {
                BlackMove::Forbidden(Foul::DoubleThree)
            } else {
                BlackMove::Legal
            }
        }
    }
}

/// Count the candidate directions (bits of `cand`) that hold a real three: with the stone at
/// `i` placed, one of the direction's straight-four points is a legal non-five black move.
/// Stops as soon as the count reaches 2 or can no longer reach it.
fn count_threes(board: &mut Board, i: usize, e: &[u16; 4], cand: u8, t: &Tables) -> u32 {
    let p = Point::from_index(i);
    board.place(p, Color::Black);
    let mut threes = 0;
    let mut left = cand.count_ones();
    for d in (0..4).filter(|d| cand >> d & 1 == 1) {
        left -= 1;
        let is_three = pattern::sf_offsets(pattern::sf_mask(e[d])).any(|off| {
            // The table only reports empty points on the board.
            let q = p.step(d, off).expect("straight-four point on the board");
            classify(board, q.index(), t) == BlackMove::Legal
        });
        if is_three {
            threes += 1;
        }
        if threes >= 2 || threes + left < 2 {
            break;
        }
    }
    board.remove(p);
    threes
}

/// An empty point where black may not play, and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Forbidden {
    pub at: Point,
    pub reason: Foul,
}

/// Black's forbidden points of a position, sorted by column then row. Empty under `gomoku`
/// and `freestyle`.
pub fn forbidden_points(board: &Board, rule: Rule) -> Vec<Forbidden> {
    if rule != Rule::Renju {
        return Vec::new();
    }
    let map = forbidden_map(board);
    let mut out = Vec::new();
    for x in 0..15u8 {
        for y in 0..15u8 {
            let p = Point { x, y };
            if let Some(reason) = map[p.index()] {
                out.push(Forbidden { at: p, reason });
            }
        }
    }
    out
}

/// The forbidden map of a whole position: for every point, `Some(reason)` when it is empty and
/// forbidden for black under renju.
///
/// Line by line: only empty points with at least two black stones within 4 on the line can
/// have a non-zero table entry (a three needs two more stones, a four three, a five four), so
/// lines without two black stones are skipped and the rest cost one lookup per such point.
/// Points whose entries decide nothing (no overline, fewer than two fours, fewer than two
/// candidate threes) are done; only the rest place stones and recurse, on a scratch copy.
pub fn forbidden_map(board: &Board) -> [Option<Foul>; CELLS] {
    let t = pattern::tables();
    let mut out = [None; CELLS];
    let mut entries = [[0u16; 4]; CELLS];
    // Cells with a non-zero entry in some direction, each listed once.
    let mut touched = [0u8; CELLS];
    let mut n_touched = 0;
    for (line, cells) in LINE_CELLS.iter().enumerate() {
        let (black, stops) = board.line_masks(line);
        if black.count_ones() < 2 {
            continue;
        }
        // Empty on-board positions with a black stone within 4.
        let mut near = 0u32;
        for k in 1..=4 {
            near |= (black << k) | (black >> k);
        }
        let mut cand = near & !black & !stops;
        while cand != 0 {
            let bit = cand.trailing_zeros();
            cand &= cand - 1;
            let s = bit - PAD;
            let (b, st) = (black >> s, stops >> s);
            // Two black stones within 4 on this line, or nothing can happen here.
            if (b & 0b011_1101_1110).count_ones() < 2 {
                continue;
            }
            let e = t.entry(b, st);
            if e == 0 {
                continue;
            }
            let (cell, d) = cells[s as usize];
            let cell = usize::from(cell);
            if entries[cell] == [0; 4] {
                touched[n_touched] = cell as u8;
                n_touched += 1;
            }
            entries[cell][usize::from(d)] = e;
        }
    }
    let mut scratch: Option<Board> = None;
    for &cell in &touched[..n_touched] {
        let i = usize::from(cell);
        let e = &entries[i];
        out[i] = match quick(e) {
            Quick::Done(BlackMove::Forbidden(f)) => Some(f),
            Quick::Done(_) => None,
            Quick::Threes(cand) => {
                let b = scratch.get_or_insert_with(|| board.clone());
                (count_threes(b, i, e, cand, t) >= 2).then_some(Foul::DoubleThree)
            }
        };
    }
    out
}

/// Whether a stone of colour `c` at `p` (empty or already holding it) makes a winning row.
pub fn makes_win(board: &Board, p: Point, c: Color, rule: Rule) -> bool {
    (0..4).any(|d| rule.wins_with(c, board.run_through(p, d, c)))
}

/// Whether a black stone at `p` makes an unbroken row of six or more (whatever else it does).
pub fn makes_overline(board: &Board, p: Point) -> bool {
    (0..4).any(|d| board.run_through(p, d, Color::Black) >= 6)
}

/// Who owns a winning row on a board: a game stops at the first, so `Both` comes from no
/// game and is an input error for the caller to report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WinningRows {
    /// No colour has a winning row.
    Neither,
    /// Exactly this colour has one.
    Only(Color),
    /// Black and white both have one.
    Both,
}

/// Which colours own a winning row on the board (five for white; exactly five for black under
/// renju, five or more under freestyle).
pub fn winning_rows(board: &Board, rule: Rule) -> WinningRows {
    let mut found = [false; 2];
    for (ci, c) in [Color::Black, Color::White].into_iter().enumerate() {
        'scan: for i in 0..CELLS {
            let p = Point::from_index(i);
            if board.get(p) != Some(c) {
                continue;
            }
            for d in 0..4 {
                // Only measure each row once, from its first stone.
                if p.step(d, -1).is_some_and(|q| board.get(q) == Some(c)) {
                    continue;
                }
                if rule.wins_with(c, board.run_through(p, d, c)) {
                    found[ci] = true;
                    break 'scan;
                }
            }
        }
    }
    match found {
        [true, true] => WinningRows::Both,
        [true, false] => WinningRows::Only(Color::Black),
        [false, true] => WinningRows::Only(Color::White),
        [false, false] => WinningRows::Neither,
    }
}

/// Whether black has an unbroken row of six or more anywhere on the board.
pub fn board_has_black_overline(board: &Board) -> bool {
    (0..CELLS).any(|i| {
        let p = Point::from_index(i);
        board.get(p) == Some(Color::Black)
            && (0..4).any(|d| board.run_through(p, d, Color::Black) >= 6)
    })
}

#[cfg(test)]
pub(crate) mod depth {
    //! Test-only instrumentation: the deepest nesting of `classify` (stones placed at once).
    use std::cell::Cell;
    thread_local! {
        pub(crate) static DEPTH: Cell<(usize, usize)> = const { Cell::new((0, 0)) };
    }
    pub(crate) fn enter() {
        DEPTH.with(|d| {
            let (cur, max) = d.get();
            d.set((cur + 1, max.max(cur + 1)));
        });
    }
    pub(crate) fn leave() {
        DEPTH.with(|d| {
            let (cur, max) = d.get();
            d.set((cur - 1, max));
        });
    }
    /// The deepest nesting since the last call (0 = no recursive call at all), and reset.
    pub(crate) fn take_max() -> usize {
        DEPTH.with(|d| {
            let (_, max) = d.get();
            d.set((0, 0));
            max
        })
    }
}
