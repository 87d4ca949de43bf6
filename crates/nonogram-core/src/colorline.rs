//! Exact line solver for colour lines: which colours each cell of a partly known line can
//! still take in some arrangement of its clues, and where each block may start.
//!
//! The rules are webpbn's: each block has a colour; two blocks of the same colour need at
//! least one background cell between them, blocks of different colours may touch. A cell is
//! a set of values ([`ColorSet`]: bit 0 the background, bit c colour c), so "untouched",
//! "crossed out", "red" and "not red" are all sets.
//!
//! Method: reachability over states (j, i), "blocks `0..j` placed in cells `0..i`", from the
//! left and from the right. From (j, i) a background cell leads to (j, i + 1), and block j,
//! when its cells allow its colour, to (j + 1, i + len + sep), where `sep` is 1 when block
//! j + 1 has the same colour (its separating cell must allow the background) and 0 otherwise.
//! A placement lies in some full arrangement exactly when its state is reachable from the
//! left and its end state from the right, so one pass each way finds every colour every cell
//! can take. A state is only made for the positions its block can reach at all (from the
//! packed-left to the packed-right arrangement), so the tables have `(blocks + 1) x
//! (slack + 1)` entries, where the slack is the cells the line has beyond its clues'
//! minimum. A block keeps a state's column (block j + 1's first cell is block j's plus
//! `len + sep`), so lines of up to 62 cells run each row as one 64-bit mask: a block is an
//! AND with where it fits, a run of background cells a spread along the row (on random
//! 5-30 cell colour puzzles, a third of the instructions of the tables). Black-and-white
//! lines are the one-colour case; [`crate::linesolver`] is the faster solver for them, and
//! the tests check that both agree, and the masks against the tables.

use crate::linesolver::Contradiction;

/// The values a cell may take: bit 0 the background, bit `c` colour `c` (`1..=MAX_COLORS`).
pub type ColorSet = u32;

/// The background alone: a cell known empty.
pub const BACKGROUND: ColorSet = 1;

/// The most colours a puzzle may use besides the background (a [`ColorSet`] has 32 bits).
pub const MAX_COLORS: usize = 31;

/// The set holding colour `c` alone.
#[inline]
pub fn only(c: u8) -> ColorSet {
    1 << c
}

/// Reusable colour line solver: scratch tables grow to the largest line seen and are then
/// reused without allocation. After a successful [`ColorLineSolver::solve`],
/// [`ColorLineSolver::start_range`] and [`ColorLineSolver::can_start`] say where each block
/// may start.
#[derive(Debug, Default, Clone)]
pub struct ColorLineSolver {
    /// Line length.
    n: usize,
    /// Block lengths and colours.
    lens: Vec<usize>,
    colors: Vec<u8>,
    /// 1 when the next block has the same colour (a background cell must follow), else 0.
    sep: Vec<usize>,
    /// `first[j]`: the first cell block j (or, for j = blocks, the end state) can be at.
    first: Vec<usize>,
    /// Cells beyond the clues' minimum: every state of block j lies in
    /// `first[j]..=first[j] + slack`.
    slack: usize,
    /// The line's cells, and whether each can be background (both with one background cell
    /// past the end).
    cells: Vec<ColorSet>,
    bg: Vec<bool>,
    /// The distinct colours of the blocks, and each block's index among them.
    palette: Vec<u8>,
    local: Vec<usize>,
    /// `run[d * (n + 1) + i]`: how many cells from i on allow the line's d-th colour.
    run: Vec<u32>,
    /// Reachability from the left and to the right, `(blocks + 1) x (slack + 1)`.
    fwd: Vec<bool>,
    bwd: Vec<bool>,
    /// Scratch: whether the block of the row at hand fits at each state.
    fits: Vec<bool>,
    /// Per distinct colour, a difference array of "some arrangement gives cell i this
    /// colour"; and "some arrangement leaves cell i background".
    paint: Vec<i32>,
    can_bg: Vec<bool>,
    /// Smallest and largest possible start of each block.
    start_min: Vec<usize>,
    start_max: Vec<usize>,
    /// Whether the last line went through the bit-parallel path (lines of up to
    /// [`BITS_MAX_LEN`] cells), whose tables are the masks below.
    bits: bool,
    /// Per block, the states of its row as a mask (bit t: the state at cell `first + t`):
    /// reachable from the left, where the block fits, where it can start.
    fwd_bits: Vec<u64>,
    fit_bits: Vec<u64>,
    start_bits: Vec<u64>,
    /// The cells that allow the background (with the end cell) and, per distinct colour,
    /// the cells that allow it; per distinct colour, the cells some arrangement paints.
    bg_bits: u64,
    color_bits: Vec<u64>,
    paint_bits: Vec<u64>,
    /// Tests only: solve every line with the tables, to check the bit path against them.
    #[cfg(test)]
    tables_only: bool,
}

