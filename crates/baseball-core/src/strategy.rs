//! Guessing strategies: how the computer picks its next guess from what it knows.
//!
//! What the guesser knows is a [`Knowledge`]: the candidate secrets still consistent with every
//! answer, the symbols its guesses have used so far, and the guesses themselves. Symbols no guess
//! has used yet are interchangeable (renaming them maps the candidate set onto itself), so among
//! guesses that differ only by such a renaming only the lexicographically first is examined: the
//! "fresh symbol" reduction, which shrinks the first guesses' choices from thousands to a handful
//! without changing any strategy's choice (ties are broken towards the lowest code anyway).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use puzzles_common::Deadline;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::rng;
use crate::space::{Key, Space};
pub use crate::symmetry::{fresh_canonical, guess_pool};

/// How to pick the next guess.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Strategy {
    /// The design note's: a random consistent candidate (repeatable with `seed`).
    Random,
    /// The first consistent candidate in alphabet order.
    First,
    /// Knuth's: the guess whose largest answer class is smallest.
    Minimax,
    /// The guess whose answer has the most information (Shannon entropy). The default: the
    /// best of the heuristics on number baseball (3 and 4 digits).
    #[default]
    Entropy,
    /// The guess that leaves the fewest candidates on average.
    ExpectedSize,
    /// The guess with the most different possible answers.
    MostParts,
    /// The guess that minimises the total number of guesses over all candidates (exact search).
    Optimal,
}

impl Strategy {
    /// Every strategy, in documentation order.
    pub const ALL: [Strategy; 7] = [
        Strategy::Random,
        Strategy::First,
        Strategy::Minimax,
        Strategy::Entropy,
        Strategy::ExpectedSize,
        Strategy::MostParts,
        Strategy::Optimal,
    ];

    /// The strategy's name as written in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Strategy::Random => "random",
            Strategy::First => "first",
            Strategy::Minimax => "minimax",
            Strategy::Entropy => "entropy",
            Strategy::ExpectedSize => "expected-size",
            Strategy::MostParts => "most-parts",
            Strategy::Optimal => "optimal",
        }
    }
}

/// A first guess for a set of candidates that finds every one of them in the least total
/// number of guesses, and that total (the exact optimum, or the shipped tree's).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BestGuess {
    /// The guess.
    pub guess: u32,
    /// The total number of guesses over all the candidates, this one included.
    pub total: u64,
}

/// What the guesser knows at some point of a game.
#[derive(Debug, Clone)]
pub struct Knowledge {
    /// Candidate secrets consistent with every answer so far, ascending.
    pub set: Vec<u32>,
    /// Symbols used by the guesses so far.
    pub used: u64,
    /// The guesses so far (`solve` records each distinct guess once: the strategies use only
    /// the set of guesses, through its symmetries).
    pub guesses: Vec<u32>,
    /// Random state of the `random` strategy, a function of the seed and the history only, so
    /// that `solve` replaying a history and `simulate` walking the game tree agree.
    pub rng: u64,
}

impl Knowledge {
    /// The start of a game: every code is a candidate.
    pub fn start(space: &Space, seed: u64) -> Self {
        Knowledge {
            set: space.all(),
            used: 0,
            guesses: Vec::new(),
            rng: rng::mix(seed),
        }
    }

    /// What is known after `guess` got answer `class`.
    pub fn after(&self, space: &Space, guess: u32, class: u8) -> Self {
        self.after_with(space, guess, class, space.filter(&self.set, guess, class))
    }

    /// Like [`Knowledge::after`], with the filtered candidate set already computed.
    pub fn after_with(&self, space: &Space, guess: u32, class: u8, set: Vec<u32>) -> Self {
        let mut next = Knowledge {
            set,
            used: self.used,
            guesses: self.guesses.clone(),
            rng: self.rng,
        };
        next.learn(space, guess, class);
        next
    }

    /// Records in place that `guess`, a guess not made before, got answer `class`, except the
    /// candidate set, which the caller filters.
    pub fn learn(&mut self, space: &Space, guess: u32, class: u8) {
        self.guesses.push(guess);
        self.learn_again(space, guess, class);
    }

