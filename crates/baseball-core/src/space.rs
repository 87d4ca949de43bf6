//! Every code of a game as a compact integer, with a fast feedback function.
//!
//! Solving and simulating spend nearly all their time asking "what would guess `g` answer if
//! the secret were `s`?" for sets of candidate secrets. Codes are therefore numbered in
//! lexicographic (alphabet) order, candidate sets are plain `u32` lists of those numbers, and the
//! answer is computed from two bit tricks: strikes are the zero bytes of the XOR of the packed
//! codes, and the symbols two codes share (as multisets) are the common bits of their
//! "unary count" masks (symbol `s` occurring `c` times sets `c` bits in `s`'s slot, and
//! `min(c1, c2)` is the popcount of the AND). Callers gather the keys of a candidate set
//! into one array before scoring many guesses against it, so the hot loop stays in cache.

use crate::code::{CodeSpec, Feedback, feedback};
use crate::error::InputError;

/// Longest code the solver handles (codes are packed one symbol per byte in a `u64`).
pub const MAX_SOLVE_LENGTH: usize = 8;
/// Most codes the solver enumerates (about 40 MB of keys).
pub const MAX_CODES: u64 = 1 << 20;

/// What the fast feedback needs of one code, small enough to gather a candidate set's keys into
/// one contiguous (cache-friendly) array before scoring thousands of guesses against it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Key {
    /// Symbols packed one per byte, first symbol most significant: numeric order = code order.
    packed: u64,
    /// Unary count mask (bit `s * slot + k` set when symbol `s` occurs more than `k` times).
    mask: u128,
    /// Code number, for the slow path of games whose masks do not fit 128 bits.
    index: u32,
}

const BYTES: u64 = 0x0101_0101_0101_0101;

/// The number of set bits of each byte of `x`, in that byte (SWAR popcount without the final
/// sum, so two halves of a `u128` can be added before one multiplication sums all bytes).
#[inline]
fn byte_counts(x: u64) -> u64 {
    let x = x - ((x >> 1) & 0x5555_5555_5555_5555);
    let x = (x & 0x3333_3333_3333_3333) + ((x >> 2) & 0x3333_3333_3333_3333);
    (x + (x >> 4)) & 0x0f0f_0f0f_0f0f_0f0f
}

/// All codes of a game, numbered 0..N in lexicographic order.
#[derive(Debug, Clone)]
pub struct Space {
    spec: CodeSpec,
    len: usize,
    /// Flat `N * len` symbol indices.
    digits: Vec<u8>,
    keys: Vec<Key>,
    /// Whether the unary count masks fit (`symbols * slot <= 128`); else feedback is computed
    /// from the digits.
    fast: bool,
    /// Used symbols of each code as a bit set.
    symbol_sets: Vec<u64>,
    classes: usize,
    /// `numbers[x]`: the number of the code whose symbols read `x` in base `symbols`, or
    /// `u32::MAX`; empty when that base-`symbols` range is over [`MAX_DENSE_NUMBERS`]. The
    /// searches rename codes millions of times, and a lookup is a tenth of ranking the code.
    numbers: Vec<u32>,
}

/// Largest `symbols ^ length` for which [`Space`] keeps a direct table from codes to numbers.
const MAX_DENSE_NUMBERS: u64 = 1 << 16;

impl Space {
    /// Enumerates the codes of `spec`; `path` locates the options in the input for errors.
    pub fn new(spec: &CodeSpec, path: &str) -> Result<Self, InputError> {
        check_size(spec, path)?;
        let (len, nsym) = (spec.length(), spec.symbols());
        let digits = all_codes(spec);
        let slot = if spec.repeats() { len } else { 1 };
        let fast = nsym * slot <= 128;
        let (keys, symbol_sets) = keys_of(&digits, len, fast.then_some(slot));
        Ok(Space {
            spec: spec.clone(),
            len,
            numbers: dense_numbers(&digits, len, nsym),
            digits,
            keys,
            fast,
            symbol_sets,
            classes: (len + 1) * (len + 1),
        })
    }

    /// The rules this space enumerates.
    pub fn spec(&self) -> &CodeSpec {
        &self.spec
    }

