//! The playing engine: a search over a tray's orders and placements, scored by the static
//! evaluation of [`crate::eval`], whose best few plans a one-piece lookahead compares.
//!
//! The search tries every order of the tray and every placement of each piece, clearing
//! between placements, and keeps the boards it ends on with the lowest evaluation. Three
//! prunings keep it exact while visiting each reachable result about once:
//!
//! - Order: two moves in a row of which neither clears anything give the same board in
//!   either order (the second also fit before the first, and clears nothing there either),
//!   so only the order with the lower tray index first is searched. Most moves clear
//!   nothing, so most of the 3! orders of a tray are searched once instead of six times.
//! - Twins: of two identical pieces in a tray, the one with the lower index is placed first.
//! - Transpositions: a board reached again with the same pieces left (through different
//!   clears) is expanded once, unless it now comes with more points.
//!
//! The evaluation of a final board is asked with the best evaluation so far as a bound, so
//! the costliest features are skipped on boards that cannot win (see
//! [`Evaluator::eval_below`]).
//!
//! By default the engine narrows three things ([`settings`](self::settings) gives each
//! one's measured effect). Of each piece's first moves that clear nothing, only the
//! [`FIRST_MOVES`] whose boards evaluate best are searched further; of its second moves
//! that clear nothing (when a third move follows), only the [`SECOND_MOVES`] with the lowest
//! quiet bound. Both died as often as the exact search, for about 0.8 and 0.7 of its CPU.
//! When no plan the narrowed search keeps places the whole tray, the exact search decides,
//! so whether the game is over stays exact; [`Engine::with_exact_search`] is the exact
//! search. And on boards of fewer than [`LOOKAHEAD_GAP_UNDER`] cells, the lookahead leaves
//! out the plans evaluated more than [`LOOKAHEAD_GAP`] above the best: the one narrowing
//! that costs strength (about 1.15 times the deaths for about 0.9 of the CPU), still below
//! blokie's death rate.

mod near;
mod settings;

#[cfg(target_arch = "x86_64")]
use crate::eval::Instruction;
use crate::eval::{
    Evaluator, FloorParts, PieceSides, Popcount, Portable, QuietBoard, QuietBound, Weights,
};
use crate::geometry::{Geometry, Units};
use crate::piece::Placement;
use crate::rules::{Outcome, Scoring, points};
use near::{CoverMemo, Gap, Reach, UnitCounts, apply_near, gather};
use puzzles_common::{Deadline, Poll};
use settings::{Config, Narrowing};

use rustc_hash::FxBuildHasher;
pub use settings::{
    FIRST_MOVES, LOOKAHEAD_CANDIDATES, LOOKAHEAD_GAP, LOOKAHEAD_GAP_UNDER, SECOND_MOVES,
};
use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::marker::PhantomData;

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
    /// Positions examined (a measure of the work done).
    pub nodes: u64,
}

/// How a tray's moves are scored: the scoring rule, and whether the move before the tray
/// cleared (only `combo` scoring cares).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Turn {
    pub scoring: Scoring,
    pub streak: bool,
}

/// The most pieces a tray may hold for the search (the `left` sets are bytes).
pub const MAX_TRAY: usize = 8;

/// A piece of the default set that fits nowhere after a plan, in the lookahead's sum.
const LOOKAHEAD_DEAD: i64 = 3000;

/// The most pieces the lookahead sums (the default set has 47).
const MAX_LOOKAHEAD_PIECES: usize = 64;

/// No anchor to try first.
const NO_HINT: u32 = u32::MAX;

/// The engine as `best` and `selfplay` play it.
#[derive(Debug, Clone)]
pub struct Engine {
    ev: Evaluator,
    /// The default set in the order the lookahead sums it: largest pieces first, whose
    /// terms are the largest, so a plan that cannot win reaches the bound sooner.
    lookahead_pieces: Vec<Placement>,
    /// [`Evaluator::anchor_units`] of each of `lookahead_pieces`.
    lookahead_units: Vec<Vec<u64>>,
    /// [`Evaluator::piece_sides`] of each of `lookahead_pieces`.
    lookahead_sides: Vec<PieceSides>,
    /// The most cells of a piece in `lookahead_pieces`.
    largest_piece: u32,
    /// What the search narrows and the lookahead compares.
    config: Config,
    /// For each cell, a 1 in the empty-cell count of each of its units (see
    /// [`UnitCounts::after_quiet`]).
    cell_deltas: Vec<[u8; 64]>,
}

impl Engine {
    /// The engine with its default evaluation and lookahead for `geo`.
    pub fn new(geo: Geometry) -> Engine {
        Engine::with_weights(geo, Weights::default())
    }

    /// The engine with chosen evaluation weights.
    pub fn with_weights(geo: Geometry, weights: Weights) -> Engine {
        let ev = Evaluator::with_weights(geo.clone(), weights);
        let mut lookahead_pieces = ev.probes().to_vec();
        assert!(lookahead_pieces.len() <= MAX_LOOKAHEAD_PIECES);
        lookahead_pieces.sort_by_key(|p| std::cmp::Reverse(p.cell_count()));
        Engine {
            lookahead_units: lookahead_pieces
                .iter()
                .map(|p| ev.anchor_units(p))
                .collect(),
            lookahead_sides: lookahead_pieces.iter().map(|p| ev.piece_sides(p)).collect(),
            ev,
            largest_piece: lookahead_pieces
                .iter()
                .map(|p| p.cell_count() as u32)
                .max()
                .unwrap_or(0),
            lookahead_pieces,
            config: Config::default(),
            cell_deltas: near::cell_deltas(&geo),
        }
    }

    /// One piece of lookahead: for every piece of the default set, the evaluation of the
    /// best board after placing it next (and clearing), summed; a piece that fits nowhere
    /// costs `LOOKAHEAD_DEAD`. Lower is better.
    pub fn lookahead(&self, board: u128) -> i64 {
        self.lookahead_below(board, i64::MAX)
    }

    /// [`Engine::lookahead`] when it is below `bound`; otherwise some value at least `bound`.
    /// With every weight >= 0 each piece's term is >= 0, so the sum so far is a floor of the
    /// total: the pieces left are asked only for what could still beat `bound`, and none
    /// once the sum reaches it. The plans after the first rarely beat it: this roughly
    /// halves the lookahead's evaluations (see the crate README).
    pub fn lookahead_below(&self, board: u128, bound: i64) -> i64 {
        self.lookahead_hinted::<Portable>(board, bound, &mut LookaheadMemory::new())
    }

    /// [`Engine::lookahead_below`], trying first for each piece the anchor in `memory.hints`
    /// (the one that was best for it on the plan before, when it still fits) and leaving
    /// there the anchor that is best on this board. The candidate plans differ in a few
    /// cells, so the last best place is often still the best: found first, it is a tight
    /// bound for the piece's other places. The minimum, and so the sum, is the same in any
    /// order.
    #[inline(always)]
    fn lookahead_hinted<C: Popcount>(
        &self,
        board: u128,
        bound: i64,
        memory: &mut LookaheadMemory,
    ) -> i64 {
        let LookaheadMemory { hints, places } = memory;
        let empty = !board & self.geometry().full();
        let at = self.lookahead_board::<C>(board);
        let prune = at.prune;
        let pieces = self.lookahead_pieces.len();
        // The pieces in the order they are summed: as listed, unless there are floors.
        let mut order: [u8; MAX_LOOKAHEAD_PIECES] = std::array::from_fn(|j| j as u8);
        // rest[k]: a floor of the terms of the pieces summed k-th and after, so that a board
        // that cannot come under `bound` stops as soon as what it has summed and what is
        // still to come reach it, and each piece is asked only for what could still beat it.
        let mut rest = [0i64; MAX_LOOKAHEAD_PIECES + 1];
        let floors = prune && bound < i64::MAX;
        if floors {
            let mut floor = [0i64; MAX_LOOKAHEAD_PIECES];
            self.term_floors::<C>(&at, places, &mut floor);
            // The pieces that can clear first: their term is usually well above their quiet
            // places' floor, and summed first they reach the bound sooner on the boards that
            // cannot win (callgrind `trace 2026 0 300`: 0.839 G instructions, 0.844 G with
            // the quiet pieces first; session 14).
            let mut k = 0;
            for clears in [true, false] {
                for (j, place) in places[..pieces].iter().enumerate() {
                    if (place.clearing != 0) == clears {
                        order[k] = j as u8;
                        k += 1;
                    }
                }
            }
            for k in (0..pieces).rev() {
                rest[k] = rest[k + 1] + floor[usize::from(order[k])];
            }
            if rest[0] >= bound {
                return rest[0];
            }
        }
        let mut total = 0i64;
        for (k, &j) in order[..pieces].iter().enumerate() {
            let j = usize::from(j);
            let p = &self.lookahead_pieces[j];
            let sides = &self.lookahead_sides[j];
            let place = if floors {
                places[j]
            } else {
                self.piece_places::<C>(&at, p, sides, empty, false)
            };
            if place.pos == 0 {
                total += LOOKAHEAD_DEAD;
            } else {
                // The piece's best must come under what is left of the bound to matter.
                let cap = if prune {
                    i32::try_from(bound.saturating_sub(total + rest[k + 1])).unwrap_or(i32::MAX)
                } else {
                    i32::MAX
                };
                let piece = LookaheadPiece {
                    p,
                    units_at: &self.lookahead_units[j],
                    sides,
                };
                total += i64::from(self.piece_best::<C>(&at, &piece, &place, &mut hints[j], cap));
            }
            if prune && total + rest[k + 1] >= bound {
                return total + rest[k + 1];
            }
        }
        total
    }

