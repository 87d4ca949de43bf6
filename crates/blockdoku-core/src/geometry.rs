//! Board geometry: the size, the box size and the bit masks of every clearable unit.
//!
//! A board is a `u128` bitboard: cell `(r, c)` is bit `r * size + c`, so boards up to 11x11
//! (121 cells) fit. Rows, columns and boxes are precomputed masks, which makes "is this unit
//! full" one AND and one compare, and the whole clear a few dozen instructions.

use crate::error::InputError;

/// Largest supported side: 11 * 11 = 121 cells still fit in a `u128`.
pub const MAX_SIZE: usize = 11;

/// The default board side (Blockudoku, Woodoku).
pub const DEFAULT_SIZE: usize = 9;

/// The shape of a board and its clearable units.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Geometry {
    size: usize,
    box_size: usize,
    full: u128,
    rows: Vec<u128>,
    cols: Vec<u128>,
    boxes: Vec<u128>,
    /// `rows`, `cols` and `boxes` in one list.
    units: Vec<u128>,
    first_row: u128,
    last_row: u128,
    first_col: u128,
    last_col: u128,
    box_origins: u128,
}

/// The units a clear removes, as index bitmasks, and the union of their cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Units {
    /// Bit `i` set: row `i` was full.
    pub rows: u16,
    /// Bit `j` set: column `j` was full.
    pub cols: u16,
    /// Bit `k` set: box `k` (row-major from the top left) was full.
    pub boxes: u32,
    /// Every cell of every full unit, each counted once.
    pub cells: u128,
}

impl Units {
    /// How many units (rows + columns + boxes) are full.
    pub fn count(&self) -> u32 {
        self.rows.count_ones() + self.cols.count_ones() + self.boxes.count_ones()
    }

    /// How many distinct cells the clear removes.
    pub fn cell_count(&self) -> u32 {
        self.cells.count_ones()
    }

    /// True when nothing is cleared.
    pub fn is_empty(&self) -> bool {
        self.cells == 0
    }
}

fn bit_indexes(mut bits: u32) -> Vec<usize> {
    let mut out = Vec::new();
    while bits != 0 {
        out.push(bits.trailing_zeros() as usize);
        bits &= bits - 1;
    }
    out
}

impl Units {
    /// Indexes of the full rows, ascending.
    pub fn row_list(&self) -> Vec<usize> {
        bit_indexes(u32::from(self.rows))
    }
    /// Indexes of the full columns, ascending.
    pub fn col_list(&self) -> Vec<usize> {
        bit_indexes(u32::from(self.cols))
    }
    /// Indexes of the full boxes, ascending.
    pub fn box_list(&self) -> Vec<usize> {
        bit_indexes(self.boxes)
    }
}

/// The cells of `board` that start a run of `len` set cells, `step` bits apart: doubling
/// runs (1, 2, 4, ...) and one overlapping step to reach `len`, so about log2(len) shifts.
#[inline(always)]
fn run_starts(board: u128, len: usize, step: usize) -> u128 {
    let mut acc = board;
    let mut have = 1;
    while 2 * have <= len {
        acc &= acc >> (have * step);
        have *= 2;
    }
    if have < len {
        acc &= acc >> ((len - have) * step);
    }
    acc
}

/// The `box` a board gets when the input does not say: 3x3 boxes on the 9x9 board (the
/// design note's game), none on other sizes (8x8 Block Blast and 10x10 1010! have no boxes).
pub fn default_box(size: usize) -> usize {
    if size == 9 { 3 } else { 0 }
}

/// The `size` of an input that does not say (serde's default).
pub(crate) fn default_size() -> usize {
    DEFAULT_SIZE
}

/// Checks that `at` is within a sane range (each coordinate in `-size..=size`); a piece may
/// still stick out of the board from there, which is a move's `out_of_bounds`, not an input
/// error.
pub(crate) fn check_at(at: [i64; 2], size: usize, path: &str) -> Result<(), InputError> {
    let n = size as i64;
    for (k, &v) in at.iter().enumerate() {
        if v < -n || v > n {
            return Err(InputError::new(
                format!("{path}/{k}"),
                format!(
                    "at [{}, {}] is far outside the {size}x{size} board; each coordinate must be \
                     between -{size} and {size}",
                    at[0], at[1]
                ),
            ));
        }
    }
    Ok(())
}

impl Geometry {
    /// The geometry of an input's optional `size` and `box`.
    pub(crate) fn of_input(size: usize, box_size: Option<usize>) -> Result<Geometry, InputError> {
        Geometry::new(size, box_size.unwrap_or_else(|| default_box(size)))
    }

