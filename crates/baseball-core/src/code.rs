//! The code model: what a secret or a guess is, and the strikes-and-balls answer to a guess.
//!
//! A code is a string of `length` symbols drawn from an `alphabet` (by default the ten digits),
//! with or without repeated symbols. Without repeats this is number baseball / bulls and cows;
//! with repeats it is Mastermind, where balls count the symbols the two codes share as
//! multisets, minus the strikes. Without repeats both definitions agree, so one rule serves both.

use crate::error::InputError;

/// Default code length of the contract.
pub const DEFAULT_LENGTH: usize = 3;
/// Default alphabet of the contract.
pub const DEFAULT_ALPHABET: &str = "0123456789";
/// Largest alphabet: symbol sets are kept in 64-bit masks.
pub const MAX_ALPHABET: usize = 64;
/// Longest code accepted anywhere (judging is linear in the length, but a code longer than
/// this is a mistake rather than a game).
pub const MAX_LENGTH: usize = 64;

/// The rules of one game: code length, the symbols codes are made of, and whether a symbol
/// may occur more than once in a code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodeSpec {
    length: usize,
    alphabet: Vec<char>,
    repeats: bool,
}

/// The answer to a guess.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Feedback {
    /// Symbols in the right place.
    pub strikes: u32,
    /// Symbols the codes share (as multisets) that are not strikes.
    pub balls: u32,
}

impl CodeSpec {
    /// Checks the options of a command. `path_prefix` is prepended to the field names so that
    /// errors point into the input (`""` for top-level options).
    pub fn new(
        length: usize,
        alphabet: &str,
        repeats: bool,
        path_prefix: &str,
    ) -> Result<Self, InputError> {
        let symbols: Vec<char> = alphabet.chars().collect();
        let apath = format!("{path_prefix}/alphabet");
        if symbols.is_empty() {
            return Err(InputError::new(apath, "the alphabet is empty"));
        }
        if symbols.len() > MAX_ALPHABET {
            return Err(InputError::new(
                apath,
                format!(
                    "the alphabet has {} symbols but at most {MAX_ALPHABET} are supported",
                    symbols.len()
                ),
            ));
        }
        for (i, c) in symbols.iter().enumerate() {
            if symbols[..i].contains(c) {
                return Err(InputError::new(
                    apath,
                    format!("the alphabet {alphabet:?} lists {c:?} more than once"),
                ));
            }
            if c.is_whitespace() || c.is_control() {
                return Err(InputError::new(
                    apath,
                    format!(
                        "the alphabet {alphabet:?} contains the blank or control character {c:?}"
                    ),
                ));
            }
        }
        let lpath = format!("{path_prefix}/length");
        if length == 0 {
            return Err(InputError::new(lpath, "length must be at least 1"));
        }
        if length > MAX_LENGTH {
            return Err(InputError::new(
                lpath,
                format!("length {length} is too long: at most {MAX_LENGTH} symbols are supported"),
            ));
        }
        if !repeats && length > symbols.len() {
            return Err(InputError::new(
                lpath,
                format!(
                    "length {length} needs {length} different symbols but the alphabet {alphabet:?} has {} (set \"repeats\": true to allow repeated symbols)",
                    symbols.len()
                ),
            ));
        }
        Ok(CodeSpec {
            length,
            alphabet: symbols,
            repeats,
        })
    }

    /// The contract's defaults: 3 distinct digits.
    pub fn classic() -> Self {
        CodeSpec {
            length: DEFAULT_LENGTH,
            alphabet: DEFAULT_ALPHABET.chars().collect(),
            repeats: false,
        }
    }

    /// Number of symbols in a code.
    pub fn length(&self) -> usize {
        self.length
    }

    /// The symbols, in their order (which is the order codes are enumerated in).
    pub fn alphabet(&self) -> &[char] {
        &self.alphabet
    }

    /// Whether a code may repeat a symbol.
    pub fn repeats(&self) -> bool {
        self.repeats
    }

    /// Number of symbols in the alphabet.
    pub fn symbols(&self) -> usize {
        self.alphabet.len()
    }

    /// Number of possible codes, or `None` when it does not fit in a `u64`.
    pub fn code_count(&self) -> Option<u64> {
        let n = self.alphabet.len() as u64;
        let mut total: u64 = 1;
        for i in 0..self.length as u64 {
            let factor = if self.repeats { n } else { n.checked_sub(i)? };
            total = total.checked_mul(factor)?;
        }
        Some(total)
    }

