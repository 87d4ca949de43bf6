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
//! minimum. Black-and-white lines are the one-colour case; [`crate::linesolver`] is the
//! faster solver for them, and the tests check that both agree.

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
        self.forward();
        let end = self.at(self.lens.len(), self.n);
        let ok = self.fwd[end];
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

    /// The distinct colours of the blocks and, per colour, the runs of cells allowing it.
    fn load_runs(&mut self) {
        let n = self.n;
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

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::cells::Cell;
    use crate::linesolver::LineSolver;
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

    /// A fixed xorshift generator for the tests' random cases.
    fn xorshift32(mut state: u32) -> impl FnMut() -> u32 {
        move || {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            state
        }
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

    /// Every clue of every line of up to 8 cells over 3 colours, under several ways of
    /// knowing the cells: the solver finds exactly what brute force finds, and each block's
    /// possible starts.
    #[test]
    fn agrees_with_brute_force_on_every_short_line() {
        let mut next = xorshift32(0x1357_9bdf);
        let mut checked = 0usize;
        let mut contradictions = 0usize;
        let mut solver = ColorLineSolver::new();
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
                        let starts: Vec<usize> = fitting.iter().map(|l| starts_of(l)[j]).collect();
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
        assert!(
            checked > 10_000 && contradictions > 1_000,
            "{checked} {contradictions}"
        );
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
