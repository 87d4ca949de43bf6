//! The schedule: root propagation, the symmetric pre-search, then the depth-first search
//! and the learning search ([`crate::sat`]) taking turns in slices of counted work until
//! either decides. Both record every picture they meet in one [`Solutions`]: two pictures,
//! or either search exhausting its space, decide.

use super::propagate::{Propagator, Stop};
use super::search::DepthFirst;
use super::solutions::Solutions;
use super::symmetry::symmetry_orbits;
use crate::cells::Cell;
use crate::puzzle::Puzzle;
use crate::sat::{Built, LearnSettings, Learner, Next};
use puzzles_common::Deadline;
use std::time::Duration;

/// Search nodes the depth-first search may visit before the learning search joins in
/// (see `SolveOptions::learn_after_nodes`). On the benchmark set every puzzle that needs
/// more nodes (the 15x15 to 19x19 n-Dom, #6574 Forever) is decided faster once the learning
/// search joins; every other puzzle needs at most 122 nodes (6-Dom) and never meets it.
/// 150 rather than 500: at 150 the learning search's conflicts are the same and the
/// depth-first nodes before it are saved (CPU s, `nonogram_solve FILE 60000 N`, load 3-6):
/// 9-Dom 0.45 -> 0.38, 8-Dom 0.17 -> 0.13, 7-Dom 0.07 -> 0.04, Forever 0.06 -> 0.02; on the
/// fetched hard set (see the crate README) #7382 0.35 -> 0.25, #7290 0.15 -> 0.09, #9892 1.00 -> 0.90, #10088 2.97 -> 2.63;
/// one puzzle lost, #18297 (the turns fall differently and its learning search took 14,603
/// conflicts instead of 6,827: 0.73 -> 1.60 s). 250 and 300 kept that loss and lost
/// #10088's gain.
pub const LEARN_AFTER_NODES: u64 = 150;
/// The learning search also joins once the depth-first search has done this many
/// milliseconds of estimated work (cells read by its line solves, at [`DFS_CELLS_PER_MS`]),
/// if that comes before [`LEARN_AFTER_NODES`] nodes: on large open puzzles a node costs
/// tens of milliseconds, and the learning search is what decides them. Gettys (#22336,
/// 99x59) reaches this budget at node 67 instead of 500; the learning search's slices are
/// the same conflict for conflict, so the depth-first nodes in between are saved (about
/// 2 s of estimated work). Counted, not timed, like every turn.
const LEARN_AFTER_MS: u64 = 500;
/// After the first switch, the two searches take turns in slices of estimated work,
/// [`SLICE_MS`] milliseconds of it at first (times [`LEARN_SHARE`] for the learning
/// search), the learning search's doubling [`LEARN_SLICE_GROWTH`] times and the depth-first
/// search's [`DFS_SLICE_GROWTH`] times. Work is
/// counted, never timed, so that the verdict does not depend on the machine: the
/// depth-first search's as the cells its line solves read, the learning search's as its
/// unit propagations, both converted at the rates measured on one core of the build
/// machine (about 170 million cells and 9 million propagations a second, steady within
/// 20 % from 19x19 to 75x50 puzzles). The propagation rate was measured on an automaton
/// encoding (see [`crate::sat`]); the order encoding propagates 12-13 million a second, but
/// re-calibrating to 12,000 a millisecond (the designed time shares) took Sierp (#12548)
/// from 1.15-2.28 to 1.70-3.13 s of CPU over five seeds, so the constant stays.
const SLICE_MS: u64 = 50;
const DFS_CELLS_PER_MS: u64 = 170_000;
const SAT_PROPAGATIONS_PER_MS: u64 = 9_000;
const LEARN_SLICE_GROWTH: u32 = 6;
/// The depth-first search's slices stop growing at 200 ms of estimated work, so that the
/// learning search's share grows from four to 64 times as the solve goes on. The
/// depth-first search wins open puzzles early or not at all: on the hard section and 20
/// random 45x45 puzzles no picture came from one of its slices past the third (the
/// learning search's conflicts, and so its pictures, were the same with growth 2, 3 and
/// 6), so its later slices only cost time: random-45x45-s6 13.7 -> 9.9 s, the hard
/// section 25.4 -> 18.6 s CPU.
const DFS_SLICE_GROWTH: u32 = 2;
/// Each slice of the learning search is this many times the estimated work of the
/// depth-first search's slice that follows it. Measured on the hard section as it was then
/// (7 random 45x45 and 50x50 puzzles and Lion, CPU seconds; MiniSat's default options,
/// before [`crate::sat`]'s were tuned and before [`DFS_SLICE_GROWTH`]): shares 1, 2, 3, 4, 5, 6 and 8 put the
/// worst ratio to the better search alone at 6.5, 3.4, 3.2, 2.2, 2.8, 3.0 and 3.3
/// (the learning search is chaotic: single puzzles move by 2x from one share to the next); the
/// puzzles the learning search wins (random-50x50-s4: 11.9 -> 5.2 s, random-45x45-s8: 3.6 ->
/// 0.8 s) gain more than the depth-first search's (random-50x50-s10: 0.9 -> 1.2 s) lose.
const LEARN_SHARE: u64 = 4;

