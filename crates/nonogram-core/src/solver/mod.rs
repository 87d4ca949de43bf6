//! The full nonogram solver behind `puzzles nonogram solve`: is there no solution, exactly one,
//! or more than one, with the pictures as proof.
//!
//! Method (the one the strongest published solvers share: Naughty, pbnsolve, the TAAI
//! tournament solvers, nonogrid), one module per step, each importing only the ones listed
//! before it:
//! 1. **Symmetry** (`symmetry`): the mirror images and rotations of a picture, and the cell
//!    orbits of a clue set that a symmetry maps onto itself.
//! 2. **Propagation** (`propagate`): every row and column is a line; the exact line solver
//!    ([`crate::linesolver::LineSolver`]) finds the cells all arrangements of a line agree
//!    on, line after dirty line, to a fixpoint or a contradiction. Everything is undone
//!    through a trail of assigned cells, so no grid is ever copied.
//! 3. **Solutions** (`solutions`): every picture any search meets is checked against every
//!    clue and recorded; two different ones decide `multiple`.
//! 4. **Probing** (`probe`): at a fixpoint, each unknown cell is tried filled and empty; a
//!    value that leads to a contradiction is impossible, and cells both tries agree on are
//!    forced.
//! 5. **Search** (`search`): if cells are still unknown, branch on the cell whose two probes
//!    fixed the most cells, depth-first, probing at every node, and keep going after the
//!    first solution until a second one turns up or the whole space is refuted.
//! 6. **Schedule** (`schedule`): root propagation, a short symmetric pre-search, then after
//!    [`LEARN_AFTER_NODES`] search nodes (or half a second of counted work, if sooner) the
//!    learning search (`crate::sat`: a CDCL SAT solver
//!    on an order encoding of every line's block starts, seeded with the cells the root's propagation
//!    and probing fixed) takes turns with the depth-first search, in slices of counted work
//!    (cells read by line solves, unit propagations), not of time, so that turns do not
//!    depend on the machine. The learning search is the faster at refuting (proving
//!    `unique`) and on most hard open puzzles, the depth-first search on some open ones.
//!    (Only the short symmetric pre-search also has a time cap besides its node budget, so
//!    on a much slower machine it may stop sooner.)
//!
//! **Goal.** An author who gives the picture the clues came from (`goal`) has it recorded as
//! the first solution and tried first by every branch, so the search only looks for a
//! second picture. This decides puzzles whose first solution the search cannot find in time
//! from the clues alone.
//!
//! Every deduction is sound, so a grid that line logic alone completes is the unique
//! solution. Every picture is checked against all clues before it is returned.

mod color;
mod probe;
mod propagate;
mod schedule;
mod search;
mod solutions;
mod symmetry;

pub use crate::puzzle::Puzzle;
pub use crate::sat::{Explain, Phases};
pub use schedule::LEARN_AFTER_NODES;

use crate::InputError;
use crate::palette::{ClueItem, PaletteColor};
use propagate::Stop;
use puzzles_common::Deadline;
use schedule::Engine;
use serde::{Deserialize, Serialize};
use std::time::Instant;

/// Timeout when the input names none: generous, but a pipeline never hangs.
pub const DEFAULT_TIMEOUT_MS: u64 = puzzles_common::limits::DEFAULT_TIMEOUT_MS;

/// `solve` input: the clues (`[]` or `[0]` for an empty line) and an optional time limit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SolveInput {
    /// Row clues, top row first: counts, `[]` or `[0]` for an empty line. In a colour
    /// puzzle a count is black and `{"count": 3, "color": "red"}` a block of a colour of
    /// `palette`.
    pub rows: Vec<Vec<ClueItem>>,
    /// Column clues, left column first.
    pub cols: Vec<Vec<ClueItem>>,
    /// The colours of a colour puzzle, each `{"name": "red", "char": "r", "rgb":
    /// "#e02020"}` (`rgb` optional): blocks of different colours may touch, blocks of one
    /// colour keep a background cell between them. Pictures use each colour's `char` and
    /// `.` for the background; plain counts are `black` (`#` unless the palette gives it
    /// another `char`). Without it the puzzle is black and white.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub palette: Option<Vec<PaletteColor>>,
    /// Time limit in milliseconds (default 60000; `null` for no limit). When it runs out
    /// the verdict says `"status": "timeout"`.
    #[serde(
        default,
        deserialize_with = "puzzles_common::limits::timeout_ms",
        skip_serializing_if = "Option::is_none"
    )]
    pub timeout_ms: Option<u64>,
    /// The picture the clues were drawn from, if the author has it (rows top first, `#`
    /// filled, `.` empty, or each colour's `char`, as `solve` and `clues` write pictures). It must satisfy every
    /// clue. The search tries its cells first, so it is the first solution found, and the
    /// rest of the search only asks whether any other picture fits: the question an
    /// author validating a puzzle has. A puzzle whose search from the clues alone runs out
    /// of time can be decided this way (`survey-faase`: `multiple`, about a second).
    /// The verdict is the same with or without it; only the time differs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goal: Option<Vec<String>>,
}

