//! The learning search: the puzzle as a SAT problem for a CDCL solver (conflict analysis,
//! learned clauses, restarts, activity-based branching), used incrementally: find a picture,
//! block it with a clause, look for another.
//!
//! The solver's schedule runs it when its own depth-first search has spent its node budget
//! without deciding the puzzle; it is seeded with every cell that line logic and probing
//! fixed at the root (unit clauses, and block starts that those cells rule out get no
//! variable).
//!
//! **Encoding.** Each block of each line has an order encoding of its start, "block k starts
//! at or before cell t", over the starts that line logic still allows given the known cells
//! ([`automaton`]); the cells are tied to these literals by binary and ternary clauses (see
//! [`ladder`]). The models are exactly the pictures (tested against brute force below).
//! Unit propagation over these clauses is weaker than line logic (it reasons about each
//! block's range, not about every arrangement), but the encoding is about a third of an
//! automaton decomposition whose unit propagation is line logic (Bacchus's decomposition of
//! the regular constraint: one variable per live state and position, every node and edge
//! supported both ways), and a conflict costs a third as much: Gettys (#22336, 99x59) 34,461
//! variables and 133,084 clauses instead of 104,853 and 527,500, Sierp (#12548) 10,275 and
//! 35,241 instead of 30,325 and 151,644; over seeds Gettys 4.7-6.0 s of CPU instead of
//! 15-30 s, Sierp 1.3-2.7 s instead of 3.5-17 s (`nonogram_solve FILE 60000 default SEED`,
//! seeds 91648253 and 1-6).
//!
//! **Line propagator** ([`line_theory`], off by default): line logic run inside the
//! search as a batsat `Theory`, each cell it fixes explained by the line's assigned cells
//! (greedily shortened). Fewer conflicts on Sierp (#12548), three times Gettys' (#22336)
//! CPU, and Faase and Meow still undecided at 60 s; the figures are in that module's doc.
//!
//! **First values** ([`Phases`]). By default each cell and each ladder literal is always
//! tried first at the value the clues make likelier: arrangement counts of each line
//! weighted by what the crossing lines say, refined by belief propagation between rows and
//! columns ([`line_odds`]), fixed with batsat's per-variable polarity. This decides Faase
//! (80x95) and Meow (75x50): `multiple` in 2.3-4.8 s and 1.1-2.6 s of CPU over four seeds,
//! where batsat's own phases (false first, then phase saving) time out at 60 s; the same
//! likelier values tried first but then left to phase saving, or taken from one pass (each
//! line's plain counts), time out too.
//!
//! **Solver.** `batsat` (a Rust MiniSat descendant: 1UIP learning, clause minimisation,
//! Luby restarts, VSIDS, phase saving; options in [`solver_options`]), deterministic (its
//! few random decisions come from a generator with a constant seed). Its `stop`
//! callback reads the clock at its first call and then every `Poll::EVERY` (64) calls (it is
//! called at every decision and conflict), so a deadline stops it within microseconds to
//! milliseconds.

mod automaton;
mod color;
mod ladder;
mod line_odds;
mod line_theory;

pub(crate) use color::ColorLearner;
pub use line_theory::Explain;
use line_theory::LineTheory;

use crate::cells::Cell;
use crate::puzzle::Puzzle;
use batsat::{Callbacks, Lit, SolverInterface, SolverOpts, lbool};
use puzzles_common::{Deadline, Poll};
use std::collections::HashSet;

/// Encodings whose lines have more live automaton states than this are not built (the
/// caller keeps its own search instead), which bounds the solver's memory. The live states
/// bound the encoding's variables (each block start has its own live state) and, a few
/// times over, its clauses; each variable costs a few short clauses and the solver's
/// per-variable data, roughly 100 to 200 bytes, so a few GB at this limit (an estimate; no
/// puzzle of the benchmark sets comes near it).
pub(crate) const MAX_STATE_VARS: usize = 20_000_000;