/// Lines of up to this many cells are solved on 64-bit masks: a row of states, or the line
/// plus its end cell, fits in one word with room for every shift.
const BITS_MAX_LEN: usize = 62;

/// Bit t of the result: bits `t..t + len` of `a` all set (`len >= 1`), by doubling.
#[inline]
fn runs_of_ones(a: u64, len: usize) -> u64 {
    let (mut r, mut have) = (a, 1);
    while have < len {
        let step = have.min(len - have);
        r &= r >> step;
        have += step;
    }
    r
}

/// Bits `t..t + len` set for every bit t of `starts` (`len >= 1`), by doubling.
#[inline]
fn spans(starts: u64, len: usize) -> u64 {
    let (mut r, mut have) = (starts, 1);
    while have < len {
        let step = have.min(len - have);
        r |= r << step;
        have += step;
    }
    r
}

/// `x` and every state reachable from it by moves `t -> t + 1` where `gap` has bit t
/// (doubling: `steps` has bit t when the next `d` moves from t are all allowed).
#[inline]
fn spread_right(mut x: u64, gap: u64, width: usize) -> u64 {
    let (mut steps, mut d) = (gap, 1);
    while d < width && steps != 0 {
        x |= (x & steps) << d;
        steps &= steps >> d;
        d <<= 1;
    }
    x
}

/// `x` and every state that reaches it by moves `t -> t + 1` where `gap` has bit t.
#[inline]
fn spread_left(mut x: u64, gap: u64, width: usize) -> u64 {
    let (mut steps, mut d) = (gap, 1);
    while d < width && steps != 0 {
        x |= (x >> d) & steps;
        steps &= steps >> d;
        d <<= 1;
    }
    x
}

impl ColorLineSolver {
    pub fn new() -> Self {
        Self::default()
    }

    /// Index of state (j, i) in the tables (i within block j's band).
    #[inline]
    fn at(&self, j: usize, i: usize) -> usize {
        j * (self.slack + 1) + (i - self.first[j])
    }

    /// Whether block j fits at cells `i..i + len` by the cells alone, with its separating
    /// cell (when it needs one) able to be background.
    #[inline]
    fn fits(&self, j: usize, i: usize) -> bool {
        let len = self.lens[j];
        let d = self.local[j];
        self.run[d * (self.n + 1) + i] as usize >= len
            && (self.sep[j] == 0 || self.cells[i + len] & BACKGROUND != 0)
    }

    /// Every value each cell can take: `out[i]` is the subset of `line[i]` that some
    /// arrangement of the blocks (lengths `lens`, colours `colors`, both normalised: no
    /// zero length) gives cell i. Fails when no arrangement fits.
    ///
    /// # Panics
    /// If the slices' lengths disagree (a programming error).
    pub fn solve(
        &mut self,
        lens: &[u32],
        colors: &[u8],
        line: &[ColorSet],
        out: &mut [ColorSet],
    ) -> Result<(), Contradiction> {
        assert_eq!(line.len(), out.len(), "output buffer must match the line");
        self.load(lens, colors, line)?;
        if self.bits {
            return self.solve_bits(out);
        }
        self.forward();
        if !self.fwd[self.at(self.lens.len(), self.n)] {
            return Err(Contradiction);
        }
        self.backward();
        let n = self.n;
        for (cell, &bg) in out.iter_mut().zip(&self.can_bg) {
            *cell = if bg { BACKGROUND } else { 0 };
        }
        for (d, &c) in self.palette.iter().enumerate() {
            let mut depth = 0;
            for (cell, &step) in out.iter_mut().zip(&self.paint[d * (n + 1)..]) {
                depth += step;
                if depth > 0 {
                    *cell |= only(c);
                }
            }
        }
        if out.contains(&0) {
            // Unreachable when an arrangement exists: every cell is in a block or not.
            return Err(Contradiction);
        }
        Ok(())
    }

