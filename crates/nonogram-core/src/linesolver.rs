//! Exact line solver: which cells of a partly known line every arrangement of the clues
//! agrees on, and where each clue may still start.
//!
//! Used by the `strict` feedback mode and by the full board solver. It runs two
//! reachability dynamic programmes over (clue index, cell position), one from the left and
//! one from the right, in O(length x clues) time; a placement of clue `j` at cell `i` is
//! possible in some full arrangement iff the prefix before it is reachable from the left
//! and the suffix after it from the right. All tables live in a [`LineSolver`] and are
//! reused, so after the first call on a line of a given size no memory is allocated.
//!
//! Model: a virtual empty cell is appended at index `n` (the line's length). Every block is
//! followed by one separator cell that is not filled (the virtual cell for a block that
//! ends the line). A state `(j, i)` means "clues `0..j` are placed in cells `0..i`, and cell
//! `i` is the first cell not yet decided"; the states run over `i` in `0..=n + 1`.

use crate::cells::{Cell, line_masks, normalize_clues};
use std::fmt;

/// No arrangement of the clues fits the line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Contradiction;

impl fmt::Display for Contradiction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("no arrangement of the clues fits the line")
    }
}

impl std::error::Error for Contradiction {}

/// Reusable line solver. Create once, call [`LineSolver::solve`] many times; the scratch
/// tables grow to the largest line seen and are then reused without allocation.
///
/// After a successful `solve`, [`LineSolver::start_range`] and [`LineSolver::can_start`]
/// describe where each clue may start in the arrangements the line allows.
#[derive(Debug, Default, Clone)]
pub struct LineSolver {
    /// Line length of the last solve.
    n: usize,
    /// Clue lengths of the last solve (normalised).
    clues: Vec<usize>,
    /// The line plus the virtual empty cell at index `n`.
    cells: Vec<Cell>,
    /// `room[i]`: how many cells from `i` on are not `Empty` (the longest block that can
    /// start at `i`), for O(1) "block fits" tests.
    room: Vec<u32>,
    /// Band of clue indexes that can be in play at each position: state `(j, i)` needs the
    /// first `j` clues (each with its separator) to fit before `i` and the others after it.
    /// `band_lo[i]..=band_hi[i]` (empty when `lo > hi`). Outside the band every state is
    /// unreachable, so the passes skip it: on dense lines this is most of the table.
    band_lo: Vec<u32>,
    band_hi: Vec<u32>,
    /// Forward reachability, `(n + 2) x (k + 1)`, row-major by position:
    /// `fwd[i][j]` = clues `0..j` fit in cells `0..i`.
    fwd: Vec<bool>,
    /// Backward reachability, same shape: `bwd[i][j]` = clues `j..k` fit in cells `i..`.
    bwd: Vec<bool>,
    /// Difference array of "some arrangement fills this cell".
    fill_diff: Vec<i32>,
    /// "Some arrangement leaves this cell empty", including the virtual cell.
    can_empty: Vec<bool>,
    /// Smallest and largest possible start of every clue.
    start_min: Vec<usize>,
    start_max: Vec<usize>,
    /// Whether the last solve used the bit-parallel path (lines of at most [`BIT_MAX`]
    /// cells), whose per-clue masks below then describe it instead of the tables.
    bit_mode: bool,
    /// Bit-parallel path, one mask of positions `0..=n + 1` per clue index `0..=k`:
    /// reachable from the left, reachable from the right, where clue j's block fits by the
    /// cells alone, where clue j starts in some full arrangement.
    fwd_bits: Vec<u64>,
    bwd_bits: Vec<u64>,
    fit_bits: Vec<u64>,
    start_bits: Vec<u64>,
    gaps_bits: u64,
}

/// Longest line the bit-parallel path takes: positions `0..=n + 1` must fit in a `u64`.
const BIT_MAX: usize = 62;

