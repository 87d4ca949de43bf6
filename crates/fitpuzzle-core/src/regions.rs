//! Extraction of holes (4-connected groups of 0 on the board) and pieces (4-connected groups
//! of 1 on the table).
//!
//! Both are the same operation with a different cell value, so there is one function,
//! [`Regions::extract`], and no duplicated flood fill. It makes one row-major scan that starts
//! an iterative flood fill (explicit stack, no recursion depth to overflow on a 4-million-cell
//! region) at every cell not yet labelled, so regions are numbered by their first cell in
//! row-major order, as the contract says. A second linear scan over the labels then buckets
//! each cell into its region, which leaves every region's cells in row-major order without
//! sorting. Total work and memory are linear in the number of cells.

use crate::board::Grid;

const UNLABELLED: u32 = u32::MAX;

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

impl Regions {
    /// The 4-connected regions of cells equal to `value` in `grid`.
    pub fn extract(grid: &Grid, value: u8) -> Self {
        let width = grid.width();
        let values = grid.cells();
        let n = values.len();
        let mut label = vec![UNLABELLED; n];
        let mut sizes: Vec<usize> = Vec::new();
        let mut stack: Vec<usize> = Vec::new();
        for first in 0..n {
            if values[first] != value || label[first] != UNLABELLED {
                continue;
            }
            // At most MAX_CELLS regions, so the id fits in u32 and never equals UNLABELLED.
            let id = sizes.len() as u32;
            label[first] = id;
            stack.push(first);
            let mut size = 0usize;
            while let Some(i) = stack.pop() {
                size += 1;
                let c = i % width;
                let mut visit = |j: usize| {
                    if values[j] == value && label[j] == UNLABELLED {
                        label[j] = id;
                        stack.push(j);
                    }
                };
                if i >= width {
                    visit(i - width);
                }
                if i + width < n {
                    visit(i + width);
                }
                if c > 0 {
                    visit(i - 1);
                }
                if c + 1 < width {
                    visit(i + 1);
                }
            }
            sizes.push(size);
        }

        let mut starts = Vec::with_capacity(sizes.len() + 1);
        let mut total = 0usize;
        starts.push(0);
        for &s in &sizes {
            total += s;
            starts.push(total);
        }
        let mut next = starts[..sizes.len()].to_vec();
        let mut cells = vec![0u32; total];
        for (i, &l) in label.iter().enumerate() {
            if l != UNLABELLED {
                let slot = &mut next[l as usize];
                cells[*slot] = i as u32;
                *slot += 1;
            }
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

    /// The width of the grid the regions come from.
    pub fn width(&self) -> usize {
        self.width
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
