//! The learning search on colour puzzles: the same order encoding of every block's start
//! ([`super::ladder`]), over a "filled" literal per cell (any colour) and one literal per
//! cell and colour.
//!
//! Clauses beyond the black-and-white ones:
//! - per cell, exactly one colour when filled: `not filled or x_1 or ... or x_K`,
//!   `not x_c or filled`, and `not x_a or not x_b` for every pair of colours;
//! - a cell inside block k has block k's colour: `x_col(k)(t) or not S_k(t) or
//!   S_k(t - len_k)`;
//! - blocks of different colours may touch: the ladders' order clauses keep a gap only
//!   between neighbours of one colour.
//!
//! The black-and-white clauses say that a filled cell lies in some block and an empty one
//! in none; with the two families above, a cell of colour c lies in a block of colour c.
//! The models are exactly the pictures (tested against brute force below). Where each
//! block can start comes from the colour line solver on the cells the root fixed, so no
//! variable is made for a start line logic rules out.

use super::ladder::{self, Ladder};
use super::{
    Built, ClauseSink, LinePhases, MAX_STATE_VARS, Next, Phases, SatStop, Term, new_literal,
    solver_options,
};
use crate::colorline::{BACKGROUND, ColorLineSolver, ColorSet, only};
use crate::puzzle::Puzzle;
use batsat::{Lit, SolverInterface, lbool};
use puzzles_common::Deadline;

/// An incremental SAT search over the pictures of one colour puzzle.
pub(crate) struct ColorLearner {
    solver: batsat::Solver<SatStop>,
    /// Per cell (row-major): filled with some colour.
    filled: Vec<Lit>,
    /// Per cell and colour: `colors[i * k + c - 1]`, cell i has colour c.
    colors: Vec<Lit>,
    /// Colours of the palette.
    k: usize,
    /// Cells with more than one value when the encoding was made.
    free: Vec<usize>,
    /// False once the clauses are known unsatisfiable.
    ok: bool,
    /// Pictures of the caller's list already blocked.
    blocked: usize,
}

impl ColorLearner {
    /// The encoding of `p` with each cell's possible values `grid` (row-major), the solver's
    /// random decisions seeded with `seed`. The deadline is checked line by line while
    /// building, and then by the solver.
    pub(crate) fn build(
        p: &Puzzle,
        grid: &[ColorSet],
        deadline: Deadline,
        seed: u32,
    ) -> Built<ColorLearner> {
        let Some(starts) = line_starts(p, grid, deadline) else {
            return Built::Timeout;
        };
        let ladder_vars: usize = starts.iter().flatten().flatten().map(|s| s.len()).sum();
        if ladder_vars > MAX_STATE_VARS {
            return Built::TooLarge;
        }
        let cb = SatStop::new(deadline);
        let mut learner = ColorLearner {
            solver: batsat::Solver::new(solver_options(seed), cb),
            filled: Vec::with_capacity(grid.len()),
            colors: Vec::new(),
            k: p.palette().len(),
            free: Vec::new(),
            ok: true,
            blocked: 0,
        };
        learner.add_cells(grid);
        for (id, possible) in starts.iter().enumerate() {
            if deadline.passed() {
                return Built::Timeout;
            }
            learner.add_line(p, id, possible.as_deref());
        }
        Built::Ready(Box::new(learner))
    }

    /// A new literal of the solver (its first value false, as batsat's default).
    fn new_lit(&mut self) -> Lit {
        new_literal(&mut self.solver, Phases::Solver, None, true)
    }

    /// Adds a clause; `ok` turns false once the solver is unsatisfiable.
    fn add(&mut self, clause: &mut Vec<Lit>) {
        self.ok &= self.solver.add_clause_reuse(clause);
    }

    /// The cells' literals, what the root knows of them, and one colour per filled cell.
    fn add_cells(&mut self, grid: &[ColorSet]) {
        let k = self.k;
        for _ in grid {
            let f = self.new_lit();
            self.filled.push(f);
        }
        for _ in 0..grid.len() * k {
            let x = self.new_lit();
            self.colors.push(x);
        }
        let mut clause = Vec::with_capacity(k + 1);
        for (i, &set) in grid.iter().enumerate() {
            if set.count_ones() > 1 {
                self.free.push(i);
            }
            let f = self.filled[i];
            if set & BACKGROUND == 0 {
                clause.clear();
                clause.push(f);
                self.add(&mut clause);
            }
            if set == BACKGROUND {
                clause.clear();
                clause.push(!f);
                self.add(&mut clause);
            }
            clause.clear();
            clause.push(!f);
            for c in 1..=k {
                let x = self.colors[i * k + c - 1];
                clause.push(x);
                if set & only(c as u8) == 0 {
                    let mut unit = vec![!x];
                    self.add(&mut unit);
                }
                let mut implies = vec![!x, f];
                self.add(&mut implies);
                for d in c + 1..=k {
                    let mut pair = vec![!x, !self.colors[i * k + d - 1]];
                    self.add(&mut pair);
                }
            }
            self.add(&mut clause);
        }
    }

