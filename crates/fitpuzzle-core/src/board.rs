//! Validation of the two input grids and their flat, row-major representation.
//!
//! The input arrives as `Vec<Vec<u8>>` because that is what the original problem statement
//! uses and it is cheap for serde to fill. Everything after validation works on one flat
//! `Vec<u8>` (index `r * width + c`), so neighbour lookups are plain index arithmetic and the
//! cells of a board sit in one allocation.

use crate::InputError;

/// The most cells one grid may have (4096 x 4096). The solver keeps a few bytes per cell
/// (a copy of the cell, a region label, the cell's place in its region), so this bounds its
/// memory to a few hundred megabytes; a larger grid is rejected before any work is done.
pub const MAX_CELLS: usize = 1 << 24;

/// A validated rectangular grid of 0/1 cells, stored row-major.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grid {
    height: usize,
    width: usize,
    cells: Vec<u8>,
}

impl Grid {
    /// Checks `rows` (named `name` in the input, for error paths) and flattens it.
    ///
    /// Faults, in the order they are looked for: no rows, an empty first row, more than
    /// [`MAX_CELLS`] cells, a row of another length than the first, a cell other than 0 or 1.
    pub fn from_rows(name: &str, rows: &[Vec<u8>]) -> Result<Self, InputError> {
        let Some(first) = rows.first() else {
            return Err(InputError::new(
                format!("/{name}"),
                format!("{name} has no rows; a board needs at least one cell"),
            ));
        };
        let width = first.len();
        if width == 0 {
            return Err(InputError::new(
                format!("/{name}/0"),
                format!("row 0 of {name} is empty; a board needs at least one cell"),
            ));
        }
        let height = rows.len();
        match height.checked_mul(width) {
            Some(total) if total <= MAX_CELLS => {}
            _ => {
                return Err(InputError::new(
                    format!("/{name}"),
                    format!(
                        "{name} is {height} x {width} cells, more than the limit of {MAX_CELLS} cells"
                    ),
                ));
            }
        }
        let mut cells = Vec::with_capacity(height * width);
        for (r, row) in rows.iter().enumerate() {
            if row.len() != width {
                return Err(InputError::new(
                    format!("/{name}/{r}"),
                    format!(
                        "row {r} of {name} has {} but row 0 has {width}; boards must be rectangular",
                        puzzles_common::count(row.len(), "cell")
                    ),
                ));
            }
            if let Some(c) = row.iter().position(|&v| v > 1) {
                return Err(InputError::new(
                    format!("/{name}/{r}/{c}"),
                    format!(
                        "cell [{r}, {c}] of {name} is {}; cells must be 0 or 1",
                        row[c]
                    ),
                ));
            }
            cells.extend_from_slice(row);
        }
        Ok(Self {
            height,
            width,
            cells,
        })
    }

    pub fn height(&self) -> usize {
        self.height
    }

    pub fn width(&self) -> usize {
        self.width
    }

    /// The cells, row-major: cell `[r, c]` is at `r * width + c`.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flattens_row_major() {
        let g = Grid::from_rows("table", &[vec![0, 1, 1], vec![1, 0, 0]]).unwrap();
        assert_eq!((g.height(), g.width()), (2, 3));
        assert_eq!(g.cells(), &[0, 1, 1, 1, 0, 0]);
    }

    #[test]
    fn rejects_each_fault_with_its_path() {
        let err = |rows: &[Vec<u8>]| Grid::from_rows("game_board", rows).unwrap_err();
        assert_eq!(err(&[]).path, "/game_board");
        assert_eq!(err(&[vec![]]).path, "/game_board/0");
        let ragged = err(&[vec![0, 1], vec![0]]);
        assert_eq!(ragged.path, "/game_board/1");
        assert!(ragged.message.contains("has 1 cell but row 0 has 2"));
        let bad = err(&[vec![0, 1], vec![0, 7]]);
        assert_eq!(bad.path, "/game_board/1/1");
        assert!(bad.message.contains("is 7"));
    }

    #[test]
    fn rejects_too_many_cells_before_reading_them() {
        // 4097 rows of 4096 cells: one row over the limit. Rows share no allocation work
        // with the check, which looks only at the row count and the first row.
        let rows = vec![vec![0u8; 4096]; 4097];
        let e = Grid::from_rows("table", &rows).unwrap_err();
        assert_eq!(e.path, "/table");
        assert!(e.message.contains("4097 x 4096"));
        let ok = vec![vec![0u8; 4096]; 4096];
        assert!(Grid::from_rows("table", &ok).is_ok());
    }
}
