//! The full nonogram solver behind `puzzles nonogram solve`: is there no solution, exactly one,
//! or more than one, with the pictures as proof.
//!
//! Method (the one the strongest published solvers share: Naughty, pbnsolve, the TAAI
//! tournament solvers, nonogrid):
//! 1. **Propagation.** Every row and column is a line; the exact line solver
//!    ([`crate::linesolver::LineSolver`]) finds the cells all arrangements of a line agree on.
//!    A queue holds the lines whose cells changed since they were last solved, until it is
//!    empty (a fixpoint) or a line has no arrangement (a contradiction).
//! 2. **Probing.** At a fixpoint, each unknown cell is tried filled and empty, each followed by
//!    propagation. A value that leads to a contradiction is impossible, so the cell takes the
//!    other one; cells both tries agree on are forced too. Probes whose assignment an earlier
//!    successful probe of the same pass already implied are skipped: their consequences are a
//!    subset of that probe's, so they cannot contradict. Passes repeat until nothing changes.
//! 3. **Search.** If cells are still unknown, branch on the cell whose two probes fixed the most
//!    cells, depth-first, probing at every node, and keep going after the first solution until a
//!    second one turns up or the whole space is refuted. Everything is undone through a trail of
//!    assigned cells, so no grid is ever copied.
//!
//! 4. **Goal.** An author who gives the picture the clues came from (`goal`) has it recorded
//!    as the first solution and tried first by every branch, so the search only looks for a
//!    second picture. This decides puzzles whose first solution the search cannot find in
//!    time from the clues alone (`survey-faase`).
//! 5. **Learning.** After [`LEARN_AFTER_NODES`] search nodes, the learning search
//!    (`crate::sat`: a CDCL SAT solver on an automaton encoding of every line, seeded with
//!    the cells the root's propagation and probing fixed) takes turns with the depth-first
//!    search, in slices that double up to a bound, the learning search's four times the
//!    estimated work of the depth-first search's at first (`LEARN_SHARE`) and up to 64
//!    times later (`DFS_SLICE_GROWTH`). Both record every
//!    picture they meet (the learning search blocks each recorded picture with a clause and
//!    looks for another); two pictures, or either search exhausting its space, decide. The
//!    learning search is the faster at refuting (proving `unique`) and on most hard open
//!    puzzles, the depth-first search on some open ones. Turns are decided by counted work
//!    (cells read by line solves, unit propagations), not by the clock, so they do not
//!    depend on the machine. (Only the short symmetric pre-search also has a time cap
//!    besides its node budget, so on a much slower machine it may stop sooner.)
//!
//! Every deduction is sound, so a grid that line logic alone completes is the unique
//! solution. Every picture is checked against all clues before it is returned.

use crate::InputError;
use crate::line::{
    Cell, MAX_LINE_LEN, clues_of, parse_picture_line, runs_equal_clues, validate_clues,
};
use crate::linesolver::LineSolver;
use crate::sat::{Built, Learner, Next};
use puzzles_common::{Deadline, Poll};
use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::time::{Duration, Instant};

/// Timeout when the input names none: generous, but a pipeline never hangs.
pub const DEFAULT_TIMEOUT_MS: u64 = puzzles_common::limits::DEFAULT_TIMEOUT_MS;

/// `solve` input: the clues (`[]` or `[0]` for an empty line) and an optional time limit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SolveInput {
    /// Row clues, top row first.
    pub rows: Vec<Vec<u32>>,
    /// Column clues, left column first.
    pub cols: Vec<Vec<u32>>,
    /// Time limit in milliseconds (default 60000; `null` for no limit). When it runs out
    /// the verdict says `"status": "timeout"`.
    #[serde(
        default,
        deserialize_with = "puzzles_common::limits::timeout_ms",
        skip_serializing_if = "Option::is_none"
    )]
    pub timeout_ms: Option<u64>,
    /// The picture the clues were drawn from, if the author has it (rows top first, `#`
    /// filled, `.` empty, as `solve` and `clues` write pictures). It must satisfy every
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

/// `solve` verdict. Pictures are one string per row, top first, `#` filled and `.` empty.
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

/// A checked puzzle: clues normalised (`[0]` -> `[]`), sizes within limits, totals equal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    pub rows: Vec<Vec<u32>>,
    pub cols: Vec<Vec<u32>>,
}

impl Puzzle {
    pub fn height(&self) -> usize {
        self.rows.len()
    }
    pub fn width(&self) -> usize {
        self.cols.len()
    }

    /// Checks clue lists as the user gave them. Errors carry a JSON pointer into the input
    /// (`/rows/3`, `/cols`, `""`).
    pub fn new(rows: &[Vec<u32>], cols: &[Vec<u32>]) -> Result<Puzzle, InputError> {
        for (name, lines) in [("rows", rows), ("cols", cols)] {
            if lines.is_empty() {
                return Err(InputError::new(
                    format!("/{name}"),
                    format!("a puzzle needs at least one clue list in `{name}`"),
                ));
            }
            if lines.len() > MAX_LINE_LEN {
                return Err(InputError::new(
                    format!("/{name}"),
                    format!(
                        "{} clue lists in `{name}`, more than the limit of {MAX_LINE_LEN}",
                        lines.len()
                    ),
                ));
            }
        }
        let check = |name: &str, lines: &[Vec<u32>], len: usize| {
            let mut out = Vec::with_capacity(lines.len());
            let mut total: u64 = 0;
            for (i, clues) in lines.iter().enumerate() {
                let norm = validate_clues(clues, len)
                    .map_err(|e| InputError::new(format!("/{name}/{i}"), e.to_string()))?;
                // Fits in the line, so the sum is at most MAX_LINE_LEN: no overflow.
                total += norm.iter().map(|&c| u64::from(c)).sum::<u64>();
                out.push(norm.to_vec());
            }
            Ok::<_, InputError>((out, total))
        };
        let (rows_n, row_total) = check("rows", rows, cols.len())?;
        let (cols_n, col_total) = check("cols", cols, rows.len())?;
        if row_total != col_total {
            return Err(InputError::new(
                "",
                format!(
                    "the row clues fill {row_total} cells but the column clues fill {col_total}; they must be equal"
                ),
            ));
        }
        Ok(Puzzle {
            rows: rows_n,
            cols: cols_n,
        })
    }

    /// Whether a full picture (row-major, `true` = filled) satisfies every clue.
    pub fn check_picture(&self, filled: &[bool]) -> bool {
        filled.len() == self.height() * self.width() && self.first_broken_line(filled).is_none()
    }