    /// The clauses of line `id` (`possible`: where each block can start; `None` when the
    /// line has no arrangement).
    fn add_line(&mut self, p: &Puzzle, id: usize, possible: Option<&[Vec<bool>]>) {
        let Some(possible) = possible else {
            let mut empty = Vec::new();
            self.add(&mut empty);
            return;
        };
        let (lens, colors) = p.line(id);
        let cells = line_cells(p, id);
        let lits: Vec<Lit> = cells.iter().map(|&i| self.filled[i]).collect();
        let phases = LinePhases {
            phases: Phases::Solver,
            odds: None,
        };
        let mut sink = ClauseSink::default();
        let ladders = ladder::encode_ladders(
            &mut self.solver,
            &mut sink,
            lens,
            colors,
            possible,
            &lits,
            phases,
        );
        let mut clause = Vec::with_capacity(3);
        for (t, &i) in cells.iter().enumerate() {
            for ((ladder, &len), &c) in ladders.iter().zip(lens).zip(colors) {
                let x = Term::Lit(self.colors[i * self.k + usize::from(c) - 1]);
                let terms = [x, !in_from(ladder, t), ended(ladder, t, len)];
                sink.add_terms(&mut self.solver, &terms, &mut clause);
            }
        }
        self.ok &= sink.ok;
    }

    /// The value of every cell in the solver's model: 0 the background, else the colour.
    fn model(&self) -> Vec<u8> {
        let k = self.k;
        (0..self.filled.len())
            .map(|i| {
                if self.solver.value_lit(self.filled[i]) != lbool::TRUE {
                    return 0;
                }
                (1..=k)
                    .find(|&c| self.solver.value_lit(self.colors[i * k + c - 1]) == lbool::TRUE)
                    .map_or(0, |c| c as u8)
            })
            .collect()
    }

    /// Forbids one picture (one that agrees with the cells the root fixed).
    pub(crate) fn block(&mut self, picture: &[u8]) {
        if !self.ok {
            return;
        }
        let k = self.k;
        let mut clause: Vec<Lit> = self
            .free
            .iter()
            .map(|&i| match picture[i] {
                0 => self.filled[i],
                c => !self.colors[i * k + usize::from(c) - 1],
            })
            .collect();
        self.add(&mut clause);
    }

    /// Blocks the pictures of `recorded` not blocked yet (a list that only grows).
    pub(crate) fn block_recorded(&mut self, recorded: &[Vec<u8>]) {
        for s in &recorded[self.blocked.min(recorded.len())..] {
            self.block(s);
        }
        self.blocked = recorded.len();
    }

    /// The next picture not yet blocked.
    pub(crate) fn next_picture(&mut self) -> Next<Vec<u8>> {
        if !self.ok {
            return Next::Exhausted;
        }
        let r = self.solver.solve_limited(&[]);
        if r == lbool::TRUE {
            Next::Picture(self.model())
        } else if r == lbool::FALSE {
            self.ok = false;
            Next::Exhausted
        } else {
            Next::Timeout
        }
    }

    /// Conflicts so far (each one learned a clause).
    pub(crate) fn conflicts(&self) -> u64 {
        self.solver.cb().learned
    }
}

/// Block `ladder` starts at or before cell `t`.
fn in_from(ladder: &Ladder, t: usize) -> Term {
    ladder.at_or_before(t as isize)
}

/// A block of length `len` that started at or before `t - len` has ended before `t`.
fn ended(ladder: &Ladder, t: usize, len: u32) -> Term {
    ladder.at_or_before(t as isize - len as isize)
}

/// The cells of line `id` (rows, then columns), row-major indices.
fn line_cells(p: &Puzzle, id: usize) -> Vec<usize> {
    let (h, w) = (p.height(), p.width());
    if id < h {
        (0..w).map(|c| id * w + c).collect()
    } else {
        (0..h).map(|r| r * w + (id - h)).collect()
    }
}