    /// Whether some arrangement fits (one pass; does not set the start ranges).
    pub fn is_consistent(&mut self, lens: &[u32], colors: &[u8], line: &[ColorSet]) -> bool {
        if self.load(lens, colors, line).is_err() {
            return false;
        }
        let ok = if self.bits {
            self.forward_bits()
        } else {
            self.forward();
            self.fwd[self.at(self.lens.len(), self.n)]
        };
        // The backward tables are stale now: no start range may be read.
        self.start_min.clear();
        self.start_max.clear();
        ok
    }

    /// Smallest and largest start of block `j` in the arrangements the line allows (after a
    /// successful [`ColorLineSolver::solve`]). The block's position is certain iff both
    /// are equal.
    pub fn start_range(&self, j: usize) -> (usize, usize) {
        (self.start_min[j], self.start_max[j])
    }

    /// Whether some arrangement the line allows starts block `j` at cell `i` (after a
    /// successful [`ColorLineSolver::solve`]).
    pub fn can_start(&self, j: usize, i: usize) -> bool {
        if j >= self.lens.len() || i < self.first[j] || i > self.first[j] + self.slack {
            return false;
        }
        if self.bits {
            return self.start_bits[j] >> (i - self.first[j]) & 1 == 1;
        }
        let next = i + self.lens[j] + self.sep[j];
        self.fwd[self.at(j, i)] && self.fits(j, i) && self.bwd[self.at(j + 1, next)]
    }

    /// Loads the blocks and the line and sizes the tables; fails when the blocks cannot fit
    /// the line's length at all.
    fn load(
        &mut self,
        lens: &[u32],
        colors: &[u8],
        line: &[ColorSet],
    ) -> Result<(), Contradiction> {
        assert_eq!(lens.len(), colors.len(), "one colour per block");
        let n = line.len();
        let k = lens.len();
        self.n = n;
        self.lens.clear();
        self.colors.clear();
        self.colors.extend_from_slice(colors);
        self.sep.clear();
        self.first.clear();
        let mut need = 0usize;
        for j in 0..k {
            let len = usize::try_from(lens[j]).map_err(|_| Contradiction)?;
            if len == 0 {
                return Err(Contradiction);
            }
            let sep = usize::from(j + 1 < k && colors[j + 1] == colors[j]);
            self.first.push(need);
            need = need
                .checked_add(len + sep)
                .filter(|&t| t <= n)
                .ok_or(Contradiction)?;
            self.lens.push(len);
            self.sep.push(sep);
        }
        self.first.push(need);
        self.slack = n - need;
        self.cells.clear();
        self.cells.extend_from_slice(line);
        self.cells.push(BACKGROUND);
        self.load_palette();
        #[cfg(test)]
        let tables_only = self.tables_only;
        #[cfg(not(test))]
        let tables_only = false;
        self.bits = n <= BITS_MAX_LEN && !tables_only;
        if self.bits {
            self.load_bits();
            return Ok(());
        }
        self.bg.clear();
        self.bg
            .extend(self.cells.iter().map(|&c| c & BACKGROUND != 0));
        self.load_runs();
        let size = (k + 1) * (self.slack + 1);
        self.fwd.clear();
        self.fwd.resize(size, false);
        self.bwd.clear();
        self.bwd.resize(size, false);
        Ok(())
    }

    /// The distinct colours of the blocks, and each block's index among them.
    fn load_palette(&mut self) {
        self.palette.clear();
        self.local.clear();
        for &c in &self.colors {
            let d = match self.palette.iter().position(|&p| p == c) {
                Some(d) => d,
                None => {
                    self.palette.push(c);
                    self.palette.len() - 1
                }
            };
            self.local.push(d);
        }
    }

    /// Per distinct colour, the runs of cells allowing it.
    fn load_runs(&mut self) {
        let n = self.n;
        self.run.clear();
        self.run.resize(self.palette.len() * (n + 1), 0);
        for (d, &c) in self.palette.iter().enumerate() {
            let base = d * (n + 1);
            for i in (0..n).rev() {
                if self.cells[i] & only(c) != 0 {
                    self.run[base + i] = self.run[base + i + 1] + 1;
                }
            }
        }
    }

