//! Line logic as a propagator inside the learning search: beside the clause encoding, each line whose cells changed is run through
//! the exact [`LineSolver`], and every cell it fixes is given to the CDCL solver with an
//! explanation, a set of the line's assigned cells that implies it.
//!
//! Why: unit propagation over the order encoding ([`super::ladder`]) reasons about each
//! block's range only, weaker than line logic; an automaton decomposition has line logic
//! by propagation but costs three times as much per conflict. A propagator gives line
//! logic at the price of a line solve per changed line, and its explanations are cells
//! only, the vocabulary of the picture.
//!
//! The clauses stay the ground truth: the propagator only adds consequences of one line's
//! clue, so the models (and the pictures found) are the same; a wrong explanation would
//! make learned clauses that cut pictures off (the brute-force tests in the parent module
//! run with the propagator on, and one checks that a deliberately wrong explanation is
//! caught; the propagator alone, without the clauses, is also checked against brute
//! force, which exercises its own conflicts).
//!
//! Explanations ([`Explain`]): the line's cells assigned before the fixed cell (a valid
//! reason: the line solver deduced the cell from exactly those), or that set shortened
//! greedily, dropping each cell while the line with the opposite value at the fixed cell
//! stays contradictory (one consistency pass per cell tried). Explanations are made when
//! the conflict analysis asks for one (most propagated cells are never asked about), from
//! the trail positions recorded when the cells were read.
//!
//! **Measured** (`nonogram_solve FILE 60000 default SEED MODE`,
//! CPU seconds on the shared 2-core machine, load about 2; `off` is the clauses alone):
//! - Sierp (#12548), seeds 91648253, 1, 2, 3: `greedy` 4,657 / 7,334 / 14,412 / 12,477
//!   conflicts and 0.82-1.44 s, `off` 14,082 / 11,628 / 24,355 / 31,590 and 1.03-2.00 s;
//!   `whole` (first seed) 24,941 conflicts and 2.34 s: whole-line explanations (21
//!   literals on average) learn worse clauses than the clauses alone, greedy ones (2.4) better.
//! - Gettys (#22336), same seeds: `greedy` 20,866-24,211 conflicts and 10.7-13.2 s, `off`
//!   17,338-20,478 and 3.4-3.6 s: the run's CPU per conflict is about 0.5 ms instead of
//!   0.19. Two thirds of the CPU are line solves (perf: `LineSolver::solve`,
//!   `run_forward`, `prepare_tables`), each trail assignment queueing its row and column
//!   (about 1,700 assignments per conflict); the greedy shortening is under 1%.
//! - Faase and Meow, seeds 91648253, 1, 2, 57 s: `timeout` without a first picture either
//!   way; Faase 141,935-154,046 conflicts with `greedy`, Meow 306,048-313,884.
//! - Why so little: the propagator fixes few cells that unit propagation over the clauses
//!   has not (per conflict: Sierp 7, Gettys 11-13, Faase and Meow 4, against about 1,400
//!   literals, cells and ladders, propagated per conflict on Faase; counted with
//!   counters added for the measurement), and it raised no conflict itself in any of
//!   these runs (a line that becomes contradictory was always found so by the clauses
//!   first; unit propagation runs before each check). In these searches the order
//!   encoding's propagation is nearly line logic already, so the line solves mostly
//!   confirm it.
//! - The order in which the greedy shortening tries cells (latest assigned first, or
//!   earliest first) made no consistent difference: Sierp 2,183-23,472 conflicts either
//!   way over the four seeds, Gettys (seeds 1, 2) 20,477-22,470.
//!
//! So it is off by default ([`crate::solver::SolveOptions::line_propagator`]): it does not
//! decide Faase or Meow, and it triples Gettys' time.
//!
//! Invariant relied on when backtracking: the solver decides only after a check that
//! propagated nothing, which processes every changed line; so when a level is created no
//! line is waiting, and the lines waiting when levels are popped were all changed by
//! popped assignments.

use crate::cells::Cell;
use crate::linesolver::LineSolver;
use batsat::Lit;
use batsat::theory::{Theory, TheoryArg};

/// How the propagator explains the cells it fixes (and its conflicts).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Explain {
    /// Every cell of the line assigned before the fixed cell.
    WholeLine,
    /// That set, shortened greedily to a subset from which no single cell can be dropped.
    Greedy,
}

/// `fixed_by` of a cell the propagator did not fix.
const NOT_FIXED: u32 = u32::MAX;

