//! `fitpuzzle solve`: which pieces go into which holes.
//!
//! Holes and pieces are grouped by canonical key (see [`crate::shape`]) in a hash map, so the
//! work is linear in the number of cells: no piece is ever compared with a hole of another
//! shape. Within one group every piece fits every hole, and all holes of a group have the same
//! size, so the most cells are filled by using `min(holes, pieces)` pairs of every group: that
//! is optimal, and the groups do not interact.
//!
//! Which pair is chosen, when a group has more holes or more pieces than it can pair, is fixed
//! so the same input always gives the same answer: within a group, the k-th lowest-numbered
//! piece goes into the k-th lowest-numbered hole. The orientation reported for a placement is
//! the first that works in the order unflipped before flipped, then 0, 90, 180, 270 degrees
//! clockwise (a symmetric piece fits several ways; the least turn is reported).

use std::collections::HashMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::InputError;
use crate::board::Grid;
use crate::regions::Regions;
use crate::shape::{Flip, KeyBuffers, Shape};

/// Input of `fitpuzzle solve`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SolveInput {
    /// The game board, rows top first: 0 is an empty cell (part of a hole), 1 a filled one.
    #[schemars(schema_with = "grid_schema")]
    pub game_board: Vec<Vec<u8>>,
    /// The table, rows top first: 1 is a cell of a piece, 0 an empty cell.
    #[schemars(schema_with = "grid_schema")]
    pub table: Vec<Vec<u8>>,
    /// Whether a piece may also be turned over (mirrored left-right) to fit a hole. The
    /// original puzzle forbids it.
    #[serde(default)]
    #[schemars(with = "bool")]
    pub allow_flip: Flip,
}

/// A non-empty rectangular array of rows of 0/1 (rectangularity is checked by [`solve`]).
fn grid_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({
        "type": "array",
        "minItems": 1,
        "items": {
            "type": "array",
            "minItems": 1,
            "items": { "type": "integer", "enum": [0, 1] }
        }
    })
}

/// Output of `fitpuzzle solve`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct SolveVerdict {
    /// The largest number of board cells the pieces can fill.
    pub filled: u64,
    /// One assignment that fills `filled` cells, ordered by hole.
    pub placements: Vec<Placement>,
    /// The holes that stay empty in that assignment, ordered by hole.
    pub empty_holes: Vec<EmptyHole>,
    /// The pieces that stay on the table in that assignment, ordered by piece.
    pub unused_pieces: Vec<UnusedPiece>,
}

/// One piece placed into one hole.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Placement {
    /// The piece, numbered from 0 by its first cell in row-major order on the table.
    pub piece: usize,
    /// The hole, numbered from 0 by its first cell in row-major order on the board.
    pub hole: usize,
    /// Clockwise rotation of the piece in degrees (0, 90, 180 or 270), applied after the
    /// left-right mirror when `flipped`.
    #[schemars(extend("enum" = [0, 90, 180, 270]))]
    pub rotation: u16,
    /// Whether the piece is mirrored left-right (only ever true with `allow_flip`).
    pub flipped: bool,
    /// The hole's board cells `[row, col]`, row-major.
    pub cells: Vec<[u32; 2]>,
}

/// A hole no piece fills.
///
/// Located by its first cell rather than listed cell by cell: on large boards most cells
/// can be in holes left empty, and listing them all would multiply the size of the verdict.
/// The hole is the 4-connected group of 0 on the board that contains `at`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct EmptyHole {
    /// The hole's number (holes are numbered by first cell in row-major order).
    pub hole: usize,
    /// The number of cells of the hole.
    pub size: usize,
    /// The hole's first board cell `[row, col]` in row-major order.
    pub at: [u32; 2],
}

/// A piece that fills no hole: the 4-connected group of 1 on the table that contains `at`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct UnusedPiece {
    /// The piece's number (pieces are numbered by first cell in row-major order).
    pub piece: usize,
    /// The number of cells of the piece.
    pub size: usize,
    /// The piece's first table cell `[row, col]` in row-major order.
    pub at: [u32; 2],
}

/// A solution together with the holes and pieces it was worked out on, for callers that draw
/// it (the render crate): they get the engine's own regions instead of extracting them again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solved {
    pub verdict: SolveVerdict,
    /// The board's holes, numbered as in the verdict's `hole` fields.
    pub holes: Regions,
    /// The table's pieces, numbered as in the verdict's `piece` fields.
    pub pieces: Regions,
}