    /// Whether block `j` fits at each of its start states `lo..=lo + slack` (`lo` its first
    /// cell), by the cells alone: `out[t]` for the start `lo + t`. A block moves its state
    /// down one row keeping `t`, since the next block's first cell is `lo + len + sep`.
    fn fits_row(&self, j: usize, out: &mut [bool]) {
        let (lo, len, width) = (self.first[j], self.lens[j], self.slack + 1);
        let runs = &self.run[self.local[j] * (self.n + 1) + lo..][..width];
        if self.sep[j] == 1 {
            let after = &self.bg[lo + len..][..width];
            for ((fit, &run), &bg) in out.iter_mut().zip(runs).zip(after) {
                *fit = run as usize >= len && bg;
            }
        } else {
            for (fit, &run) in out.iter_mut().zip(runs) {
                *fit = run as usize >= len;
            }
        }
    }

    /// Reachability from the left: `fwd[(j, i)]`, blocks `0..j` placed in cells `0..i`.
    /// Row by row: a row's states come from the row above by a block, then spread right
    /// over background cells.
    fn forward(&mut self) {
        let (k, width) = (self.lens.len(), self.slack + 1);
        let mut fits = std::mem::take(&mut self.fits);
        fits.resize(width, false);
        self.fwd[0] = true;
        for j in 0..=k {
            let lo = self.first[j];
            let bg = &self.bg[lo..][..width];
            let row = &mut self.fwd[j * width..][..width];
            for t in 0..width - 1 {
                if row[t] && bg[t] {
                    row[t + 1] = true;
                }
            }
            if j < k {
                self.fits_row(j, &mut fits);
                let (above, below) = self.fwd.split_at_mut((j + 1) * width);
                let row = &above[j * width..];
                for ((next, &here), &fit) in below[..width].iter_mut().zip(row).zip(&fits) {
                    *next = here && fit;
                }
            }
        }
        self.fits = fits;
    }

    /// Reachability to the end, collecting on the way what every cell can be (a state on a
    /// full arrangement is reachable both ways) and the start range of every block.
    fn backward(&mut self) {
        let (n, k, width) = (self.n, self.lens.len(), self.slack + 1);
        self.paint.clear();
        self.paint.resize(self.palette.len() * (n + 1), 0);
        self.can_bg.clear();
        self.can_bg.resize(n + 1, false);
        self.start_min.clear();
        self.start_min.resize(k, usize::MAX);
        self.start_max.clear();
        self.start_max.resize(k, 0);
        let mut fits = std::mem::take(&mut self.fits);
        fits.resize(width, false);
        for j in (0..=k).rev() {
            let lo = self.first[j];
            if j < k {
                self.fits_row(j, &mut fits);
            }
            let (above, below) = self.bwd.split_at_mut((j + 1) * width);
            let row = &mut above[j * width..];
            let fwd = &self.fwd[j * width..][..width];
            for t in (0..width).rev() {
                let i = lo + t;
                if j == k && t == width - 1 {
                    // The end state: every block placed, every cell passed.
                    row[t] = true;
                    continue;
                }
                let by_gap = t + 1 < width && self.bg[i] && row[t + 1];
                let by_block = j < k && fits[t] && below[t];
                row[t] = by_gap || by_block;
                if !fwd[t] {
                    continue;
                }
                if by_gap {
                    self.can_bg[i] = true;
                }
                if by_block {
                    let stop = i + self.lens[j];
                    let base = self.local[j] * (n + 1);
                    self.paint[base + i] += 1;
                    self.paint[base + stop] -= 1;
                    if self.sep[j] == 1 {
                        self.can_bg[stop] = true;
                    }
                    self.start_min[j] = self.start_min[j].min(i);
                    self.start_max[j] = self.start_max[j].max(i);
                }
            }
        }
        self.fits = fits;
    }
}

// The bit-parallel path, for lines of up to `BITS_MAX_LEN` cells: the same reachability
// over the same states, a row of the table one 64-bit mask. A block keeps a state's column
// (see `ColorLineSolver::fits_row`), so it is an AND with the row of where it fits; a run
// of background cells is a spread along the row, by doubling.
impl ColorLineSolver {
    /// The cell masks of the loaded line.
    fn load_bits(&mut self) {
        self.bg_bits = 1 << self.n;
        for (i, &cell) in self.cells[..self.n].iter().enumerate() {
            self.bg_bits |= u64::from(cell & BACKGROUND != 0) << i;
        }
        self.color_bits.clear();
        for &c in &self.palette {
            let mut mask = 0u64;
            for (i, &cell) in self.cells[..self.n].iter().enumerate() {
                mask |= u64::from(cell & only(c) != 0) << i;
            }
            self.color_bits.push(mask);
        }
    }

