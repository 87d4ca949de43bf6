//! Pieces: parsing and validation, the default set of 47 fixed shapes, and placement masks.
//!
//! A piece is never rotated by the game, so every orientation in the default set is its own
//! piece. A piece's cells must be 8-connected (a king can walk between any two of them):
//! that admits the diagonal pieces of the default set and rejects shapes such as `["#.#"]`
//! that are two pieces written as one.

use crate::error::InputError;
use crate::geometry::{Geometry, MAX_SIZE};
use std::sync::OnceLock;

/// A piece shape: its exact bounding box and its cells, row-major.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Piece {
    height: usize,
    width: usize,
    cells: Vec<(usize, usize)>,
}

/// The default piece set as text, grouped by size: 1 + 4 + 8 + 19 + 15 = 47 fixed shapes.
pub const DEFAULT_PIECES: [&[&str]; 47] = [
    // 1 cell.
    &["#"],
    // 2 cells: horizontal, vertical, both diagonals.
    &["##"],
    &["#", "#"],
    &["#.", ".#"],
    &[".#", "#."],
    // 3 cells: two straight, four L-shaped, two diagonals.
    &["###"],
    &["#", "#", "#"],
    &["##", "#."],
    &["##", ".#"],
    &["#.", "##"],
    &[".#", "##"],
    &["#..", ".#.", "..#"],
    &["..#", ".#.", "#.."],
    // 4 cells: the 19 fixed tetrominoes (I x2, O, T x4, S x2, Z x2, J x4, L x4).
    &["####"],
    &["#", "#", "#", "#"],
    &["##", "##"],
    &["###", ".#."],
    &[".#.", "###"],
    &["#.", "##", "#."],
    &[".#", "##", ".#"],
    &[".##", "##."],
    &["#.", "##", ".#"],
    &["##.", ".##"],
    &[".#", "##", "#."],
    &["#..", "###"],
    &["##", "#.", "#."],
    &["###", "..#"],
    &[".#", ".#", "##"],
    &["..#", "###"],
    &["#.", "#.", "##"],
    &["###", "#.."],
    &["##", ".#", ".#"],
    // 5 cells: straight x2, big T x4, U x4, V x4, plus x1.
    &["#####"],
    &["#", "#", "#", "#", "#"],
    &["###", ".#.", ".#."],
    &[".#.", ".#.", "###"],
    &["#..", "###", "#.."],
    &["..#", "###", "..#"],
    &["#.#", "###"],
    &["###", "#.#"],
    &["##", "#.", "##"],
    &["##", ".#", "##"],
    &["#..", "#..", "###"],
    &["..#", "..#", "###"],
    &["###", "#..", "#.."],
    &["###", "..#", "..#"],
    &[".#.", "###", ".#."],
];

/// The default piece set, parsed once.
pub fn default_set() -> &'static [Piece] {
    static SET: OnceLock<Vec<Piece>> = OnceLock::new();
    SET.get_or_init(|| {
        DEFAULT_PIECES
            .iter()
            .map(|rows| {
                let owned: Vec<String> = rows.iter().map(|s| s.to_string()).collect();
                match Piece::parse(&owned, "") {
                    Ok(p) => p,
                    Err(e) => unreachable!("default piece {rows:?} is invalid: {e}"),
                }
            })
            .collect()
    })
}

/// The default piece set placed on `geo`: the pieces the engine's lookahead and the
/// evaluation ask about, and the ones `selfplay` deals.
pub fn default_placements(geo: &Geometry) -> Vec<Placement> {
    default_set()
        .iter()
        .map(|p| Placement::new(p, geo))
        .collect()
}

/// The `#` cells of a piece's rows, as (row, column), refusing a row of another width than
/// the first or a character other than `#` and `.`.
fn read_cells(
    rows: &[String],
    width: usize,
    path: &str,
) -> Result<Vec<(usize, usize)>, InputError> {
    let mut cells = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        let len = row.chars().count();
        if len != width {
            return Err(InputError::new(
                format!("{path}/{r}"),
                format!(
                    "piece row {r} has {} but row 0 has {width}; a piece is a \
                     rectangle of '#' and '.'",
                    puzzles_common::count(len, "character")
                ),
            ));
        }
        for (c, ch) in row.chars().enumerate() {
            match ch {
                '#' => cells.push((r, c)),
                '.' => {}
                other => {
                    return Err(InputError::new(
                        format!("{path}/{r}"),
                        format!(
                            "piece row {r} column {c} is {other:?}; piece cells are '#' or '.'"
                        ),
                    ));
                }
            }
        }
    }
    Ok(cells)
}

