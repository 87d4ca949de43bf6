//! The `optimal` strategy: the least total number of guesses over all candidate secrets, by
//! exact search. No table of known results is involved.
//!
//! `T(S)`, the least total over a candidate set `S` (every secret of `S` counted once, its
//! final all-strikes guess included), satisfies `T({x}) = 1` and
//! `T(S) = |S| + min over guesses g of sum over non-winning answers c of T(S_c(g))`, where `g`
//! ranges over *every* code of the game, consistent or not: a non-candidate can split better.
//! Guesses that do not split `S` are useless and skipped.
//!
//! The search is a depth-first branch and bound; this module holds the search itself, and
//! beside it:
//! - `bounds`: lower bounds of `T` (the size bound, the answer-bit floor, the pair bound).
//!   A guess's bound is `|S| + sum LB(|S_c|)`; guesses are tried in order of that bound and
//!   the search stops as soon as the next bound cannot beat the best total found. Children
//!   are searched with the budget left (`limit`), largest first, so hopeless guesses fail
//!   fast; a failed search still records the lower bound it proved.
//! - `ranking`: each guess's bound, best first, computed from the cheapest source: answer
//!   bits, the answer table or the codes' keys (`tables`).
//! - `pools`: symmetry of guesses. Renaming symbols that no guess has used, and any
//!   (position permutation, symbol renaming) that fixes every guess made so far, maps `S` onto
//!   itself, so only one guess per orbit is examined (at the start of Mastermind, 5 guesses
//!   instead of 1296); guesses that split `S` into the same subsets are examined once (a
//!   128-bit hash of the partition, independent of the answers' labels).
//! - `memo`: symmetry of states. `T(S)` depends on `S` alone and is unchanged by renamings,
//!   so it is memoised on the canonical name of `S` ([`crate::symmetry::canonical`]):
//!   equivalent states reached by different histories are searched once. Sets under
//!   `CANONICAL_MIN` are memoised as they are (see there).
//! - `clock`: the deadline, read in one place.
//!
//! Both cores: large nodes examine their first guess, then the others in parallel (rayon),
//! sharing the best total so far; ties go to the guess first in the examination order, so the
//! result does not depend on the threads' timing. A node without a budget (the root) solves
//! its children in parallel, smallest first.

mod bounds;
mod clock;
mod memo;
mod pools;
mod ranking;
mod tables;

use puzzles_common::Deadline;
use std::collections::HashSet;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

use rayon::prelude::*;

use crate::rng;
use crate::space::{Key, Space};
use crate::strategy::{BestGuess, Knowledge};
use crate::symmetry::{AlikeSymbols, Canonical, Relabel, Symmetry, canonical};

use bounds::{ABORT, SizeBounds};
use clock::Clock;
use memo::Memo;
use pools::{GuessPools, canonical_guesses};
use ranking::{Ranked, Ranker};
use tables::AnswerTables;

/// Split hashes are already well spread; SipHash would cost more than it guards.
type Fx = rustc_hash::FxBuildHasher;

/// Nodes with at least this many candidates examine their guesses in parallel.
const PARALLEL_MIN: usize = 200;
/// Nodes with at least this many candidates look their children up in the memo before
/// searching any (see [`Optimizer::try_guess`]).
const MEMO_CHILDREN_MIN: usize = 40;
/// Sets of fewer candidates are memoised as they are, not by canonical form. The canonical
/// form depends on the history, so the same small set reached by histories that are not
/// renamings of one another gets several names, while the set itself has one; and naming
/// costs more than it saves on small sets. On the 480- and 720-candidate classes after 0123,
/// one thread (`cargo run --release -p baseball-core --example classes -- 4 0123456789
/// norepeats 600 single only 720`, and `only 480`): 16 beats 0, 8, 12, 24, 32 and 64 (CPU
/// 1.43 s and 10.7 s against 2.19 s and 19.1 s with every set canonical).
const CANONICAL_MIN: usize = 16;

/// Work done by a search, for measurements.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Work {
    /// Candidate sets searched.
    pub nodes: u64,
    /// Nodes whose search went past the candidates to every other code.
    pub second_passes: u64,
    /// Answers computed while ranking guesses.
    pub answers: u64,
    /// Searches of a set already searched with a smaller limit.
    pub revisits: u64,
}

