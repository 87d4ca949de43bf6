//! The solver for colour puzzles: line propagation with the colour line solver
//! ([`crate::colorline`]) to a fixpoint, probing at the root (each value of each undecided
//! cell tried in turn: a value that leads to a contradiction is removed, and what every
//! other value agrees on is kept), then the learning search over the colour encoding
//! ([`crate::sat::ColorLearner`]), incremental like the black-and-white one: every picture
//! found is recorded and blocked until two are recorded or none is left. An encoding too
//! large to build leaves the work to a depth-first search over the same propagation.
//!
//! [`super::SolveOptions::learn_after_nodes`] reads as in black and white: `Some(0)` starts
//! the learning search right after propagation (no probing), `None` leaves it out (the
//! depth-first search after probing); any other value is the default. The verdict is the
//! same every way.
//!
//! Cells are [`ColorSet`]s that only shrink; a trail of (cell, previous set) undoes them.
//! Every picture is checked against every clue when recorded.

use super::propagate::Stop;
use super::schedule::Effort;
use super::solutions::Solutions;
use crate::colorline::{ColorLineSolver, ColorSet, only};
use crate::linesolver::Contradiction;
use crate::puzzle::Puzzle;
use crate::sat::{Built, ColorLearner, Next};
use puzzles_common::{Deadline, Poll};
use rustc_hash::FxHashMap;
use std::collections::VecDeque;

/// One colour solve: the grid of possible values, its trail and queue of dirty lines, the
/// pictures recorded and the counters of [`Effort`].
pub(super) struct ColorEngine<'p> {
    p: &'p Puzzle,
    h: usize,
    w: usize,
    grid: Vec<ColorSet>,
    /// Cells narrowed, with the set each had before, for undo.
    trail: Vec<(u32, ColorSet)>,
    /// Cells whose set holds one value.
    decided: usize,
    queue: VecDeque<u32>,
    queued: Vec<bool>,
    ls: ColorLineSolver,
    cache: LineCache,
    inbuf: Vec<ColorSet>,
    outbuf: Vec<ColorSet>,
    deadline: Deadline,
    sols: Solutions<'p, u8>,
    goal: Option<&'p [u8]>,
    seed: u32,
    /// Whether the root is probed, and whether the learning search (else the depth-first
    /// search) finishes the solve.
    probe_first: bool,
    learn: bool,
    effort: Effort,
}

impl<'p> ColorEngine<'p> {
    /// `goal` must satisfy every clue; `options` as the module doc says.
    pub(super) fn new(
        p: &'p Puzzle,
        goal: Option<&'p [u8]>,
        deadline: Deadline,
        options: &super::SolveOptions,
    ) -> Self {
        let (h, w) = (p.height(), p.width());
        ColorEngine {
            p,
            h,
            w,
            grid: vec![p.palette().universe(); h * w],
            trail: Vec::with_capacity(h * w),
            decided: 0,
            queue: VecDeque::with_capacity(h + w),
            queued: vec![false; h + w],
            ls: ColorLineSolver::new(),
            cache: LineCache::default(),
            inbuf: Vec::with_capacity(h.max(w)),
            outbuf: Vec::with_capacity(h.max(w)),
            deadline,
            sols: Solutions::new(p),
            goal,
            seed: options.learn_seed,
            probe_first: options.learn_after_nodes != Some(0),
            learn: options.learn_after_nodes.is_some(),
            effort: Effort::default(),
        }
    }

    pub(super) fn effort(&self) -> Effort {
        self.effort
    }

    /// The pictures recorded, in the order found.
    pub(super) fn into_solutions(self) -> Vec<Vec<u8>> {
        self.sols.into_found()
    }

