//! How likely each value is, line by line: the exact number of arrangements of one line's
//! clue that agree with its known cells, and in how many of them each cell is filled and
//! each block starts at or before each cell.
//!
//! Why: the learning search first tries, for a variable it has not assigned yet, the value
//! batsat gives every new variable (false: an empty cell, a block that starts as late as it
//! can), and phase saving then keeps the search near that corner of the space. Faase and
//! Meow are satisfiable but their first picture is out of reach in 60 s that way. Always
//! trying first the values the clues make likelier ([`super::Phases::CluesAlways`]), with
//! those values refined by belief propagation between rows and columns ([`puzzle_odds`]),
//! finds both puzzles' pictures in seconds (measured in [`super::BELIEF_ITERATIONS`]).
//!
//! The counts are the usual prefix and suffix sums over the blocks: `before[k][t]`, the
//! ways to place blocks `0..k` in the first `t` cells (every other cell of those empty),
//! and `after[k][t]`, the ways to place blocks `k..` in the cells from `t` on; block k
//! starts at s in `before[k][s - 1] * after[k + 1][s + len + 1]` arrangements (with the
//! separating cells empty). They are kept as `f64`: a line of at most
//! [`crate::cells::MAX_LINE_LEN`] (1,000) cells has at most as many arrangements of one
//! clue as there are lines of that length without two adjacent filled cells, a Fibonacci
//! number below 10^210, well inside `f64`'s range; the floating-point error of sums this large only
//! blurs odds that are used as a preference, never as a deduction.

use crate::cells::Cell;
use puzzles_common::Deadline;

/// The odds of one line under its clue and known cells.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct LineOdds {
    /// Fraction of the arrangements in which each cell is filled.
    pub(super) filled: Vec<f64>,
    /// `starts_by[k][t]`: fraction of the arrangements in which block k starts at or
    /// before cell t.
    pub(super) starts_by: Vec<Vec<f64>>,
}

/// The odds of the line `known` under `clues`, each arrangement counted with weight the
/// product over its unknown cells of `prior[t]` (filled) or `1 - prior[t]` (empty); a
/// prior of 0.5 everywhere counts arrangements. `None` when no arrangement agrees with the
/// known cells (or every one has weight too small for `f64`).
pub(super) fn line_odds(clues: &[u32], known: &[Cell], prior: &[f64]) -> Option<LineOdds> {
    let n = known.len();
    let weights = CellWeights::new(known, prior);
    let before = ways_before(clues, &weights);
    let total = before[clues.len()][n];
    if total <= 0.0 || !total.is_finite() {
        return None;
    }
    let after = ways_after(clues, &weights);
    // Arrangements in which block k starts at s, spread over the cells it covers (a
    // running sum of +count at s and -count at s + len).
    let mut filled_change = vec![0.0f64; n + 1];
    let mut starts_by = Vec::with_capacity(clues.len());
    for (k, &len) in clues.iter().enumerate() {
        let len = len as usize;
        let mut running = 0.0;
        let mut by = Vec::with_capacity(n);
        for s in 0..n {
            let block = weights.block(s, s + len);
            if block > 0.0 {
                let count = ways_up_to(&weights, &before, k, s)
                    * block
                    * ways_from(clues, &weights, &after, k, s + len);
                running += count;
                filled_change[s] += count;
                filled_change[s + len] -= count;
            }
            by.push((running / total).clamp(0.0, 1.0));
        }
        starts_by.push(by);
    }
    let mut filled = Vec::with_capacity(n);
    let mut running = 0.0;
    for change in &filled_change[..n] {
        running += change;
        filled.push((running / total).clamp(0.0, 1.0));
    }
    Some(LineOdds { filled, starts_by })
}

/// Each cell's weight empty, and running sums that give the weight of a block over any
/// span at once.
struct CellWeights {
    /// Weight of each cell empty; its weight filled is scaled the same way, so that the
    /// larger of the two is 1 (a cell with no preference weighs 1 either way, and no
    /// product grows).
    empty: Vec<f64>,
    /// Sum of the logs of the filled weights of the cells before t (those that can be).
    log_filled_before: Vec<f64>,
    /// Cells before t that cannot be filled.
    blocked_before: Vec<usize>,
}

impl CellWeights {
    fn new(known: &[Cell], prior: &[f64]) -> CellWeights {
        let n = known.len();
        let mut weights = CellWeights {
            empty: Vec::with_capacity(n),
            log_filled_before: vec![0.0; n + 1],
            blocked_before: vec![0; n + 1],
        };
        for t in 0..n {
            let (empty, filled) = match known[t] {
                Cell::Filled => (0.0, 1.0),
                Cell::Empty => (1.0, 0.0),
                Cell::Unknown => {
                    let q = prior[t].clamp(0.0, 1.0);
                    let top = q.max(1.0 - q);
                    ((1.0 - q) / top, q / top)
                }
            };
            weights.empty.push(empty);
            weights.blocked_before[t + 1] = weights.blocked_before[t] + usize::from(filled <= 0.0);
            weights.log_filled_before[t + 1] =
                weights.log_filled_before[t] + if filled > 0.0 { filled.ln() } else { 0.0 };
        }
        weights
    }

