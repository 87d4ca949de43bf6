//! The symmetries of the code space, and what the searches gain from them.
//!
//! Renaming symbols and permuting positions maps codes to codes and keeps every answer
//! (`fb(g, s) = fb(γg, γs)`), so it maps a candidate set to an equivalent one: same optimal
//! total, same strategies up to the renaming. Two uses:
//! - fewer guesses: the renamings that fix every guess made so far ([`Symmetry`]) map the
//!   candidate set onto itself, so one guess per orbit is examined;
//! - fewer states: [`canonical`] names a candidate set by its image under a renaming chosen from
//!   the history alone, so the exact search meets equivalent states reached by different
//!   histories (different guesses, or the same guesses in another order) once.

use crate::space::Space;

/// Whether `code` is the first of its class under renamings of the symbols not in `used`: each
/// fresh symbol it uses, in order of first appearance, is the smallest fresh one not yet taken.
pub fn fresh_canonical(code: &[u8], used: u64, nsym: usize) -> bool {
    let mut available = all_symbols(nsym) & !used;
    let mut seen = 0u64;
    for &s in code {
        let bit = 1u64 << s;
        if used & bit != 0 || seen & bit != 0 {
            continue;
        }
        if available.trailing_zeros() != u32::from(s) {
            return false;
        }
        available &= !bit;
        seen |= bit;
    }
    true
}

/// Guesses worth examining: every code, up to renaming of fresh symbols.
pub fn guess_pool(space: &Space, used: u64) -> Vec<u32> {
    let nsym = space.spec().symbols();
    (0..space.len() as u32)
        .filter(|&g| fresh_canonical(space.code(g), used, nsym))
        .collect()
}

/// The bit set of the first `nsym` symbols.
fn all_symbols(nsym: usize) -> u64 {
    if nsym >= 64 {
        u64::MAX
    } else {
        (1u64 << nsym) - 1
    }
}