    /// What the lookahead works out once for `board`.
    #[inline(always)]
    fn lookahead_board<C: Popcount>(&self, board: u128) -> LookaheadBoard {
        let parts = self.ev.floor_parts_by::<C>(board);
        let base = self.ev.floor_of_parts_by::<C>(parts);
        let mut at = LookaheadBoard {
            board,
            parts,
            base,
            quiet: self.ev.quiet_board_by::<C>(board, base),
            gaps: Vec::new(),
            prune: self.ev.is_monotone(),
        };
        self.geometry()
            .gaps(board, self.largest_piece, &mut at.gaps);
        at
    }

    /// Fills `floor[j]` with a floor of the lookahead's term for piece `j` on `at`: a piece
    /// that fits nowhere costs exactly [`LOOKAHEAD_DEAD`]; any other, at least the lower of
    /// the best evaluation of its clearing places (worked out exactly) and the floor of its
    /// quiet places (the lowest [`Evaluator::quiet_bound`], or the board's floor with its
    /// cells added), each weight being >= 0. The clearing places' evaluations are far above
    /// 0, which was their floor until session 14: they are most of a plan's sum, and with a
    /// floor of 0 a plan that could not win was cut only at its 38th piece of 47 on average.
    ///
    /// `places` is filled with each piece's [`PiecePlaces`], with their quiet bounds and
    /// best clearing places, for [`Engine::piece_best`] to use again.
    #[inline(always)]
    fn term_floors<C: Popcount>(
        &self,
        at: &LookaheadBoard,
        places: &mut [PiecePlaces],
        floor: &mut [i64],
    ) {
        let empty = !at.board & self.geometry().full();
        for (j, (p, sides)) in self
            .lookahead_pieces
            .iter()
            .zip(&self.lookahead_sides)
            .enumerate()
        {
            let mut place = self.piece_places::<C>(at, p, sides, empty, true);
            let quiet = place.pos & !place.clearing;
            // The quiet places' floor: the board's floor with the piece's cells, or the lowest
            // quiet bound when it is higher.
            let quiet_floor = if quiet == 0 {
                i32::MAX
            } else {
                let floor = at.base + self.ev.weights().occupied * p.cell_count() as i32;
                match &place.bound {
                    Some(b) => floor.max(b.least(quiet)),
                    None => floor,
                }
            };
            if place.clearing != 0 {
                place.cleared = Some(self.clearing_best::<C>(at, p, place.clearing));
            }
            floor[j] = if place.pos == 0 {
                LOOKAHEAD_DEAD
            } else {
                let cleared = place.cleared.map_or(i32::MAX, |(v, _)| v);
                i64::from(quiet_floor.min(cleared).max(0))
            };
            places[j] = place;
        }
    }

    /// Where `p` (whose outer sides are `sides`) fits on `at` (`empty`: its empty cells),
    /// where it clears, and, when `bounded` and it has quiet places, the bound of its places.
    #[inline(always)]
    fn piece_places<C: Popcount>(
        &self,
        at: &LookaheadBoard,
        p: &Placement,
        sides: &PieceSides,
        empty: u128,
        bounded: bool,
    ) -> PiecePlaces {
        let pos = p.positions(empty);
        if pos == 0 {
            return PiecePlaces::NONE;
        }
        let clearing = clearing_places(at, p) & pos;
        let bound = match &at.quiet {
            Some(q) if bounded && pos & !clearing != 0 => Some(self.ev.quiet_bound(q, p, sides)),
            _ => None,
        };
        PiecePlaces {
            pos,
            clearing,
            bound,
            cleared: None,
        }
    }

    /// The best evaluation of the boards after placing `p` at each of the anchors `clearing`
    /// on `at` (each clears) and the first anchor giving it.
    #[inline(always)]
    fn clearing_best<C: Popcount>(
        &self,
        at: &LookaheadBoard,
        p: &Placement,
        mut clearing: u128,
    ) -> (i32, u32) {
        let mut best = (i32::MAX, NO_HINT);
        while clearing != 0 {
            let anchor = clearing.trailing_zeros();
            clearing &= clearing - 1;
            let (after, _) = self.geometry().clear(at.board | p.mask_at(anchor));
            let v = self.ev.eval_below_by::<C>(after, best.0);
            if v < best.0 {
                best = (v, anchor);
            }
        }
        best
    }

    /// The lookahead's term for piece `piece` on `at`: the best evaluation of the board after
    /// placing it at one of the anchors `pos` (and clearing), when below `cap` (otherwise
    /// some value at least `cap`). Tries `hint` first and leaves there the best anchor found.
    #[inline(always)]
    fn piece_best<C: Popcount>(
        &self,
        at: &LookaheadBoard,
        piece: &LookaheadPiece,
        place: &PiecePlaces,
        hint: &mut u32,
        cap: i32,
    ) -> i32 {
        let pos = place.pos;
        let geo = self.geometry();
        let board = at.board;
        let p = piece.p;
        let mut best = cap;
        let mut best_anchor = NO_HINT;
        let mut clearing = place.clearing;
        let mut quiet = pos & !clearing;
        if let Some((v, anchor)) = place.cleared {
            // The clearing places are already evaluated.
            if v < best {
                best = v;
                best_anchor = anchor;
            }
            clearing = 0;
        }
        let mut try_anchor = |anchor: u32, after: u128, best: &mut i32| {
            let v = self.ev.eval_below_by::<C>(after, *best);
            if v < *best {
                *best = v;
                best_anchor = anchor;
            }
        };
        if *hint < u128::BITS && (clearing | quiet) & (1u128 << *hint) != 0 {
            let (after, _) = geo.clear(board | p.mask_at(*hint));
            try_anchor(*hint, after, &mut best);
        }
        // The clearing placements first: they leave the best boards, and then the quiet
        // ones are often all ruled out by their floor.
        while clearing != 0 {
            let anchor = clearing.trailing_zeros();
            clearing &= clearing - 1;
            let (after, _) = geo.clear(board | p.mask_at(anchor));
            try_anchor(anchor, after, &mut best);
        }
        // A placement that clears nothing ends on the board plus the piece, whose floor is
        // at least the board's plus the piece's cells (as in the search's last moves).
        let quiet_floor = at.base + self.ev.weights().occupied * p.cell_count() as i32;
        if at.prune && quiet_floor >= best {
            quiet = 0;
        }
        // Of the others, only those whose floor, boundary and unbarred cells come under the
        // best so far (`Evaluator::quiet_bound`), the lowest bounds first: the best place is
        // usually among them, and found early it rules out the rest.
        let bound_at = match (&place.bound, &at.quiet) {
            _ if quiet == 0 => None,
            (Some(b), _) => Some(*b),
            (None, Some(q)) => Some(self.ev.quiet_bound(q, p, piece.sides)),
            (None, None) => None,
        };
        if let Some(b) = &bound_at {
            quiet &= b.below(best);
        }
        let mut level = 0u128;
        while quiet != 0 {
            let anchor = match &bound_at {
                Some(b) => b.next_lowest(quiet, &mut level),
                None => quiet.trailing_zeros(),
            };
            quiet &= !(1u128 << anchor);
            let units = piece.units_at[anchor as usize];
            let floor = at.base + self.ev.floor_added_by::<C>(&at.parts, p, anchor, units);
            let v = self
                .ev
                .eval_below_with_floor_by::<C>(board | p.mask_at(anchor), best, floor);
            if v < best {
                best = v;
                best_anchor = anchor;
                if let Some(b) = &bound_at {
                    quiet &= b.below(best);
                }
            }
        }
        if best_anchor != NO_HINT {
            *hint = best_anchor;
        }
        best
    }

