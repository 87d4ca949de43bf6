//! The learning search's lines as explaining propagators: the SAT solver's only variables
//! are the cells, and each line's clue is a propagator (exact line logic over its clue
//! automaton, [`LineAutomaton`]) that tells the solver which cells it forces and, when the
//! solver analyses a conflict, which of the line's earlier cells force each of them
//! (a lazy explanation, computed only when asked for, and greedily small).
//!
//! Why: with the clause encoding (`super::encode_line`) unit propagation over the
//! automaton's state variables was about 78 % of the learning search's time, ~1.5 ms per
//! conflict on Gettys (#22336); a line solve here is a few word operations per cell.

use super::line_automaton::{LineAutomaton, Reach};
use batsat::theory::{Theory, TheoryArg};
use batsat::{Lit, Var};

const NO_LINE: u32 = u32::MAX;

/// The lines of one puzzle as a [`Theory`] over cell variables `0..height * width`
/// (row-major; variable `i` true = cell `i` filled).
pub(crate) struct LineTheory {
    height: usize,
    width: usize,
    /// The cells' variables, `vars[i].idx() == i`.
    vars: Vec<Var>,
    /// Rows, then columns.
    automata: Vec<LineAutomaton>,
    /// The theory's view of the solver's trail: each cell's value, its position on the
    /// trail, and the line that forced it (`NO_LINE`: the solver set it).
    value: Vec<Option<bool>>,
    at: Vec<u32>,
    reason: Vec<u32>,
    /// Cells in trail order, and its length and the trail read so far at each level.
    assigned: Vec<u32>,
    levels: Vec<(usize, usize)>,
    /// Trail entries read.
    processed: usize,
    /// Lines to solve.
    queue: Vec<u32>,
    queued: Vec<bool>,
    /// Per cell: its explanation, once asked for (true literals), and whether it is current.
    explanation: Vec<Vec<Lit>>,
    explained: Vec<bool>,
    reach: Reach,
    known: Vec<Option<bool>>,
    cells: Vec<usize>,
    conflict: Vec<Lit>,
    /// Cells times words of every line solve (the search's work, see `Learner`).
    pub(crate) work: u64,
}

impl LineTheory {
    /// `vars`: the cells' variables, the solver's first (`vars[i].idx() == i`).
    pub(crate) fn new(rows: &[Vec<u32>], cols: &[Vec<u32>], vars: &[Var]) -> Self {
        let (height, width) = (rows.len(), cols.len());
        assert!(vars.iter().enumerate().all(|(i, v)| v.idx() as usize == i));
        let automata: Vec<LineAutomaton> =
            rows.iter().chain(cols).map(|c| LineAutomaton::new(c)).collect();
        let lines = automata.len();
        let n = height * width;
        LineTheory {
            height,
            width,
            vars: vars.to_vec(),
            automata,
            value: vec![None; n],
            at: vec![0; n],
            reason: vec![NO_LINE; n],
            assigned: Vec::with_capacity(n),
            levels: Vec::new(),
            processed: 0,
            // Every line is solved once at the start.
            queue: (0..lines as u32).rev().collect(),
            queued: vec![true; lines],
            explanation: vec![Vec::new(); n],
            explained: vec![false; n],
            reach: Reach::default(),
            known: Vec::new(),
            cells: Vec::new(),
            conflict: Vec::new(),
            work: 0,
        }
    }

    /// The cells of line `line` (rows, then columns) into `self.cells`.
    fn line_cells(&mut self, line: usize) {
        let (h, w) = (self.height, self.width);
        self.cells.clear();
        if line < h {
            self.cells.extend(line * w..(line + 1) * w);
        } else {
            let c = line - h;
            self.cells.extend((0..h).map(|r| r * w + c));
        }
    }

    fn enqueue(&mut self, line: usize) {
        if !self.queued[line] {
            self.queued[line] = true;
            self.queue.push(line as u32);
        }
    }

    /// Records a cell's value at trail position `at` and queues its two lines.
    fn assign(&mut self, cell: usize, filled: bool, at: usize, reason: u32) {
        self.value[cell] = Some(filled);
        self.at[cell] = at as u32;
        self.reason[cell] = reason;
        self.explained[cell] = false;
        self.assigned.push(cell as u32);
        let (r, c) = (cell / self.width, cell % self.width);
        self.enqueue(r);
        self.enqueue(self.height + c);
    }