    /// The first row (then column) of a full picture whose runs differ from its clue, with
    /// those runs: `(true, r, runs)` for row `r`, `(false, c, runs)` for column `c`.
    fn first_broken_line(&self, filled: &[bool]) -> Option<(bool, usize, Vec<u32>)> {
        let (h, w) = (self.height(), self.width());
        let rows = (0..h).map(|r| (true, r, clues_of(&filled[r * w..(r + 1) * w])));
        let cols = (0..w).map(|c| {
            let col: Vec<bool> = (0..h).map(|r| filled[r * w + c]).collect();
            (false, c, clues_of(&col))
        });
        rows.chain(cols).find(|(is_row, i, runs)| {
            let clue = if *is_row {
                &self.rows[*i]
            } else {
                &self.cols[*i]
            };
            runs != clue
        })
    }

    /// Reads a `goal` picture (JSON pointer `/goal`) and checks it against every clue;
    /// the error names the first row or column whose runs differ from its clue.
    pub fn goal_picture(&self, rows: &[String]) -> Result<Vec<bool>, InputError> {
        let (h, w) = (self.height(), self.width());
        if rows.len() != h {
            return Err(InputError::new(
                "/goal",
                format!(
                    "the goal has {}; the puzzle has {h}",
                    puzzles_common::count(rows.len(), "row")
                ),
            ));
        }
        let mut filled = Vec::with_capacity(h * w);
        for (r, text) in rows.iter().enumerate() {
            let line = parse_picture_line(text)
                .map_err(|e| InputError::new(format!("/goal/{r}"), format!("goal row {r}: {e}")))?;
            if line.len() != w {
                return Err(InputError::new(
                    format!("/goal/{r}"),
                    format!(
                        "goal row {r} has {}; the puzzle is {w} wide",
                        puzzles_common::count(line.len(), "cell")
                    ),
                ));
            }
            filled.extend(line);
        }
        match self.first_broken_line(&filled) {
            None => Ok(filled),
            Some((true, r, runs)) => Err(InputError::new(
                format!("/goal/{r}"),
                format!(
                    "goal row {r} has runs {runs:?} but its clue is {:?}",
                    self.rows[r]
                ),
            )),
            Some((false, c, runs)) => Err(InputError::new(
                "/goal",
                format!(
                    "goal column {c} has runs {runs:?} but its clue is {:?}",
                    self.cols[c]
                ),
            )),
        }
    }

    /// Text rows of a picture.
    pub fn picture_text(&self, filled: &[bool]) -> Vec<String> {
        filled
            .chunks(self.width())
            .map(|row| row.iter().map(|&f| if f { '#' } else { '.' }).collect())
            .collect()
    }
}

/// Solves a puzzle given as JSON input: see the module documentation for the method.
pub fn solve(input: SolveInput) -> Result<SolveVerdict, InputError> {
    let start = Instant::now();
    let puzzle = Puzzle::new(&input.rows, &input.cols)?;
    let goal = match &input.goal {
        Some(rows) => Some(puzzle.goal_picture(rows)?),
        None => None,
    };
    let deadline =
        Deadline::starting_at(start, Some(input.timeout_ms.unwrap_or(DEFAULT_TIMEOUT_MS)));
    Ok(solve_puzzle(&puzzle, goal.as_deref(), deadline, start))
}

/// Search nodes the depth-first search may visit before the learning search joins in
/// (see [`SolveOptions::learn_after_nodes`]). On the benchmark set every puzzle that needs
/// more nodes (the 15x15 to 19x19 n-Dom, #6574 Forever) is decided faster once the learning
/// search joins; every other puzzle needs at most 122 nodes and never meets it.
pub const LEARN_AFTER_NODES: u64 = 500;
/// After the first switch, the two searches take turns in slices of estimated work,
/// [`SLICE_MS`] milliseconds of it at first (times [`LEARN_SHARE`] for the learning
/// search), the learning search's doubling [`LEARN_SLICE_GROWTH`] times and the depth-first
/// search's [`DFS_SLICE_GROWTH`] times. Work is
/// counted, never timed, so that the verdict does not depend on the machine: the
/// depth-first search's as the cells its line solves read, the learning search's as its
/// unit propagations, both converted at the rates measured on one core of the build
/// machine (about 170 million cells and 9 million propagations a second, steady within
/// 20 % from 19x19 to 75x50 puzzles).
const SLICE_MS: u64 = 50;
const DFS_CELLS_PER_MS: u64 = 170_000;
const SAT_PROPAGATIONS_PER_MS: u64 = 9_000;
const LEARN_SLICE_GROWTH: u32 = 6;
/// The depth-first search's slices stop growing at 200 ms of estimated work, so that the
/// learning search's share grows from four to 64 times as the solve goes on. The
/// depth-first search wins open puzzles early or not at all: on the hard section and 20
/// random 45x45 puzzles no picture came from one of its slices past the third (the
/// learning search's conflicts, and so its pictures, were the same with growth 2, 3 and
/// 6), so its later slices only cost time: random-45x45-s6 13.7 -> 9.9 s, the hard
/// section 25.4 -> 18.6 s CPU.
const DFS_SLICE_GROWTH: u32 = 2;
/// Each slice of the learning search is this many times the estimated work of the
/// depth-first search's slice that follows it. Measured on the hard section as it was then
/// (7 random 45x45 and 50x50 puzzles and Lion, CPU seconds; MiniSat's default options,
/// before [`crate::sat`]'s were tuned and before [`DFS_SLICE_GROWTH`]): shares 1, 2, 3, 4, 5, 6 and 8 put the
/// worst ratio to the better search alone at 6.5, 3.4, 3.2, 2.2, 2.8, 3.0 and 3.3
/// (the learning search is chaotic: single puzzles move by 2x from one share to the next); the
/// puzzles the learning search wins (random-50x50-s4: 11.9 -> 5.2 s, random-45x45-s8: 3.6 ->
/// 0.8 s) gain more than the depth-first search's (random-50x50-s10: 0.9 -> 1.2 s) lose.
const LEARN_SHARE: u64 = 4;

/// How [`solve_puzzle_with`] searches. The verdict never depends on it (only the time, and
/// which two pictures prove `multiple`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SolveOptions {
    /// After this many depth-first search nodes, the search switches to the learning search
    /// (clause learning on a SAT encoding of the lines, seeded with every cell the
    /// propagation and probing at the root fixed): `Some(0)` uses it right after the root
    /// propagation, `None` never (the depth-first search alone).
    pub learn_after_nodes: Option<u64>,
    /// After the switch, the depth-first search resumes between slices of the learning
    /// search, both recording every picture they meet (default). `false` leaves the rest to
    /// the learning search alone (for tests and measurements).
    pub alternate: bool,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            learn_after_nodes: Some(LEARN_AFTER_NODES),
            alternate: true,
        }
    }
}

/// Solves a checked puzzle; `deadline` `None` means no limit. `goal`, a picture that
/// satisfies the clues (see [`Puzzle::goal_picture`]), only orders the search; one that
/// does not (wrong size, or a clue broken) is ignored.
pub fn solve_puzzle(
    puzzle: &Puzzle,
    goal: Option<&[bool]>,
    deadline: Deadline,
    start: Instant,
) -> SolveVerdict {
    solve_puzzle_with(puzzle, goal, deadline, start, SolveOptions::default())
}

