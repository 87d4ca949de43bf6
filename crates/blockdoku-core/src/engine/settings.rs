//! The engine's settings: what its search narrows and what its lookahead compares, in one
//! [`Config`] with one [`Default`], set through [`Engine`]'s `with_*` methods.
//!
//! Every default that changes moves was chosen by survival: the engine plays the same
//! seeded games with and without the setting, and the deaths per tray are compared with an
//! exact Poisson interval (`examples/versus.rs`; its `ENGINE` flags name each setting, e.g.
//! `target/release/examples/versus ours/first=N SEED 100000 10000 1 6000`). Deaths are rare
//! (about one in 100,000 trays), so each figure below took one or two hours of both cores.

use super::Engine;

/// How many of the best plans the one-piece lookahead compares by default (see
/// [`Engine::with_lookahead`]). Comparing fewer costs strength: three plans died 1.92
/// times (1.24-2.86) as often as six on seed 2036 (27 deaths, with ten first moves on both
/// sides: `versus ours@3/first=10 2036 100000 10000 1 6000`).
pub const LOOKAHEAD_CANDIDATES: usize = 6;

/// How many quiet first moves of each piece the engine searches by default (see
/// [`Engine::with_first_moves`]). With every second move searched, 20 died 0.97 times
/// (0.80-1.19) as often as the exact search over seeds 2028-2032 and 2034 (266 deaths) for
/// about 0.8 of its CPU; 15 died 1.24 times (0.94-1.64, seed 2027) and 10 1.22 times
/// (0.97-1.54, seeds 2033 and 2035): `versus ours/first=N SEED 100000 10000 1 6000`.
pub const FIRST_MOVES: usize = 20;

/// How many quiet second moves of each piece the engine searches by default (see
/// [`Engine::with_second_moves`]). With [`FIRST_MOVES`], 6 died 0.99 times (0.79-1.23) as
/// often as every second move (seed 2036, 121 deaths) for about 0.7 of its CPU; 4 died 1.12
/// times (0.91-1.38, seed 2035, 146 deaths) for about 0.65: `versus ours/second=N SEED
/// 100000 10000 1 6000`.
pub const SECOND_MOVES: usize = 6;

/// The lookahead's default gap (see [`Engine::with_lookahead_gap`]): on boards of fewer than
/// [`LOOKAHEAD_GAP_UNDER`] occupied cells, the plans evaluated more than this above the best
/// plan are left out of the lookahead. It takes 0.89-0.92 of the CPU per tray of comparing
/// every plan and died 1.15 times (0.98-1.36) as often on the same games of seeds 2036-2038
/// (332 deaths against 289: `versus ours/gap=50/under=25 SEED 100000 10000 1 5400` against
/// `ours/gap=all`); the engine with it dies 0.86 times (0.74-0.99) as often as blokie
/// (590 deaths, seeds 2036-2039; crate README).
pub const LOOKAHEAD_GAP: i32 = 50;

/// The boards the default gap applies to: those with fewer occupied cells than this (see
/// [`Engine::with_lookahead_gap_under`]). Crowded boards, where games end, keep the whole
/// lookahead: the gap of 50 on every board died 1.37 times (1.01-1.88) as often as comparing
/// every plan (seeds 2036-2037, 100 deaths against 74: `versus ours/gap=50 SEED 100000 10000
/// 1 5400`).
pub const LOOKAHEAD_GAP_UNDER: u32 = 25;

/// What an [`Engine`] searches and compares; [`Engine`]'s `with_*` methods set each field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Config {
    /// Plans compared by the lookahead (1: none).
    pub(super) candidates: usize,
    /// Plans whose evaluation is more than this above the best plan's are left out of the
    /// lookahead; none when `None`.
    pub(super) lookahead_gap: Option<i32>,
    /// The gap applies only to trays whose board has fewer occupied cells than this.
    pub(super) gap_under_cells: u32,
    /// Whether the plans kept for the lookahead end on different boards.
    pub(super) distinct: bool,
    /// Quiet first and second moves searched for each piece.
    pub(super) narrowing: Narrowing,
    /// Plan with the search compiled for the POPCNT instruction: true only when the CPU has
    /// it.
    pub(super) popcnt: bool,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            candidates: LOOKAHEAD_CANDIDATES,
            lookahead_gap: Some(LOOKAHEAD_GAP),
            gap_under_cells: LOOKAHEAD_GAP_UNDER,
            distinct: false,
            narrowing: Narrowing {
                first: Some(FIRST_MOVES),
                second: Some(SECOND_MOVES),
            },
            popcnt: has_popcnt(),
        }
    }
}

/// How many quiet moves of each piece the search keeps as a plan's first and second move
/// ([`Engine::with_first_moves`], [`Engine::with_second_moves`]); `None`: every one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Narrowing {
    pub(super) first: Option<usize>,
    pub(super) second: Option<usize>,
}

