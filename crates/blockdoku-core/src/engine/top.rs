//! A plan, and the list of the best plans the search has found, best first: more pieces
//! placed, then a lower evaluation, then more points, then found first. The lookahead
//! compares them when the search is done.

use crate::geometry::Units;
use std::cmp::Reverse;

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

/// The best plans so far, at most `keep`, best first.
pub(super) struct TopPlans {
    plans: Vec<Plan>,
    keep: usize,
    /// Whether the list holds one plan per board ([`Engine::with_distinct_plans`]).
    ///
    /// [`Engine::with_distinct_plans`]: super::Engine::with_distinct_plans
    distinct: bool,
    /// The pieces of the tray: a plan placing them all is complete.
    tray_len: usize,
}

/// What a plan must beat to enter the list ([`TopPlans::gate`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Gate {
    /// The evaluation to come below ([`TopPlans::entry_bound`]).
    pub(super) bound: i32,
    /// The list is full of plans placing as many pieces: one that reaches `bound` cannot
    /// enter ([`TopPlans::full_of`]).
    pub(super) full: bool,
}

/// A plan offered to the list: the search's path, then `last` when given, ending on
/// `board` with `points` in all, evaluated `eval`.
pub(super) struct Leaf {
    pub(super) board: u128,
    pub(super) points: u64,
    /// Whether the last move cleared.
    pub(super) streak: bool,
    pub(super) last: Option<PlanMove>,
    pub(super) eval: i32,
}

impl TopPlans {
    /// An empty list keeping `keep` plans (one per board when `distinct`) for a tray of
    /// `tray_len` pieces.
    pub(super) fn new(keep: usize, distinct: bool, tray_len: usize) -> TopPlans {
        TopPlans {
            plans: Vec::with_capacity(keep + 1),
            keep,
            distinct,
            tray_len,
        }
    }

    /// The evaluation a plan placing `placed` pieces must beat (be below) to enter the list,
    /// or `None` when it cannot enter at all.
    pub(super) fn entry_bound(&self, placed: usize) -> Option<i32> {
        match self.plans.last() {
            Some(w) if self.plans.len() == self.keep => {
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

    /// True when the list is full and its worst plan places `placed` pieces: then a plan
    /// placing `placed` pieces whose evaluation reaches [`TopPlans::entry_bound`] cannot
    /// enter.
    pub(super) fn full_of(&self, placed: usize) -> bool {
        self.plans.len() == self.keep && self.plans.last().is_some_and(|w| w.moves.len() == placed)
    }

    /// What a plan placing `placed` pieces must beat; `None` when it cannot enter.
    #[inline(always)]
    pub(super) fn gate(&self, placed: usize) -> Option<Gate> {
        self.entry_bound(placed).map(|bound| Gate {
            bound,
            full: self.full_of(placed),
        })
    }

    /// Puts the plan `path` then `leaf.last` in its place in the list, when it has one. The
    /// last move is copied into the plan only when it enters the list: most leaves do not
    /// (pushing and popping it on the path for every leaf was 0.5% of the instructions).
    pub(super) fn offer(&mut self, path: &[PlanMove], leaf: Leaf) {
        let placed = path.len() + usize::from(leaf.last.is_some());
        let key = |p: usize, e: i32, pts: u64| (Reverse(p), e, Reverse(pts));
        let mine = key(placed, leaf.eval, leaf.points);
        let at = self
            .plans
            .partition_point(|p| key(p.moves.len(), p.eval, p.points) <= mine);
        if at >= self.keep {
            return;
        }
        // One plan per board: an equal board ranked before this plan keeps its place, one
        // ranked after (fewer points) gives it up.
        if self.distinct
            && let Some(j) = self.plans.iter().position(|q| q.board == leaf.board)
        {
            if j < at {
                return;
            }
            self.plans.remove(j);
        }
        let mut moves = Vec::with_capacity(placed);
        moves.extend_from_slice(path);
        moves.extend(leaf.last);
        self.plans.insert(
            at,
            Plan {
                moves,
                board: leaf.board,
                complete: placed == self.tray_len,
                eval: leaf.eval,
                points: leaf.points,
                streak: leaf.streak,
                nodes: 0,
            },
        );
        self.plans.truncate(self.keep);
    }

    /// The plans, best first.
    pub(super) fn into_plans(self) -> Vec<Plan> {
        self.plans
    }
}