/// [`solve_puzzle`] with explicit [`SolveOptions`].
pub fn solve_puzzle_with(
    puzzle: &Puzzle,
    goal: Option<&[bool]>,
    deadline: Deadline,
    start: Instant,
    options: SolveOptions,
) -> SolveVerdict {
    let mut engine = Engine::new(puzzle, deadline);
    engine.goal = goal.filter(|g| puzzle.check_picture(g));
    engine.learn_after = options.learn_after_nodes;
    engine.alternate = options.alternate;
    let outcome = engine.run();
    let status = match outcome {
        Err(Stop::Timeout | Stop::Budget) => SolveStatus::Timeout,
        Err(Stop::Enough) => SolveStatus::Multiple,
        // A contradiction escaping `run` means the root itself is refuted.
        Err(Stop::Contradiction) | Ok(()) => match engine.solutions.len() {
            0 => SolveStatus::None,
            1 => SolveStatus::Unique,
            _ => SolveStatus::Multiple,
        },
    };
    // Every picture was checked when recorded; check again here, where it is returned, so
    // that no code path can hand out a wrong picture.
    let solutions: Vec<Vec<String>> = engine
        .solutions
        .iter()
        .filter(|s| puzzle.check_picture(s))
        .map(|s| puzzle.picture_text(s))
        .collect();
    assert_eq!(
        solutions.len(),
        engine.solutions.len(),
        "solver produced a picture that breaks a clue"
    );
    let solution = match status {
        SolveStatus::Unique => solutions.first().cloned(),
        _ => None,
    };
    let stats = SolveStats {
        line_logic: engine.decided_by_lines,
        no_search: engine.max_depth == 0 && !engine.learned && status != SolveStatus::Timeout,
        nodes: engine.nodes,
        max_depth: engine.max_depth,
        probes: engine.probes,
        line_solves: engine.line_solves,
        conflicts: engine.conflicts,
        elapsed_ms: u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX),
    };
    SolveVerdict {
        status,
        solution,
        solutions,
        stats,
    }
}

/// Lines of these lengths have their results cached (two 64-bit words per mask). Shorter
/// lines go straight to the line solver, whose bit-parallel path for lines up to 62 cells
/// is faster than hashing (measured: 2x on the n-Dom with the cache off for them).
const CACHE_MIN_LEN: usize = 63;
const CACHE_MAX_LEN: usize = 128;
/// The cache is emptied when it reaches this many entries (about 25 MB at most).
const CACHE_MAX_ENTRIES: usize = 1 << 18;

/// The seven non-trivial images of a row-major `h` x `w` picture under the symmetries of
/// the rectangle (mirrors, half turn) and, for a square, of the square (transposes, quarter
/// turns).
fn symmetric_images(pic: &[bool], h: usize, w: usize) -> Vec<Vec<bool>> {
    let map = |f: &dyn Fn(usize, usize) -> (usize, usize), oh: usize, ow: usize| {
        let mut out = vec![false; oh * ow];
        for r in 0..h {
            for c in 0..w {
                let (nr, nc) = f(r, c);
                out[nr * ow + nc] = pic[r * w + c];
            }
        }
        out
    };
    let mut v = vec![
        map(&|r, c| (r, w - 1 - c), h, w),
        map(&|r, c| (h - 1 - r, c), h, w),
        map(&|r, c| (h - 1 - r, w - 1 - c), h, w),
    ];
    if h == w {
        v.push(map(&|r, c| (c, r), w, h));
        v.push(map(&|r, c| (w - 1 - c, h - 1 - r), w, h));
        v.push(map(&|r, c| (c, h - 1 - r), w, h));
        v.push(map(&|r, c| (w - 1 - c, r), w, h));
    }
    v
}

/// Node budget of the symmetric pre-search ([`Engine::symmetric_phase`]).
const SYMMETRIC_NODE_BUDGET: u64 = 256;
/// Time budget of the symmetric pre-search: at most this, and at most a twentieth of the
/// time left (short limits go to the full search).
const SYMMETRIC_TIME_BUDGET: Duration = Duration::from_secs(1);

/// The symmetry orbits of the cells when the clue set is invariant under some symmetry of
/// the picture, as cyclic lists (`next[i]` is the next cell of `i`'s orbit); `None` when no
/// symmetry maps the clues onto themselves.
///
/// The symmetries are those of the bounding box of the non-empty lines (its mirrors, half
/// turn and, when square, transposes and quarter turns): rows and columns outside it are
/// empty in every picture, so a puzzle drawn in a corner of a larger grid keeps its symmetry.
/// A symmetry `g` maps every line onto a line (maybe reversed); when each line's clue
/// equals that of its image (reversed with it), the image of a solution under `g` is a
/// solution too, and the solutions that `g` leaves unchanged are those constant on orbits.
fn symmetry_orbits(p: &Puzzle) -> Option<Vec<u32>> {
    let (h, w) = (p.height(), p.width());
    let r0 = p.rows.iter().position(|c| !c.is_empty())?;
    let r1 = p.rows.iter().rposition(|c| !c.is_empty())?;
    let c0 = p.cols.iter().position(|c| !c.is_empty())?;
    let c1 = p.cols.iter().rposition(|c| !c.is_empty())?;
    let (bh, bw) = (r1 - r0 + 1, c1 - c0 + 1);
    if bh * bw < 2 {
        return None;
    }
    // Box coordinates to box coordinates.
    type Map = fn(usize, usize, usize, usize) -> (usize, usize);
    let mut maps: Vec<Map> = vec![
        |r, c, _, w| (r, w - 1 - c),
        |r, c, h, _| (h - 1 - r, c),
        |r, c, h, w| (h - 1 - r, w - 1 - c),
    ];
    if bh == bw {
        maps.push(|r, c, _, _| (c, r));
        maps.push(|r, c, h, w| (w - 1 - c, h - 1 - r));
        maps.push(|r, c, h, _| (c, h - 1 - r));
        maps.push(|r, c, _, w| (w - 1 - c, r));
    }
    // The clue of the image of a box line, given by the images `a`, `b` of its first and
    // last cells (read in the source line's direction). A one-cell line (`a == b`) maps to
    // a one-cell line of the same kind: the box is not square then.
    let image_clue = |a: (usize, usize), b: (usize, usize), source_is_row: bool| -> Vec<u32> {
        let (line, reversed) = if a == b {
            if source_is_row {
                (&p.rows[r0 + a.0], false)
            } else {
                (&p.cols[c0 + a.1], false)
            }
        } else if a.0 == b.0 {
            (&p.rows[r0 + a.0], a.1 > b.1)
        } else {
            (&p.cols[c0 + a.1], a.0 > b.0)
        };
        let mut v = line.clone();
        if reversed {
            v.reverse();
        }
        v
    };
    let mut parent: Vec<u32> = (0..(h * w) as u32).collect();
    fn find(parent: &mut [u32], mut x: u32) -> u32 {
        while parent[x as usize] != x {
            parent[x as usize] = parent[parent[x as usize] as usize];
            x = parent[x as usize];
        }
        x
    }
    let mut any = false;
    for g in maps {
        let img = |r: usize, c: usize| g(r, c, bh, bw);
        let rows_ok =
            (0..bh).all(|r| image_clue(img(r, 0), img(r, bw - 1), true) == p.rows[r0 + r]);
        let cols_ok =
            (0..bw).all(|c| image_clue(img(0, c), img(bh - 1, c), false) == p.cols[c0 + c]);
        if !(rows_ok && cols_ok) {
            continue;
        }
        any = true;
        for r in 0..bh {
            for c in 0..bw {
                let (nr, nc) = img(r, c);
                let a = find(&mut parent, ((r0 + r) * w + c0 + c) as u32);
                let b = find(&mut parent, ((r0 + nr) * w + c0 + nc) as u32);
                parent[a as usize] = b;
            }
        }
    }
    if !any {
        return None;
    }
    // Link each class into a cycle.
    let mut next: Vec<u32> = (0..(h * w) as u32).collect();
    let mut last: Vec<u32> = vec![u32::MAX; h * w];
    let mut first: Vec<u32> = vec![u32::MAX; h * w];
    for i in 0..(h * w) as u32 {
        let root = find(&mut parent, i) as usize;
        if first[root] == u32::MAX {
            first[root] = i;
        } else {
            next[last[root] as usize] = i;
        }
        last[root] = i;
    }
    for root in 0..h * w {
        if first[root] != u32::MAX {
            next[last[root] as usize] = first[root];
        }
    }
    Some(next)
}