    /// Parses a code (secret or guess) written as a string; `path` locates it in the input and
    /// `what` names it in messages ("secret", "guess").
    pub fn parse(&self, text: &str, path: &str, what: &str) -> Result<Vec<u8>, InputError> {
        let mut code = Vec::with_capacity(self.length);
        for c in text.chars() {
            match self.alphabet.iter().position(|&a| a == c) {
                Some(i) => code.push(i as u8),
                None => {
                    return Err(InputError::new(
                        path,
                        format!(
                            "{what} {text:?} uses {c:?}, which is not in the alphabet {:?}",
                            self.alphabet.iter().collect::<String>()
                        ),
                    ));
                }
            }
            if code.len() > MAX_LENGTH {
                break;
            }
        }
        if code.len() != self.length {
            let n = text.chars().count();
            return Err(InputError::new(
                path,
                format!(
                    "{what} {text:?} has {n} symbol{} but codes have length {}",
                    if n == 1 { "" } else { "s" },
                    self.length
                ),
            ));
        }
        if !self.repeats {
            for i in 0..code.len() {
                if code[..i].contains(&code[i]) {
                    return Err(InputError::new(
                        path,
                        format!(
                            "{what} {text:?} repeats {:?} but repeats are off (set \"repeats\": true to allow them)",
                            self.alphabet[code[i] as usize]
                        ),
                    ));
                }
            }
        }
        Ok(code)
    }

    /// Writes a code back as a string.
    pub fn format(&self, code: &[u8]) -> String {
        code.iter().map(|&s| self.alphabet[s as usize]).collect()
    }

    /// Whether some pair of codes of this game can produce `fb` at all, ignoring any particular
    /// guess; `Err` says why not. Used to reject impossible answers with a clear reason.
    pub fn check_feedback(&self, fb: Feedback) -> Result<(), ImpossibleFeedback> {
        let len = self.length as u64;
        let (s, b) = (u64::from(fb.strikes), u64::from(fb.balls));
        let fault = |why| {
            Err(ImpossibleFeedback {
                feedback: fb,
                length: self.length,
                why,
            })
        };
        if s + b > len {
            return fault(WhyImpossible::MoreThanTheCode);
        }
        if s + 1 == len && b == 1 {
            return fault(WhyImpossible::LastSymbolABall);
        }
        if !self.repeats {
            // Two codes of distinct symbols share at least 2*length - alphabet symbols.
            let least = (2 * len).saturating_sub(self.symbols() as u64);
            if s + b < least {
                return fault(WhyImpossible::CodesShareMore {
                    symbols: self.symbols(),
                    least: least as usize,
                });
            }
        }
        Ok(())
    }
}

/// An answer that no two codes of a game can give (see [`CodeSpec::check_feedback`]);
/// `Display` gives the sentence an input error carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ImpossibleFeedback {
    /// The answer.
    pub feedback: Feedback,
    /// The game's code length.
    pub length: usize,
    /// Why no pair of codes gives it.
    pub why: WhyImpossible,
}

/// The reasons of an [`ImpossibleFeedback`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WhyImpossible {
    /// Strikes and balls add up to more than the code's length.
    MoreThanTheCode,
    /// All but one symbol are strikes and the last is a ball, which it cannot be.
    LastSymbolABall,
    /// Codes without repeats out of `symbols` symbols always share at least `least`.
    CodesShareMore {
        /// The alphabet's size.
        symbols: usize,
        /// The fewest symbols two codes share.
        least: usize,
    },
}

impl std::fmt::Display for ImpossibleFeedback {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let Feedback { strikes, balls } = self.feedback;
        let len = self.length;
        write!(
            f,
            "{} and {}",
            plural(strikes, "strike"),
            plural(balls, "ball")
        )?;
        match self.why {
            WhyImpossible::MoreThanTheCode => {
                write!(f, " add up to more than the {len} symbols of a code")
            }
            WhyImpossible::LastSymbolABall => f.write_str(
                " cannot happen: when all but one symbol are strikes, the last one cannot be a ball",
            ),
            WhyImpossible::CodesShareMore { symbols, least } => write!(
                f,
                " cannot happen: two codes of {len} different symbols out of {symbols} always share at least {least}"
            ),
        }
    }
}

