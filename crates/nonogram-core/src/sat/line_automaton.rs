//! One line's clue automaton as bit masks over its states, for the explaining line
//! propagator of [`super::line_theory`]: which values each cell can still take (exact line
//! logic, the same as [`crate::linesolver`]'s), and for a value ruled out (or for a line with
//! no arrangement left) a small set of the line's known cells that rules it out alone.
//!
//! States are those of [`super::Automaton`]: a gap state before, between and after the
//! blocks, one state per cell of each block. A filled cell always moves to the next state
//! (from a gap but the last one, or from a block cell but a block's last); an empty cell
//! keeps a gap state and moves a block's last cell to the gap after it. So a set of states
//! moves by one shift and three masks, one machine word for lines of up to 63 states
//! (clue sum plus clue count at most 62), a few words for longer ones.

/// A line's automaton as masks, `words` machine words per set of states.
#[derive(Debug, Clone)]
pub(crate) struct LineAutomaton {
    words: usize,
    /// States that may read a filled cell (every gap but the last, every block cell but
    /// a block's last).
    fill_ok: Vec<u64>,
    /// Gap states (an empty cell keeps them).
    gap: Vec<u64>,
    /// The last cell of each block (an empty cell moves it to the next gap).
    block_end: Vec<u64>,
    /// The states a whole line may end in.
    accepting: Vec<u64>,
}

/// Scratch tables of one line's solve: reachable sets before each cell, `(n + 1) x words`.
#[derive(Debug, Clone, Default)]
pub(crate) struct Reach {
    /// States reachable from the start after `t` cells, given the known cells.
    forward: Vec<u64>,
    /// States after `t` cells from which an accepting state is reachable.
    backward: Vec<u64>,
    /// Sets of the explanation's passes.
    walk: Vec<u64>,
    next: Vec<u64>,
    /// Per cell: bit 0 set when some arrangement leaves it empty, bit 1 when some fills it.
    support: Vec<u8>,
}

impl LineAutomaton {
    pub(crate) fn new(clues: &[u32]) -> Self {
        let states = 1 + clues.iter().map(|&b| b as usize + 1).sum::<usize>();
        let words = states.div_ceil(64);
        let mut a = LineAutomaton {
            words,
            fill_ok: vec![0; words],
            gap: vec![0; words],
            block_end: vec![0; words],
            accepting: vec![0; words],
        };
        let set = |m: &mut Vec<u64>, q: usize| m[q / 64] |= 1 << (q % 64);
        let mut q = 0;
        set(&mut a.gap, 0);
        for &b in clues {
            set(&mut a.fill_ok, q);
            for i in 0..b {
                q += 1;
                if i + 1 < b {
                    set(&mut a.fill_ok, q);
                } else {
                    set(&mut a.block_end, q);
                }
            }
            q += 1;
            set(&mut a.gap, q);
        }
        set(&mut a.accepting, q);
        if !clues.is_empty() {
            set(&mut a.accepting, q - 1);
        }
        a
    }

    /// Machine words per set of states.
    pub(crate) fn words(&self) -> usize {
        self.words
    }

    /// `out = succ(s)` by a cell of value `filled` (`None`: either value).
    fn step(&self, s: &[u64], value: Option<bool>, out: &mut [u64]) {
        let mut carry_fill = 0;
        let mut carry_end = 0;
        for w in 0..self.words {
            let f = s[w] & self.fill_ok[w];
            let e = s[w] & self.block_end[w];
            let by_fill = (f << 1) | carry_fill;
            let by_empty = (s[w] & self.gap[w]) | (e << 1) | carry_end;
            carry_fill = f >> 63;
            carry_end = e >> 63;
            out[w] = match value {
                Some(true) => by_fill,
                Some(false) => by_empty,
                None => by_fill | by_empty,
            };
        }
    }

    /// `out = pred(s)`: the states that a cell of value `filled` (`None`: either) moves
    /// into `s`.
    fn step_back(&self, s: &[u64], value: Option<bool>, out: &mut [u64]) {
        for w in 0..self.words {
            let high = if w + 1 < self.words { s[w + 1] << 63 } else { 0 };
            let shifted = (s[w] >> 1) | high;
            let by_fill = shifted & self.fill_ok[w];
            let by_empty = (s[w] & self.gap[w]) | (shifted & self.block_end[w]);
            out[w] = match value {
                Some(true) => by_fill,
                Some(false) => by_empty,
                None => by_fill | by_empty,
            };
        }
    }