/// Fills as many board cells as possible with the table's pieces (see the module docs).
pub fn solve(input: SolveInput) -> Result<SolveVerdict, InputError> {
    solve_with_regions(input).map(|s| s.verdict)
}

/// Bytes of compact JSON a verdict may take at most for one hole or piece besides its
/// cells (`{"piece":..,"hole":..,"rotation":270,"flipped":false,"cells":[]},` with
/// eight-digit numbers).
const REGION_TEXT_BYTES: u64 = 96;

/// Refuses, before any matching, a verdict that could exceed
/// [`MAX_VERDICT_BYTES`](puzzles_common::limits::MAX_VERDICT_BYTES): a placement lists its
/// hole cell by cell, so a 4096 x 4096 board of single-cell holes filled from a table of
/// single-cell pieces makes a verdict of about 700 MB (and 1.4 GB of memory to write it).
/// The bound counts every hole cell as placed.
fn check_verdict_size(
    holes: &Regions,
    (height, width): (usize, usize),
    pieces: usize,
) -> Result<(), InputError> {
    let digits = |n: usize| n.max(1).ilog10() as u64 + 1;
    // `[row,col],`
    let cell_bytes = digits(height.saturating_sub(1)) + digits(width.saturating_sub(1)) + 4;
    let hole_cells: u64 = (0..holes.len())
        .map(|k| holes.flat_cells(k).len() as u64)
        .sum();
    let regions = (holes.len() + pieces) as u64;
    let bound = hole_cells * cell_bytes + regions * REGION_TEXT_BYTES;
    let limit = puzzles_common::limits::MAX_VERDICT_BYTES;
    if bound > limit {
        return Err(InputError::new(
            "",
            format!(
                "the verdict could take up to {} MB ({} holes of {hole_cells} cells in all, {pieces} pieces), more than the limit of {} MB; split the puzzle",
                bound >> 20,
                holes.len(),
                limit >> 20
            ),
        ));
    }
    Ok(())
}

/// [`solve`], keeping the regions it found. Costs no extra memory: the solver holds both
/// region lists to the end anyway.
pub fn solve_with_regions(input: SolveInput) -> Result<Solved, InputError> {
    let board = Grid::from_rows("game_board", &input.game_board)?;
    let table = Grid::from_rows("table", &input.table)?;
    // The grids are copied; free the input rows before the solver allocates its own tables.
    drop(input.game_board);
    drop(input.table);
    let flip = input.allow_flip;

    let holes = Regions::extract(&board, 0);
    let board_size = (board.height(), board.width());
    drop(board);
    let pieces = Regions::extract(&table, 1);
    drop(table);
    check_verdict_size(&holes, board_size, pieces.len())?;

    let piece_in_hole = pair_pieces_with_holes(&holes, &pieces, flip);
    Ok(Solved {
        verdict: verdict_of(&holes, &pieces, &piece_in_hole, flip),
        holes,
        pieces,
    })
}

/// For each hole, the piece placed in it: pieces in ascending order take the lowest free
/// hole of their shape.
fn pair_pieces_with_holes(holes: &Regions, pieces: &Regions, flip: Flip) -> Vec<Option<usize>> {
    let mut shape = Shape::default();
    let mut key = Vec::new();
    let mut bufs = KeyBuffers::default();

    // Group the holes by canonical key; each group lists its holes in ascending order. Small
    // shapes (nearly all) use packed keys, larger ones sorted-code keys: the two never meet,
    // because whether a shape is small does not depend on its orientation.
    let mut groups = Groups::default();
    let mut group_holes: Vec<Vec<usize>> = Vec::new();
    for j in 0..holes.len() {
        shape.load(holes.flat_cells(j), holes.width());
        let g = groups.find_or_add(&shape, flip, &mut key, &mut bufs);
        if g == group_holes.len() {
            group_holes.push(Vec::new());
        }
        group_holes[g].push(j);
    }

    let mut next_free = vec![0usize; group_holes.len()];
    let mut piece_in_hole: Vec<Option<usize>> = vec![None; holes.len()];
    for i in 0..pieces.len() {
        shape.load(pieces.flat_cells(i), pieces.width());
        if let Some(g) = groups.find(&shape, flip, &mut key, &mut bufs)
            && let Some(&j) = group_holes[g].get(next_free[g])
        {
            next_free[g] += 1;
            piece_in_hole[j] = Some(i);
        }
    }
    piece_in_hole
}

