//! The learning search: the puzzle as a SAT problem for a CDCL solver (conflict analysis,
//! learned clauses, restarts, activity-based branching), used incrementally: find a picture,
//! block it with a clause, look for another.
//!
//! The solver's schedule runs it when its own depth-first search has spent its node budget
//! without deciding the puzzle; it is seeded with every cell that line logic and probing
//! fixed at the root (unit clauses, and states that those cells rule out are never made).
//!
//! **Encoding.** Each line is the deterministic automaton of its clue (a gap state before,
//! between and after the blocks, one state per cell of each block), unrolled over the line:
//! one variable per (position, state) that is reachable from the start and can still reach
//! an accepting end given the known cells. Clauses: the start state holds; each state and
//! cell value imply the next state (or forbid the value); each state implies one of its
//! successors, one of its predecessors and the value of the cell that entered it; each
//! value of a cell implies one of the states that can read it. Every node and edge of the
//! unrolled automaton thus needs support both ways, so unit propagation finds what the line solver finds (Bacchus's decomposition of the
//! regular constraint), the SAT solver's propagation is line logic, and its learned clauses
//! are explanations of line conflicts across rows and columns. (The two support families
//! were added after measuring without them: 9-Dom 3 800 -> 2 800 conflicts, Lion 4.6 s ->
//! 1.5 s, random-50x50-s1 over 11 s -> 4.6 s, with the learning search alone.)
//!
//! Three reductions make the encoding cheaper to propagate (issue 24): the states inside a
//! block share one variable, "block k starts at cell i" (state j of the block before cell
//! t+1 is equivalent to state j-1 before cell t); clauses subsumed by another or repeated
//! are not added; and there is no "at least one state per position" clause (the start
//! state and the forced transitions already make the run, and these long clauses were
//! watched at every step). Measured in the default mode, `nonogram_solve FILE 3600000`
//! under `ulimit -t 60`, shared 2-core machine at load 5-6: Sierp (#12548) 18,971 ->
//! 12,781 conflicts (3.4 -> 1.7-1.8 s CPU), Gettys (#22336) 47,029 -> 49,419 conflicts
//! (23.6-30.8 -> 20.9-22.9 s CPU: 425-465 instead of 505-650 us per conflict). The search is
//! sensitive to such changes: sharing the variables alone took Sierp to 82,546 conflicts,
//! sharing plus the dropped subsumed clauses to 31,184 (Gettys 39,955 and 54,215).
//!
//! Beside the automaton, each block's start has an order encoding ("block k starts at or
//! before cell t", [`ladder`]): the same models, a vocabulary of ranges for the learned
//! clauses and the decisions. It took the median conflicts of Gettys (#22336) from 49,971
//! to 32,006 and of Sierp (#12548) from 48,593 to 21,608, over 7 to 11 seeds of the
//! solver's generator; see that module.
//!
//! **Solver.** `batsat` (a Rust MiniSat descendant: 1UIP learning, clause minimisation,
//! Luby restarts, VSIDS, phase saving; options in [`solver_options`]), deterministic (its
//! few random decisions come from a generator with a constant seed). Its `stop`
//! callback reads the clock every `Poll::EVERY` (64) calls (it is called at every
//! decision and conflict), so a deadline stops it within microseconds to milliseconds.

mod ladder;

use crate::cells::Cell;
use crate::puzzle::Puzzle;
use batsat::{Callbacks, Lit, SolverInterface, SolverOpts, Var, lbool};
use puzzles_common::{Deadline, Poll};
use std::collections::HashSet;

/// Encodings with more state variables than this are not built (the caller keeps its own
/// search instead), which bounds the solver's memory: each state variable brings a few short
/// clauses and the solver's per-variable data, roughly 100 to 200 bytes, so a few GB at this
/// limit (an estimate; no puzzle of the benchmark sets comes near it).
pub(crate) const MAX_STATE_VARS: usize = 20_000_000;

