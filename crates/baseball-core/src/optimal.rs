//! The `optimal` strategy: the least total number of guesses over all candidate secrets, by
//! exact search. No table of known results is involved.
//!
//! `T(S)`, the least total over a candidate set `S` (every secret of `S` counted once, its
//! final all-strikes guess included), satisfies `T({x}) = 1` and
//! `T(S) = |S| + min over guesses g of sum over non-winning answers c of T(S_c(g))`, where `g`
//! ranges over *every* code of the game, consistent or not: a non-candidate can split better.
//! Guesses that do not split `S` are useless and skipped. `T(S)` depends on `S` alone, so it is
//! memoised on the set.
//!
//! The search is a depth-first branch and bound:
//! - lower bound: a guesser whose guesses have at most `k` answers can finish at most one
//!   secret with its first guess, `k - 1` with its second, `(k - 1)^2` with its third, ...; filling
//!   those slots greedily bounds `T` of any `n` secrets from below. A guess's bound is
//!   `|S| + sum LB(|S_c|)`; guesses are tried in order of that bound and the search stops as soon
//!   as the next bound cannot beat the best total found. Children are searched with the budget
//!   left (`limit`), largest first, so hopeless guesses fail fast; a failed search still records
//!   the lower bound it proved.
//! - symmetry: renaming symbols that no guess has used, and any (position permutation, symbol
//!   renaming) that fixes every guess made so far, maps `S` onto itself, so only one guess per
//!   orbit is examined (at the start of Mastermind, 5 guesses instead of 1296).
//! - guesses that split `S` into the same subsets are examined once (a 128-bit hash of the
//!   partition, independent of the answers' labels).

use std::collections::{HashMap, HashSet};
use std::time::Instant;

use crate::rng;
use crate::space::{Key, Space};
use crate::strategy::{Knowledge, fresh_canonical, guess_pool};

/// Memo and pool keys are already well spread; SipHash would cost more than it guards.
type Fx = rustc_hash::FxBuildHasher;

#[derive(Debug, Clone, Copy)]
struct Entry {
    /// Exact `T(S)` when `exact`, else a proven lower bound.
    value: u32,
    exact: bool,
    /// The best guess when `exact`.
    guess: u32,
}

/// Value returned by a search cut short by the deadline (never stored).
const ABORT: u32 = u32::MAX / 4;

/// Exact search for the least total number of guesses. Holds its memo between calls, so
/// asking for the best guess of every node of the optimal game tree after solving its root
/// costs nothing more.
#[derive(Debug)]
pub struct Optimizer<'a> {
    space: &'a Space,
    memo: HashMap<Vec<u32>, Entry, Fx>,
    /// `lb[n]`: lower bound of `T` for `n` secrets.
    lb: Vec<u32>,
    /// `lb_out[n]`: lower bound of `T` for `n` secrets when the first guess is not one of them.
    lb_out: Vec<u32>,
    /// Most non-winning answers one guess can get (k - 1).
    branch: u32,
    /// Guesses up to renaming of unused symbols, by the set of used symbols.
    pools: HashMap<u64, Vec<u32>, Fx>,
    salt: Vec<(u64, u64)>,
    deadline: Option<Instant>,
    timed_out: bool,
    calls: u64,
    /// Work counters: (nodes searched, nodes that needed the second round, answers computed).
    work: (u64, u64, u64),
}

