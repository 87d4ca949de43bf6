//! Every code of a game as a compact integer, with a fast feedback function.
//!
//! Solving and simulating spend nearly all their time asking "what would guess `g` answer if
//! the secret were `s`?" for sets of candidate secrets. Codes are therefore numbered in
//! lexicographic (alphabet) order, candidate sets are plain `u32` lists of those numbers, and the
//! answer is computed from two bit tricks: strikes are the zero bytes of the XOR of the packed
//! codes, and the symbols two codes share (as multisets) are the common bits of their
//! "unary count" masks (symbol `s` occurring `c` times sets `c` bits in `s`'s slot, and
//! `min(c1, c2)` is the popcount of the AND). For small games the whole answer table is
//! precomputed.

use crate::code::{CodeSpec, Feedback, feedback};
use crate::error::InputError;

/// Longest code the solver handles (codes are packed one symbol per byte in a `u64`).
pub const MAX_SOLVE_LENGTH: usize = 8;
/// Most codes the solver enumerates (about 16 MB of tables).
pub const MAX_CODES: u64 = 1 << 20;
/// Games up to this many codes get a precomputed answer table (N*N bytes).
const TABLE_CODES: usize = 6000;

/// All codes of a game, numbered 0..N in lexicographic order.
#[derive(Debug, Clone)]
pub struct Space {
    spec: CodeSpec,
    len: usize,
    /// Flat `N * len` symbol indices.
    digits: Vec<u8>,
    /// Symbols packed one per byte, first symbol most significant: numeric order = code order.
    packed: Vec<u64>,
    /// Unary count masks, when `symbols * bits_per_symbol <= 128`.
    masks: Option<Vec<u128>>,
    /// Used symbols of each code as a bit set.
    symbol_sets: Vec<u64>,
    /// `table[g * N + s]`: feedback class of guess g against secret s, for small games.
    table: Option<Vec<u8>>,
    classes: usize,
}

impl Space {
    /// Enumerates the codes of `spec`; `path` locates the options in the input for errors.
    pub fn new(spec: &CodeSpec, path: &str) -> Result<Self, InputError> {
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
        let n = count as usize;
        let nsym = spec.symbols();
        let mut digits = Vec::with_capacity(n * len);
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
        debug_assert_eq!(digits.len(), n * len);
        let bps = if spec.repeats() { len } else { 1 };
        let use_masks = nsym * bps <= 128;
        let mut packed = Vec::with_capacity(n);
        let mut masks = Vec::with_capacity(if use_masks { n } else { 0 });
        let mut symbol_sets = Vec::with_capacity(n);
        for code in digits.chunks_exact(len) {
            let mut p = 0u64;
            let mut m = 0u128;
            let mut set = 0u64;
            let mut counts = [0usize; 64];
            for &s in code {
                p = (p << 8) | u64::from(s);
                set |= 1 << s;
                if use_masks {
                    m |= 1u128 << (usize::from(s) * bps + counts[usize::from(s)]);
                }
                counts[usize::from(s)] += 1;
            }
            packed.push(p);
            masks.push(m);
            symbol_sets.push(set);
        }
        let classes = (len + 1) * (len + 1);
        let mut space = Space {
            spec: spec.clone(),
            len,
            digits,
            packed,
            masks: use_masks.then_some(masks),
            symbol_sets,
            table: None,
            classes,
        };
        if n <= TABLE_CODES {
            use rayon::prelude::*;
            let mut table = vec![0u8; n * n];
            let sp = &space;
            table
                .par_chunks_exact_mut(n)
                .enumerate()
                .for_each(|(g, row)| {
                    for (s, cell) in row.iter_mut().enumerate() {
                        *cell = sp.compute(g as u32, s as u32);
                    }
                });
            space.table = Some(table);
        }
        Ok(space)
    }

    /// The rules this space enumerates.
    pub fn spec(&self) -> &CodeSpec {
        &self.spec
    }

    /// Number of codes.
    pub fn len(&self) -> usize {
        self.packed.len()
    }

    /// Whether there are no codes (never: a valid spec has at least one).
    pub fn is_empty(&self) -> bool {
        self.packed.is_empty()
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
        let p = code.iter().fold(0u64, |p, &s| (p << 8) | u64::from(s));
        self.packed.binary_search(&p).ok().map(|i| i as u32)
    }

    /// The code written as a string.
    pub fn format(&self, i: u32) -> String {
        self.spec.format(self.code(i))
    }

    /// Feedback class of guess `g` against secret `s`.
    #[inline]
    pub fn fb(&self, g: u32, s: u32) -> u8 {
        match &self.table {
            Some(t) => t[g as usize * self.packed.len() + s as usize],
            None => self.compute(g, s),
        }
    }

    #[inline]
    fn compute(&self, g: u32, s: u32) -> u8 {
        let (gi, si) = (g as usize, s as usize);
        let Some(masks) = &self.masks else {
            return self.class_of(feedback(self.code(s), self.code(g)));
        };
        const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
        let x = self.packed[gi] ^ self.packed[si];
        let zero = !(((x & LOW7).wrapping_add(LOW7)) | x | LOW7);
        let strikes = zero.count_ones() as usize - (8 - self.len);
        let common = (masks[gi] & masks[si]).count_ones() as usize;
        (strikes * (self.len + 1) + common - strikes) as u8
    }

    /// Counts of each feedback class of `guess` over `set`, into `counts` (length `classes()`).
    #[inline]
    pub fn partition_counts(&self, guess: u32, set: &[u32], counts: &mut [u32]) {
        counts.iter_mut().for_each(|c| *c = 0);
        match &self.table {
            Some(t) => {
                let n = self.packed.len();
                let row = &t[guess as usize * n..(guess as usize + 1) * n];
                for &s in set {
                    counts[usize::from(row[s as usize])] += 1;
                }
            }
            None => {
                for &s in set {
                    counts[usize::from(self.compute(guess, s))] += 1;
                }
            }
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
        (0..self.packed.len() as u32).collect()
    }
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
        // Fast feedback (table or bit tricks) against the reference on a sample of pairs.
        let n = space.len() as u32;
        let step = (n / 97).max(1);
        for g in (0..n).step_by(step as usize) {
            for s in 0..n {
                let want = space.class_of(feedback(space.code(s), space.code(g)));
                assert_eq!(space.fb(g, s), want);
                assert_eq!(space.compute(g, s), want);
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
        check_space(1, "x", false, 1);
    }

    #[test]
    fn limits_are_input_errors() {
        let spec = CodeSpec::new(9, "0123456789", false, "").unwrap();
        assert_eq!(Space::new(&spec, "").unwrap_err().path, "/length");
        let spec = CodeSpec::new(8, "0123456789", true, "").unwrap();
        assert_eq!(Space::new(&spec, "").unwrap_err().path, "");
    }
}