    /// [`Knowledge::learn`] for a guess already in [`Knowledge::guesses`]: it is not added
    /// twice (the strategies only use the set of guesses), but the random state follows it.
    pub fn learn_again(&mut self, space: &Space, guess: u32, class: u8) {
        self.used |= space.symbol_set(guess);
        self.rng = rng::mix(self.rng ^ (u64::from(guess) << 8 | u64::from(class)));
    }
}

/// Score of a partition for a heuristic: lower is better. `nlogn[c]` is `c * log2(c)`.
fn heuristic_cost(strategy: Strategy, counts: &[u32], nlogn: &[f64]) -> f64 {
    match strategy {
        Strategy::Minimax => f64::from(counts.iter().copied().max().unwrap_or(0)),
        Strategy::ExpectedSize => counts.iter().map(|&c| f64::from(c) * f64::from(c)).sum(),
        Strategy::MostParts => -(counts.iter().filter(|&&c| c > 0).count() as f64),
        // Maximising entropy = minimising the sum of c * log2(c).
        Strategy::Entropy => counts.iter().map(|&c| nlogn[c as usize]).sum(),
        _ => 0.0,
    }
}

/// A guess's score with its tie-breaks: cost, then consistent candidates first, then the lowest
/// code.
type Scored = (f64, bool, u32);

fn better(a: &Scored, b: &Scored) -> bool {
    let tol = 1e-9 * a.0.abs().max(b.0.abs()).max(1.0);
    if a.0 < b.0 - tol {
        return true;
    }
    if a.0 > b.0 + tol {
        return false;
    }
    (a.1, a.2) < (b.1, b.2)
}

/// Picks the next guess by a one-step heuristic (`minimax`, `entropy`, `expected-size`,
/// `most-parts`), `first` or `random`. The set must not be empty. Ties go to a consistent
/// candidate, then to the lowest code.
pub fn choose_simple(space: &Space, strategy: Strategy, know: &Knowledge) -> u32 {
    choose_until(space, strategy, know, Deadline::NEVER).unwrap_or(know.set[0])
}

/// Like [`choose_simple`], giving up (`None`) when `deadline` passes: on games of hundreds of
/// thousands of codes one heuristic choice compares every guess with every candidate.
pub fn choose_until(
    space: &Space,
    strategy: Strategy,
    know: &Knowledge,
    deadline: Deadline,
) -> Option<u32> {
    let set = &know.set;
    debug_assert!(!set.is_empty());
    match strategy {
        Strategy::First => return Some(set[0]),
        Strategy::Random => return Some(set[rng::below(know.rng, set.len() as u64) as usize]),
        _ => {}
    }
    if set.len() <= 2 {
        return Some(set[0]);
    }
    let keys = space.keys_of(set);
    let classes = space.classes();
    let win = usize::from(space.win_class());
    if let Some(g) = separating_candidate(space, set, &keys) {
        return Some(g);
    }
    let nlogn = nlogn_table(set.len());
    let pool = strategy_pool(space, know);
    let score = |g: u32, counts: &mut Vec<u32>| -> Scored {
        space.partition_counts(&space.key(g), &keys, counts);
        (
            heuristic_cost(strategy, counts, &nlogn),
            counts[win] == 0,
            g,
        )
    };
    let expired = AtomicBool::new(false);
    // Read the clock about every 2^16 answers: every 64 guesses on small sets, every guess on
    // sets of a hundred thousand candidates (64 guesses would be tens of milliseconds there).
    let every = (65_536 / set.len()).clamp(1, 64);
    let scan = |chunk: &[u32]| -> Option<Scored> {
        let mut counts = vec![0u32; classes];
        let mut best: Option<Scored> = None;
        for (i, &g) in chunk.iter().enumerate() {
            if i % every == 0
                && deadline.is_set()
                && (expired.load(Ordering::Relaxed) || deadline.passed())
            {
                expired.store(true, Ordering::Relaxed);
                return None;
            }
            let s = score(g, &mut counts);
            if best.as_ref().is_none_or(|b| better(&s, b)) {
                best = Some(s);
            }
        }
        best
    };
    let work = pool.len() * set.len();
    let best = if work > 2_000_000 {
        use rayon::prelude::*;
        pool.par_chunks(64).map(scan).reduce(
            || None,
            |a, b| match (a, b) {
                (Some(a), Some(b)) => Some(if better(&b, &a) { b } else { a }),
                (a, None) => a,
                (None, b) => b,
            },
        )
    } else {
        scan(&pool)
    };
    if expired.load(Ordering::Relaxed) {
        return None;
    }
    Some(best.map_or(set[0], |b| b.2))
}

