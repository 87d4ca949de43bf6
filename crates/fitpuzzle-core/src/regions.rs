//! Extraction of holes (4-connected groups of 0 on the board) and pieces (4-connected groups
//! of 1 on the table).
//!
//! Both are the same operation with a different cell value, so there is one function,
//! [`Regions::extract`], and no duplicated flood fill. It is a run-based connected-component
//! labelling in one row-major scan: each row is cut into runs (maximal horizontal stretches of
//! the wanted value), and each run is joined (union-find) with the runs of the row above that
//! it touches. A region's first cell in row-major order is the start of its first run, so
//! numbering regions in the order their first run appears numbers them by first cell, as the
//! contract says; copying runs into their region in scan order then leaves every region's
//! cells in row-major order without sorting. Work is linear in the number of cells (plus a
//! near-constant union-find cost per run), memory linear in the number of runs, and the scan
//! reads the grid sequentially, which matters on four-million-cell boards.

use puzzles_common::union_find::find_root;

use crate::board::Grid;

/// A run: cells `start..end` of row `row`, all of the wanted value.
#[derive(Debug, Clone, Copy)]
struct Run {
    row: u32,
    start: u32,
    end: u32,
}

/// The regions of one cell value in a grid, numbered from 0 by first cell in row-major order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Regions {
    width: usize,
    /// Region `k` owns `cells[starts[k]..starts[k + 1]]`.
    starts: Vec<usize>,
    /// Flat indices (`r * width + c`) of the cells of every region, each region row-major.
    /// `u32` suffices because a grid has at most [`crate::MAX_CELLS`] cells.
    cells: Vec<u32>,
}

/// Pass 1 of [`Regions::extract`]: the runs of `value` in `values` (rows of `width` cells),
/// row by row, each unioned with the runs above it that it touches; gives the runs and the
/// union-find parents.
fn linked_runs(values: &[u8], width: usize, value: u8) -> (Vec<Run>, Vec<u32>) {
    let mut runs: Vec<Run> = Vec::new();
    let mut parent: Vec<u32> = Vec::new();
    let mut above = 0..0; // indices into `runs` of the previous row's runs
    for (r, row) in values.chunks_exact(width).enumerate() {
        let first_here = runs.len();
        let mut c = 0;
        while c < width {
            if row[c] != value {
                c += 1;
                continue;
            }
            let start = c;
            while c < width && row[c] == value {
                c += 1;
            }
            // At most MAX_CELLS cells, so rows, columns and run ids fit in u32.
            let id = runs.len() as u32;
            runs.push(Run {
                row: r as u32,
                start: start as u32,
                end: c as u32,
            });
            parent.push(id);
        }
        // Merge-walk the two sorted lists of runs: 4-connected runs of adjacent rows
        // share at least one column.
        let here = first_here..runs.len();
        let (mut a, mut b) = (above.start, here.start);
        while a < above.end && b < here.end {
            let (ra, rb) = (runs[a], runs[b]);
            if ra.start < rb.end && rb.start < ra.end {
                let (x, y) = (
                    find_root(&mut parent, a as u32),
                    find_root(&mut parent, b as u32),
                );
                if x != y {
                    // Keep the earlier run as root: cheap, and deterministic.
                    let (lo, hi) = if x < y { (x, y) } else { (y, x) };
                    parent[hi as usize] = lo;
                }
            }
            if ra.end <= rb.end {
                a += 1;
            } else {
                b += 1;
            }
        }
        above = here;
    }
    (runs, parent)
}

/// Pass 2 of [`Regions::extract`]: numbers the regions by their first run and sizes them;
/// gives each run's region and each region's cell count.
fn number_regions(runs: &[Run], parent: &mut [u32]) -> (Vec<u32>, Vec<usize>) {
    const NONE: u32 = u32::MAX;
    let mut region_of_root = vec![NONE; runs.len()];
    let mut region_of_run = Vec::with_capacity(runs.len());
    let mut sizes: Vec<usize> = Vec::new();
    for (k, run) in runs.iter().enumerate() {
        let root = find_root(parent, k as u32) as usize;
        if region_of_root[root] == NONE {
            region_of_root[root] = sizes.len() as u32;
            sizes.push(0);
        }
        let region = region_of_root[root];
        sizes[region as usize] += (run.end - run.start) as usize;
        region_of_run.push(region);
    }
    (region_of_run, sizes)
}

impl Regions {
    /// The 4-connected regions of cells equal to `value` in `grid`.
    pub fn extract(grid: &Grid, value: u8) -> Self {
        let width = grid.width();
        let (runs, mut parent) = linked_runs(grid.cells(), width, value);
        let (region_of_run, sizes) = number_regions(&runs, &mut parent);
        drop(parent);

        // Pass 3: copy each run's cells into its region, in scan order.
        let mut starts = Vec::with_capacity(sizes.len() + 1);
        let mut total = 0usize;
        starts.push(0);
        for &s in &sizes {
            total += s;
            starts.push(total);
        }
        let mut next = starts[..sizes.len()].to_vec();
        let mut cells = vec![0u32; total];
        for (run, &region) in runs.iter().zip(&region_of_run) {
            let base = run.row * width as u32;
            let slot = &mut next[region as usize];
            let len = (run.end - run.start) as usize;
            for (dst, c) in cells[*slot..*slot + len].iter_mut().zip(run.start..run.end) {
                *dst = base + c;
            }
            *slot += len;
        }
        Self {
            width,
            starts,
            cells,
        }
    }