/// Positions reachable from `s` by moving right through gap cells: from `p` to `p + 1`
/// whenever cell `p` may be empty (`gaps` bit `p`). Adding a start bit to a run of gap bits
/// carries through the run and stops on the first cell that must be filled; the bits that
/// changed are exactly the positions reached. Several starts in one run only lose their
/// own bits, which `s |` restores.
#[inline]
fn reach_right(s: u64, gaps: u64) -> u64 {
    s | (gaps.wrapping_add(s & gaps) ^ gaps)
}

/// Positions from which some position of `s` is reachable moving right through gap cells
/// (the mirror of [`reach_right`]), by doubling: after the step of width w, a position
/// sees every target up to 2w - 1 cells away.
#[inline]
fn reach_left(s: u64, gaps: u64) -> u64 {
    let mut r = s;
    let mut g = gaps;
    r |= (r >> 1) & g;
    g &= g >> 1;
    r |= (r >> 2) & g;
    g &= g >> 2;
    r |= (r >> 4) & g;
    g &= g >> 4;
    r |= (r >> 8) & g;
    g &= g >> 8;
    r |= (r >> 16) & g;
    g &= g >> 16;
    r |= (r >> 32) & g;
    r
}

/// `s` with every bit widened into `len` bits upwards (the cells of blocks of length
/// `len` starting at the bits of `s`).
#[inline]
fn smear(s: u64, len: usize) -> u64 {
    let mut x = s;
    let mut covered = 1;
    while covered < len {
        let step = covered.min(len - covered);
        x |= x << step;
        covered += step;
    }
    x
}

impl LineSolver {
    /// A solver with empty scratch space (it grows on first use).
    pub fn new() -> Self {
        Self::default()
    }

    /// Index of state `(i, j)` in the tables.
    #[inline]
    fn at(&self, i: usize, j: usize) -> usize {
        i * (self.clues.len() + 1) + j
    }

    /// Clue indexes in play at position `i`.
    #[inline]
    fn band(&self, i: usize) -> std::ops::RangeInclusive<usize> {
        self.band_lo[i] as usize..=self.band_hi[i] as usize
    }

    /// Whether clue `j` can occupy cells `i..i + len` followed by a non-filled separator,
    /// judging only by the cells themselves.
    #[inline]
    fn fits(&self, j: usize, i: usize) -> bool {
        let len = self.clues[j];
        // `room` is 0 at the virtual cell, so a block never runs past the line.
        i < self.n && self.room[i] as usize >= len && self.cells[i + len] != Cell::Filled
    }

    /// Finds every cell forced by the clues. `out` receives `line` with each cell that all
    /// arrangements fill set to `Filled` and each cell that all leave empty set to `Empty`
    /// (cells already known are kept; they are consistent, or the call fails).
    ///
    /// `clues` are run lengths; `[0]` and `[]` mean an empty line. A list with a 0 among
    /// other clues has no arrangement (callers validate with
    /// [`crate::cells::validate_clues`] first).
    ///
    /// # Panics
    /// If `out.len() != line.len()` (a programming error, not a data error).
    pub fn solve(
        &mut self,
        clues: &[u32],
        line: &[Cell],
        out: &mut [Cell],
    ) -> Result<(), Contradiction> {
        self.solve_with(clues, line, out, true)
    }

