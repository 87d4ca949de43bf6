//! The search of one tray: every order of its pieces and every placement of each, clearing
//! between placements, with the prunings and narrowings of the engine's module doc. The
//! boards it ends on are offered to a [`TopPlans`] list.
//!
//! Positions are expanded depth first by [`Search::go`]. Each depth keeps what the moves
//! from its position need ([`Level`]): the units its pieces could complete (the near
//! units), each unit's empty cells, and the floor's counts, all carried over a move that
//! clears nothing from the position before. The last piece's moves are leaves and are
//! evaluated against the list's bound, most of them from the board's counts without being
//! built.

use super::Engine;
use super::near::{CoverMemo, Gap, Reach, UnitCounts, apply_near, gather};
use super::quiet::{QuietPlaces, best_quiet, lowest_bound_quiet};
use super::settings::Narrowing;
use super::top::{Gate, Leaf, Plan, PlanMove, TopPlans};
#[cfg(target_arch = "x86_64")]
use crate::eval::Instruction;
use crate::eval::{Evaluator, FloorParts, PieceSides, Popcount, Portable};
use crate::geometry::Units;
use crate::piece::Placement;
use crate::rules::{Outcome, Scoring, Turn, points};
use puzzles_common::{Deadline, Poll};
use rustc_hash::FxBuildHasher;
use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::marker::PhantomData;

/// A position of the search: the board, the pieces left (bits of tray indexes), the points
/// so far, and whether the last move cleared.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Node {
    pub(super) board: u128,
    pub(super) left: u8,
    pub(super) points: u64,
    pub(super) streak: bool,
}

/// What a plan is asked for: the board, the tray, and how its moves are scored.
#[derive(Debug, Clone, Copy)]
pub(super) struct Ask<'t> {
    pub(super) board: u128,
    pub(super) tray: &'t [Placement],
    pub(super) turn: Turn,
}

/// Which of a piece's placements a position searches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kinds {
    /// Every placement.
    All,
    /// Only those that clear: after a quiet move of a higher tray index, a quiet move of
    /// this piece is searched in the other order.
    Clearing,
}

/// The moves of one piece from a position: its tray index, the anchors where it fits, and
/// which of them are searched.
#[derive(Debug, Clone, Copy)]
struct PieceMoves {
    piece: usize,
    anchors: u128,
    kinds: Kinds,
}

/// What the moves of one piece from a position share, when more pieces follow them.
struct InnerStep {
    piece: usize,
    /// The pieces left after the move.
    rest: u8,
    /// The anchors that clear.
    clearing: u128,
    /// The points of a move that clears nothing (the same wherever it is).
    quiet_points: u64,
    /// What the pieces left could cover.
    reach: Reach,
    /// When one piece is left after the move and some move clears nothing: that piece, and
    /// the near units it could complete here ([`Search::cover_last`]).
    last: Option<(usize, u64)>,
}

/// The tray as the search asks it, with what is worked out once per tray for each piece.
struct TrayPieces<'a> {
    pieces: &'a [Placement],
    /// `twin[i]`: an earlier tray index with the same shape, placed before `i`.
    twin: Vec<Option<usize>>,
    /// [`Evaluator::anchor_units`] of each piece.
    anchor_units: Vec<Vec<u64>>,
    /// The outer sides of each piece ([`Evaluator::piece_sides`]).
    sides: Vec<PieceSides>,
}

/// What the search knows of the position at one depth (pieces placed), filled by the move
/// that leads there; the buffers are reused from position to position.
#[derive(Clone)]
struct Level {
    /// The near units of the position for the pieces left (see [`super::near`]).
    gaps: Vec<Gap>,
    /// The empty cells of each unit.
    counts: UnitCounts,
    /// The floor's counts ([`FloorParts`]).
    parts: FloorParts,
}

/// The tray pieces' covering anchors of unit gaps.
struct Covers {
    /// The anchors covering the gaps last asked, by piece and unit.
    memo: CoverMemo,
    /// Indexed by unit: the anchors where the last piece covers the unit's gap, for the
    /// near units of the position before the last move ([`Search::inner_moves`]).
    last: Vec<u128>,
}

/// The positions examined, and the deadline read as they are.
struct Work {
    nodes: u64,
    poll: Poll,
    timed_out: bool,
}