    /// Weight of a block covering cells `start..end`: 0 when it does not fit.
    fn block(&self, start: usize, end: usize) -> f64 {
        if end >= self.log_filled_before.len()
            || self.blocked_before[end] != self.blocked_before[start]
        {
            0.0
        } else {
            (self.log_filled_before[end] - self.log_filled_before[start]).exp()
        }
    }
}

/// `before[k][t]`: the weight of the ways to place blocks `0..k` inside cells `0..t`, the
/// other cells there empty.
fn ways_before(clues: &[u32], weights: &CellWeights) -> Vec<Vec<f64>> {
    let n = weights.empty.len();
    let mut before = vec![vec![0.0f64; n + 1]; clues.len() + 1];
    before[0][0] = 1.0;
    for t in 1..=n {
        before[0][t] = weights.empty[t - 1] * before[0][t - 1];
    }
    for k in 1..=clues.len() {
        let len = clues[k - 1] as usize;
        for t in 1..=n {
            let mut ways = weights.empty[t - 1] * before[k][t - 1];
            // Block k - 1 ends at cell t - 1.
            if t >= len {
                let s = t - len;
                ways += weights.block(s, t) * ways_up_to(weights, &before, k - 1, s);
            }
            before[k][t] = ways;
        }
    }
    before
}

/// `after[k][t]`: the weight of the ways to place blocks `k..` inside cells `t..`, the
/// other cells there empty.
fn ways_after(clues: &[u32], weights: &CellWeights) -> Vec<Vec<f64>> {
    let n = weights.empty.len();
    let blocks = clues.len();
    let mut after = vec![vec![0.0f64; n + 2]; blocks + 1];
    after[blocks][n] = 1.0;
    for t in (0..n).rev() {
        after[blocks][t] = weights.empty[t] * after[blocks][t + 1];
    }
    for k in (0..blocks).rev() {
        for t in (0..n).rev() {
            let mut ways = weights.empty[t] * after[k][t + 1];
            let end = t + clues[k] as usize;
            let block = weights.block(t, end);
            if block > 0.0 {
                ways += block * ways_from(clues, weights, &after, k, end);
            }
            after[k][t] = ways;
        }
    }
    after
}

/// The weight of the ways to place blocks `0..k` before a block `k` that starts at `start`
/// (the cell just before it empty).
fn ways_up_to(weights: &CellWeights, before: &[Vec<f64>], k: usize, start: usize) -> f64 {
    if k == 0 {
        before[0][start]
    } else if start >= 1 {
        weights.empty[start - 1] * before[k][start - 1]
    } else {
        0.0
    }
}

/// The weight of the ways to place the blocks after block `k` once it ends just before
/// `end` (the cell at `end` empty).
fn ways_from(
    clues: &[u32],
    weights: &CellWeights,
    after: &[Vec<f64>],
    k: usize,
    end: usize,
) -> f64 {
    let n = weights.empty.len();
    if k + 1 == clues.len() {
        after[clues.len()][end]
    } else if end < n {
        weights.empty[end] * after[k + 1][end + 1]
    } else {
        0.0
    }
}

/// Messages not forced by a line are kept this far from 0 and 1, so that a preference never
/// weighs like a known cell (a line whose weights all vanish keeps its last odds).
const MESSAGE_FLOOR: f64 = 1e-6;

