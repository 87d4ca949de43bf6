//! Propagation: the grid, the trail that undoes it, and the queue of lines to re-solve.
//!
//! Every row and column is a line; the exact line solver ([`LineSolver`]) finds the cells
//! all arrangements of a line agree on. A queue holds the lines whose cells changed since
//! they were last solved, until it is empty (a fixpoint) or a line has no arrangement (a
//! contradiction). Everything is undone through a trail of assigned cells, so no grid is
//! ever copied.

use crate::cells::{Cell, runs_equal_clues};
use crate::linesolver::LineSolver;
use crate::puzzle::Puzzle;
use puzzles_common::{Deadline, Poll};
use rustc_hash::FxHashMap;
use std::collections::VecDeque;

/// Why the search stops unwinding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Stop {
    /// The current assignment has no solution.
    Contradiction,
    /// Out of time.
    Timeout,
    /// Two different solutions found: the answer is known.
    Enough,
    /// A budget of the search ran out: its nodes, its slice of work, or the symmetric
    /// pre-search's time (see `schedule`).
    Budget,
}

/// Lines of these lengths have their results cached (two 64-bit words per mask). Shorter
/// lines go straight to the line solver, whose bit-parallel path for lines up to 62 cells
/// is faster than hashing (measured: 2x on the n-Dom with the cache off for them).
const CACHE_MIN_LEN: usize = 63;
const CACHE_MAX_LEN: usize = 128;
/// The cache is emptied when it reaches this many entries (about 25 MB at most).
const CACHE_MAX_ENTRIES: usize = 1 << 18;

/// The grid (row-major), the trail of assigned cells for undo, the queue of dirty lines
/// (ids `0..h` rows, `h..h + w` columns), and the work counters the schedule reads.
pub(super) struct Propagator<'p> {
    pub(super) p: &'p Puzzle,
    pub(super) h: usize,
    pub(super) w: usize,
    pub(super) grid: Vec<Cell>,
    pub(super) trail: Vec<u32>,
    queue: VecDeque<u32>,
    queued: Vec<bool>,
    ls: LineSolver,
    inbuf: Vec<Cell>,
    outbuf: Vec<Cell>,
    /// Line results by (line id, filled mask, empty mask): see
    /// [`Propagator::solve_line_cached`].
    cache: FxHashMap<[u64; 5], Option<[u64; 4]>>,
    deadline: Deadline,
    /// Deadline of the symmetric pre-search (`NEVER`: only the solve's own deadline).
    pub(super) budget_deadline: Deadline,
    /// During the symmetric pre-search: the cells of each symmetry orbit as a cyclic list
    /// (`orbit_next[i]` is the next cell of `i`'s orbit), so that setting one cell sets
    /// its whole orbit. `None` in the ordinary search.
    pub(super) orbit_next: Option<Vec<u32>>,
    /// Line solver calls.
    pub(super) line_solves: u64,
    /// Cells read by line solves: the depth-first search's work, as the schedule counts it.
    pub(super) scanned: u64,
}

impl<'p> Propagator<'p> {
    pub(super) fn new(p: &'p Puzzle, deadline: Deadline) -> Self {
        let (h, w) = (p.height(), p.width());
        let n = h * w;
        Propagator {
            p,
            h,
            w,
            grid: vec![Cell::Unknown; n],
            trail: Vec::with_capacity(n),
            queue: VecDeque::with_capacity(h + w),
            queued: vec![false; h + w],
            ls: LineSolver::new(),
            inbuf: Vec::with_capacity(h.max(w)),
            outbuf: Vec::with_capacity(h.max(w)),
            cache: FxHashMap::default(),
            deadline,
            budget_deadline: Deadline::NEVER,
            orbit_next: None,
            line_solves: 0,
            scanned: 0,
        }
    }

    /// The solve's own deadline.
    pub(super) fn deadline(&self) -> Deadline {
        self.deadline
    }

    pub(super) fn is_solved(&self) -> bool {
        self.trail.len() == self.grid.len()
    }

    /// The grid as a full picture (`true` = filled).
    pub(super) fn picture(&self) -> Vec<bool> {
        self.grid.iter().map(|&c| c == Cell::Filled).collect()
    }

    pub(super) fn enqueue(&mut self, id: u32) {
        if !self.queued[id as usize] {
            self.queued[id as usize] = true;
            self.queue.push_back(id);
        }
    }