    /// Fills `r`'s forward and backward sets for the line `known` (`None`: unknown) and
    /// returns whether some arrangement of the clue fits it; if so, [`LineAutomaton::allows`]
    /// then answers for each unknown cell.
    pub(crate) fn solve(&self, known: &[Option<bool>], r: &mut Reach) -> bool {
        let (n, w) = (known.len(), self.words);
        r.forward.clear();
        r.forward.resize((n + 1) * w, 0);
        r.backward.clear();
        r.backward.resize((n + 1) * w, 0);
        r.support.clear();
        r.support.resize(n, 0);
        if w == 1 {
            self.solve_one_word(known, r)
        } else {
            self.solve_words(known, r)
        }
    }

    /// [`LineAutomaton::solve`] for at most 64 states, in registers: most lines (the
    /// clue's sum plus its count at most 63), and about half the cost of the general path
    /// per cell.
    fn solve_one_word(&self, known: &[Option<bool>], r: &mut Reach) -> bool {
        let n = known.len();
        let (fill_ok, gap, block_end) = (self.fill_ok[0], self.gap[0], self.block_end[0]);
        let mut s = 1u64;
        r.forward[0] = s;
        for (t, &v) in known.iter().enumerate() {
            let by_fill = (s & fill_ok) << 1;
            let by_empty = (s & gap) | ((s & block_end) << 1);
            s = match v {
                Some(true) => by_fill,
                Some(false) => by_empty,
                None => by_fill | by_empty,
            };
            r.forward[t + 1] = s;
        }
        if s & self.accepting[0] == 0 {
            return false;
        }
        let mut b = self.accepting[0];
        r.backward[n] = b;
        for t in (0..n).rev() {
            let shifted = b >> 1;
            let into_fill = shifted & fill_ok;
            let into_empty = (b & gap) | (shifted & block_end);
            let f = r.forward[t];
            r.support[t] =
                u8::from(f & into_empty != 0) | (u8::from(f & into_fill != 0) << 1);
            b = match known[t] {
                Some(true) => into_fill,
                Some(false) => into_empty,
                None => into_fill | into_empty,
            };
            r.backward[t] = b;
        }
        true
    }

    /// [`LineAutomaton::solve`] for any number of states.
    fn solve_words(&self, known: &[Option<bool>], r: &mut Reach) -> bool {
        let (n, w) = (known.len(), self.words);
        r.forward[0] = 1;
        for (t, &v) in known.iter().enumerate() {
            let (before, after) = r.forward.split_at_mut((t + 1) * w);
            self.step(&before[t * w..], v, &mut after[..w]);
        }
        if !meets(&r.forward[n * w..], &self.accepting) {
            return false;
        }
        r.backward[n * w..].copy_from_slice(&self.accepting);
        r.walk.clear();
        r.walk.resize(w, 0);
        for t in (0..n).rev() {
            let (before, after) = r.backward.split_at_mut((t + 1) * w);
            let f = &r.forward[t * w..(t + 1) * w];
            self.step_back(&after[..w], Some(false), &mut r.walk);
            let empty = meets(f, &r.walk);
            self.step_back(&after[..w], Some(true), &mut r.walk);
            let fill = meets(f, &r.walk);
            r.support[t] = u8::from(empty) | (u8::from(fill) << 1);
            self.step_back(&after[..w], known[t], &mut before[t * w..]);
        }
        true
    }

    /// After [`LineAutomaton::solve`] found the line feasible: whether some arrangement
    /// gives cell `t`, an unknown cell, the value `filled`.
    pub(crate) fn allows(r: &Reach, t: usize, filled: bool) -> bool {
        r.support[t] & (1 << u8::from(filled)) != 0
    }

    /// After [`LineAutomaton::solve`] on `known` showed that no arrangement gives cell `t`
    /// the value `filled`: pushes onto `out` known cells whose values alone rule it out.
    ///
    /// Two greedy passes keep the invariant "the states reachable through the ruled-out
    /// value and the states that the full line allows stay apart". Rightwards from `t`, a
    /// cell is left out when the states reached with it free still miss every state from
    /// which the full line can end; leftwards, a cell is left out when the states that lead
    /// through the value to an end (given only the cells kept on the right) still miss
    /// every state the full line reaches. At the line's end the first set misses the
    /// accepting states, at its start the second misses the start: the value is ruled out.
    pub(crate) fn explain_value(
        &self,
        known: &[Option<bool>],
        r: &mut Reach,
        t: usize,
        filled: bool,
        out: &mut Vec<usize>,
    ) {
        let (n, w) = (known.len(), self.words);
        let first = out.len();
        // Rightwards: the states reached through the value at `t` from the full left side.
        r.walk.clear();
        r.walk.resize(w, 0);
        r.next.clear();
        r.next.resize(w, 0);
        self.step(&r.forward[t * w..(t + 1) * w], Some(filled), &mut r.walk);
        debug_assert!(!meets(&r.walk, &r.backward[(t + 1) * w..(t + 2) * w]));
        for j in t + 1..n {
            self.step(&r.walk, None, &mut r.next);
            if known[j].is_some() && meets(&r.next, &r.backward[(j + 1) * w..(j + 2) * w]) {
                out.push(j);
                self.step(&r.walk, known[j], &mut r.next);
            }
            std::mem::swap(&mut r.walk, &mut r.next);
        }
        // The states after `t + 1` cells that reach an end with only the kept right cells.
        r.walk.copy_from_slice(&self.accepting);
        let mut kept = out[first..].iter().rev().peekable();
        for j in (t + 1..n).rev() {
            let value = if kept.next_if(|&&k| k == j).is_some() {
                known[j]
            } else {
                None
            };
            self.step_back(&r.walk, value, &mut r.next);
            std::mem::swap(&mut r.walk, &mut r.next);
        }
        self.step_back(&r.walk, Some(filled), &mut r.next);
        std::mem::swap(&mut r.walk, &mut r.next);
        self.keep_left(known, r, t, out);
    }

