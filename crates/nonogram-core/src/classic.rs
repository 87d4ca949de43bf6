//! `classic` feedback: the block-scan rules of the design note, kept exactly, quirks included.
//!
//! This is the feedback a nonogram game shows while a person plays (the note models it on
//! the mobile game No2g): which clue numbers look "done" given what the player has filled
//! and crossed out. It is a heuristic, not logic: it only trusts blocks it can tie to a clue
//! by counting from one end of the line, and it deliberately shows everything as wrong in a
//! few ambiguous situations. The strict mode in [`crate::feedback`] is the exact counterpart.
//!
//! # The rules
//! The line is cut into *blocks* (maximal runs of filled cells). A block is
//! * *connected from the start* when no untouched cell (`.`) lies before it, i.e. only
//!   crosses and other blocks separate it from the line's start; likewise *connected from the
//!   end* when no untouched cell lies after it;
//! * *the line's start* / *the line's end* when it occupies the first / last cell.
//!
//! The line is *complete* ("all connected") when it has no untouched cell. Then, in order:
//! 1. No blocks: every clue is unmatched, except the lone clue `[0]`, which is matched.
//! 2. As many blocks as clues, each of the clue's length: every clue is matched (whether or
//!    not untouched cells remain). Done.
//! 3. A complete line with more blocks than clues: every clue is unmatched. Done.
//! 4. Forward scan: block i against clue i, from the first, while the block is connected
//!    from the start, is not the line's end, and has clue i's length: clue i is matched.
//! 5. Backward scan (when the last block is connected from the end): the i-th block from the
//!    end against the i-th clue from the end, while the block is connected from the end, is
//!    not the line's start, and has the clue's length: the clue is matched. Two special
//!    cases stop the scan and unmark every clue:
//!    * the blocks run out while clues remain, the line is complete and every clue is now
//!      matched (a repeated clue pattern matched from both ends, e.g. `[1, 1, 1, 1]` with two
//!      blocks of 1);
//!    * the clue is already matched by the forward scan (two blocks claim one clue: more
//!      blocks than clues, or overlapping patterns on a complete line).
//! 6. If every clue is now matched (the line is not a solution, or step 2 would have
//!    caught it: unconnected blocks were skipped in the middle), every clue is unmarked. Done.
//! 7. Ambiguity check, on a complete line only: if the first block is the line's start and
//!    has the first clue's length, the first clue is matched; same for the last block, the
//!    line's end and the last clue.
//!
//! One pass over the cells collects the block lengths and the four facts the rules need
//! (how many leading blocks are connected from the start, how many trailing blocks from
//! the end, whether the first block starts and the last block ends the line); the rules
//! then only look at block lengths. No allocation after the scratch buffer has grown.

use crate::cells::{Cell, line_masks};
use crate::colorline::{BACKGROUND, ColorSet};

/// Reusable scratch space for [`ClassicFeedback::matches`] and
/// [`ClassicFeedback::color_matches`].
#[derive(Debug, Default, Clone)]
pub struct ClassicFeedback {
    /// Lengths of the blocks, left to right.
    blocks: Vec<u32>,
    /// Lengths and colours of the blocks of a colour line.
    color_blocks: Vec<(u32, u8)>,
}

/// What one pass over a line tells the rules.
#[derive(Debug, Clone, Copy, Default)]
struct Shape {
    /// Leading blocks with no untouched cell before them.
    from_start: usize,
    /// Trailing blocks with no untouched cell after them.
    from_end: usize,
    /// The first block occupies cell 0.
    first_is_start: bool,
    /// The last block occupies the last cell.
    last_is_end: bool,
    /// No untouched cell anywhere in the line.
    complete: bool,
}

impl ClassicFeedback {
    /// Scratch space that grows on first use.
    pub fn new() -> Self {
        Self::default()
    }