/// A candidate that tells every candidate apart (each answer at most once), the first in
/// `set`: the best guess for every heuristic (no partition beats all singletons, and
/// candidates win ties), so it is looked for before the full scan.
fn separating_candidate(space: &Space, set: &[u32], keys: &[Key]) -> Option<u32> {
    if set.len() > space.classes() {
        return None;
    }
    let mut counts = vec![0u32; space.classes()];
    for (i, &g) in set.iter().enumerate() {
        space.partition_counts(&keys[i], keys, &mut counts);
        if counts.iter().all(|&c| c <= 1) {
            return Some(g);
        }
    }
    None
}

/// `c log2 c` for every class size `c` up to `n` (0 for 0 and 1), for the entropy
/// heuristic.
fn nlogn_table(n: usize) -> Vec<f64> {
    (0..=n)
        .map(|c| {
            if c > 1 {
                c as f64 * (c as f64).log2()
            } else {
                0.0
            }
        })
        .collect()
}

/// Feedback evaluations one heuristic choice would cost at `know` (guesses examined times
/// candidates), to refuse hopeless work when no deadline is set.
pub fn choice_work(space: &Space, strategy: Strategy, know: &Knowledge) -> u64 {
    match strategy {
        Strategy::First | Strategy::Random => know.set.len() as u64,
        _ if know.set.len() <= 2 => 1,
        _ => strategy_pool(space, know).len() as u64 * know.set.len() as u64,
    }
}

/// The guesses a heuristic examines: one per orbit of the symmetries that fix the history (the
/// orbit's lowest code, which is also the one the lowest-code tie-break would pick).
fn strategy_pool(space: &Space, know: &Knowledge) -> Vec<u32> {
    crate::symmetry::symmetric_pool(space, know.used, &know.guesses)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::code::CodeSpec;

    #[test]
    fn fresh_reduction() {
        // Nothing used: only 0123-like guesses survive.
        assert!(fresh_canonical(&[0, 1, 2, 3], 0, 10));
        assert!(!fresh_canonical(&[0, 1, 2, 4], 0, 10));
        assert!(!fresh_canonical(&[1, 0, 2, 3], 0, 10));
        // 0..3 used: fresh symbols start at 4.
        assert!(fresh_canonical(&[3, 4, 0, 5], 0b1111, 10));
        assert!(!fresh_canonical(&[3, 5, 0, 4], 0b1111, 10));
        // Repeats: 1122-like.
        assert!(fresh_canonical(&[0, 0, 1, 1], 0, 6));
        assert!(!fresh_canonical(&[1, 1, 0, 0], 0, 6));
        let spec = CodeSpec::new(4, "0123456789", false, "").unwrap();
        let space = Space::new(&spec, "").unwrap();
        assert_eq!(guess_pool(&space, 0).len(), 1);
        let mm = Space::new(&CodeSpec::new(4, "123456", true, "").unwrap(), "").unwrap();
        // 1111, 1112, 1121, 1122, 1123, 1211, ... : the set partitions of 4 positions = 15.
        assert_eq!(guess_pool(&mm, 0).len(), 15);
    }

    #[test]
    fn knuth_first_guess_class() {
        // Knuth's minimax opens Mastermind with 1122 (largest class 256).
        let mm = Space::new(&CodeSpec::new(4, "123456", true, "").unwrap(), "").unwrap();
        let k = Knowledge::start(&mm, 0);
        let g = choose_simple(&mm, Strategy::Minimax, &k);
        assert_eq!(mm.format(g), "1122");
    }
}