/// Where each block of each line can start given `grid` (`None` for a line with no
/// arrangement), or `None` when the deadline passes first.
#[allow(clippy::type_complexity)]
fn line_starts(
    p: &Puzzle,
    grid: &[ColorSet],
    deadline: Deadline,
) -> Option<Vec<Option<Vec<Vec<bool>>>>> {
    let mut solver = ColorLineSolver::new();
    let mut out = Vec::with_capacity(p.height() + p.width());
    for id in 0..p.height() + p.width() {
        if deadline.passed() {
            return None;
        }
        let (lens, colors) = p.line(id);
        let known: Vec<ColorSet> = line_cells(p, id).iter().map(|&i| grid[i]).collect();
        let mut fixed = known.clone();
        if solver.solve(lens, colors, &known, &mut fixed).is_err() {
            out.push(None);
            continue;
        }
        let possible = (0..lens.len())
            .map(|j| (0..known.len()).map(|t| solver.can_start(j, t)).collect())
            .collect();
        out.push(Some(possible));
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::palette::{ClueItem, PaletteColor};
    use crate::puzzle::color_runs;
    use crate::test_rng::xorshift32;

    /// A colour puzzle from the clues of a `h` x `w` picture of values (`colors` colours).
    pub(crate) fn puzzle_of(pic: &[u8], h: usize, w: usize, colors: u8) -> Puzzle {
        let palette: Vec<PaletteColor> = (1..=colors)
            .map(|c| PaletteColor {
                name: format!("c{c}"),
                char: char::from(b'a' + c),
                rgb: None,
            })
            .collect();
        let items = |values: Vec<u8>| -> Vec<ClueItem> {
            let (lens, cs) = color_runs(&values);
            lens.iter()
                .zip(cs)
                .map(|(&count, c)| ClueItem::Colored {
                    count,
                    color: format!("c{c}"),
                })
                .collect()
        };
        let rows: Vec<Vec<ClueItem>> = (0..h)
            .map(|r| items(pic[r * w..(r + 1) * w].to_vec()))
            .collect();
        let cols: Vec<Vec<ClueItem>> = (0..w)
            .map(|c| items((0..h).map(|r| pic[r * w + c]).collect()))
            .collect();
        Puzzle::from_input(&rows, &cols, Some(&palette)).expect("clues of a picture")
    }

    /// Every picture of `p` by brute force: the number of pictures of values that satisfy
    /// every clue.
    fn brute_force_count(p: &Puzzle) -> usize {
        let n = p.height() * p.width();
        let base = p.palette().len() as u64 + 1;
        (0..base.pow(n as u32))
            .filter(|&code| {
                let mut code = code;
                let pic: Vec<u8> = (0..n)
                    .map(|_| {
                        let v = (code % base) as u8;
                        code /= base;
                        v
                    })
                    .collect();
                p.check_values(&pic)
            })
            .count()
    }

    /// The learner finds every picture of small colour puzzles exactly once, then reports
    /// exhaustion: as many as brute force finds, with and without some cells known.
    #[test]
    fn learner_counts_agree_with_brute_force() {
        let mut next = xorshift32(0x0c01_0a51);
        let mut several = 0;
        for trial in 0..120 {
            let (h, w, colors) = if trial % 2 == 0 { (3, 3, 2) } else { (2, 3, 3) };
            // Half the cells background, so that many puzzles have several pictures.
            let pic: Vec<u8> = (0..h * w)
                .map(|_| match next() % 2 {
                    0 => 0,
                    _ => (1 + next() % u32::from(colors)) as u8,
                })
                .collect();
            let p = puzzle_of(&pic, h, w, colors);
            if !p.is_color() {
                continue;
            }
            let expected = brute_force_count(&p);
            several += usize::from(expected > 1);
            let universe = p.palette().universe();
            let mut grid = vec![universe; h * w];
            if trial % 3 == 1 {
                let i = next() as usize % (h * w);
                grid[i] = only(pic[i]);
            }
            let Built::Ready(mut learner) = ColorLearner::build(&p, &grid, Deadline::NEVER, 1)
            else {
                panic!("small puzzle not built");
            };
            let mut found: Vec<Vec<u8>> = Vec::new();
            loop {
                match learner.next_picture() {
                    Next::Picture(q) => {
                        assert!(p.check_values(&q), "{q:?} breaks a clue");
                        assert!(!found.contains(&q), "{q:?} came twice");
                        assert!(q.iter().zip(&grid).all(|(&v, &s)| s & only(v) != 0));
                        learner.block(&q);
                        found.push(q);
                    }
                    Next::Exhausted => break,
                    other => panic!("{other:?}"),
                }
            }
            if trial % 3 != 1 {
                assert_eq!(found.len(), expected, "trial {trial}: {pic:?}");
            } else {
                assert!(found.len() <= expected && !found.is_empty());
            }
        }
        assert!(several > 10, "{several}");
    }
}
