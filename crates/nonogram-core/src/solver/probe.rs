//! Probing: at a fixpoint of propagation, each unknown cell is tried filled and empty, each
//! followed by propagation. A value that leads to a contradiction is impossible, so the cell
//! takes the other one; cells both tries agree on are forced too. Probes whose assignment an
//! earlier successful probe of the same pass already implied are skipped: their consequences
//! are a subset of that probe's, so they cannot contradict. Passes repeat until nothing
//! changes; the cell whose two probes fixed the most cells is the one to branch on.

use super::propagate::{Propagator, Stop};
use super::solutions::Solutions;
use crate::cells::Cell;

/// Outcome of one probe of one value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Probe {
    Skipped,
    Contradiction,
    /// Consistent; the number of cells it fixed.
    Fixed(usize),
}

/// Probing scratch and statistics.
pub(super) struct Prober {
    /// Per cell, the value probe A gave it, valid when `a_stamp == stamp`.
    a_val: Vec<Cell>,
    a_stamp: Vec<u32>,
    stamp: u32,
    /// `covered[v][cell] == pass` when a successful probe of this pass implied that value.
    covered: [Vec<u32>; 2],
    pass: u32,
    forced: Vec<(u32, Cell)>,
    /// Probe only cells on `line_touched` lines (set per search node below the root):
    /// on 17x17 n-Dom this cut line solves 3.5x and nodes too.
    focus_on: bool,
    line_touched: Vec<bool>,
    /// Cells tried by probing.
    pub(super) probes: u64,
}

impl Prober {
    pub(super) fn new(h: usize, w: usize) -> Self {
        let n = h * w;
        Prober {
            a_val: vec![Cell::Unknown; n],
            a_stamp: vec![0; n],
            stamp: 0,
            covered: [vec![0; n], vec![0; n]],
            pass: 0,
            forced: Vec::new(),
            focus_on: false,
            line_touched: vec![false; h + w],
            probes: 0,
        }
    }

    /// Probes only around the lines of the cells assigned since trail position `since`
    /// (until [`Prober::unfocus`]): elsewhere the parent node's probes already reached
    /// their fixpoint and would mostly repeat it.
    pub(super) fn focus_on_changes(&mut self, prop: &Propagator, since: usize) {
        self.focus_on = true;
        self.line_touched.fill(false);
        for &idx in &prop.trail[since..] {
            let idx = idx as usize;
            self.line_touched[idx / prop.w] = true;
            self.line_touched[prop.h + idx % prop.w] = true;
        }
    }

    pub(super) fn unfocus(&mut self) {
        self.focus_on = false;
    }

    /// Probes one value of one cell; leaves the grid as it found it.
    fn probe_value(
        &mut self,
        prop: &mut Propagator,
        sols: &mut Solutions,
        idx: usize,
        v: Cell,
        first: bool,
    ) -> Result<Probe, Stop> {
        let k = usize::from(v == Cell::Empty);
        if self.covered[k][idx] == self.pass {
            return Ok(Probe::Skipped);
        }
        self.probes += 1;
        let mark = prop.trail.len();
        if !prop.try_value(idx, v, mark)? {
            return Ok(Probe::Contradiction);
        }
        if prop.is_solved() {
            let r = sols.record(prop.picture());
            if r.is_err() {
                prop.undo(mark);
                r?;
            }
        }
        let fixed = prop.trail.len() - mark;
        for t in mark..prop.trail.len() {
            let c = prop.trail[t] as usize;
            let kc = usize::from(prop.grid[c] == Cell::Empty);
            self.covered[kc][c] = self.pass;
            if first {
                self.a_val[c] = prop.grid[c];
                self.a_stamp[c] = self.stamp;
            } else if self.a_stamp[c] == self.stamp && self.a_val[c] == prop.grid[c] {
                self.forced.push((c as u32, prop.grid[c]));
            }
        }
        prop.undo(mark);
        Ok(Probe::Fixed(fixed))
    }

    /// Probing is spent where it pays: an unknown cell on the border of the grid or next to
    /// a known cell. Deep inside an unknown region one assumption rarely propagates far, and
    /// on large open puzzles probing every cell costs more than the search it saves. (Which
    /// cells are probed changes speed only: deductions stay sound and the search complete.)
    fn worth_probing(&self, prop: &Propagator, idx: usize) -> bool {
        if let Some(next) = &prop.orbit_next {
            // Symmetric pre-search: every orbit is probed, through its smallest cell.
            let mut j = next[idx] as usize;
            while j != idx {
                if j < idx {
                    return false;
                }
                j = next[j] as usize;
            }
            return true;
        }
        let (h, w) = (prop.h, prop.w);
        let (r, c) = (idx / w, idx % w);
        if self.focus_on && !self.line_touched[r] && !self.line_touched[h + c] {
            return false;
        }
        let grid = &prop.grid;
        r == 0
            || c == 0
            || r + 1 == h
            || c + 1 == w
            || grid[idx - w] != Cell::Unknown
            || grid[idx + w] != Cell::Unknown
            || grid[idx - 1] != Cell::Unknown
            || grid[idx + 1] != Cell::Unknown
    }