/// The odds of every line of a puzzle of `height` rows (`lines`: each line's clue and the
/// cell indices it covers, rows first, then columns; `known` the cells, row-major) after
/// `iterations` passes of belief propagation between rows and columns, and the probability
/// of each cell being filled under both.
///
/// One pass weighs each line's arrangements by what the crossing lines said of its cells
/// in the pass before (a column's odds of a cell without the odds the row itself sent
/// it, so a line does not hear its own voice back). The first pass, with no
/// message yet is the plain count of arrangements, and its cell probabilities are the
/// product of the row's and the column's odds; later passes let a
/// line's preferences pass through the crossing lines to the others. On a loopy graph
/// the result is an estimate, not a probability of the pictures; it is only a preference.
///
/// `None` when `deadline` passes first (checked line by line).
pub(super) fn puzzle_odds(
    lines: &[(&[u32], Vec<usize>)],
    height: usize,
    known: &[Cell],
    iterations: usize,
    deadline: Deadline,
) -> Option<(Vec<Option<LineOdds>>, Vec<f64>)> {
    let n = known.len();
    // Message of each cell's row to it, and of its column, as a probability of filled.
    let mut from_row = vec![0.5f64; n];
    let mut from_col = vec![0.5f64; n];
    let mut odds: Vec<Option<LineOdds>> = vec![None; lines.len()];
    let mut line_known = Vec::new();
    let mut prior = Vec::new();
    for _ in 0..iterations.max(1) {
        // Every line hears the messages of the previous pass (rows and columns alike).
        let (heard_from_row, heard_from_col) = (from_row.clone(), from_col.clone());
        for (line, (clues, cells)) in lines.iter().enumerate() {
            if deadline.passed() {
                return None;
            }
            let (incoming, outgoing) = if line < height {
                (&heard_from_col, &mut from_row)
            } else {
                (&heard_from_row, &mut from_col)
            };
            line_known.clear();
            line_known.extend(cells.iter().map(|&c| known[c]));
            prior.clear();
            prior.extend(cells.iter().map(|&c| incoming[c]));
            odds[line] = line_odds(clues, &line_known, &prior);
            if let Some(o) = &odds[line] {
                for (t, &c) in cells.iter().enumerate() {
                    outgoing[c] = without(o.filled[t], incoming[c]);
                }
            }
        }
    }
    let filled = (0..n).map(|c| with(from_row[c], from_col[c])).collect();
    Some((odds, filled))
}

/// A line's probability this close to 0 or 1 is taken as the line fixing the cell: every
/// arrangement of positive weight agrees (up to floating-point error).
const FIXED: f64 = 1e-9;

/// The probability `belief` with the witness `heard` taken out (odds divided), kept off 0
/// and 1 unless the line fixes the cell: then it is 0 or 1, a hard message that the
/// crossing line then weighs like a known cell, so beliefs never go against a value one
/// line forces.
fn without(belief: f64, heard: f64) -> f64 {
    if belief <= FIXED {
        return 0.0;
    }
    if belief >= 1.0 - FIXED {
        return 1.0;
    }
    let b = belief.clamp(MESSAGE_FLOOR, 1.0 - MESSAGE_FLOOR);
    let h = heard.clamp(MESSAGE_FLOOR, 1.0 - MESSAGE_FLOOR);
    let odds = (b / (1.0 - b)) / (h / (1.0 - h));
    (odds / (1.0 + odds)).clamp(MESSAGE_FLOOR, 1.0 - MESSAGE_FLOOR)
}