    /// [`LineSolver::solve`], with the bit-parallel path allowed or not (tests run both).
    fn solve_with(
        &mut self,
        clues: &[u32],
        line: &[Cell],
        out: &mut [Cell],
        allow_bits: bool,
    ) -> Result<(), Contradiction> {
        assert_eq!(line.len(), out.len(), "output buffer must match the line");
        let slack = self.load(clues, line)?;
        self.bit_mode = allow_bits && line.len() <= BIT_MAX;
        if self.bit_mode {
            return self.solve_bits(line, out);
        }
        self.prepare_tables(line, slack);
        let n = self.n;
        let k = self.clues.len();

        self.run_forward();
        if !self.fwd[self.at(n + 1, k)] {
            return Err(Contradiction);
        }

        // Backward pass, collecting on the way which cells can be filled / empty in some
        // full arrangement (a state on a full arrangement is reachable both ways), and the
        // start range of every clue.
        self.fill_diff.clear();
        self.fill_diff.resize(n + 2, 0);
        self.can_empty.clear();
        self.can_empty.resize(n + 1, false);
        self.start_min.clear();
        self.start_min.resize(k, usize::MAX);
        self.start_max.clear();
        self.start_max.resize(k, 0);
        let end = self.at(n + 1, k);
        self.bwd[end] = true;
        for i in (0..=n).rev() {
            let gap_ok = self.cells[i] != Cell::Filled;
            for j in self.band(i) {
                let by_gap = gap_ok && self.bwd[self.at(i + 1, j)];
                let by_block =
                    j < k && self.fits(j, i) && self.bwd[self.at(i + self.clues[j] + 1, j + 1)];
                let here = self.at(i, j);
                self.bwd[here] = by_gap || by_block;
                if !self.fwd[here] {
                    continue;
                }
                if by_gap {
                    self.can_empty[i] = true;
                }
                if by_block {
                    let stop = i + self.clues[j];
                    self.fill_diff[i] += 1;
                    self.fill_diff[stop] -= 1;
                    self.can_empty[stop] = true;
                    self.start_min[j] = self.start_min[j].min(i);
                    self.start_max[j] = self.start_max[j].max(i);
                }
            }
        }

        let mut depth = 0i32;
        for i in 0..n {
            depth += self.fill_diff[i];
            out[i] = match (depth > 0, self.can_empty[i]) {
                (true, false) => Cell::Filled,
                (false, true) => Cell::Empty,
                (true, true) => line[i],
                // Unreachable when an arrangement exists: every cell is either covered
                // by a block or not.
                (false, false) => return Err(Contradiction),
            };
        }
        Ok(())
    }

    /// Only checks whether some arrangement fits (cheaper than [`LineSolver::solve`]: one
    /// pass). Does not set the start ranges.
    pub fn is_consistent(&mut self, clues: &[u32], line: &[Cell]) -> bool {
        let Ok(slack) = self.load(clues, line) else {
            return false;
        };
        if line.len() <= BIT_MAX {
            // Reuses the bit path's forward pass; `bit_mode` stays false so that a later
            // `can_start` does not read half-built masks.
            self.bit_mode = false;
            return self.forward_bits(line);
        }
        self.bit_mode = false;
        self.prepare_tables(line, slack);
        self.run_forward();
        self.fwd[self.at(self.n + 1, self.clues.len())]
    }

    /// Smallest and largest start cell that clue `j` has in the arrangements the line
    /// allows (valid after a successful [`LineSolver::solve`]; `j` indexes the normalised
    /// clues). The clue's position is certain iff both are equal.
    pub fn start_range(&self, j: usize) -> (usize, usize) {
        (self.start_min[j], self.start_max[j])
    }

    /// Whether some arrangement the line allows starts clue `j` at cell `i` (valid after a
    /// successful [`LineSolver::solve`]).
    pub fn can_start(&self, j: usize, i: usize) -> bool {
        if self.bit_mode {
            return j < self.clues.len() && i <= self.n && (self.start_bits[j] >> i) & 1 == 1;
        }
        if j >= self.clues.len() || i > self.n || !self.fwd[self.at(i, j)] || !self.fits(j, i) {
            return false;
        }
        self.bwd[self.at(i + self.clues[j] + 1, j + 1)]
    }

    /// Number of clues of the last solve, after normalisation.
    pub fn clue_count(&self) -> usize {
        self.clues.len()
    }