    /// Its evaluation.
    pub fn evaluator(&self) -> &Evaluator {
        &self.ev
    }

    /// The geometry it plays on.
    pub fn geometry(&self) -> &Geometry {
        self.ev.geometry()
    }

    /// Chooses the order and the places for a tray of at most [`MAX_TRAY`] pieces: the plan
    /// that places the most pieces, then leaves the board with the lowest evaluation, then
    /// has the most points (then the first found); with [`Engine::with_first_moves`], among
    /// the plans it keeps, unless none of them places the whole tray. `None` when
    /// `deadline` passed first.
    pub fn plan(
        &self,
        board: u128,
        tray: &[Placement],
        turn: Turn,
        deadline: Deadline,
    ) -> Option<Plan> {
        let narrowing = self.config.narrowing;
        let plan = self.search_plan(board, tray, turn, deadline, narrowing)?;
        if plan.complete || narrowing == Narrowing::EXACT {
            return Some(plan);
        }
        // The narrowed search placed less than the whole tray: either no order places it or
        // every way to place it takes a first or second move the narrowing left out. Only the
        // exact search tells which, and whether the game is over must be exact.
        let exact = self.search_plan(board, tray, turn, deadline, Narrowing::EXACT)?;
        Some(Plan {
            nodes: plan.nodes + exact.nodes,
            ..exact
        })
    }

    /// [`Engine::plan`] searching the moves `narrowing` keeps, with the search compiled for
    /// POPCNT when the engine uses it.
    fn search_plan(
        &self,
        board: u128,
        tray: &[Placement],
        turn: Turn,
        deadline: Deadline,
        narrowing: Narrowing,
    ) -> Option<Plan> {
        #[cfg(target_arch = "x86_64")]
        if self.config.popcnt {
            // SAFETY: `popcnt` is true only when `is_x86_feature_detected!` found the POPCNT
            // instruction on this CPU (`has_popcnt`), which is all `plan_popcnt` needs.
            #[allow(unsafe_code)]
            let plan = unsafe { self.plan_popcnt(board, tray, turn, deadline, narrowing) };
            return plan;
        }
        self.plan_by::<Portable, _>(board, tray, turn, deadline, narrowing, search_portable)
    }

    /// [`Engine::plan`] compiled for the POPCNT instruction: the search and the lookahead
    /// are inlined here (and the search's recursion goes through [`search_popcnt`]), so
    /// their bit counts are the instruction (about a fifth fewer instructions, crate
    /// README).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    fn plan_popcnt(
        &self,
        board: u128,
        tray: &[Placement],
        turn: Turn,
        deadline: Deadline,
        narrowing: Narrowing,
    ) -> Option<Plan> {
        self.plan_by::<Instruction, _>(
            board,
            tray,
            turn,
            deadline,
            narrowing,
            |s, at, left, last| search_popcnt(s, at, left, last),
        )
    }

    /// [`Engine::search_plan`] counting bits the way `C` does, the search recursing through
    /// `descend` (a function compiled the same way).
    #[inline(always)]
    fn plan_by<'t, C: Popcount, D>(
        &'t self,
        board: u128,
        tray: &'t [Placement],
        turn: Turn,
        deadline: Deadline,
        narrowing: Narrowing,
        descend: D,
    ) -> Option<Plan>
    where
        D: Fn(&mut Search<'t, C>, Node, u8, Option<usize>) + Copy,
    {
        let tray = &tray[..tray.len().min(MAX_TRAY)];
        let mut s = Search {
            ev: &self.ev,
            full: self.ev.geometry().full(),
            tray,
            twin: (0..tray.len())
                .map(|i| (0..i).find(|&j| tray[j].same_shape(&tray[i])))
                .collect(),
            scoring: turn.scoring,
            // Room for a mid-game tray's positions: from 1 << 10, growing the table was
            // about 2% of the samples (perf); 1 << 13 was no faster than this.
            seen: Seen::with_capacity_and_hasher(1 << 12, FxBuildHasher),
            path: Vec::with_capacity(tray.len()),
            gaps: vec![Vec::new(); tray.len() + 1],
            counts: vec![UnitCounts::of(self.geometry(), board); tray.len() + 1],
            parts: vec![self.ev.floor_parts(board); tray.len() + 1],
            cell_deltas: &self.cell_deltas,
            anchor_units: tray.iter().map(|p| self.ev.anchor_units(p)).collect(),
            sides: tray.iter().map(|p| self.ev.piece_sides(p)).collect(),
            last_cover: vec![0; self.geometry().units().len()],
            cover_memo: CoverMemo::new(tray.len(), self.geometry().units().len()),
            top: Vec::with_capacity(self.config.candidates + 1),
            keep: self.config.candidates,
            distinct: self.config.distinct && self.config.candidates > 1,
            narrowing,
            nodes: 0,
            poll: Poll::new(deadline),
            timed_out: false,
            popcount: PhantomData,
        };
        let all = ((1u16 << tray.len()) - 1) as u8;
        let reach = Reach::of(tray, all);
        gather(self.geometry(), board, &s.counts[0], reach, &mut s.gaps[0]);
        let root = Node {
            board,
            points: 0,
            streak: turn.streak,
        };
        descend(&mut s, root, all, None);
        if s.timed_out {
            return None;
        }
        let nodes = s.nodes;
        let mut top = s.top;
        if top.len() > 1 && top[0].complete {
            top.retain(|p| p.complete);
            let mut best: Option<(i64, usize)> = None;
            let mut memory = LookaheadMemory::new();
            for (i, p) in top.iter().enumerate() {
                if deadline.passed() {
                    return None;
                }
                // A board already compared has the same sum, and ties keep the better ranked
                // plan: different paths often end on one board (45% of the plans compared,
                // crate README), so each board is summed once.
                if top[..i].iter().any(|q| q.board == p.board) {
                    continue;
                }
                if let Some(gap) = self.config.lookahead_gap
                    && board.count_ones() < self.config.gap_under_cells
                    && p.eval > top[0].eval.saturating_add(gap)
                {
                    break;
                }
                let bound = best.map_or(i64::MAX, |(c, _)| c);
                let cost = self.lookahead_hinted::<C>(p.board, bound, &mut memory);
                // Strictly better only: ties keep the better ranked plan.
                if best.is_none_or(|(c, _)| cost < c) {
                    best = Some((cost, i));
                }
            }
            let chosen = best.map_or(0, |(_, i)| i);
            top.swap(0, chosen);
        }
        let mut plan = top.into_iter().next().unwrap_or_else(|| Plan {
            moves: Vec::new(),
            board,
            complete: tray.is_empty(),
            eval: self.ev.eval(board),
            points: 0,
            streak: turn.streak,
            nodes: 0,
        });
        plan.nodes = nodes;
        Some(plan)
    }

    /// The plan with no time limit.
    pub fn choose(&self, board: u128, tray: &[Placement], turn: Turn) -> Plan {
        match self.plan(board, tray, turn, Deadline::NEVER) {
            Some(p) => p,
            None => unreachable!("a search without a deadline always finishes"),
        }
    }

    /// True when some order places the whole tray (a depth-first search that stops at the
    /// first way, evaluating nothing).
    pub fn fits_whole(&self, board: u128, tray: &[Placement]) -> bool {
        fn fits(geo: &Geometry, board: u128, tray: &[Placement], left: u8) -> bool {
            if left == 0 {
                return true;
            }
            let empty = !board & geo.full();
            (0..tray.len()).filter(|i| left & (1 << i) != 0).any(|i| {
                let p = &tray[i];
                let mut pos = p.positions(empty);
                while pos != 0 {
                    let anchor = pos.trailing_zeros();
                    pos &= pos - 1;
                    let (after, _) = geo.clear(board | p.mask_at(anchor));
                    if fits(geo, after, tray, left & !(1 << i)) {
                        return true;
                    }
                }
                false
            })
        }
        let tray = &tray[..tray.len().min(MAX_TRAY)];
        fits(
            self.geometry(),
            board,
            tray,
            ((1u16 << tray.len()) - 1) as u8,
        )
    }
}