/// Why the search stops unwinding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stop {
    /// The current assignment has no solution.
    Contradiction,
    /// Out of time.
    Timeout,
    /// Two different solutions found: the answer is known.
    Enough,
    /// The symmetric pre-search spent its budget (see [`Engine::symmetric_phase`]).
    Budget,
}

/// A branching node of the depth-first search: its cell, the value still to try, and the
/// trail length before the branch (undoing to it restores the node's own state).
struct Frame {
    idx: usize,
    next: Option<Cell>,
    mark: usize,
}

/// Outcome of one probe of one value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Probe {
    Skipped,
    Contradiction,
    /// Consistent; the number of cells it fixed.
    Fixed(usize),
}

/// Solver state: the grid (row-major), the trail of assigned cells for undo, the queue of
/// dirty lines (ids `0..h` rows, `h..h + w` columns).
struct Engine<'p> {
    p: &'p Puzzle,
    /// The author's picture, when given: every branch tries its value first.
    goal: Option<&'p [bool]>,
    h: usize,
    w: usize,
    grid: Vec<Cell>,
    trail: Vec<u32>,
    queue: VecDeque<u32>,
    queued: Vec<bool>,
    ls: LineSolver,
    inbuf: Vec<Cell>,
    outbuf: Vec<Cell>,
    deadline: Deadline,
    solutions: Vec<Vec<bool>>,
    // Probing scratch: per cell, the value probe A gave it, valid when `a_stamp == stamp`;
    // `covered[v][cell] == pass` when a successful probe of this pass implied that value.
    a_val: Vec<Cell>,
    a_stamp: Vec<u32>,
    stamp: u32,
    covered: [Vec<u32>; 2],
    pass: u32,
    forced: Vec<(u32, Cell)>,
    // Statistics.
    nodes: u64,
    max_depth: u32,
    probes: u64,
    line_solves: u64,
    decided_by_lines: bool,
    /// Line results by (line id, filled mask, empty mask): see [`Engine::solve_line_cached`].
    cache: FxHashMap<[u64; 5], Option<[u64; 4]>>,
    /// Probe only cells on `line_touched` lines (set per search node below the root):
    /// on 17x17 n-Dom this cut line solves 3.5x and nodes too.
    focus_on: bool,
    line_touched: Vec<bool>,
    /// During the symmetric pre-search: the cells of each symmetry orbit as a cyclic list
    /// (`orbit_next[i]` is the next cell of `i`'s orbit), so that setting one cell sets
    /// its whole orbit. `None` in the ordinary search.
    orbit_next: Option<Vec<u32>>,
    /// Search nodes allowed before [`Stop::Budget`] (`u64::MAX` in the ordinary search).
    node_budget: u64,
    /// Deadline of the symmetric pre-search (`None`: only the solve's own deadline).
    budget_deadline: Deadline,
    /// Node budget of the depth-first search before the learning search takes over
    /// (`None`: no learning search).
    learn_after: Option<u64>,
    /// Whether the depth-first search resumes between slices of the learning search.
    alternate: bool,
    /// Trail length once the root node of the depth-first search was probed.
    root_probed: Option<usize>,
    /// The stack of a depth-first search paused by its node budget.
    frames: Vec<Frame>,
    /// Conflicts of the learning search.
    conflicts: u64,
    /// Cells read by line solves (the depth-first search's work), and the count at which
    /// its slice ends.
    scanned: u64,
    scan_limit: u64,
    /// The learning search ran.
    learned: bool,
}

impl<'p> Engine<'p> {
    fn new(p: &'p Puzzle, deadline: Deadline) -> Self {
        let (h, w) = (p.height(), p.width());
        let n = h * w;
        Engine {
            p,
            goal: None,
            h,
            w,
            grid: vec![Cell::Unknown; n],
            trail: Vec::with_capacity(n),
            queue: VecDeque::with_capacity(h + w),
            queued: vec![false; h + w],
            ls: LineSolver::new(),
            inbuf: Vec::with_capacity(h.max(w)),
            outbuf: Vec::with_capacity(h.max(w)),
            deadline,
            solutions: Vec::new(),
            a_val: vec![Cell::Unknown; n],
            a_stamp: vec![0; n],
            stamp: 0,
            covered: [vec![0; n], vec![0; n]],
            pass: 0,
            forced: Vec::new(),
            nodes: 0,
            max_depth: 0,
            probes: 0,
            line_solves: 0,
            decided_by_lines: false,
            focus_on: false,
            line_touched: vec![false; h + w],
            cache: FxHashMap::default(),
            orbit_next: None,
            node_budget: u64::MAX,
            budget_deadline: Deadline::NEVER,
            learn_after: None,
            alternate: true,
            root_probed: None,
            frames: Vec::new(),
            conflicts: 0,
            scanned: 0,
            scan_limit: u64::MAX,
            learned: false,
        }
    }