impl<'a> Optimizer<'a> {
    /// An optimizer for `space` that gives up at `deadline`.
    pub fn new(space: &'a Space, deadline: Option<Instant>) -> Self {
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
            memo: HashMap::default(),
            lb,
            lb_out,
            branch: branch as u32,
            pools: HashMap::default(),
            salt,
            deadline,
            timed_out: false,
            calls: 0,
            work: (0, 0, 0),
        }
    }

    /// Whether a search ran out of time.
    pub fn timed_out(&self) -> bool {
        self.timed_out
    }

    /// Work done so far: nodes searched, nodes whose search went past the candidates to every
    /// other code, and answers computed while ranking guesses.
    pub fn work(&self) -> (u64, u64, u64) {
        self.work
    }

    /// Number of candidate sets whose value or bound is memoised.
    pub fn memo_len(&self) -> usize {
        self.memo.len()
    }

    /// The least total number of guesses to find every secret of `know.set`, and a first guess
    /// achieving it; `None` when the deadline passed first.
    pub fn solve(&mut self, know: &Knowledge) -> Option<(u32, u32)> {
        let set = &know.set;
        match set.len() {
            0 => return Some((0, 0)),
            1 => return Some((1, set[0])),
            2 => return Some((3, set[0])),
            _ => {}
        }
        let v = self.cost(set, know.used, &know.guesses, ABORT);
        if self.timed_out || v >= ABORT {
            return None;
        }
        let e = self.memo.get(set)?;
        debug_assert!(e.exact && e.value == v);
        Some((v, e.guess))
    }

    fn check_time(&mut self, n: usize) -> bool {
        self.calls += 1;
        // Large sets cost a full pass over the guesses each: look at the clock every time.
        if (n > 64 || self.calls.is_multiple_of(256))
            && let Some(d) = self.deadline
            && Instant::now() >= d
        {
            self.timed_out = true;
        }
        self.timed_out
    }

    /// `T(set)` if it is below `limit`; otherwise a lower bound of `T(set)` that is at least
    /// `limit`.
    ///
    /// Guesses are examined in two rounds: first the candidates themselves (cheap: `n^2`
    /// answers), then every other code. The second round is skipped when the first already
    /// reached `LB_out(n)`, the bound no non-candidate can beat (it finds nobody with its first
    /// guess); deep in the tree, where sets are small, that is the usual case.
    fn cost(&mut self, set: &[u32], used: u64, history: &[u32], limit: u32) -> u32 {
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
        if let Some(e) = self.memo.get(set)
            && (e.exact || e.value >= limit)
        {
            return e.value;
        }
        if self.check_time(n) {
            return ABORT;
        }
        let space = self.space;
        let sym = Symmetry::new(space, used, history);
        let keys = space.keys_of(set);
        let mut counts = vec![0u32; space.classes()];
        let mut search = Search {
            best: limit,
            guess: None,
            fail: u32::MAX,
            seen: HashSet::default(),
            scratch: Scratch::new(space.classes()),
        };
        // Round 1: the candidates.
        self.work.0 += 1;
        let Some(inside) = self.canonical(&sym, set.iter().copied()) else {
            return ABORT;
        };
        self.work.2 += (inside.len() * n) as u64;
        let order = self.rank(&inside, &keys, &mut counts, limit, &mut search);
        if n > 4096 && self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.timed_out = true;
            return ABORT;
        }
        self.search(set, used, history, &order, &mut search);
        if self.timed_out {
            return ABORT;
        }
        let lb_out = self.lb_out[n];
        let done = match search.guess {
            Some(_) => search.best <= lb_out,
            None => lb_out >= limit,
        };
        if !done {
            // Round 2: every other code.
            self.work.1 += 1;
            let outside = if sym.is_trivial() {
                let pool = self
                    .pools
                    .entry(used)
                    .or_insert_with(|| guess_pool(space, used));
                pool.iter()
                    .copied()
                    .filter(|g| set.binary_search(g).is_err())
                    .collect()
            } else {
                let others = (0..space.len() as u32).filter(|g| set.binary_search(g).is_err());
                let Some(outside) = self.canonical(&sym, others) else {
                    return ABORT;
                };
                outside
            };
            let cutoff = search.best;
            self.work.2 += (outside.len() * n) as u64;
            let order = self.rank(&outside, &keys, &mut counts, cutoff, &mut search);
            if n > 4096 && self.deadline.is_some_and(|d| Instant::now() >= d) {
                self.timed_out = true;
                return ABORT;
            }
            self.search(set, used, history, &order, &mut search);
            if self.timed_out {
                return ABORT;
            }
        } else if search.guess.is_none() {
            search.fail = search.fail.min(lb_out);
        }
        match search.guess {
            Some(g) => {
                self.memo.insert(
                    set.to_vec(),
                    Entry {
                        value: search.best,
                        exact: true,
                        guess: g,
                    },
                );
                search.best
            }
            None => {
                let v = search.fail.max(limit);
                self.store_lower(set, v);
                v
            }
        }
    }

    /// The codes of `codes` that are first in their orbit; `None` when the deadline passes
    /// (checked as it goes: with many symmetries this is slow on big games).
    fn canonical(&mut self, sym: &Symmetry, codes: impl Iterator<Item = u32>) -> Option<Vec<u32>> {
        let mut out = Vec::new();
        for (i, g) in codes.enumerate() {
            if i % 1024 == 1023
                && let Some(d) = self.deadline
                && Instant::now() >= d
            {
                self.timed_out = true;
                return None;
            }
            if sym.is_canonical(self.space.code(g)) {
                out.push(g);
            }
        }
        Some(out)
    }

    /// Scores `guesses` by their lower bound over the set (gathered as `keys`), dropping those
    /// that tell nothing; those whose bound reaches `cutoff` can never be searched, so only the
    /// least of their bounds is kept (in `st.fail`). Sorted best first.
    fn rank(
        &self,
        guesses: &[u32],
        keys: &[Key],
        counts: &mut [u32],
        cutoff: u32,
        st: &mut Search,
    ) -> Vec<(u32, bool, usize, u32)> {
        let space = self.space;
        let win = usize::from(space.win_class());
        let classes = space.classes();
        let n = keys.len() as u32;
        let small = n <= self.branch + 1;
        let mut order = Vec::new();
        for (i, &g) in guesses.iter().enumerate() {
            // Huge sets: look at the clock within the scan too.
            if n > 4096
                && i % 64 == 0
                && let Some(d) = self.deadline
                && Instant::now() >= d
            {
                return Vec::new();
            }
            let gk = space.key(g);
            let (bound, parts, found) = if small {
                // Every class has at most branch + 1 secrets, where LB(m) = 2m - 1: the bound
                // is 3n - 2w - p (w: the guess is a candidate, p: non-winning classes), so
                // only the set of classes that occur is needed.
                let seen = if classes <= 64 {
                    let mut seen = 0u64;
                    for k in keys {
                        seen |= 1u64 << space.class_keys(&gk, k);
                    }
                    u128::from(seen)
                } else {
                    let mut seen = 0u128;
                    for k in keys {
                        seen |= 1u128 << space.class_keys(&gk, k);
                    }
                    seen
                };
                let parts = count_bits(seen);
                let w = ((seen >> win) & 1) as u32;
                (3 * n - 2 * w - (parts - w), parts as usize, w == 1)
            } else {
                counts.iter_mut().for_each(|c| *c = 0);
                for k in keys {
                    counts[usize::from(space.class_keys(&gk, k))] += 1;
                }
                let mut parts = 0;
                let mut bound = n;
                for (c, &m) in counts.iter().enumerate() {
                    if m == 0 {
                        continue;
                    }
                    parts += 1;
                    if c != win {
                        bound += self.lb[m as usize];
                    }
                }
                (bound, parts, counts[win] > 0)
            };
            if parts == 1 && !found {
                continue; // tells nothing
            }
            if bound >= cutoff {
                st.fail = st.fail.min(bound);
                continue;
            }
            order.push((bound, !found, classes - parts, g));
        }
        order.sort_unstable();
        order
    }

    /// A 128-bit hash of the split of `set` by `g`, independent of the answers' labels (only
    /// which secrets go together, and which one is found, matter to the search).
    fn split_hash(&self, set: &[u32], g: u32, sc: &mut Scratch) -> (u64, u64) {
        let space = self.space;
        let win = usize::from(space.win_class());
        sc.h1.iter_mut().for_each(|c| *c = 0);
        sc.h2.iter_mut().for_each(|c| *c = 0);
        for &s in set {
            let c = usize::from(space.fb(g, s));
            let (a, b) = self.salt[s as usize];
            sc.h1[c] = sc.h1[c].wrapping_add(a);
            sc.h2[c] = sc.h2[c].wrapping_add(b);
        }
        let (mut k1, mut k2) = (0u64, 0u64);
        for c in 0..sc.h1.len() {
            if sc.h1[c] == 0 && sc.h2[c] == 0 {
                continue;
            }
            let tag = if c == win { 0x5a5a } else { 0 };
            k1 = k1.wrapping_add(rng::mix(sc.h1[c] ^ tag));
            k2 = k2.wrapping_add(rng::mix(sc.h2[c] ^ tag));
        }
        (k1, k2)
    }

    /// Branch and bound over ranked guesses, improving `st`.
    fn search(
        &mut self,
        set: &[u32],
        used: u64,
        history: &[u32],
        order: &[(u32, bool, usize, u32)],
        st: &mut Search,
    ) {
        let space = self.space;
        let win = usize::from(space.win_class());
        let classes = space.classes();
        let mut hist = history.to_vec();
        for &(bound, _, _, g) in order {
            if bound >= st.best {
                if st.guess.is_none() {
                    st.fail = st.fail.min(bound);
                }
                return;
            }
            let split = self.split_hash(set, g, &mut st.scratch);
            if !st.seen.insert(split) {
                continue; // the same split as a guess already searched
            }
            // Split the set by g's answers, largest class first.
            let mut children: Vec<Vec<u32>> = vec![Vec::new(); classes];
            for &s in set {
                children[usize::from(space.fb(g, s))].push(s);
            }
            children[win].clear();
            children.retain(|c| !c.is_empty());
            children.sort_unstable_by_key(|c| std::cmp::Reverse(c.len()));
            let child_used = used | space.symbol_set(g);
            hist.push(g);
            let mut total = bound;
            let mut ok = true;
            for child in &children {
                let rest = total - self.lb[child.len()];
                let v = self.cost(child, child_used, &hist, st.best - rest);
                if self.timed_out {
                    return;
                }
                total = rest + v;
                if total >= st.best {
                    ok = false;
                    break;
                }
            }
            hist.pop();
            if ok {
                st.best = total;
                st.guess = Some(g);
            } else if st.guess.is_none() {
                st.fail = st.fail.min(total);
            }
        }
    }

    fn store_lower(&mut self, set: &[u32], v: u32) {
        let e = self.memo.entry(set.to_vec()).or_insert(Entry {
            value: 0,
            exact: false,
            guess: 0,
        });
        if !e.exact && v > e.value {
            e.value = v;
        }
    }
}