    /// After [`LineAutomaton::solve`] on `known` found no arrangement: pushes onto `out`
    /// known cells whose values alone leave none.
    pub(crate) fn explain_conflict(
        &self,
        known: &[Option<bool>],
        r: &mut Reach,
        out: &mut Vec<usize>,
    ) {
        let w = self.words;
        r.walk.clear();
        r.walk.extend_from_slice(&self.accepting);
        r.next.clear();
        r.next.resize(w, 0);
        self.keep_left(known, r, known.len(), out);
    }

    /// The leftward pass: `r.walk` holds states after `end` cells that must stay
    /// unreachable (they miss `r.forward` there); keeps the cells before `end` needed for
    /// that, down to the start.
    fn keep_left(&self, known: &[Option<bool>], r: &mut Reach, end: usize, out: &mut Vec<usize>) {
        let w = self.words;
        debug_assert!(!meets(&r.walk, &r.forward[end * w..(end + 1) * w]));
        for j in (0..end).rev() {
            self.step_back(&r.walk, None, &mut r.next);
            if known[j].is_some() && meets(&r.next, &r.forward[j * w..(j + 1) * w]) {
                out.push(j);
                self.step_back(&r.walk, known[j], &mut r.next);
            }
            std::mem::swap(&mut r.walk, &mut r.next);
        }
        debug_assert!(r.walk[0] & 1 == 0);
    }
}

