//! Player feedback on colour lines: `line` and `check` when the puzzle has colours.
//!
//! The two modes mean what they mean in black and white, with a block read as a run of one
//! colour (two runs of different colours that touch are two blocks):
//! * `strict`: block k is matched iff every arrangement the line still allows puts it at
//!   one start and every one of its cells is painted its colour now (from the colour line
//!   solver's start ranges, [`crate::colorline`]);
//! * `classic`: the design note's block scan ([`crate::classic`]), its rules unchanged, a
//!   block matching a clue when both length and colour agree.
//!
//! `solved`: the painted runs (untouched cells counting as background) are exactly the
//! clue; `contradiction`: no arrangement of the clue fits the line.

use crate::classic::ClassicFeedback;
use crate::colorline::{ColorLineSolver, ColorSet, only};
use crate::puzzle::color_runs;
use crate::verdict::{LineVerdict, Mode};

/// Reusable state for judging colour lines.
#[derive(Debug, Default, Clone)]
pub struct ColorJudge {
    solver: ColorLineSolver,
    classic: ClassicFeedback,
    out: Vec<ColorSet>,
    painted: Vec<u8>,
}

impl ColorJudge {
    pub fn new() -> Self {
        Self::default()
    }

    /// The verdict on a line of cells (each a set of values: one colour painted, the
    /// background crossed out, more than one untouched) for blocks `lens`/`colors`
    /// (normalised: a lone 0 is no block) checked to fit it. `given` is the number of clue
    /// items as the input gave them (1 for a lone 0), the length of `matched`.
    pub fn judge(
        &mut self,
        lens: &[u32],
        colors: &[u8],
        given: usize,
        line: &[ColorSet],
        mode: Mode,
    ) -> LineVerdict {
        let mut matched = vec![false; given];
        self.painted.clear();
        self.painted.extend(line.iter().map(|&s| {
            if s.count_ones() == 1 {
                s.trailing_zeros() as u8
            } else {
                0
            }
        }));
        let (run_lens, run_colors) = color_runs(&self.painted);
        let solved = run_lens == lens && run_colors == colors;
        self.out.clear();
        self.out.resize(line.len(), 0);
        let contradiction = match mode {
            Mode::Strict => {
                let ok = self.solver.solve(lens, colors, line, &mut self.out).is_ok();
                if ok {
                    self.strict(lens, colors, line, &mut matched);
                }
                !ok
            }
            Mode::Classic => {
                let clues: Vec<(u32, u8)> = if given > lens.len() {
                    // A lone 0: the empty-line clue the rules know as `[0]`.
                    vec![(0, 0)]
                } else {
                    lens.iter().copied().zip(colors.iter().copied()).collect()
                };
                self.classic
                    .color_matches(&clues, given > lens.len(), line, &mut matched);
                !self.solver.is_consistent(lens, colors, line)
            }
        };
        LineVerdict {
            matched,
            solved,
            contradiction,
        }
    }