/// The propagator's state: its own copy of the cells' assignment (value and trail
/// position), the lines waiting to be solved, and per-level marks to undo.
pub(crate) struct LineTheory {
    height: usize,
    width: usize,
    /// Clues of each line: rows, then columns.
    clues: Vec<Vec<u32>>,
    /// The "filled" literal of each cell (row-major; on the solver's first variables, so a
    /// variable's index below their count is its cell).
    filled_lits: Vec<Lit>,
    /// Value of each cell as read from the solver's trail.
    value: Vec<Cell>,
    /// Trail position of each assigned cell.
    position: Vec<u32>,
    /// The line that fixed each propagated cell (valid while the cell is assigned).
    fixed_by: Vec<u32>,
    /// Cells in the order read (undone on backtracking).
    assigned: Vec<u32>,
    /// Per decision level: lengths of `assigned` and of the trail read when it was made.
    marks: Vec<(usize, usize)>,
    /// Trail entries read so far.
    read: usize,
    /// Lines waiting to be solved, and a flag per line.
    queue: Vec<u32>,
    queued: Vec<bool>,
    explain: Explain,
    solver: LineSolver,
    line: Vec<Cell>,
    out: Vec<Cell>,
    explanation: Vec<Lit>,
    /// Tests only: give every explanation without its first cell (a wrong reason), to
    /// check that the tests catch it.
    #[cfg(test)]
    pub(crate) break_explanations: bool,
}

impl LineTheory {
    /// A propagator for a puzzle of `height` x `width` cells whose cell literals `cells`
    /// (row-major, true = filled) are on the solver's first `height * width` variables, in
    /// that order.
    pub(crate) fn new(
        rows: &[Vec<u32>],
        cols: &[Vec<u32>],
        cells: &[Lit],
        explain: Explain,
    ) -> Self {
        let (height, width) = (rows.len(), cols.len());
        let lines = height + width;
        let n = height * width;
        LineTheory {
            height,
            width,
            clues: rows.iter().chain(cols).cloned().collect(),
            filled_lits: cells.to_vec(),
            value: vec![Cell::Unknown; n],
            position: vec![0; n],
            fixed_by: vec![NOT_FIXED; n],
            assigned: Vec::with_capacity(n),
            marks: Vec::new(),
            read: 0,
            queue: (0..lines as u32).collect(),
            queued: vec![true; lines],
            explain,
            solver: LineSolver::new(),
            line: Vec::new(),
            out: Vec::new(),
            explanation: Vec::new(),
            #[cfg(test)]
            break_explanations: false,
        }
    }

    fn line_len(&self, line: usize) -> usize {
        if line < self.height {
            self.width
        } else {
            self.height
        }
    }

    /// Cell index of position `t` of `line`.
    fn cell(&self, line: usize, t: usize) -> usize {
        if line < self.height {
            line * self.width + t
        } else {
            t * self.width + (line - self.height)
        }
    }

    fn enqueue(&mut self, line: usize) {
        if !self.queued[line] {
            self.queued[line] = true;
            self.queue.push(line as u32);
        }
    }

    /// Records cell `c` as assigned `filled` at trail position `at`, and queues its lines.
    fn assign(&mut self, c: usize, filled: bool, at: usize) {
        self.value[c] = if filled { Cell::Filled } else { Cell::Empty };
        self.position[c] = at as u32;
        self.fixed_by[c] = NOT_FIXED;
        self.assigned.push(c as u32);
        let (r, col) = (c / self.width, c % self.width);
        self.enqueue(r);
        self.enqueue(self.height + col);
    }

    /// The literal that says cell `c` is `filled` (or empty).
    fn lit(&self, c: usize, filled: bool) -> Lit {
        self.filled_lits[c] ^ !filled
    }

    /// The literal of cell `c` that is true under its value.
    fn true_lit(&self, c: usize) -> Lit {
        self.lit(c, self.value[c] == Cell::Filled)
    }

    /// Loads `line`'s cells assigned before trail position `before` into `self.line`.
    fn load_line(&mut self, line: usize, before: u32) {
        let n = self.line_len(line);
        self.line.clear();
        for t in 0..n {
            let c = self.cell(line, t);
            let v = if self.value[c] != Cell::Unknown && self.position[c] < before {
                self.value[c]
            } else {
                Cell::Unknown
            };
            self.line.push(v);
        }
    }