/// The symmetries of a position of the game: renamings of the symbols no guess has used, and
/// the (position permutation, symbol renaming) pairs that fix every guess made so far. Both map
/// the candidate set onto itself, so only the first guess of each orbit needs examining.
#[derive(Debug)]
pub struct Symmetry {
    used: u64,
    nsym: usize,
    /// The non-identity renamings fixing every guess; their `pi` renames used symbols only.
    group: Vec<Relabel>,
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
        let mut buffer = [0u8; crate::space::MAX_SOLVE_LENGTH];
        let image = &mut buffer[..code.len()];
        self.group.iter().all(|renaming| {
            for (i, &s) in code.iter().enumerate() {
                image[usize::from(renaming.sigma[i])] = if self.used & (1 << s) != 0 {
                    renaming.pi[usize::from(s)]
                } else {
                    s
                };
            }
            relabel_fresh(image, self.used, self.nsym);
            &*image >= code
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

/// The symbols a candidate set cannot tell apart: `a` and `b` are alike when swapping them in
/// every code maps the set onto itself. Then swapping them in a guess changes only the names
/// of its answer classes, so among guesses that differ by such swaps only the one whose
/// symbols of each class appear in increasing order is examined. This covers the symbols no
/// guess has used and, deeper in the game, the symbols every candidate lacks, which the
/// history's symmetries do not see.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct AlikeSymbols {
    /// For each symbol, the bit set of the symbols alike to it (itself included).
    alike: [u64; 64],
    nsym: usize,
}

impl AlikeSymbols {
    /// The alike symbols of `set` (ascending code numbers).
    pub fn of(space: &Space, set: &[u32]) -> Self {
        let nsym = space.spec().symbols();
        let mut alike = [0u64; 64];
        for (s, a) in alike.iter_mut().enumerate().take(nsym) {
            *a = 1 << s;
        }
        let mut member = vec![0u64; space.len().div_ceil(64)];
        for &c in set {
            member[c as usize / 64] |= 1 << (c % 64);
        }
        let len = space.code_len();
        // How often each symbol occurs at each position: alike symbols occur equally often
        // everywhere, which rejects most pairs without renaming any code. Symbols no candidate
        // has are all alike, and never alike to one some candidate has.
        let mut seen_at = [[0u32; crate::space::MAX_SOLVE_LENGTH]; 64];
        for &c in set {
            for (i, &s) in space.code(c).iter().enumerate() {
                seen_at[usize::from(s)][i] += 1;
            }
        }
        let absent = (0..nsym)
            .filter(|&s| seen_at[s].iter().all(|&k| k == 0))
            .fold(0u64, |m, s| m | 1 << s);
        let mut rest = absent;
        while rest != 0 {
            let s = rest.trailing_zeros() as usize;
            alike[s] = absent;
            rest &= rest - 1;
        }
        let mut image = [0u8; crate::space::MAX_SOLVE_LENGTH];
        for a in 0..nsym {
            for b in a + 1..nsym {
                if alike[a] & (1 << b) != 0 {
                    continue; // already known alike through a third symbol
                }
                if absent & (1 << a | 1 << b) != 0 || seen_at[a] != seen_at[b] {
                    continue;
                }
                let swaps = set.iter().all(|&c| {
                    let code = space.code(c);
                    for (i, &s) in code.iter().enumerate() {
                        image[i] = match usize::from(s) {
                            x if x == a => b as u8,
                            x if x == b => a as u8,
                            _ => s,
                        };
                    }
                    space
                        .index_of(&image[..len])
                        .is_some_and(|j| member[j as usize / 64] & (1 << (j % 64)) != 0)
                });
                if swaps {
                    let class = alike[a] | alike[b];
                    let mut rest = class;
                    while rest != 0 {
                        let s = rest.trailing_zeros() as usize;
                        alike[s] = class;
                        rest &= rest - 1;
                    }
                }
            }
        }
        AlikeSymbols { alike, nsym }
    }

    /// Whether `code` is the first of its class under swaps of alike symbols: the symbols of
    /// each class appear, in order of first appearance, as the lowest of that class.
    pub fn is_canonical(&self, code: &[u8]) -> bool {
        let mut taken = 0u64;
        for &s in code {
            let bit = 1u64 << s;
            if taken & bit != 0 {
                continue;
            }
            let class = self.alike[usize::from(s)];
            if (class & !taken).trailing_zeros() != u32::from(s) {
                return false;
            }
            taken |= bit;
        }
        true
    }

    /// Whether no two symbols are alike.
    pub fn is_trivial(&self) -> bool {
        (0..self.nsym).all(|s| self.alike[s].count_ones() == 1)
    }
}

/// Longest code whose position permutations [`canonical`] tries (6! = 720).
const MAX_CANONICAL_LENGTH: usize = 6;
/// Longest reading of a history (answer and symbols of each guess) [`canonical`] compares.
const MAX_READING: usize = 128;
/// Most (guess order, position permutation) pairs [`canonical`] compares before giving up on
/// symmetry for that state (a deep history of guesses that got the same answer).
const MAX_CANONICAL_TRIES: usize = 4096;

/// A renaming of codes: position `i` of the image is position `sigma[i]` of the code, and
/// symbol `s` becomes `pi[s]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Relabel {
    sigma: Vec<u8>,
    pi: [u8; 64],
}

impl Relabel {
    /// The renaming that changes nothing.
    pub fn identity(len: usize) -> Self {
        let mut pi = [0u8; 64];
        for (s, p) in pi.iter_mut().enumerate() {
            *p = s as u8;
        }
        Relabel {
            sigma: (0..len as u8).collect(),
            pi,
        }
    }

    /// The image of code number `code`.
    pub fn apply(&self, space: &Space, code: u32) -> u32 {
        let symbols = space.code(code);
        // Any code the solver handles: the identity renaming names sets of codes longer than
        // the renamings [`canonical`] tries.
        let mut image = [0u8; crate::space::MAX_SOLVE_LENGTH];
        let len = self.sigma.len();
        for (i, &from) in self.sigma.iter().enumerate() {
            image[i] = self.pi[usize::from(symbols[usize::from(from)])];
        }
        space
            .index_of(&image[..len])
            .expect("a renaming maps codes to codes")
    }