    /// Strict feedback after a successful solve: each block certain and painted.
    fn strict(&self, lens: &[u32], colors: &[u8], line: &[ColorSet], matched: &mut [bool]) {
        if lens.is_empty() {
            // A lone 0 is matched whenever the line can be empty.
            matched.fill(true);
            return;
        }
        for (j, m) in matched.iter_mut().enumerate() {
            let (lo, hi) = self.solver.start_range(j);
            let painted = line[lo..lo + lens[j] as usize]
                .iter()
                .all(|&s| s == only(colors[j]));
            *m = lo == hi && painted;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::colorline::BACKGROUND;

    /// Every line of `n` cells over the background and 2 colours (values 0, 1, 2).
    fn every_line(n: usize) -> Vec<Vec<u8>> {
        (0..3u32.pow(n as u32))
            .map(|mut code| {
                (0..n)
                    .map(|_| {
                        let v = (code % 3) as u8;
                        code /= 3;
                        v
                    })
                    .collect()
            })
            .collect()
    }

    /// The start of each block of a line of values.
    fn starts(line: &[u8]) -> Vec<usize> {
        (0..line.len())
            .filter(|&i| line[i] != 0 && (i == 0 || line[i - 1] != line[i]))
            .collect()
    }

    /// A player's line from a code: each cell untouched, crossed out, or painted.
    fn player_line(n: usize, mut code: u32) -> Vec<ColorSet> {
        (0..n)
            .map(|_| {
                let set = match code % 4 {
                    0 => 0b111,
                    1 => BACKGROUND,
                    2 => only(1),
                    _ => only(2),
                };
                code /= 4;
                set
            })
            .collect()
    }

    /// Strict feedback on every clue of every line of up to 5 cells over 2 colours, under
    /// every way of marking the line: block k is matched iff all the lines of the clue that
    /// agree with the marks start it at one cell and it is painted there; contradiction iff
    /// no line agrees; solved iff the painted runs are the clue.
    #[test]
    fn strict_agrees_with_brute_force() {
        let mut judge = ColorJudge::new();
        let mut checked = 0;
        for n in 1..=5usize {
            let lines = every_line(n);
            let mut clues: Vec<(Vec<u32>, Vec<u8>)> = lines.iter().map(|l| color_runs(l)).collect();
            clues.sort();
            clues.dedup();
            for (lens, colors) in &clues {
                let fitting: Vec<&Vec<u8>> = lines
                    .iter()
                    .filter(|l| color_runs(l) == (lens.clone(), colors.clone()))
                    .collect();
                for code in 0..4u32.pow(n as u32) {
                    let marks = player_line(n, code);
                    let agree: Vec<&&Vec<u8>> = fitting
                        .iter()
                        .filter(|l| l.iter().zip(&marks).all(|(&v, &m)| m & only(v) != 0))
                        .collect();
                    let given = lens.len().max(1);
                    let v = judge.judge(lens, colors, given, &marks, Mode::Strict);
                    assert_eq!(
                        v.contradiction,
                        agree.is_empty(),
                        "{lens:?} {colors:?} {marks:?}"
                    );
                    let painted: Vec<u8> = marks
                        .iter()
                        .map(|&s| {
                            if s == only(1) {
                                1
                            } else if s == only(2) {
                                2
                            } else {
                                0
                            }
                        })
                        .collect();
                    assert_eq!(
                        v.solved,
                        color_runs(&painted) == (lens.clone(), colors.clone())
                    );
                    for (k, &m) in v.matched.iter().enumerate() {
                        let want = if agree.is_empty() {
                            false
                        } else if lens.is_empty() {
                            true
                        } else {
                            let p = starts(agree[0])[k];
                            agree.iter().all(|l| starts(l)[k] == p)
                                && (p..p + lens[k] as usize).all(|i| marks[i] == only(colors[k]))
                        };
                        assert_eq!(m, want, "block {k} of {lens:?} {colors:?} on {marks:?}");
                    }
                    checked += 1;
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    /// Classic feedback reads colour runs as blocks: touching runs of two colours are two
    /// blocks, and a run of the right length in the wrong colour matches nothing.
    #[test]
    fn classic_reads_colour_runs() {
        let mut judge = ColorJudge::new();
        let line = |text: &[ColorSet]| text.to_vec();
        let (r, b) = (only(1), only(2));
        let v = judge.judge(&[2, 1], &[1, 2], 2, &line(&[r, r, b]), Mode::Classic);
        assert_eq!(v.matched, [true, true]);
        assert!(v.solved && !v.contradiction);
        let v = judge.judge(
            &[2, 1],
            &[1, 2],
            2,
            &line(&[b, b, BACKGROUND]),
            Mode::Classic,
        );
        assert_eq!(v.matched, [false, false]);
        assert!(v.contradiction && !v.solved);
        // The lone empty-line clue.
        let v = judge.judge(&[], &[], 1, &line(&[BACKGROUND, 0b111]), Mode::Classic);
        assert_eq!(v.matched, [true]);
    }
}