    /// Marks every line dirty (the root's first propagation).
    pub(super) fn enqueue_all(&mut self) {
        for id in 0..(self.h + self.w) as u32 {
            self.enqueue(id);
        }
    }

    pub(super) fn clear_queue(&mut self) {
        for id in self.queue.drain(..) {
            self.queued[id as usize] = false;
        }
    }

    /// Sets an unknown cell and marks its row and column dirty.
    pub(super) fn assign(&mut self, idx: usize, v: Cell) {
        debug_assert_eq!(self.grid[idx], Cell::Unknown);
        self.grid[idx] = v;
        self.trail.push(idx as u32);
        let (r, c) = (idx / self.w, idx % self.w);
        self.enqueue(r as u32);
        self.enqueue((self.h + c) as u32);
        if self.orbit_next.is_some() {
            // The orbit of an unknown cell is unknown (orbits are always set whole).
            let ok = self.set_orbit(idx, v);
            debug_assert!(ok);
        }
    }

    /// Gives every other cell of `idx`'s symmetry orbit the value `v` (symmetric pre-search
    /// only); false when one of them already holds the other value.
    pub(super) fn set_orbit(&mut self, idx: usize, v: Cell) -> bool {
        let Some(next) = self.orbit_next.take() else {
            return true;
        };
        let mut ok = true;
        let mut j = next[idx] as usize;
        while j != idx {
            match self.grid[j] {
                Cell::Unknown => {
                    self.grid[j] = v;
                    self.trail.push(j as u32);
                    self.enqueue((j / self.w) as u32);
                    self.enqueue((self.h + j % self.w) as u32);
                }
                x if x != v => {
                    ok = false;
                    break;
                }
                _ => {}
            }
            j = next[j] as usize;
        }
        self.orbit_next = Some(next);
        ok
    }

    pub(super) fn undo(&mut self, mark: usize) {
        while self.trail.len() > mark {
            if let Some(idx) = self.trail.pop() {
                self.grid[idx as usize] = Cell::Unknown;
            }
        }
    }

    fn check_time(&mut self) -> Result<(), Stop> {
        if self.line_solves.is_multiple_of(u64::from(Poll::EVERY)) {
            if self.deadline.passed() {
                return Err(Stop::Timeout);
            }
            if self.budget_deadline.passed() {
                return Err(Stop::Budget);
            }
        }
        Ok(())
    }

    /// Runs the line solver on dirty lines until none is left. On any error the queue is
    /// left empty (the caller undoes the cells).
    pub(super) fn propagate(&mut self) -> Result<(), Stop> {
        while let Some(id) = self.queue.pop_front() {
            self.queued[id as usize] = false;
            self.line_solves += 1;
            self.scanned += if (id as usize) < self.h {
                self.w
            } else {
                self.h
            } as u64;
            if let Err(e) = self.check_time() {
                self.clear_queue();
                return Err(e);
            }
            let id = id as usize;
            let is_row = id < self.h;
            let (len, clues) = if is_row {
                (self.w, &self.p.rows()[id])
            } else {
                (self.h, &self.p.cols()[id - self.h])
            };
            self.inbuf.clear();
            let mut unknown = 0usize;
            for i in 0..len {
                let cell = self.grid[self.cell_index(id, i)];
                unknown += usize::from(cell == Cell::Unknown);
                self.inbuf.push(cell);
            }
            if unknown == 0 {
                if !runs_equal_clues(&self.inbuf, clues) {
                    self.clear_queue();
                    return Err(Stop::Contradiction);
                }
                continue;
            }
            self.outbuf.clear();
            self.outbuf.resize(len, Cell::Unknown);
            if !self.solve_line_cached(id, clues, len) {
                self.clear_queue();
                return Err(Stop::Contradiction);
            }
            for i in 0..len {
                let v = self.outbuf[i];
                if self.inbuf[i] == Cell::Unknown && v != Cell::Unknown {
                    let idx = self.cell_index(id, i);
                    if self.orbit_next.is_some() {
                        // Setting an orbit may already have set this cell of the line.
                        if self.grid[idx] != Cell::Unknown {
                            if self.grid[idx] != v {
                                self.clear_queue();
                                return Err(Stop::Contradiction);
                            }
                            continue;
                        }
                        if !self.set_orbit(idx, v) {
                            self.clear_queue();
                            return Err(Stop::Contradiction);
                        }
                    }
                    self.grid[idx] = v;
                    self.trail.push(idx as u32);
                    // The line itself is at its fixpoint; only the crossing line is dirty.
                    let cross = if is_row { self.h + i } else { i };
                    self.enqueue(cross as u32);
                }
            }
        }
        Ok(())
    }