/// Whether the solver branches on the automata's state variables as well as on the cells.
/// A state decision ("row 12 is inside its third block at cell 40") places a block where a
/// cell decision only fills a cell, and the activity heuristic picks whichever conflicts
/// point at. Measured with [`solver_options`]' Luby restarts at 100 (against cells only,
/// restarts at 30; conflicts, then CPU s of `nonogram_solve FILE 3600000` under a 30 s cap,
/// shared machine at load 3-5): Sierp (#12548) 39,885 -> 18,971 (10.4 -> 3.5 s), Lion
/// (#2712) 15,558 -> 3,625 (2.0 -> 0.5 s), #9892 9,706 -> 6,543 (1.2 -> 0.9 s), #7382
/// 2,526 -> 1,124 (0.47 -> 0.33 s), Gettys (#22336) from over 60 s to 47,029 conflicts
/// (25-31 s); worse: #10088 1,448 -> 7,884 (1.0 -> 2.9 s), #18297 5,411 -> 6,827 (0.67
/// -> 0.75 s), 9-Dom 3,841 -> 5,087 (0.37 -> 0.42 s). Branching on states with restarts
/// at 30 lost on #9892 (26,757) and #10088 (9,000); branching on states alone, never on
/// cells, took Sierp to 91,660. The cost: the random puzzles of `data/hard` (17, 45x45 and
/// 50x50) take 32.0 s of CPU in all instead of 27.0 (random-50x50-s4 12,425 -> 35,103
/// conflicts).
const BRANCH_ON_STATES: bool = true;

/// batsat's MiniSat defaults, with two changes chosen by measurement (learning search
/// alone, 10 s limit, CPU seconds on the shared 2-core machine; 40 random 40x40 and 20
/// random 45x45 puzzles of `nonogram_gen` at density 50, seeds 200-239 and 300-319, none of
/// them in the benchmark sets):
/// - `var_decay` 0.95 -> 0.8: branching follows the most recent conflicts more closely;
/// - `random_var_freq` 0 -> 0.05: one decision in twenty on a random variable.
///
/// The defaults had a heavy tail: on the 40x40 puzzles 50.7 s with two over 10 s; with the
/// first change and `restart_first` 100 -> 30 19.0 s (geometric mean of conflicts 4 025 ->
/// 2 586); on the 45x45 puzzles 50.6 -> 31.2 s, worst 9.5 -> 4.2 s. (Those runs branched
/// on cells only; with [`BRANCH_ON_STATES`] restarts at 100 measured better, see there,
/// and the default is back.) The random decisions cut the tail again in
/// the default turn-taking mode (45x45, 20 s limit: 55.7 s with one over 20 s -> 31.0 s,
/// worst 4.7 s). The
/// generator is batsat's own, seeded with `SolveOptions::learn_seed` (a constant by
/// default), so the search stays deterministic.
/// On the refutations of the benchmark set (the n-Dom, #6574) the times did not change.
fn solver_options(seed: u32) -> SolverOpts {
    SolverOpts {
        random_seed: f64::from(seed),
        var_decay: 0.8,
        random_var_freq: 0.05,
        ..SolverOpts::default()
    }
}

/// The default seed of the solver's random decisions: MiniSat's (and batsat's), the one
/// every figure before issue 24's fifth session was measured with.
pub(crate) const DEFAULT_SEED: u32 = 91_648_253;

/// Stops the SAT solver at the deadline, or after a number of conflicts.
struct SatStop {
    deadline: Deadline,
    calls: std::cell::Cell<u32>,
    stopped: std::cell::Cell<bool>,
    /// Conflicts (learned clauses) so far, and the count at which to pause.
    learned: u64,
    pause_at: u64,
}

impl Callbacks for SatStop {
    fn on_new_clause(&mut self, _c: &[Lit], kind: batsat::ClauseKind) {
        if kind == batsat::ClauseKind::Learnt {
            self.learned += 1;
        }
    }

    fn stop(&self) -> bool {
        if self.stopped.get() || self.learned >= self.pause_at {
            return true;
        }
        let n = self.calls.get().wrapping_add(1);
        self.calls.set(n);
        if n.is_multiple_of(Poll::EVERY) && self.deadline.passed() {
            self.stopped.set(true);
        }
        self.stopped.get()
    }
}