    /// The rows of states as masks of `slack + 1` bits.
    fn row_mask(&self) -> u64 {
        (1u64 << (self.slack + 1)) - 1
    }

    /// Reachability from the left, row by row; whether the end state is reached.
    fn forward_bits(&mut self) -> bool {
        let (k, width, rows) = (self.lens.len(), self.slack + 1, self.row_mask());
        self.fwd_bits.clear();
        self.fit_bits.clear();
        let mut row = 1u64;
        for j in 0..=k {
            let lo = self.first[j];
            row = spread_right(row, self.bg_bits >> lo, width) & rows;
            self.fwd_bits.push(row);
            if j < k {
                let len = self.lens[j];
                let mut fit = runs_of_ones(self.color_bits[self.local[j]], len);
                if self.sep[j] == 1 {
                    fit &= self.bg_bits >> len;
                }
                let fit = (fit >> lo) & rows;
                self.fit_bits.push(fit);
                row &= fit;
            }
        }
        row >> self.slack & 1 == 1
    }

    /// [`ColorLineSolver::solve`] on masks.
    fn solve_bits(&mut self, out: &mut [ColorSet]) -> Result<(), Contradiction> {
        if !self.forward_bits() {
            return Err(Contradiction);
        }
        let (k, width, rows) = (self.lens.len(), self.slack + 1, self.row_mask());
        self.paint_bits.clear();
        self.paint_bits.resize(self.palette.len(), 0);
        self.start_bits.clear();
        self.start_bits.resize(k, 0);
        self.start_min.clear();
        self.start_min.resize(k, usize::MAX);
        self.start_max.clear();
        self.start_max.resize(k, 0);
        let mut can_bg = 0u64;
        let mut below = 0u64;
        for j in (0..=k).rev() {
            let lo = self.first[j];
            let gap = (self.bg_bits >> lo) & rows;
            // States that reach the end through a block here, or (last row) the end.
            let through = if j == k {
                1 << self.slack
            } else {
                self.fit_bits[j] & below
            };
            let row = spread_left(through, gap, width) & rows;
            let fwd = self.fwd_bits[j];
            // On a full arrangement with a background cell at `lo + t`.
            can_bg |= (fwd & gap & (row >> 1)) << lo;
            if j < k {
                let starts = fwd & through;
                self.start_bits[j] = starts;
                if starts != 0 {
                    let (len, cells) = (self.lens[j], starts << lo);
                    self.paint_bits[self.local[j]] |= spans(cells, len);
                    if self.sep[j] == 1 {
                        can_bg |= cells << len;
                    }
                    self.start_min[j] = lo + starts.trailing_zeros() as usize;
                    self.start_max[j] = lo + 63 - starts.leading_zeros() as usize;
                }
            }
            below = row;
        }
        for (i, cell) in out.iter_mut().enumerate() {
            let mut set = if can_bg >> i & 1 == 1 { BACKGROUND } else { 0 };
            for (&c, &paint) in self.palette.iter().zip(&self.paint_bits) {
                if paint >> i & 1 == 1 {
                    set |= only(c);
                }
            }
            if set == 0 {
                // Unreachable when an arrangement exists: every cell is in a block or not.
                return Err(Contradiction);
            }
            *cell = set;
        }
        Ok(())
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::cells::Cell;
    use crate::linesolver::LineSolver;
    use crate::test_rng::xorshift32;
    use std::collections::BTreeMap;

    /// The colour runs of a line of values (0 background): `(length, colour)` per block.
    pub(crate) fn runs_of(line: &[u8]) -> Vec<(u32, u8)> {
        let mut out: Vec<(u32, u8)> = Vec::new();
        let mut prev = 0u8;
        for &v in line {
            if v != 0 {
                match out.last_mut() {
                    Some((len, c)) if prev == v => {
                        debug_assert_eq!(*c, v);
                        *len += 1;
                    }
                    _ => out.push((1, v)),
                }
            }
            prev = v;
        }
        out
    }

    /// Every line of `n` cells over the background and `colors` colours.
    fn every_line(n: usize, colors: u8) -> Vec<Vec<u8>> {
        let base = u32::from(colors) + 1;
        (0..base.pow(n as u32))
            .map(|mut code| {
                (0..n)
                    .map(|_| {
                        let v = (code % base) as u8;
                        code /= base;
                        v
                    })
                    .collect()
            })
            .collect()
    }

    /// What brute force says of `known` under the clue: the union, over the lines of the
    /// clue that agree with every known cell, of each cell's value; `None` when no line
    /// agrees.
    fn brute_force(lines: &[Vec<u8>], known: &[ColorSet]) -> Option<Vec<ColorSet>> {
        let mut union = vec![0; known.len()];
        let mut any = false;
        for line in lines {
            if line.iter().zip(known).all(|(&v, &k)| k & only(v) != 0) {
                any = true;
                for (u, &v) in union.iter_mut().zip(line) {
                    *u |= only(v);
                }
            }
        }
        any.then_some(union)
    }

    /// The start cells of each block of `line` (its runs, left to right).
    fn starts_of(line: &[u8]) -> Vec<usize> {
        (0..line.len())
            .filter(|&i| line[i] != 0 && (i == 0 || line[i - 1] != line[i]))
            .collect()
    }

    /// Ways to know the cells of a line, from a fixed generator: each cell unknown (every
    /// value of `universe`), known as one value, or a random subset; about a third taken
    /// from `source` so that most have arrangements.
    fn knowledge(
        next: &mut impl FnMut() -> u32,
        source: &[u8],
        universe: ColorSet,
    ) -> Vec<ColorSet> {
        let values = universe.count_ones();
        source
            .iter()
            .map(|&v| match next() % 6 {
                0 | 1 => universe,
                2 => only(v),
                3 => only(v) | (next() & universe),
                4 => universe & !only((next() % values) as u8),
                _ => next() & universe,
            })
            .map(|set| if set == 0 { universe } else { set })
            .collect()
    }

    /// A solver on the bit-parallel path (lines of up to 62 cells) and one on the tables.
    fn both_paths() -> [ColorLineSolver; 2] {
        let tables = ColorLineSolver {
            tables_only: true,
            ..ColorLineSolver::new()
        };
        [ColorLineSolver::new(), tables]
    }

    /// Lines of 9 to 62 cells (random pictures of 1 to 4 colours, random knowledge): the
    /// bit-parallel path gives what the tables give, cells, contradictions and block starts.
    #[test]
    fn bit_path_agrees_with_the_tables_on_long_lines() {
        let mut next = xorshift32(0x0bad_cafe);
        let [mut bits, mut tables] = both_paths();
        let (mut solved, mut contradictions) = (0usize, 0usize);
        for trial in 0..20_000u32 {
            let n = 9 + (next() % 54) as usize;
            let colors = 1 + (trial % 4) as u8;
            let line: Vec<u8> = (0..n)
                .map(|_| match next() % 3 {
                    0 => 0,
                    _ => 1 + (next() % u32::from(colors)) as u8,
                })
                .collect();
            let clue = runs_of(&line);
            let lens: Vec<u32> = clue.iter().map(|b| b.0).collect();
            let blocks: Vec<u8> = clue.iter().map(|b| b.1).collect();
            let universe = (2 << colors) - 1;
            let source = if trial % 5 == 0 {
                // Often not the clue's own line: contradictions too.
                (0..n).map(|_| (next() % 2) as u8).collect()
            } else {
                line.clone()
            };
            let known = knowledge(&mut next, &source, universe);
            let (mut a, mut b) = (vec![0; n], vec![0; n]);
            let ra = bits.solve(&lens, &blocks, &known, &mut a);
            let rb = tables.solve(&lens, &blocks, &known, &mut b);
            assert!(bits.bits && !tables.bits);
            assert_eq!((ra, &a), (rb, &b), "{clue:?} {known:?}");
            if ra.is_err() {
                contradictions += 1;
                continue;
            }
            solved += 1;
            for j in 0..clue.len() {
                assert_eq!(bits.start_range(j), tables.start_range(j));
                for i in 0..=n {
                    assert_eq!(bits.can_start(j, i), tables.can_start(j, i));
                }
            }
            assert_eq!(
                bits.is_consistent(&lens, &blocks, &known),
                tables.is_consistent(&lens, &blocks, &known)
            );
        }
        assert!(
            solved > 2_000 && contradictions > 2_000,
            "{solved} {contradictions}"
        );
    }

    /// Every clue of every line of up to 8 cells over 3 colours, under several ways of
    /// knowing the cells: the solver finds exactly what brute force finds, and each block's
    /// possible starts.
    #[test]
    fn agrees_with_brute_force_on_every_short_line() {
        let mut next = xorshift32(0x1357_9bdf);
        let mut checked = 0usize;
        let mut contradictions = 0usize;
        for mut solver in both_paths() {
            for n in 0..=8usize {
                let lines = every_line(n, 3);
                let mut by_clue: BTreeMap<Vec<(u32, u8)>, Vec<Vec<u8>>> = BTreeMap::new();
                for line in lines {
                    by_clue.entry(runs_of(&line)).or_default().push(line);
                }
                let universe: ColorSet = 0b1111;
                let trials = if n <= 5 { 6 } else { 2 };
                for (clue, lines) in &by_clue {
                    let lens: Vec<u32> = clue.iter().map(|b| b.0).collect();
                    let colors: Vec<u8> = clue.iter().map(|b| b.1).collect();
                    for trial in 0..trials {
                        let source = &lines[next() as usize % lines.len()];
                        let known = if trial == 0 {
                            vec![universe; n]
                        } else {
                            knowledge(&mut next, source, universe)
                        };
                        let want = brute_force(lines, &known);
                        let mut out = vec![0; n];
                        let got = solver.solve(&lens, &colors, &known, &mut out);
                        assert_eq!(solver.is_consistent(&lens, &colors, &known), want.is_some());
                        checked += 1;
                        let Some(want) = want else {
                            contradictions += 1;
                            assert_eq!(got, Err(Contradiction), "{clue:?} {known:?}");
                            continue;
                        };
                        solver.solve(&lens, &colors, &known, &mut out).unwrap();
                        assert_eq!(out, want, "{clue:?} {known:?}");
                        let fitting: Vec<&Vec<u8>> = lines
                            .iter()
                            .filter(|l| l.iter().zip(&known).all(|(&v, &k)| k & only(v) != 0))
                            .collect();
                        for j in 0..clue.len() {
                            let starts: Vec<usize> =
                                fitting.iter().map(|l| starts_of(l)[j]).collect();
                            let lo = *starts.iter().min().unwrap();
                            let hi = *starts.iter().max().unwrap();
                            assert_eq!(solver.start_range(j), (lo, hi), "{clue:?} {known:?}");
                            for i in 0..=n {
                                assert_eq!(solver.can_start(j, i), starts.contains(&i));
                            }
                        }
                    }
                }
            }
        }
        assert!(
            checked > 20_000 && contradictions > 2_000,
            "{checked} {contradictions}"
        );
    }

    /// Every clue of every line of up to 5 cells over 3 colours, under every way of knowing
    /// the cells where each cell is unknown or known as one value: the solver finds exactly
    /// what brute force finds (cell sets, contradictions, block starts).
    #[test]
    fn agrees_with_brute_force_under_every_known_or_unknown_marking() {
        let universe: ColorSet = 0b1111;
        let mut checked = 0usize;
        for mut solver in both_paths() {
            for n in 0..=5usize {
                let mut by_clue: BTreeMap<Vec<(u32, u8)>, Vec<Vec<u8>>> = BTreeMap::new();
                for line in every_line(n, 3) {
                    by_clue.entry(runs_of(&line)).or_default().push(line);
                }
                // Each cell unknown (code 4) or known as value 0..=3.
                for marking in every_line(n, 4) {
                    let known: Vec<ColorSet> = marking
                        .iter()
                        .map(|&m| if m == 4 { universe } else { only(m) })
                        .collect();
                    for (clue, lines) in &by_clue {
                        let lens: Vec<u32> = clue.iter().map(|b| b.0).collect();
                        let colors: Vec<u8> = clue.iter().map(|b| b.1).collect();
                        let mut out = vec![0; n];
                        let got = solver.solve(&lens, &colors, &known, &mut out);
                        checked += 1;
                        let Some(want) = brute_force(lines, &known) else {
                            assert_eq!(got, Err(Contradiction), "{clue:?} {known:?}");
                            continue;
                        };
                        assert_eq!((got, &out), (Ok(()), &want), "{clue:?} {known:?}");
                        for j in 0..clue.len() {
                            let starts = lines
                                .iter()
                                .filter(|l| l.iter().zip(&known).all(|(&v, &k)| k & only(v) != 0))
                                .map(|l| starts_of(l)[j]);
                            let lo = starts.clone().min().unwrap();
                            let hi = starts.max().unwrap();
                            assert_eq!(solver.start_range(j), (lo, hi), "{clue:?} {known:?}");
                        }
                    }
                }
            }
        }
        assert!(checked > 200_000, "{checked}");
    }

    /// One colour: the same answers as the black-and-white line solver, on every clue of
    /// every line of up to 10 cells under random knowledge.
    #[test]
    fn one_colour_agrees_with_the_black_and_white_solver() {
        let mut next = xorshift32(0x2468_ace1);
        let mut bw = LineSolver::new();
        let mut color = ColorLineSolver::new();
        for n in 0..=10usize {
            for bits in 0u32..1 << n {
                let pic: Vec<bool> = (0..n).map(|i| bits >> i & 1 == 1).collect();
                let clues = crate::cells::clues_of(&pic);
                let cells: Vec<Cell> = (0..n)
                    .map(|_| match next() % 4 {
                        0 => Cell::Filled,
                        1 => Cell::Empty,
                        _ => Cell::Unknown,
                    })
                    .collect();
                let sets: Vec<ColorSet> = cells
                    .iter()
                    .map(|c| match c {
                        Cell::Filled => only(1),
                        Cell::Empty => BACKGROUND,
                        Cell::Unknown => BACKGROUND | only(1),
                    })
                    .collect();
                let mut out_bw = cells.clone();
                let mut out_color = vec![0; n];
                let colors = vec![1u8; clues.len()];
                let a = bw.solve(&clues, &cells, &mut out_bw);
                let b = color.solve(&clues, &colors, &sets, &mut out_color);
                assert_eq!(a.is_ok(), b.is_ok(), "{clues:?} {cells:?}");
                if a.is_ok() {
                    let back: Vec<Cell> = out_color
                        .iter()
                        .map(|&s| match s {
                            BACKGROUND => Cell::Empty,
                            s if s == only(1) => Cell::Filled,
                            _ => Cell::Unknown,
                        })
                        .collect();
                    assert_eq!(back, out_bw, "{clues:?} {cells:?}");
                    for j in 0..clues.len() {
                        assert_eq!(bw.start_range(j), color.start_range(j));
                    }
                }
            }
        }
    }

    /// Blocks of different colours touch; of the same colour they do not.
    #[test]
    fn colours_touch_but_equal_colours_keep_a_gap() {
        let mut s = ColorLineSolver::new();
        let all = BACKGROUND | only(1) | only(2);
        // 2 red and 1 blue in 3 cells: only `rrb`.
        let mut out = vec![0; 3];
        s.solve(&[2, 1], &[1, 2], &[all; 3], &mut out).unwrap();
        assert_eq!(out, [only(1), only(1), only(2)]);
        // 2 red and 1 red in 3 cells: impossible.
        assert_eq!(
            s.solve(&[2, 1], &[1, 1], &[all; 3], &mut out),
            Err(Contradiction)
        );
        // 1 red, 1 blue, 1 red in 4 cells: `rbr.`, `rb.r`, `r.br`, `.rbr`.
        let mut out = vec![0; 4];
        s.solve(&[1, 1, 1], &[1, 2, 1], &[all; 4], &mut out)
            .unwrap();
        assert_eq!(out, [only(1) | BACKGROUND, all, all, only(1) | BACKGROUND]);
        // With the first cell crossed out: `.rbr` alone.
        s.solve(
            &[1, 1, 1],
            &[1, 2, 1],
            &[BACKGROUND, all, all, all],
            &mut out,
        )
        .unwrap();
        assert_eq!(out, [BACKGROUND, only(1), only(2), only(1)]);
    }

    /// Reused on lines of other sizes and clue counts, the solver gives what a new one
    /// gives.
    #[test]
    fn reuse_gives_the_same_answers() {
        let mut reused = ColorLineSolver::new();
        let all = BACKGROUND | only(1) | only(2);
        let cases: [(&[u32], &[u8], usize); 4] = [
            (&[3, 1, 2], &[1, 1, 2], 10),
            (&[1], &[2], 3),
            (&[], &[], 5),
            (&[4, 4], &[2, 1], 8),
        ];
        for _ in 0..3 {
            for (lens, colors, n) in cases {
                let line = vec![all; n];
                let mut a = vec![0; n];
                let mut b = vec![0; n];
                let ra = reused.solve(lens, colors, &line, &mut a);
                let rb = ColorLineSolver::new().solve(lens, colors, &line, &mut b);
                assert_eq!((ra, &a), (rb, &b));
            }
        }
    }
}