/// The anchors where `p` completes one of the units of `at` with few enough empty cells
/// (some of them may not fit).
#[inline(always)]
fn clearing_places(at: &LookaheadBoard, p: &Placement) -> u128 {
    let cells = p.cell_count() as u32;
    let mut clearing = 0u128;
    for &(count, gap) in &at.gaps {
        if count <= cells {
            clearing |= p.covering(gap);
        }
    }
    clearing
}

/// A position of the search: the board, the points so far, and whether the last move cleared.
#[derive(Clone, Copy)]
struct Node {
    board: u128,
    points: u64,
    streak: bool,
}

/// What the lookahead works out once per board for every piece it asks: the board, its
/// floor's counts and floor, and its units with few enough empty cells for the largest piece.
struct LookaheadBoard {
    board: u128,
    parts: FloorParts,
    base: i32,
    /// What [`Evaluator::quiet_bound`] needs of `board`, when the weights allow it.
    quiet: Option<QuietBoard>,
    gaps: Vec<(u32, u128)>,
    /// Whether the evaluation is monotone (every weight >= 0), so floors may rule boards out.
    prune: bool,
}

/// Where a piece of the lookahead fits on a board, where it clears (a subset), and the
/// bound of its quiet places when already worked out.
#[derive(Clone, Copy)]
struct PiecePlaces {
    pos: u128,
    clearing: u128,
    bound: Option<QuietBound>,
    /// The best evaluation of the places in `clearing` and its anchor, when worked out.
    cleared: Option<(i32, u32)>,
}

impl PiecePlaces {
    /// Fits nowhere.
    const NONE: PiecePlaces = PiecePlaces {
        pos: 0,
        clearing: 0,
        bound: None,
        cleared: None,
    };
}

/// What the lookahead keeps from one plan's board to the next.
struct LookaheadMemory {
    /// For each piece, the anchor that was best on the last board (see
    /// [`Engine::lookahead_hinted`]).
    hints: [u32; MAX_LOOKAHEAD_PIECES],
    /// Each piece's places on the board being summed, worked out for the floors when there
    /// are floors to work out. Kept here so that it is set up once per tray and not once
    /// per board (the set-up was 1.5% of the instructions, session 14).
    places: [PiecePlaces; MAX_LOOKAHEAD_PIECES],
}

impl LookaheadMemory {
    /// No hints yet.
    fn new() -> LookaheadMemory {
        LookaheadMemory {
            hints: [NO_HINT; MAX_LOOKAHEAD_PIECES],
            places: [PiecePlaces::NONE; MAX_LOOKAHEAD_PIECES],
        }
    }
}

/// A piece of the lookahead with what is worked out for it once per engine.
struct LookaheadPiece<'a> {
    p: &'a Placement,
    /// [`Evaluator::anchor_units`] of `p`.
    units_at: &'a [u64],
    /// [`Evaluator::piece_sides`] of `p`.
    sides: &'a PieceSides,
}

/// (board, pieces-left) keys, with the Fx hash: SipHash costs more than it saves.
type Seen = HashMap<(u128, u8), u64, FxBuildHasher>;

struct Search<'a, C> {
    ev: &'a Evaluator,
    full: u128,
    tray: &'a [Placement],
    /// `twin[i]`: an earlier tray index with the same shape, placed before `i`.
    twin: Vec<Option<usize>>,
    scoring: Scoring,
    seen: Seen,
    path: Vec<PlanMove>,
    /// The near units of the position at each depth (pieces placed) and the empty cells of
    /// each unit there, filled by the move that leads there (see [`near`]); the buffers
    /// are reused from position to position.
    gaps: Vec<Vec<Gap>>,
    counts: Vec<UnitCounts>,
    /// The floor's counts ([`FloorParts`]) of the position at each depth, likewise.
    parts: Vec<FloorParts>,
    cell_deltas: &'a [[u8; 64]],
    /// [`Evaluator::anchor_units`] of each tray piece.
    anchor_units: Vec<Vec<u64>>,
    /// The outer sides of each tray piece ([`Evaluator::piece_sides`]).
    sides: Vec<PieceSides>,
    /// Indexed by unit: the anchors where the last piece covers the unit's gap, for the
    /// near units of the position before the last move ([`Search::inner_moves`]).
    last_cover: Vec<u128>,
    /// The tray pieces' covering anchors of the gaps last asked.
    cover_memo: CoverMemo,
    /// The best plans so far, best first, at most `keep`.
    top: Vec<Plan>,
    keep: usize,
    /// Whether `top` holds one plan per board ([`Engine::with_distinct_plans`]).
    distinct: bool,
    /// [`Engine::with_first_moves`] and [`Engine::with_second_moves`].
    narrowing: Narrowing,
    nodes: u64,
    poll: Poll,
    timed_out: bool,
    /// How the evaluation counts bits (see [`Popcount`]).
    popcount: PhantomData<C>,
}

/// The `width` anchors of `quiet` (placements of `p` on `board` that clear nothing) whose
/// boards have the lowest evaluation, as a bitboard; ties go to the lower anchor, so the
/// choice is the same on every run. `at` holds what the evaluation needs of `board`: its
/// floor's counts, and `p`'s [`Evaluator::anchor_units`] and [`Evaluator::piece_sides`].
///
/// Only the places that could still enter the `width` best are evaluated exactly: each
/// board is asked against the worst kept so far ([`Evaluator::eval_below`]), and the
/// places whose [`Evaluator::quiet_bound`] reaches it are never built, the lowest bounds
/// first so that the kept list is good early (as the lookahead's quiet places are).
fn best_quiet<C: Popcount>(
    ev: &Evaluator,
    at: &QuietPlaces,
    mut quiet: u128,
    width: usize,
) -> u128 {
    if quiet.count_ones() as usize <= width {
        return quiet;
    }
    if width == 0 {
        return 0;
    }
    let p = at.p;
    let base = ev.floor_of_parts_by::<C>(*at.parts);
    let bound_at = at.bound::<C>(ev, base);
    // The best so far by (evaluation, anchor), at most `width`, in order.
    let mut kept: Vec<(i32, u32)> = Vec::with_capacity(width + 1);
    let mut level = 0u128;
    loop {
        // A place enters when it evaluates at most the worst kept (ties: the lower anchor).
        let cap = match kept.last() {
            Some(&(e, _)) if kept.len() == width => e.saturating_add(1),
            _ => i32::MAX,
        };
        if let Some(b) = &bound_at {
            quiet &= b.below(cap);
        }
        if quiet == 0 {
            break;
        }
        let anchor = match &bound_at {
            Some(b) => b.next_lowest(quiet, &mut level),
            None => quiet.trailing_zeros(),
        };
        quiet &= !(1u128 << anchor);
        let units = at.units_at[anchor as usize];
        let floor = base + ev.floor_added_by::<C>(at.parts, p, anchor, units);
        let v = ev.eval_below_with_floor_by::<C>(at.board | p.mask_at(anchor), cap, floor);
        if v >= cap {
            continue;
        }
        let key = (v, anchor);
        let slot = kept.partition_point(|&k| k < key);
        if slot < width {
            kept.insert(slot, key);
            kept.truncate(width);
        }
    }
    kept.iter()
        .fold(0u128, |kept, &(_, anchor)| kept | 1u128 << anchor)
}

/// At least `width` anchors of `quiet` (placements of `p` on `board` that clear nothing):
/// those with the lowest [`Evaluator::quiet_bound`], whole levels of equal bounds, or all of
/// `quiet` when the weights allow no bound. No board is built or evaluated.
fn lowest_bound_quiet<C: Popcount>(
    ev: &Evaluator,
    at: &QuietPlaces,
    mut quiet: u128,
    width: usize,
) -> u128 {
    if quiet.count_ones() as usize <= width {
        return quiet;
    }
    let base = ev.floor_of_parts_by::<C>(*at.parts);
    let Some(bound) = at.bound::<C>(ev, base) else {
        return quiet;
    };
    let mut kept = 0u128;
    while quiet != 0 && (kept.count_ones() as usize) < width {
        let level = bound.lowest(quiet);
        kept |= level;
        quiet &= !level;
    }
    kept
}

/// What [`best_quiet`] and [`lowest_bound_quiet`] are asked about: a piece and the board
/// it is placed on.
struct QuietPlaces<'a> {
    board: u128,
    /// The floor's counts of `board`.
    parts: &'a FloorParts,
    p: &'a Placement,
    /// [`Evaluator::anchor_units`] of `p`.
    units_at: &'a [u64],
    /// [`Evaluator::piece_sides`] of `p`.
    sides: &'a PieceSides,
}

