//! The order encoding of one line: per block k, literals "block k starts at or
//! before cell t" (a ladder: each implies the next) over the block's possible starts, and
//! clauses that tie them to each other and to the cells.
//!
//! Clauses, with `S_k(t)` for "block k starts at or before t" (false before the block's
//! first possible start, true from its last one on, and equal to `S_k(t - 1)` where the
//! block cannot start at t):
//! - the ladder: `S_k(t - 1) -> S_k(t)`;
//! - the order of the blocks: `S_k(t) -> S_(k-1)(t - len_(k-1) - gap)`, block k starts at
//!   least `gap` cells after block k - 1 ends (1, or in a colour puzzle 0 when the two
//!   blocks' colours differ: such blocks may touch);
//! - an empty cell lies in no block: `cell or not S_k(t) or S_k(t - len_k)` (if block k
//!   starts at or before t, it ends before t);
//! - a filled cell lies in one: `not cell or S_0(t)` (a block starts at or before it),
//!   `not cell or not S_(k-1)(t - len_(k-1)) or S_k(t)` (if block k - 1 ends before it,
//!   block k starts at or before it) and `not cell or not S_last(t - len_last)` (the last
//!   block does not end before it).
//!
//! A filled cell t then lies in the last block that starts at or before it (the filled
//! clauses say that block does not end before t), an empty one in none: the models are
//! exactly the line's arrangements (tested against brute force in the parent module).
//!
//! **Why this encoding** (measured with `nonogram_solve FILE 60000 default SEED` over
//! seeds, against an automaton decomposition whose unit propagation is line logic): it has
//! about a third of the variables and a quarter of the clauses, and a conflict costs about
//! a third; its weaker propagation costs fewer conflicts than it saves: Gettys (#22336)
//! 17,338-21,081 conflicts and 4.7-6.0 s of CPU over 7 seeds (the automaton's
//! 24,126-41,164 and 15-30 s), Sierp (#12548) 10,958-31,590 and 1.3-2.7 s (16,323-89,206 and
//! 3.5-17 s), the random 45x45 and 50x50 puzzles of `data/hard` 4.7 s in all instead of
//! 33.2 s, the in-repo benchmark set 0.49 s instead of 0.90 s.

use super::{ClauseSink, LinePhases, SatStop, Term};
use batsat::Lit;

/// Whether the solver may branch on the ladder literals (they are all the variables but
/// the cells). A ladder decision splits a block's possible starts into two ranges, the
/// "bisection" of CP solvers. Measured on Sierp over seeds 1-6 when the ladders sat beside
/// the automaton: not branching on them put the median at about 50,000 conflicts,
/// branching on them at about 20,000.
pub(super) const BRANCH_ON_LADDERS: bool = true;

/// One block's "starts at or before cell t" literals.
pub(super) struct Ladder {
    /// First and last possible start.
    first: usize,
    last: usize,
    /// `at_or_before[t - first]` for `first <= t < last` (from `last` on it is true, and
    /// before `first` false).
    at_or_before: Vec<Lit>,
}

impl Ladder {
    /// The ladder of block `k`, which can start where `possible` says, its literals made
    /// as `phases` says; `None` if nowhere.
    fn new(
        solver: &mut batsat::Solver<SatStop>,
        possible: &[bool],
        k: usize,
        phases: LinePhases,
    ) -> Option<Self> {
        let first = possible.iter().position(|&p| p)?;
        let last = possible.iter().rposition(|&p| p)?;
        let mut at_or_before: Vec<Lit> = Vec::with_capacity(last - first);
        for t in first..last {
            let lit = if t > first && !possible[t] {
                // Cannot start at t: "at or before t" is "at or before t - 1".
                at_or_before[t - first - 1]
            } else {
                phases.starts_by(solver, k, t)
            };
            at_or_before.push(lit);
        }
        Some(Ladder {
            first,
            last,
            at_or_before,
        })
    }

    /// The literal "starts at or before cell t" (a constant outside the block's range).
    pub(super) fn at_or_before(&self, t: isize) -> Term {
        if t < self.first as isize {
            Term::False
        } else if t >= self.last as isize {
            Term::True
        } else {
            Term::Lit(self.at_or_before[t as usize - self.first])
        }
    }
}

/// Adds the clauses of one line: `possible[k][t]` says whether block k (of length
/// `clues[k]`, colour `colors[k]`) can start at cell t, `cells` are the line's cell literals
/// (true = filled, whatever the colour); the ladders' literals are made as `phases` says.
/// Returns the ladders (none when a block has no start: the line has no arrangement).
pub(super) fn encode_ladders(
    solver: &mut batsat::Solver<SatStop>,
    sink: &mut ClauseSink,
    clues: &[u32],
    colors: &[u8],
    possible: &[Vec<bool>],
    cells: &[Lit],
    phases: LinePhases,
) -> Vec<Ladder> {
    let mut clause = Vec::with_capacity(4);
    let mut ladders: Vec<Ladder> = Vec::with_capacity(clues.len());
    for (k, block) in possible.iter().enumerate() {
        let Some(ladder) = Ladder::new(solver, block, k, phases) else {
            // No start: no arrangement (the caller's automaton already said so).
            clause.clear();
            sink.add(solver, &mut clause);
            return Vec::new();
        };
        for t in ladder.first + 1..ladder.last {
            let t = t as isize;
            let terms = [!ladder.at_or_before(t - 1), ladder.at_or_before(t)];
            sink.add_terms(solver, &terms, &mut clause);
        }
        ladders.push(ladder);
    }
    for k in 1..ladders.len() {
        let gap = clues[k - 1] as isize + isize::from(colors[k - 1] == colors[k]);
        for t in ladders[k].first..ladders[k].last {
            let t = t as isize;
            let terms = [
                !ladders[k].at_or_before(t),
                ladders[k - 1].at_or_before(t - gap),
            ];
            sink.add_terms(solver, &terms, &mut clause);
        }
    }
    for (t, &cell) in cells.iter().enumerate() {
        let t = t as isize;
        let (filled, empty) = (Term::Lit(cell), Term::Lit(!cell));
        let Some(last) = ladders.last() else {
            // No block: every cell is empty.
            sink.add_terms(solver, &[empty], &mut clause);
            continue;
        };
        for (ladder, &len) in ladders.iter().zip(clues) {
            let ended_before = ladder.at_or_before(t - len as isize);
            sink.add_terms(
                solver,
                &[filled, !ladder.at_or_before(t), ended_before],
                &mut clause,
            );
        }
        sink.add_terms(solver, &[empty, ladders[0].at_or_before(t)], &mut clause);
        for (k, pair) in ladders.windows(2).enumerate() {
            let ended_before = pair[0].at_or_before(t - clues[k] as isize);
            sink.add_terms(
                solver,
                &[empty, !ended_before, pair[1].at_or_before(t)],
                &mut clause,
            );
        }
        let ended_before = last.at_or_before(t - clues[ladders.len() - 1] as isize);
        sink.add_terms(solver, &[empty, !ended_before], &mut clause);
    }
    ladders
}