/// The symmetries of a position of the game: renamings of the symbols no guess has used, and
/// the (position permutation, symbol renaming) pairs that fix every guess made so far. Both map
/// the candidate set onto itself, so only the first guess of each orbit needs examining.
#[derive(Debug)]
pub struct Symmetry {
    used: u64,
    nsym: usize,
    group: Vec<(Vec<u8>, [u8; 64])>,
}

impl Symmetry {
    /// The symmetries after `history`, whose guesses used the symbols `used`.
    pub fn new(space: &Space, used: u64, history: &[u32]) -> Self {
        Symmetry {
            used,
            nsym: space.spec().symbols(),
            group: stabiliser(space, history),
        }
    }

    /// Whether only renamings of unused symbols remain.
    pub fn is_trivial(&self) -> bool {
        self.group.is_empty()
    }

    /// Whether `code` is the lowest code of its orbit.
    pub fn is_canonical(&self, code: &[u8]) -> bool {
        if !fresh_canonical(code, self.used, self.nsym) {
            return false;
        }
        if self.group.is_empty() {
            return true;
        }
        let mut image = vec![0u8; code.len()];
        self.group.iter().all(|(sigma, pi)| {
            for (i, &s) in code.iter().enumerate() {
                image[usize::from(sigma[i])] = if self.used & (1 << s) != 0 {
                    pi[usize::from(s)]
                } else {
                    s
                };
            }
            relabel_fresh(&mut image, self.used, self.nsym);
            image.as_slice() >= code
        })
    }

