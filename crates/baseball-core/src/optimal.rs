//! The `optimal` strategy: the least total number of guesses over all candidate secrets, by
//! exact search. No table of known results is involved.
//!
//! `T(S)`, the least total over a candidate set `S` (every secret of `S` counted once, its
//! final all-strikes guess included), satisfies `T({x}) = 1` and
//! `T(S) = |S| + min over guesses g of sum over non-winning answers c of T(S_c(g))`, where `g`
//! ranges over *every* code of the game, consistent or not: a non-candidate can split better.
//! Guesses that do not split `S` are useless and skipped.
//!
//! The search is a depth-first branch and bound:
//! - lower bound: a guesser whose guesses have at most `k` answers can finish at most one
//!   secret with its first guess, `k - 1` with its second, `(k - 1)^2` with its third, ...; filling
//!   those slots greedily bounds `T` of any `n` secrets from below. A guess's bound is
//!   `|S| + sum LB(|S_c|)`; guesses are tried in order of that bound and the search stops as soon
//!   as the next bound cannot beat the best total found. Children are searched with the budget
//!   left (`limit`), largest first, so hopeless guesses fail fast; a failed search still records
//!   the lower bound it proved.
//! - symmetry of guesses: renaming symbols that no guess has used, and any (position
//!   permutation, symbol renaming) that fixes every guess made so far, maps `S` onto itself, so
//!   only one guess per orbit is examined (at the start of Mastermind, 5 guesses instead of
//!   1296); guesses that split `S` into the same subsets are examined once (a 128-bit hash of the
//!   partition, independent of the answers' labels).
//! - symmetry of states: `T(S)` depends on `S` alone and is unchanged by renamings, so it is
//!   memoised on the canonical name of `S` ([`crate::symmetry::canonical`]): equivalent states
//!   reached by different histories are searched once. Sets under `CANONICAL_MIN` are
//!   memoised as they are (see there).
//! - answer bits: for games of at most 16 answers, the answers every code gets on a set come
//!   from OR-ing rows of a bit table; they bound small sets exactly and floor the bound of the
//!   others, so only codes under the cutoff are counted (`Optimizer::rank`).
//! - both cores: large nodes examine their first guess, then the others in parallel (rayon),
//!   sharing the best total so far; ties go to the guess first in the examination order, so the
//!   result does not depend on the threads' timing. A node without a budget (the root) solves
//!   its children in parallel, smallest first.

use puzzles_common::{Deadline, Poll};
use std::collections::{HashMap, HashSet};
use std::hash::BuildHasher;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use rayon::prelude::*;

use crate::rng;
use crate::space::{Key, Space};
use crate::strategy::{BestGuess, Knowledge};
use crate::symmetry::{AlikeSymbols, Canonical, Symmetry, canonical, guess_pool};

/// Memo and pool keys are already well spread; SipHash would cost more than it guards.
type Fx = rustc_hash::FxBuildHasher;

#[derive(Debug, Clone, Copy)]
struct Entry {
    /// Exact `T(S)` when `exact`, else a proven lower bound.
    value: u32,
    exact: bool,
    /// The best guess when `exact`, in the coordinates of the canonical set.
    guess: u32,
}

/// Value returned by a search cut short by the deadline (never stored).
const ABORT: u32 = u32::MAX / 4;
/// Nodes with at least this many candidates examine their guesses in parallel.
const PARALLEL_MIN: usize = 200;
/// Nodes with at least this many candidates look their children up in the memo before
/// searching any (see [`Optimizer::try_guess`]).
const MEMO_CHILDREN_MIN: usize = 40;
/// Sets of fewer candidates are memoised as they are, not by canonical form. The canonical
/// form depends on the history, so the same small set reached by histories that are not
/// renamings of one another gets several names, while the set itself has one; and naming
/// costs more than it saves on small sets. Measured on the 480- and 720-candidate classes
/// after 0123 (one thread): 16 beats 0, 8, 12, 24, 32 and 64 (CPU 1.43 s and 10.7 s against
/// 2.19 s and 19.1 s with every set canonical).
const CANONICAL_MIN: usize = 16;
/// Largest game whose answer table the search builds (64 MB).
const MAX_TABLE_CODES: usize = 8192;
/// Most codes the cache of orbit pools holds (16 MB): deep histories rarely repeat, and a
/// 4-digit proof meets hundreds of thousands of them.
const MAX_ORBIT_CODES: usize = 1 << 22;
/// Memo shards (each behind its own lock, so threads rarely wait for one another).
const SHARDS: usize = 64;