impl Narrowing {
    /// Every move: the exact search.
    pub(super) const EXACT: Narrowing = Narrowing {
        first: None,
        second: None,
    };
}

/// Whether this CPU has the POPCNT instruction (x86-64 only; checked once per engine).
pub(super) fn has_popcnt() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("popcnt")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

impl Engine {
    /// The same engine planning with the search compiled for the POPCNT instruction when
    /// `use_it` and the CPU has it, with the portable search otherwise. The plans are the
    /// same either way (the two count bits exactly); only the time differs.
    ///
    /// By default, this is true: the instruction is used when the CPU has it.
    pub fn with_popcount_instruction(mut self, use_it: bool) -> Engine {
        self.config.popcnt = use_it && has_popcnt();
        self
    }

    /// The same engine comparing its `candidates` best plans by the one-piece lookahead
    /// (0 or 1: no lookahead, the plan with the best evaluation).
    ///
    /// By default, this is [`LOOKAHEAD_CANDIDATES`].
    pub fn with_lookahead(mut self, candidates: usize) -> Engine {
        self.config.candidates = candidates.max(1);
        self
    }

    /// The same engine leaving out of the lookahead the plans whose evaluation is more than
    /// `gap` above the best plan's (`None`: every plan kept is compared), on the boards
    /// [`Engine::with_lookahead_gap_under`] says.
    ///
    /// By default, this is `Some(`[`LOOKAHEAD_GAP`]`)`.
    pub fn with_lookahead_gap(mut self, gap: Option<i32>) -> Engine {
        self.config.lookahead_gap = gap;
        self
    }

    /// The same engine applying [`Engine::with_lookahead_gap`]'s gap only to trays whose
    /// board has fewer than `cells` occupied cells: the crowded boards, where games end,
    /// keep the whole lookahead (`u32::MAX`: every tray).
    ///
    /// By default, this is [`LOOKAHEAD_GAP_UNDER`].
    pub fn with_lookahead_gap_under(mut self, cells: u32) -> Engine {
        self.config.gap_under_cells = cells;
        self
    }

    /// The same engine keeping, for the lookahead, its best plans that end on different
    /// boards (of plans ending on one board, the one ranked first: more points, or found
    /// first) when `distinct`. Different paths often end on one board: six plans held about
    /// 3.3 different boards a tray over 8 games of seed 2026 (counted with scratch code).
    /// Changes moves only when more than one plan is compared; no survival run has measured
    /// it at six plans.
    ///
    /// By default, this is false: the best plans whatever they end on.
    pub fn with_distinct_plans(mut self, distinct: bool) -> Engine {
        self.config.distinct = distinct;
        self
    }

    /// The same engine searching, as a plan's first move, every placement that clears and,
    /// of each piece's placements that clear nothing, only the `width` whose boards
    /// evaluate best (ties: the lower anchor); `None` searches every placement
    /// ([`Engine::with_exact_search`] also every second move). Two quiet moves in a row are
    /// searched in one order, the lower tray index first, so a plan starting with two quiet
    /// moves is searched when that one is kept. Most of the search's positions follow first
    /// moves that no good plan starts with: a piece put where it leaves a bad board is
    /// rarely redeemed by the next two. When no kept plan places the whole tray, the exact
    /// search decides, so whether the game is over stays exact.
    ///
    /// By default, this is `Some(`[`FIRST_MOVES`]`)`.
    pub fn with_first_moves(mut self, width: Option<usize>) -> Engine {
        self.config.narrowing.first = width;
        self
    }

    /// The same engine searching, as a plan's second move when more pieces follow it, every
    /// placement that clears and, of each piece's placements that clear nothing, those
    /// with the lowest quiet bounds (a lower bound of the evaluation's first stages, worked
    /// out for every anchor at once by bit-sliced sums): at least `width` of them, whole
    /// levels (places with equal bounds are kept or left together, so the choice does not
    /// depend on anchor order); `None` searches every one. Unlike the first moves these are
    /// ranked by the bound and not by evaluation: evaluating every second move to rank them
    /// cost 1.1 to 1.4 times the CPU of searching them all (widths 6 to 20, scratch code on
    /// the positions of `lookahead_width 2026 4 300`). As with [`Engine::with_first_moves`],
    /// when no kept plan places the whole tray the exact search decides.
    ///
    /// By default, this is `Some(`[`SECOND_MOVES`]`)`.
    pub fn with_second_moves(mut self, width: Option<usize>) -> Engine {
        self.config.narrowing.second = width;
        self
    }

    /// The same engine searching every move: no narrowing of the first or second moves
    /// ([`Engine::with_first_moves`]`(None)`, [`Engine::with_second_moves`]`(None)`).
    pub fn with_exact_search(self) -> Engine {
        self.with_first_moves(None).with_second_moves(None)
    }
}