impl QuietPlaces<'_> {
    /// The [`Evaluator::quiet_bound`] of `p`'s places on `board` (whose floor is `base`),
    /// when the weights allow one.
    #[inline(always)]
    fn bound<C: Popcount>(&self, ev: &Evaluator, base: i32) -> Option<QuietBound> {
        ev.quiet_board_by::<C>(self.board, base)
            .map(|q| ev.quiet_bound(&q, self.p, self.sides))
    }
}

/// The search's recursion with portable bit counts.
fn search_portable(s: &mut Search<'_, Portable>, at: Node, left: u8, last: Option<usize>) {
    s.go(at, left, last, search_portable);
}

/// The search's recursion compiled for the POPCNT instruction: [`Search::go`] and the
/// evaluation it asks are inlined here. Only [`Engine::plan_popcnt`] and itself call it.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
fn search_popcnt(s: &mut Search<'_, Instruction>, at: Node, left: u8, last: Option<usize>) {
    s.go(at, left, last, |s, at, left, last| {
        search_popcnt(s, at, left, last)
    });
}

impl<'a, C: Popcount> Search<'a, C> {
    /// The evaluation a plan placing `placed` pieces must beat (be below) to enter the top
    /// list, or `None` when it cannot enter at all.
    fn entry_bound(&self, placed: usize) -> Option<i32> {
        match self.top.last() {
            Some(w) if self.top.len() == self.keep => {
                if w.moves.len() > placed {
                    None
                } else if w.moves.len() == placed {
                    // Ties go to points: one past the worst kept evaluation.
                    Some(w.eval.saturating_add(1))
                } else {
                    Some(i32::MAX)
                }
            }
            _ => Some(i32::MAX),
        }
    }

    /// Offers the board the path ends on as a plan (the last piece's moves offer theirs in
    /// [`Search::last_moves`], the same way).
    #[inline(always)]
    fn finish(&mut self, board: u128, points: u64, streak: bool) {
        let placed = self.path.len();
        let Some(bound) = self.entry_bound(placed) else {
            return;
        };
        let eval = self.ev.eval_below_by::<C>(board, bound);
        // Most leaves reach the bound of a full list: they cannot enter, and looking for
        // their place in it took about 40% of this function's time (perf annotate).
        if eval >= bound && self.full_of(placed) {
            return;
        }
        self.enter(board, points, streak, None, eval, placed);
    }

    /// True when the list is full and its worst plan places `placed` pieces: then a plan
    /// placing `placed` pieces whose evaluation reaches [`Search::entry_bound`] cannot enter.
    fn full_of(&self, placed: usize) -> bool {
        self.top.len() == self.keep && self.top.last().is_some_and(|w| w.moves.len() == placed)
    }