    fn run(&mut self) -> Result<(), Stop> {
        if let Some(goal) = self.goal {
            // Checked against the clues by `Puzzle::goal_picture`: a solution, and the
            // first one reported whatever probing or the search meet first.
            self.record_picture(goal.to_vec())?;
        }
        for id in 0..(self.h + self.w) as u32 {
            self.enqueue(id);
        }
        match self.propagate() {
            Ok(()) => {}
            Err(Stop::Contradiction) => {
                self.decided_by_lines = true;
                return Ok(());
            }
            Err(e) => return Err(e),
        }
        if self.is_solved() {
            self.decided_by_lines = true;
            return self.record_solution();
        }
        self.symmetric_phase()?;
        let Some(budget) = self.learn_after else {
            return self.search();
        };
        // The depth-first search and the learning search take turns (slices of nodes and of
        // conflicts) until either decides: each records every picture it meets, and each
        // finishing its space means that every picture is recorded.
        let root = self.trail.len();
        self.node_budget = budget;
        let mut learner: Option<Box<Learner>> = None;
        let mut slice = 0u32;
        loop {
            match self.search() {
                Err(Stop::Budget) => {}
                other => return other,
            }
            let learner = match &mut learner {
                Some(l) => l,
                None => {
                    // Seeded with what the root's propagation and probing fixed.
                    let mut known = vec![Cell::Unknown; self.grid.len()];
                    for &idx in &self.trail[..self.root_probed.unwrap_or(root)] {
                        known[idx as usize] = self.grid[idx as usize];
                    }
                    match Learner::build(self.p, &known, self.deadline) {
                        Built::Ready(l) => {
                            self.learned = true;
                            learner.insert(l)
                        }
                        Built::TooLarge => {
                            // Too large an encoding: the depth-first search alone.
                            self.node_budget = u64::MAX;
                            return self.search();
                        }
                        Built::Timeout => return Err(Stop::Timeout),
                    }
                }
            };
            let ms = SLICE_MS << slice.min(LEARN_SLICE_GROWTH);
            let propagations = if self.alternate {
                SAT_PROPAGATIONS_PER_MS * ms * LEARN_SHARE
            } else {
                u64::MAX
            };
            let outcome = self.learn_slice(learner, propagations);
            self.conflicts = learner.conflicts();
            if outcome? {
                return Ok(());
            }
            self.node_budget = u64::MAX;
            self.scan_limit =
                self.scanned + DFS_CELLS_PER_MS * (SLICE_MS << slice.min(DFS_SLICE_GROWTH));
            slice += 1;
        }
    }

    /// One slice of the learning search (see [`crate::sat`]): every picture recorded so far
    /// is blocked, then pictures are found, recorded and blocked until two are recorded
    /// ([`Stop::Enough`]), none is left (true) or about `propagations` more unit
    /// propagations are spent (false; the solver pauses at conflicts, so the budget becomes
    /// a number of conflicts at the propagations per conflict seen so far).
    fn learn_slice(&mut self, learner: &mut Learner, propagations: u64) -> Result<bool, Stop> {
        let per_conflict = match learner.conflicts() {
            0 => 1_000,
            c => (learner.propagations() / c).max(1),
        };
        let limit = learner
            .conflicts()
            .saturating_add((propagations / per_conflict).max(1));
        loop {
            learner.block_recorded(&self.solutions);
            match learner.next_picture(limit) {
                Next::Picture(picture) => {
                    let before = self.solutions.len();
                    self.record_picture(picture.clone())?;
                    if self.solutions.len() == before {
                        // Not recorded (cannot happen: the encoding is exact); never
                        // return it, and never meet it again.
                        learner.block(&picture);
                    }
                }
                Next::Exhausted => return Ok(true),
                Next::Paused => return Ok(false),
                Next::Timeout => return Err(Stop::Timeout),
            }
        }
    }

    fn is_solved(&self) -> bool {
        self.trail.len() == self.grid.len()
    }

    fn enqueue(&mut self, id: u32) {
        if !self.queued[id as usize] {
            self.queued[id as usize] = true;
            self.queue.push_back(id);
        }
    }

    fn clear_queue(&mut self) {
        for id in self.queue.drain(..) {
            self.queued[id as usize] = false;
        }
    }

    /// Sets an unknown cell and marks its row and column dirty.
    fn assign(&mut self, idx: usize, v: Cell) {
        debug_assert_eq!(self.grid[idx], Cell::Unknown);
        self.grid[idx] = v;
        self.trail.push(idx as u32);
        let (r, c) = (idx / self.w, idx % self.w);
        self.enqueue(r as u32);
        self.enqueue((self.h + c) as u32);
        if self.orbit_next.is_some() {
            // The orbit of an unknown cell is unknown (orbits are always set whole).
            let ok = self.set_orbit(idx, v);
            debug_assert!(ok);
        }
    }

    /// Gives every other cell of `idx`'s symmetry orbit the value `v` (symmetric pre-search
    /// only); false when one of them already holds the other value.
    fn set_orbit(&mut self, idx: usize, v: Cell) -> bool {
        let Some(next) = self.orbit_next.take() else {
            return true;
        };
        let mut ok = true;
        let mut j = next[idx] as usize;
        while j != idx {
            match self.grid[j] {
                Cell::Unknown => {
                    self.grid[j] = v;
                    self.trail.push(j as u32);
                    self.enqueue((j / self.w) as u32);
                    self.enqueue((self.h + j % self.w) as u32);
                }
                x if x != v => {
                    ok = false;
                    break;
                }
                _ => {}
            }
            j = next[j] as usize;
        }
        self.orbit_next = Some(next);
        ok
    }

    fn undo(&mut self, mark: usize) {
        while self.trail.len() > mark {
            if let Some(idx) = self.trail.pop() {
                self.grid[idx as usize] = Cell::Unknown;
            }
        }
    }

    fn check_time(&mut self) -> Result<(), Stop> {
        if self.line_solves.is_multiple_of(u64::from(Poll::EVERY)) {
            if self.deadline.passed() {
                return Err(Stop::Timeout);
            }
            if self.budget_deadline.passed() {
                return Err(Stop::Budget);
            }
        }
        Ok(())
    }

