//! The depth-first search: branch on the cell whose two probes fixed the most cells, probing
//! at every node, and keep going after the first solution until a second one turns up or
//! the whole space is refuted. It runs on an explicit stack (a deep search cannot overflow
//! the thread's stack) and can pause at a budget and resume where it stopped, so that the
//! schedule can take turns between it and the learning search.

use super::probe::Prober;
use super::propagate::{Propagator, Stop};
use super::solutions::Solutions;
use crate::cells::Cell;

/// A branching node: its cell, the value still to try, and the trail length before the
/// branch (undoing to it restores the node's own state).
struct Frame {
    idx: usize,
    next: Option<Cell>,
    mark: usize,
}

/// The depth-first search's state, its budgets and statistics.
pub(super) struct DepthFirst<'p> {
    /// The author's picture, when given: every branch tries its value first.
    goal: Option<&'p [bool]>,
    pub(super) prober: Prober,
    /// The stack of a search paused by its budget.
    frames: Vec<Frame>,
    /// Search nodes visited, and the deepest branching level reached.
    pub(super) nodes: u64,
    pub(super) max_depth: u32,
    /// Search nodes allowed before [`Stop::Budget`] (`u64::MAX`: no limit).
    pub(super) node_budget: u64,
    /// [`Propagator::scanned`] at which the current slice ends (`u64::MAX`: no limit).
    pub(super) scan_limit: u64,
    /// Trail length once the root node was probed (outside the symmetric pre-search).
    pub(super) root_probed: Option<usize>,
}

impl<'p> DepthFirst<'p> {
    pub(super) fn new(h: usize, w: usize, goal: Option<&'p [bool]>) -> Self {
        DepthFirst {
            goal,
            prober: Prober::new(h, w),
            frames: Vec::new(),
            nodes: 0,
            max_depth: 0,
            node_budget: u64::MAX,
            scan_limit: u64::MAX,
            root_probed: None,
        }
    }

    /// Forgets a paused search (after the symmetric pre-search).
    pub(super) fn reset(&mut self) {
        self.frames.clear();
    }

    /// Searches below the current (propagated, incomplete) grid. Returns normally when the
    /// whole space below it is exhausted, every solution in it recorded.
    ///
    /// When a budget runs out ([`Stop::Budget`]) the stack is kept, so that the next call
    /// resumes at the node it did not enter; any other outcome ends this search.
    pub(super) fn search(
        &mut self,
        prop: &mut Propagator,
        sols: &mut Solutions,
    ) -> Result<(), Stop> {
        let mut stack = std::mem::take(&mut self.frames);
        let r = self.search_from(&mut stack, prop, sols);
        if r == Err(Stop::Budget) {
            self.frames = stack;
        }
        r
    }

    fn search_from(
        &mut self,
        stack: &mut Vec<Frame>,
        prop: &mut Propagator,
        sols: &mut Solutions,
    ) -> Result<(), Stop> {
        loop {
            // Enter a node: the grid is propagated and not complete.
            if self.node_budget == 0 || prop.scanned >= self.scan_limit {
                return Err(Stop::Budget);
            }
            self.node_budget -= 1;
            self.nodes += 1;
            let depth = u32::try_from(stack.len()).unwrap_or(u32::MAX);
            self.max_depth = self.max_depth.max(depth);
            if depth > 0 && prop.orbit_next.is_none() {
                let since = stack.last().map_or(0, |f| f.mark);
                self.prober.focus_on_changes(prop, since);
            }
            let probed = self.prober.probe(prop, sols);
            self.prober.unfocus();
            match probed {
                Ok(Some((idx, first))) => {
                    let first = match self.goal {
                        Some(goal) if goal[idx] => Cell::Filled,
                        Some(_) => Cell::Empty,
                        None => first,
                    };
                    let second = if first == Cell::Filled {
                        Cell::Empty
                    } else {
                        Cell::Filled
                    };
                    let mark = prop.trail.len();
                    if stack.is_empty() && prop.orbit_next.is_none() {
                        self.root_probed = Some(mark);
                    }
                    stack.push(Frame {
                        idx,
                        next: Some(second),
                        mark,
                    });
                    if prop.try_value(idx, first, mark)? {
                        if !prop.is_solved() {
                            continue;
                        }
                        sols.record(prop.picture())?;
                    }
                }
                // Solved by probing (recorded there) or refuted: nothing below.
                Ok(None) | Err(Stop::Contradiction) => {}
                Err(e) => return Err(e),
            }
            // Backtrack to the nearest node with a value left to try, and enter it.
            loop {
                let Some(top) = stack.last_mut() else {
                    return Ok(());
                };
                let (idx, mark) = (top.idx, top.mark);
                let next = top.next.take();
                prop.undo(mark);
                match next {
                    None => {
                        stack.pop();
                    }
                    Some(v) => {
                        if prop.try_value(idx, v, mark)? {
                            if !prop.is_solved() {
                                break;
                            }
                            sols.record(prop.picture())?;
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Puzzle;
    use crate::puzzle::test_support::{brute_force_count, clues_of_picture};
    use puzzles_common::Deadline;

    fn root<'p>(p: &'p Puzzle) -> (Propagator<'p>, Solutions<'p>) {
        let mut prop = Propagator::new(p, Deadline::NEVER);
        prop.enqueue_all();
        prop.propagate().unwrap();
        (prop, Solutions::new(p))
    }

    /// A node budget pauses the search, and the next call resumes it to the same end as
    /// one call without a budget.
    #[test]
    fn a_paused_search_resumes_where_it_stopped() {
        // Every line [1] of a 6x6 grid: 720 pictures, found two at a time.
        let p = Puzzle::new(&vec![vec![1]; 6], &vec![vec![1]; 6]).unwrap();
        let (mut prop, mut sols) = root(&p);
        let mut dfs = DepthFirst::new(6, 6, None);
        let whole = dfs.search(&mut prop, &mut sols);
        assert_eq!(whole, Err(Stop::Enough));
        let nodes = dfs.nodes;

        let (mut prop, mut sols) = root(&p);
        let mut dfs = DepthFirst::new(6, 6, None);
        dfs.node_budget = 1;
        assert_eq!(dfs.search(&mut prop, &mut sols), Err(Stop::Budget));
        dfs.node_budget = u64::MAX;
        assert_eq!(dfs.search(&mut prop, &mut sols), Err(Stop::Enough));
        assert_eq!(dfs.nodes, nodes);
    }

    /// On every 3x3 picture's clues that propagation leaves open, the search ends as
    /// brute-force counting says: the space exhausted with the one picture recorded, or
    /// two pictures found.
    #[test]
    fn search_agrees_with_brute_force_on_3x3() {
        let mut open = 0;
        for bits in 0u32..512 {
            let pic: Vec<bool> = (0..9).map(|i| bits >> i & 1 == 1).collect();
            let (rows, cols) = clues_of_picture(&pic, 3, 3);
            let p = Puzzle::new(&rows, &cols).unwrap();
            let (mut prop, mut sols) = root(&p);
            if prop.is_solved() {
                continue;
            }
            open += 1;
            let mut dfs = DepthFirst::new(3, 3, None);
            let end = dfs.search(&mut prop, &mut sols);
            match brute_force_count(&p) {
                1 => assert_eq!((end, sols.found().len()), (Ok(()), 1), "{rows:?} {cols:?}"),
                _ => assert_eq!((end, sols.found().len()), (Err(Stop::Enough), 2)),
            }
        }
        assert!(open > 10, "{open}");
    }
}