/// Two independent witnesses' probabilities combined (odds multiplied).
fn with(a: f64, b: f64) -> f64 {
    let (fill, empty) = (a * b, (1.0 - a) * (1.0 - b));
    if fill + empty > 0.0 {
        fill / (fill + empty)
    } else {
        0.5
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cells::clues_of;
    use crate::sat::tests::{every_line, known_cells, models_by_brute_force, xorshift32};

    /// Every line of `n` cells that reads as `clues` and agrees with `known`.
    fn arrangements(clues: &[u32], known: &[Cell]) -> Vec<Vec<bool>> {
        let lines = every_line(known.len());
        models_by_brute_force(&lines, clues, known)
            .into_iter()
            .collect()
    }

    /// Start of each block of a line.
    fn starts(line: &[bool]) -> Vec<usize> {
        (0..line.len())
            .filter(|&t| line[t] && (t == 0 || !line[t - 1]))
            .collect()
    }

    /// Weight of arrangement `line` under `prior` (unknown cells only).
    fn weight(line: &[bool], known: &[Cell], prior: &[f64]) -> f64 {
        (0..line.len())
            .filter(|&t| known[t] == Cell::Unknown)
            .map(|t| if line[t] { prior[t] } else { 1.0 - prior[t] })
            .product()
    }

    /// The weighted fractions agree with brute-force enumeration for every clue of every
    /// line up to 7 cells under every set of known cells (3^7 sets), with no prior (plain
    /// counts) and with a prior from a fixed generator (some cells at 0 or 1); the line has
    /// no odds exactly when it has no arrangement of positive weight.
    #[test]
    fn odds_agree_with_brute_force() {
        let mut next = xorshift32(0x5eed_0001);
        let mut checked = 0;
        for n in 0..=7usize {
            let clue_sets: std::collections::BTreeSet<Vec<u32>> = (0u32..1 << n)
                .map(|bits| clues_of(&(0..n).map(|i| bits >> i & 1 == 1).collect::<Vec<_>>()))
                .collect();
            for clues in &clue_sets {
                for code in 0..3usize.pow(n as u32) {
                    let known = known_cells(n, code);
                    let all = arrangements(clues, &known);
                    let random: Vec<f64> = (0..n)
                        .map(|_| match next() % 10 {
                            0 => 0.0,
                            1 => 1.0,
                            r => f64::from(r) / 10.0,
                        })
                        .collect();
                    for prior in [vec![0.5; n], random] {
                        let total: f64 = all.iter().map(|l| weight(l, &known, &prior)).sum();
                        let Some(odds) = line_odds(clues, &known, &prior) else {
                            assert!(total == 0.0, "{clues:?} {known:?} {prior:?}: no odds");
                            continue;
                        };
                        assert!(
                            total > 0.0,
                            "{clues:?} {known:?} {prior:?}: odds of nothing"
                        );
                        let close = |got: f64, want: f64| (got - want / total).abs() < 1e-9;
                        for t in 0..n {
                            let filled: f64 = all
                                .iter()
                                .filter(|l| l[t])
                                .map(|l| weight(l, &known, &prior))
                                .sum();
                            assert!(close(odds.filled[t], filled), "{clues:?} {known:?}");
                            for k in 0..clues.len() {
                                let by: f64 = all
                                    .iter()
                                    .filter(|l| starts(l)[k] <= t)
                                    .map(|l| weight(l, &known, &prior))
                                    .sum();
                                assert!(close(odds.starts_by[k][t], by), "{clues:?} {known:?}");
                            }
                        }
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 20_000, "only {checked} lines checked");
    }

    /// A line of the longest length stays finite: one 1-block clue per two cells over
    /// 1,000 cells (about the most arrangements of one clue), and every fraction is in
    /// 0..=1.
    #[test]
    fn longest_lines_stay_finite() {
        let clues = vec![1u32; 333];
        let known = vec![Cell::Unknown; 1000];
        let odds = line_odds(&clues, &known, &[0.5; 1000]).expect("the line has arrangements");
        assert!(odds.filled.iter().all(|p| (0.0..=1.0).contains(p)));
        let sum: f64 = odds.filled.iter().sum();
        assert!(
            (sum - 333.0).abs() < 1e-6,
            "expected 333 filled cells, {sum}"
        );
    }

    /// Rows then columns of an `h` x `w` puzzle, as [`puzzle_odds`] takes them.
    fn puzzle_lines<'a>(
        rows: &'a [Vec<u32>],
        cols: &'a [Vec<u32>],
    ) -> Vec<(&'a [u32], Vec<usize>)> {
        let (h, w) = (rows.len(), cols.len());
        (0..h)
            .map(|r| (&rows[r][..], (0..w).map(|c| r * w + c).collect()))
            .chain((0..w).map(|c| (&cols[c][..], (0..h).map(|r| r * w + c).collect())))
            .collect()
    }

    /// Small puzzles from pictures of a fixed generator: the first pass gives each cell the
    /// product of its row's and its column's plain odds; after 30 passes every cell that
    /// all arrangements of one of its lines fix keeps that value (a weighted count has no
    /// arrangement a plain count lacks), and every probability is in 0..=1.
    #[test]
    fn belief_passes_keep_what_lines_fix() {
        let (h, w) = (6, 7);
        let mut next = xorshift32(0x0dd_ba11);
        let mut fixed_seen = 0;
        for _ in 0..40 {
            let pic: Vec<bool> = (0..h * w).map(|_| !next().is_multiple_of(3)).collect();
            let (rows, cols) = crate::puzzle::test_support::clues_of_picture(&pic, h, w);
            let lines = puzzle_lines(&rows, &cols);
            let known = vec![Cell::Unknown; h * w];
            let plain: Vec<LineOdds> = lines
                .iter()
                .map(|(clues, cells)| {
                    line_odds(clues, &known[..cells.len()], &vec![0.5; cells.len()]).unwrap()
                })
                .collect();
            let (_, first) = puzzle_odds(&lines, h, &known, 1, Deadline::NEVER).unwrap();
            for (i, &q) in first.iter().enumerate() {
                let (r, c) = (i / w, i % w);
                let (a, b) = (plain[r].filled[c], plain[h + c].filled[r]);
                let want = if a * b + (1.0 - a) * (1.0 - b) > 0.0 {
                    a * b / (a * b + (1.0 - a) * (1.0 - b))
                } else {
                    0.5
                };
                // Messages not forced by a line are kept off 0 and 1 by MESSAGE_FLOOR.
                assert!((q - want).abs() < 1e-4, "cell {i}: {q} against {want}");
            }
            let (_, later) = puzzle_odds(&lines, h, &known, 30, Deadline::NEVER).unwrap();
            for (i, &q) in later.iter().enumerate() {
                assert!((0.0..=1.0).contains(&q));
                let (r, c) = (i / w, i % w);
                for line_p in [plain[r].filled[c], plain[h + c].filled[r]] {
                    if line_p == 1.0 || line_p == 0.0 {
                        fixed_seen += 1;
                        assert_eq!(q > 0.5, line_p == 1.0, "cell {i} lost its fixed value");
                    }
                }
            }
        }
        assert!(fixed_seen > 50, "only {fixed_seen} fixed cells seen");
    }
}