    /// Runs the line solver on dirty lines until none is left. On any error the queue is
    /// left empty (the caller undoes the cells).
    fn propagate(&mut self) -> Result<(), Stop> {
        while let Some(id) = self.queue.pop_front() {
            self.queued[id as usize] = false;
            self.line_solves += 1;
            self.scanned += if (id as usize) < self.h {
                self.w
            } else {
                self.h
            } as u64;
            if let Err(e) = self.check_time() {
                self.clear_queue();
                return Err(e);
            }
            let id = id as usize;
            let is_row = id < self.h;
            let (len, clues) = if is_row {
                (self.w, &self.p.rows[id])
            } else {
                (self.h, &self.p.cols[id - self.h])
            };
            self.inbuf.clear();
            let mut unknown = 0usize;
            for i in 0..len {
                let cell = self.grid[self.cell_index(id, i)];
                unknown += usize::from(cell == Cell::Unknown);
                self.inbuf.push(cell);
            }
            if unknown == 0 {
                if !runs_equal_clues(&self.inbuf, clues) {
                    self.clear_queue();
                    return Err(Stop::Contradiction);
                }
                continue;
            }
            self.outbuf.clear();
            self.outbuf.resize(len, Cell::Unknown);
            if !self.solve_line_cached(id, clues, len) {
                self.clear_queue();
                return Err(Stop::Contradiction);
            }
            for i in 0..len {
                let v = self.outbuf[i];
                if self.inbuf[i] == Cell::Unknown && v != Cell::Unknown {
                    let idx = self.cell_index(id, i);
                    if self.orbit_next.is_some() {
                        // Setting an orbit may already have set this cell of the line.
                        if self.grid[idx] != Cell::Unknown {
                            if self.grid[idx] != v {
                                self.clear_queue();
                                return Err(Stop::Contradiction);
                            }
                            continue;
                        }
                        if !self.set_orbit(idx, v) {
                            self.clear_queue();
                            return Err(Stop::Contradiction);
                        }
                    }
                    self.grid[idx] = v;
                    self.trail.push(idx as u32);
                    // The line itself is at its fixpoint; only the crossing line is dirty.
                    let cross = if is_row { self.h + i } else { i };
                    self.enqueue(cross as u32);
                }
            }
        }
        Ok(())
    }

    /// Solves `inbuf` into `outbuf` through the line cache; false on contradiction.
    ///
    /// Probing and search present the same line in the same state many times (each probe
    /// re-solves the lines around its cell; sibling search nodes share most lines), so the
    /// results of lines of [`CACHE_MIN_LEN`]..=[`CACHE_MAX_LEN`] cells are kept, keyed by line
    /// and content.
    fn solve_line_cached(&mut self, id: usize, clues: &[u32], len: usize) -> bool {
        if !(CACHE_MIN_LEN..=CACHE_MAX_LEN).contains(&len) {
            return self.ls.solve(clues, &self.inbuf, &mut self.outbuf).is_ok();
        }
        let mut key = [0u64; 5];
        key[0] = id as u64;
        for (i, &c) in self.inbuf.iter().enumerate() {
            let bit = 1u64 << (i % 64);
            match c {
                Cell::Filled => key[1 + i / 64] |= bit,
                Cell::Empty => key[3 + i / 64] |= bit,
                Cell::Unknown => {}
            }
        }
        if let Some(hit) = self.cache.get(&key) {
            let Some(masks) = hit else { return false };
            for (i, out) in self.outbuf.iter_mut().enumerate() {
                let bit = 1u64 << (i % 64);
                *out = if masks[i / 64] & bit != 0 {
                    Cell::Filled
                } else if masks[2 + i / 64] & bit != 0 {
                    Cell::Empty
                } else {
                    Cell::Unknown
                };
            }
            return true;
        }
        let ok = self.ls.solve(clues, &self.inbuf, &mut self.outbuf).is_ok();
        let value = ok.then(|| {
            let mut masks = [0u64; 4];
            for (i, &c) in self.outbuf.iter().enumerate() {
                let bit = 1u64 << (i % 64);
                match c {
                    Cell::Filled => masks[i / 64] |= bit,
                    Cell::Empty => masks[2 + i / 64] |= bit,
                    Cell::Unknown => {}
                }
            }
            masks
        });
        if self.cache.len() >= CACHE_MAX_ENTRIES {
            self.cache.clear();
        }
        self.cache.insert(key, value);
        ok
    }

    #[inline]
    fn cell_index(&self, line_id: usize, i: usize) -> usize {
        if line_id < self.h {
            line_id * self.w + i
        } else {
            i * self.w + (line_id - self.h)
        }
    }

    /// Records the (complete, propagated) grid as a solution if it checks against every
    /// clue and is new. Two different solutions stop the search.
    fn record_solution(&mut self) -> Result<(), Stop> {
        let picture: Vec<bool> = self.grid.iter().map(|&c| c == Cell::Filled).collect();
        self.record_picture(picture)
    }

    /// Records a full picture as a solution if it checks against every clue and is new
    /// (with, as the first one, any mirror image or rotation that fits too).
    fn record_picture(&mut self, picture: Vec<bool>) -> Result<(), Stop> {
        if !self.p.check_picture(&picture) {
            // Cannot happen when propagation reached a fixpoint; never return it anyway.
            debug_assert!(false, "complete grid that breaks a clue");
            return Ok(());
        }
        if !self.solutions.contains(&picture) {
            // Mirror images and rotations of a solution that satisfy the clues too are
            // solutions as well (each is checked against every clue, so this is exact):
            // a symmetric clue set with an asymmetric solution is `multiple` at once.
            let images = symmetric_images(&picture, self.h, self.w);
            self.solutions.push(picture);
            if self.solutions.len() < 2 {
                for t in images {
                    if t != self.solutions[0] && self.p.check_picture(&t) {
                        self.solutions.push(t);
                        break;
                    }
                }
            }
        }
        if self.solutions.len() >= 2 {
            Err(Stop::Enough)
        } else {
            Ok(())
        }
    }

    /// Tries `idx = v` and propagates. On success the cells it fixed are
    /// `trail[mark..]` and stay assigned; on contradiction everything is undone.
    fn try_value(&mut self, idx: usize, v: Cell, mark: usize) -> Result<bool, Stop> {
        self.assign(idx, v);
        match self.propagate() {
            Ok(()) => Ok(true),
            Err(Stop::Contradiction) => {
                self.undo(mark);
                Ok(false)
            }
            Err(e) => {
                self.undo(mark);
                Err(e)
            }
        }
    }

    /// Probes one value of one cell; leaves the grid as it found it.
    fn probe_value(&mut self, idx: usize, v: Cell, first: bool) -> Result<Probe, Stop> {
        let k = usize::from(v == Cell::Empty);
        if self.covered[k][idx] == self.pass {
            return Ok(Probe::Skipped);
        }
        self.probes += 1;
        let mark = self.trail.len();
        if !self.try_value(idx, v, mark)? {
            return Ok(Probe::Contradiction);
        }
        if self.is_solved() {
            let r = self.record_solution();
            if r.is_err() {
                self.undo(mark);
                r?;
            }
        }
        let fixed = self.trail.len() - mark;
        for t in mark..self.trail.len() {
            let c = self.trail[t] as usize;
            let kc = usize::from(self.grid[c] == Cell::Empty);
            self.covered[kc][c] = self.pass;
            if first {
                self.a_val[c] = self.grid[c];
                self.a_stamp[c] = self.stamp;
            } else if self.a_stamp[c] == self.stamp && self.a_val[c] == self.grid[c] {
                self.forced.push((c as u32, self.grid[c]));
            }
        }
        self.undo(mark);
        Ok(Probe::Fixed(fixed))
    }