    /// The renaming that undoes this one.
    pub fn inverse(&self) -> Self {
        let mut sigma = vec![0u8; self.sigma.len()];
        for (i, &from) in self.sigma.iter().enumerate() {
            sigma[usize::from(from)] = i as u8;
        }
        let mut pi = [0u8; 64];
        for (s, &t) in self.pi.iter().enumerate() {
            if t != u8::MAX {
                pi[usize::from(t)] = s as u8;
            }
        }
        Relabel { sigma, pi }
    }
}

impl Relabel {
    /// This renaming followed by `next`.
    pub fn then(&self, next: &Relabel) -> Relabel {
        let sigma = next
            .sigma
            .iter()
            .map(|&i| self.sigma[usize::from(i)])
            .collect();
        let mut pi = [u8::MAX; 64];
        for (s, p) in pi.iter_mut().enumerate() {
            let mid = self.pi[s];
            if mid != u8::MAX {
                *p = next.pi[usize::from(mid)];
            }
        }
        Relabel { sigma, pi }
    }
}

/// A renaming that fixes every code of `fixed` and maps code `from` to code `to`, if there is
/// one (tried over every position permutation, for codes of at most 6 symbols). Such a
/// renaming maps the candidates left by `fixed` onto themselves.
pub fn relabel_onto(space: &Space, fixed: &[u32], from: u32, to: u32) -> Option<Relabel> {
    let len = space.code_len();
    if from == to {
        return Some(Relabel::identity(len));
    }
    if len > MAX_CANONICAL_LENGTH {
        return None;
    }
    let nsym = space.spec().symbols();
    let mut sigma: Vec<u8> = (0..len as u8).collect();
    loop {
        let mut pi = [u8::MAX; 64];
        let mut taken = 0u64;
        let pairs = fixed
            .iter()
            .map(|&h| (h, h))
            .chain(std::iter::once((from, to)));
        let mut fits = true;
        'pairs: for (src, dst) in pairs {
            let (src, dst) = (space.code(src), space.code(dst));
            for (i, &at) in sigma.iter().enumerate() {
                let (a, b) = (usize::from(src[usize::from(at)]), dst[i]);
                if pi[a] == u8::MAX && taken & (1 << b) == 0 {
                    pi[a] = b;
                    taken |= 1 << b;
                } else if pi[a] != b {
                    fits = false;
                    break 'pairs;
                }
            }
        }
        if fits {
            let mut free = all_symbols(nsym) & !taken;
            for p in pi.iter_mut().take(nsym) {
                if *p == u8::MAX {
                    *p = free.trailing_zeros() as u8;
                    free &= free - 1;
                }
            }
            return Some(Relabel { sigma, pi });
        }
        if !next_permutation(&mut sigma) {
            return None;
        }
    }
}

/// A candidate set named up to symmetry: `key` is the sorted image of the set under `relabel`,
/// the same for every set equivalent to it through an equivalent history.
#[derive(Debug, Clone)]
pub struct Canonical {
    /// The image of the set, ascending.
    pub key: Vec<u32>,
    /// The renaming that maps the set onto `key`.
    pub relabel: Relabel,
}

/// The canonical name of `set`, the candidates left by the distinct guesses `history`.
///
/// The history is read as a set of (answer, guess) pairs. Among every order of the guesses
/// (sorted by answer, which renamings keep) and every position permutation, the one whose
/// guesses, with symbols renamed in order of first appearance, read lowest names the history;
/// symbols no guess used take the next names in their own order (the set does not tell them
/// apart). When several renamings reach that lowest reading (the history has symmetries), the
/// lowest image of the set is the key. Equivalent histories thus give equal keys; histories
/// too long to compare (more than `MAX_CANONICAL_TRIES` orders) keep the set as it is.
///
/// `stop` is asked before each image of the set is made (a large set with a symmetric
/// history has many, each a pass and a sort over the set); `None` when it says stop.
pub fn canonical(
    space: &Space,
    history: &[u32],
    set: &[u32],
    stop: impl Fn() -> bool,
) -> Option<Canonical> {
    let len = space.code_len();
    let identity = || Canonical {
        key: set.to_vec(),
        relabel: Relabel::identity(len),
    };
    if history.is_empty() || set.is_empty() || len > MAX_CANONICAL_LENGTH {
        return Some(identity());
    }
    let mut guesses: Vec<(u8, u32)> = history.iter().map(|&h| (space.fb(h, set[0]), h)).collect();
    guesses.sort_unstable();
    let orders = answer_orders(&guesses);
    let perms: usize = (1..=len).product();
    if orders.len() * perms > MAX_CANONICAL_TRIES {
        return Some(identity());
    }
    let width = guesses.len() * (len + 1);
    if width > MAX_READING {
        return Some(identity());
    }
    let ties = lowest_reading_renamings(space, &guesses, &orders, width);
    let mut lowest: Option<Canonical> = None;
    for relabel in ties {
        if stop() {
            return None;
        }
        let mut key: Vec<u32> = set.iter().map(|&s| relabel.apply(space, s)).collect();
        key.sort_unstable();
        if lowest.as_ref().is_none_or(|l| key < l.key) {
            lowest = Some(Canonical { key, relabel });
        }
    }
    Some(lowest.unwrap_or_else(identity))
}