    /// The number of regions.
    pub fn len(&self) -> usize {
        self.starts.len() - 1
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The flat indices (`r * width + c`) of region `k`, in row-major order.
    pub fn flat_cells(&self, k: usize) -> &[u32] {
        &self.cells[self.starts[k]..self.starts[k + 1]]
    }

    /// The `[row, col]` cells of region `k`, in row-major order.
    pub fn coords(&self, k: usize) -> impl ExactSizeIterator<Item = [u32; 2]> + '_ {
        let w = self.width as u32;
        self.flat_cells(k).iter().map(move |&i| [i / w, i % w])
    }

    /// The first cell `[row, col]` of region `k` in row-major order.
    pub fn first_cell(&self, k: usize) -> [u32; 2] {
        let w = self.width as u32;
        let i = self.cells[self.starts[k]];
        [i / w, i % w]
    }

    /// The width of the grid the regions come from.
    pub fn width(&self) -> usize {
        self.width
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::strategy::Strategy;

    fn regions(rows: &[Vec<u8>], value: u8) -> Vec<Vec<[u32; 2]>> {
        let g = Grid::from_rows("t", rows).unwrap();
        let r = Regions::extract(&g, value);
        (0..r.len()).map(|k| r.coords(k).collect()).collect()
    }

    #[test]
    fn numbers_regions_by_first_cell_and_lists_cells_row_major() {
        // The U-shaped group of 1s is reached from its top-left arm first, yet its cells come
        // out row-major; the lone 1 at [1, 1] starts after the U's first cell.
        let rows = vec![vec![1, 0, 1], vec![1, 0, 1], vec![1, 1, 1], vec![0, 0, 0]];
        assert_eq!(
            regions(&rows, 1),
            vec![vec![[0, 0], [0, 2], [1, 0], [1, 2], [2, 0], [2, 1], [2, 2]]]
        );
        assert_eq!(
            regions(&rows, 0),
            vec![vec![[0, 1], [1, 1]], vec![[3, 0], [3, 1], [3, 2]]]
        );
    }

    #[test]
    fn diagonal_neighbours_are_separate_regions() {
        let rows = vec![vec![1, 0], vec![0, 1]];
        assert_eq!(regions(&rows, 1), vec![vec![[0, 0]], vec![[1, 1]]]);
        assert_eq!(regions(&rows, 0), vec![vec![[0, 1]], vec![[1, 0]]]);
    }

    #[test]
    fn rows_do_not_wrap_around() {
        // [0, 2] and [1, 0] are adjacent in the flat layout but not on the board.
        let rows = vec![vec![0, 0, 1], vec![1, 0, 0]];
        assert_eq!(regions(&rows, 1), vec![vec![[0, 2]], vec![[1, 0]]]);
    }

    /// Reference labelling: breadth-first flood fill from each unlabelled cell, row-major.
    fn flood_fill(rows: &[Vec<u8>], value: u8) -> Vec<Vec<[u32; 2]>> {
        let (h, w) = (rows.len(), rows[0].len());
        let mut seen = vec![vec![false; w]; h];
        let mut out = Vec::new();
        for r in 0..h {
            for c in 0..w {
                if rows[r][c] != value || seen[r][c] {
                    continue;
                }
                seen[r][c] = true;
                let mut queue = std::collections::VecDeque::from([(r, c)]);
                let mut cells = Vec::new();
                while let Some((r, c)) = queue.pop_front() {
                    cells.push([r as u32, c as u32]);
                    let near = [
                        (r.wrapping_sub(1), c),
                        (r + 1, c),
                        (r, c.wrapping_sub(1)),
                        (r, c + 1),
                    ];
                    for (nr, nc) in near {
                        if nr < h && nc < w && rows[nr][nc] == value && !seen[nr][nc] {
                            seen[nr][nc] = true;
                            queue.push_back((nr, nc));
                        }
                    }
                }
                cells.sort_unstable();
                out.push(cells);
            }
        }
        out
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]

        /// Spirals, combs and U shapes whose arms join rows later appear at random on boards
        /// up to 30x30; the run-based labelling must agree with a plain flood fill.
        #[test]
        fn agrees_with_flood_fill(
            rows in (1usize..=30, 1usize..=30, 10u32..=90).prop_flat_map(|(h, w, d)| {
                proptest::collection::vec(
                    proptest::collection::vec(
                        (0u32..100).prop_map(move |x| u8::from(x < d)), w), h)
            }),
        ) {
            for value in [0, 1] {
                proptest::prop_assert_eq!(regions(&rows, value), flood_fill(&rows, value));
            }
        }
    }

    #[test]
    fn single_row_and_single_column() {
        assert_eq!(
            regions(&[vec![1, 1, 0, 1]], 1),
            vec![vec![[0, 0], [0, 1]], vec![[0, 3]]]
        );
        assert_eq!(
            regions(&[vec![0], vec![0], vec![1]], 0),
            vec![vec![[0, 0], [1, 0]]]
        );
    }
}