/// Node budget of the symmetric pre-search ([`Engine::symmetric_phase`]).
const SYMMETRIC_NODE_BUDGET: u64 = 256;
/// Time budget of the symmetric pre-search: at most this, and at most a twentieth of the
/// time left (short limits go to the full search).
const SYMMETRIC_TIME_BUDGET: Duration = Duration::from_secs(1);

/// How much work the solve did, for [`super::SolveStats`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) struct Effort {
    /// Line logic alone decided the puzzle.
    pub(super) decided_by_lines: bool,
    /// The learning search ran.
    pub(super) learned: bool,
    pub(super) nodes: u64,
    pub(super) max_depth: u32,
    pub(super) probes: u64,
    pub(super) line_solves: u64,
    pub(super) conflicts: u64,
}

/// One solve: the propagator and the recorded pictures that every phase shares, the
/// depth-first search, and the learning schedule's settings and counters.
pub(super) struct Engine<'p> {
    prop: Propagator<'p>,
    sols: Solutions<'p>,
    dfs: DepthFirst<'p>,
    /// The author's picture, when given (checked against every clue by the caller).
    goal: Option<&'p [bool]>,
    /// Node budget of the depth-first search before the learning search takes over
    /// (`None`: no learning search).
    learn_after: Option<u64>,
    /// Whether the depth-first search resumes between slices of the learning search.
    alternate: bool,
    /// How the learning search is set up (its seed, line propagator and phases).
    learn: LearnSettings,
    /// Conflicts of the learning search.
    conflicts: u64,
    learned: bool,
    decided_by_lines: bool,
}

impl<'p> Engine<'p> {
    /// `goal` must satisfy every clue; `learn_after` and `alternate` are those of
    /// `SolveOptions`, and `learn` gathers its learning search's settings.
    pub(super) fn new(
        p: &'p Puzzle,
        goal: Option<&'p [bool]>,
        deadline: Deadline,
        learn_after: Option<u64>,
        alternate: bool,
        learn: LearnSettings,
    ) -> Self {
        Engine {
            prop: Propagator::new(p, deadline),
            sols: Solutions::new(p),
            dfs: DepthFirst::new(p.height(), p.width(), goal),
            goal,
            learn_after,
            alternate,
            learn,
            conflicts: 0,
            learned: false,
            decided_by_lines: false,
        }
    }

    /// The pictures recorded, in the order found.
    pub(super) fn into_solutions(self) -> Vec<Vec<bool>> {
        self.sols.into_found()
    }

    pub(super) fn effort(&self) -> Effort {
        Effort {
            decided_by_lines: self.decided_by_lines,
            learned: self.learned,
            nodes: self.dfs.nodes,
            max_depth: self.dfs.max_depth,
            probes: self.dfs.prober.probes,
            line_solves: self.prop.line_solves,
            conflicts: self.conflicts,
        }
    }

    /// Solves to the end: `Ok` or [`Stop::Contradiction`] when the whole space was
    /// searched (every picture recorded), [`Stop::Enough`] at two pictures,
    /// [`Stop::Timeout`] at the deadline.
    pub(super) fn run(&mut self) -> Result<(), Stop> {
        if let Some(goal) = self.goal {
            // A solution, and the first one reported whatever probing or the search meet
            // first.
            self.sols.record(goal.to_vec())?;
        }
        self.prop.enqueue_all();
        match self.prop.propagate() {
            Ok(()) => {}
            Err(Stop::Contradiction) => {
                self.decided_by_lines = true;
                return Ok(());
            }
            Err(e) => return Err(e),
        }
        if self.prop.is_solved() {
            self.decided_by_lines = true;
            return self.sols.record(self.prop.picture());
        }
        self.symmetric_phase()?;
        let Some(budget) = self.learn_after else {
            return self.dfs.search(&mut self.prop, &mut self.sols);
        };
        // The depth-first search and the learning search take turns (slices of nodes and of
        // conflicts) until either decides: each records every picture it meets, and each
        // finishing its space means that every picture is recorded.
        let root = self.prop.trail.len();
        self.dfs.node_budget = budget;
        self.dfs.scan_limit = self.prop.scanned + DFS_CELLS_PER_MS * LEARN_AFTER_MS;
        let mut learner: Option<Box<Learner>> = None;
        let mut slice = 0u32;
        loop {
            match self.dfs.search(&mut self.prop, &mut self.sols) {
                Err(Stop::Budget) => {}
                other => return other,
            }
            let learner = match &mut learner {
                Some(l) => l,
                None => {
                    // Seeded with what the root's propagation and probing fixed.
                    let prop = &self.prop;
                    let mut known = vec![Cell::Unknown; prop.grid.len()];
                    for &idx in &prop.trail[..self.dfs.root_probed.unwrap_or(root)] {
                        known[idx as usize] = prop.grid[idx as usize];
                    }
                    match Learner::build(prop.p, &known, prop.deadline(), &self.learn) {
                        Built::Ready(l) => {
                            self.learned = true;
                            learner.insert(l)
                        }
                        Built::TooLarge => {
                            // Too large an encoding: the depth-first search alone.
                            self.dfs.node_budget = u64::MAX;
                            return self.dfs.search(&mut self.prop, &mut self.sols);
                        }
                        Built::Timeout => return Err(Stop::Timeout),
                    }
                }
            };
            let ms = SLICE_MS << slice.min(LEARN_SLICE_GROWTH);
            let propagations = if self.alternate {
                SAT_PROPAGATIONS_PER_MS * ms * LEARN_SHARE
            } else {
                u64::MAX
            };
            let outcome = learn_slice(&mut self.sols, learner, propagations);
            self.conflicts = learner.conflicts();
            if outcome? {
                return Ok(());
            }
            self.dfs.node_budget = u64::MAX;
            self.dfs.scan_limit =
                self.prop.scanned + DFS_CELLS_PER_MS * (SLICE_MS << slice.min(DFS_SLICE_GROWTH));
            slice += 1;
        }
    }