    /// Checks `size` and `box` (`box_size`, 0 = no box clears) and builds the masks.
    /// Errors point at `/size` or `/box` of the command's input.
    pub fn new(size: usize, box_size: usize) -> Result<Geometry, InputError> {
        if !(1..=MAX_SIZE).contains(&size) {
            return Err(InputError::new(
                "/size",
                format!("size {size} is not supported; it must be between 1 and {MAX_SIZE}"),
            ));
        }
        if box_size != 0 && (box_size < 2 || box_size > size || !size.is_multiple_of(box_size)) {
            return Err(InputError::new(
                "/box",
                format!(
                    "box {box_size} does not tile a {size}x{size} board; use 0 (no boxes) or a \
                     divisor of {size} that is at least 2"
                ),
            ));
        }
        let bit = |r: usize, c: usize| 1u128 << (r * size + c);
        let mut rows = Vec::with_capacity(size);
        let mut cols = Vec::with_capacity(size);
        for i in 0..size {
            rows.push((0..size).fold(0, |m, c| m | bit(i, c)));
            cols.push((0..size).fold(0, |m, r| m | bit(r, i)));
        }
        let mut boxes = Vec::new();
        if let Some(per_side) = size.checked_div(box_size) {
            for br in 0..per_side {
                for bc in 0..per_side {
                    let mut m = 0;
                    for r in 0..box_size {
                        for c in 0..box_size {
                            m |= bit(br * box_size + r, bc * box_size + c);
                        }
                    }
                    boxes.push(m);
                }
            }
        }
        let full = rows.iter().fold(0, |m, r| m | r);
        let box_origins = boxes
            .iter()
            .fold(0, |m, b: &u128| m | (1u128 << b.trailing_zeros()));
        let units = rows.iter().chain(&cols).chain(&boxes).copied().collect();
        Ok(Geometry {
            size,
            box_size,
            full,
            units,
            box_origins,
            first_row: rows[0],
            last_row: rows[size - 1],
            first_col: cols[0],
            last_col: cols[size - 1],
            rows,
            cols,
            boxes,
        })
    }

    /// The standard 9x9 board with 3x3 boxes.
    pub fn standard() -> Geometry {
        match Geometry::new(DEFAULT_SIZE, 3) {
            Ok(g) => g,
            Err(_) => unreachable!("9x9 with 3x3 boxes is a valid geometry"),
        }
    }

    /// Side of the board.
    pub fn size(&self) -> usize {
        self.size
    }
    /// Side of a box, 0 when boxes do not clear.
    pub fn box_size(&self) -> usize {
        self.box_size
    }
    /// Every cell of the board.
    pub fn full(&self) -> u128 {
        self.full
    }
    /// Row masks, top to bottom.
    pub fn rows(&self) -> &[u128] {
        &self.rows
    }
    /// Column masks, left to right.
    pub fn cols(&self) -> &[u128] {
        &self.cols
    }
    /// Box masks, row-major from the top left (empty when `box` is 0).
    pub fn boxes(&self) -> &[u128] {
        &self.boxes
    }
    /// Every unit that clears: the rows, then the columns, then the boxes.
    pub fn units(&self) -> &[u128] {
        &self.units
    }
    /// Adds unit `i` (an index in [`Geometry::units`]) to `cleared`: its row, column or box
    /// bit and its cells.
    #[inline]
    pub fn add_unit(&self, cleared: &mut Units, i: usize) {
        let n = self.size;
        cleared.cells |= self.units[i];
        if i < n {
            cleared.rows |= 1 << i;
        } else if i < 2 * n {
            cleared.cols |= 1 << (i - n);
        } else {
            cleared.boxes |= 1 << (i - 2 * n);
        }
    }
    /// Top row mask.
    pub fn first_row(&self) -> u128 {
        self.first_row
    }
    /// Bottom row mask.
    pub fn last_row(&self) -> u128 {
        self.last_row
    }
    /// Left column mask.
    pub fn first_col(&self) -> u128 {
        self.first_col
    }
    /// Right column mask.
    pub fn last_col(&self) -> u128 {
        self.last_col
    }

    /// The bit of cell `(r, c)`; the caller keeps `r, c < size`.
    pub fn bit(&self, r: usize, c: usize) -> u128 {
        1u128 << (r * self.size + c)
    }

