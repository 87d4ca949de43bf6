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
//! By default the engine narrows three things (`settings` gives each one's
//! measured effect). Of each piece's first moves that clear nothing, only the
//! [`FIRST_MOVES`] whose boards evaluate best are searched further; of its second moves
//! that clear nothing (when a third move follows), only the [`SECOND_MOVES`] with the lowest
//! quiet bound. Both died as often as the exact search, for about 0.8 and 0.7 of its CPU.
//! When no plan the narrowed search keeps places the whole tray, the exact search decides,
//! so whether the game is over stays exact; [`Engine::with_exact_search`] is the exact
//! search. And on boards of fewer than [`LOOKAHEAD_GAP_UNDER`] cells, the lookahead leaves
//! out the plans evaluated more than [`LOOKAHEAD_GAP`] above the best: the one narrowing
//! that costs strength (about 1.15 times the deaths for about 0.9 of the CPU), still below
//! blokie's death rate.
//!
//! The engine's files, each importing only those below it:
//!
//! - `settings`: the one `Config` and its `with_*` builders, with the
//!   measured effect of each default;
//! - `plan`: [`Engine::plan`], the driver: the search, the lookahead's choice among its best
//!   plans, and the exact search when the narrowed one cannot place the whole tray;
//! - `lookahead`: [`Engine::lookahead`], the one-piece lookahead and its floors;
//! - `search`: the search of one tray, its prunings and narrowings;
//! - `top`: a [`Plan`], and the list of the best plans the search has found;
//! - `quiet`: which quiet first and second moves the narrowed search keeps;
//! - `near`: the units a position's pieces could complete in one move.

mod lookahead;
mod near;
mod plan;
mod quiet;
mod search;
mod settings;
mod top;

#[cfg(test)]
mod testing;

use crate::eval::{Evaluator, Weights};
use crate::geometry::Geometry;
use lookahead::LookaheadSet;
use settings::Config;

pub use crate::rules::Turn;
pub use settings::{
    FIRST_MOVES, LOOKAHEAD_CANDIDATES, LOOKAHEAD_GAP, LOOKAHEAD_GAP_UNDER, SECOND_MOVES,
};
pub use top::{Plan, PlanMove};

/// The most pieces a tray may hold for the search (the sets of pieces left are bytes).
pub const MAX_TRAY: usize = 8;

/// The engine as `best` and `selfplay` play it.
#[derive(Debug, Clone)]
pub struct Engine {
    ev: Evaluator,
    /// The default set as the lookahead sums it.
    lookahead_set: LookaheadSet,
    /// What the search narrows and the lookahead compares.
    config: Config,
    /// For each cell, a 1 in the empty-cell count of each of its units (see
    /// [`near::UnitCounts::after_quiet`]).
    cell_deltas: Vec<[u8; 64]>,
}

impl Engine {
    /// The engine with its default evaluation and settings for `geo`.
    pub fn new(geo: Geometry) -> Engine {
        Engine::with_weights(geo, Weights::default())
    }

    /// The engine with chosen evaluation weights.
    pub fn with_weights(geo: Geometry, weights: Weights) -> Engine {
        let ev = Evaluator::with_weights(geo.clone(), weights);
        Engine {
            lookahead_set: LookaheadSet::new(&ev),
            ev,
            config: Config::default(),
            cell_deltas: near::cell_deltas(&geo),
        }
    }

    /// Its evaluation.
    pub fn evaluator(&self) -> &Evaluator {
        &self.ev
    }

    /// The geometry it plays on.
    pub fn geometry(&self) -> &Geometry {
        self.ev.geometry()
    }
}