    /// Puts the plan the path (and then `last`) ends on, evaluated `eval`, in its place in
    /// the list, when it has one. The last move is copied into the plan only when it enters
    /// the list: most leaves do not (pushing and popping it on the path for every leaf: 0.5%
    /// of the instructions).
    fn enter(
        &mut self,
        board: u128,
        points: u64,
        streak: bool,
        last: Option<PlanMove>,
        eval: i32,
        placed: usize,
    ) {
        // More pieces placed, then a lower evaluation, then more points, then found first.
        let key = |p: usize, e: i32, pts: u64| (std::cmp::Reverse(p), e, std::cmp::Reverse(pts));
        let mine = key(placed, eval, points);
        let at = self
            .top
            .partition_point(|p| key(p.moves.len(), p.eval, p.points) <= mine);
        if at >= self.keep {
            return;
        }
        // One plan per board: an equal board ranked before this plan keeps its place, one
        // ranked after (fewer points) gives it up.
        if self.distinct
            && let Some(j) = self.top.iter().position(|q| q.board == board)
        {
            if j < at {
                return;
            }
            self.top.remove(j);
        }
        let mut moves = Vec::with_capacity(placed);
        moves.extend_from_slice(&self.path);
        moves.extend(last);
        self.top.insert(
            at,
            Plan {
                moves,
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

    /// Expands the position `board` with the pieces `left`; `last`: the tray index of the
    /// move that led here when it cleared nothing. `self.gaps` at this depth holds the near
    /// units of `board` for the pieces `left` (filled by the move that led here).
    /// `descend` expands the positions after each move (this function, compiled the same way:
    /// see [`search_portable`]).
    #[inline(always)]
    fn go<D>(&mut self, at: Node, left: u8, last: Option<usize>, descend: D)
    where
        D: Fn(&mut Self, Node, u8, Option<usize>) + Copy,
    {
        let Node {
            board,
            points,
            streak,
        } = at;
        self.nodes += 1;
        if self.poll.step() {
            self.timed_out = true;
        }
        if self.timed_out {
            return;
        }
        if left == 0 {
            self.finish(board, points, streak);
            return;
        }
        let last_piece = left.count_ones() == 1;
        let empty = !board & self.full;
        let depth = self.path.len();
        let gaps = std::mem::take(&mut self.gaps[depth]);
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
            let pos = p.positions(empty);
            any |= pos != 0;
            // A non-clearing move after a non-clearing move of a higher index is searched
            // in the other order.
            let must_clear = last.is_some_and(|j| j > i);
            let from = Node {
                board,
                points,
                streak,
            };
            if last_piece {
                self.last_moves(from, i, pos, &gaps, must_clear);
            } else {
                self.inner_moves(from, left, i, pos, &gaps, must_clear, descend);
            }
        }
        self.gaps[depth] = gaps;
        if !any {
            // Dead end: the pieces left fit nowhere. A candidate only when nothing better
            // (more pieces placed) exists.
            self.finish(board, points, streak);
        }
    }

    /// The moves of piece `i` at the anchors `pos` when more pieces follow.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn inner_moves<D>(
        &mut self,
        from: Node,
        left: u8,
        i: usize,
        mut pos: u128,
        gaps: &[Gap],
        must_clear: bool,
        descend: D,
    ) where
        D: Fn(&mut Self, Node, u8, Option<usize>) + Copy,
    {
        let geo = self.ev.geometry();
        let p = &self.tray[i];
        let rest = left & !(1 << i);
        let clearing = self.cover_memo.clearing_anchors(i, p, gaps) & pos;
        if must_clear {
            pos = clearing;
        }
        let depth = self.path.len();
        let width = match depth {
            0 => self.narrowing.first,
            1 => self.narrowing.second,
            _ => None,
        };
        if let Some(width) = width {
            let at = QuietPlaces {
                board: from.board,
                parts: &self.parts[depth],
                p,
                units_at: &self.anchor_units[i],
                sides: &self.sides[i],
            };
            let quiet = pos & !clearing;
            pos = clearing
                | if depth == 0 {
                    best_quiet::<C>(self.ev, &at, quiet, width)
                } else {
                    lowest_bound_quiet::<C>(self.ev, &at, quiet, width)
                };
        }
        // A move that clears nothing scores the same wherever it is.
        let quiet_points = points(self.scoring, &Units::default(), p.origin(), from.streak);
        let reach = Reach::of(self.tray, rest);
        // When one piece is left after this move, one of which clears nothing: the near
        // units it could complete here.
        let last = (rest.count_ones() == 1 && pos & !clearing != 0).then(|| {
            let r = rest.trailing_zeros() as usize;
            (r, self.cover_last(r, gaps))
        });
        while pos != 0 {
            let anchor = pos.trailing_zeros();
            pos &= pos - 1;
            let placed = p.mask_at(anchor);
            let out = if clearing & (1u128 << anchor) != 0 {
                apply_near(geo, gaps, from.board, placed, self.scoring, from.streak)
            } else {
                Outcome {
                    board: from.board | placed,
                    units: Units::default(),
                    points: quiet_points,
                }
            };
            let total = from.points + out.points;
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
            if let Some((r, near)) = last
                && out.units.is_empty()
            {
                let units = self.anchor_units[i][anchor as usize];
                let next = Node {
                    board: out.board,
                    points: total,
                    streak: false,
                };
                let after = PlanMove {
                    piece: i,
                    anchor,
                    units: out.units,
                    points: out.points,
                };
                if self.last_without_clears(next, after, r, near, units) {
                    continue;
                }
            }
            let counts = if out.units.is_empty() {
                self.counts[depth].after_quiet(self.cell_deltas, placed)
            } else {
                UnitCounts::of(geo, out.board)
            };
            self.counts[depth + 1] = counts;
            self.parts[depth + 1] = if out.units.is_empty() {
                let units = self.anchor_units[i][anchor as usize];
                self.ev
                    .floor_parts_at_by::<C>(self.parts[depth], p, anchor, units)
            } else {
                self.ev.floor_parts_by::<C>(out.board)
            };
            let mut next = std::mem::take(&mut self.gaps[depth + 1]);
            gather(geo, out.board, &counts, reach, &mut next);
            self.gaps[depth + 1] = next;
            self.path.push(PlanMove {
                piece: i,
                anchor,
                units: out.units,
                points: out.points,
            });
            let next_last = if out.units.is_empty() { Some(i) } else { None };
            let next = Node {
                board: out.board,
                points: total,
                streak: !out.units.is_empty(),
            };
            descend(self, next, rest, next_last);
            self.path.pop();
        }
    }

    /// Fills `last_cover` for the last piece `r` with the anchors covering each of `gaps`
    /// (the near units of the position before the last move) it could complete, and returns
    /// those units as bits.
    #[inline(always)]
    fn cover_last(&mut self, r: usize, gaps: &[Gap]) -> u64 {
        let q = &self.tray[r];
        let cells = q.cell_count() as u32;
        let mut near = 0u64;
        for g in gaps {
            if g.count <= cells {
                let unit = g.unit as usize;
                self.last_cover[unit] = self.cover_memo.covering(r, q, unit, g.cells);
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
    /// `last_cover` (`near`: those units); only the touched units are asked again. 72% of
    /// the positions with one piece left take this path (crate README, session 11).
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
        let q = &self.tray[r];
        let empty = !at.board & self.full;
        let pos = q.positions(empty);
        let mut clearing = 0u128;
        let mut kept = near & !touched;
        while kept != 0 {
            clearing |= self.last_cover[kept.trailing_zeros() as usize];
            kept &= kept - 1;
        }
        let cells = q.cell_count() as u32;
        let mut asked = touched;
        while asked != 0 {
            let unit = asked.trailing_zeros() as usize;
            let gap = empty & geo.units()[unit];
            asked &= asked - 1;
            if gap.count_ones() <= cells {
                clearing |= self.cover_memo.covering(r, q, unit, gap);
            }
        }
        if clearing & pos != 0 {
            return false;
        }
        let i = after.piece;
        let depth = self.path.len();
        self.path.push(after);
        self.nodes += 1;
        if self.poll.step() {
            self.timed_out = true;
        }
        if !self.timed_out {
            if pos == 0 {
                self.finish(at.board, at.points, at.streak);
            } else if r > i {
                // After a quiet move of a lower tray index, `r` may move quietly too.
                self.parts[depth + 1] = self.ev.floor_parts_at_by::<C>(
                    self.parts[depth],
                    &self.tray[i],
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

    /// The moves of the last piece `i` at the anchors `pos`: the moves that clear first,
    /// then, unless the floor of the evaluation already rules them all out, the others.
    #[inline(always)]
    fn last_moves(&mut self, from: Node, i: usize, pos: u128, gaps: &[Gap], must_clear: bool) {
        let clearing = self.cover_memo.clearing_anchors(i, &self.tray[i], gaps) & pos;
        let quiet = pos & !clearing;
        let open = self.last_clearing_moves(from, i, clearing, gaps);
        if must_clear || quiet == 0 {
            return;
        }
        self.last_quiet_moves(from, i, quiet, open);
    }

    /// What a leaf placing as many pieces as the path and one more must beat to enter the
    /// list, and whether the list is full of such plans ([`Search::entry_bound`],
    /// [`Search::full_of`]); `None` when no such leaf can enter. The last moves ask it once,
    /// and again only when a leaf enters the list (most do not: 5.80 G -> 5.41 G
    /// instructions, crate README).
    #[inline(always)]
    fn leaf_gate(&self) -> Option<(i32, bool)> {
        let placed = self.path.len() + 1;
        self.entry_bound(placed)
            .map(|bound| (bound, self.full_of(placed)))
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
    ) -> Option<(i32, bool)> {
        let geo = self.ev.geometry();
        let p = &self.tray[i];
        let placed_count = self.path.len() + 1;
        let mut open = self.leaf_gate();
        while clearing != 0 {
            let anchor = clearing.trailing_zeros();
            clearing &= clearing - 1;
            self.nodes += 1;
            let Some((bound, full)) = open else {
                continue;
            };
            let out = apply_near(
                geo,
                gaps,
                from.board,
                p.mask_at(anchor),
                self.scoring,
                from.streak,
            );
            let eval = self.ev.eval_below_by::<C>(out.board, bound);
            if eval >= bound && full {
                continue;
            }
            let last = PlanMove {
                piece: i,
                anchor,
                units: out.units,
                points: out.points,
            };
            self.enter(
                out.board,
                from.points + out.points,
                true,
                Some(last),
                eval,
                placed_count,
            );
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
    fn last_quiet_moves(
        &mut self,
        from: Node,
        i: usize,
        quiet: u128,
        mut open: Option<(i32, bool)>,
    ) {
        let p = &self.tray[i];
        let placed_count = self.path.len() + 1;
        // Each anchor is a position examined, evaluated or not.
        self.nodes += u64::from(quiet.count_ones());
        let Some((first_bound, _)) = open else {
            return;
        };
        let parts = self.parts[self.path.len()];
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
            .map(|at| self.ev.quiet_bound(&at, p, &self.sides[i]));
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
            let Some((bound, full)) = open else {
                return;
            };
            let after = from.board | p.mask_at(anchor);
            let units = self.anchor_units[i][anchor as usize];
            let floor = base + self.ev.floor_added_by::<C>(&parts, p, anchor, units);
            let eval = self.ev.eval_below_with_floor_by::<C>(after, bound, floor);
            if eval >= bound && full {
                continue;
            }
            let last = PlanMove {
                piece: i,
                anchor,
                units: Units::default(),
                points: gained,
            };
            self.enter(
                after,
                from.points + gained,
                false,
                Some(last),
                eval,
                placed_count,
            );
            open = self.leaf_gate();
            // The bound fell: fewer anchors can still beat it.
            if let (Some(b), Some((bound, _))) = (&bound_at, open) {
                left &= b.below(bound);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::default_placements;
    use crate::rules::{apply, check};
    use puzzles_common::SplitMix64;
    use settings::has_popcnt;

    /// Every order and placement, no pruning: the best (placed, evaluation, points).
    fn brute(
        ev: &Evaluator,
        board: u128,
        tray: &[Placement],
        left: u8,
        turn: Turn,
        points: u64,
        placed: usize,
    ) -> (usize, i32, u64) {
        brute_from(
            ev,
            board,
            tray,
            left,
            turn,
            (points, placed),
            Narrowing::EXACT,
            None,
        )
    }

    /// [`brute`], and when `narrowing` narrows, the plans [`Engine::with_first_moves`] and
    /// [`Engine::with_second_moves`] search: two quiet moves in a row in rising tray order
    /// only (`last_quiet`: the tray index of the move before when it cleared nothing); as
    /// the first move a quiet placement only when its board is among the piece's
    /// `narrowing.first` best by (evaluation, anchor), each board evaluated here from
    /// scratch; as the second move, when more follow, a quiet placement only when fewer
    /// than `narrowing.second` of the piece's quiet places have a lower quiet bound, each
    /// place's bound asked alone.
    #[allow(clippy::too_many_arguments)]
    fn brute_from(
        ev: &Evaluator,
        board: u128,
        tray: &[Placement],
        left: u8,
        turn: Turn,
        (points, placed): (u64, usize),
        narrowing: Narrowing,
        last_quiet: Option<usize>,
    ) -> (usize, i32, u64) {
        let geo = ev.geometry();
        let mut best: Option<(usize, i32, u64)> = None;
        let narrowed = narrowing != Narrowing::EXACT;
        for i in (0..tray.len()).filter(|i| left & (1 << i) != 0) {
            let mut pos = tray[i].positions(!board & geo.full());
            let quiet_places: Vec<u32> = (0..u128::BITS)
                .filter(|&a| pos & (1u128 << a) != 0)
                .filter(|&a| {
                    apply(geo, board, tray[i].mask_at(a), turn.scoring, false)
                        .units
                        .is_empty()
                })
                .collect();
            // The quiet places a narrowed second move keeps.
            let second_kept: Option<Vec<u32>> = match narrowing.second {
                Some(width) if placed == 1 && left.count_ones() > 1 => {
                    let base = ev.floor_of_parts(ev.floor_parts(board));
                    let at = ev
                        .quiet_board_by::<Portable>(board, base)
                        .expect("default weights");
                    let bound = ev.quiet_bound(&at, &tray[i], &ev.piece_sides(&tray[i]));
                    let of = |a: u32| bound.least(1u128 << a);
                    Some(
                        quiet_places
                            .iter()
                            .copied()
                            .filter(|&a| {
                                quiet_places.iter().filter(|&&b| of(b) < of(a)).count() < width
                            })
                            .collect(),
                    )
                }
                _ => None,
            };
            let quiet_rank: Vec<(i32, u32)> = if placed == 0 && narrowing.first.is_some() {
                // A quiet place's board is the board with the piece added.
                let mut ranked: Vec<(i32, u32)> = quiet_places
                    .iter()
                    .map(|&a| (ev.eval(board | tray[i].mask_at(a)), a))
                    .collect();
                ranked.sort_unstable();
                ranked
            } else {
                Vec::new()
            };
            while pos != 0 {
                let a = pos.trailing_zeros();
                pos &= pos - 1;
                let out = apply(geo, board, tray[i].mask_at(a), turn.scoring, turn.streak);
                let quiet = out.units.is_empty();
                if narrowed && quiet && last_quiet.is_some_and(|j| j > i) {
                    continue;
                }
                if let Some(width) = narrowing.first
                    && quiet
                    && placed == 0
                    && !quiet_rank.iter().take(width).any(|r| r.1 == a)
                {
                    continue;
                }
                if let Some(kept) = &second_kept
                    && quiet
                    && !kept.contains(&a)
                {
                    continue;
                }
                let next = Turn {
                    streak: !quiet,
                    ..turn
                };
                let r = brute_from(
                    ev,
                    out.board,
                    tray,
                    left & !(1 << i),
                    next,
                    (points + out.points, placed + 1),
                    narrowing,
                    quiet.then_some(i),
                );
                let key =
                    |x: (usize, i32, u64)| (std::cmp::Reverse(x.0), x.1, std::cmp::Reverse(x.2));
                if best.is_none_or(|b| key(r) < key(b)) {
                    best = Some(r);
                }
            }
        }
        best.unwrap_or((placed, ev.eval(board), points))
    }

    /// The bounded lookahead is exact below its bound and at least the bound otherwise.
    #[test]
    fn lookahead_below_is_exact_under_the_bound() {
        let geo = Geometry::standard();
        let engine = Engine::new(geo.clone());
        let mut rng = SplitMix64::new(5);
        for _ in 0..60 {
            let board = geo.clear(rng.next_u128() & rng.next_u128() & geo.full()).0;
            let exact = engine.lookahead(board);
            for bound in [exact - 1, exact, exact + 1, 0, exact / 2, i64::MAX] {
                let v = engine.lookahead_below(board, bound);
                if exact < bound {
                    assert_eq!(v, exact);
                } else {
                    assert!(v >= bound, "{v} for bound {bound}, exact {exact}");
                }
            }
        }
    }

    /// The floors of the lookahead's terms are at most the terms, piece by piece, and not
    /// all 0, for the pieces that can clear too: each piece's term is worked out from
    /// scratch, from every place.
    #[test]
    fn term_floors_never_exceed_the_terms() {
        let geo = Geometry::standard();
        let engine = Engine::new(geo.clone());
        let mut rng = SplitMix64::new(23);
        let (mut quiet_above_zero, mut clearing_above_zero, mut quiet_beat_clears) = (0, 0, 0);
        for case in 0..120 {
            let mut board = rng.next_u128() & geo.full();
            match case % 3 {
                0 => board &= rng.next_u128(),
                1 => board |= rng.next_u128(),
                _ => {}
            }
            let board = geo.clear(board).0;
            let at = engine.lookahead_board::<Portable>(board);
            let mut floor = [0i64; MAX_LOOKAHEAD_PIECES];
            let mut places = [PiecePlaces::NONE; MAX_LOOKAHEAD_PIECES];
            engine.term_floors::<Portable>(&at, &mut places, &mut floor);
            for (j, p) in engine.lookahead_pieces.iter().enumerate() {
                let mut pos = p.positions(!board & geo.full());
                let term = if pos == 0 {
                    LOOKAHEAD_DEAD
                } else {
                    let mut best = i64::MAX;
                    while pos != 0 {
                        let anchor = pos.trailing_zeros();
                        pos &= pos - 1;
                        let after = geo.clear(board | p.mask_at(anchor)).0;
                        best = best.min(i64::from(engine.evaluator().eval(after)));
                    }
                    best
                };
                assert!(
                    floor[j] <= term,
                    "piece {j}: floor {} above its term {term}",
                    floor[j]
                );
                if let Some((cleared, _)) = places[j].cleared {
                    clearing_above_zero += usize::from(floor[j] > 0);
                    quiet_beat_clears += usize::from(term < i64::from(cleared));
                } else {
                    quiet_above_zero += usize::from(floor[j] > 0);
                }
            }
        }
        assert!(quiet_above_zero > 0, "every quiet piece's floor was 0");
        assert!(
            clearing_above_zero > 0,
            "every clearing piece's floor was 0"
        );
        assert!(
            quiet_beat_clears > 0,
            "no quiet place beat the clearing ones"
        );
    }

    /// Hints change no lookahead value: stale hints from another board, random anchors
    /// (fitting or not) and none all give what the plain lookahead gives, for every bound.
    #[test]
    fn lookahead_hints_change_no_value() {
        let geo = Geometry::standard();
        let engine = Engine::new(geo.clone());
        let mut rng = SplitMix64::new(19);
        // Carried from board to board with its places, as `plan` does.
        let mut carried = LookaheadMemory::new();
        let mut moved = 0;
        for case in 0..80 {
            let board = geo.clear(rng.next_u128() & rng.next_u128() & geo.full()).0;
            let exact = engine.lookahead(board);
            let mut random = LookaheadMemory::new();
            for h in random.hints.iter_mut() {
                *h = if case % 3 == 0 {
                    NO_HINT
                } else {
                    rng.below(81) as u32
                };
            }
            for bound in [exact - 1, exact, exact + 1, exact / 2, i64::MAX] {
                let plain = engine.lookahead_below(board, bound);
                let before = carried.hints;
                assert_eq!(
                    engine.lookahead_hinted::<Portable>(board, bound, &mut carried),
                    plain
                );
                moved += usize::from(before != carried.hints);
                let mut fresh = LookaheadMemory::new();
                fresh.hints = random.hints;
                assert_eq!(
                    engine.lookahead_hinted::<Portable>(board, bound, &mut fresh),
                    plain
                );
            }
        }
        assert!(moved > 10, "hints were carried from board to board");
    }

    /// The prunings lose nothing: on random crowded boards and trays the search finds the
    /// same best (pieces placed, evaluation, points) as trying everything, and its plan
    /// replays legally to the board it reports.
    /// Every weight of the evaluation on (the floor's box kinds, the boundary's box edges,
    /// the edge slots, the hard pieces' scarcity), beside the defaults.
    fn every_weight() -> crate::eval::Weights {
        crate::eval::Weights {
            off_box_edges: 12,
            edge_slots: 50,
            side_box_cells: 2,
            corner_box_cells: 8,
            hard_crowded: 5,
            box_middle: 3,
            box_corner: 4,
            lines: 5,
            crowded: 2,
            ..Default::default()
        }
    }

    #[test]
    fn search_matches_brute_force() {
        for weights in [crate::eval::Weights::default(), every_weight()] {
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
            for weights in [crate::eval::Weights::default(), every_weight()] {
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

    /// Keeping one plan per board never makes the lookahead choose worse: the default's
    /// boards are the first of the boards in rank order, the distinct engine's are the first
    /// six, so its lowest sum is at most the default's and equal only on the same board.
    /// Without the lookahead the option changes nothing.
    #[test]
    fn distinct_plans_never_choose_a_worse_board() {
        let mut rng = SplitMix64::new(29);
        let geo = Geometry::standard();
        let set = default_placements(&geo);
        let default = Engine::new(geo.clone());
        let distinct = default.clone().with_distinct_plans(true);
        let (plain, plain_distinct) = (
            default.clone().with_lookahead(1),
            distinct.clone().with_lookahead(1),
        );
        let mut differ = 0;
        for case in 0..200 {
            let (board, tray) = random_case(&mut rng, &geo, &set, case);
            let turn = test_turn(case);
            let (a, b) = (
                default.choose(board, &tray, turn),
                distinct.choose(board, &tray, turn),
            );
            if a.complete {
                let (sum_a, sum_b) = (default.lookahead(a.board), default.lookahead(b.board));
                assert!(
                    sum_b < sum_a || b.board == a.board,
                    "case {case}: {sum_b} against {sum_a}"
                );
                differ += usize::from(b.board != a.board);
            }
            assert_eq!(
                plain.choose(board, &tray, turn),
                plain_distinct.choose(board, &tray, turn),
                "case {case}"
            );
        }
        assert!(differ > 0, "the option changed no choice");
    }

    /// The default gap ([`LOOKAHEAD_GAP`] under [`LOOKAHEAD_GAP_UNDER`] cells) leaves
    /// crowded boards as every plan compared, and on sparser ones picks a plan evaluated
    /// within the gap of the best: the same board as comparing every plan whenever that
    /// board is within it, and otherwise one with a lookahead sum no better.
    #[test]
    fn lookahead_gap_compares_the_plans_within_it() {
        let mut rng = SplitMix64::new(41);
        let geo = Geometry::standard();
        let set = default_placements(&geo);
        let gapped = Engine::new(geo.clone());
        let every = gapped.clone().with_lookahead_gap(None);
        let best_only = gapped.clone().with_lookahead(1);
        let (mut crowded, mut differ) = (0, 0);
        for case in 0..240 {
            // One case in four as crowded as half the board.
            let (board, tray) = if case % 4 == 3 {
                let board = geo.clear(rng.next_u128() & geo.full()).0;
                let tray = random_case(&mut rng, &geo, &set, case).1;
                (board, tray)
            } else {
                random_case(&mut rng, &geo, &set, case)
            };
            let turn = test_turn(case);
            let (got, all) = (
                gapped.choose(board, &tray, turn),
                every.choose(board, &tray, turn),
            );
            if board.count_ones() >= LOOKAHEAD_GAP_UNDER {
                crowded += 1;
                assert_eq!(got, all, "case {case}");
                continue;
            }
            if !all.complete {
                assert_eq!(got, all, "case {case}");
                continue;
            }
            let best = best_only.choose(board, &tray, turn).eval;
            assert!(got.eval <= best + LOOKAHEAD_GAP, "case {case}");
            if all.eval <= best + LOOKAHEAD_GAP {
                assert_eq!(got.board, all.board, "case {case}");
            } else {
                differ += 1;
                assert!(
                    gapped.lookahead(got.board) >= gapped.lookahead(all.board),
                    "case {case}"
                );
            }
        }
        assert!(crowded > 0, "no crowded board");
        assert!(differ > 0, "the gap changed no choice");
    }

    /// With [`Engine::with_first_moves`], the search finds the best of the plans it
    /// promises (checked by brute force over exactly those plans), each plan legal, or the
    /// exact search's plan when none of those places the whole tray, so whether the tray
    /// fits is always exact; wide enough to keep every quiet first move, it is the exact
    /// search.
    #[test]
    fn first_moves_find_the_best_plan_among_those_kept() {
        check_narrowing(
            31,
            |case| Narrowing {
                first: Some([0, 3, 12, FIRST_MOVES][case % 4]),
                second: None,
            },
            |exact, _| exact.clone(),
            |reference| reference.clone().with_first_moves(Some(81)),
        );
    }

    /// With [`Engine::with_second_moves`] too, the search finds the best of the plans it
    /// keeps (brute force over exactly those plans), or the exact search's plan when none
    /// of them places the whole tray; wide enough to keep every quiet second move, it is the
    /// search narrowed at the first move only.
    #[test]
    fn second_moves_find_the_best_plan_among_those_kept() {
        check_narrowing(
            37,
            |case| Narrowing {
                first: [None, Some(FIRST_MOVES), None, Some(3)][case % 4],
                second: Some([0, 2, 6, 12][(case / 4) % 4]),
            },
            |exact, n| exact.clone().with_first_moves(n.first),
            |reference| reference.clone().with_second_moves(Some(81)),
        );
    }

    /// On 150 random cases (seeded by `seed`) narrowed by `narrowing_of(case)`: the plan is
    /// right ([`check_narrowed_plan`]), some differ from the plan of `reference(exact,
    /// narrowing)` (the search without the narrowing under test), some need the exact
    /// search, and `widened(reference)`, wide enough to keep every place, plays as the
    /// reference.
    fn check_narrowing(
        seed: u64,
        narrowing_of: impl Fn(usize) -> Narrowing,
        reference: impl Fn(&Engine, Narrowing) -> Engine,
        widened: impl Fn(&Engine) -> Engine,
    ) {
        let mut rng = SplitMix64::new(seed);
        let geo = Geometry::standard();
        let set = default_placements(&geo);
        let exact = Engine::new(geo.clone())
            .with_lookahead(1)
            .with_exact_search();
        let (mut narrowed, mut fell_back) = (0, 0);
        for case in 0..150 {
            let (board, tray) = random_case(&mut rng, &geo, &set, case);
            let turn = test_turn(case);
            let narrowing = narrowing_of(case);
            let (plan, exact_decided) =
                check_narrowed_plan(&exact, narrowing, board, &tray, turn, case);
            fell_back += usize::from(exact_decided);
            let unnarrowed = reference(&exact, narrowing);
            let want = unnarrowed.choose(board, &tray, turn);
            narrowed += usize::from(plan.eval != want.eval);
            let wide = widened(&unnarrowed).choose(board, &tray, turn);
            assert_eq!(wide, want, "case {case}");
        }
        assert!(narrowed > 0, "the narrowing changed no plan");
        assert!(fell_back > 0, "no case needed the exact search");
    }

    /// The plan of `exact` (the exact search, without lookahead) narrowed by `narrowing`,
    /// checked: the best of the plans the narrowing keeps by brute force over exactly
    /// those, or the exact search's when none of them places the whole tray (then also
    /// returns true); whether the tray fits is exact, and every move is legal and ends on
    /// the plan's board.
    fn check_narrowed_plan(
        exact: &Engine,
        narrowing: Narrowing,
        board: u128,
        tray: &[Placement],
        turn: Turn,
        case: usize,
    ) -> (Plan, bool) {
        let engine = exact
            .clone()
            .with_first_moves(narrowing.first)
            .with_second_moves(narrowing.second);
        let plan = engine.choose(board, tray, turn);
        let ev = exact.evaluator();
        let mut want = brute_from(ev, board, tray, 0b111, turn, (0, 0), narrowing, None);
        // No kept plan places the whole tray: the exact search decides.
        let exact_decided = want.0 < tray.len();
        if exact_decided {
            want = brute(ev, board, tray, 0b111, turn, 0, 0);
        }
        let got = (plan.moves.len(), plan.eval, plan.points);
        assert_eq!(got, want, "case {case}");
        assert_eq!(plan.complete, exact.fits_whole(board, tray), "case {case}");
        let mut b = board;
        for m in &plan.moves {
            let placed = check(b, Some(tray[m.piece].mask_at(m.anchor))).expect("legal");
            b = apply(exact.geometry(), b, placed, turn.scoring, false).board;
        }
        assert_eq!(b, plan.board, "case {case}");
        (plan, exact_decided)
    }

    /// A random board as the game leaves it (nothing full; sparser by `case % 3`) and a
    /// tray of three pieces from `set`.
    fn random_case(
        rng: &mut SplitMix64,
        geo: &Geometry,
        set: &[Placement],
        case: usize,
    ) -> (u128, Vec<Placement>) {
        let mut board = rng.next_u128() & geo.full();
        for _ in 0..1 + case % 3 {
            board &= rng.next_u128();
        }
        let tray = (0..3)
            .map(|_| set[rng.below(set.len() as u64) as usize].clone())
            .collect();
        (geo.clear(board).0, tray)
    }

    /// The scoring and streak of random case `case`: both scorings, a streak one case in four.
    fn test_turn(case: usize) -> Turn {
        Turn {
            scoring: if case.is_multiple_of(2) {
                Scoring::Classic
            } else {
                Scoring::Combo
            },
            streak: case % 4 == 1,
        }
    }

    fn search_matches_brute_force_with(weights: crate::eval::Weights) {
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
            let mut streak = turn.streak;
            for m in &plan.moves {
                let placed = check(b, Some(tray[m.piece].mask_at(m.anchor))).expect("legal");
                let out = apply(&geo, b, placed, turn.scoring, streak);
                assert_eq!((out.units, out.points), (m.units, m.points));
                b = out.board;
                streak = !out.units.is_empty();
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