/// The counters behind [`Work`], shared by the threads.
#[derive(Debug, Default)]
struct WorkCounters {
    nodes: AtomicU64,
    second_passes: AtomicU64,
    answers: AtomicU64,
    revisits: AtomicU64,
}

/// Exact search for the least total number of guesses. Holds its memo between calls, so
/// asking for the best guess of every node of the optimal game tree after solving its root
/// costs nothing more.
pub struct Optimizer<'a> {
    space: &'a Space,
    memo: Memo,
    bounds: SizeBounds,
    /// Random salt of each code, for hashing splits ([`Optimizer::split_hash`]).
    salt: Vec<(u64, u64)>,
    clock: Clock,
    work: WorkCounters,
    pools: GuessPools,
    /// Whether large nodes may use more than one thread.
    parallel: bool,
    tables: AnswerTables,
}

impl std::fmt::Debug for Optimizer<'_> {
    /// A summary: the answer table and the memo are megabytes.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Optimizer")
            .field("codes", &self.space.len())
            .field("memo_entries", &self.memo.len())
            .field("deadline", &self.clock.deadline())
            .field("parallel", &self.parallel)
            .field("work", &self.work())
            .finish_non_exhaustive()
    }
}

/// The state of one node's branch and bound.
struct Node {
    /// Best total found, or the caller's limit.
    best: u32,
    /// The guess achieving `best`, once one beats the limit.
    guess: Option<u32>,
    /// Least lower bound proved for the guesses that failed (while none succeeded).
    fail: u32,
    /// Splits already searched at this node.
    seen: HashSet<(u64, u64), Fx>,
}

impl<'a> Optimizer<'a> {
    /// An optimizer for `space` that gives up at `deadline`.
    pub fn new(space: &'a Space, deadline: Deadline) -> Self {
        let mut r = rng::SplitMix64::new(0x0b5e_55ed);
        let salt = (0..space.len())
            .map(|_| (r.next_u64(), r.next_u64()))
            .collect();
        Optimizer {
            space,
            memo: Memo::new(),
            bounds: SizeBounds::new(space),
            salt,
            clock: Clock::new(deadline),
            work: WorkCounters::default(),
            pools: GuessPools::default(),
            parallel: true,
            tables: AnswerTables::default(),
        }
    }

    /// Searches with one thread only (for measuring, and for callers that already run many
    /// searches side by side).
    pub fn single_threaded(mut self) -> Self {
        self.parallel = false;
        self
    }

    /// Whether a search ran out of time.
    pub fn timed_out(&self) -> bool {
        self.clock.timed_out()
    }

    /// Work done so far.
    pub fn work(&self) -> Work {
        let w = &self.work;
        Work {
            nodes: w.nodes.load(Ordering::Relaxed),
            second_passes: w.second_passes.load(Ordering::Relaxed),
            answers: w.answers.load(Ordering::Relaxed),
            revisits: w.revisits.load(Ordering::Relaxed),
        }
    }

    /// Number of candidate sets whose value or bound is memoised.
    pub fn memo_len(&self) -> usize {
        self.memo.len()
    }

    /// The least total number of guesses to find every secret of `know.set`, and a first guess
    /// achieving it; `None` when the deadline passed first.
    pub fn solve(&mut self, know: &Knowledge) -> Option<BestGuess> {
        let set = &know.set;
        let small = |guess, total| Some(BestGuess { guess, total });
        match set.len() {
            0 => return small(0, 0),
            1 => return small(set[0], 1),
            2 => return small(set[0], 3),
            _ => {}
        }
        let v = self.cost(set, know.used, &know.guesses, ABORT);
        if self.timed_out() || v >= ABORT {
            return None;
        }
        let canon = self.name(&know.guesses, set)?;
        let e = self.memo.get(&canon.key)?;
        debug_assert!(e.exact && e.value == v);
        Some(BestGuess {
            guess: canon.relabel.inverse().apply(self.space, e.guess),
            total: u64::from(v),
        })
    }