    /// Probing to a fixpoint. Returns the best cell to branch on (with the value to try
    /// first), or `None` when the grid is complete.
    pub(super) fn probe(
        &mut self,
        prop: &mut Propagator,
        sols: &mut Solutions,
    ) -> Result<Option<(usize, Cell)>, Stop> {
        loop {
            if prop.is_solved() {
                return Ok(None);
            }
            self.start_pass();
            let mut changed = false;
            let mut best: Option<(u64, usize, Cell)> = None;
            for idx in 0..prop.grid.len() {
                if prop.grid[idx] != Cell::Unknown || !self.worth_probing(prop, idx) {
                    continue;
                }
                self.next_stamp();
                let a = self.probe_value(prop, sols, idx, Cell::Filled, true)?;
                if a == Probe::Contradiction {
                    let mark = prop.trail.len();
                    if !prop.try_value(idx, Cell::Empty, mark)? {
                        return Err(Stop::Contradiction);
                    }
                    changed = true;
                    if prop.is_solved() {
                        sols.record(prop.picture())?;
                        return Ok(None);
                    }
                    continue;
                }
                self.forced.clear();
                let b = self.probe_value(prop, sols, idx, Cell::Empty, false)?;
                match (a, b) {
                    (_, Probe::Contradiction) => {
                        let mark = prop.trail.len();
                        if !prop.try_value(idx, Cell::Filled, mark)? {
                            return Err(Stop::Contradiction);
                        }
                        changed = true;
                    }
                    (Probe::Fixed(na), Probe::Fixed(nb)) => {
                        if !self.forced.is_empty() {
                            for &(c, v) in &self.forced {
                                if prop.grid[c as usize] == Cell::Unknown {
                                    prop.assign(c as usize, v);
                                }
                            }
                            prop.propagate()?;
                            changed = true;
                        } else {
                            // The cell whose weaker branch still fixes the most cells
                            // (ties: the stronger branch) shrinks both subtrees.
                            // (Measured against product, sum and max of the two counts on
                            // the n-Dom and #6574: fewest nodes overall.)
                            let score = ((na.min(nb) as u64) << 32) | na.max(nb) as u64;
                            if best.is_none_or(|(s, _, _)| score > s) {
                                let first = if na >= nb { Cell::Filled } else { Cell::Empty };
                                best = Some((score, idx, first));
                            }
                        }
                    }
                    _ => {}
                }
                if prop.is_solved() {
                    sols.record(prop.picture())?;
                    return Ok(None);
                }
            }
            if !changed {
                return Ok(Some(branch_choice(best, prop)));
            }
        }
    }

    /// A new probing pass: its number marks the cells covered in it (the marks are cleared
    /// when the number wraps).
    fn start_pass(&mut self) {
        self.pass = self.pass.wrapping_add(1);
        if self.pass == 0 {
            for v in &mut self.covered {
                v.fill(0);
            }
            self.pass = 1;
        }
    }

    /// A new probe of a cell: its number marks what the first value's probe fixed (the marks
    /// are cleared when the number wraps).
    fn next_stamp(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.a_stamp.fill(0);
            self.stamp = 1;
        }
    }
}

/// The cell to branch on after a pass with no change, and its value to try first. Such a
/// pass fully probes its first candidate cell, so `best` is set whenever some unknown cell
/// is a candidate; otherwise (possible only in theory: an unknown region touches known
/// cells or the border) the first unknown cell.
fn branch_choice(best: Option<(u64, usize, Cell)>, prop: &Propagator) -> (usize, Cell) {
    best.map_or_else(
        || {
            let idx = prop
                .grid
                .iter()
                .position(|&c| c == Cell::Unknown)
                .unwrap_or(0);
            (idx, Cell::Filled)
        },
        |(_, idx, v)| (idx, v),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Puzzle;
    use puzzles_common::Deadline;

    /// A probe that completes the grid records the picture (and its mirror image, which
    /// fits the clues too): two pictures end the probing with `Enough`.
    #[test]
    fn probing_records_the_pictures_it_completes() {
        // `##.` / `#.#` / `.##` and its mirror: line logic fixes the middle row and column
        // only, and the first probe of a corner completes a picture.
        let p = Puzzle::new(
            &[vec![2], vec![1, 1], vec![2]],
            &[vec![2], vec![1, 1], vec![2]],
        )
        .unwrap();
        let mut prop = Propagator::new(&p, Deadline::NEVER);
        let mut sols = Solutions::new(&p);
        let mut prober = Prober::new(3, 3);
        prop.enqueue_all();
        prop.propagate().unwrap();
        assert!(!prop.is_solved());
        let branch = prober.probe(&mut prop, &mut sols);
        assert_eq!(branch, Err(Stop::Enough));
        assert_eq!(sols.found().len(), 2);
        assert!(prober.probes > 0);
    }
}