    /// Solves to the end, as the black-and-white schedule does: `Ok` or
    /// [`Stop::Contradiction`] when every picture is recorded, [`Stop::Enough`] at two,
    /// [`Stop::Timeout`] at the deadline.
    pub(super) fn run(&mut self) -> Result<(), Stop> {
        if let Some(goal) = self.goal {
            self.sols.record(goal.to_vec())?;
        }
        for id in 0..(self.h + self.w) as u32 {
            self.enqueue(id);
        }
        match self.propagate() {
            Ok(()) => {}
            Err(Stop::Contradiction) => {
                self.effort.decided_by_lines = true;
                return Ok(());
            }
            Err(e) => return Err(e),
        }
        if self.is_solved() {
            self.effort.decided_by_lines = true;
            return self.sols.record(self.picture());
        }
        if self.probe_first {
            self.effort.nodes = 1;
            self.probe()?;
            if self.is_solved() {
                return self.sols.record(self.picture());
            }
        }
        if !self.learn {
            return self.search(1);
        }
        self.effort.learned = true;
        match ColorLearner::build(self.p, &self.grid, self.deadline, self.seed) {
            Built::Ready(mut learner) => {
                let outcome = self.learn(&mut learner);
                self.effort.conflicts = learner.conflicts();
                outcome
            }
            Built::TooLarge => {
                self.effort.learned = false;
                self.search(1)
            }
            Built::Timeout => Err(Stop::Timeout),
        }
    }

    /// The learning search until it decides: each picture found is recorded and blocked.
    fn learn(&mut self, learner: &mut ColorLearner) -> Result<(), Stop> {
        loop {
            learner.block_recorded(self.sols.found());
            match learner.next_picture() {
                Next::Picture(picture) => {
                    let before = self.sols.found().len();
                    self.sols.record(picture.clone())?;
                    if self.sols.found().len() == before {
                        // Not recorded (cannot happen: the encoding is exact); never return
                        // it, and never meet it again.
                        learner.block(&picture);
                    }
                }
                Next::Exhausted => return Ok(()),
                Next::Paused | Next::Timeout => return Err(Stop::Timeout),
            }
        }
    }

    fn is_solved(&self) -> bool {
        self.decided == self.grid.len()
    }

    /// The grid as a full picture of values (every cell decided).
    fn picture(&self) -> Vec<u8> {
        self.grid
            .iter()
            .map(|&s| s.trailing_zeros() as u8)
            .collect()
    }

    fn enqueue(&mut self, id: u32) {
        if !self.queued[id as usize] {
            self.queued[id as usize] = true;
            self.queue.push_back(id);
        }
    }

    fn clear_queue(&mut self) {
        for id in self.queue.drain(..) {
            self.queued[id as usize] = false;
        }
    }

    /// Narrows cell `idx` to `set` (a non-empty proper subset of its values), recording
    /// the old set and marking its row and column dirty.
    fn narrow(&mut self, idx: usize, set: ColorSet) {
        self.set_cell(idx, set);
        self.enqueue((idx / self.w) as u32);
        self.enqueue((self.h + idx % self.w) as u32);
    }

    /// Narrows cell `idx` to `set`, recording the old set, without marking lines dirty.
    fn set_cell(&mut self, idx: usize, set: ColorSet) {
        let old = self.grid[idx];
        debug_assert!(set != 0 && set & !old == 0 && set != old);
        if old.count_ones() > 1 && set.count_ones() == 1 {
            self.decided += 1;
        }
        self.grid[idx] = set;
        self.trail.push((idx as u32, old));
    }