    /// Probing is spent where it pays: an unknown cell on the border of the grid or next to
    /// a known cell. Deep inside an unknown region one assumption rarely propagates far, and
    /// on large open puzzles probing every cell costs more than the search it saves. (Which
    /// cells are probed changes speed only: deductions stay sound and the search complete.)
    fn worth_probing(&self, idx: usize) -> bool {
        if let Some(next) = &self.orbit_next {
            // Symmetric pre-search: every orbit is probed, through its smallest cell.
            let mut j = next[idx] as usize;
            while j != idx {
                if j < idx {
                    return false;
                }
                j = next[j] as usize;
            }
            return true;
        }
        let (r, c) = (idx / self.w, idx % self.w);
        if self.focus_on && !self.line_touched[r] && !self.line_touched[self.h + c] {
            return false;
        }
        r == 0
            || c == 0
            || r + 1 == self.h
            || c + 1 == self.w
            || self.grid[idx - self.w] != Cell::Unknown
            || self.grid[idx + self.w] != Cell::Unknown
            || self.grid[idx - 1] != Cell::Unknown
            || self.grid[idx + 1] != Cell::Unknown
    }

    /// Probing to a fixpoint. Returns the best cell to branch on (with the value to try
    /// first), or `None` when the grid is complete.
    fn probe(&mut self) -> Result<Option<(usize, Cell)>, Stop> {
        loop {
            if self.is_solved() {
                return Ok(None);
            }
            self.pass = self.pass.wrapping_add(1);
            if self.pass == 0 {
                for v in &mut self.covered {
                    v.fill(0);
                }
                self.pass = 1;
            }
            let mut changed = false;
            let mut best: Option<(u64, usize, Cell)> = None;
            for idx in 0..self.grid.len() {
                if self.grid[idx] != Cell::Unknown || !self.worth_probing(idx) {
                    continue;
                }
                self.stamp = self.stamp.wrapping_add(1);
                if self.stamp == 0 {
                    self.a_stamp.fill(0);
                    self.stamp = 1;
                }
                let a = self.probe_value(idx, Cell::Filled, true)?;
                if a == Probe::Contradiction {
                    let mark = self.trail.len();
                    if !self.try_value(idx, Cell::Empty, mark)? {
                        return Err(Stop::Contradiction);
                    }
                    changed = true;
                    if self.is_solved() {
                        self.record_solution()?;
                        return Ok(None);
                    }
                    continue;
                }
                self.forced.clear();
                let b = self.probe_value(idx, Cell::Empty, false)?;
                match (a, b) {
                    (_, Probe::Contradiction) => {
                        let mark = self.trail.len();
                        if !self.try_value(idx, Cell::Filled, mark)? {
                            return Err(Stop::Contradiction);
                        }
                        changed = true;
                    }
                    (Probe::Fixed(na), Probe::Fixed(nb)) => {
                        if !self.forced.is_empty() {
                            let forced = std::mem::take(&mut self.forced);
                            for &(c, v) in &forced {
                                if self.grid[c as usize] == Cell::Unknown {
                                    self.assign(c as usize, v);
                                }
                            }
                            self.forced = forced;
                            self.propagate()?;
                            changed = true;
                        } else {
                            // The cell whose weaker branch still fixes the most cells
                            // (ties: the stronger branch) shrinks both subtrees.
                            // (Measured against product, sum and max of the two counts on
                            // the n-Dom and #6574: fewest nodes overall.)
                            let score = ((na.min(nb) as u64) << 32) | na.max(nb) as u64;
                            if best.is_none_or(|(s, _, _)| score > s) {
                                let first = if na >= nb { Cell::Filled } else { Cell::Empty };
                                best = Some((score, idx, first));
                            }
                        }
                    }
                    _ => {}
                }
                if self.is_solved() {
                    self.record_solution()?;
                    return Ok(None);
                }
            }
            if !changed {
                // A pass with no change fully probes its first candidate cell, so `best` is
                // set whenever some unknown cell is a candidate. Otherwise (possible only
                // in theory: an unknown region touches known cells or the border) branch on
                // the first unknown cell.
                return Ok(Some(best.map_or_else(
                    || {
                        let idx = self
                            .grid
                            .iter()
                            .position(|&c| c == Cell::Unknown)
                            .unwrap_or(0);
                        (idx, Cell::Filled)
                    },
                    |(_, idx, v)| (idx, v),
                )));
            }
        }
    }

    /// Symmetric pre-search, a fast path to `multiple` for puzzles whose clues are
    /// symmetric. When a symmetry maps the clue set onto itself, search first (within a
    /// small budget) only for the pictures that the symmetries leave unchanged: every cell's
    /// orbit is set as one, and every orbit is probed at every node. This space is far
    /// smaller and propagates far further: the 39x39 knot `survey-knotty` (a quarter-turn
    /// symmetric clue set) is decided `multiple` here in 8 nodes, where the full search did
    /// not find a single solution in 60 s. Solutions found are ordinary solutions (checked
    /// against every clue when recorded), so two of them settle `multiple`; anything less
    /// proves nothing about the asymmetric pictures, and the full search follows from the
    /// root, with any solution found here already recorded.
    fn symmetric_phase(&mut self) -> Result<(), Stop> {
        let Some(next) = symmetry_orbits(self.p) else {
            return Ok(());
        };
        let root = self.trail.len();
        self.orbit_next = Some(next);
        // Propagation from symmetric clues is symmetric, but check rather than assume.
        let mut consistent = true;
        for t in 0..root {
            let idx = self.trail[t] as usize;
            if !self.set_orbit(idx, self.grid[idx]) {
                consistent = false;
                break;
            }
        }
        let mut result = Ok(());
        if consistent {
            self.node_budget = SYMMETRIC_NODE_BUDGET;
            let share = self
                .deadline
                .remaining()
                .map_or(SYMMETRIC_TIME_BUDGET, |left| left / 20);
            self.budget_deadline = Deadline::after(share.min(SYMMETRIC_TIME_BUDGET));
            result = self.propagate().and_then(|()| {
                if self.is_solved() {
                    self.record_solution()
                } else {
                    self.search()
                }
            });
        }
        self.undo(root);
        self.clear_queue();
        self.frames.clear();
        self.orbit_next = None;
        self.node_budget = u64::MAX;
        self.budget_deadline = Deadline::NEVER;
        match result {
            Ok(()) | Err(Stop::Contradiction | Stop::Budget) => Ok(()),
            Err(e) => Err(e),
        }
    }

    /// Depth-first search with probing at every node, on an explicit stack (a deep search
    /// cannot overflow the thread's stack). Returns normally when the whole space below the
    /// root is exhausted, every solution in it recorded.
    ///
    /// When the node budget runs out ([`Stop::Budget`]) the stack is kept, so that the next
    /// call resumes at the node it did not enter; any other outcome ends this search.
    fn search(&mut self) -> Result<(), Stop> {
        let mut stack = std::mem::take(&mut self.frames);
        let r = self.search_from(&mut stack);
        if r == Err(Stop::Budget) {
            self.frames = stack;
        }
        r
    }

