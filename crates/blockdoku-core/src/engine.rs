//! The playing engine: a static evaluation of a board and an exhaustive search over a tray.
//!
//! The search tries every order of the tray and every placement of each piece, clearing
//! between placements, and scores each board it ends on with [`Evaluator::eval`] (lower is
//! better). Boards reached twice with the same pieces left (the common case: two pieces
//! placed in either order without a clear in between) are expanded once.
//!
//! The evaluation is a weighted sum of features that measure how hard the board will be to
//! keep alive: occupied cells, rows/columns/boxes that are touched at all (each must be
//! cleared again some day), empty cells walled in on both sides (1-wide slots only thin
//! pieces fill) or on all four (holes only the monomino or a diagonal fills), the boundary
//! between occupied and empty cells (fragmentation), and, most heavily, how many pieces of
//! the default set would fit nowhere or in at most two places (a tray holding one of them
//! ends the game).
//!
//! On top of it, the ten best plans are compared by a one-piece lookahead: for each piece of
//! the default set, the best evaluation reachable by placing it next, summed. Measured with
//! `examples/selfplay.rs` (20 seeded games, 1000-tray cap): without the lookahead 14/20
//! (seed 1) and 17/20 (seed 0) games reached the cap, with it 20/20 on both; raising the
//! weight of dead pieces from 120 to 400 alone changed nothing (15/20 on seed 1). With a
//! 5000-tray cap (seed 0) 18/20 games reach it, mean 4965.7 trays; a tray costs about 8 ms of
//! CPU on average, 40-60 ms on an empty board (the widest search).

use crate::geometry::{Geometry, Units};
use crate::piece::{Placement, default_set};
use crate::rules::{Scoring, apply};
use rustc_hash::FxBuildHasher;
use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::time::Instant;

/// Weights of the evaluation features (a cost: lower evaluations are better boards).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Weights {
    /// Per occupied cell.
    pub occupied: i32,
    /// Per row or column holding at least one occupied cell.
    pub lines: i32,
    /// Per box holding at least one occupied cell.
    pub boxes: i32,
    /// Per empty cell blocked left and right (or up and down) by pieces or walls.
    pub slots: i32,
    /// Per empty cell blocked on all four sides.
    pub isolated: i32,
    /// Per edge between an occupied and an empty cell.
    pub transitions: i32,
    /// Per piece of the default set that fits nowhere.
    pub dead: i32,
    /// Per piece of the default set that fits in at most 2 positions.
    pub scarce: i32,
    /// In the lookahead, per piece of the default set that fits nowhere.
    pub lookahead_dead: i32,
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            occupied: 10,
            lines: 6,
            boxes: 20,
            slots: 12,
            isolated: 40,
            transitions: 6,
            dead: 120,
            scarce: 20,
            lookahead_dead: 3000,
        }
    }
}

/// A board evaluation for one geometry.
#[derive(Debug, Clone)]
pub struct Evaluator {
    geo: Geometry,
    weights: Weights,
    probes: Vec<Placement>,
    /// The largest cell offset of any probe (at most [`MAX_PROBE_OFFSET`]).
    probe_span: usize,
}

/// Largest cell offset of a default piece on the largest board: 4 rows and 4 columns down
/// on an 11-wide board.
const MAX_PROBE_OFFSET: usize = 4 * 11 + 4;

impl Evaluator {
    /// An evaluator with the default weights; the default piece set is the probe set.
    pub fn new(geo: Geometry) -> Evaluator {
        Evaluator::with_weights(geo, Weights::default())
    }

    /// An evaluator with chosen weights.
    pub fn with_weights(geo: Geometry, weights: Weights) -> Evaluator {
        let probes: Vec<Placement> = default_set()
            .iter()
            .map(|p| Placement::new(p, &geo))
            .collect();
        let probe_span = probes
            .iter()
            .map(|p| p.max_offset() as usize)
            .max()
            .unwrap_or(0)
            .min(MAX_PROBE_OFFSET);
        Evaluator {
            geo,
            weights,
            probes,
            probe_span,
        }
    }

    /// The geometry this evaluator works on.
    pub fn geometry(&self) -> &Geometry {
        &self.geo
    }

    /// The cost of a board: lower is better.
    pub fn eval(&self, b: u128) -> i32 {
        self.eval_below(b, i32::MAX)
    }