/// Outcome of one call of [`Learner::next_picture`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Next {
    /// A picture that satisfies every clue and no blocking clause.
    Picture(Vec<bool>),
    /// No picture is left.
    Exhausted,
    /// The conflict limit came first.
    Paused,
    /// The deadline came first.
    Timeout,
}

/// An incremental SAT search over the pictures of one puzzle.
pub(crate) struct Learner {
    solver: batsat::Solver<SatStop>,
    /// Variable of each cell (row-major); true = filled.
    cells: Vec<Var>,
    /// Cells unknown when the encoding was made (the others are fixed by unit clauses).
    free: Vec<usize>,
    /// False once the clauses are known unsatisfiable.
    ok: bool,
    /// Pictures of the caller's list already blocked (see [`Learner::block_recorded`]).
    blocked: usize,
}

/// One line's automaton.
struct Automaton {
    /// Per state: the state after a filled / empty cell (`u32::MAX`: not allowed).
    on_filled: Vec<u32>,
    on_empty: Vec<u32>,
    /// Per state: entered by a filled cell (a block state).
    is_block: Vec<bool>,
    accepting: [u32; 2],
}

const NONE: u32 = u32::MAX;

impl Automaton {
    fn new(clues: &[u32]) -> Self {
        let mut on_filled = Vec::new();
        let mut on_empty = Vec::new();
        let mut is_block = Vec::new();
        // Gap before the first block.
        let mut q: u32 = 0;
        on_filled.push(NONE);
        on_empty.push(0);
        is_block.push(false);
        for &b in clues {
            let gap = q;
            on_filled[gap as usize] = gap + 1;
            for i in 0..b {
                q += 1;
                on_filled.push(if i + 1 < b { q + 1 } else { NONE });
                on_empty.push(if i + 1 == b { q + 1 } else { NONE });
                is_block.push(true);
            }
            q += 1;
            // Gap after the block.
            on_filled.push(NONE);
            on_empty.push(q);
            is_block.push(false);
        }
        let last = q;
        let accepting = if clues.is_empty() {
            [last, last]
        } else {
            [last, last - 1]
        };
        Automaton {
            on_filled,
            on_empty,
            is_block,
            accepting,
        }
    }

    fn states(&self) -> usize {
        self.on_filled.len()
    }

    /// `live[t * s + q]`: state `q` before cell `t` (after `t` cells) can be reached from
    /// the start and can reach an accepting state at the end, given the known cells.
    fn live(&self, known: &[Cell]) -> Vec<bool> {
        let n = known.len();
        let s = self.states();
        let mut fw = vec![false; (n + 1) * s];
        fw[0] = true;
        for t in 0..n {
            for q in 0..s {
                if !fw[t * s + q] {
                    continue;
                }
                if known[t] != Cell::Empty && self.on_filled[q] != NONE {
                    fw[(t + 1) * s + self.on_filled[q] as usize] = true;
                }
                if known[t] != Cell::Filled && self.on_empty[q] != NONE {
                    fw[(t + 1) * s + self.on_empty[q] as usize] = true;
                }
            }
        }
        let mut live = vec![false; (n + 1) * s];
        for a in self.accepting {
            live[n * s + a as usize] = fw[n * s + a as usize];
        }
        for t in (0..n).rev() {
            for q in 0..s {
                if !fw[t * s + q] {
                    continue;
                }
                let f = known[t] != Cell::Empty
                    && self.on_filled[q] != NONE
                    && live[(t + 1) * s + self.on_filled[q] as usize];
                let e = known[t] != Cell::Filled
                    && self.on_empty[q] != NONE
                    && live[(t + 1) * s + self.on_empty[q] as usize];
                live[t * s + q] = f || e;
            }
        }
        live
    }
}

/// The number of state variables the encoding of `p` with known cells `grid` would have,
/// without building it (counted line by line; stops counting past `limit`); `None` when
/// the deadline passes first.
fn state_vars(p: &Puzzle, grid: &[Cell], limit: usize, deadline: Deadline) -> Option<usize> {
    let mut total = 0usize;
    for (clues, known) in lines(p, grid) {
        if deadline.passed() {
            return None;
        }
        let a = Automaton::new(clues);
        total += a.live(&known).iter().filter(|&&l| l).count();
        if total > limit {
            break;
        }
    }
    Some(total)
}