    /// Reads the new trail entries, then solves queued lines to a fixpoint, forcing cells
    /// or raising a conflict.
    fn check(&mut self, acts: &mut TheoryArg) {
        let cells = self.value.len();
        let trail_len = acts.model().len();
        for i in self.processed..trail_len {
            let lit = acts.model()[i];
            let cell = lit.var().idx() as usize;
            if cell < cells && self.value[cell].is_none() {
                self.assign(cell, lit.sign(), i, NO_LINE);
            }
        }
        while let Some(line) = self.queue.pop() {
            let line = line as usize;
            self.queued[line] = false;
            self.line_cells(line);
            self.known.clear();
            self.known.extend(self.cells.iter().map(|&c| self.value[c]));
            let a = &self.automata[line];
            self.work += self.known.len() as u64;
            if !a.solve(&self.known, &mut self.reach) {
                let mut named = Vec::new();
                a.explain_conflict(&self.known, &mut self.reach, &mut named);
                self.conflict.clear();
                for &t in &named {
                    let c = self.cells[t];
                    let v = self.value[c].expect("explanations name known cells");
                    self.conflict.push(Lit::new(self.vars[c], !v));
                }
                acts.raise_conflict(&self.conflict, false);
                for &l in &self.queue {
                    self.queued[l as usize] = false;
                }
                self.queue.clear();
                return;
            }
            for t in 0..self.known.len() {
                if self.known[t].is_some() {
                    continue;
                }
                let filled = if !LineAutomaton::allows(&self.reach, t, true) {
                    false
                } else if !LineAutomaton::allows(&self.reach, t, false) {
                    true
                } else {
                    continue;
                };
                let c = self.cells[t];
                let at = acts.model().len();
                self.assign(c, filled, at, line as u32);
                acts.propagate(Lit::new(self.vars[c], filled));
            }
        }
        self.processed = acts.model().len();
    }
}

impl Theory for LineTheory {
    fn final_check(&mut self, acts: &mut TheoryArg) {
        self.check(acts);
    }

    fn partial_check(&mut self, acts: &mut TheoryArg) {
        self.check(acts);
    }

    fn create_level(&mut self) {
        self.levels.push((self.assigned.len(), self.processed));
    }

    fn pop_levels(&mut self, n: usize) {
        let keep = self.levels.len() - n;
        let (assigned, processed) = self.levels[keep];
        self.levels.truncate(keep);
        for &c in &self.assigned[assigned..] {
            self.value[c as usize] = None;
            self.explained[c as usize] = false;
        }
        self.assigned.truncate(assigned);
        self.processed = processed;
        for &l in &self.queue {
            self.queued[l as usize] = false;
        }
        self.queue.clear();
    }

    fn n_levels(&self) -> usize {
        self.levels.len()
    }

    /// The cells of the forcing line that came before `p` on the trail, and that its
    /// line needs to force it ([`LineAutomaton::explain_value`]).
    fn explain_propagation(&mut self, p: Lit) -> &[Lit] {
        let cell = p.var().idx() as usize;
        if !self.explained[cell] {
            let line = self.reason[cell] as usize;
            debug_assert_ne!(self.reason[cell], NO_LINE);
            self.line_cells(line);
            let before = self.at[cell];
            self.known.clear();
            let (value, at) = (&self.value, &self.at);
            self.known.extend(
                self.cells
                    .iter()
                    .map(|&c| value[c].filter(|_| at[c] < before)),
            );
            let t = self.cells.iter().position(|&c| c == cell).expect("on its line");
            let a = &self.automata[line];
            let feasible = a.solve(&self.known, &mut self.reach);
            debug_assert!(feasible);
            let mut named = Vec::new();
            let filled = p.sign();
            a.explain_value(&self.known, &mut self.reach, t, !filled, &mut named);
            let out = &mut self.explanation[cell];
            out.clear();
            for &j in &named {
                let c = self.cells[j];
                let v = self.value[c].expect("explanations name known cells");
                out.push(Lit::new(self.vars[c], v));
            }
            self.explained[cell] = true;
        }
        &self.explanation[cell]
    }
}
