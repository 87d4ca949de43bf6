//! The order encoding of each block's start, added beside the automaton of
//! [`super::encode_line`] (issue 24).
//!
//! Per block k of a line, literals "block k starts at or before cell t" for every t
//! between its first and last possible start (a ladder: each implies the next), channelled
//! to the automaton's "block k starts at cell t" variables, ordered against the block
//! before (block k + 1 starts at least `len_k + 1` cells after block k), and tied to the
//! cells by "an empty cell at or after block k's start lies after its end". The
//! automaton alone already has exactly the right models and its unit propagation is line
//! logic; the ladders add a vocabulary of ranges ("the third block of column 40 lies
//! above row 20") that conflict analysis can learn clauses over and the solver can branch
//! on, where the automaton's variables each name one position.
//!
//! **Measured** (conflicts of `nonogram_solve FILE 3600000 default SEED`; one seed is a
//! lottery ticket: without ladders Sierp #12548 takes 12,781 to 90,888 conflicts over 11
//! seeds): Sierp's median over 11 seeds fell from 48,593 to 21,608 conflicts, Gettys
//! #22336's median from 49,971 (7 seeds) to 32,006 (9 seeds); a conflict
//! costs about 30 % more (Gettys 612-636 against 472-484 us), so Gettys' CPU fell by
//! 17-22 % on the default seed. On random 45x45 and 50x50 puzzles (many blocks per line)
//! the conflicts draw and a conflict costs 170-200 us against 120-150. The numbers and the
//! variants that lost are in BENCHMARKS.md (issue 24, fifth session).

use super::{ClauseSink, SatStop, Term};
use batsat::{Lit, SolverInterface, lbool};

/// Whether the solver may branch on the ladder literals. A ladder decision splits a
/// block's possible starts into two ranges, the "bisection" of CP solvers. Measured on
/// Sierp over seeds 1-6, with the filled-cell clauses too (a variant not kept): not
/// branching on the ladders put the median at about 50,000 conflicts, branching on them
/// and not on the automaton's states at about 26,000, on both at about 20,000.
const BRANCH_ON_LADDERS: bool = true;

/// One block's "starts at or before cell t" literals.
struct Ladder {
    /// First and last possible start.
    first: usize,
    last: usize,
    /// `at_or_before[t - first]` for `first <= t < last` (from `last` on it is true, and
    /// before `first` false).
    at_or_before: Vec<Lit>,
}

impl Ladder {
    fn at_or_before(&self, t: isize) -> Term {
        if t < self.first as isize {
            Term::False
        } else if t >= self.last as isize {
            Term::True
        } else {
            Term::Lit(self.at_or_before[t as usize - self.first])
        }
    }
}

/// Adds the ladders of one line: `starts[k][t]` is the automaton's "block k starts at
/// cell t" literal (`None`: it cannot), `cells` the line's cell literals (true = filled).
pub(super) fn encode_ladders(
    solver: &mut batsat::Solver<SatStop>,
    sink: &mut ClauseSink,
    clues: &[u32],
    starts: &[Vec<Option<Lit>>],
    cells: &[Lit],
) {
    let mut clause = Vec::with_capacity(4);
    let mut ladders: Vec<Ladder> = Vec::with_capacity(clues.len());
    for block in starts {
        let (Some(first), Some(last)) = (
            block.iter().position(Option::is_some),
            block.iter().rposition(Option::is_some),
        ) else {
            // A block with no start: the automaton has already made the line unsatisfiable.
            return;
        };
        let mut at_or_before: Vec<Lit> = Vec::with_capacity(last - first);
        for t in first..last {
            let lit = match block[t] {
                // Cannot start at t: "at or before t" is "at or before t - 1".
                None => at_or_before[t - first - 1],
                // Nothing earlier: "at or before the first start" is "at the first start".
                Some(start) if t == first => start,
                Some(_) => Lit::new(solver.new_var(lbool::UNDEF, BRANCH_ON_LADDERS), true),
            };
            at_or_before.push(lit);
        }
        let ladder = Ladder {
            first,
            last,
            at_or_before,
        };
        // "At or before t" is "at or before t - 1" or "at t", and not both.
        for (t, start) in block.iter().enumerate().take(last + 1).skip(first + 1) {
            let Some(start) = *start else { continue };
            let now = ladder.at_or_before(t as isize);
            let before = ladder.at_or_before(t as isize - 1);
            let start = Term::Lit(start);
            for terms in [
                [!before, now, Term::False],
                [!start, now, Term::False],
                [!start, !before, Term::False],
                [!now, before, start],
            ] {
                sink.add_terms(solver, &terms, &mut clause);
            }
        }
        ladders.push(ladder);
    }
    // Block k + 1 starts at least len_k + 1 cells after block k.
    for k in 1..ladders.len() {
        let gap = clues[k - 1] as isize + 1;
        for t in ladders[k].first..ladders[k].last {
            let t = t as isize;
            let terms = [
                !ladders[k].at_or_before(t),
                ladders[k - 1].at_or_before(t - gap),
            ];
            sink.add_terms(solver, &terms, &mut clause);
        }
    }
    // An empty cell at or after block k's start lies after its end: the block started
    // at least len_k cells before it.
    for (t, &cell) in cells.iter().enumerate() {
        let t = t as isize;
        for (ladder, &len) in ladders.iter().zip(clues) {
            let terms = [
                Term::Lit(cell),
                !ladder.at_or_before(t),
                ladder.at_or_before(t - len as isize),
            ];
            sink.add_terms(solver, &terms, &mut clause);
        }
    }
}