    /// Every full unit of `board` (all found on the same board, before anything is removed).
    pub fn full_units(&self, board: u128) -> Units {
        let mut u = Units::default();
        for (i, &m) in self.rows.iter().enumerate() {
            if board & m == m {
                u.rows |= 1 << i;
                u.cells |= m;
            }
        }
        for (j, &m) in self.cols.iter().enumerate() {
            if board & m == m {
                u.cols |= 1 << j;
                u.cells |= m;
            }
        }
        for (k, &m) in self.boxes.iter().enumerate() {
            if board & m == m {
                u.boxes |= 1 << k;
                u.cells |= m;
            }
        }
        u
    }

    /// Removes every full unit at once; returns the board after and what was removed.
    pub fn clear(&self, board: u128) -> (u128, Units) {
        if !self.has_full_unit(board) {
            return (board, Units::default());
        }
        let u = self.full_units(board);
        (board & !u.cells, u)
    }

    /// True when some row, column or box of `board` is full. Shift-and folds instead of one
    /// test per unit: a full row leaves its first cell set after `size - 1` folds by one
    /// column, a full column after folds by one row, a full box after folds both ways; most
    /// moves clear nothing, and the search asks this of every placement.
    #[inline]
    pub fn has_full_unit(&self, board: u128) -> bool {
        // The standard board gets its own copy with constant shifts (several times faster
        // than shifts by a run-time amount on a u128).
        if self.size == DEFAULT_SIZE && self.box_size == 3 {
            self.has_full_unit_of(board, DEFAULT_SIZE, 3)
        } else {
            self.has_full_unit_of(board, self.size, self.box_size)
        }
    }

    #[inline(always)]
    fn has_full_unit_of(&self, board: u128, n: usize, k: usize) -> bool {
        if run_starts(board, n, 1) & self.first_col != 0
            || run_starts(board, n, n) & self.first_row != 0
        {
            return true;
        }
        k != 0 && self.full_squares(board, n, k) & self.box_origins != 0
    }

    /// The top-left cells of the full `k`x`k` squares of `board` (`n`, `k`: the size and the
    /// box size, passed so that callers with constants get constant shifts).
    #[inline(always)]
    pub fn full_squares(&self, board: u128, n: usize, k: usize) -> u128 {
        run_starts(run_starts(board, k, 1), k, n)
    }

    /// Top-left cells of the boxes (0 without boxes).
    pub fn box_origins(&self) -> u128 {
        self.box_origins
    }

    /// The empty cells of every unit of `board` with at most `max` of them, with their
    /// count, into `out` (cleared first): a piece of `k` cells can complete only the units
    /// with at most `k` empty cells, by covering all of them (see
    /// [`crate::piece::Placement::covering`]). Asking this once per board and each piece's
    /// covering anchors costs less than testing every placement for a full unit.
    #[inline]
    pub fn gaps(&self, board: u128, max: u32, out: &mut Vec<(u32, u128)>) {
        out.clear();
        out.extend(self.unit_gaps(board, max));
    }