    /// Cuts a line of any length into blocks (lengths into `self.blocks`), one pass cell
    /// by cell, and returns its shape.
    fn scan_long(&mut self, line: &[Cell]) -> Shape {
        self.blocks.clear();
        let mut shape = Shape::default();
        let mut seen_untouched = false;
        // Blocks after the last untouched cell seen so far; at the end of the line these are
        // exactly the blocks connected from the end.
        let mut since_untouched = 0usize;
        let mut run = 0u32;
        for (i, &cell) in line.iter().enumerate() {
            if cell == Cell::Filled {
                if run == 0 {
                    if !seen_untouched {
                        shape.from_start += 1;
                    }
                    if i == 0 {
                        shape.first_is_start = true;
                    }
                }
                run += 1;
                continue;
            }
            if run > 0 {
                self.blocks.push(run);
                since_untouched += 1;
                run = 0;
            }
            if cell == Cell::Unknown {
                seen_untouched = true;
                since_untouched = 0;
            }
        }
        if run > 0 {
            self.blocks.push(run);
            since_untouched += 1;
            shape.last_is_end = true;
        }
        shape.from_end = since_untouched;
        shape.complete = !seen_untouched;
        shape
    }

    /// Writes the classic feedback of `line` for `clues` into `matched` (one entry per clue
    /// as given: `[0]` keeps its single entry). Clues are compared as given, without
    /// validation.
    ///
    /// # Panics
    /// If `matched.len() != clues.len()` (a programming error).
    pub fn matches(&mut self, clues: &[u32], line: &[Cell], matched: &mut [bool]) {
        assert_eq!(clues.len(), matched.len(), "one verdict per clue");
        matched.fill(false);
        if line.len() <= 64 {
            let mut buf = [0u32; 32];
            let (nb, shape) = scan_short(line, &mut buf);
            apply_rules(clues, clues == [0], &buf[..nb], shape, matched);
        } else {
            let shape = self.scan_long(line);
            apply_rules(clues, clues == [0], &self.blocks, shape, matched);
        }
    }

    /// The classic feedback of a colour line (each cell a set of values: one colour
    /// painted, the background crossed out, several untouched) for clues of (length,
    /// colour): the same rules, a block being a run of one colour (runs of two colours
    /// that touch are two blocks) that matches a clue of its length and colour.
    /// `lone_zero`: the clues are the empty-line clue (`[0]`, given as one item).
    ///
    /// # Panics
    /// If `matched.len() != clues.len()` (a programming error).
    pub fn color_matches(
        &mut self,
        clues: &[(u32, u8)],
        lone_zero: bool,
        line: &[ColorSet],
        matched: &mut [bool],
    ) {
        assert_eq!(clues.len(), matched.len(), "one verdict per clue");
        matched.fill(false);
        let shape = self.scan_colors(line);
        apply_rules(clues, lone_zero, &self.color_blocks, shape, matched);
    }

    /// Cuts a colour line into runs of one painted colour, as [`Self::scan_long`] cuts a
    /// black-and-white one.
    fn scan_colors(&mut self, line: &[ColorSet]) -> Shape {
        self.color_blocks.clear();
        let mut shape = Shape::default();
        let mut seen_untouched = false;
        let mut since_untouched = 0usize;
        let mut run: (u32, u8) = (0, 0);
        for (i, &set) in line.iter().enumerate() {
            let painted =
                (set.count_ones() == 1 && set != BACKGROUND).then(|| set.trailing_zeros() as u8);
            if let Some(c) = painted
                && run.0 > 0
                && run.1 == c
            {
                run.0 += 1;
                continue;
            }
            if run.0 > 0 {
                self.color_blocks.push(run);
                since_untouched += 1;
                run = (0, 0);
            }
            match painted {
                Some(c) => {
                    if !seen_untouched {
                        shape.from_start += 1;
                    }
                    if i == 0 {
                        shape.first_is_start = true;
                    }
                    run = (1, c);
                }
                None if set != BACKGROUND => {
                    seen_untouched = true;
                    since_untouched = 0;
                }
                None => {}
            }
        }
        if run.0 > 0 {
            self.color_blocks.push(run);
            since_untouched += 1;
            shape.last_is_end = true;
        }
        shape.from_end = since_untouched;
        shape.complete = !seen_untouched;
        shape
    }
}