/// Work done by a search, for measurements.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Work {
    /// Candidate sets searched.
    pub nodes: u64,
    /// Nodes whose search went past the candidates to every other code.
    pub second_rounds: u64,
    /// Answers computed while ranking guesses.
    pub answers: u64,
    /// Searches of a set already searched with a smaller limit.
    pub revisits: u64,
}

/// The memo: canonical candidate set -> value or lower bound, sharded by hash.
struct Memo {
    shards: Vec<Mutex<HashMap<Vec<u32>, Entry, Fx>>>,
}

impl Memo {
    fn new() -> Self {
        Memo {
            shards: (0..SHARDS)
                .map(|_| Mutex::new(HashMap::default()))
                .collect(),
        }
    }

    fn shard(&self, key: &[u32]) -> std::sync::MutexGuard<'_, HashMap<Vec<u32>, Entry, Fx>> {
        let h = Fx::default().hash_one(key);
        // A poisoned shard only means another thread panicked; its map is still consistent.
        self.shards[(h >> 58) as usize % SHARDS]
            .lock()
            .unwrap_or_else(|e| e.into_inner())
    }

    fn get(&self, key: &[u32]) -> Option<Entry> {
        self.shard(key).get(key).copied()
    }

    fn exact(&self, key: Vec<u32>, value: u32, guess: u32) {
        self.shard(&key).insert(
            key,
            Entry {
                value,
                exact: true,
                guess,
            },
        );
    }

    fn lower(&self, key: Vec<u32>, value: u32) {
        let mut shard = self.shard(&key);
        let e = shard.entry(key).or_insert(Entry {
            value: 0,
            exact: false,
            guess: 0,
        });
        if !e.exact && value > e.value {
            e.value = value;
        }
    }

    fn len(&self) -> usize {
        self.shards
            .iter()
            .map(|s| s.lock().unwrap_or_else(|e| e.into_inner()).len())
            .sum()
    }
}

impl std::fmt::Debug for Memo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Memo({} shards)", self.shards.len())
    }
}

/// Exact search for the least total number of guesses. Holds its memo between calls, so
/// asking for the best guess of every node of the optimal game tree after solving its root
/// costs nothing more.
pub struct Optimizer<'a> {
    space: &'a Space,
    memo: Memo,
    /// `lb[n]`: lower bound of `T` for `n` secrets.
    lb: Vec<u32>,
    /// `lb_out[n]`: lower bound of `T` for `n` secrets when the first guess is not one of them.
    lb_out: Vec<u32>,
    /// Most non-winning answers one guess can get (k - 1).
    branch: u32,
    salt: Vec<(u64, u64)>,
    deadline: Deadline,
    timed_out: AtomicBool,
    calls: AtomicU64,
    nodes: AtomicU64,
    second_rounds: AtomicU64,
    answers: AtomicU64,
    revisits: AtomicU64,
    /// Guesses worth examining, by the alike symbols of the set.
    pools: Mutex<HashMap<AlikeSymbols, Arc<Vec<u32>>, Fx>>,
    /// The first code of every orbit of a history's symmetries, by the history's sorted
    /// guesses (see [`Optimizer::orbit_pool`]).
    orbit_pools: Mutex<HashMap<Vec<u32>, Arc<Vec<u32>>, Fx>>,
    /// Codes held by `orbit_pools`.
    orbit_codes: std::sync::atomic::AtomicUsize,
    /// Whether large nodes may use more than one thread.
    parallel: bool,
    /// See [`Optimizer::table`].
    table: std::sync::OnceLock<Vec<u8>>,
    /// See [`Optimizer::answer_bits`].
    answer_bits: std::sync::OnceLock<Option<AnswerBits>>,
}

impl std::fmt::Debug for Optimizer<'_> {
    /// A summary: the answer table and the memo are megabytes.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Optimizer")
            .field("codes", &self.space.len())
            .field("memo_entries", &self.memo.len())
            .field("deadline", &self.deadline)
            .field("parallel", &self.parallel)
            .field("work", &self.work())
            .finish_non_exhaustive()
    }
}