    /// The lowest code of every orbit.
    pub fn pool(&self, space: &Space) -> Vec<u32> {
        if self.group.is_empty() {
            return guess_pool(space, self.used);
        }
        (0..space.len() as u32)
            .filter(|&g| self.is_canonical(space.code(g)))
            .collect()
    }
}

/// The guesses worth examining after `history`: the lowest code of each orbit of its symmetries.
pub fn symmetric_pool(space: &Space, used: u64, history: &[u32]) -> Vec<u32> {
    Symmetry::new(space, used, history).pool(space)
}

/// Number of set bits (SWAR: the baseline x86-64 target has no popcount instruction).
fn count_bits(x: u128) -> u32 {
    fn bytes(x: u64) -> u64 {
        let x = x - ((x >> 1) & 0x5555_5555_5555_5555);
        let x = (x & 0x3333_3333_3333_3333) + ((x >> 2) & 0x3333_3333_3333_3333);
        (x + (x >> 4)) & 0x0f0f_0f0f_0f0f_0f0f
    }
    ((bytes(x as u64) + bytes((x >> 64) as u64)).wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
}

/// Per-node scratch counters.
struct Scratch {
    h1: Vec<u64>,
    h2: Vec<u64>,
}

impl Scratch {
    fn new(classes: usize) -> Self {
        Scratch {
            h1: vec![0; classes],
            h2: vec![0; classes],
        }
    }
}

/// The state of one node's branch and bound.
struct Search {
    /// Best total found, or the caller's limit.
    best: u32,
    /// The guess achieving `best`, once one beats the limit.
    guess: Option<u32>,
    /// Least lower bound proved for the guesses that failed (while none succeeded).
    fail: u32,
    /// Splits already searched at this node.
    seen: HashSet<(u64, u64), Fx>,
    scratch: Scratch,
}

/// Renames the fresh symbols of `code`, in order of first appearance, to the smallest fresh ones.
fn relabel_fresh(code: &mut [u8], used: u64, nsym: usize) {
    let all = if nsym >= 64 {
        u64::MAX
    } else {
        (1u64 << nsym) - 1
    };
    let mut available = all & !used;
    let mut map = [u8::MAX; 64];
    for s in code.iter_mut() {
        if used & (1 << *s) != 0 {
            continue;
        }
        if map[usize::from(*s)] == u8::MAX {
            let t = available.trailing_zeros() as u8;
            available &= !(1 << t);
            map[usize::from(*s)] = t;
        }
        *s = map[usize::from(*s)];
    }
    debug_assert!(fresh_canonical(code, used, nsym));
}

/// Non-identity symmetries fixing every guess of `history`: pairs (position map `sigma`, symbol
/// map `pi` on used symbols) with `h[sigma(i)] = pi(h[i])` for every guess h. Only for codes of
/// at most 6 symbols (720 position permutations).
fn stabiliser(space: &Space, history: &[u32]) -> Vec<(Vec<u8>, [u8; 64])> {
    let len = space.code_len();
    if len > 6 {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut perm: Vec<u8> = (0..len as u8).collect();
    loop {
        let identity = perm.iter().enumerate().all(|(i, &p)| usize::from(p) == i);
        if !identity && let Some(pi) = symbol_map(space, history, &perm) {
            out.push((perm.clone(), pi));
        }
        if !next_permutation(&mut perm) {
            break;
        }
    }
    // The identity permutation may still pair with a non-trivial symbol renaming (e.g. after a
    // guess 1122 in Mastermind nothing is possible, but the search is cheap to keep general).
    out
}

fn symbol_map(space: &Space, history: &[u32], sigma: &[u8]) -> Option<[u8; 64]> {
    let mut pi = [u8::MAX; 64];
    let mut inv = [u8::MAX; 64];
    for &h in history {
        let code = space.code(h);
        for (i, &a) in code.iter().enumerate() {
            let b = code[usize::from(sigma[i])];
            // (gamma x)[sigma(i)] = pi(x[i]) fixes h: pi(h[i]) = h[sigma(i)].
            let (a, b) = (usize::from(a), b);
            if pi[a] == u8::MAX && inv[usize::from(b)] == u8::MAX {
                pi[a] = b;
                inv[usize::from(b)] = a as u8;
            } else if pi[a] != b {
                return None;
            }
        }
    }
    Some(pi)
}

fn next_permutation(p: &mut [u8]) -> bool {
    let n = p.len();
    if n < 2 {
        return false;
    }
    let mut i = n - 1;
    while i > 0 && p[i - 1] >= p[i] {
        i -= 1;
    }
    if i == 0 {
        return false;
    }
    let mut j = n - 1;
    while p[j] <= p[i - 1] {
        j -= 1;
    }
    p.swap(i - 1, j);
    p[i..].reverse();
    true
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
            let mut opt = Optimizer::new(&sp, None);
            let (got, _) = opt.solve(&Knowledge::start(&sp, 0)).unwrap();
            assert_eq!(got, want, "{len} {alpha} {rep}");
        }
    }

    /// 120 codes with the full 4-position symmetry: minutes of brute force.
    #[test]
    #[ignore = "brute force over a 120-code game takes a few minutes"]
    fn matches_brute_force_on_four_of_five() {
        let sp = space(4, "01234", false);
        let want = brute(&sp, &sp.all());
        let mut opt = Optimizer::new(&sp, None);
        assert_eq!(opt.solve(&Knowledge::start(&sp, 0)).unwrap().0, want);
    }

    #[test]
    fn mastermind_opening_orbits() {
        let mm = space(4, "123456", true);
        let pool: Vec<String> = symmetric_pool(&mm, 0, &[])
            .iter()
            .map(|&g| mm.format(g))
            .collect();
        assert_eq!(pool, ["1111", "1112", "1122", "1123", "1234"]);
    }

    #[test]
    fn three_digits_from_ten() {
        let sp = space(3, "0123456789", false);
        let mut opt = Optimizer::new(&sp, None);
        assert_eq!(opt.solve(&Knowledge::start(&sp, 0)).unwrap().0, 3575);
    }

    #[test]
    fn three_digits_from_nine() {
        let sp = space(3, "123456789", false);
        let mut opt = Optimizer::new(&sp, None);
        assert_eq!(opt.solve(&Knowledge::start(&sp, 0)).unwrap().0, 2337);
    }

    /// Tanaka's optimum for 4 distinct digits (26274, 5.2131 on average). The search is exact
    /// but slow on this size: not run to completion during development (see the README).
    #[test]
    #[ignore = "4-digit optimum: long-running stretch goal"]
    fn four_digits_tanaka() {
        let sp = space(4, "0123456789", false);
        let mut opt = Optimizer::new(&sp, None);
        assert_eq!(opt.solve(&Knowledge::start(&sp, 0)).unwrap().0, 26274);
    }

    #[test]
    #[ignore = "Mastermind 4x6 optimum: run with --ignored (seconds in release)"]
    fn mastermind_koyama_lai() {
        let sp = space(4, "123456", true);
        let mut opt = Optimizer::new(&sp, None);
        assert_eq!(opt.solve(&Knowledge::start(&sp, 0)).unwrap().0, 5625);
    }
}