/// How many solutions the puzzle has, as far as the solver got.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum SolveStatus {
    /// Exactly one solution (`solution` holds it).
    Unique,
    /// At least two (`solutions` holds two different ones).
    Multiple,
    /// No picture satisfies all clues.
    None,
    /// The time limit ran out first (`solutions` holds any solution found before).
    Timeout,
}

/// What the solver did, for authors who want to know how hard the puzzle is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct SolveStats {
    /// Line logic alone (each row and column on its own, repeatedly) decided the puzzle:
    /// no probing and no guessing needed. This is what "solvable without guessing" means to
    /// most players.
    pub line_logic: bool,
    /// Line logic plus probing decided it without any branching.
    pub no_search: bool,
    /// Search nodes visited (1 = only the root).
    pub nodes: u64,
    /// Deepest branching level reached (0 = no branching).
    pub max_depth: u32,
    /// Cells tried by probing.
    pub probes: u64,
    /// Line solver calls.
    pub line_solves: u64,
    /// Conflicts analysed by the learning search (each one learned a clause); 0 when the
    /// depth-first search decided the puzzle within its node budget.
    pub conflicts: u64,
    /// Wall-clock time of the solve in milliseconds.
    pub elapsed_ms: u64,
}

/// `solve` verdict. Pictures are one string per row, top first, `#` filled and `.` empty
/// (in a colour puzzle, each colour's `char`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct SolveVerdict {
    /// `unique`, `multiple`, `none`, or `timeout` when the limit ran out first.
    pub status: SolveStatus,
    /// The solution when `status` is `unique`, otherwise null.
    pub solution: Option<Vec<String>>,
    /// The solutions found: two different ones for `multiple` (the proof), the one for
    /// `unique`, none for `none`, and whatever was found before a `timeout`.
    pub solutions: Vec<Vec<String>>,
    /// How the solver got there (effort and time).
    pub stats: SolveStats,
}

/// Solves a puzzle given as JSON input: see the module documentation for the method.
pub fn solve(input: SolveInput) -> Result<SolveVerdict, InputError> {
    let start = Instant::now();
    let puzzle = Puzzle::from_input(&input.rows, &input.cols, input.palette.as_deref())?;
    let goal = match &input.goal {
        Some(rows) => Some(puzzle.goal_picture(rows)?),
        None => None,
    };
    let deadline =
        Deadline::starting_at(start, Some(input.timeout_ms.unwrap_or(DEFAULT_TIMEOUT_MS)));
    Ok(solve_puzzle(&puzzle, goal.as_deref(), deadline, start))
}