/// Lines of up to 64 cells (nearly every real puzzle): cuts the line into blocks (lengths
/// into `buf`, at most 32 of them) with bit arithmetic instead of a branch per cell, and
/// returns how many there are and the line's shape.
fn scan_short(line: &[Cell], buf: &mut [u32; 32]) -> (usize, Shape) {
    let (filled, empty) = line_masks(line);
    let cells = (!0u64).checked_shl(line.len() as u32).map_or(!0, |m| !m);
    let untouched = cells & !(filled | empty);
    let starts = filled & !(filled << 1);
    let ends = filled & !(filled >> 1);
    let nb = starts.count_ones() as usize;
    let (mut s, mut e) = (starts, ends);
    for slot in buf.iter_mut().take(nb) {
        *slot = e.trailing_zeros() - s.trailing_zeros() + 1;
        s &= s - 1;
        e &= e - 1;
    }
    let (from_start, from_end) = if untouched == 0 {
        (nb, nb)
    } else {
        let first = untouched.trailing_zeros();
        let last = 63 - untouched.leading_zeros();
        (
            (starts & ((1u64 << first) - 1)).count_ones() as usize,
            (starts >> last).count_ones() as usize,
        )
    };
    let shape = Shape {
        from_start,
        from_end,
        first_is_start: filled & 1 != 0,
        last_is_end: !line.is_empty() && (filled >> (line.len() - 1)) & 1 != 0,
        complete: untouched == 0,
    };
    (nb, shape)
}

/// The note's rules on a line cut into blocks. `matched` is all false on entry. Blocks and
/// clues are compared whole: lengths in black and white, lengths and colours in colour.
/// `lone_zero`: the clues are the empty-line clue `[0]`.
fn apply_rules<T: Copy + Eq>(
    clues: &[T],
    lone_zero: bool,
    blocks: &[T],
    shape: Shape,
    matched: &mut [bool],
) {
    let nb = blocks.len();
    let m = clues.len();

    // 1. No blocks: only the empty-line clue [0] is satisfied.
    if nb == 0 {
        if lone_zero {
            matched[0] = true;
        }
        return;
    }
    // 2. The blocks read exactly as the clues.
    if blocks == clues {
        matched.fill(true);
        return;
    }
    // 3. A complete line with too many blocks is simply wrong.
    if nb > m && shape.complete {
        return;
    }

    let mut count = 0usize;
    // 4. Forward scan. The last block is skipped when it is the line's end: that block
    // belongs to the backward scan.
    let forward_end = m.min(nb).min(shape.from_start);
    for i in 0..forward_end {
        if i == nb - 1 && shape.last_is_end {
            break;
        }
        if blocks[i] != clues[i] {
            break;
        }
        matched[i] = true;
        count += 1;
    }

    // 5. Backward scan.
    if shape.from_end > 0 {
        for i in 0..m {
            if i >= nb {
                // Clues left but no blocks: a repeated pattern matched from both ends.
                if shape.complete && count >= m {
                    matched.fill(false);
                    count = 0;
                }
                break;
            }
            let b = nb - 1 - i;
            let c = m - 1 - i;
            if (b == 0 && shape.first_is_start) || i >= shape.from_end || blocks[b] != clues[c] {
                break;
            }
            if matched[c] {
                // A clue claimed twice: the line is wrong, show it all as wrong.
                matched.fill(false);
                count = 0;
                break;
            }
            matched[c] = true;
            count += 1;
        }
    }

    // 6. Everything matched without being a solution: blocks were skipped in between.
    if count == m {
        matched.fill(false);
        return;
    }

    ambiguity_check(clues, blocks, shape, matched);
}

/// Rule 7, the ambiguity check: on a complete line, a block at the very start or end
/// belongs to the first or last clue whatever else the line holds.
fn ambiguity_check<T: Copy + Eq>(clues: &[T], blocks: &[T], shape: Shape, matched: &mut [bool]) {
    let (nb, m) = (blocks.len(), clues.len());
    if shape.complete {
        if shape.first_is_start && blocks[0] == clues[0] {
            matched[0] = true;
        }
        if shape.last_is_end && blocks[nb - 1] == clues[m - 1] {
            matched[m - 1] = true;
        }
    }
}

