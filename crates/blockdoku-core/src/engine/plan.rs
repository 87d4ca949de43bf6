//! The plan driver, [`Engine::plan`]: the search of the tray (compiled for the POPCNT
//! instruction when the CPU has it), the lookahead's choice among its best plans, and the
//! exact search when the narrowed one places less than the whole tray.

use super::lookahead::LookaheadMemory;
#[cfg(target_arch = "x86_64")]
use super::search::search_popcnt;
use super::search::{Ask, Node, Search, search_portable};
use super::settings::Narrowing;
use super::top::Plan;
use super::{Engine, MAX_TRAY, Turn};
#[cfg(target_arch = "x86_64")]
use crate::eval::Instruction;
use crate::eval::{Popcount, Portable};
use crate::geometry::Geometry;
use crate::piece::Placement;
use puzzles_common::Deadline;

impl Engine {
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
        let ask = Ask {
            board,
            tray: &tray[..tray.len().min(MAX_TRAY)],
            turn,
        };
        let narrowing = self.config.narrowing;
        let plan = self.search_plan(ask, deadline, narrowing)?;
        if plan.complete || narrowing == Narrowing::EXACT {
            return Some(plan);
        }
        // The narrowed search placed less than the whole tray: either no order places it or
        // every way to place it takes a first or second move the narrowing left out. Only the
        // exact search tells which, and whether the game is over must be exact.
        let exact = self.search_plan(ask, deadline, Narrowing::EXACT)?;
        Some(Plan {
            nodes: plan.nodes + exact.nodes,
            ..exact
        })
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
        fits(self.geometry(), board, tray, every_piece(tray))
    }

    /// [`Engine::plan`] searching the moves `narrowing` keeps, with the search compiled for
    /// POPCNT when the engine uses it.
    fn search_plan(&self, ask: Ask, deadline: Deadline, narrowing: Narrowing) -> Option<Plan> {
        #[cfg(target_arch = "x86_64")]
        if self.config.popcnt {
            // SAFETY: `popcnt` is true only when `is_x86_feature_detected!` found the POPCNT
            // instruction on this CPU (`settings::has_popcnt`), which is all `plan_popcnt`
            // needs.
            #[allow(unsafe_code)]
            let plan = unsafe { self.plan_popcnt(ask, deadline, narrowing) };
            return plan;
        }
        self.plan_by::<Portable, _>(ask, deadline, narrowing, search_portable)
    }

    /// [`Engine::plan`] compiled for the POPCNT instruction: the search and the lookahead
    /// are inlined here (and the search's recursion goes through [`search_popcnt`]), so
    /// their bit counts are the instruction: about a fifth fewer instructions
    /// (`valgrind --tool=callgrind target/release/examples/trace 2026 0 300`, against the
    /// same command with the portable search, `trace 2026 0 300 0`).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    fn plan_popcnt(&self, ask: Ask, deadline: Deadline, narrowing: Narrowing) -> Option<Plan> {
        self.plan_by::<Instruction, _>(ask, deadline, narrowing, |s, at, last_quiet| {
            search_popcnt(s, at, last_quiet)
        })
    }

    /// [`Engine::search_plan`] counting bits the way `C` does, the search recursing through
    /// `descend` (a function compiled the same way).
    #[inline(always)]
    fn plan_by<'t, C: Popcount, D>(
        &'t self,
        ask: Ask<'t>,
        deadline: Deadline,
        narrowing: Narrowing,
        descend: D,
    ) -> Option<Plan>
    where
        D: Fn(&mut Search<'t, C>, Node, Option<usize>) + Copy,
    {
        let root = Node {
            board: ask.board,
            left: every_piece(ask.tray),
            points: 0,
            streak: ask.turn.streak,
        };
        let found = Search::<C>::new(self, ask, narrowing, deadline).run(root, descend)?;
        let mut top = found.plans;
        if top.len() > 1 && top[0].complete {
            top.retain(|p| p.complete);
            let chosen = self.lookahead_choice::<C>(ask.board, &top, deadline)?;
            top.swap(0, chosen);
        }
        let mut plan = top.into_iter().next().unwrap_or_else(|| Plan {
            moves: Vec::new(),
            board: ask.board,
            complete: ask.tray.is_empty(),
            eval: self.ev.eval(ask.board),
            points: 0,
            streak: ask.turn.streak,
            nodes: 0,
        });
        plan.nodes = found.nodes;
        Some(plan)
    }

    /// The index in `top` (complete plans, best first, from a tray dealt on `board`) of the
    /// plan whose board the lookahead likes best; ties keep the better ranked plan. With a
    /// gap ([`Engine::with_lookahead_gap`]) on a board under its cells, the plans evaluated
    /// more than the gap above the best are left out. `None` when `deadline` passed first.
    #[inline(always)]
    fn lookahead_choice<C: Popcount>(
        &self,
        board: u128,
        top: &[Plan],
        deadline: Deadline,
    ) -> Option<usize> {
        let mut best: Option<(i64, usize)> = None;
        let mut memory = LookaheadMemory::new();
        for (i, p) in top.iter().enumerate() {
            if deadline.passed() {
                return None;
            }
            // A board already compared has the same sum, and ties keep the better ranked
            // plan: different paths often end on one board (45% of the plans compared on 8
            // games of seed 2026), so each board is summed once.
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
        Some(best.map_or(0, |(_, i)| i))
    }
}

/// Every piece of `tray` (at most [`MAX_TRAY`]), as bits of tray indexes.
fn every_piece(tray: &[Placement]) -> u8 {
    ((1u16 << tray.len()) - 1) as u8
}

#[cfg(test)]
mod tests {
    use super::super::settings::{FIRST_MOVES, LOOKAHEAD_GAP, LOOKAHEAD_GAP_UNDER};
    use super::super::testing::{brute, brute_from, random_case, test_turn};
    use super::*;
    use crate::piece::default_placements;
    use crate::rules::{apply, check};
    use puzzles_common::SplitMix64;

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
            let quiet = Turn {
                streak: false,
                ..turn
            };
            b = apply(exact.geometry(), b, placed, quiet).board;
        }
        assert_eq!(b, plan.board, "case {case}");
        (plan, exact_decided)
    }
}
