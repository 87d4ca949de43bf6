//! Ranking guesses for the branch and bound: each guess's lower bound on a set (`|S|` plus
//! `LB` of every non-winning class it splits `S` into), best first, with the guesses that
//! cannot beat the cutoff dropped before they are ever searched.
//!
//! The answers come from the cheapest source the game has: the answer bits (which answers a
//! guess gets, for all codes at once; for small sets that is all the bound needs, and for
//! larger ones it floors the bound, so only codes under the cutoff are counted), the answer
//! table read secret by secret, or the fast feedback of the codes' keys.

use crate::space::{Key, Space};

use super::bounds::SizeBounds;
use super::clock::Clock;
use super::tables::{AnswerSets, AnswerTables};

/// A guess with its lower bound, ordered for the search: lowest bound first, then candidates
/// before other codes, then more answer classes, then the lowest code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Ranked {
    pub(super) bound: u32,
    outside: bool,
    missing: usize,
    pub(super) guess: u32,
}

/// What ranking reads: the game, its bounds and tables, and the search's clock.
#[derive(Debug, Clone, Copy)]
pub(super) struct Ranker<'a> {
    pub(super) space: &'a Space,
    pub(super) bounds: &'a SizeBounds,
    pub(super) tables: &'a AnswerTables,
    pub(super) clock: &'a Clock,
}

/// What the answer bits tell before any guess is scored.
#[derive(Debug, Default)]
struct BitsVerdict {
    /// The answers of every code, when the set is small (then they are the whole bound).
    answers: Option<AnswerSets>,
    /// The guesses left to score, when the floor or the winning answer sorted some out.
    kept: Option<Vec<u32>>,
}

impl Ranker<'_> {
    /// Scores `guesses` by their lower bound over `set` (whose keys are `keys`), dropping those
    /// that tell nothing; those whose bound reaches `cutoff` can never be searched, so only the
    /// least of their bounds is kept (in `fail`). With `outside_only`, the candidates are
    /// dropped too (only ranking by answer bits sorts them out). Sorted best first; empty when
    /// the deadline passed.
    pub(super) fn rank(
        &self,
        guesses: &[u32],
        set: &[u32],
        keys: &[Key],
        cutoff: u32,
        fail: &mut u32,
        outside_only: bool,
    ) -> Vec<Ranked> {
        let space = self.space;
        let n = set.len() as u32;
        let small = self.is_small(n);
        let bits = self.answers_by_bits(guesses, set, cutoff, fail, outside_only);
        let guesses: &[u32] = bits.kept.as_deref().unwrap_or(guesses);
        let mut ranking = Ranking {
            n,
            win: usize::from(space.win_class()),
            classes: space.classes(),
            cutoff,
            lb: &self.bounds.lb,
            order: Vec::new(),
            fail,
        };
        let scored = match (self.tables.table(space), &bits.answers) {
            (Some(_), Some(answers)) if n > 2 && small => {
                for &g in guesses {
                    let seen = u64::from(answers.seen[g as usize]);
                    ranking.consider_answers(g, seen, answers.win);
                }
                true
            }
            (Some(table), _) if n > 2 => {
                self.score_by_table(table, guesses, set, small, &mut ranking)
            }
            _ => self.score_by_keys(guesses, keys, small, &mut ranking),
        };
        if !scored {
            return Vec::new();
        }
        let mut order = ranking.order;
        order.sort_unstable();
        order
    }

    /// Whether [`Ranker::rank`] scores `guesses` codes by answer bits: when they are most of
    /// the game's codes and the game has the bits.
    pub(super) fn ranks_by_bits(&self, guesses: usize) -> bool {
        guesses * 4 > self.space.len() && self.tables.bits(self.space).is_some()
    }

    /// Whether a set of `n` secrets is small enough that every answer class has at most
    /// branch + 1 secrets, where LB(m) = 2m - 1: then a guess's bound is 3n - 2w - p (w: the
    /// guess is a candidate, p: non-winning classes), so only the set of classes that occur
    /// is needed (and they fit a `u64`).
    fn is_small(&self, n: u32) -> bool {
        n <= self.bounds.branch + 1 && self.space.classes() <= 64
    }

    /// When most codes are ranked, the answers each code gets (not how often) come cheaply
    /// from whole rows of answer bits; for small sets they are all the bound needs, and for
    /// larger ones they floor it, so only the codes whose floor is below the cutoff are
    /// counted exactly.
    fn answers_by_bits(
        &self,
        guesses: &[u32],
        set: &[u32],
        cutoff: u32,
        fail: &mut u32,
        outside_only: bool,
    ) -> BitsVerdict {
        let n = set.len() as u32;
        let small = self.is_small(n);
        if n > 2
            && self.ranks_by_bits(guesses.len())
            && let Some(bits) = self.tables.bits(self.space)
        {
            let answers = bits.answer_sets(set);
            if small && !outside_only {
                return BitsVerdict {
                    answers: Some(answers),
                    kept: None,
                };
            }
            let floor = if small { 0 } else { cutoff };
            let kept = (self.bounds).answer_floor(guesses, &answers, n, floor, outside_only, fail);
            return BitsVerdict {
                answers: small.then_some(answers),
                kept: Some(kept),
            };
        }
        debug_assert!(!outside_only, "only ranking by bits sorts candidates out");
        BitsVerdict::default()
    }

    /// Scores `guesses` from the answer table. The answers of every guess to one secret are
    /// a row of the table: go secret by secret, so each row is read once, in order. `false`
    /// when the deadline passed.
    fn score_by_table(
        &self,
        table: &[u8],
        guesses: &[u32],
        set: &[u32],
        small: bool,
        ranking: &mut Ranking,
    ) -> bool {
        let width = self.space.len();
        let classes = ranking.classes;
        let row_of = |s: u32| &table[s as usize * width..(s as usize + 1) * width];
        if small {
            let mut seen = vec![0u64; guesses.len()];
            for &s in set {
                let row = row_of(s);
                for (m, &g) in seen.iter_mut().zip(guesses) {
                    *m |= 1u64 << row[g as usize];
                }
            }
            let win = ranking.win as u32;
            for (&g, &m) in guesses.iter().zip(&seen) {
                ranking.consider_answers(g, m, win);
            }
        } else {
            let mut counts = vec![0u16; guesses.len() * classes];
            for (i, &s) in set.iter().enumerate() {
                if i % 256 == 255 && self.clock.expired(usize::MAX) {
                    return false;
                }
                let row = row_of(s);
                for (c, &g) in counts.chunks_exact_mut(classes).zip(guesses) {
                    c[usize::from(row[g as usize])] += 1;
                }
            }
            for (&g, c) in guesses.iter().zip(counts.chunks_exact(classes)) {
                ranking.consider_counts(g, c);
            }
        }
        true
    }

    /// Scores `guesses` by judging each against the set's keys (no answer table). `false`
    /// when the deadline passed.
    fn score_by_keys(
        &self,
        guesses: &[u32],
        keys: &[Key],
        small: bool,
        ranking: &mut Ranking,
    ) -> bool {
        let space = self.space;
        let win = ranking.win as u32;
        let mut counts = vec![0u16; ranking.classes];
        for (i, &g) in guesses.iter().enumerate() {
            // Huge sets: look at the clock within the scan too.
            if ranking.n > 4096 && i % 64 == 0 && self.clock.expired(usize::MAX) {
                return false;
            }
            let gk = space.key(g);
            if small {
                let mut seen = 0u64;
                for k in keys {
                    seen |= 1u64 << space.class_keys(&gk, k);
                }
                ranking.consider_answers(g, seen, win);
            } else {
                counts.iter_mut().for_each(|c| *c = 0);
                for k in keys {
                    counts[usize::from(space.class_keys(&gk, k))] += 1;
                }
                ranking.consider_counts(g, &counts);
            }
        }
        true
    }
}