    /// Shortens the contradictory `self.line` of `line` greedily (keeping `keep` known) and
    /// writes into `self.explanation` the true literals of its known cells but `keep`.
    fn explain_contradiction(&mut self, line: usize, keep: Option<usize>) {
        let clues = &self.clues[line];
        if self.explain == Explain::Greedy {
            // Latest assignments first, so that older cells (lower levels) stay; earliest
            // first measured no different (module doc).
            let mut order: Vec<usize> = (0..self.line.len())
                .filter(|&t| self.line[t] != Cell::Unknown && Some(t) != keep)
                .collect();
            order.sort_by_key(|&t| std::cmp::Reverse(self.position[self.cell(line, t)]));
            for t in order {
                let v = self.line[t];
                self.line[t] = Cell::Unknown;
                if self.solver.is_consistent(clues, &self.line) {
                    self.line[t] = v;
                }
            }
        }
        self.explanation.clear();
        for t in 0..self.line.len() {
            if self.line[t] != Cell::Unknown && Some(t) != keep {
                let c = self.cell(line, t);
                self.explanation.push(self.true_lit(c));
            }
        }
    }
}

impl Theory for LineTheory {
    fn final_check(&mut self, acts: &mut TheoryArg) {
        // Every variable is assigned and every clause holds, so with the encoding's
        // clauses the model is a picture; the check makes the propagator exact on its own
        // as well (tested without the clauses), and costs nothing when no line waits.
        self.partial_check(acts);
    }

    fn create_level(&mut self) {
        debug_assert!(self.queue.is_empty(), "a level made with lines waiting");
        self.marks.push((self.assigned.len(), self.read));
    }

    fn pop_levels(&mut self, n: usize) {
        let keep = self.marks.len().saturating_sub(n);
        let Some(&(assigned, read)) = self.marks.get(keep) else {
            return;
        };
        self.marks.truncate(keep);
        for &c in &self.assigned[assigned..] {
            self.value[c as usize] = Cell::Unknown;
        }
        self.assigned.truncate(assigned);
        self.read = read;
        for &l in &self.queue {
            self.queued[l as usize] = false;
        }
        self.queue.clear();
    }

    fn n_levels(&self) -> usize {
        self.marks.len()
    }

    fn partial_check(&mut self, acts: &mut TheoryArg) {
        let cells = self.value.len();
        let trail_len = acts.model().len();
        for at in self.read..trail_len {
            let lit = acts.model()[at];
            let c = lit.var().idx() as usize;
            if c < cells {
                self.assign(c, lit == self.filled_lits[c], at);
            }
        }
        self.read = trail_len;
        while let Some(line) = self.queue.pop() {
            let line = line as usize;
            self.queued[line] = false;
            self.load_line(line, u32::MAX);
            self.out.clear();
            self.out.extend_from_slice(&self.line);
            let clues = &self.clues[line];
            if self.solver.solve(clues, &self.line, &mut self.out).is_err() {
                self.explain_contradiction(line, None);
                let clause: Vec<Lit> = self.explanation.iter().map(|&l| !l).collect();
                if clause.is_empty() {
                    // No assigned cell is needed: the clue has no arrangement in the line
                    // at all, which the encoding already states with an empty clause.
                    continue;
                }
                acts.raise_conflict(&clause, false);
                return;
            }
            let mut fixed_any = false;
            for t in 0..self.line.len() {
                if self.out[t] == self.line[t] {
                    continue;
                }
                let c = self.cell(line, t);
                let filled = self.out[t] == Cell::Filled;
                let at = acts.model().len();
                if !acts.propagate(self.lit(c, filled)) {
                    // Cannot happen: the cell was unassigned; the solver reports a conflict.
                    return;
                }
                self.assign(c, filled, at);
                self.fixed_by[c] = line as u32;
                self.read = at + 1;
                fixed_any = true;
            }
            if fixed_any {
                // Let unit propagation run before the next line.
                return;
            }
        }
    }

    fn explain_propagation(&mut self, p: Lit) -> &[Lit] {
        let c = p.var().idx() as usize;
        let line = self.fixed_by[c] as usize;
        debug_assert!(
            line < self.clues.len(),
            "asked to explain a cell it did not fix"
        );
        let (row, col) = (c / self.width, c % self.width);
        let t = if line < self.height { col } else { row };
        self.load_line(line, self.position[c]);
        // The opposite value at the fixed cell contradicts the line.
        self.line[t] = if p == self.filled_lits[c] {
            Cell::Empty
        } else {
            Cell::Filled
        };
        self.explain_contradiction(line, Some(t));
        #[cfg(test)]
        if self.break_explanations && !self.explanation.is_empty() {
            self.explanation.remove(0);
        }
        &self.explanation
    }
}