    /// `T(set)` if it is below `limit`; otherwise a lower bound of `T(set)` that is at least
    /// `limit`.
    ///
    /// Guesses are examined in two passes: first the candidates themselves (cheap: `n^2`
    /// answers), then every other code. The second pass is skipped when the first already
    /// reached `LB_out(n)`, the bound no non-candidate can beat (it finds nobody with its first
    /// guess); deep in the tree, where sets are small, that is the usual case.
    fn cost(&self, set: &[u32], used: u64, history: &[u32], limit: u32) -> u32 {
        let n = set.len();
        match n {
            0 => return 0,
            1 => return 1,
            2 => return 3,
            _ => {}
        }
        if self.bounds.lb[n] >= limit {
            return self.bounds.lb[n];
        }
        let Some(canon) = self.name(history, set) else {
            return ABORT;
        };
        self.cost_named(set, canon, used, history, limit)
    }

    /// [`Optimizer::cost`] of a set whose canonical name is known.
    fn cost_named(
        &self,
        set: &[u32],
        canon: Canonical,
        used: u64,
        history: &[u32],
        limit: u32,
    ) -> u32 {
        let n = set.len();
        if let Some(e) = self.memo.get(&canon.key) {
            if e.exact || e.value >= limit {
                return e.value;
            }
            self.work.revisits.fetch_add(1, Ordering::Relaxed);
        }
        if self.clock.expired(n) {
            return ABORT;
        }
        let space = self.space;
        let sym = Symmetry::new(space, used, history);
        let alike = AlikeSymbols::of(space, set);
        let keys = space.keys_of(set);
        let mut node = Node {
            best: limit,
            guess: None,
            fail: u32::MAX,
            seen: HashSet::default(),
        };
        // First pass: the candidates.
        self.work.nodes.fetch_add(1, Ordering::Relaxed);
        let inside = set.iter().copied();
        let Some(inside) = canonical_guesses(space, &sym, &alike, inside, &self.clock) else {
            return ABORT;
        };
        let order = self.rank(&inside, set, &keys, limit, &mut node.fail, false);
        if n > 4096 && self.clock.expired(n) {
            return ABORT;
        }
        self.search(set, used, history, &order, &mut node);
        if self.timed_out() {
            return ABORT;
        }
        let lb_out = self.bounds.lb_out[n];
        let done = match node.guess {
            Some(_) => node.best <= lb_out,
            None => lb_out >= limit,
        };
        if !done {
            // Second pass: every other code.
            self.work.second_passes.fetch_add(1, Ordering::Relaxed);
            let Some(order) = self.rank_outside(set, history, &sym, &alike, &keys, &mut node)
            else {
                return ABORT;
            };
            if n > 4096 && self.clock.expired(n) {
                return ABORT;
            }
            self.search(set, used, history, &order, &mut node);
            if self.timed_out() {
                return ABORT;
            }
        } else if node.guess.is_none() {
            node.fail = node.fail.min(lb_out);
        }
        match node.guess {
            Some(g) => {
                self.memo
                    .exact(canon.key, node.best, canon.relabel.apply(space, g));
                node.best
            }
            None => {
                let v = node.fail.max(limit);
                self.memo.lower(canon.key, v);
                v
            }
        }
    }