/// The verdict of a pairing: each placement with the orientation that maps its piece onto
/// its hole, the holes left empty and the pieces left over.
fn verdict_of(
    holes: &Regions,
    pieces: &Regions,
    piece_in_hole: &[Option<usize>],
    flip: Flip,
) -> SolveVerdict {
    let mut bufs = KeyBuffers::default();
    let mut filled = 0u64;
    let mut placements = Vec::new();
    let mut empty_holes = Vec::new();
    let mut piece_used = vec![false; pieces.len()];
    let (mut shape, mut hole_shape) = (Shape::default(), Shape::default());
    for (j, slot) in piece_in_hole.iter().enumerate() {
        let Some(i) = *slot else {
            empty_holes.push(EmptyHole {
                hole: j,
                size: holes.flat_cells(j).len(),
                at: holes.first_cell(j),
            });
            continue;
        };
        piece_used[i] = true;
        let cells: Vec<[u32; 2]> = holes.coords(j).collect();
        hole_shape.load(holes.flat_cells(j), holes.width());
        shape.load(pieces.flat_cells(i), pieces.width());
        // Equal canonical keys guarantee some allowed orientation maps the piece onto the hole.
        let o = shape
            .orientation_onto(&hole_shape, flip, &mut bufs)
            .expect("pieces are only paired with holes of the same canonical shape");
        filled += cells.len() as u64;
        placements.push(Placement {
            piece: i,
            hole: j,
            rotation: o.degrees(),
            flipped: o.flipped,
            cells,
        });
    }
    let unused_pieces = piece_used
        .iter()
        .enumerate()
        .filter(|&(_, &used)| !used)
        .map(|(i, _)| UnusedPiece {
            piece: i,
            size: pieces.flat_cells(i).len(),
            at: pieces.first_cell(i),
        })
        .collect();
    SolveVerdict {
        filled,
        placements,
        empty_holes,
        unused_pieces,
    }
}

/// Canonical key -> group number, for both kinds of key.
#[derive(Debug, Default)]
struct Groups {
    packed: HashMap<u128, usize>,
    sorted: HashMap<Box<[u32]>, usize>,
}

impl Groups {
    fn len(&self) -> usize {
        self.packed.len() + self.sorted.len()
    }

    /// The group of `shape`, if some hole has its canonical shape.
    fn find(
        &self,
        shape: &Shape,
        flip: Flip,
        key: &mut Vec<u32>,
        bufs: &mut KeyBuffers,
    ) -> Option<usize> {
        if let Some(k) = shape.canonical_packed_key(flip) {
            return self.packed.get(&k).copied();
        }
        shape.canonical_key(flip, key, bufs);
        self.sorted.get(key.as_slice()).copied()
    }

    /// The group of `shape`, a new one numbered `len()` when no earlier shape had its form.
    fn find_or_add(
        &mut self,
        shape: &Shape,
        flip: Flip,
        key: &mut Vec<u32>,
        bufs: &mut KeyBuffers,
    ) -> usize {
        let next = self.len();
        if let Some(k) = shape.canonical_packed_key(flip) {
            return *self.packed.entry(k).or_insert(next);
        }
        shape.canonical_key(flip, key, bufs);
        if let Some(&g) = self.sorted.get(key.as_slice()) {
            return g;
        }
        self.sorted.insert(key.as_slice().into(), next);
        next
    }
}

#[cfg(test)]
mod tests {
    //! The solver against an independent brute force: its own flood fill, its own rotations
    //! (signed coordinates, repeated quarter turns), and an exhaustive search over every
    //! assignment of pieces to holes.

    use super::*;
    use proptest::prelude::*;
    use std::collections::{BTreeSet, HashMap};

    type Cells = BTreeSet<(i64, i64)>;