    /// Number of codes.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether there are no codes (never: a valid spec has at least one).
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// Code length.
    pub fn code_len(&self) -> usize {
        self.len
    }

    /// Number of feedback classes: `(length + 1)^2`, indexed `strikes * (length + 1) + balls`.
    pub fn classes(&self) -> usize {
        self.classes
    }

    /// The class of the all-strikes answer.
    pub fn win_class(&self) -> u8 {
        (self.len * (self.len + 1)) as u8
    }

    /// Class index of a feedback.
    pub fn class_of(&self, fb: Feedback) -> u8 {
        (fb.strikes as usize * (self.len + 1) + fb.balls as usize) as u8
    }

    /// Feedback of a class index.
    pub fn feedback_of(&self, class: u8) -> Feedback {
        let c = usize::from(class);
        Feedback {
            strikes: (c / (self.len + 1)) as u32,
            balls: (c % (self.len + 1)) as u32,
        }
    }

    /// Symbols of code `i`.
    pub fn code(&self, i: u32) -> &[u8] {
        let i = i as usize;
        &self.digits[i * self.len..(i + 1) * self.len]
    }

    /// Bit set of the symbols code `i` uses.
    pub fn symbol_set(&self, i: u32) -> u64 {
        self.symbol_sets[i as usize]
    }

    /// Number of a code given by its symbols, if it is a code of this game.
    pub fn index_of(&self, code: &[u8]) -> Option<u32> {
        if code.len() != self.len {
            return None;
        }
        // Codes are numbered in lexicographic order, so the number is the code's rank, computed
        // digit by digit: each symbol counts the codes that start like this one and continue
        // with a smaller symbol (a binary search over a million keys misses the cache ~20 times).
        let nsym = self.spec.symbols() as u64;
        if !self.numbers.is_empty() {
            let mut x = 0;
            for &s in code {
                if u64::from(s) >= nsym {
                    return None;
                }
                x = x * nsym as usize + usize::from(s);
            }
            let index = self.numbers[x];
            return (index != u32::MAX).then_some(index);
        }
        let mut index = 0u64;
        let mut used = 0u64;
        for (i, &s) in code.iter().enumerate() {
            if u64::from(s) >= nsym || (!self.spec.repeats() && used & (1 << s) != 0) {
                return None;
            }
            let rest = (self.len - 1 - i) as u64;
            let (smaller, tails) = if self.spec.repeats() {
                (u64::from(s), nsym.pow(rest as u32))
            } else {
                let below = (used & ((1u64 << s) - 1)).count_ones();
                let free = nsym - 1 - i as u64;
                // Ways to fill the remaining places with distinct unused symbols.
                let tails = (0..rest).map(|k| free - k).product::<u64>();
                (u64::from(s) - u64::from(below), tails)
            };
            index += smaller * tails;
            used |= 1 << s;
        }
        debug_assert_eq!(
            self.keys.get(index as usize).map(|k| k.packed),
            Some(code.iter().fold(0u64, |p, &s| (p << 8) | u64::from(s)))
        );
        Some(index as u32)
    }

    /// The code written as a string.
    pub fn format(&self, i: u32) -> String {
        self.spec.format(self.code(i))
    }

    /// The fast-feedback key of code `i`.
    #[inline]
    pub fn key(&self, i: u32) -> Key {
        self.keys[i as usize]
    }

    /// The keys of a set of codes, gathered.
    pub fn keys_of(&self, set: &[u32]) -> Vec<Key> {
        set.iter().map(|&i| self.keys[i as usize]).collect()
    }

    /// Feedback class of guess `g` against secret `s`.
    #[inline]
    pub fn fb(&self, g: u32, s: u32) -> u8 {
        self.class_keys(&self.keys[g as usize], &self.keys[s as usize])
    }