    fn undo(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let Some((idx, old)) = self.trail.pop() else {
                break;
            };
            let idx = idx as usize;
            if old.count_ones() > 1 && self.grid[idx].count_ones() == 1 {
                self.decided -= 1;
            }
            self.grid[idx] = old;
        }
    }

    #[inline]
    fn cell_index(&self, line_id: usize, i: usize) -> usize {
        if line_id < self.h {
            line_id * self.w + i
        } else {
            i * self.w + (line_id - self.h)
        }
    }

    /// Runs the colour line solver on dirty lines until none is left. On any error the
    /// queue is left empty (the caller undoes the cells).
    fn propagate(&mut self) -> Result<(), Stop> {
        while let Some(id) = self.queue.pop_front() {
            let id = id as usize;
            self.queued[id] = false;
            self.effort.line_solves += 1;
            if self
                .effort
                .line_solves
                .is_multiple_of(u64::from(Poll::EVERY))
                && self.deadline.passed()
            {
                self.clear_queue();
                return Err(Stop::Timeout);
            }
            let len = if id < self.h { self.w } else { self.h };
            self.inbuf.clear();
            for i in 0..len {
                self.inbuf.push(self.grid[self.cell_index(id, i)]);
            }
            self.outbuf.clear();
            self.outbuf.resize(len, 0);
            let (lens, colors) = self.p.line(id);
            if self
                .cache
                .solve(
                    &mut self.ls,
                    id as u32,
                    (lens, colors),
                    &self.inbuf,
                    &mut self.outbuf,
                )
                .is_err()
            {
                self.clear_queue();
                return Err(Stop::Contradiction);
            }
            for i in 0..len {
                if self.outbuf[i] != self.inbuf[i] {
                    let idx = self.cell_index(id, i);
                    self.set_cell(idx, self.outbuf[i]);
                    // The line itself is at its fixpoint; only the crossing line is dirty.
                    let cross = if id < self.h { self.h + i } else { i };
                    self.enqueue(cross as u32);
                }
            }
        }
        Ok(())
    }

    /// Narrows `idx` to `set` and propagates; on a contradiction everything since `mark`
    /// is undone and `Ok(false)` returned.
    fn try_set(&mut self, idx: usize, set: ColorSet, mark: usize) -> Result<bool, Stop> {
        self.narrow(idx, set);
        match self.propagate() {
            Ok(()) => Ok(true),
            Err(Stop::Contradiction) => {
                self.undo(mark);
                Ok(false)
            }
            Err(e) => {
                self.undo(mark);
                Err(e)
            }
        }
    }

    /// Probing is spent where it pays, as in black and white: an undecided cell on the
    /// border or next to a decided one.
    fn worth_probing(&self, idx: usize) -> bool {
        let (r, c) = (idx / self.w, idx % self.w);
        let decided = |j: usize| self.grid[j].count_ones() == 1;
        r == 0
            || c == 0
            || r + 1 == self.h
            || c + 1 == self.w
            || decided(idx - self.w)
            || decided(idx + self.w)
            || decided(idx - 1)
            || decided(idx + 1)
    }

    /// Probing at the root, in passes until one changes nothing.
    fn probe(&mut self) -> Result<(), Stop> {
        let mut probe = Probe::new(self.grid.len());
        loop {
            let mut changed = false;
            for idx in 0..self.grid.len() {
                if self.is_solved() {
                    return self.sols.record(self.picture());
                }
                if self.grid[idx].count_ones() < 2 || !self.worth_probing(idx) {
                    continue;
                }
                changed |= self.probe_cell(idx, &mut probe)?;
            }
            if !changed {
                return Ok(());
            }
        }
    }

    /// Probes every value of one cell; true when it fixed something.
    fn probe_cell(&mut self, idx: usize, probe: &mut Probe) -> Result<bool, Stop> {
        let set = self.grid[idx];
        probe.start_cell();
        let mut impossible: ColorSet = 0;
        let mut successes = 0u32;
        let mut values = set;
        while values != 0 {
            let v = values.trailing_zeros() as u8;
            values &= values - 1;
            self.effort.probes += 1;
            let mark = self.trail.len();
            if !self.try_set(idx, only(v), mark)? {
                impossible |= only(v);
                continue;
            }
            if self.is_solved() {
                let recorded = self.sols.record(self.picture());
                if recorded.is_err() {
                    self.undo(mark);
                    recorded?;
                }
            }
            successes += 1;
            probe.start_probe();
            for t in mark..self.trail.len() {
                let c = self.trail[t].0 as usize;
                probe.see(c, self.grid[c], successes);
            }
            self.undo(mark);
        }
        if impossible == set {
            return Err(Stop::Contradiction);
        }
        if impossible != 0 {
            let mark = self.trail.len();
            if !self.try_set(idx, set & !impossible, mark)? {
                return Err(Stop::Contradiction);
            }
            return Ok(true);
        }
        let mut forced = false;
        for k in 0..probe.touched.len() {
            let c = probe.touched[k];
            let narrowed = probe.union[c] & self.grid[c];
            if probe.seen[c] == successes && narrowed != self.grid[c] {
                self.narrow(c, narrowed);
                forced = true;
            }
        }
        if forced {
            self.propagate()?;
        }
        Ok(forced)
    }

    /// A depth-first search over the same propagation, for encodings too large to build:
    /// branch on an undecided cell with the fewest values, each value in turn.
    fn search(&mut self, depth: u32) -> Result<(), Stop> {
        self.effort.max_depth = self.effort.max_depth.max(depth);
        let Some(idx) = (0..self.grid.len())
            .filter(|&i| self.grid[i].count_ones() > 1)
            .min_by_key(|&i| self.grid[i].count_ones())
        else {
            return self.sols.record(self.picture());
        };
        self.effort.nodes += 1;
        let mut values = self.grid[idx];
        while values != 0 {
            let v = values.trailing_zeros() as u8;
            values &= values - 1;
            let mark = self.trail.len();
            if self.try_set(idx, only(v), mark)? {
                let below = self.search(depth + 1);
                self.undo(mark);
                match below {
                    Ok(()) | Err(Stop::Contradiction) => {}
                    Err(e) => return Err(e),
                }
            }
        }
        Ok(())
    }
}