/// How [`solve_puzzle_with`] searches. The verdict never depends on it (only the time, and
/// which two pictures prove `multiple`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SolveOptions {
    /// After this many depth-first search nodes (or half a second of the depth-first
    /// search's estimated work, whichever comes first), the search switches to the learning
    /// search (clause learning on a SAT encoding of the lines, seeded with every cell the
    /// propagation and probing at the root fixed): `Some(0)` uses it right after the root
    /// propagation, `None` never (the depth-first search alone).
    pub learn_after_nodes: Option<u64>,
    /// After the switch, the depth-first search resumes between slices of the learning
    /// search, both recording every picture they meet (default). `false` leaves the rest to
    /// the learning search alone (for tests and measurements).
    pub alternate: bool,
    /// Seed of the learning search's random decisions. The verdict never depends on it,
    /// but the learning search's time does, by 2-7x on the hard puzzles (Sierp #12548: 12,781
    /// to 90,888 conflicts over 11 seeds), so a change to it is measured over several
    /// seeds, never one.
    pub learn_seed: u32,
    /// Line logic as a propagator inside the learning search, explaining the cells it
    /// fixes as [`Explain`] says (`None`, the default: the clause encoding alone). It cut
    /// Sierp's (#12548) conflicts by 1.6-3x but tripled Gettys' (#22336) CPU and decided
    /// neither Faase nor Meow in 60 s (figures in the `sat::line_theory` module doc), so
    /// it is off unless asked for.
    pub line_propagator: Option<Explain>,
    /// The value the learning search tries first for each variable ([`Phases`]). The
    /// default, [`Phases::CluesAlways`], always tries the clues' likelier value: with it
    /// Faase and Meow are decided in 1-5 s of CPU over four seeds, where batsat's own
    /// phases time out at 60 s; Gettys (#22336) and Sierp (#12548) take up to 1.4x and
    /// 3.9x longer (`nonogram_solve FILE 3600000 default SEED`, seeds 91648253 and 1-3).
    pub phases: Phases,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            learn_after_nodes: Some(LEARN_AFTER_NODES),
            alternate: true,
            learn_seed: crate::sat::DEFAULT_SEED,
            line_propagator: None,
            phases: Phases::CluesAlways,
        }
    }
}

/// Solves a checked puzzle; `deadline` `None` means no limit. `goal`, a picture that
/// satisfies the clues (values as [`Puzzle::goal_picture`] gives them: 0 the background,
/// else the colour), only orders the search; one that does not (wrong size, or a clue
/// broken) is ignored.
pub fn solve_puzzle(
    puzzle: &Puzzle,
    goal: Option<&[u8]>,
    deadline: Deadline,
    start: Instant,
) -> SolveVerdict {
    solve_puzzle_with(puzzle, goal, deadline, start, SolveOptions::default())
}

/// [`solve_puzzle`] with explicit [`SolveOptions`]. A colour puzzle is solved by the colour
/// engine (propagation, probing at the root, the learning search), which reads the
/// options' `learn_after_nodes` (`Some(0)`: no probing; `None`: no learning search) and
/// `learn_seed`.
pub fn solve_puzzle_with(
    puzzle: &Puzzle,
    goal: Option<&[u8]>,
    deadline: Deadline,
    start: Instant,
    options: SolveOptions,
) -> SolveVerdict {
    let goal = goal.filter(|g| puzzle.check_values(g));
    if puzzle.is_color() {
        let mut engine = color::ColorEngine::new(puzzle, goal, deadline, &options);
        let outcome = engine.run();
        let effort = engine.effort();
        let found = engine.into_solutions();
        // Every picture was checked when recorded; check again here, where it is returned,
        // so that no code path can hand out a wrong picture.
        let checked = found.iter().filter(|s| puzzle.check_values(s));
        let solutions: Vec<Vec<String>> = checked.map(|s| puzzle.values_text(s)).collect();
        return verdict(outcome, effort, found.len(), solutions, start);
    }
    let goal: Option<Vec<bool>> = goal.map(|g| g.iter().map(|&v| v != 0).collect());
    let mut engine = Engine::new(
        puzzle,
        goal.as_deref(),
        deadline,
        options.learn_after_nodes,
        options.alternate,
        crate::sat::LearnSettings {
            seed: options.learn_seed,
            explain: options.line_propagator,
            phases: options.phases,
        },
    );
    let outcome = engine.run();
    let effort = engine.effort();
    let found = engine.into_solutions();
    let checked = found.iter().filter(|s| puzzle.check_picture(s));
    let solutions: Vec<Vec<String>> = checked.map(|s| puzzle.picture_text(s)).collect();
    verdict(outcome, effort, found.len(), solutions, start)
}