    /// The second pass's guesses, ranked: the codes that are not candidates, one per class
    /// under the symmetries of `history` and swaps of `alike` symbols, with those that cannot
    /// beat `node.best` dropped first where that is cheap. `None` when the deadline passed
    /// while the orbits were being found.
    fn rank_outside(
        &self,
        set: &[u32],
        history: &[u32],
        sym: &Symmetry,
        alike: &AlikeSymbols,
        keys: &[Key],
        node: &mut Node,
    ) -> Option<Vec<Ranked>> {
        let space = self.space;
        let cutoff = node.best;
        let pool = sym.is_trivial().then(|| self.pools.alike(space, alike));
        let outside: Vec<u32> = match &pool {
            // Ranked by answer bits, the candidates drop out by themselves (only they get
            // the winning answer), and the floor there is stronger than the pair bound.
            Some(pool) if self.ranker().ranks_by_bits(pool.len()) => {
                return Some(self.rank(pool, set, keys, cutoff, &mut node.fail, true));
            }
            Some(pool) => {
                let mut member = vec![0u64; space.len().div_ceil(64)];
                for &c in set {
                    member[c as usize / 64] |= 1 << (c % 64);
                }
                let outside = pool
                    .iter()
                    .copied()
                    .filter(|&g| member[g as usize / 64] & (1 << (g % 64)) == 0)
                    .collect();
                self.drop_hopeless(outside, set, cutoff, node)
            }
            None => {
                let orbits = self.pools.orbits(space, sym, history, &self.clock)?;
                let outside: Vec<u32> = orbits
                    .iter()
                    .copied()
                    .filter(|g| set.binary_search(g).is_err())
                    .filter(|&g| alike.is_canonical(space.code(g)))
                    .collect();
                if self.ranker().ranks_by_bits(outside.len()) {
                    outside
                } else {
                    self.drop_hopeless(outside, set, cutoff, node)
                }
            }
        };
        Some(self.rank(&outside, set, keys, cutoff, &mut node.fail, false))
    }

    /// The memo's name of `set`, reached by `history`: its canonical form, or below
    /// [`CANONICAL_MIN`] candidates the set itself. `None` when the deadline passed while a
    /// large set was being named.
    fn name(&self, history: &[u32], set: &[u32]) -> Option<Canonical> {
        if set.len() < CANONICAL_MIN {
            return Some(Canonical {
                key: set.to_vec(),
                relabel: Relabel::identity(self.space.code_len()),
            });
        }
        canonical(self.space, history, set, || self.clock.expired(set.len()))
    }

    /// Ranks `guesses` on `set` (see [`Ranker::rank`]), counting the answers it looks at.
    fn rank(
        &self,
        guesses: &[u32],
        set: &[u32],
        keys: &[Key],
        cutoff: u32,
        fail: &mut u32,
        outside_only: bool,
    ) -> Vec<Ranked> {
        let answers = guesses.len() as u64 * set.len() as u64;
        self.work.answers.fetch_add(answers, Ordering::Relaxed);
        self.ranker()
            .rank(guesses, set, keys, cutoff, fail, outside_only)
    }