/// What [`Learner::build`] made.
pub(crate) enum Built {
    Ready(Box<Learner>),
    /// More than [`MAX_STATE_VARS`] state variables: not built.
    TooLarge,
    /// The deadline passed while building.
    Timeout,
}

/// Every line with its clue and its known cells: rows, then columns.
fn lines<'a>(p: &'a Puzzle, grid: &'a [Cell]) -> impl Iterator<Item = (&'a [u32], Vec<Cell>)> {
    let (h, w) = (p.height(), p.width());
    let rows = (0..h).map(move |r| (&p.rows()[r][..], grid[r * w..(r + 1) * w].to_vec()));
    let cols = (0..w).map(move |c| {
        (
            &p.cols()[c][..],
            (0..h).map(|r| grid[r * w + c]).collect::<Vec<_>>(),
        )
    });
    rows.chain(cols)
}

impl Learner {
    /// The encoding of `p` with the cells of `grid` (row-major) known. The deadline is
    /// checked line by line while building, and then by the solver.
    pub(crate) fn build(p: &Puzzle, grid: &[Cell], deadline: Deadline, seed: u32) -> Built {
        match state_vars(p, grid, MAX_STATE_VARS, deadline) {
            None => return Built::Timeout,
            Some(n) if n > MAX_STATE_VARS => return Built::TooLarge,
            Some(_) => {}
        }
        let (h, w) = (p.height(), p.width());
        let opts = solver_options(seed);
        let cb = SatStop {
            deadline,
            calls: std::cell::Cell::new(0),
            stopped: std::cell::Cell::new(false),
            learned: 0,
            pause_at: u64::MAX,
        };
        let mut solver = batsat::Solver::new(opts, cb);
        let cells: Vec<Var> = (0..h * w)
            .map(|_| solver.new_var(lbool::UNDEF, true))
            .collect();
        let mut ok = true;
        let mut free = Vec::new();
        let mut clause = Vec::with_capacity(8);
        for (i, &c) in grid.iter().enumerate() {
            match c {
                Cell::Unknown => free.push(i),
                Cell::Filled | Cell::Empty => {
                    clause.clear();
                    clause.push(Lit::new(cells[i], c == Cell::Filled));
                    ok &= solver.add_clause_reuse(&mut clause);
                }
            }
        }
        for line in 0..h + w {
            if deadline.passed() {
                return Built::Timeout;
            }
            let (clues, n) = if line < h {
                (&p.rows()[line][..], w)
            } else {
                (&p.cols()[line - h][..], h)
            };
            let idx = |t: usize| {
                if line < h {
                    line * w + t
                } else {
                    t * w + (line - h)
                }
            };
            let known: Vec<Cell> = (0..n).map(|t| grid[idx(t)]).collect();
            let lits: Vec<Lit> = (0..n).map(|t| Lit::new(cells[idx(t)], true)).collect();
            ok &= encode_line(&mut solver, clues, &lits, &known, &mut clause);
        }
        Built::Ready(Box::new(Learner {
            solver,
            cells,
            free,
            ok,
            blocked: 0,
        }))
    }

    /// Forbids one picture (one that agrees with the known cells).
    pub(crate) fn block(&mut self, picture: &[bool]) {
        if !self.ok {
            return;
        }
        let mut clause: Vec<Lit> = self
            .free
            .iter()
            .map(|&i| Lit::new(self.cells[i], !picture[i]))
            .collect();
        self.ok &= self.solver.add_clause_reuse(&mut clause);
    }

    /// Blocks the pictures of `recorded` not blocked yet (a list that only grows).
    pub(crate) fn block_recorded(&mut self, recorded: &[Vec<bool>]) {
        for s in &recorded[self.blocked.min(recorded.len())..] {
            self.block(s);
        }
        self.blocked = recorded.len();
    }