/// The renamings (position permutation and symbol renaming) under which the history's
/// `guesses`, taken in one of `orders`, read lowest; `width` bytes of reading.
fn lowest_reading_renamings(
    space: &Space,
    guesses: &[(u8, u32)],
    orders: &[Vec<usize>],
    width: usize,
) -> Vec<Relabel> {
    let len = space.code_len();
    let nsym = space.spec().symbols();
    // The lowest reading so far (empty until the first one) and the renamings reaching it.
    let mut best = [u8::MAX; MAX_READING];
    let mut ties: Vec<Relabel> = Vec::new();
    let mut reading = [0u8; MAX_READING];
    let mut sigma: Vec<u8> = (0..len as u8).collect();
    loop {
        'order: for order in orders {
            let mut pi = [u8::MAX; 64];
            let mut next = 0u8;
            // Compared with `best` byte by byte as it is written: stop when above it.
            let mut below = ties.is_empty();
            let mut at = 0;
            for &i in order {
                let (answer, guess) = guesses[i];
                let code = space.code(guess);
                for byte in std::iter::once(answer).chain(sigma.iter().map(|&from| {
                    let s = usize::from(code[usize::from(from)]);
                    if pi[s] == u8::MAX {
                        pi[s] = next;
                        next += 1;
                    }
                    pi[s]
                })) {
                    if !below {
                        if byte > best[at] {
                            continue 'order;
                        }
                        below = byte < best[at];
                    }
                    reading[at] = byte;
                    at += 1;
                }
            }
            for p in pi.iter_mut().take(nsym) {
                if *p == u8::MAX {
                    *p = next;
                    next += 1;
                }
            }
            if below {
                best[..width].copy_from_slice(&reading[..width]);
                ties.clear();
            }
            ties.push(Relabel {
                sigma: sigma.clone(),
                pi,
            });
        }
        if !next_permutation(&mut sigma) {
            break;
        }
    }
    ties
}

/// Every order of the guesses (sorted by answer) that keeps them sorted by answer: the
/// product of the permutations of each run of equal answers.
fn answer_orders(guesses: &[(u8, u32)]) -> Vec<Vec<usize>> {
    let mut orders: Vec<Vec<usize>> = vec![Vec::new()];
    let mut start = 0;
    while start < guesses.len() {
        let mut end = start + 1;
        while end < guesses.len() && guesses[end].0 == guesses[start].0 {
            end += 1;
        }
        let mut run: Vec<u8> = (start as u8..end as u8).collect();
        let mut runs = Vec::new();
        loop {
            runs.push(run.clone());
            if !next_permutation(&mut run) {
                break;
            }
        }
        orders = orders
            .iter()
            .flat_map(|prefix| {
                runs.iter().map(move |run| {
                    let mut order = prefix.clone();
                    order.extend(run.iter().map(|&i| usize::from(i)));
                    order
                })
            })
            .collect();
        if orders.len() > MAX_CANONICAL_TRIES {
            break;
        }
        start = end;
    }
    orders
}