    /// [`Geometry::gaps`] without a buffer, for callers that keep their own.
    pub fn unit_gaps(&self, board: u128, max: u32) -> impl Iterator<Item = (u32, u128)> + '_ {
        let empty = !board & self.full;
        self.rows
            .iter()
            .chain(&self.cols)
            .chain(&self.boxes)
            .filter_map(move |&unit| {
                let cells = empty & unit;
                // Counted only up to `max + 1`.
                let mut rest = cells;
                let mut count = 0;
                while rest != 0 && count <= max {
                    rest &= rest - 1;
                    count += 1;
                }
                (count <= max).then_some((count, cells))
            })
    }

    /// Parses a text board (`#` occupied, `.` empty), `path` being its JSON pointer.
    pub fn parse_board(&self, rows: &[String], path: &str) -> Result<u128, InputError> {
        let n = self.size;
        if rows.len() != n {
            return Err(InputError::new(
                path,
                format!(
                    "the board has {} but a {n}x{n} board needs {n}{}",
                    puzzles_common::count(rows.len(), "row"),
                    if n == DEFAULT_SIZE {
                        " (set \"size\" for other boards)"
                    } else {
                        ""
                    }
                ),
            ));
        }
        let mut board = 0u128;
        for (r, row) in rows.iter().enumerate() {
            let len = row.chars().count();
            if len != n {
                return Err(InputError::new(
                    format!("{path}/{r}"),
                    format!(
                        "row {r} has {} but the board is {n} wide",
                        puzzles_common::count(len, "cell")
                    ),
                ));
            }
            for (c, ch) in row.chars().enumerate() {
                match ch {
                    '#' => board |= self.bit(r, c),
                    '.' => {}
                    other => {
                        return Err(InputError::new(
                            format!("{path}/{r}"),
                            format!(
                                "row {r} column {c} is {other:?}; board cells are '#' (occupied) \
                                 or '.' (empty)"
                            ),
                        ));
                    }
                }
            }
        }
        Ok(board)
    }

    /// Renders a bitboard as text rows, top row first.
    pub fn render(&self, board: u128) -> Vec<String> {
        (0..self.size)
            .map(|r| {
                (0..self.size)
                    .map(|c| {
                        if board & self.bit(r, c) != 0 {
                            '#'
                        } else {
                            '.'
                        }
                    })
                    .collect()
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_partition_the_board() {
        for (n, b) in [(9, 3), (8, 0), (10, 0), (10, 5), (11, 0), (6, 2), (1, 0)] {
            let g = Geometry::new(n, b).expect("valid");
            assert_eq!(g.full().count_ones() as usize, n * n);
            assert_eq!(g.rows().iter().fold(0, |a, m| a | m), g.full());
            assert_eq!(g.cols().iter().fold(0, |a, m| a | m), g.full());
            if let Some(per_side) = n.checked_div(b) {
                assert_eq!(g.boxes().len(), per_side * per_side);
                assert_eq!(g.boxes().iter().fold(0, |a, m| a | m), g.full());
                assert!(g.boxes().iter().all(|m| m.count_ones() as usize == b * b));
            } else {
                assert!(g.boxes().is_empty());
            }
        }
    }

    /// The fast test agrees with the unit-by-unit one on random boards of every kind.
    #[test]
    fn has_full_unit_matches_full_units() {
        let mut rng = puzzles_common::SplitMix64::new(7);
        for (n, b) in [
            (9, 3),
            (8, 0),
            (10, 5),
            (11, 0),
            (6, 2),
            (6, 3),
            (1, 0),
            (4, 2),
        ] {
            let g = Geometry::new(n, b).expect("valid");
            for k in 0..20_000 {
                // Dense boards (3 of 4 cells, or more) so that units are often full.
                let mut board = g.full();
                for _ in 0..(1 + k % 3) {
                    board &= rng.next_u128() | rng.next_u128();
                }
                if k % 5 == 0 {
                    board |= g.rows()[k % n];
                }
                assert_eq!(
                    g.has_full_unit(board),
                    !g.full_units(board).is_empty(),
                    "{n}x{n} box {b}: {board:#x}"
                );
            }
        }
    }

    #[test]
    fn rejects_bad_sizes() {
        assert_eq!(Geometry::new(12, 0).unwrap_err().path, "/size");
        assert_eq!(Geometry::new(0, 0).unwrap_err().path, "/size");
        assert_eq!(Geometry::new(9, 2).unwrap_err().path, "/box");
        assert_eq!(Geometry::new(9, 1).unwrap_err().path, "/box");
        assert_eq!(Geometry::new(9, 10).unwrap_err().path, "/box");
    }

    #[test]
    fn box_numbering_is_row_major() {
        let g = Geometry::standard();
        // Box 5 is the middle row of boxes, right column: rows 3..6, columns 6..9.
        assert_ne!(g.boxes()[5] & g.bit(3, 6), 0);
        assert_ne!(g.boxes()[5] & g.bit(5, 8), 0);
        assert_eq!(g.boxes()[5] & g.bit(6, 6), 0);
    }

    #[test]
    fn parse_render_round_trip_and_errors() {
        let g = Geometry::standard();
        let rows: Vec<String> = (0..9)
            .map(|r| {
                (0..9)
                    .map(|c| if (r * 7 + c * 3) % 4 == 0 { '#' } else { '.' })
                    .collect()
            })
            .collect();
        let b = g.parse_board(&rows, "/board").expect("valid");
        assert_eq!(g.render(b), rows);
        let mut bad = rows.clone();
        bad[4] = "..x......".into();
        let e = g.parse_board(&bad, "/board").unwrap_err();
        assert_eq!(e.path, "/board/4");
        assert!(e.message.contains("column 2"), "{}", e.message);
        bad[4] = "........".into();
        assert_eq!(g.parse_board(&bad, "/board").unwrap_err().path, "/board/4");
        assert_eq!(
            g.parse_board(&rows[..8], "/board").unwrap_err().path,
            "/board"
        );
    }
}