    /// The next picture not yet blocked, searching until the solver has seen
    /// `conflicts_limit` conflicts in all.
    pub(crate) fn next_picture(&mut self, conflicts_limit: u64) -> Next {
        if !self.ok {
            return Next::Exhausted;
        }
        self.solver.cb_mut().pause_at = conflicts_limit;
        let r = self.solver.solve_limited(&[]);
        if r == lbool::TRUE {
            let pic = self
                .cells
                .iter()
                .map(|&v| self.solver.value_var(v) == lbool::TRUE)
                .collect();
            Next::Picture(pic)
        } else if r == lbool::FALSE {
            self.ok = false;
            Next::Exhausted
        } else if self.solver.cb().stopped.get() {
            Next::Timeout
        } else {
            Next::Paused
        }
    }

    /// Conflicts so far (each one learned a clause).
    pub(crate) fn conflicts(&self) -> u64 {
        self.solver.cb().learned
    }

    /// Unit propagations so far.
    pub(crate) fn propagations(&self) -> u64 {
        self.solver.num_propagations()
    }
}

/// Adds the clauses of one line (cell literals `lits`, true = filled); false when the
/// solver is already unsatisfiable (or the line has no arrangement).
fn encode_line(
    solver: &mut batsat::Solver<SatStop>,
    clues: &[u32],
    lits: &[Lit],
    known: &[Cell],
    clause: &mut Vec<Lit>,
) -> bool {
    let n = lits.len();
    let a = Automaton::new(clues);
    let s = a.states();
    let live = a.live(known);
    if !live[0] {
        clause.clear();
        return solver.add_clause_reuse(clause);
    }
    // State variables, `None` where the state is dead; the solver may branch on them
    // (see [`BRANCH_ON_STATES`]).
    let mut var: Vec<Option<Lit>> = vec![None; (n + 1) * s];
    for (k, &l) in live.iter().enumerate() {
        let (t, q) = (k / s, k % s);
        if l && t > 0 && q > 0 && a.is_block[q] && a.is_block[q - 1] {
            // Inside a block: the block's previous state one cell earlier is equivalent
            // (its only way out is this state, and this state's only way in is it) and
            // equally live, so the two share a variable (see the module doc).
            var[k] = var[k - s - 1];
            debug_assert!(var[k].is_some());
        } else if l {
            var[k] = Some(Lit::new(
                solver.new_var(lbool::UNDEF, BRANCH_ON_STATES),
                true,
            ));
        }
    }
    let mut sink = ClauseSink::default();
    let mut add = |solver: &mut batsat::Solver<SatStop>, c: &mut Vec<Lit>| sink.add(solver, c);
    clause.clear();
    clause.push(var[0].expect("start is live"));
    add(solver, clause);
    let mut filled_ok = Vec::with_capacity(8);
    let mut empty_ok = Vec::with_capacity(8);
    for t in 0..n {
        let x = lits[t];
        let succ = |q: u32| -> Option<Lit> {
            if q == NONE {
                None
            } else {
                var[(t + 1) * s + q as usize]
            }
        };
        filled_ok.clear();
        empty_ok.clear();
        for q in 0..s {
            let Some(sv) = var[t * s + q] else { continue };
            // A live state has a live successor (else it would not be live).
            let (f, e) = (succ(a.on_filled[q]), succ(a.on_empty[q]));
            clause.clear();
            clause.push(!sv);
            clause.extend(f.iter().chain(e.iter()).copied());
            add(solver, clause);
            if f.is_some() {
                filled_ok.push(sv);
            }
            if e.is_some() {
                empty_ok.push(sv);
            }
            // With a single live successor the clause above, "state implies successor",
            // subsumes "state and value imply successor".
            let single = f.is_some() != e.is_some();
            for (value, nxt) in [(x, a.on_filled[q]), (!x, a.on_empty[q])] {
                if single && nxt != NONE && var[(t + 1) * s + nxt as usize].is_some() {
                    continue;
                }
                clause.clear();
                clause.push(!sv);
                clause.push(!value);
                if nxt != NONE
                    && let Some(nv) = var[(t + 1) * s + nxt as usize]
                {
                    clause.push(nv);
                }
                add(solver, clause);
            }
        }
        // Each value of the cell needs a state that can read it.
        for (value, states) in [(x, &filled_ok), (!x, &empty_ok)] {
            clause.clear();
            clause.push(!value);
            clause.extend(states.iter().copied());
            add(solver, clause);
        }
        for q2 in 0..s {
            let Some(sv2) = var[(t + 1) * s + q2] else {
                continue;
            };
            clause.clear();
            clause.push(!sv2);
            let by_filled = a.is_block[q2];
            // Only `q2 - 1` and `q2` itself (a gap's loop) can enter `q2`.
            for q in q2.saturating_sub(1)..=q2 {
                let trans = if by_filled {
                    a.on_filled[q]
                } else {
                    a.on_empty[q]
                };
                if trans == q2 as u32
                    && let Some(sv) = var[t * s + q]
                {
                    clause.push(sv);
                }
            }
            add(solver, clause);
            clause.clear();
            clause.push(!sv2);
            clause.push(if by_filled { x } else { !x });
            add(solver, clause);
        }
    }
    // Block k starts at cell t: the block's first state after t + 1 cells.
    let starts: Vec<Vec<Option<Lit>>> = (1..s)
        .filter(|&q| a.is_block[q] && !a.is_block[q - 1])
        .map(|q| (0..n).map(|t| var[(t + 1) * s + q]).collect())
        .collect();
    ladder::encode_ladders(solver, &mut sink, clues, &starts, lits);
    sink.ok
}