    /// Feedback class of the guess with key `g` against the secret with key `s`.
    #[inline]
    pub fn class_keys(&self, g: &Key, s: &Key) -> u8 {
        if !self.fast {
            return self.class_of(feedback(self.code(s.index), self.code(g.index)));
        }
        const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
        let x = g.packed ^ s.packed;
        let zero = !(((x & LOW7).wrapping_add(LOW7)) | x | LOW7);
        // `zero` has bit 7 of each zero byte set: gather those bits into the top byte with one
        // multiplication (the baseline x86-64 target has no popcount instruction).
        let strikes = ((zero >> 7).wrapping_mul(BYTES) >> 56) as usize - (8 - self.len);
        let m = g.mask & s.mask;
        let common = ((byte_counts(m as u64) + byte_counts((m >> 64) as u64)).wrapping_mul(BYTES)
            >> 56) as usize;
        (strikes * self.len + common) as u8
    }

    /// Counts of each feedback class of `guess` over the gathered `keys`, into `counts`
    /// (length `classes()`).
    #[inline]
    pub fn partition_counts(&self, guess: &Key, keys: &[Key], counts: &mut [u32]) {
        counts.iter_mut().for_each(|c| *c = 0);
        for k in keys {
            counts[usize::from(self.class_keys(guess, k))] += 1;
        }
    }

    /// The codes of `set` that answer `class` to `guess`.
    pub fn filter(&self, set: &[u32], guess: u32, class: u8) -> Vec<u32> {
        set.iter()
            .copied()
            .filter(|&s| self.fb(guess, s) == class)
            .collect()
    }

    /// All code numbers.
    pub fn all(&self) -> Vec<u32> {
        (0..self.keys.len() as u32).collect()
    }
}

/// Refuses a game whose codes are too long or too many to enumerate.
fn check_size(spec: &CodeSpec, path: &str) -> Result<(), InputError> {
    let len = spec.length();
    if len > MAX_SOLVE_LENGTH {
        return Err(InputError::new(
            format!("{path}/length"),
            format!("solving supports codes of at most {MAX_SOLVE_LENGTH} symbols, not {len}"),
        ));
    }
    let count = spec.code_count().unwrap_or(u64::MAX);
    if count > MAX_CODES {
        return Err(InputError::new(
            path.to_string(),
            format!(
                "{} codes of length {len} over {} symbols{} is too many to solve (at most {MAX_CODES})",
                if count == u64::MAX {
                    "more than 2^64".to_string()
                } else {
                    count.to_string()
                },
                spec.symbols(),
                if spec.repeats() { " with repeats" } else { "" }
            ),
        ));
    }
    Ok(())
}

/// Every code of the game in ascending order, `length` symbol indices each, one after
/// another.
fn all_codes(spec: &CodeSpec) -> Vec<u8> {
    let (len, nsym) = (spec.length(), spec.symbols());
    let count = spec.code_count().unwrap_or(0) as usize;
    let mut digits = Vec::with_capacity(count * len);
    let mut cur = vec![0u8; len];
    // Odometer over all len-tuples, skipping those with repeats when they are off.
    'outer: loop {
        let ok = spec.repeats() || (0..len).all(|i| !cur[..i].contains(&cur[i]));
        if ok {
            digits.extend_from_slice(&cur);
        }
        let mut pos = len;
        loop {
            if pos == 0 {
                break 'outer;
            }
            pos -= 1;
            if usize::from(cur[pos]) + 1 < nsym {
                cur[pos] += 1;
                for c in cur.iter_mut().skip(pos + 1) {
                    *c = 0;
                }
                break;
            }
        }
    }
    debug_assert_eq!(digits.len(), count * len);
    digits
}

/// Each code's key (packed symbols, and with `slot` its symbol-count mask: `slot` bits per
/// symbol) and its set of symbols.
fn keys_of(digits: &[u8], len: usize, slot: Option<usize>) -> (Vec<Key>, Vec<u64>) {
    let n = digits.len() / len;
    let mut keys = Vec::with_capacity(n);
    let mut symbol_sets = Vec::with_capacity(n);
    for (index, code) in digits.chunks_exact(len).enumerate() {
        let mut packed = 0u64;
        let mut mask = 0u128;
        let mut set = 0u64;
        let mut counts = [0usize; 64];
        for &s in code {
            packed = (packed << 8) | u64::from(s);
            set |= 1 << s;
            if let Some(slot) = slot {
                mask |= 1u128 << (usize::from(s) * slot + counts[usize::from(s)]);
            }
            counts[usize::from(s)] += 1;
        }
        keys.push(Key {
            packed,
            mask,
            index: index as u32,
        });
        symbol_sets.push(set);
    }
    (keys, symbol_sets)
}