fn meets(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).any(|(x, y)| x & y != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every arrangement of `clues` on `n` cells, by brute force.
    fn arrangements(clues: &[u32], n: usize) -> Vec<Vec<bool>> {
        (0u32..1 << n)
            .map(|bits| (0..n).map(|i| bits >> i & 1 == 1).collect::<Vec<bool>>())
            .filter(|line| runs(line) == clues)
            .collect()
    }

    fn fits(line: &[bool], known: &[Option<bool>]) -> bool {
        line.iter().zip(known).all(|(&c, k)| k.is_none_or(|v| v == c))
    }

    /// Every partial line over `{unknown, empty, filled}` of length `n`.
    fn partial_lines(n: usize) -> Vec<Vec<Option<bool>>> {
        (0..3usize.pow(n as u32))
            .map(|mut code| {
                (0..n)
                    .map(|_| {
                        let v = [None, Some(false), Some(true)][code % 3];
                        code /= 3;
                        v
                    })
                    .collect()
            })
            .collect()
    }

    /// Every clue that fits in `n` cells.
    fn clues_up_to(n: usize) -> Vec<Vec<u32>> {
        let mut seen = std::collections::BTreeSet::new();
        for bits in 0u32..1 << n {
            let line: Vec<bool> = (0..n).map(|i| bits >> i & 1 == 1).collect();
            seen.insert(runs(&line));
        }
        seen.into_iter().collect()
    }

    fn runs(line: &[bool]) -> Vec<u32> {
        let mut runs = Vec::new();
        let mut run = 0;
        for &c in line.iter().chain([false].iter()) {
            if c {
                run += 1;
            } else if run > 0 {
                runs.push(run);
                run = 0;
            }
        }
        runs
    }

    /// Line logic and every explanation against brute force, for every clue and every
    /// partial line of up to 7 cells: `allows` is true exactly when some arrangement fitting
    /// the known cells has the value; each explanation names only known cells, and those
    /// cells alone leave no arrangement with the value (or none at all for a conflict).
    #[test]
    fn line_logic_and_explanations_match_brute_force() {
        let mut r = Reach::default();
        let mut checked = 0;
        for n in 0..=7 {
            for clues in clues_up_to(n) {
                let a = LineAutomaton::new(&clues);
                let all = arrangements(&clues, n);
                for known in partial_lines(n) {
                    let fitting: Vec<&Vec<bool>> =
                        all.iter().filter(|l| fits(l, &known)).collect();
                    let feasible = a.solve(&known, &mut r);
                    assert_eq!(feasible, !fitting.is_empty(), "{clues:?} {known:?}");
                    let mut expl = Vec::new();
                    let keep_only = |expl: &[usize]| -> Vec<Option<bool>> {
                        (0..n)
                            .map(|j| if expl.contains(&j) { known[j] } else { None })
                            .collect()
                    };
                    if !feasible {
                        a.explain_conflict(&known, &mut r, &mut expl);
                        assert!(expl.iter().all(|&j| known[j].is_some()));
                        let reduced = keep_only(&expl);
                        assert!(!all.iter().any(|l| fits(l, &reduced)), "{clues:?} {known:?}");
                        checked += 1;
                        continue;
                    }
                    for t in (0..n).filter(|&t| known[t].is_none()) {
                        for filled in [false, true] {
                            let brute = fitting.iter().any(|l| l[t] == filled);
                            assert_eq!(LineAutomaton::allows(&r, t, filled), brute);
                            if brute {
                                continue;
                            }
                            expl.clear();
                            a.explain_value(&known, &mut r, t, filled, &mut expl);
                            assert!(expl.iter().all(|&j| known[j].is_some() && j != t));
                            let reduced = keep_only(&expl);
                            assert!(
                                !all.iter().any(|l| fits(l, &reduced) && l[t] == filled),
                                "{clues:?} {known:?} cell {t} value {filled}: {expl:?}"
                            );
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    /// The multi-word path (more than 64 states) against brute force: long lines whose
    /// cells are known but for a window of 10, at every offset (the window's states cross
    /// the word boundary somewhere), with some known cells flipped to make conflicts.
    #[test]
    fn long_lines_match_brute_force_over_a_window() {
        let clues = vec![2u32; 23];
        let a = LineAutomaton::new(&clues);
        assert_eq!(a.words(), 2);
        // 23 blocks of 2 with single gaps take 68 cells; 75 leave 7 spare empties at the end.
        let n: usize = 75;
        let base: Vec<bool> = (0..n).map(|i| i < 68 && i % 3 != 2).collect();
        let mut r = Reach::default();
        let mut checked = 0;
        for offset in 0..=n - 10 {
            for flip in [None, Some(offset + 10), Some(offset.saturating_sub(3))] {
                let mut known: Vec<Option<bool>> = base.iter().map(|&c| Some(c)).collect();
                if let Some(f) = flip.filter(|&f| f < n) {
                    known[f] = Some(!base[f]);
                }
                for k in &mut known[offset..offset + 10] {
                    *k = None;
                }
                let completions: Vec<Vec<bool>> = (0u32..1 << 10)
                    .map(|bits| {
                        (0..n)
                            .map(|i| match known[i] {
                                Some(v) => v,
                                None => bits >> (i - offset) & 1 == 1,
                            })
                            .collect::<Vec<bool>>()
                    })
                    .filter(|l| runs(l) == clues)
                    .collect();
                let feasible = a.solve(&known, &mut r);
                assert_eq!(feasible, !completions.is_empty());
                let mut expl = Vec::new();
                // An explanation is checked by the automaton itself on the line reduced to
                // the cells it names (the automaton's answers are checked against brute
                // force here on the window and everywhere on the small lines).
                let holds = |expl: &[usize], t: Option<(usize, bool)>| {
                    let reduced: Vec<Option<bool>> = (0..n)
                        .map(|j| if expl.contains(&j) { known[j] } else { None })
                        .collect();
                    let mut again = Reach::default();
                    match t {
                        None => !a.solve(&reduced, &mut again),
                        Some((t, v)) => {
                            !a.solve(&reduced, &mut again) || !LineAutomaton::allows(&again, t, v)
                        }
                    }
                };
                if !feasible {
                    a.explain_conflict(&known, &mut r, &mut expl);
                    assert!(holds(&expl, None));
                    checked += 1;
                    continue;
                }
                for t in offset..offset + 10 {
                    for filled in [false, true] {
                        let brute = completions.iter().any(|l| l[t] == filled);
                        assert_eq!(LineAutomaton::allows(&r, t, filled), brute, "{offset} {t}");
                        if !brute {
                            expl.clear();
                            a.explain_value(&known, &mut r, t, filled, &mut expl);
                            assert!(expl.iter().all(|&j| known[j].is_some()));
                            assert!(holds(&expl, Some((t, filled))));
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 100, "{checked}");
    }
}