    /// Loads the clues; fails early when they cannot fit the line's length at all.
    /// Returns the slack: how many cells the line has beyond the clues' minimum.
    fn load(&mut self, clues: &[u32], line: &[Cell]) -> Result<usize, Contradiction> {
        let clues = normalize_clues(clues);
        let n = line.len();
        self.n = n;
        self.clues.clear();
        // Cells the clues take with one separator each (the last one may be the virtual
        // cell): at most n + 1. Checked, so absurd clues fail here instead of overflowing.
        let mut total = 0usize;
        for &c in clues {
            let len = usize::try_from(c).map_err(|_| Contradiction)?;
            if len == 0 {
                return Err(Contradiction);
            }
            total = total
                .checked_add(len)
                .and_then(|t| t.checked_add(1))
                .filter(|&t| t <= n + 1)
                .ok_or(Contradiction)?;
            self.clues.push(len);
        }
        Ok(n + 1 - total)
    }

    /// Fills the table path's buffers for a loaded line.
    fn prepare_tables(&mut self, line: &[Cell], slack: usize) {
        let n = self.n;
        let k = self.clues.len();
        self.cells.clear();
        self.cells.extend_from_slice(line);
        self.cells.push(Cell::Empty);

        self.room.clear();
        self.room.resize(n + 1, 0);
        for i in (0..n).rev() {
            if line[i] != Cell::Empty {
                self.room[i] = self.room[i + 1] + 1;
            }
        }

        // need[j] = cells taken by clues 0..j with their separators; j is in play at i iff
        // i - slack <= need[j] <= i.
        self.band_lo.clear();
        self.band_hi.clear();
        let (mut lo, mut hi) = (0usize, 0usize);
        let mut need_lo = 0usize; // need[lo]
        let mut need_hi_next = self.clues.first().map_or(usize::MAX, |&c| c + 1); // need[hi + 1]
        for i in 0..=n + 1 {
            while hi < k && need_hi_next <= i {
                hi += 1;
                need_hi_next =
                    need_hi_next.saturating_add(self.clues.get(hi).map_or(usize::MAX, |&c| c + 1));
            }
            while lo < k && need_lo + slack < i {
                need_lo += self.clues[lo] + 1;
                lo += 1;
            }
            self.band_lo.push(lo as u32);
            self.band_hi.push(hi as u32);
        }

        let size = (k + 1) * (n + 2);
        self.fwd.clear();
        self.fwd.resize(size, false);
        self.bwd.clear();
        self.bwd.resize(size, false);
    }

    /// Bit path: the line's masks. `gaps_bits` gets the positions whose cell may be empty
    /// (the virtual cell `n` included) and `fit_bits[j]` the starts where clue j's block
    /// fits by the cells alone (cells may be filled, the cell after may be empty).
    fn masks_bits(&mut self, line: &[Cell]) {
        let n = self.n;
        let (filled, empty) = line_masks(line);
        let cells = (1u64 << n) - 1;
        let gaps = (cells & !filled) | (1u64 << n);
        let open = cells & !empty;
        self.gaps_bits = gaps;
        self.fit_bits.clear();
        for &len in &self.clues {
            // `open` has no bit at or beyond n, so a block never runs past the line.
            let mut run = open;
            for t in 1..len {
                run &= open >> t;
            }
            self.fit_bits.push(run & (gaps >> len));
        }
    }

    /// Bit path, forward pass: `fwd_bits[j]` = positions reachable with clues `0..j`
    /// placed. True iff some arrangement fits.
    fn forward_bits(&mut self, line: &[Cell]) -> bool {
        self.masks_bits(line);
        let gaps = self.gaps_bits;
        self.fwd_bits.clear();
        let mut reach = reach_right(1, gaps);
        self.fwd_bits.push(reach);
        for (&len, &fit) in self.clues.iter().zip(&self.fit_bits) {
            reach = reach_right((reach & fit) << (len + 1), gaps);
            self.fwd_bits.push(reach);
        }
        (reach >> (self.n + 1)) & 1 == 1
    }