/// One-shot convenience around [`ClassicFeedback::matches`].
pub fn classic_matches(clues: &[u32], line: &[Cell]) -> Vec<bool> {
    let mut matched = vec![false; clues.len()];
    ClassicFeedback::new().matches(clues, line, &mut matched);
    matched
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cells::{parse_line, runs_equal_clues};
    use proptest::prelude::*;

    fn classic(clues: &[u32], line: &str) -> Vec<bool> {
        classic_matches(clues, &parse_line(line).unwrap())
    }

    /// The rules of the note written out block by block, straight from their definitions
    /// (flags computed per block, not in one pass), as an independent reference.
    #[derive(Debug, Clone, PartialEq, Eq)]
    struct Block {
        len: u32,
        from_start: bool,
        from_end: bool,
        is_start: bool,
        is_end: bool,
    }

    /// Blocks with their flags straight from the definitions.
    fn reference_blocks(line: &[Cell]) -> Vec<Block> {
        let n = line.len();
        let mut blocks = Vec::new();
        let mut i = 0;
        while i < n {
            if line[i] != Cell::Filled {
                i += 1;
                continue;
            }
            let s = i;
            while i < n && line[i] == Cell::Filled {
                i += 1;
            }
            blocks.push(Block {
                len: (i - s) as u32,
                from_start: !line[..s].contains(&Cell::Unknown),
                from_end: !line[i..].contains(&Cell::Unknown),
                is_start: s == 0,
                is_end: i == n,
            });
        }
        blocks
    }

    /// Blocks as the note's single loop finds them: a flag "still connected to the line's
    /// start", a flag "the next block is connected to the previous one (or to the start)",
    /// and the first block of the current connected chain; at the end of the line, if the
    /// chain is still connected, every block from the chain's first one is connected to
    /// the end.
    fn note_loop_blocks(line: &[Cell]) -> Vec<Block> {
        let n = line.len();
        let mut blocks: Vec<Block> = Vec::new();
        let mut to_start = true;
        let mut chained = true;
        let mut chain_first = 0;
        let mut i = 0;
        while i < n {
            match line[i] {
                Cell::Unknown => {
                    to_start = false;
                    chained = false;
                    i += 1;
                }
                Cell::Empty => i += 1,
                Cell::Filled => {
                    if !chained {
                        chain_first = blocks.len();
                    }
                    let s = i;
                    while i < n && line[i] == Cell::Filled {
                        i += 1;
                    }
                    blocks.push(Block {
                        len: (i - s) as u32,
                        from_start: to_start,
                        from_end: false,
                        is_start: s == 0,
                        is_end: i == n,
                    });
                    // The cell after the block: an untouched one breaks both
                    // connections, a cross or the line's end keeps the chain.
                    if i < n && line[i] == Cell::Unknown {
                        to_start = false;
                        chained = false;
                    } else {
                        chained = true;
                    }
                    i += 1;
                }
            }
        }
        if chained {
            for b in blocks.iter_mut().skip(chain_first) {
                b.from_end = true;
            }
        }
        blocks
    }

    fn reference(clues: &[u32], line: &[Cell]) -> Vec<bool> {
        let blocks = reference_blocks(line);
        let m = clues.len();
        let mut out = vec![false; m];
        let count = |o: &Vec<bool>| o.iter().filter(|&&b| b).count();
        if blocks.is_empty() {
            if m == 1 && clues[0] == 0 {
                out[0] = true;
            }
            return out;
        }
        let all_connected = blocks[0].from_start && blocks[0].from_end;
        if blocks.len() == m && blocks.iter().zip(clues).all(|(b, &c)| b.len == c) {
            return vec![true; m];
        }
        if blocks.len() > m && all_connected {
            return out;
        }
        if blocks[0].from_start {
            for i in 0..m {
                if i >= blocks.len() || blocks[i].is_end || !blocks[i].from_start {
                    break;
                }
                if blocks[i].len == clues[i] {
                    out[i] = true;
                } else {
                    break;
                }
            }
        }
        if blocks.last().unwrap().from_end {
            for i in 0..m {
                if i >= blocks.len() {
                    if all_connected && count(&out) >= m {
                        out = vec![false; m];
                    }
                    break;
                }
                let b = &blocks[blocks.len() - 1 - i];
                let c = m - 1 - i;
                if b.is_start || !b.from_end || b.len != clues[c] {
                    break;
                }
                if out[c] {
                    out = vec![false; m];
                    break;
                }
                out[c] = true;
            }
        }
        if count(&out) == m {
            return vec![false; m];
        }
        if all_connected {
            if blocks[0].is_start && blocks[0].len == clues[0] {
                out[0] = true;
            }
            let last = blocks.last().unwrap();
            if last.is_end && last.len == clues[m - 1] {
                out[m - 1] = true;
            }
        }
        out
    }

    #[test]
    fn note_examples_by_hand() {
        // [1,1,1,1] with one block of 1 on a complete line: first and last clue.
        assert_eq!(
            classic(&[1, 1, 1, 1], "xxx#xxx"),
            [true, false, false, true]
        );
        // ... with blocks [1],[1]: the patterns from both ends cover every clue: all wrong.
        assert_eq!(classic(&[1, 1, 1, 1], "x#x#xxx"), [false; 4]);
        // ... with [1],[1],[1]: a clue is claimed twice: all wrong.
        assert_eq!(classic(&[1, 1, 1, 1], "x#x#x#x"), [false; 4]);
        // [2,3,2,3] with [2],[3]: all wrong.
        assert_eq!(classic(&[2, 3, 2, 3], "x##x###xxxxxx"), [false; 4]);
        // More blocks than clues, A B from the start, C D from the end, B = C = y: all wrong.
        assert_eq!(classic(&[1, 2, 3], "x#x##x.##x###x"), [false; 3]);
        // Disconnected middle block between two matched ends: all wrong.
        assert_eq!(classic(&[1, 1], "#x.#.x#"), [false, false]);
        // Solution: all matched, even with untouched cells left.
        assert_eq!(classic(&[2, 1], "##x.#"), [true, true]);
        // The ambiguity check re-marks a block that is the line's start.
        assert_eq!(classic(&[1, 1, 1, 1], "#x#xxxx"), [true, true, false, true]);
        assert_eq!(
            classic(&[1, 1, 1, 1, 1], "#x#x#x#xx"),
            [true, false, false, false, false]
        );
    }

    #[test]
    fn empty_lines() {
        assert_eq!(classic(&[0], "..."), [true]);
        assert_eq!(classic(&[0], "x.x"), [true]);
        assert_eq!(classic(&[0], ".#."), [false]);
        assert_eq!(classic(&[], ".#."), Vec::<bool>::new());
        assert_eq!(classic(&[3], "..."), [false]);
        assert_eq!(classic(&[], ""), Vec::<bool>::new());
    }

    fn any_line(max: usize) -> impl Strategy<Value = Vec<Cell>> {
        proptest::collection::vec(
            prop_oneof![Just(Cell::Unknown), Just(Cell::Filled), Just(Cell::Empty)],
            0..=max,
        )
    }

    fn any_clues() -> impl Strategy<Value = Vec<u32>> {
        prop_oneof![
            proptest::collection::vec(1u32..5, 0..6),
            Just(vec![0u32]),
            // Repeated patterns, the note's tricky cases.
            (1u32..4, 1usize..6).prop_map(|(c, k)| vec![c; k]),
            (1u32..4, 1u32..4, 1usize..4).prop_map(|(a, b, k)| [a, b].repeat(k)),
            // Long lists for long lines.
            proptest::collection::vec(1u32..8, 5..20),
        ]
    }

    /// Clues and a line they fit, often a solution or close to one.
    fn fitting_case() -> impl Strategy<Value = (Vec<u32>, Vec<Cell>)> {
        let random = any_clues().prop_flat_map(|clues| {
            let min = crate::cells::min_length(&clues).unwrap_or(0) as usize;
            (Just(clues), (min..=min + 6).prop_flat_map(any_line_exact))
        });
        // A picture with its own clues, filled cells kept, the others crossed or left
        // untouched, then maybe one cell toggled.
        let picture = proptest::collection::vec(any::<bool>(), 0..=20).prop_flat_map(|pic| {
            let n = pic.len();
            (
                Just(pic),
                proptest::collection::vec(any::<bool>(), n),
                proptest::option::of(0..n.max(1)),
            )
                .prop_map(|(pic, cross, toggle)| {
                    let clues = crate::cells::clues_of(&pic);
                    let mut line: Vec<Cell> = pic
                        .iter()
                        .zip(&cross)
                        .map(|(&f, &x)| match (f, x) {
                            (true, _) => Cell::Filled,
                            (false, true) => Cell::Empty,
                            (false, false) => Cell::Unknown,
                        })
                        .collect();
                    if let Some(t) = toggle.filter(|&t| t < line.len()) {
                        line[t] = if line[t] == Cell::Filled {
                            Cell::Empty
                        } else {
                            Cell::Filled
                        };
                    }
                    (clues, line)
                })
        });
        prop_oneof![random, picture]
    }

    fn any_line_exact(n: usize) -> impl Strategy<Value = Vec<Cell>> {
        proptest::collection::vec(
            prop_oneof![Just(Cell::Unknown), Just(Cell::Filled), Just(Cell::Empty)],
            n,
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// The one-pass implementation agrees with the block-by-block reference.
        #[test]
        fn one_pass_agrees_with_reference(clues in any_clues(), line in any_line(20)) {
            prop_assert_eq!(classic_matches(&clues, &line), reference(&clues, &line));
        }

        /// One colour: the colour scan gives exactly the black-and-white feedback.
        #[test]
        fn one_colour_agrees_with_black_and_white(clues in any_clues(), line in any_line(70)) {
            let sets: Vec<ColorSet> = line
                .iter()
                .map(|c| match c {
                    Cell::Filled => 0b10,
                    Cell::Empty => BACKGROUND,
                    Cell::Unknown => 0b11,
                })
                .collect();
            let colored: Vec<(u32, u8)> = clues.iter().map(|&n| (n, 1)).collect();
            let mut matched = vec![false; clues.len()];
            ClassicFeedback::new().color_matches(&colored, clues == [0], &sets, &mut matched);
            prop_assert_eq!(matched, classic_matches(&clues, &line));
        }

        /// The block flags by definition are the ones the note's single loop computes.
        #[test]
        fn block_flags_match_the_note_loop(line in any_line(24)) {
            prop_assert_eq!(reference_blocks(&line), note_loop_blocks(&line));
        }

        /// Both scans (bit masks up to 64 cells, cell by cell beyond) agree with the
        /// reference around the 64-cell boundary, on mostly filled lines.
        #[test]
        fn both_scans_agree_with_reference(
            clues in any_clues(),
            line in (60usize..=70).prop_flat_map(|n| proptest::collection::vec(
                prop_oneof![3 => Just(Cell::Filled), 1 => Just(Cell::Empty), 1 => Just(Cell::Unknown)], n)),
        ) {
            prop_assert_eq!(classic_matches(&clues, &line), reference(&clues, &line));
            let mut scratch = ClassicFeedback::new();
            let short = line.len().min(64);
            let mut buf = [0u32; 32];
            let (nb, a) = scan_short(&line[..short], &mut buf);
            let b = scratch.scan_long(&line[..short]);
            prop_assert_eq!(&buf[..nb], scratch.blocks.as_slice());
            prop_assert_eq!(
                (a.from_start, a.from_end, a.first_is_start, a.last_is_end, a.complete),
                (b.from_start, b.from_end, b.first_is_start, b.last_is_end, b.complete)
            );
        }

        /// A line whose blocks read as its clues has every clue matched (rule 2); and
        /// every clue matched means exactly that (rules 3, 5 and 6 never leave a wrong line
        /// looking finished). Only for clue lists that fit the line, as the commands
        /// require: `[1, 1]` on the one-cell line `#` gets both clues from rule 7.
        #[test]
        fn all_matched_iff_runs_equal_clues((clues, line) in fitting_case()) {
            let matched = classic_matches(&clues, &line);
            let solved = runs_equal_clues(&line, &clues);
            if !clues.is_empty() {
                prop_assert_eq!(matched.iter().all(|&b| b), solved);
            }
        }

        /// A complete line (no untouched cell) with more blocks than clues is all wrong.
        #[test]
        fn complete_line_with_extra_blocks_is_all_wrong(clues in any_clues(), line in any_line(20)) {
            let complete = !line.contains(&Cell::Unknown);
            let blocks = crate::cells::filled_runs(&line).count();
            if complete && blocks > clues.len() {
                prop_assert!(classic_matches(&clues, &line).iter().all(|&b| !b));
            }
        }

        /// A matched clue always has a block of its length on the line, and nothing is
        /// matched on a line without blocks except `[0]`.
        #[test]
        fn matched_clue_has_a_block_of_its_length(clues in any_clues(), line in any_line(20)) {
            let matched = classic_matches(&clues, &line);
            let lens: Vec<usize> = crate::cells::filled_runs(&line).map(|(_, l)| l).collect();
            for (k, &m) in matched.iter().enumerate() {
                if m && clues[k] != 0 {
                    prop_assert!(lens.contains(&(clues[k] as usize)));
                }
            }
        }
    }
}