/// batsat's MiniSat defaults, with two changes chosen by measurement (learning search
/// alone, 10 s limit, CPU seconds on the shared 2-core machine; 40 random 40x40 and 20
/// random 45x45 puzzles of `nonogram_gen` at density 50, seeds 200-239 and 300-319, none of
/// them in the benchmark sets):
/// - `var_decay` 0.95 -> 0.8: branching follows the most recent conflicts more closely;
/// - `random_var_freq` 0 -> 0.05: one decision in twenty on a random variable.
///
/// The defaults had a heavy tail: on the 40x40 puzzles 50.7 s with two over 10 s; with the
/// first change and `restart_first` 100 -> 30 19.0 s (geometric mean of conflicts 4 025 ->
/// 2 586); on the 45x45 puzzles 50.6 -> 31.2 s, worst 9.5 -> 4.2 s. (`restart_first`
/// stays MiniSat's 100: once the solver branched on the encoding's block variables as well
/// as on cells, 100 measured better than 30. All these options were measured on the
/// automaton decomposition described in the module doc.) The random decisions cut the tail again in the default turn-taking mode
/// (45x45, 20 s limit: 55.7 s with one over 20 s -> 31.0 s, worst 4.7 s). The generator is
/// batsat's own, seeded with `SolveOptions::learn_seed` (a constant by
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

/// The default seed of the solver's random decisions: MiniSat's (and batsat's).
pub(crate) const DEFAULT_SEED: u32 = 91_648_253;

/// Which value the learning search tries first for a variable it has not assigned yet (its
/// "phase"). The models, and so the verdicts, are the same in every mode; only the order in
/// which the search meets pictures changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phases {
    /// batsat's: false for every new variable (an empty cell, a block that starts as late
    /// as it can), then phase saving (each variable retries its last value).
    Solver,
    /// The likelier value under the clues first, then phase saving. The likelier values:
    /// a cell's by 50 passes of belief propagation between the rows' and the columns'
    /// weighted arrangement counts (the private `sat::line_odds` module), a block's
    /// "starts at or before" literal by its line's weighted counts in the last pass.
    /// batsat 0.6 sets no initial phase from outside, so each variable is created with the
    /// polarity that makes batsat's first try (false) the likelier value: the literal is
    /// the variable's negation when the likelier value is true.
    Clues,
    /// The likelier value under the clues, always (batsat's per-variable user polarity,
    /// which overrides phase saving): after a conflict the search does not stay near its
    /// last assignment but goes back toward the clues' likeliest picture. The default
    /// ([`crate::solver::SolveOptions`]): the only mode measured that decides Faase and
    /// Meow.
    CluesAlways,
}

/// Passes of belief propagation between rows and columns behind the clues' likelier values
/// ([`line_odds::puzzle_odds`]). Measured with [`Phases::CluesAlways`] on the default seed
/// (`nonogram_solve FILE 57000 default 91648253 off clues-always`), with messages that were
/// not yet kept off a line's fixed values: 1 pass (each cell by the product of its row's
/// and its column's plain odds) decided neither Faase nor Meow in 57 s; 20 passes Faase in
/// 4.0 s of CPU and Meow in 15.3 s; 50 passes 3.7 s and 5.3 s; 100 passes 6.0 s and 23.0 s.
/// Against Faase's published picture, the likelier values of its 5,363 cells left unknown
/// by the root agree on 76.3 % of them when all are empty (batsat's first values), 78.6 %
/// after 1 pass, 85.0 % after 50 (Meow: 70.8 %, 74.5 %, 89.4 % of 2,770). With the fixed
/// values kept (`line_odds`' `without`), 50 passes decide Faase in 4.6-4.9 s and Meow in
/// 1.9 s on the default seed.
const BELIEF_ITERATIONS: usize = 50;

/// How [`Learner::build`] sets up the learning search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct LearnSettings {
    /// Seed of the solver's random decisions.
    pub(crate) seed: u32,
    /// Line logic as a propagator inside the search, explaining its cells so (`None`: the
    /// clauses alone).
    pub(crate) explain: Option<Explain>,
    /// The first value tried for each variable.
    pub(crate) phases: Phases,
}