    /// Bit path of [`LineSolver::solve`]: a handful of word operations per clue.
    fn solve_bits(&mut self, line: &[Cell], out: &mut [Cell]) -> Result<(), Contradiction> {
        if !self.forward_bits(line) {
            return Err(Contradiction);
        }
        let n = self.n;
        let k = self.clues.len();
        let gaps = self.gaps_bits;
        self.bwd_bits.clear();
        self.bwd_bits.resize(k + 1, 0);
        self.start_bits.clear();
        self.start_bits.resize(k, 0);
        let mut back = reach_left(1u64 << (n + 1), gaps);
        self.bwd_bits[k] = back;
        let mut can_fill = 0u64;
        // A cell is empty in some arrangement as a gap (state reachable both ways around
        // it) or as the separator after a block.
        let mut can_empty = self.fwd_bits[k] & gaps & (back >> 1);
        for j in (0..k).rev() {
            let len = self.clues[j];
            let seeds = self.fit_bits[j] & (back >> (len + 1));
            let starts = self.fwd_bits[j] & seeds;
            self.start_bits[j] = starts;
            can_fill |= smear(starts, len);
            can_empty |= starts << len;
            back = reach_left(seeds, gaps);
            self.bwd_bits[j] = back;
            can_empty |= self.fwd_bits[j] & gaps & (back >> 1);
        }
        self.start_min.clear();
        self.start_max.clear();
        for &b in &self.start_bits {
            self.start_min.push(b.trailing_zeros() as usize);
            self.start_max
                .push(63usize.saturating_sub(b.leading_zeros() as usize));
        }
        for (i, cell) in out.iter_mut().enumerate() {
            let fill = (can_fill >> i) & 1 == 1;
            let empty = (can_empty >> i) & 1 == 1;
            *cell = match (fill, empty) {
                (true, false) => Cell::Filled,
                (false, true) => Cell::Empty,
                (true, true) => line[i],
                (false, false) => return Err(Contradiction),
            };
        }
        Ok(())
    }

    fn run_forward(&mut self) {
        let n = self.n;
        let k = self.clues.len();
        let start = self.at(0, 0);
        self.fwd[start] = true;
        for i in 0..=n {
            let gap_ok = self.cells[i] != Cell::Filled;
            for j in self.band(i) {
                if !self.fwd[self.at(i, j)] {
                    continue;
                }
                if gap_ok {
                    let next = self.at(i + 1, j);
                    self.fwd[next] = true;
                }
                if j < k && self.fits(j, i) {
                    let next = self.at(i + self.clues[j] + 1, j + 1);
                    self.fwd[next] = true;
                }
            }
        }
    }
}

/// One-shot convenience: the forced cells of a line (allocates a solver; use a
/// [`LineSolver`] in loops).
pub fn solve_line(clues: &[u32], line: &[Cell]) -> Result<Vec<Cell>, Contradiction> {
    let mut out = line.to_vec();
    LineSolver::new().solve(clues, line, &mut out)?;
    Ok(out)
}