    /// The cost of a board, computed exactly when it is below `bound`; otherwise some value
    /// at least `bound`. The probe features (pieces that fit nowhere or almost nowhere) are
    /// costs >= 0, so when the other features alone reach `bound` the probes are skipped:
    /// the search asks only whether a leaf beats the best so far, and this answers the same.
    pub fn eval_below(&self, b: u128, bound: i32) -> i32 {
        let g = &self.geo;
        let w = &self.weights;
        let n = g.size() as u32;
        let full = g.full();
        let empty = !b & full;
        let mut lines = 0i32;
        for &m in g.rows().iter().chain(g.cols()) {
            lines += i32::from(b & m != 0);
        }
        let mut boxes = 0i32;
        for &m in g.boxes() {
            boxes += i32::from(b & m != 0);
        }
        // Blocked neighbours: walls count as blocked.
        let up = ((b << n) & full) | g.first_row();
        let down = (b >> n) | g.last_row();
        let left = ((b << 1) & !g.first_col() & full) | g.first_col();
        let right = ((b >> 1) & !g.last_col()) | g.last_col();
        let hslot = empty & left & right;
        let vslot = empty & up & down;
        let isolated = hslot & vslot;
        let slots = (hslot.count_ones() + vslot.count_ones()) as i32;
        let transitions = (((b ^ (b >> 1)) & !g.last_col() & full).count_ones()
            + ((b ^ (b >> n)) & !g.last_row() & full).count_ones())
            as i32;
        let base = w.occupied * b.count_ones() as i32
            + w.lines * lines
            + w.boxes * boxes
            + w.slots * slots
            + w.isolated * isolated.count_ones() as i32
            + w.transitions * transitions;
        if base >= bound {
            return base;
        }
        let mut shifted = [0u128; MAX_PROBE_OFFSET + 1];
        for (o, s) in shifted.iter_mut().enumerate().take(self.probe_span + 1) {
            *s = empty >> o;
        }
        let mut dead = 0i32;
        let mut scarce = 0i32;
        for p in &self.probes {
            let pos = p.positions_shifted(&shifted);
            if pos == 0 {
                dead += 1;
            } else {
                // At most two anchors.
                let rest = pos & (pos - 1);
                if rest & rest.wrapping_sub(1) == 0 {
                    scarce += 1;
                }
            }
        }
        base + w.dead * dead + w.scarce * scarce
    }

    /// One piece of lookahead: for every piece of the default set, the evaluation of the
    /// best board after placing it (and clearing), summed; a piece that fits nowhere costs
    /// [`Weights::lookahead_dead`]. Lower is better.
    pub fn lookahead(&self, board: u128) -> i64 {
        let empty = !board & self.geo.full();
        let mut total = 0i64;
        for p in &self.probes {
            let mut pos = p.positions(empty);
            if pos == 0 {
                total += i64::from(self.weights.lookahead_dead);
                continue;
            }
            let mut best = i32::MAX;
            while pos != 0 {
                let anchor = pos.trailing_zeros();
                pos &= pos - 1;
                let (after, _) = self.geo.clear(board | p.mask_at(anchor));
                best = best.min(self.eval_below(after, best));
            }
            total += i64::from(best);
        }
        total
    }
}

/// One placement of a plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlanMove {
    /// Index of the piece in the tray.
    pub piece: usize,
    /// Bit index of the piece's top-left corner.
    pub anchor: u32,
    /// What the placement cleared.
    pub units: Units,
    /// Its points.
    pub points: u64,
}

/// The engine's choice for a tray.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    /// The placements in playing order. When the tray cannot be played whole, the longest
    /// sequence that can be played (the game ends after it).
    pub moves: Vec<PlanMove>,
    /// The board after the moves.
    pub board: u128,
    /// True when every piece of the tray is placed.
    pub complete: bool,
    /// Evaluation of `board`.
    pub eval: i32,
    /// Total points of the moves.
    pub points: u64,
    /// Whether the last move cleared (a streak carries into the next move under `combo`).
    pub streak: bool,
    /// Distinct positions examined (a measure of the work done).
    pub nodes: u64,
}

/// (board, pieces-left) keys, with the Fx hash: SipHash costs more than the evaluation it
/// saves.
type Seen = HashMap<(u128, u8), u64, FxBuildHasher>;

struct Search<'a> {
    ev: &'a Evaluator,
    tray: &'a [Placement],
    /// `twin[i]`: an earlier tray index with the same shape, tried instead of `i`.
    twin: Vec<Option<usize>>,
    scoring: Scoring,
    seen: Seen,
    path: Vec<PlanMove>,
    /// The best plans so far, best first, at most `keep`.
    top: Vec<Plan>,
    keep: usize,
    nodes: u64,
    deadline: Option<Instant>,
    timed_out: bool,
}

/// Orders plans: more pieces placed, then lower evaluation, then more points.
fn rank(
    placed: usize,
    eval: i32,
    points: u64,
) -> (std::cmp::Reverse<usize>, i32, std::cmp::Reverse<u64>) {
    (std::cmp::Reverse(placed), eval, std::cmp::Reverse(points))
}