    /// Tries `idx = v` and propagates. On success the cells it fixed are
    /// `trail[mark..]` and stay assigned; on contradiction everything is undone.
    pub(super) fn try_value(&mut self, idx: usize, v: Cell, mark: usize) -> Result<bool, Stop> {
        self.assign(idx, v);
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

    /// Solves `inbuf` into `outbuf` through the line cache; false on contradiction.
    ///
    /// Probing and search present the same line in the same state many times (each probe
    /// re-solves the lines around its cell; sibling search nodes share most lines), so the
    /// results of lines of [`CACHE_MIN_LEN`]..=[`CACHE_MAX_LEN`] cells are kept, keyed by line
    /// and content.
    fn solve_line_cached(&mut self, id: usize, clues: &[u32], len: usize) -> bool {
        if !(CACHE_MIN_LEN..=CACHE_MAX_LEN).contains(&len) {
            return self.ls.solve(clues, &self.inbuf, &mut self.outbuf).is_ok();
        }
        let mut key = [0u64; 5];
        key[0] = id as u64;
        for (i, &c) in self.inbuf.iter().enumerate() {
            let bit = 1u64 << (i % 64);
            match c {
                Cell::Filled => key[1 + i / 64] |= bit,
                Cell::Empty => key[3 + i / 64] |= bit,
                Cell::Unknown => {}
            }
        }
        if let Some(hit) = self.cache.get(&key) {
            let Some(masks) = hit else { return false };
            for (i, out) in self.outbuf.iter_mut().enumerate() {
                let bit = 1u64 << (i % 64);
                *out = if masks[i / 64] & bit != 0 {
                    Cell::Filled
                } else if masks[2 + i / 64] & bit != 0 {
                    Cell::Empty
                } else {
                    Cell::Unknown
                };
            }
            return true;
        }
        let ok = self.ls.solve(clues, &self.inbuf, &mut self.outbuf).is_ok();
        let value = ok.then(|| {
            let mut masks = [0u64; 4];
            for (i, &c) in self.outbuf.iter().enumerate() {
                let bit = 1u64 << (i % 64);
                match c {
                    Cell::Filled => masks[i / 64] |= bit,
                    Cell::Empty => masks[2 + i / 64] |= bit,
                    Cell::Unknown => {}
                }
            }
            masks
        });
        if self.cache.len() >= CACHE_MAX_ENTRIES {
            self.cache.clear();
        }
        self.cache.insert(key, value);
        ok
    }

    #[inline]
    fn cell_index(&self, line_id: usize, i: usize) -> usize {
        if line_id < self.h {
            line_id * self.w + i
        } else {
            i * self.w + (line_id - self.h)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A plus sign: line logic alone completes it, and undoing to the start empties the
    /// grid again.
    #[test]
    fn propagation_completes_line_solvable_puzzles_and_undoes() {
        let p = Puzzle::new(&[vec![1], vec![3], vec![1]], &[vec![1], vec![3], vec![1]]).unwrap();
        let mut prop = Propagator::new(&p, Deadline::NEVER);
        prop.enqueue_all();
        assert_eq!(prop.propagate(), Ok(()));
        assert!(prop.is_solved());
        assert_eq!(
            prop.picture(),
            [false, true, false, true, true, true, false, true, false]
        );
        prop.undo(0);
        assert!(prop.grid.iter().all(|&c| c == Cell::Unknown));
    }

    /// A value that breaks a line is a contradiction, and `try_value` leaves the grid as
    /// it found it.
    #[test]
    fn try_value_undoes_a_contradiction() {
        // Clues of `#.` / `.#`: two pictures, so nothing is fixed at the root.
        let p = Puzzle::new(&[vec![1], vec![1]], &[vec![1], vec![1]]).unwrap();
        let mut prop = Propagator::new(&p, Deadline::NEVER);
        prop.enqueue_all();
        assert_eq!(prop.propagate(), Ok(()));
        assert_eq!(prop.trail.len(), 0);
        assert_eq!(prop.try_value(0, Cell::Filled, 0), Ok(true));
        assert!(prop.is_solved());
        prop.undo(0);
        prop.assign(0, Cell::Filled);
        prop.assign(1, Cell::Filled);
        assert_eq!(prop.propagate(), Err(Stop::Contradiction));
    }
}