    /// Regions of `value`, numbered by first cell in row-major order, by recursive fill.
    fn brute_regions(rows: &[Vec<u8>], value: u8) -> Vec<Cells> {
        fn fill(rows: &[Vec<u8>], value: u8, r: i64, c: i64, seen: &mut Cells, out: &mut Cells) {
            if r < 0 || c < 0 || r as usize >= rows.len() || c as usize >= rows[0].len() {
                return;
            }
            if rows[r as usize][c as usize] != value || !seen.insert((r, c)) {
                return;
            }
            out.insert((r, c));
            for (dr, dc) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                fill(rows, value, r + dr, c + dc, seen, out);
            }
        }
        let mut seen = Cells::new();
        let mut regions = Vec::new();
        for r in 0..rows.len() as i64 {
            for c in 0..rows[0].len() as i64 {
                if rows[r as usize][c as usize] == value && !seen.contains(&(r, c)) {
                    let mut out = Cells::new();
                    fill(rows, value, r, c, &mut seen, &mut out);
                    regions.push(out);
                }
            }
        }
        regions
    }

    fn normalise(cells: &Cells) -> Cells {
        let r0 = cells.iter().map(|p| p.0).min().unwrap_or(0);
        let c0 = cells.iter().map(|p| p.1).min().unwrap_or(0);
        cells.iter().map(|&(r, c)| (r - r0, c - c0)).collect()
    }

    /// Mirror left-right when `flipped`, then turn clockwise `degrees`, then normalise.
    fn turn(cells: &Cells, flipped: bool, degrees: u16) -> Cells {
        let mut cur: Cells = cells
            .iter()
            .map(|&(r, c)| if flipped { (r, -c) } else { (r, c) })
            .collect();
        for _ in 0..degrees / 90 {
            // Clockwise on screen coordinates (row down, column right).
            cur = cur.iter().map(|&(r, c)| (c, -r)).collect();
        }
        normalise(&cur)
    }

    fn orientations(allow_flip: bool) -> Vec<(bool, u16)> {
        let flips: &[bool] = if allow_flip { &[false, true] } else { &[false] };
        flips
            .iter()
            .flat_map(|&f| [0, 90, 180, 270].map(|d| (f, d)))
            .collect()
    }

    fn fits(piece: &Cells, hole: &Cells, allow_flip: bool) -> bool {
        let target = normalise(hole);
        orientations(allow_flip)
            .into_iter()
            .any(|(f, d)| turn(piece, f, d) == target)
    }

    /// The most cells any assignment fills: exhaustive over holes, memoised on used pieces.
    fn brute_max(holes: &[Cells], pieces: &[Cells], allow_flip: bool) -> u64 {
        let fit: Vec<Vec<bool>> = holes
            .iter()
            .map(|h| pieces.iter().map(|p| fits(p, h, allow_flip)).collect())
            .collect();
        fn go(
            j: usize,
            used: u64,
            holes: &[Cells],
            fit: &[Vec<bool>],
            memo: &mut HashMap<(usize, u64), u64>,
        ) -> u64 {
            if j == holes.len() {
                return 0;
            }
            if let Some(&v) = memo.get(&(j, used)) {
                return v;
            }
            let mut best = go(j + 1, used, holes, fit, memo);
            for (i, &ok) in fit[j].iter().enumerate() {
                if ok && used & (1 << i) == 0 {
                    let v = holes[j].len() as u64 + go(j + 1, used | (1 << i), holes, fit, memo);
                    best = best.max(v);
                }
            }
            memo.insert((j, used), best);
            best
        }
        go(0, 0, holes, &fit, &mut HashMap::new())
    }

    /// The most cells filled, by shape classes found with the naive `fits` (an equivalence
    /// relation): per class, `min(holes, pieces)` pairs. For boards too large for
    /// [`brute_max`]; checked against it on small boards.
    fn class_max(holes: &[Cells], pieces: &[Cells], allow_flip: bool) -> u64 {
        let mut reps: Vec<(Cells, u64, u64)> = Vec::new();
        for h in holes {
            match reps.iter_mut().find(|(r, _, _)| fits(h, r, allow_flip)) {
                Some(rep) => rep.1 += 1,
                None => reps.push((h.clone(), 1, 0)),
            }
        }
        for p in pieces {
            if let Some(rep) = reps.iter_mut().find(|(r, _, _)| fits(p, r, allow_flip)) {
                rep.2 += 1;
            }
        }
        reps.iter().map(|(r, h, p)| r.len() as u64 * h.min(p)).sum()
    }

    fn as_cells(v: &[[u32; 2]]) -> Cells {
        v.iter()
            .map(|&[r, c]| (i64::from(r), i64::from(c)))
            .collect()
    }

    /// Checks every promise of the verdict against the brute force.
    fn check(board: &[Vec<u8>], table: &[Vec<u8>], allow_flip: bool) {
        let input = SolveInput {
            game_board: board.to_vec(),
            table: table.to_vec(),
            allow_flip: allow_flip.into(),
        };
        let solved = solve_with_regions(input.clone()).unwrap();
        let v = solve(input).unwrap();
        assert_eq!(solved.verdict, v, "solve is solve_with_regions' verdict");
        let holes = brute_regions(board, 0);
        let pieces = brute_regions(table, 1);
        // The regions handed out are the numbered holes and pieces the verdict refers to.
        let listed = |r: &Regions| -> Vec<Cells> {
            (0..r.len())
                .map(|k| as_cells(&r.coords(k).collect::<Vec<_>>()))
                .collect()
        };
        assert_eq!(listed(&solved.holes), holes, "holes");
        assert_eq!(listed(&solved.pieces), pieces, "pieces");
        let best = class_max(&holes, &pieces, allow_flip);
        if holes.len() <= 16 && pieces.len() <= 16 {
            assert_eq!(
                best,
                brute_max(&holes, &pieces, allow_flip),
                "the checker itself"
            );
        }
        assert_eq!(v.filled, best, "filled");

        let mut hole_seen = vec![false; holes.len()];
        let mut piece_seen = vec![false; pieces.len()];
        let mut filled = 0u64;
        let mut last_hole = None;
        for p in &v.placements {
            assert!(last_hole < Some(p.hole), "placements ordered by hole");
            last_hole = Some(p.hole);
            assert!(!std::mem::replace(&mut hole_seen[p.hole], true));
            assert!(!std::mem::replace(&mut piece_seen[p.piece], true));
            assert!(allow_flip || !p.flipped);
            // Cells are the hole's cells, row-major.
            let mut sorted = p.cells.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, p.cells);
            assert_eq!(as_cells(&p.cells), holes[p.hole]);
            // The piece, mirrored and turned as reported, is the hole cell for cell: translate
            // the turned piece onto the hole's bounding box and compare the cell sets.
            let turned = turn(&pieces[p.piece], p.flipped, p.rotation);
            let r0 = holes[p.hole].iter().map(|c| c.0).min().unwrap();
            let c0 = holes[p.hole].iter().map(|c| c.1).min().unwrap();
            let placed: Cells = turned.iter().map(|&(r, c)| (r + r0, c + c0)).collect();
            assert_eq!(
                placed, holes[p.hole],
                "piece {} in hole {}",
                p.piece, p.hole
            );
            // The reported orientation is the first that works.
            let first = orientations(allow_flip)
                .into_iter()
                .find(|&(f, d)| turn(&pieces[p.piece], f, d) == normalise(&holes[p.hole]));
            assert_eq!(first, Some((p.flipped, p.rotation)));
            // Lowest-numbered pieces go to lowest-numbered holes: no free hole before this one
            // takes the piece, no spare piece before this one fits the hole.
            for e in v.empty_holes.iter().filter(|e| e.hole < p.hole) {
                assert!(!fits(&pieces[p.piece], &holes[e.hole], allow_flip));
            }
            for u in v.unused_pieces.iter().filter(|u| u.piece < p.piece) {
                assert!(!fits(&pieces[u.piece], &holes[p.hole], allow_flip));
            }
            filled += p.cells.len() as u64;
        }
        assert_eq!(filled, v.filled);
        let mut last = None;
        for e in &v.empty_holes {
            assert!(last < Some(e.hole));
            last = Some(e.hole);
            assert!(!std::mem::replace(&mut hole_seen[e.hole], true));
            assert_eq!(e.size, holes[e.hole].len());
            assert_eq!(as_cells(&[e.at]).first(), holes[e.hole].first());
        }
        let mut last = None;
        for u in &v.unused_pieces {
            assert!(last < Some(u.piece));
            last = Some(u.piece);
            assert!(!std::mem::replace(&mut piece_seen[u.piece], true));
            assert_eq!(u.size, pieces[u.piece].len());
            assert_eq!(as_cells(&[u.at]).first(), pieces[u.piece].first());
            for e in &v.empty_holes {
                assert!(!fits(&pieces[u.piece], &holes[e.hole], allow_flip));
            }
        }
        assert!(hole_seen.iter().all(|&s| s), "every hole reported once");
        assert!(piece_seen.iter().all(|&s| s), "every piece reported once");
    }

    fn grid(h: usize, w: usize, density: u32) -> impl Strategy<Value = Vec<Vec<u8>>> {
        prop::collection::vec(
            prop::collection::vec((0u32..100).prop_map(move |x| u8::from(x < density)), w),
            h,
        )
    }

    fn any_grid() -> impl Strategy<Value = Vec<Vec<u8>>> {
        (1usize..=5, 1usize..=5, 20u32..=80).prop_flat_map(|(h, w, d)| grid(h, w, d))
    }

    /// Boards mostly of 0 (few 1s), so holes have bounding boxes over 64 cells and take the
    /// sorted-code keys instead of the packed ones.
    fn sparse_grid() -> impl Strategy<Value = Vec<Vec<u8>>> {
        (9usize..=13, 9usize..=13, 5u32..=30).prop_flat_map(|(h, w, d)| grid(h, w, d))
    }

    /// The whole grid turned like a piece: mirror left-right, then `q` clockwise quarter turns.
    fn turn_grid(rows: &[Vec<u8>], flipped: bool, q: u8) -> Vec<Vec<u8>> {
        let mut cur: Vec<Vec<u8>> = rows
            .iter()
            .map(|r| {
                let mut r = r.clone();
                if flipped {
                    r.reverse();
                }
                r
            })
            .collect();
        for _ in 0..q {
            let (h, w) = (cur.len(), cur[0].len());
            cur = (0..w)
                .map(|c| (0..h).map(|r| cur[h - 1 - r][c]).collect())
                .collect();
        }
        cur
    }

    /// A table made from the board's complement (so every hole has a piece of its shape,
    /// turned), with a few cells changed so some do not.
    fn related_table(
        board: &[Vec<u8>],
        flipped: bool,
        q: u8,
        noise: &[(usize, usize)],
    ) -> Vec<Vec<u8>> {
        let mut t: Vec<Vec<u8>> = board
            .iter()
            .map(|r| r.iter().map(|&v| 1 - v).collect())
            .collect();
        for &(r, c) in noise {
            let (r, c) = (r % t.len(), c % t[0].len());
            t[r][c] ^= 1;
        }
        turn_grid(&t, flipped, q)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        #[test]
        fn independent_random_boards(board in any_grid(), table in any_grid(), allow_flip: bool) {
            check(&board, &table, allow_flip);
        }

        #[test]
        fn tables_made_from_the_board(
            board in any_grid(),
            flipped: bool,
            q in 0u8..4,
            noise in prop::collection::vec((0usize..5, 0usize..5), 0..3),
            allow_flip: bool,
        ) {
            let table = related_table(&board, flipped, q, &noise);
            check(&board, &table, allow_flip);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(150))]

        #[test]
        fn large_regions(
            board in sparse_grid(),
            flipped: bool,
            q in 0u8..4,
            noise in prop::collection::vec((0usize..13, 0usize..13), 0..2),
            allow_flip: bool,
        ) {
            let table = related_table(&board, flipped, q, &noise);
            check(&board, &table, allow_flip);
        }
    }

    #[test]
    fn turn_grid_is_clockwise() {
        assert_eq!(
            turn_grid(&[vec![1, 0], vec![0, 0]], false, 1),
            [[0, 1], [0, 0]]
        );
        assert_eq!(
            turn_grid(&[vec![1, 0], vec![0, 0]], true, 0),
            [[0, 1], [0, 0]]
        );
    }

    #[test]
    fn brute_force_agrees_with_the_second_official_example() {
        // Official example 2: an L hole and a J piece, mirror images of each other.
        let board = vec![vec![0, 0, 0], vec![1, 1, 0], vec![1, 1, 1]];
        let table = vec![vec![1, 1, 1], vec![1, 0, 0], vec![0, 0, 0]];
        let holes = brute_regions(&board, 0);
        let pieces = brute_regions(&table, 1);
        assert_eq!(brute_max(&holes, &pieces, false), 0);
        assert_eq!(brute_max(&holes, &pieces, true), 4);
        check(&board, &table, false);
        check(&board, &table, true);
    }
}