/// Brute-force reference used by the property tests of this crate: every arrangement of
/// the clues (start cells of the blocks) that is consistent with the line.
#[cfg(test)]
pub(crate) fn brute_force_arrangements(clues: &[u32], line: &[Cell]) -> Vec<Vec<usize>> {
    fn rec(
        clues: &[usize],
        line: &[Cell],
        j: usize,
        from: usize,
        cur: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        let n = line.len();
        if j == clues.len() {
            // Everything from `from` on is empty.
            if line[from.min(n)..].iter().all(|&c| c != Cell::Filled) {
                out.push(cur.clone());
            }
            return;
        }
        let len = clues[j];
        let mut s = from;
        while s + len <= n {
            // Cells between `from` and `s` are gaps.
            let gap_ok = line[from..s].iter().all(|&c| c != Cell::Filled);
            if !gap_ok {
                break;
            }
            let block_ok = line[s..s + len].iter().all(|&c| c != Cell::Empty);
            let sep_ok = s + len == n || line[s + len] != Cell::Filled;
            if block_ok && sep_ok {
                cur.push(s);
                rec(clues, line, j + 1, (s + len + 1).min(n), cur, out);
                cur.pop();
            }
            s += 1;
        }
    }
    let clues: Vec<usize> = normalize_clues(clues).iter().map(|&c| c as usize).collect();
    let mut out = Vec::new();
    rec(&clues, line, 0, 0, &mut Vec::new(), &mut out);
    out
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::cells::{format_line, parse_line};
    use proptest::prelude::*;

    fn solve_text(clues: &[u32], line: &str) -> Result<String, Contradiction> {
        solve_line(clues, &parse_line(line).unwrap()).map(|c| format_line(&c))
    }

    #[test]
    fn textbook_overlap() {
        // A 5 in 8 cells: the middle two cells are forced.
        assert_eq!(solve_text(&[5], "........").unwrap(), "...##...");
        // 3 1 in 5 cells: fully determined.
        assert_eq!(solve_text(&[3, 1], ".....").unwrap(), "###x#");
        // Empty line.
        assert_eq!(solve_text(&[], "...").unwrap(), "xxx");
        assert_eq!(solve_text(&[0], "...").unwrap(), "xxx");
        assert_eq!(solve_text(&[], "").unwrap(), "");
        // A filled cell pins a 1 and crosses its neighbours.
        assert_eq!(solve_text(&[1], "..#..").unwrap(), "xx#xx");
    }

    #[test]
    fn contradictions() {
        assert_eq!(solve_text(&[], ".#."), Err(Contradiction));
        assert_eq!(solve_text(&[2], "#x#"), Err(Contradiction));
        assert_eq!(solve_text(&[1, 1], "##."), Err(Contradiction));
        assert_eq!(solve_text(&[3], ".."), Err(Contradiction));
        assert_eq!(solve_text(&[1, 0], "..."), Err(Contradiction));
        assert_eq!(solve_text(&[u32::MAX], "..."), Err(Contradiction));
    }

    #[test]
    fn start_ranges() {
        let mut s = LineSolver::new();
        let line = parse_line("..#.......").unwrap();
        let mut out = line.clone();
        s.solve(&[2, 3], &line, &mut out).unwrap();
        // Clue 2 covers cell 2: starts at 1 or 2.
        assert_eq!(s.start_range(0), (1, 2));
        assert!(s.can_start(0, 1) && s.can_start(0, 2) && !s.can_start(0, 0));
        assert_eq!(s.start_range(1), (4, 7));
    }

    #[test]
    fn reuse_does_not_grow_after_warm_up() {
        let mut s = LineSolver::new();
        let line = parse_line(".#....#...").unwrap();
        let mut out = line.clone();
        s.solve(&[2, 2, 1], &line, &mut out).unwrap();
        let caps = (s.fwd.capacity(), s.bwd.capacity(), s.cells.capacity());
        for _ in 0..10 {
            s.solve(&[2, 2, 1], &line, &mut out).unwrap();
            s.solve(&[1], &line[..3], &mut out[..3]).unwrap_or(());
        }
        assert_eq!(
            caps,
            (s.fwd.capacity(), s.bwd.capacity(), s.cells.capacity())
        );
    }

    /// Random (clues, line) pairs up to length 20: half derived from a random picture with
    /// some cells revealed (usually solvable), half fully random (often contradictory).
    pub(crate) fn clues_and_line() -> impl Strategy<Value = (Vec<u32>, Vec<Cell>)> {
        let from_picture = (0usize..=20)
            .prop_flat_map(|n| {
                (
                    proptest::collection::vec(any::<bool>(), n),
                    proptest::collection::vec(0u8..4, n),
                )
            })
            .prop_map(|(pic, reveal)| {
                let clues = crate::cells::clues_of(&pic);
                let line = pic
                    .iter()
                    .zip(&reveal)
                    .map(|(&f, &r)| match (r, f) {
                        (0, true) => Cell::Filled,
                        (0, false) => Cell::Empty,
                        _ => Cell::Unknown,
                    })
                    .collect();
                (clues, line)
            });
        let random = (0usize..=20).prop_flat_map(|n| {
            (
                proptest::collection::vec(1u32..6, 0..5),
                proptest::collection::vec(
                    prop_oneof![Just(Cell::Unknown), Just(Cell::Filled), Just(Cell::Empty)],
                    n,
                ),
            )
        });
        prop_oneof![from_picture, random]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn matches_brute_force((clues, line) in clues_and_line()) {
            let arrs = brute_force_arrangements(&clues, &line);
            for allow_bits in [true, false] {
            let mut solver = LineSolver::new();
            let mut out = line.clone();
            let got = solver.solve_with(&clues, &line, &mut out, allow_bits);
            prop_assert_eq!(LineSolver::new().is_consistent(&clues, &line), !arrs.is_empty());
            if arrs.is_empty() {
                prop_assert_eq!(got, Err(Contradiction));
                continue;
            }
            prop_assert_eq!(got, Ok(()));
            // Forced cells = cells on which every arrangement agrees.
            let n = line.len();
            let pictures: Vec<Vec<bool>> = arrs.iter().map(|a| {
                let mut p = vec![false; n];
                for (j, &s) in a.iter().enumerate() {
                    for cell in p.iter_mut().skip(s).take(clues[j] as usize) { *cell = true; }
                }
                p
            }).collect();
            for i in 0..n {
                let all_filled = pictures.iter().all(|p| p[i]);
                let all_empty = pictures.iter().all(|p| !p[i]);
                let want = if all_filled { Cell::Filled } else if all_empty { Cell::Empty } else { line[i] };
                prop_assert_eq!(out[i], want, "cell {} of {:?} clues {:?}", i, format_line(&line), &clues);
            }
            // Start sets per clue.
            let k = crate::cells::normalize_clues(&clues).len();
            prop_assert_eq!(solver.clue_count(), k);
            for j in 0..k {
                let starts: std::collections::BTreeSet<usize> = arrs.iter().map(|a| a[j]).collect();
                let lo = *starts.iter().next().unwrap();
                let hi = *starts.iter().next_back().unwrap();
                prop_assert_eq!(solver.start_range(j), (lo, hi));
                for i in 0..=n {
                    prop_assert_eq!(solver.can_start(j, i), starts.contains(&i));
                }
            }
            }
        }

        /// Lines longer than the bit path's limit go through the tables; both paths agree
        /// on lines around that limit (too long for brute force).
        #[test]
        fn bit_and_table_paths_agree(
            clues in proptest::collection::vec(1u32..6, 0..12),
            line in (55usize..=70).prop_flat_map(|n| proptest::collection::vec(
                prop_oneof![6 => Just(Cell::Unknown), 1 => Just(Cell::Filled), 1 => Just(Cell::Empty)], n)),
        ) {
            let mut a = LineSolver::new();
            let mut b = LineSolver::new();
            let mut out_a = line.clone();
            let mut out_b = line.clone();
            let ra = a.solve_with(&clues, &line, &mut out_a, true);
            let rb = b.solve_with(&clues, &line, &mut out_b, false);
            prop_assert_eq!(ra, rb);
            if ra.is_ok() {
                prop_assert_eq!(&out_a, &out_b);
                for j in 0..a.clue_count() {
                    prop_assert_eq!(a.start_range(j), b.start_range(j));
                    for i in 0..=line.len() {
                        prop_assert_eq!(a.can_start(j, i), b.can_start(j, i));
                    }
                }
            }
        }
    }
}