/// Adds each clause once, dropping tautologies; `ok` turns false once the solver is
/// unsatisfiable.
struct ClauseSink {
    seen: HashSet<Vec<Lit>>,
    ok: bool,
}

impl Default for ClauseSink {
    fn default() -> Self {
        ClauseSink {
            seen: HashSet::new(),
            ok: true,
        }
    }
}

impl ClauseSink {
    fn add(&mut self, solver: &mut batsat::Solver<SatStop>, c: &mut Vec<Lit>) {
        c.sort_unstable();
        c.dedup();
        if c.windows(2).any(|w| w[0] == !w[1]) || !self.seen.insert(c.clone()) {
            return;
        }
        self.ok &= solver.add_clause_reuse(c);
    }

    /// Adds a clause of literals that may be constants; a true one satisfies it.
    fn add_terms(
        &mut self,
        solver: &mut batsat::Solver<SatStop>,
        terms: &[Term],
        clause: &mut Vec<Lit>,
    ) {
        clause.clear();
        for &t in terms {
            match t {
                Term::True => return,
                Term::False => {}
                Term::Lit(l) => clause.push(l),
            }
        }
        self.add(solver, clause);
    }
}

/// A literal or a constant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Term {
    True,
    False,
    Lit(Lit),
}

impl std::ops::Not for Term {
    type Output = Term;
    fn not(self) -> Term {
        match self {
            Term::True => Term::False,
            Term::False => Term::True,
            Term::Lit(l) => Term::Lit(!l),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cells::clues_of;
    use crate::puzzle::test_support::{brute_force_count, clues_of_picture};
    use std::collections::BTreeSet;

    fn new_solver() -> batsat::Solver<SatStop> {
        batsat::Solver::new(
            solver_options(DEFAULT_SEED),
            SatStop {
                deadline: Deadline::NEVER,
                calls: std::cell::Cell::new(0),
                stopped: std::cell::Cell::new(false),
                learned: 0,
                pause_at: u64::MAX,
            },
        )
    }

    /// Every model of one line's encoding, read on its cells.
    fn line_models(clues: &[u32], known: &[Cell]) -> BTreeSet<Vec<bool>> {
        let mut solver = new_solver();
        let cells: Vec<Var> = known
            .iter()
            .map(|_| solver.new_var(lbool::UNDEF, true))
            .collect();
        let lits: Vec<Lit> = cells.iter().map(|&v| Lit::new(v, true)).collect();
        let mut clause = Vec::new();
        let mut ok = true;
        for (&x, &k) in lits.iter().zip(known) {
            if k != Cell::Unknown {
                ok &= solver.add_clause_reuse(&mut vec![if k == Cell::Filled { x } else { !x }]);
            }
        }
        ok &= encode_line(&mut solver, clues, &lits, known, &mut clause);
        let mut models = BTreeSet::new();
        while ok && solver.solve_limited(&[]) == lbool::TRUE {
            let line: Vec<bool> = cells
                .iter()
                .map(|&v| solver.value_var(v) == lbool::TRUE)
                .collect();
            let mut block: Vec<Lit> = lits
                .iter()
                .zip(&line)
                .map(|(&x, &f)| if f { !x } else { x })
                .collect();
            assert!(models.insert(line), "a line came twice");
            ok = solver.add_clause_reuse(&mut block);
        }
        models
    }

    /// The encoding of a line has exactly the lines that read as its clue and agree with
    /// its known cells: every clue of every length up to 6, under every set of known cells.
    #[test]
    fn line_encoding_agrees_with_brute_force() {
        for n in 0..=6usize {
            let lines: Vec<Vec<bool>> = (0u32..1 << n)
                .map(|bits| (0..n).map(|i| bits >> i & 1 == 1).collect())
                .collect();
            let clue_sets: BTreeSet<Vec<u32>> = lines.iter().map(|l| clues_of(l)).collect();
            for clues in &clue_sets {
                for code in 0..3usize.pow(n as u32) {
                    let known: Vec<Cell> = (0..n)
                        .map(|i| match code / 3usize.pow(i as u32) % 3 {
                            0 => Cell::Unknown,
                            1 => Cell::Filled,
                            _ => Cell::Empty,
                        })
                        .collect();
                    let expected: BTreeSet<Vec<bool>> = lines
                        .iter()
                        .filter(|l| {
                            clues_of(l) == *clues
                                && l.iter()
                                    .zip(&known)
                                    .all(|(&f, &k)| k == Cell::Unknown || (k == Cell::Filled) == f)
                        })
                        .cloned()
                        .collect();
                    assert_eq!(
                        line_models(clues, &known),
                        expected,
                        "clues {clues:?}, known {known:?}"
                    );
                }
            }
        }
    }

    /// The learner finds every picture of a small puzzle exactly once, then reports
    /// exhaustion: its count equals the brute-force count (pictures of 4x4 grids made by
    /// a fixed generator, with and without some of their cells given as known).
    #[test]
    fn learner_counts_agree_with_brute_force() {
        let (h, w) = (4, 4);
        let mut state = 0x9e37_79b9_u32;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            state
        };
        for round in 0..60 {
            let bits = next();
            let pic: Vec<bool> = (0..h * w).map(|i| bits >> i & 1 == 1).collect();
            let (rows, cols) = clues_of_picture(&pic, h, w);
            let p = Puzzle::new(&rows, &cols).unwrap();
            let expected = brute_force_count(&p);
            // Half of the rounds give one cell of the picture as known (which keeps at
            // least one solution) and count by brute force under it.
            let mut grid = vec![Cell::Unknown; h * w];
            let mut expected_known = expected;
            if round % 2 == 1 {
                let i = next() as usize % (h * w);
                grid[i] = if pic[i] { Cell::Filled } else { Cell::Empty };
                expected_known = (0u32..1 << (h * w))
                    .filter(|b| {
                        let q: Vec<bool> = (0..h * w).map(|j| b >> j & 1 == 1).collect();
                        q[i] == pic[i] && p.check_picture(&q)
                    })
                    .count();
            }
            let Built::Ready(mut learner) =
                Learner::build(&p, &grid, Deadline::NEVER, DEFAULT_SEED)
            else {
                panic!("small puzzle not built");
            };
            let mut found: Vec<Vec<bool>> = Vec::new();
            loop {
                match learner.next_picture(u64::MAX) {
                    Next::Picture(q) => {
                        assert!(p.check_picture(&q), "not a solution: {q:?}");
                        assert!(!found.contains(&q), "found twice: {q:?}");
                        learner.block(&q);
                        found.push(q);
                    }
                    Next::Exhausted => break,
                    other => panic!("unexpected {other:?}"),
                }
            }
            assert_eq!(
                found.len(),
                expected_known,
                "round {round}, {rows:?} {cols:?}"
            );
            assert!(expected_known <= expected);
        }
    }
}