impl<'a> Optimizer<'a> {
    /// An optimizer for `space` that gives up at `deadline`.
    pub fn new(space: &'a Space, deadline: Deadline) -> Self {
        // k: the most answers any single guess can produce over all codes.
        let pool = guess_pool(space, 0);
        let mut counts = vec![0u32; space.classes()];
        let all_keys = space.keys_of(&space.all());
        let k = pool
            .iter()
            .map(|&g| {
                space.partition_counts(&space.key(g), &all_keys, &mut counts);
                counts.iter().filter(|&&c| c > 0).count() as u64
            })
            .max()
            .unwrap_or(1)
            .max(2);
        let branch = k - 1;
        let n = space.len();
        // Fill the slots greedily: at most `first` secrets found by guess 1, then `branch` times
        // as many nodes per level.
        let greedy = |size: usize, first: u64| -> u32 {
            let (mut left, mut level, mut total) = (size as u64, 1u64, 0u64);
            let mut cap = first;
            let mut nodes = 1u64;
            while left > 0 {
                let take = left.min(cap);
                total += take * level;
                left -= take;
                level += 1;
                nodes = nodes.saturating_mul(branch);
                cap = nodes;
            }
            total.min(u64::from(ABORT)) as u32
        };
        let lb: Vec<u32> = (0..=n).map(|size| greedy(size, 1)).collect();
        let lb_out: Vec<u32> = (0..=n).map(|size| greedy(size, 0)).collect();
        let mut r = rng::SplitMix64::new(0x0b5e_55ed);
        let salt = (0..n).map(|_| (r.next_u64(), r.next_u64())).collect();
        Optimizer {
            space,
            memo: Memo::new(),
            lb,
            lb_out,
            branch: branch as u32,
            salt,
            deadline,
            timed_out: AtomicBool::new(false),
            calls: AtomicU64::new(0),
            nodes: AtomicU64::new(0),
            second_rounds: AtomicU64::new(0),
            answers: AtomicU64::new(0),
            revisits: AtomicU64::new(0),
            pools: Mutex::new(HashMap::default()),
            orbit_pools: Mutex::new(HashMap::default()),
            orbit_codes: std::sync::atomic::AtomicUsize::new(0),
            parallel: true,
            table: std::sync::OnceLock::new(),
            answer_bits: std::sync::OnceLock::new(),
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
        self.timed_out.load(Ordering::Relaxed)
    }

    /// Work done so far.
    pub fn work(&self) -> Work {
        Work {
            nodes: self.nodes.load(Ordering::Relaxed),
            second_rounds: self.second_rounds.load(Ordering::Relaxed),
            answers: self.answers.load(Ordering::Relaxed),
            revisits: self.revisits.load(Ordering::Relaxed),
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

    /// Whether the deadline has passed: the one place the search reads the clock. `n`: the
    /// size of the set about to be searched (large sets cost a full pass over the guesses
    /// each, so the clock is read every time; small ones every `Poll::EVERY` calls).
    fn expired(&self, n: usize) -> bool {
        if self.timed_out.load(Ordering::Relaxed) {
            return true;
        }
        let calls = self.calls.fetch_add(1, Ordering::Relaxed);
        if (n > 64 || calls.is_multiple_of(u64::from(Poll::EVERY))) && self.deadline.passed() {
            self.timed_out.store(true, Ordering::Relaxed);
        }
        self.timed_out()
    }

    /// `T(set)` if it is below `limit`; otherwise a lower bound of `T(set)` that is at least
    /// `limit`.
    ///
    /// Guesses are examined in two rounds: first the candidates themselves (cheap: `n^2`
    /// answers), then every other code. The second round is skipped when the first already
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
        if self.lb[n] >= limit {
            return self.lb[n];
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
            self.revisits.fetch_add(1, Ordering::Relaxed);
        }
        if self.expired(n) {
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
        // Round 1: the candidates.
        self.nodes.fetch_add(1, Ordering::Relaxed);
        let Some(inside) = self.canonical_guesses(&sym, &alike, set.iter().copied()) else {
            return ABORT;
        };
        let order = self.rank(&inside, set, &keys, limit, &mut node, false);
        if n > 4096 && self.expired(n) {
            return ABORT;
        }
        self.search(set, used, history, &order, &mut node);
        if self.timed_out() {
            return ABORT;
        }
        let lb_out = self.lb_out[n];
        let done = match node.guess {
            Some(_) => node.best <= lb_out,
            None => lb_out >= limit,
        };
        if !done {
            // Round 2: every other code.
            self.second_rounds.fetch_add(1, Ordering::Relaxed);
            let Some(order) = self.rank_outside(set, history, &sym, &alike, &keys, &mut node)
            else {
                return ABORT;
            };
            if n > 4096 && self.expired(n) {
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

    /// The second round's guesses, ranked: the codes that are not candidates, one per class
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
        let pool = sym.is_trivial().then(|| self.alike_pool(alike));
        let outside: Vec<u32> = match &pool {
            // Ranked by answer bits, the candidates drop out by themselves (only they get
            // the winning answer), and the floor there is stronger than the pair bound.
            Some(pool) if self.ranks_by_bits(pool.len()) => {
                return Some(self.rank(pool, set, keys, cutoff, node, true));
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
                let orbits = self.orbit_pool(sym, history)?;
                let outside: Vec<u32> = orbits
                    .iter()
                    .copied()
                    .filter(|g| set.binary_search(g).is_err())
                    .filter(|&g| alike.is_canonical(space.code(g)))
                    .collect();
                if self.ranks_by_bits(outside.len()) {
                    outside
                } else {
                    self.drop_hopeless(outside, set, cutoff, node)
                }
            }
        };
        Some(self.rank(&outside, set, keys, cutoff, node, false))
    }

    /// The memo's name of `set`, reached by `history`: its canonical form, or below
    /// [`CANONICAL_MIN`] candidates the set itself. `None` when the deadline passed while a
    /// large set was being named.
    fn name(&self, history: &[u32], set: &[u32]) -> Option<Canonical> {
        if set.len() < CANONICAL_MIN {
            return Some(Canonical {
                key: set.to_vec(),
                relabel: crate::symmetry::Relabel::identity(self.space.code_len()),
            });
        }
        canonical(self.space, history, set, || self.expired(set.len()))
    }

    /// The codes that are first in their class under swaps of `alike` symbols (cached: deep in
    /// the game many sets have the same alike symbols).
    fn alike_pool(&self, alike: &AlikeSymbols) -> Arc<Vec<u32>> {
        let mut pools = self.pools.lock().unwrap_or_else(|e| e.into_inner());
        pools
            .entry(alike.clone())
            .or_insert_with(|| {
                let space = self.space;
                Arc::new(
                    (0..space.len() as u32)
                        .filter(|&g| alike.is_canonical(space.code(g)))
                        .collect(),
                )
            })
            .clone()
    }

    /// The first code of every orbit of `sym`, the symmetries of `history`, cached: the
    /// states below one history share it, and finding it tries every renaming on every code
    /// (a third of the Mastermind search before it was cached). `None` when the deadline
    /// passes.
    fn orbit_pool(&self, sym: &Symmetry, history: &[u32]) -> Option<Arc<Vec<u32>>> {
        let mut key = history.to_vec();
        key.sort_unstable();
        let cached = self
            .orbit_pools
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&key)
            .cloned();
        if let Some(pool) = cached {
            return Some(pool);
        }
        let space = self.space;
        let mut pool = Vec::new();
        for g in 0..space.len() as u32 {
            if g % 1024 == 1023 && self.expired(usize::MAX) {
                return None;
            }
            if sym.is_canonical(space.code(g)) {
                pool.push(g);
            }
        }
        let pool = Arc::new(pool);
        let mut pools = self.orbit_pools.lock().unwrap_or_else(|e| e.into_inner());
        let cached = self.orbit_codes.load(Ordering::Relaxed);
        if cached + pool.len() <= MAX_ORBIT_CODES {
            self.orbit_codes.fetch_add(pool.len(), Ordering::Relaxed);
            pools.insert(key, pool.clone());
        }
        Some(pool)
    }

    /// The codes of `codes` that are first in their orbit; `None` when the deadline passes
    /// (checked as it goes: with many symmetries this is slow on big games).
    fn canonical_guesses(
        &self,
        sym: &Symmetry,
        alike: &AlikeSymbols,
        codes: impl Iterator<Item = u32>,
    ) -> Option<Vec<u32>> {
        let mut out = Vec::new();
        for (i, g) in codes.enumerate() {
            if i % 1024 == 1023 && self.expired(usize::MAX) {
                return None;
            }
            let code = self.space.code(g);
            if alike.is_canonical(code) && (sym.is_trivial() || sym.is_canonical(code)) {
                out.push(g);
            }
        }
        Some(out)
    }

    /// Scores `guesses` by their lower bound over `set` (whose keys are `keys`), dropping those
    /// that tell nothing; those whose bound reaches `cutoff` can never be searched, so only the
    /// least of their bounds is kept (in `node.fail`). Sorted best first.
    fn rank(
        &self,
        guesses: &[u32],
        set: &[u32],
        keys: &[Key],
        cutoff: u32,
        node: &mut Node,
        outside_only: bool,
    ) -> Vec<Ranked> {
        let space = self.space;
        let n = set.len() as u32;
        self.answers
            .fetch_add(guesses.len() as u64 * u64::from(n), Ordering::Relaxed);
        let small = self.is_small(n);
        let (answer_sets, kept) = self.answers_by_bits(guesses, set, cutoff, node, outside_only);
        let guesses: &[u32] = kept.as_deref().unwrap_or(guesses);
        let mut ranking = Ranking {
            n,
            win: usize::from(space.win_class()),
            classes: space.classes(),
            cutoff,
            lb: &self.lb,
            order: Vec::new(),
            node,
        };
        let scored = match (self.table(), &answer_sets) {
            (Some(_), Some((seen, bit_win))) if n > 2 && small => {
                for &g in guesses {
                    ranking.consider_answers(g, u64::from(seen[g as usize]), *bit_win);
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

    /// Whether a set of `n` secrets is small enough that every answer class has at most
    /// branch + 1 secrets, where LB(m) = 2m - 1: then a guess's bound is 3n - 2w - p (w: the
    /// guess is a candidate, p: non-winning classes), so only the set of classes that occur
    /// is needed (and they fit a `u64`).
    fn is_small(&self, n: u32) -> bool {
        n <= self.branch + 1 && self.space.classes() <= 64
    }

    /// When most codes are ranked, the answers each code gets (not how often) come cheaply
    /// from whole rows of answer bits; for small sets they are all the bound needs, and for
    /// larger ones they bound it from below (the most even split into that many classes), so
    /// only the codes whose floor is below the cutoff are counted exactly. Gives the answer
    /// bits of every code with the winning answer's bit (small sets), and the codes left to
    /// count (larger sets, or candidates sorted out).
    #[allow(clippy::type_complexity)]
    fn answers_by_bits(
        &self,
        guesses: &[u32],
        set: &[u32],
        cutoff: u32,
        node: &mut Node,
        outside_only: bool,
    ) -> (Option<(Vec<u16>, u32)>, Option<Vec<u32>>) {
        let n = set.len() as u32;
        let small = self.is_small(n);
        if n > 2
            && self.ranks_by_bits(guesses.len())
            && let Some(bits) = self.answer_bits()
        {
            let seen = bits.answer_sets(set);
            if small && !outside_only {
                return (Some((seen, bits.win)), None);
            }
            let floor = if small { 0 } else { cutoff };
            let kept = self.floor_filter(guesses, &seen, bits.win, n, floor, outside_only, node);
            return (small.then_some((seen, bits.win)), Some(kept));
        }
        debug_assert!(!outside_only, "only ranking by bits sorts candidates out");
        (None, None)
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
                if i % 256 == 255 && self.expired(usize::MAX) {
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
            if ranking.n > 4096 && i % 64 == 0 && self.expired(usize::MAX) {
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

    /// Whether [`Optimizer::rank`] scores `guesses` codes by answer bits: when they are most
    /// of the game's codes and the game has the bits.
    fn ranks_by_bits(&self, guesses: usize) -> bool {
        guesses * 4 > self.space.len() && self.answer_bits().is_some()
    }

    /// The codes of `guesses` whose floor on `set` (`n` secrets) is below `cutoff` (all when
    /// it is 0), and that are not candidates when `outside_only`; `seen[g]` holds the answer
    /// bits code g gets. A code with `p` answers splits `n` secrets into `p` classes, at best
    /// evenly (`LB` is convex), and finds one of them at once when the winning answer is among
    /// them (only the candidates get it). The least floor of the codes dropped goes to
    /// `node.fail`.
    #[allow(clippy::too_many_arguments)]
    fn floor_filter(
        &self,
        guesses: &[u32],
        seen: &[u16],
        win: u32,
        n: u32,
        cutoff: u32,
        outside_only: bool,
        node: &mut Node,
    ) -> Vec<u32> {
        let even = |secrets: u32, parts: u32| -> u32 {
            if parts == 0 {
                return if secrets == 0 { 0 } else { ABORT };
            }
            let (q, r) = ((secrets / parts) as usize, secrets % parts);
            // `lb` ends at the game's size: `lb[q + 1]` exists only when some class is larger.
            let larger = if r == 0 { 0 } else { r * self.lb[q + 1] };
            larger + (parts - r) * self.lb[q]
        };
        // floor[w][p]: w = whether the winning answer occurs, p = answers that occur.
        let mut floor = [[ABORT; 17]; 2];
        for p in 1..=16u32 {
            floor[0][p as usize] = n.saturating_add(even(n, p));
            floor[1][p as usize] = n.saturating_add(even(n - 1, p - 1));
        }
        let mut dropped = u32::MAX;
        let kept = guesses
            .iter()
            .copied()
            .filter(|&g| {
                let m = seen[g as usize];
                let w = (m >> win) & 1;
                if outside_only && w == 1 {
                    return false;
                }
                if cutoff == 0 {
                    return true;
                }
                let f = floor[usize::from(w)][m.count_ones() as usize];
                if f >= cutoff {
                    if m.count_ones() > 1 || w == 1 {
                        dropped = dropped.min(f);
                    }
                    return false;
                }
                true
            })
            .collect();
        node.fail = node.fail.min(dropped);
        kept
    }

    /// Drops the non-candidate guesses of `outside` that cannot beat `cutoff` on `set`, by a
    /// bound much cheaper than ranking them: pair the candidates up (neighbours in code order,
    /// which look alike and are hard to tell apart); a guess that leaves `u` of those disjoint
    /// pairs together makes at most `p = min(k - 1, n - u)` classes (it finds no candidate, so
    /// the winning class is empty), and splitting `n` secrets into `p` classes costs at least
    /// `n + LB` of the most even split (`LB` is convex). Counting `u` for every code at once
    /// compares two rows of the answer table, a loop the compiler vectorises.
    fn drop_hopeless(
        &self,
        outside: Vec<u32>,
        set: &[u32],
        cutoff: u32,
        node: &mut Node,
    ) -> Vec<u32> {
        let n = set.len();
        let Some(table) = self.table() else {
            return outside;
        };
        if outside.is_empty() || n > 2 * 255 {
            return outside;
        }
        let width = self.space.len();
        let row = |s: u32| &table[s as usize * width..(s as usize + 1) * width];
        let mut together = vec![0u8; width];
        for pair in set.chunks_exact(2) {
            let (a, b) = (row(pair[0]), row(pair[1]));
            for ((t, x), y) in together.iter_mut().zip(a).zip(b) {
                *t += u8::from(x == y);
            }
        }
        // floor[u]: the least bound of a non-candidate guess leaving u pairs together.
        let branch = self.branch as usize;
        let floor: Vec<u32> = (0..=n / 2)
            .map(|u| {
                let parts = branch.min(n - u);
                let (q, r) = (n / parts, n % parts);
                n as u32 + r as u32 * self.lb[q + 1] + (parts - r) as u32 * self.lb[q]
            })
            .collect();
        if floor[n / 2] < cutoff {
            return outside; // no guess can be dropped
        }
        let mut dropped = u32::MAX;
        let kept = outside
            .into_iter()
            .filter(|&g| {
                let bound = floor[usize::from(together[g as usize])];
                if bound >= cutoff {
                    dropped = dropped.min(bound);
                    false
                } else {
                    true
                }
            })
            .collect();
        node.fail = node.fail.min(dropped);
        kept
    }

    /// The answer table, `table[s * N + g] = class of guess g against secret s`, built on first
    /// use for games of at most [`MAX_TABLE_CODES`] codes (25 MB for 4-digit baseball): ranking
    /// reads it row by row, about twice as fast as computing each answer.
    fn table(&self) -> Option<&[u8]> {
        let n = self.space.len();
        if n > MAX_TABLE_CODES {
            return None;
        }
        let table = self.table.get_or_init(|| {
            let space = self.space;
            let mut table = vec![0u8; n * n];
            table.par_chunks_mut(n).enumerate().for_each(|(s, row)| {
                let sk = space.key(s as u32);
                for (g, cell) in row.iter_mut().enumerate() {
                    *cell = space.class_keys(&space.key(g as u32), &sk);
                }
            });
            table
        });
        Some(table)
    }

    /// The answer table with each answer as one bit of a `u16` (answers numbered densely), for
    /// ranking small sets by the answers that occur: OR-ing whole rows vectorises where
    /// shifting by each class does not. Built on first use, when at most 16 answers exist
    /// (games of at most 4 positions); 51 MB for 4-digit baseball.
    fn answer_bits(&self) -> Option<&AnswerBits> {
        let table = self.table()?;
        self.answer_bits
            .get_or_init(|| {
                let space = self.space;
                let mut occurs = vec![false; space.classes()];
                for &c in table {
                    occurs[usize::from(c)] = true;
                }
                let mut dense = vec![u16::MAX; space.classes()];
                let mut next = 0u16;
                for c in 0..space.classes() {
                    if occurs[c] {
                        dense[c] = next;
                        next += 1;
                    }
                }
                if next > 16 {
                    return None;
                }
                let mut rows = vec![0u16; table.len()];
                rows.par_chunks_mut(space.len())
                    .zip(table.par_chunks(space.len()))
                    .for_each(|(bits, classes)| {
                        for (b, &c) in bits.iter_mut().zip(classes) {
                            *b = 1 << dense[usize::from(c)];
                        }
                    });
                let win = u32::from(dense[usize::from(space.win_class())]);
                Some(AnswerBits {
                    rows,
                    win,
                    width: space.len(),
                })
            })
            .as_ref()
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
            // entries then help the large ones (the 4-digit proof on one thread: 112.5 s CPU
            // and 3.65 million nodes largest first, 51.5 s and 1.78 million smallest first),
            // and on every core at once.
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
            let mut lower = self.lb[m];
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
        // Rank 0 is a guess found before this call (by the first round), so it wins ties.
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

/// See [`Optimizer::answer_bits`].
struct AnswerBits {
    /// `rows[s * N + g]`: the bit of the answer of guess g to secret s.
    rows: Vec<u16>,
    /// The bit of the winning answer.
    win: u32,
    /// Codes in the game (N).
    width: usize,
}

impl AnswerBits {
    /// For every code g, the bits of the answers g gets from the secrets of `set`.
    fn answer_sets(&self, set: &[u32]) -> Vec<u16> {
        let width = self.width;
        let mut seen = vec![0u16; width];
        for &s in set {
            let row = &self.rows[s as usize * width..(s as usize + 1) * width];
            for (m, &b) in seen.iter_mut().zip(row) {
                *m |= b;
            }
        }
        seen
    }
}

/// A guess with its lower bound, ordered for the search: lowest bound first, then candidates
/// before other codes, then more answer classes, then the lowest code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Ranked {
    bound: u32,
    outside: bool,
    missing: usize,
    guess: u32,
}

/// The guesses [`Optimizer::rank`] keeps, as it scores them.
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
    /// Its `fail` gets the least bound of the dropped guesses.
    node: &'a mut Node,
}

impl Ranking<'_> {
    /// Keeps `g` (bound `bound`, splitting the set into `parts` classes, `found` when it is a
    /// candidate) unless it tells nothing or cannot beat the cutoff.
    fn consider(&mut self, g: u32, bound: u32, parts: usize, found: bool) {
        if parts == 1 && !found {
            return; // tells nothing
        }
        if bound >= self.cutoff {
            self.node.fail = self.node.fail.min(bound);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::code::CodeSpec;

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