/// The guesses [`Ranker::rank`] keeps, as it scores them.
struct Ranking<'a> {
    /// Secrets in the set.
    n: u32,
    /// The winning answer's class.
    win: usize,
    /// Answer classes of the game.
    classes: usize,
    /// Guesses whose bound reaches it are dropped.
    cutoff: u32,
    /// `LB(m)`, the least total of a set of `m` secrets.
    lb: &'a [u32],
    order: Vec<Ranked>,
    /// The least bound of the dropped guesses.
    fail: &'a mut u32,
}

impl Ranking<'_> {
    /// Keeps `g` (bound `bound`, splitting the set into `parts` classes, `found` when it is a
    /// candidate) unless it tells nothing or cannot beat the cutoff.
    fn consider(&mut self, g: u32, bound: u32, parts: usize, found: bool) {
        if parts == 1 && !found {
            return; // tells nothing
        }
        if bound >= self.cutoff {
            *self.fail = (*self.fail).min(bound);
            return;
        }
        self.order.push(Ranked {
            bound,
            outside: !found,
            missing: self.classes - parts,
            guess: g,
        });
    }

    /// `g` on a small set, from the set of answers it gets (`seen`, bit `win` the winning
    /// one): every class has at most branch + 1 secrets, so the bound is `3n - 2w - p`.
    fn consider_answers(&mut self, g: u32, seen: u64, win: u32) {
        let parts = seen.count_ones();
        let w = ((seen >> win) & 1) as u32;
        let bound = 3 * self.n - 2 * w - (parts - w);
        self.consider(g, bound, parts as usize, w == 1);
    }

    /// `g` from how many secrets get each answer: `n` plus `LB` of every non-winning class.
    fn consider_counts(&mut self, g: u32, counts: &[u16]) {
        let mut parts = 0;
        let mut bound = self.n;
        for (c, &m) in counts.iter().enumerate() {
            if m == 0 {
                continue;
            }
            parts += 1;
            if c != self.win {
                bound += self.lb[usize::from(m)];
            }
        }
        self.consider(g, bound, parts, counts[self.win] > 0);
    }
}