impl Search<'_> {
    fn finish(&mut self, board: u128, points: u64, streak: bool) {
        let placed = self.path.len();
        // The evaluation only needs to be exact for a plan that enters the top list;
        // `eval_below` returns a value >= the bound when it cannot (ties go to points, so
        // the bound is one past the worst kept evaluation).
        let bound = match self.top.last() {
            Some(w) if self.top.len() == self.keep => {
                if w.moves.len() > placed {
                    return;
                } else if w.moves.len() == placed {
                    w.eval.saturating_add(1)
                } else {
                    i32::MAX
                }
            }
            _ => i32::MAX,
        };
        let eval = self.ev.eval_below(board, bound);
        let key = rank(placed, eval, points);
        let at = self
            .top
            .partition_point(|p| rank(p.moves.len(), p.eval, p.points) <= key);
        if at >= self.keep {
            return;
        }
        self.top.insert(
            at,
            Plan {
                moves: self.path.clone(),
                board,
                complete: placed == self.tray.len(),
                eval,
                points,
                streak,
                nodes: 0,
            },
        );
        self.top.truncate(self.keep);
    }

    fn go(&mut self, board: u128, left: u8, points: u64, streak: bool) {
        self.nodes += 1;
        if self.nodes.is_multiple_of(1024)
            && let Some(d) = self.deadline
            && Instant::now() >= d
        {
            self.timed_out = true;
        }
        if self.timed_out {
            return;
        }
        if left == 0 {
            self.finish(board, points, streak);
            return;
        }
        let empty = !board & self.ev.geo.full();
        let mut any = false;
        for i in 0..self.tray.len() {
            if left & (1 << i) == 0 {
                continue;
            }
            if let Some(t) = self.twin[i]
                && left & (1 << t) != 0
            {
                continue;
            }
            let p = &self.tray[i];
            let mut pos = p.positions(empty);
            any |= pos != 0;
            while pos != 0 {
                let anchor = pos.trailing_zeros();
                pos &= pos - 1;
                let placed = p.mask_at(anchor);
                let out = apply(&self.ev.geo, board, placed, self.scoring, streak);
                let rest = left & !(1 << i);
                let total = points + out.points;
                // One insert-or-update: skip a state already reached with as many points.
                match self.seen.entry((out.board, rest)) {
                    Entry::Occupied(mut e) => {
                        if *e.get() >= total {
                            continue;
                        }
                        e.insert(total);
                    }
                    Entry::Vacant(e) => {
                        e.insert(total);
                    }
                }
                self.path.push(PlanMove {
                    piece: i,
                    anchor,
                    units: out.units,
                    points: out.points,
                });
                self.go(out.board, rest, total, !out.units.is_empty());
                self.path.pop();
            }
        }
        if !any {
            // Dead end: the pieces left fit nowhere. A candidate only when nothing better
            // (more pieces placed) exists.
            self.finish(board, points, streak);
        }
    }
}

/// How many of the best plans the one-piece lookahead compares.
pub const LOOKAHEAD_CANDIDATES: usize = 10;

/// Chooses the order and the places for a tray: every order, every placement, with clears
/// between; the plan that places the most pieces, then is best by the evaluation, then has
/// the most points. `streak`: the move before the tray cleared (only `combo` scoring cares).
///
/// With `lookahead`, the [`LOOKAHEAD_CANDIDATES`] best complete plans are compared again by
/// [`Evaluator::lookahead`]: how well every piece of the default set could be placed next.
/// `None` when `deadline` passed first.
pub fn best_plan(
    ev: &Evaluator,
    board: u128,
    tray: &[Placement],
    scoring: Scoring,
    streak: bool,
    lookahead: bool,
    deadline: Option<Instant>,
) -> Option<Plan> {
    let twin = (0..tray.len())
        .map(|i| (0..i).find(|&j| tray[j].same_shape(&tray[i])))
        .collect();
    let mut s = Search {
        ev,
        tray,
        twin,
        scoring,
        seen: Seen::with_capacity_and_hasher(1 << 12, FxBuildHasher),
        path: Vec::with_capacity(tray.len()),
        top: Vec::new(),
        keep: if lookahead { LOOKAHEAD_CANDIDATES } else { 1 },
        nodes: 0,
        deadline,
        timed_out: false,
    };
    let all = if tray.len() >= 8 {
        u8::MAX
    } else {
        (1u8 << tray.len()) - 1
    };
    s.go(board, all, 0, streak);
    if s.timed_out {
        return None;
    }
    let nodes = s.nodes;
    let mut top = s.top;
    let mut plan = if lookahead && top.len() > 1 && top[0].complete {
        top.retain(|p| p.complete);
        let mut best: Option<(i64, usize)> = None;
        for (i, p) in top.iter().enumerate() {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return None;
            }
            let cost = ev.lookahead(p.board);
            // Strictly better only: ties keep the earlier (better ranked) plan.
            if best.is_none_or(|(c, _)| cost < c) {
                best = Some((cost, i));
            }
        }
        let i = best.map_or(0, |(_, i)| i);
        top.swap_remove(i)
    } else if top.is_empty() {
        Plan {
            moves: Vec::new(),
            board,
            complete: tray.is_empty(),
            eval: ev.eval(board),
            points: 0,
            streak,
            nodes: 0,
        }
    } else {
        top.swap_remove(0)
    };
    plan.nodes = nodes;
    Some(plan)
}