/// The index of each code by its number in base `nsym` (`u32::MAX` for numbers that are
/// not codes), when that table is small enough; empty otherwise.
fn dense_numbers(digits: &[u8], len: usize, nsym: usize) -> Vec<u32> {
    let small = (nsym as u64)
        .checked_pow(len as u32)
        .is_some_and(|r| r <= MAX_DENSE_NUMBERS);
    if !small {
        return Vec::new();
    }
    let mut numbers = vec![u32::MAX; nsym.pow(len as u32)];
    for (index, code) in digits.chunks_exact(len).enumerate() {
        let x = code.iter().fold(0, |x, &s| x * nsym + usize::from(s));
        numbers[x] = index as u32;
    }
    numbers
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_space(len: usize, alpha: &str, rep: bool, expected: usize) {
        let spec = CodeSpec::new(len, alpha, rep, "").unwrap();
        let space = Space::new(&spec, "").unwrap();
        assert_eq!(space.len(), expected);
        // Lexicographic order, no repeats when off, index_of round trip.
        for i in 0..space.len() as u32 {
            assert_eq!(space.index_of(space.code(i)), Some(i));
            if i > 0 {
                assert!(space.code(i - 1) < space.code(i));
            }
        }
        // Fast feedback (bit tricks) against the reference on a sample of pairs.
        let n = space.len() as u32;
        let step = (n / 97).max(1);
        let sstep = (n / 5000).max(1);
        for g in (0..n).step_by(step as usize) {
            for s in (0..n).step_by(sstep as usize) {
                let want = space.class_of(feedback(space.code(s), space.code(g)));
                assert_eq!(space.fb(g, s), want);
            }
        }
    }

    #[test]
    fn enumerations_and_fast_feedback_agree_with_the_reference() {
        check_space(3, "0123456789", false, 720);
        check_space(3, "123456789", false, 504);
        check_space(4, "0123456789", false, 5040);
        check_space(4, "123456", true, 1296);
        check_space(5, "12345678", true, 32768);
        check_space(2, "ab", true, 4);
        // Masks wider than 64 bits (20 symbols x 4 slots) and the slow path (43 x 3 > 128).
        check_space(4, "ABCDEFGHIJKLMNOPQRST", true, 160_000);
        check_space(
            3,
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopq",
            true,
            79_507,
        );
        check_space(1, "x", false, 1);
    }

    #[test]
    fn index_of_is_the_rank_of_every_code() {
        for (len, alpha, rep) in [
            (3, "0123456789", false),
            (4, "123456", true),
            (1, "ab", false),
            (5, "0123456", false),
            (3, "ab", true),
            // 10^6 base-10 numbers: too many for the direct table, ranked arithmetically.
            (6, "0123456789", false),
        ] {
            let space = Space::new(&CodeSpec::new(len, alpha, rep, "").unwrap(), "").unwrap();
            for i in 0..space.len() as u32 {
                assert_eq!(
                    space.index_of(space.code(i)),
                    Some(i),
                    "{len} {alpha} {rep}"
                );
            }
            assert_eq!(space.index_of(&vec![0; len + 1]), None);
            if !rep && len > 1 {
                assert_eq!(space.index_of(&vec![0; len]), None, "a repeat in {alpha}");
            }
            assert_eq!(space.index_of(&vec![alpha.len() as u8; len]), None);
        }
        let space = Space::new(&CodeSpec::new(3, "0123456789", false, "").unwrap(), "").unwrap();
        assert_eq!(space.index_of(&[1, 1, 2]), None);
        assert_eq!(space.index_of(&[1, 10, 2]), None);
    }

    #[test]
    fn limits_are_input_errors() {
        let spec = CodeSpec::new(9, "0123456789", false, "").unwrap();
        assert_eq!(Space::new(&spec, "").unwrap_err().path, "/length");
        let spec = CodeSpec::new(8, "0123456789", true, "").unwrap();
        assert_eq!(Space::new(&spec, "").unwrap_err().path, "");
    }
}