/// The line cache holds at most this many cells (keys and results; about 40 MB with the
/// map's own share), and is emptied when full.
const CACHE_MAX_CELLS: usize = 1 << 22;

/// Line results by line and content. Probing and search present the same line in the same
/// state many times (each probe re-solves the lines around its cell, and every pass of
/// probing after the first meets the states of the pass before): on random 20x25 to 48x41
/// colour puzzles 55% to 73% of line solves repeat one solved before.
#[derive(Default)]
struct LineCache {
    map: FxHashMap<Box<[ColorSet]>, Option<Box<[ColorSet]>>>,
    /// The key being looked up: the line's id, then its cells.
    key: Vec<ColorSet>,
    /// Cells held in keys and results.
    held: usize,
}

impl LineCache {
    /// What [`ColorLineSolver::solve`] gives for line `id` with its clue `(lens, colors)`
    /// and cells `line`, from the cache when it has it.
    fn solve(
        &mut self,
        ls: &mut ColorLineSolver,
        id: u32,
        (lens, colors): (&[u32], &[u8]),
        line: &[ColorSet],
        out: &mut [ColorSet],
    ) -> Result<(), Contradiction> {
        self.key.clear();
        self.key.push(id);
        self.key.extend_from_slice(line);
        if let Some(hit) = self.map.get(self.key.as_slice()) {
            return match hit {
                Some(cells) => {
                    out.copy_from_slice(cells);
                    Ok(())
                }
                None => Err(Contradiction),
            };
        }
        let result = ls.solve(lens, colors, line, out);
        let size = self.key.len() + out.len();
        if self.held + size > CACHE_MAX_CELLS {
            self.map.clear();
            self.held = 0;
        }
        self.held += size;
        let value = result.is_ok().then(|| Box::from(&*out));
        self.map.insert(Box::from(self.key.as_slice()), value);
        result
    }
}

/// What the probes of one cell fixed: per cell, in how many of its successful probes it
/// changed, and the union of the sets it was left with. A cell changed by every
/// successful probe can only hold that union; one left alone by some probe keeps its set.
struct Probe {
    /// The probed cell's number: `owner[c] == cell` when `seen[c]` and `union[c]` are its.
    cell: u32,
    owner: Vec<u32>,
    /// The probe's number: `stamp[c] == probe` once cell c is counted in it (a cell may
    /// change twice in one probe).
    probe: u32,
    stamp: Vec<u32>,
    seen: Vec<u32>,
    union: Vec<ColorSet>,
    /// The cells the first successful probe of the current cell changed.
    touched: Vec<usize>,
}

impl Probe {
    fn new(n: usize) -> Probe {
        Probe {
            cell: 0,
            owner: vec![0; n],
            probe: 0,
            stamp: vec![0; n],
            seen: vec![0; n],
            union: vec![0; n],
            touched: Vec::new(),
        }
    }

    /// A new cell to probe (the numbers restart, and the marks are cleared, when they wrap).
    fn start_cell(&mut self) {
        self.touched.clear();
        self.cell = self.cell.wrapping_add(1);
        if self.cell == 0 {
            self.owner.fill(0);
            self.cell = 1;
        }
    }

    /// A new successful probe of the current cell.
    fn start_probe(&mut self) {
        self.probe = self.probe.wrapping_add(1);
        if self.probe == 0 {
            self.stamp.fill(0);
            self.probe = 1;
        }
    }

    /// Cell `c` changed in the current probe, the `successes`-th successful one of its
    /// cell, and holds `set` after it.
    fn see(&mut self, c: usize, set: ColorSet, successes: u32) {
        if self.stamp[c] == self.probe {
            return;
        }
        self.stamp[c] = self.probe;
        if successes == 1 {
            self.owner[c] = self.cell;
            self.seen[c] = 1;
            self.union[c] = set;
            self.touched.push(c);
        } else if self.owner[c] == self.cell && self.seen[c] == successes - 1 {
            self.seen[c] = successes;
            self.union[c] |= set;
        }
    }
}
