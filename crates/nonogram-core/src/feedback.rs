//! Per-line player feedback: the `nonogram line` command, in `classic` or `strict` mode.
//!
//! * `classic` is the design note's block scan ([`crate::classic`]), what a game shows.
//! * `strict` is the logically exact answer: clue k is matched iff every arrangement of the
//!   clues that the line still allows puts clue k at one start p, and all of its cells are
//!   filled now. It uses the line solver's start ranges ([`crate::linesolver`]).
//!
//! Both modes report the same `solved` (the filled runs read exactly as the clues, untouched
//! cells counting as empty) and `contradiction` (no arrangement of the clues fits the line,
//! so the player has made a mistake that logic alone reveals).
//!
//! A line with a `palette` (or with clue items that name a colour) is a colour line, judged
//! as [`crate::color_feedback`] says; one without is black and white.

use crate::InputError;
use crate::cells::{
    Cell, line_error, normalize_clues, parse_line, runs_equal_clues, validate_clues,
};
use crate::classic::ClassicFeedback;
use crate::color_feedback::ColorJudge;
use crate::linesolver::{Contradiction, LineSolver};
use crate::palette::{ClueItem, Palette, PaletteColor, counts_if_plain};
pub use crate::verdict::{LineVerdict, Mode};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Input of `nonogram line`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LineInput {
    /// Clue numbers, in order; `[]` or `[0]` for an empty line. In a colour puzzle a number
    /// is black and `{"count": 3, "color": "red"}` names a colour of `palette`.
    pub clues: Vec<ClueItem>,
    /// The line as the player has it: `#` filled, `x`/`X` crossed, `.` untouched (in a
    /// colour puzzle, each colour's `char` for a cell painted that colour).
    pub line: String,
    /// `classic` (default) or `strict`.
    #[serde(default)]
    pub mode: Mode,
    /// The colours of a colour puzzle: `{"name", "char", "rgb"}` each (see `solve`).
    /// Without it the line is black and white.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub palette: Option<Vec<PaletteColor>>,
}

/// Reusable state for judging many lines (a board, a benchmark): the line solver's tables,
/// the classic scan's buffer and a buffer of forced cells. Allocation-free after warm-up
/// except for the verdict's own `matched` vector.
#[derive(Debug, Default, Clone)]
pub struct LineJudge {
    solver: LineSolver,
    classic: ClassicFeedback,
    forced: Vec<Cell>,
}

impl LineJudge {
    pub fn new() -> Self {
        Self::default()
    }

    /// Classic feedback into `matched` (one entry per clue as given).
    pub fn classic(&mut self, clues: &[u32], line: &[Cell], matched: &mut [bool]) {
        self.classic.matches(clues, line, matched);
    }

    /// Strict feedback into `matched` (one entry per clue as given). On a contradiction
    /// every entry is false and the error is returned.
    ///
    /// # Panics
    /// If `matched.len() != clues.len()`.
    pub fn strict(
        &mut self,
        clues: &[u32],
        line: &[Cell],
        matched: &mut [bool],
    ) -> Result<(), Contradiction> {
        assert_eq!(clues.len(), matched.len(), "one verdict per clue");
        matched.fill(false);
        self.forced.clear();
        self.forced.extend_from_slice(line);
        self.solver.solve(clues, line, &mut self.forced)?;
        if normalize_clues(clues).is_empty() {
            // `[0]`: its single entry is matched whenever the line can be empty. (`[]` has
            // no entries.)
            matched.fill(true);
            return Ok(());
        }
        for (j, (m, &len)) in matched.iter_mut().zip(clues).enumerate() {
            let (lo, hi) = self.solver.start_range(j);
            // A clue longer than the line has no arrangement; solve() failed already.
            *m = lo == hi
                && line[lo..lo + len as usize]
                    .iter()
                    .all(|&c| c == Cell::Filled);
        }
        Ok(())
    }

    /// The full verdict on a line whose clues have been validated for it.
    pub fn judge(&mut self, clues: &[u32], line: &[Cell], mode: Mode) -> LineVerdict {
        let mut matched = vec![false; clues.len()];
        let contradiction = match mode {
            Mode::Strict => self.strict(clues, line, &mut matched).is_err(),
            Mode::Classic => {
                self.classic(clues, line, &mut matched);
                !self.solver.is_consistent(clues, line)
            }
        };
        LineVerdict {
            matched,
            solved: runs_equal_clues(line, clues),
            contradiction,
        }
    }
}