/// A new variable of `solver`, returned as the literal that stands for the encoding's
/// proposition, whose likelier value under the clues is `likelier` (`None` when unknown or
/// when `phases` ignores it); see [`Phases`] for how each mode uses it.
fn new_literal(
    solver: &mut batsat::Solver<SatStop>,
    phases: Phases,
    likelier: Option<bool>,
    decision: bool,
) -> Lit {
    match (phases, likelier) {
        (Phases::Clues, Some(true)) => !Lit::new(solver.new_var(lbool::UNDEF, decision), true),
        (Phases::CluesAlways, Some(value)) => {
            Lit::new(solver.new_var(lbool::from(value), decision), true)
        }
        _ => Lit::new(solver.new_var(lbool::UNDEF, decision), true),
    }
}

/// Stops the SAT solver at the deadline, or after a number of conflicts.
struct SatStop {
    deadline: Deadline,
    calls: std::cell::Cell<u32>,
    stopped: std::cell::Cell<bool>,
    /// Conflicts (learned clauses) so far, and the count at which to pause.
    learned: u64,
    pause_at: u64,
}

impl SatStop {
    /// A stop that polls `deadline`, with nothing learned and no pause set.
    fn new(deadline: Deadline) -> SatStop {
        SatStop {
            deadline,
            calls: std::cell::Cell::new(0),
            stopped: std::cell::Cell::new(false),
            learned: 0,
            pause_at: u64::MAX,
        }
    }
}

impl Callbacks for SatStop {
    fn on_new_clause(&mut self, _c: &[Lit], kind: batsat::ClauseKind) {
        // A conflict raised by the line propagator learns a clause of kind `Theory`.
        if kind != batsat::ClauseKind::Axiom {
            self.learned += 1;
        }
    }

    fn stop(&self) -> bool {
        if self.stopped.get() || self.learned >= self.pause_at {
            return true;
        }
        let n = self.calls.get();
        self.calls.set(n.wrapping_add(1));
        // The first call reads the clock, so a limit that has passed stops the search
        // before its first decision; then every `Poll::EVERY`th.
        if n.is_multiple_of(Poll::EVERY) && self.deadline.passed() {
            self.stopped.set(true);
        }
        self.stopped.get()
    }
}

/// Outcome of one call of [`Learner::next_picture`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Next<P = Vec<bool>> {
    /// A picture that satisfies every clue and no blocking clause.
    Picture(P),
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
    /// Literal of each cell (row-major), true = filled; the cells are the solver's first
    /// variables, in this order.
    cells: Vec<Lit>,
    /// Cells unknown when the encoding was made (the others are fixed by unit clauses).
    free: Vec<usize>,
    /// False once the clauses are known unsatisfiable.
    ok: bool,
    /// Pictures of the caller's list already blocked (see [`Learner::block_recorded`]).
    blocked: usize,
    /// Line logic as a propagator beside the clauses, when asked for.
    theory: Option<LineTheory>,
}

/// The number of live automaton states of the lines of `p` with known cells `grid` (an
/// upper bound of the encoding's variables, see [`MAX_STATE_VARS`]), without building it (counted line by line; stops counting past `limit`); `None` when
/// the deadline passes first.
fn state_vars(p: &Puzzle, grid: &[Cell], limit: usize, deadline: Deadline) -> Option<usize> {
    let mut total = 0usize;
    for (clues, known) in lines(p, grid) {
        if deadline.passed() {
            return None;
        }
        let a = automaton::Automaton::new(clues);
        total += a.live(&known).iter().filter(|&&l| l).count();
        if total > limit {
            break;
        }
    }
    Some(total)
}