    fn search_from(&mut self, stack: &mut Vec<Frame>) -> Result<(), Stop> {
        loop {
            // Enter a node: the grid is propagated and not complete.
            if self.node_budget == 0 || self.scanned >= self.scan_limit {
                return Err(Stop::Budget);
            }
            self.node_budget -= 1;
            self.nodes += 1;
            let depth = u32::try_from(stack.len()).unwrap_or(u32::MAX);
            self.max_depth = self.max_depth.max(depth);
            // Below the root, probe only around the lines the branch changed: elsewhere the
            // parent's probes already reached their fixpoint and would mostly repeat it.
            self.focus_on = depth > 0 && self.orbit_next.is_none();
            if self.focus_on {
                let since = stack.last().map_or(0, |f| f.mark);
                self.line_touched.fill(false);
                for t in since..self.trail.len() {
                    let idx = self.trail[t] as usize;
                    self.line_touched[idx / self.w] = true;
                    self.line_touched[self.h + idx % self.w] = true;
                }
            }
            let probed = self.probe();
            self.focus_on = false;
            match probed {
                Ok(Some((idx, first))) => {
                    let first = match self.goal {
                        Some(goal) if goal[idx] => Cell::Filled,
                        Some(_) => Cell::Empty,
                        None => first,
                    };
                    let second = if first == Cell::Filled {
                        Cell::Empty
                    } else {
                        Cell::Filled
                    };
                    let mark = self.trail.len();
                    if stack.is_empty() && self.orbit_next.is_none() {
                        self.root_probed = Some(mark);
                    }
                    stack.push(Frame {
                        idx,
                        next: Some(second),
                        mark,
                    });
                    if self.try_value(idx, first, mark)? {
                        if !self.is_solved() {
                            continue;
                        }
                        self.record_solution()?;
                    }
                }
                // Solved by probing (recorded there) or refuted: nothing below.
                Ok(None) | Err(Stop::Contradiction) => {}
                Err(e) => return Err(e),
            }
            // Backtrack to the nearest node with a value left to try, and enter it.
            loop {
                let Some(top) = stack.last_mut() else {
                    return Ok(());
                };
                let (idx, mark) = (top.idx, top.mark);
                let next = top.next.take();
                self.undo(mark);
                match next {
                    None => {
                        stack.pop();
                    }
                    Some(v) => {
                        if self.try_value(idx, v, mark)? {
                            if !self.is_solved() {
                                break;
                            }
                            self.record_solution()?;
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(rows: Vec<Vec<u32>>, cols: Vec<Vec<u32>>) -> SolveInput {
        SolveInput {
            rows,
            cols,
            timeout_ms: None,
            goal: None,
        }
    }

    /// Every picture of an h x w grid, as clue sets: the number of pictures per clue set
    /// is the number of solutions of that puzzle.
    fn brute_force_count(p: &Puzzle) -> usize {
        let (h, w) = (p.height(), p.width());
        let n = h * w;
        (0u32..(1 << n))
            .filter(|bits| {
                let pic: Vec<bool> = (0..n).map(|i| bits >> i & 1 == 1).collect();
                p.check_picture(&pic)
            })
            .count()
    }

    fn clues_of_picture(pic: &[bool], h: usize, w: usize) -> (Vec<Vec<u32>>, Vec<Vec<u32>>) {
        let rows = (0..h).map(|r| clues_of(&pic[r * w..(r + 1) * w])).collect();
        let cols = (0..w)
            .map(|c| clues_of(&(0..h).map(|r| pic[r * w + c]).collect::<Vec<_>>()))
            .collect();
        (rows, cols)
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
            rows: vec![vec![1]; 8],
            cols: vec![vec![1]; 8],
            timeout_ms: Some(0),
            goal: None,
        })
        .unwrap();
        assert_eq!(v.status, SolveStatus::Timeout);
        assert_eq!(v.solution, None);
    }

    #[test]
    fn symmetric_images_are_the_eight_dihedral_maps() {
        // 2x2 with one filled cell at [0, 0]: its images put it in every corner.
        let pic = vec![true, false, false, false];
        let imgs = symmetric_images(&pic, 2, 2);
        assert_eq!(imgs.len(), 7);
        for corner in 1..4 {
            assert!(imgs.iter().any(|i| i[corner]), "corner {corner}");
        }
        // 1x3 (not square): mirrors and half turn only.
        let imgs = symmetric_images(&[true, false, false], 1, 3);
        assert_eq!(
            imgs,
            vec![
                vec![false, false, true],
                vec![true, false, false],
                vec![false, false, true]
            ]
        );
    }

    /// The symmetries are found on the box of non-empty lines: a symmetric 3x3 picture
    /// drawn in the corner of a 4x4 grid has orbits of four cells (the centre alone), and
    /// the cells of the empty row and column stay single.
    #[test]
    fn symmetry_orbits_use_the_box_of_non_empty_lines() {
        // #.#
        // .#.   (corners and centre) plus an empty last row and column: the whole
        // #.#   dihedral group of the 3x3 box maps the clues onto themselves.
        let pic = [
            true, false, true, false, //
            false, true, false, false, //
            true, false, true, false, //
            false, false, false, false,
        ];
        let (rows, cols) = clues_of_picture(&pic, 4, 4);
        let p = Puzzle::new(&rows, &cols).unwrap();
        let next = symmetry_orbits(&p).expect("quarter-turn symmetric clues");
        let orbit = |start: usize| {
            let mut v = vec![start];
            let mut j = next[start] as usize;
            while j != start {
                v.push(j);
                j = next[j] as usize;
            }
            v.sort_unstable();
            v
        };
        assert_eq!(orbit(0), vec![0, 2, 8, 10]);
        assert_eq!(orbit(1), vec![1, 4, 6, 9]);
        assert_eq!(orbit(5), vec![5]);
        assert_eq!(orbit(3), vec![3]);
        assert_eq!(orbit(15), vec![15]);
        // Clues with no symmetry at all.
        // ##.
        // ..#
        // #..
        let p = Puzzle::new(
            &[vec![2], vec![1], vec![1]],
            &[vec![1, 1], vec![1], vec![1]],
        )
        .unwrap();
        assert!(symmetry_orbits(&p).is_none());
        // A mirror of a non-square box: rows [1, 1] read the same both ways.
        let p = Puzzle::new(&[vec![1, 1]], &[vec![1], vec![], vec![1]]).unwrap();
        let next = symmetry_orbits(&p).expect("left-right mirror");
        assert_eq!((next[0], next[2], next[1]), (2, 0, 1));
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
        for goal in [&[true, true, false, false][..], &[true][..]] {
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
        let v = solve_puzzle_with(
            &p,
            Some(&goal),
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