/// Refuses a piece whose first or last row or column holds no cell: the rows are the
/// bounding box that `at` refers to.
fn check_no_empty_border(
    cells: &[(usize, usize)],
    height: usize,
    width: usize,
    path: &str,
) -> Result<(), InputError> {
    let top = cells.iter().any(|&(r, _)| r == 0);
    let bottom = cells.iter().any(|&(r, _)| r == height - 1);
    let left = cells.iter().any(|&(_, c)| c == 0);
    let right = cells.iter().any(|&(_, c)| c == width - 1);
    let side = if !top {
        "first row"
    } else if !bottom {
        "last row"
    } else if !left {
        "first column"
    } else if !right {
        "last column"
    } else {
        return Ok(());
    };
    Err(InputError::new(
        path,
        format!(
            "the piece's {side} is empty; write the piece without empty border rows or \
             columns, since `at` is the top-left corner of its bounding box"
        ),
    ))
}

/// Refuses a piece whose cells are not 8-connected (diagonal neighbours touch), by a flood
/// fill from the first cell.
fn check_connected(cells: &[(usize, usize)], path: &str) -> Result<(), InputError> {
    let mut seen = vec![false; cells.len()];
    let mut stack = vec![0usize];
    seen[0] = true;
    while let Some(i) = stack.pop() {
        let (r, c) = cells[i];
        for (j, &(r2, c2)) in cells.iter().enumerate() {
            if !seen[j] && r.abs_diff(r2) <= 1 && c.abs_diff(c2) <= 1 {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    match seen.iter().position(|s| !s) {
        None => Ok(()),
        Some(j) => {
            let (r, c) = cells[j];
            Err(InputError::new(
                path,
                format!(
                    "the piece is not connected: cell row {r} column {c} does not touch the rest, \
                     even diagonally"
                ),
            ))
        }
    }
}

impl Piece {
    /// Parses a piece written as text rows (`#` cell, `.` gap); `path` is its JSON pointer.
    ///
    /// The rows must be non-empty and of equal length, use only `#` and `.`, have at least one
    /// `#`, have no all-empty first/last row or column (the rows are the bounding box that
    /// `at` refers to), fit in an 11x11 box, and be 8-connected.
    pub fn parse(rows: &[String], path: &str) -> Result<Piece, InputError> {
        if rows.is_empty() {
            return Err(InputError::new(
                path,
                "the piece has no rows; write it as strings of '#' and '.', e.g. [\"##\", \"#.\"]",
            ));
        }
        let width = rows[0].chars().count();
        let height = rows.len();
        if height > MAX_SIZE || width > MAX_SIZE {
            return Err(InputError::new(
                path,
                format!(
                    "the piece is {height}x{width}, larger than any supported board ({MAX_SIZE}x{MAX_SIZE})"
                ),
            ));
        }
        let cells = read_cells(rows, width, path)?;
        if width == 0 || cells.is_empty() {
            return Err(InputError::new(path, "the piece has no '#' cell"));
        }
        check_no_empty_border(&cells, height, width, path)?;
        check_connected(&cells, path)?;
        Ok(Piece {
            height,
            width,
            cells,
        })
    }

    /// Rows of the bounding box.
    pub fn height(&self) -> usize {
        self.height
    }
    /// Columns of the bounding box.
    pub fn width(&self) -> usize {
        self.width
    }
    /// Cells relative to the top-left corner of the bounding box, row-major.
    pub fn cells(&self) -> &[(usize, usize)] {
        &self.cells
    }
    /// Number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }
    /// Always false: a valid piece has a cell.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The piece as text rows.
    pub fn rows(&self) -> Vec<String> {
        (0..self.height)
            .map(|r| {
                (0..self.width)
                    .map(|c| {
                        if self.cells.contains(&(r, c)) {
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

/// A piece compiled for one geometry: its mask at the origin, the bit offsets of its cells,
/// and the anchor cells where its bounding box lies inside the board.
#[derive(Debug, Clone)]
pub struct Placement {
    origin: u128,
    offsets: Vec<u32>,
    anchors: u128,
    size: usize,
    /// For [`Placement::covering`] when the piece fits in one word (every default piece on
    /// every board up to 11x11): per cell at offset `o`, the piece shifted down by `o` and
    /// the bit `63 - o`; empty otherwise.
    down_by_offset: Vec<(u64, u64)>,
}

impl Placement {
    /// Compiles `piece` for `geo`. A piece larger than the board gets no anchors.
    pub fn new(piece: &Piece, geo: &Geometry) -> Placement {
        let n = geo.size();
        if piece.height() > n || piece.width() > n {
            return Placement {
                origin: 0,
                offsets: Vec::new(),
                anchors: 0,
                size: n,
                down_by_offset: Vec::new(),
            };
        }
        let offsets: Vec<u32> = piece
            .cells()
            .iter()
            .map(|&(r, c)| (r * n + c) as u32)
            .collect();
        let origin = offsets.iter().fold(0u128, |m, &o| m | (1u128 << o));
        let mut anchors = 0u128;
        for r in 0..=(n - piece.height()) {
            for c in 0..=(n - piece.width()) {
                anchors |= geo.bit(r, c);
            }
        }
        let down_by_offset = match u64::try_from(origin) {
            Ok(word) => offsets
                .iter()
                .map(|&o| (word >> o, 1u64 << (63 - o)))
                .collect(),
            Err(_) => Vec::new(),
        };
        Placement {
            origin,
            offsets,
            anchors,
            size: n,
            down_by_offset,
        }
    }

    /// Bitboard of the anchors (top-left cells) where the piece fits on a board whose empty
    /// cells are `empty`: the bounding box is inside and every cell of the piece is empty.
    #[inline]
    pub fn positions(&self, empty: u128) -> u128 {
        let mut ok = self.anchors;
        for &o in &self.offsets {
            ok &= empty >> o;
        }
        ok
    }

    /// Like [`Placement::positions`], reading `empty >> o` from `shifted[o]` (a table the
    /// caller fills once for all pieces: most probes share their offsets).
    #[inline]
    pub fn positions_shifted(&self, shifted: &[u128]) -> u128 {
        let mut ok = self.anchors;
        for &o in &self.offsets {
            ok &= shifted[o as usize];
        }
        ok
    }

    /// The anchors where the piece covers every cell of `cells` (all anchors when `cells` is
    /// empty).
    ///
    /// The first cell `f` of `cells` is covered by one cell of the piece, at offset `o`, from
    /// anchor `f - o`; from there the piece covers all of `cells` when their shape (shifted
    /// down to `f`) lies inside the piece's shifted down by `o`. So each offset is one test,
    /// where intersecting the anchors covering each cell took an offset per cell: the
    /// evaluation's ways to clear ask this for every 4- and 5-cell piece and every unit near
    /// completion.
    pub fn covering(&self, cells: u128) -> u128 {
        if cells == 0 {
            return self.anchors;
        }
        let first = cells.trailing_zeros();
        let shape = cells >> first;
        // Inside the piece shifted down means at most the piece: most gaps of a row, column
        // or box span more than any piece does.
        if shape > self.origin {
            return 0;
        }
        // Then the shape is no wider than the piece, which spans at most 64 bits on every
        // board up to 11x11 (4 rows of 11 and 5 cells): the tests run on one word, not two,
        // and without a branch. Offset `o` sets bit `63 - o` of `reach`, that is bit
        // `127 - o` once moved to the high word; shifted down by `127 - first` it lands on
        // anchor `first - o`, or falls off below when `o > first`. The search asks this for
        // each near unit of most positions, and the branch per offset mispredicted: without
        // it the engine took 0.89-0.95 (median 0.93) of the CPU over 6 alternated pairs of
        // `versus ours 2029 6 1000 1 60`, for 0.3% fewer instructions.
        if !self.down_by_offset.is_empty() {
            let shape = shape as u64;
            let mut reach = 0u64;
            for &(down, bit) in &self.down_by_offset {
                reach |= if shape & !down == 0 { bit } else { 0 };
            }
            let ok = (u128::from(reach) << 64) >> (127 - first);
            return ok & self.anchors;
        }
        let mut ok = 0u128;
        for &o in &self.offsets {
            if o <= first && shape & !(self.origin >> o) == 0 {
                ok |= 1u128 << (first - o);
            }
        }
        ok & self.anchors
    }

    /// The largest bit offset of a cell from the top-left corner.
    pub fn max_offset(&self) -> u32 {
        self.offsets.iter().copied().max().unwrap_or(0)
    }

    /// The piece's cells with its top-left corner on `anchor` (a bit index).
    #[inline]
    pub fn mask_at(&self, anchor: u32) -> u128 {
        self.origin << anchor
    }

    /// True when both placements are the same shape (compiled for the same geometry).
    pub fn same_shape(&self, other: &Placement) -> bool {
        self.origin == other.origin && self.anchors == other.anchors
    }

    /// Its cells with the top-left corner on bit 0.
    pub fn origin(&self) -> u128 {
        self.origin
    }

    /// The bit offsets of its cells from the top-left corner, in reading order.
    pub fn offsets(&self) -> &[u32] {
        &self.offsets
    }

    /// The anchors where its bounding box lies inside the board.
    pub fn anchors(&self) -> u128 {
        self.anchors
    }

    /// Number of cells.
    pub fn cell_count(&self) -> usize {
        self.offsets.len()
    }

    /// The piece's cells with its top-left corner on `(r, c)`, or `None` when some cell would
    /// lie outside the board (`r`, `c` may be negative).
    pub fn mask_at_rc(&self, r: i64, c: i64) -> Option<u128> {
        let n = self.size as i64;
        if r < 0 || c < 0 || r >= n || c >= n {
            return None;
        }
        let anchor = (r * n + c) as u32;
        if self.anchors & (1u128 << anchor) == 0 {
            return None;
        }
        Some(self.mask_at(anchor))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// The anchors that cover a gap of a unit with few empty cells are exactly the
    /// placements after which some unit is full, on random boards of several geometries.
    #[test]
    fn covering_a_gap_is_completing_a_unit() {
        let mut rng = puzzles_common::SplitMix64::new(17);
        let mut gaps = Vec::new();
        for (size, box_size) in [(9, 3), (8, 0), (10, 2), (11, 0), (6, 3)] {
            let geo = Geometry::new(size, box_size).expect("valid geometry");
            let set = default_placements(&geo);
            for case in 0..200 {
                let mut board = rng.next_u128() & geo.full();
                if case % 2 == 0 {
                    board |= rng.next_u128();
                    board &= geo.full();
                }
                let board = geo.clear(board).0;
                let largest = set.iter().map(|p| p.cell_count()).max().unwrap_or(0);
                geo.gaps(board, largest as u32, &mut gaps);
                for p in &set {
                    let pos = p.positions(!board & geo.full());
                    let covering = gaps
                        .iter()
                        .filter(|(count, _)| *count <= p.cell_count() as u32)
                        .fold(0, |m, &(_, gap)| m | p.covering(gap))
                        & pos;
                    let mut want = 0u128;
                    let mut rest = pos;
                    while rest != 0 {
                        let a = rest.trailing_zeros();
                        rest &= rest - 1;
                        if geo.has_full_unit(board | p.mask_at(a)) {
                            want |= 1u128 << a;
                        }
                    }
                    assert_eq!(covering, want, "size {size} box {box_size} case {case}");
                }
            }
        }
    }

    fn p(rows: &[&str]) -> Result<Piece, InputError> {
        let owned: Vec<String> = rows.iter().map(|s| s.to_string()).collect();
        Piece::parse(&owned, "/piece")
    }

    #[test]
    fn default_set_has_47_distinct_shapes_by_size() {
        let set = default_set();
        assert_eq!(set.len(), 47);
        let distinct: HashSet<&Piece> = set.iter().collect();
        assert_eq!(distinct.len(), 47, "duplicate shapes in the default set");
        let mut by_size = [0usize; 6];
        for piece in set {
            by_size[piece.len()] += 1;
        }
        assert_eq!(by_size, [0, 1, 4, 8, 19, 15]);
    }

    /// Every fixed tetromino (all 4-connected 4-cell shapes, up to translation) is in the set,
    /// found by enumerating 4-cell subsets of a 4x4 box.
    #[test]
    fn default_set_holds_all_19_fixed_tetrominoes() {
        let set: HashSet<Piece> = default_set().iter().cloned().collect();
        let mut found = HashSet::new();
        for mask in 0u32..(1 << 16) {
            if mask.count_ones() != 4 {
                continue;
            }
            let cells: Vec<(usize, usize)> = (0..16)
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| (i / 4, i % 4))
                .collect();
            let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
            let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
            let norm: Vec<(usize, usize)> = cells.iter().map(|&(r, c)| (r - r0, c - c0)).collect();
            // 4-connected?
            let mut seen = [false; 4];
            let mut stack = vec![0];
            seen[0] = true;
            while let Some(i) = stack.pop() {
                for j in 0..4 {
                    let d = norm[i].0.abs_diff(norm[j].0) + norm[i].1.abs_diff(norm[j].1);
                    if !seen[j] && d == 1 {
                        seen[j] = true;
                        stack.push(j);
                    }
                }
            }
            if seen.iter().all(|&s| s) {
                found.insert(norm);
            }
        }
        assert_eq!(found.len(), 19);
        for cells in found {
            let h = cells.iter().map(|c| c.0).max().unwrap_or(0) + 1;
            let w = cells.iter().map(|c| c.1).max().unwrap_or(0) + 1;
            let piece = Piece {
                height: h,
                width: w,
                cells,
            };
            assert!(set.contains(&piece), "missing tetromino {:?}", piece.rows());
        }
    }

    #[test]
    fn rows_round_trip() {
        for (piece, text) in default_set().iter().zip(DEFAULT_PIECES.iter()) {
            assert_eq!(
                piece.rows(),
                text.iter().map(|s| s.to_string()).collect::<Vec<_>>()
            );
        }
    }

    #[test]
    fn validation() {
        assert!(p(&["#.", ".#"]).is_ok(), "diagonal pieces are legal");
        assert_eq!(p(&[]).unwrap_err().path, "/piece");
        assert_eq!(p(&[""]).unwrap_err().path, "/piece");
        assert_eq!(p(&["..", ".."]).unwrap_err().path, "/piece");
        assert_eq!(p(&["##", "#"]).unwrap_err().path, "/piece/1");
        assert_eq!(p(&["#x"]).unwrap_err().path, "/piece/0");
        assert!(p(&["#.#"]).unwrap_err().message.contains("not connected"));
        assert!(
            p(&["#..", "..#"])
                .unwrap_err()
                .message
                .contains("not connected")
        );
        assert!(
            p(&[".#", ".#"])
                .unwrap_err()
                .message
                .contains("first column")
        );
        assert!(p(&["##", ".."]).unwrap_err().message.contains("last row"));
        assert!(p(&["############"]).is_err());
    }

    #[test]
    fn placement_positions_match_naive_count() {
        let g = Geometry::standard();
        let plus = Placement::new(&p(&[".#.", "###", ".#."]).expect("valid"), &g);
        assert_eq!(plus.positions(g.full()).count_ones(), 49);
        let line = Placement::new(&p(&["#####"]).expect("valid"), &g);
        assert_eq!(line.positions(g.full()).count_ones(), 45);
        assert_eq!(line.mask_at_rc(0, 5), None);
        assert_eq!(line.mask_at_rc(-1, 0), None);
        assert_eq!(line.mask_at_rc(8, 4), Some(0b11111u128 << 76));
    }

    /// `covering` equals testing every anchor of the piece against the cells, for random
    /// sets of 1 to 6 cells (gaps or not) on several boards, for the default pieces and two
    /// custom ones that span more than 64 bits on an 11x11 board (a 9-cell bar down, and a
    /// diagonal with a cell in each corner of its 7x7 box: the two-word path).
    #[test]
    fn covering_matches_testing_every_anchor() {
        let mut rng = puzzles_common::SplitMix64::new(41);
        let mut hits = 0;
        let rows = |rows: &[&str]| rows.iter().map(|r| r.to_string()).collect::<Vec<_>>();
        let tall = [
            Piece::parse(&rows(&["#"; 9]), "/tall").expect("valid piece"),
            Piece::parse(
                &rows(&[
                    "#.....#", ".#...#.", "..#.#..", "...#...", "..#.#..", ".#...#.", "#.....#",
                ]),
                "/cross",
            )
            .expect("valid piece"),
        ];
        for (size, box_size) in [(9, 3), (8, 0), (11, 0), (5, 0)] {
            let geo = Geometry::new(size, box_size).expect("valid geometry");
            let cells_on_board = (size * size) as u64;
            for p in default_set().iter().chain(&tall) {
                let p = Placement::new(p, &geo);
                for case in 0..200 {
                    let mut cells = 0u128;
                    // Near cells (a piece's span) most of the time, anywhere otherwise.
                    let base = rng.below(cells_on_board);
                    for _ in 0..1 + case % 6 {
                        let at = if case % 4 == 0 {
                            rng.below(cells_on_board)
                        } else {
                            (base + rng.below(3 * size as u64)).min(cells_on_board - 1)
                        };
                        cells |= 1u128 << at;
                    }
                    let mut want = 0u128;
                    let mut rest = p.anchors;
                    while rest != 0 {
                        let a = rest.trailing_zeros();
                        rest &= rest - 1;
                        if cells & !p.mask_at(a) == 0 {
                            want |= 1u128 << a;
                        }
                    }
                    assert_eq!(p.covering(cells), want, "size {size} cells {cells:#x}");
                    hits += u32::from(want != 0 && cells.count_ones() > 1);
                }
                assert_eq!(p.covering(0), p.anchors);
            }
        }
        assert!(hits > 1000, "{hits} sets of several cells covered");
    }
}