impl std::error::Error for ImpossibleFeedback {}

/// `n` and the word, with an `s` unless `n` is 1 ("1 strike", "2 balls").
pub(crate) fn plural(n: u32, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// Strikes and balls of `guess` against `secret` (symbol indices, equal lengths).
///
/// Balls count the symbols the codes have in common as multisets, minus the strikes: the
/// Mastermind rule, which for codes without repeats is the number-baseball rule.
pub fn feedback(secret: &[u8], guess: &[u8]) -> Feedback {
    let mut strikes = 0u32;
    let mut cs = [0u8; MAX_ALPHABET];
    let mut cg = [0u8; MAX_ALPHABET];
    for (&s, &g) in secret.iter().zip(guess) {
        if s == g {
            strikes += 1;
        }
        cs[s as usize] += 1;
        cg[g as usize] += 1;
    }
    let common: u32 = cs.iter().zip(&cg).map(|(&a, &b)| u32::from(a.min(b))).sum();
    Feedback {
        strikes,
        balls: common - strikes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(len: usize, alpha: &str, rep: bool) -> CodeSpec {
        CodeSpec::new(len, alpha, rep, "").unwrap()
    }

    /// The design note's judge: every (i, j) pair of equal symbols is a strike when i == j and
    /// a ball otherwise. Valid for codes without repeats only.
    fn note_judge(secret: &[u8], guess: &[u8]) -> Feedback {
        let (mut s, mut b) = (0, 0);
        for (i, x) in secret.iter().enumerate() {
            for (j, y) in guess.iter().enumerate() {
                if x == y {
                    if i == j { s += 1 } else { b += 1 }
                }
            }
        }
        Feedback {
            strikes: s,
            balls: b,
        }
    }

    /// Mastermind by the textbook procedure: mark strikes, then match the remaining symbols
    /// one by one, each secret symbol used at most once.
    fn mastermind_judge(secret: &[u8], guess: &[u8]) -> Feedback {
        let n = secret.len();
        let mut used_s = vec![false; n];
        let mut used_g = vec![false; n];
        let mut strikes = 0;
        for i in 0..n {
            if secret[i] == guess[i] {
                strikes += 1;
                used_s[i] = true;
                used_g[i] = true;
            }
        }
        let mut balls = 0;
        for j in 0..n {
            if used_g[j] {
                continue;
            }
            for i in 0..n {
                if !used_s[i] && secret[i] == guess[j] {
                    used_s[i] = true;
                    balls += 1;
                    break;
                }
            }
        }
        Feedback { strikes, balls }
    }

    fn all_codes(len: usize, n: u8, rep: bool) -> Vec<Vec<u8>> {
        let mut out = vec![vec![]];
        for _ in 0..len {
            let mut next = vec![];
            for c in &out {
                for s in 0..n {
                    if rep || !c.contains(&s) {
                        let mut d = c.clone();
                        d.push(s);
                        next.push(d);
                    }
                }
            }
            out = next;
        }
        out
    }

    #[test]
    fn feedback_matches_the_note_on_every_pair_of_3_digit_codes() {
        let codes = all_codes(3, 10, false);
        assert_eq!(codes.len(), 720);
        for s in &codes {
            for g in &codes {
                assert_eq!(feedback(s, g), note_judge(s, g));
            }
        }
    }

    #[test]
    fn feedback_matches_textbook_mastermind_on_every_pair_of_4x6_codes() {
        let codes = all_codes(4, 6, true);
        assert_eq!(codes.len(), 1296);
        for s in &codes {
            for g in &codes {
                assert_eq!(feedback(s, g), mastermind_judge(s, g));
            }
        }
    }

    proptest::proptest! {
        /// Any game, any two codes: the multiset rule equals the textbook two-pass count, and
        /// the answer is symmetric in secret and guess.
        #[test]
        fn feedback_is_the_textbook_count(
            nsym in 1usize..12,
            len in 1usize..8,
            seed in proptest::prelude::any::<u64>(),
        ) {
            let mut r = crate::rng::SplitMix64::new(seed);
            let a: Vec<u8> = (0..len).map(|_| r.below(nsym as u64) as u8).collect();
            let b: Vec<u8> = (0..len).map(|_| r.below(nsym as u64) as u8).collect();
            proptest::prop_assert_eq!(feedback(&a, &b), mastermind_judge(&a, &b));
            proptest::prop_assert_eq!(feedback(&a, &b), feedback(&b, &a));
        }
    }

    #[test]
    fn worked_examples() {
        let sp = spec(3, "0123456789", false);
        let f = |a: &str, b: &str| {
            feedback(
                &sp.parse(a, "", "secret").unwrap(),
                &sp.parse(b, "", "guess").unwrap(),
            )
        };
        assert_eq!(
            f("123", "134"),
            Feedback {
                strikes: 1,
                balls: 1
            }
        );
        assert_eq!(
            f("123", "123"),
            Feedback {
                strikes: 3,
                balls: 0
            }
        );
        assert_eq!(
            f("123", "312"),
            Feedback {
                strikes: 0,
                balls: 3
            }
        );
        assert_eq!(
            f("123", "456"),
            Feedback {
                strikes: 0,
                balls: 0
            }
        );
        // Mastermind: secret 1122, guess 1213 -> one strike (first 1), balls: the 2 and the
        // second 1 -> common {1,1,2} minus 1 strike = 2 balls.
        let mm = spec(4, "123456", true);
        let s = mm.parse("1122", "", "secret").unwrap();
        let g = mm.parse("1213", "", "guess").unwrap();
        assert_eq!(
            feedback(&s, &g),
            Feedback {
                strikes: 1,
                balls: 2
            }
        );
    }

    #[test]
    fn code_counts() {
        assert_eq!(spec(3, "0123456789", false).code_count(), Some(720));
        assert_eq!(spec(4, "0123456789", false).code_count(), Some(5040));
        assert_eq!(spec(3, "123456789", false).code_count(), Some(504));
        assert_eq!(spec(4, "123456", true).code_count(), Some(1296));
        assert_eq!(spec(64, "0123456789", true).code_count(), None);
    }

    #[test]
    fn bad_options_and_codes_are_located() {
        assert_eq!(
            CodeSpec::new(3, "", false, "").unwrap_err().path,
            "/alphabet"
        );
        assert_eq!(
            CodeSpec::new(3, "0012", false, "").unwrap_err().path,
            "/alphabet"
        );
        assert_eq!(
            CodeSpec::new(0, "012", false, "").unwrap_err().path,
            "/length"
        );
        assert_eq!(
            CodeSpec::new(4, "012", false, "").unwrap_err().path,
            "/length"
        );
        assert!(CodeSpec::new(4, "012", true, "").is_ok());
        let sp = spec(3, "0123456789", false);
        for bad in ["12", "1234", "12a", "112", ""] {
            let e = sp.parse(bad, "/guess", "guess").unwrap_err();
            assert_eq!(e.path, "/guess", "{bad}");
        }
        assert!(
            sp.parse("112", "/g", "guess")
                .unwrap_err()
                .message
                .contains("repeats")
        );
    }

    #[test]
    fn impossible_feedback_is_explained() {
        let sp = spec(3, "0123456789", false);
        assert_eq!(
            sp.check_feedback(Feedback {
                strikes: 2,
                balls: 1
            })
            .unwrap_err()
            .to_string(),
            "2 strikes and 1 ball cannot happen: when all but one symbol are strikes, the last one cannot be a ball"
        );
        assert_eq!(
            sp.check_feedback(Feedback {
                strikes: 1,
                balls: 3
            })
            .unwrap_err()
            .to_string(),
            "1 strike and 3 balls add up to more than the 3 symbols of a code"
        );
        assert!(
            sp.check_feedback(Feedback {
                strikes: 2,
                balls: 2
            })
            .is_err()
        );
        assert!(
            sp.check_feedback(Feedback {
                strikes: 0,
                balls: 0
            })
            .is_ok()
        );
        let small = spec(3, "01234", false);
        // Two 3-of-5 codes share at least one symbol.
        assert_eq!(
            small
                .check_feedback(Feedback {
                    strikes: 0,
                    balls: 0
                })
                .unwrap_err()
                .to_string(),
            "0 strikes and 0 balls cannot happen: two codes of 3 different symbols out of 5 always share at least 1"
        );
        assert!(
            small
                .check_feedback(Feedback {
                    strikes: 0,
                    balls: 1
                })
                .is_ok()
        );
    }
}