/// The verdict of a solve that ended with `outcome` after recording `found` pictures, of
/// which `solutions` are those that check against every clue, as text.
fn verdict(
    outcome: Result<(), Stop>,
    effort: schedule::Effort,
    found: usize,
    solutions: Vec<Vec<String>>,
    start: Instant,
) -> SolveVerdict {
    assert_eq!(
        solutions.len(),
        found,
        "solver produced a picture that breaks a clue"
    );
    let status = match outcome {
        Err(Stop::Timeout | Stop::Budget) => SolveStatus::Timeout,
        Err(Stop::Enough) => SolveStatus::Multiple,
        // A contradiction escaping `run` means the root itself is refuted.
        Err(Stop::Contradiction) | Ok(()) => match found {
            0 => SolveStatus::None,
            1 => SolveStatus::Unique,
            _ => SolveStatus::Multiple,
        },
    };
    let solution = match status {
        SolveStatus::Unique => solutions.first().cloned(),
        _ => None,
    };
    let stats = SolveStats {
        line_logic: effort.decided_by_lines,
        no_search: effort.max_depth == 0 && !effort.learned && status != SolveStatus::Timeout,
        nodes: effort.nodes,
        max_depth: effort.max_depth,
        probes: effort.probes,
        line_solves: effort.line_solves,
        conflicts: effort.conflicts,
        elapsed_ms: u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX),
    };
    SolveVerdict {
        status,
        solution,
        solutions,
        stats,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::test_support::{brute_force_count, clues_of_picture};

    fn input(rows: Vec<Vec<u32>>, cols: Vec<Vec<u32>>) -> SolveInput {
        SolveInput {
            rows: crate::palette::plain_lists(&rows),
            cols: crate::palette::plain_lists(&cols),
            palette: None,
            timeout_ms: None,
            goal: None,
        }
    }

    #[test]
    fn unique_small_puzzle() {
        // A plus sign: unique.
        let v = solve(input(
            vec![vec![1], vec![3], vec![1]],
            vec![vec![1], vec![3], vec![1]],
        ))
        .unwrap();
        assert_eq!(v.status, SolveStatus::Unique);
        assert_eq!(v.solution.unwrap(), vec![".#.", "###", ".#."]);
        assert!(v.stats.line_logic);
    }

    #[test]
    fn multiple_gives_two_different_valid_pictures() {
        // The diagonal 2x2: two solutions.
        let v = solve(input(vec![vec![1], vec![1]], vec![vec![1], vec![1]])).unwrap();
        assert_eq!(v.status, SolveStatus::Multiple);
        assert_eq!(v.solution, None);
        assert_eq!(v.solutions.len(), 2);
        assert_ne!(v.solutions[0], v.solutions[1]);
        let mut got = v.solutions.clone();
        got.sort();
        assert_eq!(got, vec![vec!["#.", ".#"], vec![".#", "#."]]);
    }

    #[test]
    fn none_when_well_formed_but_unsolvable() {
        // Totals match (2 = 2) but no picture fits.
        let v = solve(input(vec![vec![2], vec![]], vec![vec![], vec![2]])).unwrap();
        assert_eq!(v.status, SolveStatus::None);
        assert!(v.solutions.is_empty());
        // Needs search to refute: row clues [1],[1],[1] cols [1,1],[],[1]... checked vs brute force below.
    }

    #[test]
    fn bad_input_is_an_input_error() {
        let e = solve(input(vec![vec![2]], vec![vec![1], vec![]])).unwrap_err();
        assert_eq!(e.path, "");
        assert!(e.message.contains("row clues fill 2"), "{e}");
        let e = solve(input(vec![vec![3]], vec![vec![1], vec![1]])).unwrap_err();
        assert_eq!(e.path, "/rows/0");
        let e = solve(input(vec![vec![1]], vec![vec![1, 0]])).unwrap_err();
        assert_eq!(e.path, "/cols/0");
        let e = solve(input(vec![], vec![vec![]])).unwrap_err();
        assert_eq!(e.path, "/rows");
        let e = solve(input(vec![vec![]; 1001], vec![vec![]])).unwrap_err();
        assert_eq!(e.path, "/rows");
    }

    #[test]
    fn zero_timeout_reports_timeout_on_a_puzzle_needing_work() {
        // 8x8 with every line [1]: 8! solutions; propagation alone already needs > 64
        // line solves, so a zero timeout stops it.
        let v = solve(SolveInput {
            timeout_ms: Some(0),
            ..input(vec![vec![1]; 8], vec![vec![1]; 8])
        })
        .unwrap();
        assert_eq!(v.status, SolveStatus::Timeout);
        assert_eq!(v.solution, None);
    }

    /// The symmetric pre-search settles a symmetric puzzle whose symmetric pictures are
    /// two or more, and leaves puzzles with one symmetric picture to the full search.
    #[test]
    fn symmetric_clues_keep_their_verdicts() {
        // 4x4 permutation-matrix clues: symmetric under every map of the square, with two
        // symmetric pictures (the two diagonals) among 24.
        let v = solve(input(vec![vec![1]; 4], vec![vec![1]; 4])).unwrap();
        assert_eq!(v.status, SolveStatus::Multiple);
        assert_ne!(v.solutions[0], v.solutions[1]);
        // A plus sign in a 5x5 grid with empty borders: one (symmetric) picture.
        let v = solve(input(
            vec![vec![], vec![1], vec![3], vec![1], vec![]],
            vec![vec![], vec![1], vec![3], vec![1], vec![]],
        ))
        .unwrap();
        assert_eq!(v.status, SolveStatus::Unique);
        // Pictures with one symmetric solution and asymmetric others are settled by the
        // full search: the exhaustive 3x3 and sampled 4x4 brute-force test covers them.
    }

    #[test]
    fn permutation_puzzle_is_multiple() {
        let v = solve(input(vec![vec![1]; 8], vec![vec![1]; 8])).unwrap();
        assert_eq!(v.status, SolveStatus::Multiple);
        assert_ne!(v.solutions[0], v.solutions[1]);
    }

    /// Every picture of every 3x3 grid (512), and every 4x4 grid sampled: the solver's
    /// verdict agrees with brute-force counting of the puzzle the picture's clues make.
    #[test]
    fn agrees_with_brute_force_on_all_3x3_and_sampled_4x4() {
        let mut seen = std::collections::HashSet::new();
        let cases: Vec<(usize, usize, u32)> = (0u32..512)
            .map(|b| (3, 3, b))
            .chain((0u32..65536).step_by(97).map(|b| (4, 4, b)))
            .chain((0u32..(1 << 15)).step_by(331).map(|b| (3, 5, b)))
            .collect();
        for (h, w, bits) in cases {
            let pic: Vec<bool> = (0..h * w).map(|i| bits >> i & 1 == 1).collect();
            let (rows, cols) = clues_of_picture(&pic, h, w);
            if !seen.insert((rows.clone(), cols.clone())) {
                continue;
            }
            let p = Puzzle::new(&rows, &cols).unwrap();
            let count = brute_force_count(&p);
            let v = solve(input(rows.clone(), cols.clone())).unwrap();
            let want = if count == 1 {
                SolveStatus::Unique
            } else {
                SolveStatus::Multiple
            };
            assert_eq!(v.status, want, "{rows:?} {cols:?} has {count} solutions");
            for s in &v.solutions {
                let flat: Vec<bool> = s.iter().flat_map(|r| r.chars().map(|c| c == '#')).collect();
                assert!(p.check_picture(&flat));
            }
            if count == 1 {
                assert_eq!(v.solution.as_ref(), Some(&p.picture_text(&pic)));
            }
        }
    }

    /// Clue sets that no picture has (random clues with equal totals) are `none` exactly
    /// when brute force finds no picture.
    /// Every picture of these sizes, given as the goal of its own clues: same verdict as
    /// brute force, and the goal is the first solution reported.
    #[test]
    fn goal_keeps_the_verdict_and_comes_first() {
        let cases = (0u32..512)
            .map(|b| (3, 3, b))
            .chain((0u32..65536).step_by(89).map(|b| (4, 4, b)));
        for (h, w, bits) in cases {
            let pic: Vec<bool> = (0..h * w).map(|i| bits >> i & 1 == 1).collect();
            let (rows, cols) = clues_of_picture(&pic, h, w);
            let p = Puzzle::new(&rows, &cols).unwrap();
            let count = brute_force_count(&p);
            let mut with_goal = input(rows.clone(), cols.clone());
            with_goal.goal = Some(p.picture_text(&pic));
            let v = solve(with_goal).unwrap();
            let want = if count == 1 {
                SolveStatus::Unique
            } else {
                SolveStatus::Multiple
            };
            assert_eq!(v.status, want, "{rows:?} {cols:?} has {count} solutions");
            assert_eq!(v.solutions[0], p.picture_text(&pic), "goal first");
            if count > 1 {
                assert_ne!(v.solutions[0], v.solutions[1]);
                let flat: Vec<bool> = v.solutions[1]
                    .iter()
                    .flat_map(|r| r.chars().map(|c| c == '#'))
                    .collect();
                assert!(p.check_picture(&flat));
            }
        }
    }

    #[test]
    fn solve_puzzle_ignores_a_goal_that_is_not_a_solution() {
        let p = Puzzle::new(&[vec![1], vec![1]], &[vec![1], vec![1]]).unwrap();
        let start = Instant::now();
        for goal in [&[1, 1, 0, 0][..], &[1][..]] {
            let v = solve_puzzle(&p, Some(goal), Deadline::NEVER, start);
            assert_eq!(v.status, SolveStatus::Multiple, "{goal:?}");
            assert_eq!(v.solutions.len(), 2);
        }
    }

    #[test]
    fn goal_that_breaks_the_clues_is_an_input_error() {
        // Clues of the picture `#.` / `.#`.
        let rows = vec![vec![1], vec![1]];
        let cols = vec![vec![1], vec![1]];
        let with = |goal: &[&str]| {
            let mut i = input(rows.clone(), cols.clone());
            i.goal = Some(goal.iter().map(|s| s.to_string()).collect());
            solve(i)
        };
        assert_eq!(with(&["#.", ".#"]).unwrap().status, SolveStatus::Multiple);
        let cases: [(&[&str], &str, &str); 5] = [
            (&["#."], "/goal", "the goal has 1 row; the puzzle has 2"),
            (
                &["#.", ".#."],
                "/goal/1",
                "goal row 1 has 3 cells; the puzzle is 2 wide",
            ),
            (&["#.", ".x"], "/goal/1", "goal row 1: "),
            (
                &["##", ".."],
                "/goal/0",
                "goal row 0 has runs [2] but its clue is [1]",
            ),
            (
                &["#.", "#."],
                "/goal",
                "goal column 0 has runs [2] but its clue is [1]",
            ),
        ];
        for (goal, path, start) in cases {
            let e = with(goal).unwrap_err();
            assert_eq!(e.path, path, "{goal:?}");
            assert!(e.message.starts_with(start), "{goal:?}: {}", e.message);
        }
    }

    /// A seeded xorshift64 generator.
    fn xorshift(mut rng: u64) -> impl FnMut() -> u64 {
        move || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        }
    }

    /// The learning search alone, right after the root propagation.
    fn learning_only() -> SolveOptions {
        SolveOptions {
            learn_after_nodes: Some(0),
            alternate: false,
            ..SolveOptions::default()
        }
    }

    fn solve_with(p: &Puzzle, options: SolveOptions) -> SolveVerdict {
        solve_puzzle_with(p, None, Deadline::NEVER, Instant::now(), options)
    }

    fn flat(picture: &[String]) -> Vec<bool> {
        picture
            .iter()
            .flat_map(|r| r.chars().map(|c| c == '#'))
            .collect()
    }

    /// Statuses and pictures of small puzzles with known answers, through the learning
    /// search alone: unique (with the picture), multiple (two different valid pictures),
    /// none.
    #[test]
    fn learning_search_small_known_answers() {
        let plus = Puzzle::new(&[vec![1], vec![3], vec![1]], &[vec![1], vec![3], vec![1]]).unwrap();
        let v = solve_with(&plus, learning_only());
        assert_eq!(v.status, SolveStatus::Unique);
        assert_eq!(v.solution.unwrap(), vec![".#.", "###", ".#."]);
        for n in [2, 5, 8] {
            let perm = Puzzle::new(&vec![vec![1]; n], &vec![vec![1]; n]).unwrap();
            let v = solve_with(&perm, learning_only());
            assert_eq!(v.status, SolveStatus::Multiple, "{n}");
            assert_eq!(v.solutions.len(), 2);
            assert_ne!(v.solutions[0], v.solutions[1]);
            for s in &v.solutions {
                assert!(perm.check_picture(&flat(s)));
            }
            assert!(!v.stats.no_search);
        }
        let none = Puzzle::new(&[vec![2], vec![]], &[vec![], vec![2]]).unwrap();
        let v = solve_with(&none, learning_only());
        assert_eq!(v.status, SolveStatus::None);
        assert!(v.solutions.is_empty());
    }

    /// The learning search alone, and the default (both searches taking turns from the
    /// first node), agree with brute-force counting on every 3x3 picture's clues, sampled
    /// 4x4 ones, and random clue sets (many with no picture at all).
    #[test]
    fn learning_search_agrees_with_brute_force() {
        let mut next = xorshift(0x2545_f491_4f6c_dd1du64);
        type Clues = Vec<Vec<u32>>;
        let mut cases: Vec<(Clues, Clues)> = Vec::new();
        for (h, w, bits) in (0u32..512)
            .map(|b| (3, 3, b))
            .chain((0u32..65536).step_by(193).map(|b| (4, 4, b)))
        {
            let pic: Vec<bool> = (0..h * w).map(|i| bits >> i & 1 == 1).collect();
            cases.push(clues_of_picture(&pic, h, w));
        }
        for _ in 0..300 {
            let a: Vec<bool> = (0..16).map(|_| next() & 1 == 1).collect();
            let b: Vec<bool> = (0..16).map(|_| next() & 1 == 1).collect();
            cases.push((clues_of_picture(&a, 4, 4).0, clues_of_picture(&b, 4, 4).1));
        }
        let mut nones = 0;
        let both = SolveOptions {
            learn_after_nodes: Some(0),
            alternate: true,
            ..SolveOptions::default()
        };
        for (rows, cols) in cases {
            let Ok(p) = Puzzle::new(&rows, &cols) else {
                continue;
            };
            let want = match brute_force_count(&p) {
                0 => SolveStatus::None,
                1 => SolveStatus::Unique,
                _ => SolveStatus::Multiple,
            };
            nones += usize::from(want == SolveStatus::None);
            for options in [learning_only(), both] {
                let v = solve_with(&p, options);
                assert_eq!(v.status, want, "{rows:?} {cols:?} {options:?}");
                let pics: Vec<Vec<bool>> = v.solutions.iter().map(|s| flat(s)).collect();
                assert!(pics.iter().all(|s| p.check_picture(s)));
                match want {
                    SolveStatus::None => assert!(pics.is_empty()),
                    SolveStatus::Unique => assert_eq!(pics.len(), 1),
                    _ => {
                        assert_eq!(pics.len(), 2);
                        assert_ne!(pics[0], pics[1]);
                    }
                }
            }
        }
        assert!(
            nones > 10,
            "the sample should hold unsolvable puzzles ({nones})"
        );
    }

    /// Same input, same verdict and pictures: the learning search has no randomness.
    #[test]
    fn learning_search_is_deterministic() {
        let p = Puzzle::new(&vec![vec![1, 1]; 6], &vec![vec![1, 1]; 6]).unwrap();
        let a = solve_with(&p, learning_only());
        let b = solve_with(&p, learning_only());
        assert_eq!(a.status, SolveStatus::Multiple);
        assert_eq!((a.status, &a.solutions), (b.status, &b.solutions));
    }

    /// A goal is recorded first and blocked in the learning search, which then only looks
    /// for a second picture.
    #[test]
    fn learning_search_keeps_the_goal_first() {
        let p = Puzzle::new(&vec![vec![1]; 5], &vec![vec![1]; 5]).unwrap();
        let goal: Vec<bool> = (0..25).map(|i| i % 6 == 0).collect();
        let values: Vec<u8> = goal.iter().map(|&f| u8::from(f)).collect();
        let v = solve_puzzle_with(
            &p,
            Some(&values),
            Deadline::NEVER,
            Instant::now(),
            learning_only(),
        );
        assert_eq!(v.status, SolveStatus::Multiple);
        assert_eq!(flat(&v.solutions[0]), goal);
        assert_ne!(v.solutions[0], v.solutions[1]);
    }

    #[test]
    fn none_agrees_with_brute_force() {
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15u64);
        let mut nones = 0;
        for _ in 0..400 {
            let (h, w) = (4, 4);
            // Take the rows of one random picture and the columns of another.
            let a: Vec<bool> = (0..h * w).map(|_| next() & 1 == 1).collect();
            let b: Vec<bool> = (0..h * w).map(|_| next() & 1 == 1).collect();
            let (rows, _) = clues_of_picture(&a, h, w);
            let (_, cols) = clues_of_picture(&b, h, w);
            let Ok(p) = Puzzle::new(&rows, &cols) else {
                continue;
            };
            let count = brute_force_count(&p);
            let v = solve(input(rows, cols)).unwrap();
            let want = match count {
                0 => SolveStatus::None,
                1 => SolveStatus::Unique,
                _ => SolveStatus::Multiple,
            };
            nones += usize::from(count == 0);
            assert_eq!(v.status, want);
        }
        assert!(
            nones > 10,
            "the sample should hold unsolvable puzzles ({nones})"
        );
    }
}