impl Work {
    /// Counts a position and reads the clock at the poll's cadence: false once the deadline
    /// has passed.
    #[inline(always)]
    fn visit(&mut self) -> bool {
        self.nodes += 1;
        if self.poll.step() {
            self.timed_out = true;
        }
        !self.timed_out
    }
}

/// (board, pieces-left) keys, with the Fx hash: SipHash costs more than it saves.
type Seen = HashMap<(u128, u8), u64, FxBuildHasher>;

/// The search of one tray, counting bits the way `C` does.
pub(super) struct Search<'a, C> {
    ev: &'a Evaluator,
    /// The board's cells.
    full: u128,
    scoring: Scoring,
    /// For each cell, a 1 in the empty-cell count of each of its units.
    cell_deltas: &'a [[u8; 64]],
    tray: TrayPieces<'a>,
    /// Indexed by depth.
    levels: Vec<Level>,
    /// The most points each (board, pieces left) was reached with (the transpositions).
    seen: Seen,
    covers: Covers,
    /// The moves that lead to the position being expanded.
    path: Vec<PlanMove>,
    top: TopPlans,
    /// [`Engine::with_first_moves`] and [`Engine::with_second_moves`].
    narrowing: Narrowing,
    work: Work,
    /// How the evaluation counts bits (see [`Popcount`]).
    popcount: PhantomData<C>,
}

/// What a finished search found: its best plans, best first, and the positions it examined.
pub(super) struct Found {
    pub(super) plans: Vec<Plan>,
    pub(super) nodes: u64,
}

/// The search's recursion with portable bit counts.
pub(super) fn search_portable(s: &mut Search<'_, Portable>, at: Node, last_quiet: Option<usize>) {
    s.go(at, last_quiet, search_portable);
}

/// The search's recursion compiled for the POPCNT instruction: [`Search::go`] and the
/// evaluation it asks are inlined here. Only [`Engine::plan`]'s POPCNT copy and itself call
/// it.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
pub(super) fn search_popcnt(s: &mut Search<'_, Instruction>, at: Node, last_quiet: Option<usize>) {
    s.go(at, last_quiet, |s, at, last_quiet| {
        search_popcnt(s, at, last_quiet)
    });
}