/// Renames the fresh symbols of `code`, in order of first appearance, to the smallest fresh ones.
fn relabel_fresh(code: &mut [u8], used: u64, nsym: usize) {
    let mut available = all_symbols(nsym) & !used;
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

/// Non-identity symmetries fixing every guess of `history`: renamings (position map `sigma`,
/// symbol map `pi` on used symbols) with `h[sigma(i)] = pi(h[i])` for every guess h. Only for
/// codes of at most 6 symbols (720 position permutations).
fn stabiliser(space: &Space, history: &[u32]) -> Vec<Relabel> {
    let len = space.code_len();
    if len > 6 {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut perm: Vec<u8> = (0..len as u8).collect();
    loop {
        let identity = perm.iter().enumerate().all(|(i, &p)| usize::from(p) == i);
        if !identity && let Some(pi) = symbol_map(space, history, &perm) {
            out.push(Relabel {
                sigma: perm.clone(),
                pi,
            });
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

    /// Codes longer than the renamings [`canonical`] tries (7 and 8 symbols) still have the
    /// identity renaming, and the search names their sets by it.
    #[test]
    fn the_identity_renames_codes_of_every_solvable_length() {
        for len in 1..=crate::space::MAX_SOLVE_LENGTH {
            let sp = space(len, "01", true);
            let identity = Relabel::identity(len);
            for code in sp.all() {
                assert_eq!(identity.apply(&sp, code), code, "length {len}");
                assert_eq!(identity.inverse().apply(&sp, code), code, "length {len}");
            }
            let last = sp.len() as u32 - 1;
            let onto = relabel_onto(&sp, &[0], last, last).expect("a code maps onto itself");
            assert_eq!(onto.apply(&sp, 1), 1, "length {len}");
            let named = canonical(&sp, &[0], &[1, last], || false).unwrap();
            assert_eq!(named.relabel.apply(&sp, last), last, "length {len}");
        }
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

    /// Renames `codes` by a fixed position permutation and symbol renaming.
    fn rename(space: &Space, codes: &[u32], sigma: &[u8], pi: &[u8]) -> Vec<u32> {
        codes
            .iter()
            .map(|&c| {
                let code = space.code(c);
                let image: Vec<u8> = sigma
                    .iter()
                    .map(|&from| pi[usize::from(code[usize::from(from)])])
                    .collect();
                space.index_of(&image).unwrap()
            })
            .collect()
    }

    fn consistent(space: &Space, history: &[(u32, u8)]) -> Vec<u32> {
        space
            .all()
            .into_iter()
            .filter(|&s| history.iter().all(|&(g, c)| space.fb(g, s) == c))
            .collect()
    }

    /// Naming stops when asked to: after one guess of five distinct digits every position
    /// permutation ties, and each tie is a pass and a sort over the set (thousands of codes here).
    #[test]
    fn naming_a_large_set_stops_when_asked() {
        let sp = space(5, "0123456789", false);
        let first = sp.index_of(&[0, 1, 2, 3, 4]).unwrap();
        let set = consistent(
            &sp,
            &[(first, sp.fb(first, sp.index_of(&[5, 6, 7, 0, 1]).unwrap()))],
        );
        assert!(set.len() > 1000, "{}", set.len());
        assert!(canonical(&sp, &[first], &set, || true).is_none());
        let asked = std::cell::Cell::new(0);
        let named = canonical(&sp, &[first], &set, || {
            asked.set(asked.get() + 1);
            false
        });
        assert_eq!(named.unwrap().key.len(), set.len());
        assert!(
            asked.get() > 1,
            "asked once per image of the set: {}",
            asked.get()
        );
    }

    /// Equivalent histories (renamed, reordered) get the same key, and the key is the image of
    /// the set under the renaming returned.
    #[test]
    fn equivalent_histories_share_a_key() {
        for (len, alpha, rep) in [(4, "0123456789", false), (4, "123456", true)] {
            let sp = space(len, alpha, rep);
            let mut r = crate::rng::SplitMix64::new(5);
            for _ in 0..200 {
                let k = 1 + (r.next_u64() % 3) as usize;
                let secret = (r.next_u64() % sp.len() as u64) as u32;
                let history: Vec<(u32, u8)> = (0..k)
                    .map(|_| {
                        let g = (r.next_u64() % sp.len() as u64) as u32;
                        (g, sp.fb(g, secret))
                    })
                    .collect();
                let set = consistent(&sp, &history);
                let guesses: Vec<u32> = history.iter().map(|h| h.0).collect();
                let a = canonical(&sp, &guesses, &set, || false).unwrap();
                let mut image: Vec<u32> = set.iter().map(|&s| a.relabel.apply(&sp, s)).collect();
                image.sort_unstable();
                assert_eq!(image, a.key);
                let back: Vec<u32> = a
                    .key
                    .iter()
                    .map(|&s| a.relabel.inverse().apply(&sp, s))
                    .collect();
                let mut back_sorted = back.clone();
                back_sorted.sort_unstable();
                assert_eq!(back_sorted, set);
                // A random renaming of the history, its guesses reversed.
                let mut sigma: Vec<u8> = (0..len as u8).collect();
                let mut pi: Vec<u8> = (0..sp.spec().symbols() as u8).collect();
                for i in (1..sigma.len()).rev() {
                    sigma.swap(i, (r.next_u64() % (i as u64 + 1)) as usize);
                }
                for i in (1..pi.len()).rev() {
                    pi.swap(i, (r.next_u64() % (i as u64 + 1)) as usize);
                }
                let renamed: Vec<(u32, u8)> = history
                    .iter()
                    .rev()
                    .map(|&(g, c)| (rename(&sp, &[g], &sigma, &pi)[0], c))
                    .collect();
                let set2 = consistent(&sp, &renamed);
                let guesses2: Vec<u32> = renamed.iter().map(|h| h.0).collect();
                assert_eq!(
                    canonical(&sp, &guesses2, &set2, || false).unwrap().key,
                    a.key
                );
            }
        }
    }
}