    /// Symmetric pre-search, a fast path to `multiple` for puzzles whose clues are
    /// symmetric. When a symmetry maps the clue set onto itself, search first (within a
    /// small budget) only for the pictures that the symmetries leave unchanged: every cell's
    /// orbit is set as one, and every orbit is probed at every node. This space is far
    /// smaller and propagates far further: the 39x39 knot `survey-knotty` (a quarter-turn
    /// symmetric clue set) is decided `multiple` here in 8 nodes, where the full search did
    /// not find a single solution in 60 s. Solutions found are ordinary solutions (checked
    /// against every clue when recorded), so two of them settle `multiple`; anything less
    /// proves nothing about the asymmetric pictures, and the full search follows from the
    /// root, with any solution found here already recorded.
    fn symmetric_phase(&mut self) -> Result<(), Stop> {
        let Some(next) = symmetry_orbits(self.prop.p) else {
            return Ok(());
        };
        let prop = &mut self.prop;
        let root = prop.trail.len();
        prop.orbit_next = Some(next);
        // Propagation from symmetric clues is symmetric, but check rather than assume.
        let mut consistent = true;
        for t in 0..root {
            let idx = prop.trail[t] as usize;
            if !prop.set_orbit(idx, prop.grid[idx]) {
                consistent = false;
                break;
            }
        }
        let mut result = Ok(());
        if consistent {
            self.dfs.node_budget = SYMMETRIC_NODE_BUDGET;
            let share = prop
                .deadline()
                .remaining()
                .map_or(SYMMETRIC_TIME_BUDGET, |left| left / 20);
            prop.budget_deadline = Deadline::after(share.min(SYMMETRIC_TIME_BUDGET));
            result = prop.propagate().and_then(|()| {
                if prop.is_solved() {
                    self.sols.record(prop.picture())
                } else {
                    self.dfs.search(prop, &mut self.sols)
                }
            });
        }
        prop.undo(root);
        prop.clear_queue();
        prop.orbit_next = None;
        prop.budget_deadline = Deadline::NEVER;
        self.dfs.reset();
        self.dfs.node_budget = u64::MAX;
        match result {
            Ok(()) | Err(Stop::Contradiction | Stop::Budget) => Ok(()),
            Err(e) => Err(e),
        }
    }
}

/// One slice of the learning search (see [`crate::sat`]): every picture recorded so far
/// is blocked, then pictures are found, recorded and blocked until two are recorded
/// ([`Stop::Enough`]), none is left (true) or about `propagations` more unit
/// propagations are spent (false; the solver pauses at conflicts, so the budget becomes
/// a number of conflicts at the propagations per conflict seen so far).
fn learn_slice(
    sols: &mut Solutions,
    learner: &mut Learner,
    propagations: u64,
) -> Result<bool, Stop> {
    let per_conflict = match learner.conflicts() {
        0 => 1_000,
        c => (learner.propagations() / c).max(1),
    };
    let limit = learner
        .conflicts()
        .saturating_add((propagations / per_conflict).max(1));
    loop {
        learner.block_recorded(sols.found());
        match learner.next_picture(limit) {
            Next::Picture(picture) => {
                let before = sols.found().len();
                sols.record(picture.clone())?;
                if sols.found().len() == before {
                    // Not recorded (cannot happen: the encoding is exact); never
                    // return it, and never meet it again.
                    learner.block(&picture);
                }
            }
            Next::Exhausted => return Ok(true),
            Next::Paused => return Ok(false),
            Next::Timeout => return Err(Stop::Timeout),
        }
    }
}