/// What [`Learner::build`] made.
pub(crate) enum Built<L = Learner> {
    Ready(Box<L>),
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

/// Each line's odds (rows, then columns) and each cell's, when `phases` use them (empty
/// otherwise); `None` when the deadline passed first.
fn phase_odds(
    p: &Puzzle,
    grid: &[Cell],
    phases: Phases,
    deadline: Deadline,
) -> Option<(Vec<Option<line_odds::LineOdds>>, Vec<f64>)> {
    if phases == Phases::Solver {
        return Some((Vec::new(), Vec::new()));
    }
    let (h, w) = (p.height(), p.width());
    let line_cells: Vec<(&[u32], Vec<usize>)> = (0..h)
        .map(|r| (&p.rows()[r][..], (0..w).map(|c| r * w + c).collect()))
        .chain((0..w).map(|c| (&p.cols()[c][..], (0..h).map(|r| r * w + c).collect())))
        .collect();
    line_odds::puzzle_odds(&line_cells, h, grid, BELIEF_ITERATIONS, deadline)
}

/// A unit clause for each known cell of `grid` (`cells`: each cell's literal); returns
/// whether the solver is still consistent, and the unknown cells.
fn add_known_cells(
    solver: &mut batsat::Solver<SatStop>,
    cells: &[Lit],
    grid: &[Cell],
) -> (bool, Vec<usize>) {
    let mut ok = true;
    let mut free = Vec::new();
    let mut clause = Vec::with_capacity(1);
    for (i, &c) in grid.iter().enumerate() {
        match c {
            Cell::Unknown => free.push(i),
            Cell::Filled | Cell::Empty => {
                clause.clear();
                // `^ true` negates: the cell's literal as it is known.
                clause.push(cells[i] ^ (c == Cell::Empty));
                ok &= solver.add_clause_reuse(&mut clause);
            }
        }
    }
    (ok, free)
}

/// Every line's clauses (rows, then columns), with `odds` for its literals' phases when
/// `phases` use them; whether the solver is still consistent, or `None` when the deadline
/// passed first (checked line by line).
fn encode_lines(
    solver: &mut batsat::Solver<SatStop>,
    p: &Puzzle,
    grid: &[Cell],
    cells: &[Lit],
    phases: Phases,
    odds: &[Option<line_odds::LineOdds>],
    deadline: Deadline,
) -> Option<bool> {
    let (h, w) = (p.height(), p.width());
    let mut ok = true;
    let mut clause = Vec::with_capacity(8);
    for line in 0..h + w {
        if deadline.passed() {
            return None;
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
        let lits: Vec<Lit> = (0..n).map(|t| cells[idx(t)]).collect();
        let line_phases = LinePhases {
            phases,
            odds: odds.get(line).and_then(Option::as_ref),
        };
        ok &= encode_line(solver, clues, &lits, &known, line_phases, &mut clause);
    }
    Some(ok)
}

impl Learner {
    /// The encoding of `p` with the cells of `grid` (row-major) known, set up as
    /// `settings` says. The deadline is checked line by line while building, and then by
    /// the solver.
    pub(crate) fn build(
        p: &Puzzle,
        grid: &[Cell],
        deadline: Deadline,
        settings: &LearnSettings,
    ) -> Built {
        match state_vars(p, grid, MAX_STATE_VARS, deadline) {
            None => return Built::Timeout,
            Some(n) if n > MAX_STATE_VARS => return Built::TooLarge,
            Some(_) => {}
        }
        let (h, w) = (p.height(), p.width());
        let opts = solver_options(settings.seed);
        let cb = SatStop::new(deadline);
        let mut solver = batsat::Solver::new(opts, cb);
        let Some((odds, cell_odds)) = phase_odds(p, grid, settings.phases, deadline) else {
            return Built::Timeout;
        };
        let cells: Vec<Lit> = (0..h * w)
            .map(|i| {
                let likelier = cell_odds.get(i).map(|&q| q > 0.5);
                new_literal(&mut solver, settings.phases, likelier, true)
            })
            .collect();
        let (mut ok, free) = add_known_cells(&mut solver, &cells, grid);
        match encode_lines(
            &mut solver,
            p,
            grid,
            &cells,
            settings.phases,
            &odds,
            deadline,
        ) {
            Some(lines_ok) => ok &= lines_ok,
            None => return Built::Timeout,
        }
        debug_assert!(
            cells
                .iter()
                .enumerate()
                .all(|(i, l)| l.var().idx() as usize == i)
        );
        let theory = settings
            .explain
            .map(|e| LineTheory::new(p.rows(), p.cols(), &cells, e));
        Built::Ready(Box::new(Learner {
            solver,
            cells,
            free,
            ok,
            blocked: 0,
            theory,
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
            .map(|&i| self.cells[i] ^ picture[i])
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
        let r = match &mut self.theory {
            Some(theory) => self.solver.solve_limited_th(theory, &[]),
            None => self.solver.solve_limited(&[]),
        };
        if r == lbool::TRUE {
            let pic = self
                .cells
                .iter()
                .map(|&l| self.solver.value_lit(l) == lbool::TRUE)
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

/// How the literals of one line's ladders are made: the phases' mode and the line's odds
/// (`None`: none known, each literal made as batsat's default).
#[derive(Clone, Copy)]
struct LinePhases<'a> {
    phases: Phases,
    odds: Option<&'a line_odds::LineOdds>,
}

impl LinePhases<'_> {
    /// The literal "block `k` starts at or before cell `t`".
    fn starts_by(&self, solver: &mut batsat::Solver<SatStop>, k: usize, t: usize) -> Lit {
        let likelier = self.odds.map(|o| o.starts_by[k][t] > 0.5);
        new_literal(solver, self.phases, likelier, ladder::BRANCH_ON_LADDERS)
    }
}

/// Adds the clauses of one line (cell literals `lits`, true = filled, `known` the cells
/// fixed by unit clauses); false when the solver is already unsatisfiable (or the line has
/// no arrangement).
fn encode_line(
    solver: &mut batsat::Solver<SatStop>,
    clues: &[u32],
    lits: &[Lit],
    known: &[Cell],
    phases: LinePhases,
    clause: &mut Vec<Lit>,
) -> bool {
    let Some(possible) = automaton::possible_starts(clues, known) else {
        clause.clear();
        return solver.add_clause_reuse(clause);
    };
    let mut sink = ClauseSink::default();
    // One colour: every pair of neighbouring blocks keeps a gap.
    let colors = vec![1u8; clues.len()];
    ladder::encode_ladders(solver, &mut sink, clues, &colors, &possible, lits, phases);
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

    pub(super) use crate::test_rng::xorshift32;

    fn new_solver() -> batsat::Solver<SatStop> {
        batsat::Solver::new(solver_options(DEFAULT_SEED), SatStop::new(Deadline::NEVER))
    }

    /// Every model of one line's encoding with its literals made as `phases` says (the
    /// line's own odds standing in for the cells'), read on its cells.
    fn line_models(clues: &[u32], known: &[Cell], phases: Phases) -> BTreeSet<Vec<bool>> {
        let mut solver = new_solver();
        let no_prior = vec![0.5; known.len()];
        let odds =
            line_odds::line_odds(clues, known, &no_prior).filter(|_| phases != Phases::Solver);
        let lits: Vec<Lit> = (0..known.len())
            .map(|t| {
                let likelier = odds.as_ref().map(|o| o.filled[t] > 0.5);
                new_literal(&mut solver, phases, likelier, true)
            })
            .collect();
        let mut clause = Vec::new();
        let mut ok = true;
        for (&x, &k) in lits.iter().zip(known) {
            if k != Cell::Unknown {
                ok &= solver.add_clause_reuse(&mut vec![if k == Cell::Filled { x } else { !x }]);
            }
        }
        let line_phases = LinePhases {
            phases,
            odds: odds.as_ref(),
        };
        ok &= encode_line(&mut solver, clues, &lits, known, line_phases, &mut clause);
        let mut models = BTreeSet::new();
        while ok && solver.solve_limited(&[]) == lbool::TRUE {
            let line: Vec<bool> = lits
                .iter()
                .map(|&l| solver.value_lit(l) == lbool::TRUE)
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

    /// Every line of `n` cells (filled = true).
    pub(super) fn every_line(n: usize) -> Vec<Vec<bool>> {
        (0u32..1 << n)
            .map(|bits| (0..n).map(|i| bits >> i & 1 == 1).collect())
            .collect()
    }

    /// The lines of `lines` that read as `clues` and agree with the `known` cells.
    pub(super) fn models_by_brute_force(
        lines: &[Vec<bool>],
        clues: &[u32],
        known: &[Cell],
    ) -> BTreeSet<Vec<bool>> {
        lines
            .iter()
            .filter(|l| {
                clues_of(l) == clues
                    && l.iter()
                        .zip(known)
                        .all(|(&f, &k)| k == Cell::Unknown || (k == Cell::Filled) == f)
            })
            .cloned()
            .collect()
    }

    /// The `code`-th of the 3^n ways to know the cells of a line of `n` cells (each base-3
    /// digit: unknown, filled, empty).
    pub(super) fn known_cells(n: usize, code: usize) -> Vec<Cell> {
        (0..n)
            .map(|i| match code / 3usize.pow(i as u32) % 3 {
                0 => Cell::Unknown,
                1 => Cell::Filled,
                _ => Cell::Empty,
            })
            .collect()
    }

    /// The encoding of a line has exactly the lines that read as its clue and agree with
    /// its known cells: every clue of every length up to 6, under every set of known cells.
    #[test]
    fn line_encoding_agrees_with_brute_force() {
        for n in 0..=6usize {
            let lines = every_line(n);
            let clue_sets: BTreeSet<Vec<u32>> = lines.iter().map(|l| clues_of(l)).collect();
            for clues in &clue_sets {
                for code in 0..3usize.pow(n as u32) {
                    let known = known_cells(n, code);
                    assert_line_models(&lines, clues, &known);
                }
            }
        }
    }

    /// The same on longer lines (7 to 10 cells, so up to 5 blocks and blocks up to 10
    /// long), every clue of those lengths, under 8 sets of known cells each from a fixed
    /// generator (none, then random mixes of unknown, filled and empty cells).
    #[test]
    fn longer_line_encoding_agrees_with_brute_force() {
        let mut next = xorshift32(0x2545_f491);
        for n in 7..=10usize {
            let lines = every_line(n);
            let clue_sets: BTreeSet<Vec<u32>> = lines.iter().map(|l| clues_of(l)).collect();
            for clues in &clue_sets {
                for trial in 0..8 {
                    let known: Vec<Cell> = (0..n)
                        .map(|_| match (trial > 0).then(|| next() % 4) {
                            Some(1) => Cell::Filled,
                            Some(2) => Cell::Empty,
                            _ => Cell::Unknown,
                        })
                        .collect();
                    assert_line_models(&lines, clues, &known);
                }
            }
        }
    }

    /// In every way of choosing first values, the encoding of a line has the models the
    /// brute force finds among `lines`.
    fn assert_line_models(lines: &[Vec<bool>], clues: &[u32], known: &[Cell]) {
        let expected = models_by_brute_force(lines, clues, known);
        for phases in PHASES {
            assert_eq!(
                line_models(clues, known, phases),
                expected,
                "clues {clues:?}, known {known:?}, {phases:?}"
            );
        }
    }

    /// The three ways of choosing the first value of a variable.
    const PHASES: [Phases; 3] = [Phases::Solver, Phases::Clues, Phases::CluesAlways];

    /// Every picture the learner finds for `p` with the cells of `grid` known, checked
    /// against the clues and for repeats; `broken` gives the line propagator wrong
    /// explanations. `Err` when a picture is wrong or repeated, or the search panicked.
    fn learner_pictures(
        p: &Puzzle,
        grid: &[Cell],
        explain: Option<Explain>,
        phases: Phases,
        broken: bool,
    ) -> Result<usize, String> {
        let settings = LearnSettings {
            seed: DEFAULT_SEED,
            explain,
            phases,
        };
        let Built::Ready(mut learner) = Learner::build(p, grid, Deadline::NEVER, &settings) else {
            return Err("small puzzle not built".into());
        };
        if let Some(theory) = &mut learner.theory {
            theory.break_explanations = broken;
        }
        let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(move || {
            let mut found: Vec<Vec<bool>> = Vec::new();
            loop {
                match learner.next_picture(u64::MAX) {
                    Next::Picture(q) => {
                        if !p.check_picture(&q) || found.contains(&q) {
                            return Err(format!("wrong or repeated picture {q:?}"));
                        }
                        learner.block(&q);
                        found.push(q);
                    }
                    Next::Exhausted => return Ok(found.len()),
                    other => return Err(format!("unexpected {other:?}")),
                }
            }
        }));
        run.unwrap_or_else(|_| Err("the search panicked".into()))
    }

    /// A deadline that passes while the learner searches stops it with `Timeout` (and a
    /// later call keeps saying so), however fast the machine: the callback reads the clock
    /// before the first decision.
    #[test]
    fn a_passed_deadline_stops_the_search() {
        let p = Puzzle::new(&vec![vec![1]; 8], &vec![vec![1]; 8]).unwrap();
        let settings = LearnSettings {
            seed: DEFAULT_SEED,
            explain: None,
            phases: Phases::CluesAlways,
        };
        let grid = vec![Cell::Unknown; 64];
        let Built::Ready(mut learner) = Learner::build(&p, &grid, Deadline::NEVER, &settings)
        else {
            panic!("small puzzle not built");
        };
        learner.solver.cb_mut().deadline =
            Deadline::starting_at(std::time::Instant::now(), Some(0));
        assert_eq!(learner.next_picture(u64::MAX), Next::Timeout);
        assert_eq!(learner.next_picture(u64::MAX), Next::Timeout);
        let expired = Deadline::starting_at(std::time::Instant::now(), Some(0));
        assert!(matches!(
            Learner::build(&p, &grid, expired, &settings),
            Built::Timeout
        ));
    }

    /// The three ways the learning search runs: clauses alone, and with the line
    /// propagator under each kind of explanation.
    const MODES: [Option<Explain>; 3] = [None, Some(Explain::WholeLine), Some(Explain::Greedy)];

    /// The learner finds every picture of a small puzzle exactly once, then reports
    /// exhaustion: its count equals the brute-force count (pictures of 4x4 grids made by
    /// a fixed generator, with and without some of their cells given as known), with and
    /// without the line propagator.
    #[test]
    fn learner_counts_agree_with_brute_force() {
        let (h, w) = (4, 4);
        let mut next = xorshift32(0x9e37_79b9);
        for trial in 0..60 {
            let bits = next();
            let pic: Vec<bool> = (0..h * w).map(|i| bits >> i & 1 == 1).collect();
            let (rows, cols) = clues_of_picture(&pic, h, w);
            let p = Puzzle::new(&rows, &cols).unwrap();
            let expected = brute_force_count(&p);
            // Half of the trials give one cell of the picture as known (which keeps at
            // least one solution) and count by brute force under it.
            let mut grid = vec![Cell::Unknown; h * w];
            let mut expected_known = expected;
            if trial % 2 == 1 {
                let i = next() as usize % (h * w);
                grid[i] = if pic[i] { Cell::Filled } else { Cell::Empty };
                expected_known = (0u32..1 << (h * w))
                    .filter(|b| {
                        let q: Vec<bool> = (0..h * w).map(|j| b >> j & 1 == 1).collect();
                        q[i] == pic[i] && p.check_picture(&q)
                    })
                    .count();
            }
            for explain in MODES {
                for phases in PHASES {
                    assert_eq!(
                        learner_pictures(&p, &grid, explain, phases, false),
                        Ok(expected_known),
                        "trial {trial}, {explain:?}, {phases:?}, {rows:?} {cols:?}"
                    );
                }
            }
            assert!(expected_known <= expected);
        }
    }

    /// Every picture of `p` found by a solver that has the cell variables and the line
    /// propagator only (no clauses): the propagator alone must be exact, its conflicts
    /// and explanations included. `None` when a picture is wrong or repeated. Every other
    /// cell's "filled" literal is its variable's negation, as [`Phases::Clues`] makes some.
    fn propagator_alone_count(p: &Puzzle, explain: Explain, broken: bool) -> Option<usize> {
        let mut solver = new_solver();
        let cells: Vec<Lit> = (0..p.height() * p.width())
            .map(|i| Lit::new(solver.new_var(lbool::UNDEF, true), i % 2 == 0))
            .collect();
        let mut theory = LineTheory::new(p.rows(), p.cols(), &cells, explain);
        theory.break_explanations = broken;
        let mut found: Vec<Vec<bool>> = Vec::new();
        let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            while solver.solve_limited_th(&mut theory, &[]) == lbool::TRUE {
                let q: Vec<bool> = cells
                    .iter()
                    .map(|&l| solver.value_lit(l) == lbool::TRUE)
                    .collect();
                if !p.check_picture(&q) || found.contains(&q) {
                    return None;
                }
                let mut block: Vec<Lit> = cells
                    .iter()
                    .zip(&q)
                    .map(|(&l, &f)| if f { !l } else { l })
                    .collect();
                found.push(q);
                if !solver.add_clause_reuse(&mut block) {
                    break;
                }
            }
            Some(found.len())
        }));
        run.unwrap_or(None)
    }

    /// The line propagator alone (no clauses) finds exactly the brute-force pictures of
    /// 4x4 puzzles under both explanations, which exercises its own conflicts (the clauses
    /// leave none to it when they are there).
    #[test]
    fn line_propagator_alone_agrees_with_brute_force() {
        let (h, w) = (4, 4);
        let mut next = xorshift32(0x0bad_cafe);
        for trial in 0..60 {
            let bits = next();
            let pic: Vec<bool> = (0..h * w).map(|i| bits >> i & 1 == 1).collect();
            let (rows, cols) = clues_of_picture(&pic, h, w);
            let p = Puzzle::new(&rows, &cols).unwrap();
            let expected = brute_force_count(&p);
            for explain in [Explain::WholeLine, Explain::Greedy] {
                assert_eq!(
                    propagator_alone_count(&p, explain, false),
                    Some(expected),
                    "trial {trial}, {explain:?}, {rows:?} {cols:?}"
                );
            }
        }
    }

    /// Puzzles of sparse 8x8 pictures (each cell filled with probability 1/4, a fixed
    /// generator): most have many pictures (up to 4,372), so the search backtracks and
    /// asks the propagator for explanations.
    fn sparse_puzzles() -> Vec<Puzzle> {
        let (h, w) = (8, 8);
        let mut next = xorshift32(0x1234_5678);
        (0..40)
            .map(|_| {
                let pic: Vec<bool> = (0..h * w).map(|_| next().is_multiple_of(4)).collect();
                let (rows, cols) = clues_of_picture(&pic, h, w);
                Puzzle::new(&rows, &cols).unwrap()
            })
            .collect()
    }

    /// The learner counts the same pictures with and without the line propagator on the
    /// sparse puzzles, and so does the propagator alone (no clauses). The clauses alone
    /// are checked against brute force above; a count with the propagator that differs
    /// means a learned clause cut a picture off (a wrong explanation).
    #[test]
    fn line_propagator_keeps_every_picture() {
        let mut several = 0;
        let mut counts = vec![];
        for (i, p) in sparse_puzzles().iter().enumerate() {
            let grid = vec![Cell::Unknown; p.height() * p.width()];
            let expected = learner_pictures(p, &grid, None, Phases::Solver, false).unwrap();
            several += usize::from(expected > 1);
            counts.push(expected);
            for phases in &PHASES[1..] {
                assert_eq!(
                    learner_pictures(p, &grid, None, *phases, false),
                    Ok(expected),
                    "puzzle {i}, {phases:?}"
                );
            }
            for explain in &MODES[1..] {
                for phases in PHASES {
                    assert_eq!(
                        learner_pictures(p, &grid, *explain, phases, false),
                        Ok(expected),
                        "puzzle {i}, {explain:?}, {phases:?}"
                    );
                }
                let alone = explain.and_then(|e| propagator_alone_count(p, e, false));
                assert_eq!(alone, Some(expected), "puzzle {i}, {explain:?} alone");
            }
        }
        assert!(
            several >= 30,
            "too few with several pictures: {several} {counts:?}"
        );
    }

    /// The check above catches wrong explanations: with every explanation one cell short
    /// (a reason that does not imply the cell), some count differs or the search fails
    /// (51 of the 160 runs when written: 7 with the clauses, 44 with the propagator
    /// alone).
    #[test]
    fn wrong_explanations_are_caught() {
        let mut caught = 0;
        for p in sparse_puzzles() {
            let grid = vec![Cell::Unknown; p.height() * p.width()];
            let expected = learner_pictures(&p, &grid, None, Phases::Solver, false);
            for explain in &MODES[1..] {
                if learner_pictures(&p, &grid, *explain, Phases::Solver, true) != expected {
                    caught += 1;
                }
                let alone = explain.and_then(|e| propagator_alone_count(&p, e, true));
                if alone.map(Ok) != Some(expected.clone()) {
                    caught += 1;
                }
            }
        }
        assert!(caught > 0, "no wrong explanation was caught");
    }
}