impl<'a, C: Popcount> Search<'a, C> {
    /// A search of `ask` (a tray of at most [`super::MAX_TRAY`] pieces) by `engine`,
    /// keeping the moves `narrowing` keeps, stopping when `deadline` passes.
    pub(super) fn new(
        engine: &'a Engine,
        ask: Ask<'a>,
        narrowing: Narrowing,
        deadline: Deadline,
    ) -> Search<'a, C> {
        let ev = &engine.ev;
        let geo = ev.geometry();
        let tray = ask.tray;
        let config = &engine.config;
        let level = Level {
            gaps: Vec::new(),
            counts: UnitCounts::of(geo, ask.board),
            parts: ev.floor_parts(ask.board),
        };
        Search {
            ev,
            full: geo.full(),
            scoring: ask.turn.scoring,
            cell_deltas: &engine.cell_deltas,
            tray: TrayPieces {
                pieces: tray,
                twin: (0..tray.len())
                    .map(|i| (0..i).find(|&j| tray[j].same_shape(&tray[i])))
                    .collect(),
                anchor_units: tray.iter().map(|p| ev.anchor_units(p)).collect(),
                sides: tray.iter().map(|p| ev.piece_sides(p)).collect(),
            },
            levels: vec![level; tray.len() + 1],
            // Room for a mid-game tray's positions: from 1 << 10, growing the table was
            // about 2% of the samples (perf); 1 << 13 was no faster than this.
            seen: Seen::with_capacity_and_hasher(1 << 12, FxBuildHasher),
            covers: Covers {
                memo: CoverMemo::new(tray.len(), geo.units().len()),
                last: vec![0; geo.units().len()],
            },
            path: Vec::with_capacity(tray.len()),
            top: TopPlans::new(
                config.candidates,
                config.distinct && config.candidates > 1,
                tray.len(),
            ),
            narrowing,
            work: Work {
                nodes: 0,
                poll: Poll::new(deadline),
                timed_out: false,
            },
            popcount: PhantomData,
        }
    }

    /// Searches from `root` (no piece placed yet), the recursion going through `descend`
    /// ([`Search::go`] compiled the same way: see [`search_portable`]); `None` when the
    /// deadline passed first.
    #[inline(always)]
    pub(super) fn run<D>(mut self, root: Node, descend: D) -> Option<Found>
    where
        D: Fn(&mut Self, Node, Option<usize>) + Copy,
    {
        let geo = self.ev.geometry();
        let reach = Reach::of(self.tray.pieces, root.left);
        let level = &mut self.levels[0];
        gather(geo, root.board, &level.counts, reach, &mut level.gaps);
        descend(&mut self, root, None);
        (!self.work.timed_out).then(|| Found {
            plans: self.top.into_plans(),
            nodes: self.work.nodes,
        })
    }

    /// How a move from `from` is scored.
    #[inline(always)]
    fn turn(&self, from: Node) -> Turn {
        Turn {
            scoring: self.scoring,
            streak: from.streak,
        }
    }

    /// Offers the board the path ends on as a plan (the last piece's moves offer theirs in
    /// [`Search::last_moves`], the same way).
    #[inline(always)]
    fn finish(&mut self, at: Node) {
        let placed = self.path.len();
        let Some(bound) = self.top.entry_bound(placed) else {
            return;
        };
        let eval = self.ev.eval_below_by::<C>(at.board, bound);
        // Most leaves reach the bound of a full list: they cannot enter, and looking for
        // their place in it took about 40% of this function's time (perf annotate).
        if eval >= bound && self.top.full_of(placed) {
            return;
        }
        let leaf = Leaf {
            board: at.board,
            points: at.points,
            streak: at.streak,
            last: None,
            eval,
        };
        self.top.offer(&self.path, leaf);
    }

    /// Expands the position `at`; `last_quiet`: the tray index of the move that led here
    /// when it cleared nothing. The level at this depth holds the near units of `at` for
    /// its pieces left (filled by the move that led here). `descend` expands the positions
    /// after each move (this function, compiled the same way: see [`search_portable`]).
    #[inline(always)]
    pub(super) fn go<D>(&mut self, at: Node, last_quiet: Option<usize>, descend: D)
    where
        D: Fn(&mut Self, Node, Option<usize>) + Copy,
    {
        if !self.work.visit() {
            return;
        }
        if at.left == 0 {
            self.finish(at);
            return;
        }
        let last_piece = at.left.count_ones() == 1;
        let empty = !at.board & self.full;
        let depth = self.path.len();
        let gaps = std::mem::take(&mut self.levels[depth].gaps);
        let mut any = false;
        for i in 0..self.tray.pieces.len() {
            if at.left & (1 << i) == 0 {
                continue;
            }
            if let Some(t) = self.tray.twin[i]
                && at.left & (1 << t) != 0
            {
                continue;
            }
            let anchors = self.tray.pieces[i].positions(empty);
            any |= anchors != 0;
            // A non-clearing move after a non-clearing move of a higher index is searched
            // in the other order.
            let kinds = if last_quiet.is_some_and(|j| j > i) {
                Kinds::Clearing
            } else {
                Kinds::All
            };
            let moves = PieceMoves {
                piece: i,
                anchors,
                kinds,
            };
            if last_piece {
                self.last_moves(at, moves, &gaps);
            } else {
                self.inner_moves(at, moves, &gaps, descend);
            }
        }
        self.levels[depth].gaps = gaps;
        if !any {
            // Dead end: the pieces left fit nowhere. A candidate only when nothing better
            // (more pieces placed) exists.
            self.finish(at);
        }
    }

    /// The moves `moves` from `from` when more pieces follow (`gaps`: the near units of
    /// `from`).
    #[inline(always)]
    fn inner_moves<D>(&mut self, from: Node, moves: PieceMoves, gaps: &[Gap], descend: D)
    where
        D: Fn(&mut Self, Node, Option<usize>) + Copy,
    {
        let i = moves.piece;
        let p = &self.tray.pieces[i];
        let rest = from.left & !(1 << i);
        let clearing = self.covers.memo.clearing_anchors(i, p, gaps) & moves.anchors;
        let mut anchors = self.kept_anchors(from.board, moves, clearing);
        // When one piece is left after this move, one of which clears nothing: the near
        // units it could complete here.
        let last = (rest.count_ones() == 1 && anchors & !clearing != 0).then(|| {
            let r = rest.trailing_zeros() as usize;
            (r, self.cover_last(r, gaps))
        });
        let step = InnerStep {
            piece: i,
            rest,
            clearing,
            quiet_points: points(self.turn(from), &Units::default(), p.origin()),
            reach: Reach::of(self.tray.pieces, rest),
            last,
        };
        while anchors != 0 {
            let anchor = anchors.trailing_zeros();
            anchors &= anchors - 1;
            self.inner_move(from, &step, anchor, gaps, descend);
        }
    }

    /// The anchors of `moves` the search expands from `board` (`clearing`: those that
    /// clear): only the clearing ones when `moves` asks so, and as a plan's first or second
    /// move, of the quiet ones only those the narrowing keeps.
    #[inline(always)]
    fn kept_anchors(&self, board: u128, moves: PieceMoves, clearing: u128) -> u128 {
        let pos = match moves.kinds {
            Kinds::All => moves.anchors,
            Kinds::Clearing => clearing,
        };
        let depth = self.path.len();
        let width = match depth {
            0 => self.narrowing.first,
            1 => self.narrowing.second,
            _ => None,
        };
        let Some(width) = width else {
            return pos;
        };
        let i = moves.piece;
        let at = QuietPlaces {
            board,
            parts: &self.levels[depth].parts,
            p: &self.tray.pieces[i],
            units_at: &self.tray.anchor_units[i],
            sides: &self.tray.sides[i],
        };
        let quiet = pos & !clearing;
        clearing
            | if depth == 0 {
                best_quiet::<C>(self.ev, &at, quiet, width)
            } else {
                lowest_bound_quiet::<C>(self.ev, &at, quiet, width)
            }
    }

    /// The move of `step`'s piece from `from` to `anchor`, and the search after it unless
    /// the position it reaches was expanded before with as many points.
    #[inline(always)]
    fn inner_move<D>(&mut self, from: Node, step: &InnerStep, anchor: u32, gaps: &[Gap], descend: D)
    where
        D: Fn(&mut Self, Node, Option<usize>) + Copy,
    {
        let geo = self.ev.geometry();
        let i = step.piece;
        let placed = self.tray.pieces[i].mask_at(anchor);
        let out = if step.clearing & (1u128 << anchor) != 0 {
            apply_near(geo, gaps, from.board, placed, self.turn(from))
        } else {
            Outcome {
                board: from.board | placed,
                units: Units::default(),
                points: step.quiet_points,
            }
        };
        let total = from.points + out.points;
        match self.seen.entry((out.board, step.rest)) {
            Entry::Occupied(mut e) => {
                if *e.get() >= total {
                    return;
                }
                e.insert(total);
            }
            Entry::Vacant(e) => {
                e.insert(total);
            }
        }
        let quiet = out.units.is_empty();
        let next = Node {
            board: out.board,
            left: step.rest,
            points: total,
            streak: !quiet,
        };
        let played = PlanMove {
            piece: i,
            anchor,
            units: out.units,
            points: out.points,
        };
        if let Some((r, near)) = step.last
            && quiet
        {
            let units = self.tray.anchor_units[i][anchor as usize];
            if self.last_without_clears(next, played, r, near, units) {
                return;
            }
        }
        self.fill_level(&out, i, anchor, placed, step.reach);
        self.path.push(played);
        descend(self, next, quiet.then_some(i));
        self.path.pop();
    }

    /// Fills the next level for the position `out` reached by placing piece `i` at `anchor`
    /// (its cells `placed`), for pieces within `reach`: after a quiet move the counts are
    /// the level's own less the piece's cells, after a clear they are counted afresh.
    #[inline(always)]
    fn fill_level(&mut self, out: &Outcome, i: usize, anchor: u32, placed: u128, reach: Reach) {
        let geo = self.ev.geometry();
        let depth = self.path.len();
        let before = &self.levels[depth];
        let (counts, parts) = if out.units.is_empty() {
            let units = self.tray.anchor_units[i][anchor as usize];
            (
                before.counts.after_quiet(self.cell_deltas, placed),
                self.ev
                    .floor_parts_at_by::<C>(before.parts, &self.tray.pieces[i], anchor, units),
            )
        } else {
            (
                UnitCounts::of(geo, out.board),
                self.ev.floor_parts_by::<C>(out.board),
            )
        };
        let next = &mut self.levels[depth + 1];
        next.counts = counts;
        next.parts = parts;
        gather(geo, out.board, &next.counts, reach, &mut next.gaps);
    }

    /// Fills `covers.last` for the last piece `r` with the anchors covering each of `gaps`
    /// (the near units of the position before the last move) it could complete, and returns
    /// those units as bits.
    #[inline(always)]
    fn cover_last(&mut self, r: usize, gaps: &[Gap]) -> u64 {
        let q = &self.tray.pieces[r];
        let cells = q.cell_count() as u32;
        let mut near = 0u64;
        for g in gaps {
            if g.count <= cells {
                let unit = g.unit as usize;
                self.covers.last[unit] = self.covers.memo.covering(r, q, unit, g.cells);
                near |= 1 << g.unit;
            }
        }
        near
    }

    /// The position `at`, reached by the quiet move `after` (whose cells lie in the units
    /// `touched`), where only the piece `r` is left, when `r` clears nothing anywhere there:
    /// then it is expanded here as [`Search::go`] would (counted, its quiet last moves, or a
    /// dead end) without the unit counts and near units, which only find clearing moves.
    /// Returns false, having done nothing, when `r` can clear. A unit the move does not
    /// touch has the gap it had before the move, whose covering anchors are in
    /// `covers.last` (`near`: those units); only the touched units are asked again. 72% of
    /// the positions with one piece left take this path (`trace 2026 0 300`).
    #[inline(always)]
    fn last_without_clears(
        &mut self,
        at: Node,
        after: PlanMove,
        r: usize,
        near: u64,
        touched: u64,
    ) -> bool {
        let geo = self.ev.geometry();
        let q = &self.tray.pieces[r];
        let empty = !at.board & self.full;
        let pos = q.positions(empty);
        let mut clearing = 0u128;
        let mut kept = near & !touched;
        while kept != 0 {
            clearing |= self.covers.last[kept.trailing_zeros() as usize];
            kept &= kept - 1;
        }
        let cells = q.cell_count() as u32;
        let mut asked = touched;
        while asked != 0 {
            let unit = asked.trailing_zeros() as usize;
            let gap = empty & geo.units()[unit];
            asked &= asked - 1;
            if gap.count_ones() <= cells {
                clearing |= self.covers.memo.covering(r, q, unit, gap);
            }
        }
        if clearing & pos != 0 {
            return false;
        }
        let i = after.piece;
        let depth = self.path.len();
        self.path.push(after);
        if self.work.visit() {
            if pos == 0 {
                self.finish(at);
            } else if r > i {
                // After a quiet move of a lower tray index, `r` may move quietly too.
                self.levels[depth + 1].parts = self.ev.floor_parts_at_by::<C>(
                    self.levels[depth].parts,
                    &self.tray.pieces[i],
                    after.anchor,
                    touched,
                );
                let open = self.leaf_gate();
                self.last_quiet_moves(at, r, pos, open);
            }
        }
        self.path.pop();
        true
    }

    /// The moves `moves` of the last piece (`gaps`: the near units of `from`): the moves
    /// that clear first, then, unless the floor of the evaluation already rules them all
    /// out, the others.
    #[inline(always)]
    fn last_moves(&mut self, from: Node, moves: PieceMoves, gaps: &[Gap]) {
        let i = moves.piece;
        let clearing = self
            .covers
            .memo
            .clearing_anchors(i, &self.tray.pieces[i], gaps)
            & moves.anchors;
        let quiet = moves.anchors & !clearing;
        let open = self.last_clearing_moves(from, i, clearing, gaps);
        if moves.kinds == Kinds::Clearing || quiet == 0 {
            return;
        }
        self.last_quiet_moves(from, i, quiet, open);
    }

    /// What a leaf placing as many pieces as the path and one more must beat to enter the
    /// list ([`TopPlans::gate`]). The last moves ask it once, and again only when a leaf
    /// enters the list (most do not: 5.80 G -> 5.41 G instructions of `trace 2026 0 300`
    /// when it came in).
    #[inline(always)]
    fn leaf_gate(&self) -> Option<Gate> {
        self.top.gate(self.path.len() + 1)
    }

    /// The last piece `i`'s moves at the anchors `clearing` (each completes one of `gaps`);
    /// returns [`Search::leaf_gate`] after them.
    #[inline(always)]
    fn last_clearing_moves(
        &mut self,
        from: Node,
        i: usize,
        mut clearing: u128,
        gaps: &[Gap],
    ) -> Option<Gate> {
        let geo = self.ev.geometry();
        let p = &self.tray.pieces[i];
        let mut open = self.leaf_gate();
        while clearing != 0 {
            let anchor = clearing.trailing_zeros();
            clearing &= clearing - 1;
            self.work.nodes += 1;
            let Some(gate) = open else {
                continue;
            };
            let placed = p.mask_at(anchor);
            let out = apply_near(geo, gaps, from.board, placed, self.turn(from));
            let eval = self.ev.eval_below_by::<C>(out.board, gate.bound);
            if eval >= gate.bound && gate.full {
                continue;
            }
            let last = PlanMove {
                piece: i,
                anchor,
                units: out.units,
                points: out.points,
            };
            let leaf = Leaf {
                board: out.board,
                points: from.points + out.points,
                streak: true,
                last: Some(last),
                eval,
            };
            self.top.offer(&self.path, leaf);
            open = self.leaf_gate();
        }
        open
    }

    /// The last piece `i`'s moves at the anchors `quiet` (none clears), `open` being
    /// [`Search::leaf_gate`] before them: all skipped at once when the floor of the board
    /// plus the piece already loses; otherwise only the anchors whose floor, boundary and
    /// unbarred cells ([`Evaluator::quiet_bound`], for all anchors at once) do not reach the
    /// bound are evaluated, each from the board's counts.
    #[inline(always)]
    fn last_quiet_moves(&mut self, from: Node, i: usize, quiet: u128, mut open: Option<Gate>) {
        let p = &self.tray.pieces[i];
        // Each anchor is a position examined, evaluated or not.
        self.work.nodes += u64::from(quiet.count_ones());
        let Some(Gate {
            bound: first_bound, ..
        }) = open
        else {
            return;
        };
        let parts = self.levels[self.path.len()].parts;
        let base = self.ev.floor_of_parts_by::<C>(parts);
        // Every quiet move ends on the board plus the piece: its floor is at least the
        // board's plus the piece's occupied cells.
        if self.ev.is_monotone()
            && base + self.ev.weights().occupied * p.cell_count() as i32 >= first_bound
        {
            return;
        }
        let bound_at = (first_bound != i32::MAX)
            .then(|| self.ev.quiet_board_by::<C>(from.board, base))
            .flatten()
            .map(|at| self.ev.quiet_bound(&at, p, &self.tray.sides[i]));
        let mut left = match &bound_at {
            Some(b) => quiet & b.below(first_bound),
            None => quiet,
        };
        // No clear: no points under classic scoring, the kept cells under combo.
        let gained = match self.scoring {
            Scoring::Classic => 0,
            Scoring::Combo => p.cell_count() as u64,
        };
        while left != 0 {
            let anchor = left.trailing_zeros();
            left &= left - 1;
            let Some(gate) = open else {
                return;
            };
            let after = from.board | p.mask_at(anchor);
            let units = self.tray.anchor_units[i][anchor as usize];
            let floor = base + self.ev.floor_added_by::<C>(&parts, p, anchor, units);
            let eval = self
                .ev
                .eval_below_with_floor_by::<C>(after, gate.bound, floor);
            if eval >= gate.bound && gate.full {
                continue;
            }
            let last = PlanMove {
                piece: i,
                anchor,
                units: Units::default(),
                points: gained,
            };
            let leaf = Leaf {
                board: after,
                points: from.points + gained,
                streak: false,
                last: Some(last),
                eval,
            };
            self.top.offer(&self.path, leaf);
            open = self.leaf_gate();
            // The bound fell: fewer anchors can still beat it.
            if let (Some(b), Some(gate)) = (&bound_at, open) {
                left &= b.below(gate.bound);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::Engine;
    use super::super::settings::has_popcnt;
    use super::super::testing::{brute, every_weight, test_turn};
    use crate::eval::Weights;
    use crate::geometry::Geometry;
    use crate::piece::{Placement, default_placements};
    use crate::rules::{apply, check};
    use puzzles_common::SplitMix64;

    /// The prunings lose nothing: on random crowded boards and trays the search finds the
    /// same best (pieces placed, evaluation, points) as trying everything, and its plan
    /// replays legally to the board it reports.
    #[test]
    fn search_matches_brute_force() {
        for weights in [Weights::default(), every_weight()] {
            search_matches_brute_force_with(weights);
        }
    }

    /// The search compiled for the POPCNT instruction and the portable one make the same
    /// plans (moves, board, evaluation, points, nodes; the lookahead included) on random
    /// boards and trays, under the default weights and with every weight on, on three
    /// geometries. On a CPU without POPCNT both engines are portable.
    #[test]
    fn popcount_instruction_changes_no_plan() {
        let mut rng = SplitMix64::new(23);
        for (size, box_size) in [(9, 3), (8, 0), (10, 2)] {
            let geo = Geometry::new(size, box_size).expect("valid geometry");
            let set = default_placements(&geo);
            for weights in [Weights::default(), every_weight()] {
                let fast = Engine::with_weights(geo.clone(), weights);
                assert_eq!(fast.config.popcnt, has_popcnt());
                let portable = fast.clone().with_popcount_instruction(false);
                assert!(!portable.config.popcnt);
                for case in 0..150 {
                    let mut board = rng.next_u128() & geo.full();
                    for _ in 0..(case % 4) {
                        board &= rng.next_u128();
                    }
                    board = geo.clear(board).0;
                    let tray: Vec<Placement> = (0..1 + case % 3)
                        .map(|_| set[rng.below(set.len() as u64) as usize].clone())
                        .collect();
                    let turn = test_turn(case);
                    assert_eq!(
                        fast.choose(board, &tray, turn),
                        portable.choose(board, &tray, turn),
                        "{size}x{size}, case {case}"
                    );
                }
            }
        }
    }

    fn search_matches_brute_force_with(weights: Weights) {
        let geo = Geometry::standard();
        let engine = Engine::with_weights(geo.clone(), weights)
            .with_lookahead(1)
            .with_exact_search();
        let looking = Engine::with_weights(geo.clone(), weights).with_exact_search();
        let set = default_placements(&geo);
        let mut rng = SplitMix64::new(11);
        for case in 0..300 {
            let mut board = rng.next_u128() & geo.full();
            for _ in 0..(case % 3) {
                board &= rng.next_u128();
            }
            // A board as the game leaves it: nothing full.
            board = geo.clear(board).0;
            // Four pieces on some of the half-full boards (every fourth of them), where the
            // brute force stays quick: the search's last two levels then start one deeper.
            let len = if case % 12 == 0 { 4 } else { 1 + case % 3 };
            let mut tray: Vec<Placement> = (0..len)
                .map(|_| set[rng.below(set.len() as u64) as usize].clone())
                .collect();
            if case % 7 == 0 && len > 1 {
                tray[1] = tray[0].clone();
            }
            let turn = test_turn(case);
            let plan = engine.choose(board, &tray, turn);
            let all = ((1u16 << len) - 1) as u8;
            let want = brute(engine.evaluator(), board, &tray, all, turn, 0, 0);
            assert_eq!(
                (plan.moves.len(), plan.eval, plan.points),
                want,
                "case {case}"
            );
            assert_eq!(plan.complete, want.0 == len);
            let mut b = board;
            let mut next = turn;
            for m in &plan.moves {
                let placed = check(b, Some(tray[m.piece].mask_at(m.anchor))).expect("legal");
                let out = apply(&geo, b, placed, next);
                assert_eq!((out.units, out.points), (m.units, m.points));
                b = out.board;
                next = next.after(&out.units);
            }
            assert_eq!(b, plan.board);
            assert_eq!(plan.complete, engine.fits_whole(board, &tray));
            // The lookahead picks among the best plans one it likes at least as well as the
            // best evaluated one.
            let other = looking.choose(board, &tray, turn);
            assert_eq!(other.complete, plan.complete);
            if plan.complete {
                assert!(looking.lookahead(other.board) <= looking.lookahead(plan.board));
            }
        }
    }
}