/// `nonogram line`: feedback on one line.
pub fn line(input: LineInput) -> Result<LineVerdict, InputError> {
    let fault = |e| line_error(e, "/line", "/clues");
    if input.palette.is_none()
        && let Some(clues) = counts_if_plain(std::slice::from_ref(&input.clues))
    {
        let clues = &clues[0];
        let cells = parse_line(&input.line).map_err(fault)?;
        validate_clues(clues, cells.len()).map_err(fault)?;
        return Ok(LineJudge::new().judge(clues, &cells, input.mode));
    }
    let palette = Palette::for_clues([&input.clues[..]], input.palette.as_deref())?;
    let (lens, colors) = palette.resolve(&input.clues, "/clues")?;
    let cells = palette.parse_line(&input.line).map_err(fault)?;
    palette
        .check_fit(&lens, &colors, cells.len())
        .map_err(fault)?;
    Ok(ColorJudge::new().judge(&lens, &colors, input.clues.len(), &cells, input.mode))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::linesolver::brute_force_arrangements;
    use crate::linesolver::tests::clues_and_line;
    use proptest::prelude::*;

    fn run(clues: &[u32], line_text: &str, mode: Mode) -> Result<LineVerdict, InputError> {
        line(LineInput {
            clues: clues.iter().map(|&c| c.into()).collect(),
            line: line_text.to_string(),
            mode,
            palette: None,
        })
    }

    #[test]
    fn strict_examples() {
        // Solved line: everything certain and filled.
        let v = run(&[2, 1], "##x.#", Mode::Strict).unwrap();
        assert_eq!(v.matched, [true, true]);
        assert!(v.solved && !v.contradiction);
        // [2, 2] in 6 cells: the block at 0..2 can only be the first 2 (the second needs a
        // gap and the first 2 before it); the second 2 may start at 3 or 4.
        let v = run(&[2, 2], "##....", Mode::Strict).unwrap();
        assert_eq!(v.matched, [true, false]);
        // [1, 1] in 5 cells with the middle filled: the 1 at cell 2 could be either clue.
        let v = run(&[1, 1], "..#..", Mode::Strict).unwrap();
        assert_eq!(v.matched, [false, false]);
        // In 4 cells a filled cell 1 can only be the first 1 (the second needs cell 0 and a
        // gap before it).
        let v = run(&[1, 1], ".#..", Mode::Strict).unwrap();
        assert_eq!(v.matched, [true, false]);
        // Contradiction: a 3 cannot fit between crosses.
        let v = run(&[3], "x##x.", Mode::Strict).unwrap();
        assert_eq!(v.matched, [false]);
        assert!(v.contradiction && !v.solved);
        // Empty line clues.
        assert_eq!(run(&[0], "...", Mode::Strict).unwrap().matched, [true]);
        assert_eq!(run(&[0], ".#.", Mode::Strict).unwrap().matched, [false]);
        assert!(run(&[0], ".#.", Mode::Strict).unwrap().contradiction);
        assert_eq!(
            run(&[], "...", Mode::Strict).unwrap().matched,
            Vec::<bool>::new()
        );
    }

    #[test]
    fn classic_reports_contradiction_and_solved_too() {
        let v = run(&[3], "x##x.", Mode::Classic).unwrap();
        assert!(v.contradiction && !v.solved);
        let v = run(&[2, 1], "##x.#", Mode::Classic).unwrap();
        assert_eq!(v.matched, [true, true]);
        assert!(v.solved && !v.contradiction);
    }

    #[test]
    fn bad_input_names_the_path() {
        let e = run(&[1], "#o", Mode::Classic).unwrap_err();
        assert_eq!(e.path, "/line");
        assert!(e.message.contains("position 1"), "{e}");
        let e = run(&[5, 5], "..........", Mode::Classic).unwrap_err();
        assert_eq!(e.path, "/clues");
        assert_eq!(e.message, "clues [5, 5] need 11 cells but the line has 10");
        let e = run(&[1, 0, 1], ".....", Mode::Strict).unwrap_err();
        assert_eq!(e.path, "/clues/1");
        let e = run(&[u32::MAX, u32::MAX], "...", Mode::Strict).unwrap_err();
        assert_eq!(e.path, "/clues");
    }

    #[test]
    fn mode_parses_and_defaults() {
        let input: LineInput = serde_json_from(r##"{"clues": [1], "line": "#"}"##);
        assert_eq!(input.mode, Mode::Classic);
        let input: LineInput =
            serde_json_from(r##"{"clues": [1], "line": "#", "mode": "strict"}"##);
        assert_eq!(input.mode, Mode::Strict);
        assert!(
            serde_json::from_str::<LineInput>(r##"{"clues": [1], "line": "#", "mdoe": "strict"}"##)
                .is_err()
        );
        assert!(serde_json::from_str::<LineInput>(r##"{"clues": [-1], "line": "#"}"##).is_err());
    }

    fn serde_json_from(s: &str) -> LineInput {
        serde_json::from_str(s).unwrap()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// Strict mode against brute-force enumeration of every arrangement.
        #[test]
        fn strict_matches_brute_force((clues, line) in clues_and_line()) {
            prop_assume!(validate_clues(&clues, line.len()).is_ok());
            let arrs = brute_force_arrangements(&clues, &line);
            let v = LineJudge::new().judge(&clues, &line, Mode::Strict);
            prop_assert_eq!(v.contradiction, arrs.is_empty());
            prop_assert_eq!(v.solved, runs_equal_clues(&line, &clues));
            let norm = normalize_clues(&clues);
            for (k, &m) in v.matched.iter().enumerate() {
                let want = if arrs.is_empty() {
                    false
                } else if norm.is_empty() {
                    true
                } else {
                    let p = arrs[0][k];
                    arrs.iter().all(|a| a[k] == p)
                        && line[p..p + clues[k] as usize].iter().all(|&c| c == Cell::Filled)
                };
                prop_assert_eq!(m, want, "clue {} of {:?} on {}", k, &clues, crate::cells::format_line(&line));
            }
            // A solved line is never a contradiction, and strict marks all of it.
            if v.solved {
                prop_assert!(!v.contradiction);
                prop_assert!(v.matched.iter().all(|&b| b));
            }
            // Classic and strict agree on `solved` and `contradiction`.
            let c = LineJudge::new().judge(&clues, &line, Mode::Classic);
            prop_assert_eq!(c.solved, v.solved);
            prop_assert_eq!(c.contradiction, v.contradiction);
        }
    }
}