    fn ranker(&self) -> Ranker<'_> {
        Ranker {
            space: self.space,
            bounds: &self.bounds,
            tables: &self.tables,
            clock: &self.clock,
        }
    }

    /// The non-candidates of `outside` that may beat `cutoff` on `set` by the pair bound
    /// ([`SizeBounds::pair_filter`]); all of them when the game has no answer table.
    fn drop_hopeless(
        &self,
        outside: Vec<u32>,
        set: &[u32],
        cutoff: u32,
        node: &mut Node,
    ) -> Vec<u32> {
        let Some(table) = self.tables.table(self.space) else {
            return outside;
        };
        (self.bounds).pair_filter(table, outside, set, cutoff, &mut node.fail)
    }

    /// `set` split by the answers to `g`, in one allocation: the codes grouped by answer
    /// (ascending within each group) and the end of each answer's group.
    fn split(&self, set: &[u32], g: u32) -> (Vec<u32>, Vec<usize>) {
        let space = self.space;
        let classes: Vec<u8> = set.iter().map(|&s| space.fb(g, s)).collect();
        let mut ends = vec![0usize; space.classes()];
        for &c in &classes {
            ends[usize::from(c)] += 1;
        }
        let mut at = 0;
        for e in ends.iter_mut() {
            at += *e;
            *e = at - *e; // the group's start, for now
        }
        let mut answers = vec![0u32; set.len()];
        for (&s, &c) in set.iter().zip(&classes) {
            let slot = &mut ends[usize::from(c)];
            answers[*slot] = s;
            *slot += 1;
        }
        (answers, ends)
    }

    /// A 128-bit hash of the split of `set` by `g`, independent of the answers' labels (only
    /// which secrets go together, and which one is found, matter to the search).
    fn split_hash(&self, set: &[u32], g: u32) -> (u64, u64) {
        let space = self.space;
        let win = usize::from(space.win_class());
        let mut h1 = [0u64; 128];
        let mut h2 = [0u64; 128];
        let classes = space.classes().min(128);
        for &s in set {
            let c = usize::from(space.fb(g, s));
            let (a, b) = self.salt[s as usize];
            h1[c] = h1[c].wrapping_add(a);
            h2[c] = h2[c].wrapping_add(b);
        }
        let (mut k1, mut k2) = (0u64, 0u64);
        for c in 0..classes {
            if h1[c] == 0 && h2[c] == 0 {
                continue;
            }
            let tag = if c == win { 0x5a5a } else { 0 };
            k1 = k1.wrapping_add(rng::mix(h1[c] ^ tag));
            k2 = k2.wrapping_add(rng::mix(h2[c] ^ tag));
        }
        (k1, k2)
    }

    /// The total of guess `g` at `set` (its lower bound `bound`) if below `limit`; otherwise a
    /// lower bound of it that is at least `limit`.
    fn try_guess(
        &self,
        set: &[u32],
        used: u64,
        history: &[u32],
        g: u32,
        bound: u32,
        limit: u32,
    ) -> u32 {
        let space = self.space;
        let (answers, split) = self.split(set, g);
        let mut children: Vec<&[u32]> = Vec::with_capacity(space.classes());
        let mut start = 0;
        for (c, &end) in split.iter().enumerate() {
            if end > start && c != usize::from(space.win_class()) {
                children.push(&answers[start..end]);
            }
            start = end;
        }
        // Largest class first.
        children.sort_unstable_by_key(|c| std::cmp::Reverse(c.len()));
        let child_used = used | space.symbol_set(g);
        let mut hist = Vec::with_capacity(history.len() + 1);
        hist.extend_from_slice(history);
        hist.push(g);
        // What the memo already knows of the children (from sibling guesses, or from other
        // histories) tightens every child's budget before any of them is searched. Naming
        // every child costs more than it saves below [`MEMO_CHILDREN_MIN`] candidates.
        let ask_memo = set.len() >= MEMO_CHILDREN_MIN;
        let Some((known, named)) = self.child_bounds(&children, &hist, ask_memo) else {
            return ABORT;
        };
        let mut total = set.len() as u32 + known.iter().sum::<u32>();
        debug_assert!(total >= bound);
        if total >= limit {
            return total;
        }
        if limit >= ABORT {
            // No budget to share out (the root, or the first guess of a node with none): the
            // children are solved exactly whatever their order. Smallest first: their memo
            // entries then help the large ones (the 4-digit proof on one thread, `cargo run
            // --release -p baseball-core --example optimum -- 4 0123456789 norepeats
            // --single`: 112.5 s CPU and 3.65 million nodes largest first, 51.5 s and 1.78
            // million smallest first), and on every core at once.
            children.reverse();
            return self.solve_children(set.len(), &children, child_used, &hist);
        }
        for ((child, lower), name) in children.iter().zip(known).zip(named) {
            if child.len() <= 2 {
                continue; // the bound is exact
            }
            let rest = total - lower;
            let v = match name {
                Some(canon) => self.cost_named(child, canon, child_used, &hist, limit - rest),
                None => self.cost(child, child_used, &hist, limit - rest),
            };
            if self.timed_out() {
                return ABORT;
            }
            total = rest + v;
            if total >= limit {
                break;
            }
        }
        total
    }

    /// A lower bound of each child's total (`LB`, raised by what the memo knows of it when
    /// `ask_memo`) and its canonical name when one was made; `None` when the deadline passed
    /// while naming.
    #[allow(clippy::type_complexity)]
    fn child_bounds(
        &self,
        children: &[&[u32]],
        hist: &[u32],
        ask_memo: bool,
    ) -> Option<(Vec<u32>, Vec<Option<Canonical>>)> {
        let mut named = Vec::with_capacity(children.len());
        let mut known = Vec::with_capacity(children.len());
        for child in children {
            let m = child.len();
            let mut lower = self.bounds.lb[m];
            let mut name = None;
            if m > 2 && ask_memo {
                let canon = self.name(hist, child)?;
                if let Some(e) = self.memo.get(&canon.key) {
                    lower = lower.max(e.value);
                }
                name = Some(canon);
            }
            known.push(lower);
            named.push(name);
        }
        Some((known, named))
    }

    /// The exact total of a guess splitting `n` secrets into `children` (the winning class
    /// left out), each solved with no limit, in the order given: on every core when the set
    /// is large.
    fn solve_children(&self, n: usize, children: &[&[u32]], used: u64, hist: &[u32]) -> u32 {
        let value = |child: &&[u32]| self.cost(child, used, hist, ABORT);
        let values: Vec<u32> = if self.parallel && n >= PARALLEL_MIN {
            children.par_iter().map(value).collect()
        } else {
            children.iter().map(value).collect()
        };
        if self.timed_out() {
            return ABORT;
        }
        n as u32 + values.iter().sum::<u32>()
    }

    /// Branch and bound over ranked guesses, improving `node`.
    fn search(&self, set: &[u32], used: u64, history: &[u32], order: &[Ranked], node: &mut Node) {
        if self.parallel && set.len() >= PARALLEL_MIN && order.len() > 1 {
            // The first guess alone first: it is usually the best, and its total then bounds
            // the others, searched on every core, from their start.
            self.search_in_order(set, used, history, &order[..1], node);
            if self.timed_out() {
                return;
            }
            return self.search_parallel(set, used, history, &order[1..], node);
        }
        self.search_in_order(set, used, history, order, node);
    }

    /// [`Optimizer::search`] on one thread, guesses in order.
    fn search_in_order(
        &self,
        set: &[u32],
        used: u64,
        history: &[u32],
        order: &[Ranked],
        node: &mut Node,
    ) {
        for r in order {
            if r.bound >= node.best {
                if node.guess.is_none() {
                    node.fail = node.fail.min(r.bound);
                }
                return;
            }
            if !node.seen.insert(self.split_hash(set, r.guess)) {
                continue; // the same split as a guess already searched
            }
            let total = self.try_guess(set, used, history, r.guess, r.bound, node.best);
            if self.timed_out() {
                return;
            }
            if total < node.best {
                node.best = total;
                node.guess = Some(r.guess);
            } else if node.guess.is_none() {
                node.fail = node.fail.min(total);
            }
        }
    }

    /// [`Optimizer::search`] with the guesses examined in parallel. The best (total, rank)
    /// so far is shared; a guess ranked before the current best may tie it and still win, so
    /// the outcome is the one the sequential search finds.
    fn search_parallel(
        &self,
        set: &[u32],
        used: u64,
        history: &[u32],
        order: &[Ranked],
        node: &mut Node,
    ) {
        let none = u64::from(u32::MAX);
        // Guesses that split like an earlier one are dropped first (cheap next to a search).
        // Rank 0 is a guess found before this call (by the first pass), so it wins ties.
        let distinct: Vec<(u64, &Ranked)> = order
            .iter()
            .enumerate()
            .filter(|(_, r)| r.bound < node.best)
            .filter(|(_, r)| node.seen.insert(self.split_hash(set, r.guess)))
            .map(|(i, r)| (i as u64 + 1, r))
            .collect();
        let best = AtomicU64::new(
            (u64::from(node.best) << 32) | if node.guess.is_some() { 0 } else { none },
        );
        let fail = AtomicU32::new(node.fail);
        distinct.par_iter().for_each(|&(i, r)| {
            if self.timed_out() {
                return;
            }
            let current = best.load(Ordering::Relaxed);
            let (total, index) = ((current >> 32) as u32, current & none);
            let limit = if index != none && i < index {
                total + 1
            } else {
                total
            };
            if r.bound >= limit {
                fail.fetch_min(r.bound, Ordering::Relaxed);
                return;
            }
            let t = self.try_guess(set, used, history, r.guess, r.bound, limit);
            if self.timed_out() {
                return;
            }
            if t < limit {
                best.fetch_min((u64::from(t) << 32) | i, Ordering::Relaxed);
            } else {
                fail.fetch_min(t, Ordering::Relaxed);
            }
        });
        let current = best.into_inner();
        let index = current & none;
        if index != none && index > 0 {
            node.best = (current >> 32) as u32;
            node.guess = Some(order[index as usize - 1].guess);
        } else if index == none {
            node.fail = node.fail.min(fail.into_inner());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::code::CodeSpec;
    use std::collections::HashMap;

    fn space(len: usize, alpha: &str, rep: bool) -> Space {
        Space::new(&CodeSpec::new(len, alpha, rep, "").unwrap(), "").unwrap()
    }

    /// Plain recursion over every guess, no bounds, no symmetry: the definition of T (memoised
    /// on the set only, which the definition allows).
    fn brute(space: &Space, set: &[u32]) -> u32 {
        brute_memo(space, set, &mut HashMap::new())
    }

    fn brute_memo(space: &Space, set: &[u32], memo: &mut HashMap<Vec<u32>, u32>) -> u32 {
        if set.len() <= 1 {
            return set.len() as u32;
        }
        if let Some(&v) = memo.get(set) {
            return v;
        }
        let win = space.win_class();
        let mut best = u32::MAX;
        for g in 0..space.len() as u32 {
            let mut children: Vec<Vec<u32>> = vec![Vec::new(); space.classes()];
            for &s in set {
                let c = space.fb(g, s);
                if c != win {
                    children[usize::from(c)].push(s);
                }
            }
            if children.iter().any(|c| c.len() == set.len()) {
                continue;
            }
            let t: u32 = set.len() as u32
                + children
                    .iter()
                    .map(|c| brute_memo(space, c, memo))
                    .sum::<u32>();
            best = best.min(t);
        }
        memo.insert(set.to_vec(), best);
        best
    }

    #[test]
    fn matches_brute_force_on_small_games() {
        for (len, alpha, rep) in [
            // The tiniest games: a set as large as the game once read past the bound table.
            (1, "01", false),
            (2, "01", true),
            (1, "012", true),
            (2, "0123", false),
            (2, "012", true),
            (3, "0123", false),
            (2, "01234", false),
            (3, "012", true),
            (3, "0123", true),
            (2, "012345", false),
            (3, "01234", false),
        ] {
            let sp = space(len, alpha, rep);
            let want = brute(&sp, &sp.all());
            let mut opt = Optimizer::new(&sp, Deadline::NEVER);
            let got = opt.solve(&Knowledge::start(&sp, 0)).unwrap().total;
            assert_eq!(got, u64::from(want), "{len} {alpha} {rep}");
        }
    }

    /// 120 codes with the full 4-position symmetry: minutes of brute force.
    #[test]
    #[ignore = "brute force over a 120-code game takes a few minutes"]
    fn matches_brute_force_on_four_of_five() {
        let sp = space(4, "01234", false);
        let want = brute(&sp, &sp.all());
        let mut opt = Optimizer::new(&sp, Deadline::NEVER);
        assert_eq!(
            opt.solve(&Knowledge::start(&sp, 0)).unwrap().total,
            u64::from(want)
        );
    }

    #[test]
    fn three_digits_from_ten() {
        let sp = space(3, "0123456789", false);
        let mut opt = Optimizer::new(&sp, Deadline::NEVER);
        assert_eq!(opt.solve(&Knowledge::start(&sp, 0)).unwrap().total, 3575);
    }

    #[test]
    fn three_digits_from_nine() {
        let sp = space(3, "123456789", false);
        let mut opt = Optimizer::new(&sp, Deadline::NEVER);
        assert_eq!(opt.solve(&Knowledge::start(&sp, 0)).unwrap().total, 2337);
    }

    /// Tanaka's optimum for 4 distinct digits (26274, 5.2131 on average): about a minute of
    /// CPU and 440 MB, too much for every test run (see the README's measurements).
    #[test]
    #[ignore = "4-digit optimum: a minute of CPU"]
    fn four_digits_tanaka() {
        let sp = space(4, "0123456789", false);
        let mut opt = Optimizer::new(&sp, Deadline::NEVER);
        assert_eq!(opt.solve(&Knowledge::start(&sp, 0)).unwrap().total, 26274);
    }

    #[test]
    fn mastermind_koyama_lai() {
        let sp = space(4, "123456", true);
        let mut opt = Optimizer::new(&sp, Deadline::NEVER);
        assert_eq!(opt.solve(&Knowledge::start(&sp, 0)).unwrap().total, 5625);
    }
}
