//! `baseball simulate`: play a strategy against every possible secret.
//!
//! Every strategy here is a function of what the guesser knows (the `random` one too: its random
//! state is derived from the seed and the history), so the games against all secrets form one
//! decision tree. The tree is walked once, node by node, instead of replaying a game per secret:
//! each node's guess is computed once for all the secrets that reach it. Subtrees are walked in
//! parallel with rayon.

use puzzles_common::Deadline;
use puzzles_common::limits::or_default;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::error::InputError;
use crate::optimal::Optimizer;
use crate::options::input_with_code_options;
use crate::rng;
use crate::solve::{
    MAX_UNTIMED_OPTIMAL, MAX_UNTIMED_WORK, Status, too_big_for_optimal, too_much_work,
};
use crate::space::Space;
use crate::strategy::{BestGuess, Knowledge, Strategy, choice_work, choose_until};
use crate::tree::{DecisionTree, TreeJson, TreeStats, shipped_advice};

input_with_code_options! {
    /// Input of `simulate`: `{"length": 4, "strategy": "entropy"}`.
    #[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct SimulateInput {
        ..CodeOptions,
        /// The strategy to play (default `entropy`).
        #[serde(default)]
        pub strategy: Strategy,
        /// Seed of the `random` strategy (default: a fresh one, reported in the verdict).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub seed: Option<u64>,
        /// Always open with this guess instead of the strategy's choice.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub first_guess: Option<String>,
        /// Give up after this many milliseconds (default 60000; `null` for no limit).
        #[serde(
            default,
            deserialize_with = "puzzles_common::limits::timeout_ms",
            skip_serializing_if = "Option::is_none"
        )]
        pub timeout_ms: Option<u64>,
    }
}

/// Verdict of `simulate`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct SimulateVerdict {
    /// Number of possible secrets (all were played).
    pub secrets: u64,
    /// Guesses over all games, each game's final all-strikes guess included (null on timeout).
    pub total_guesses: Option<u64>,
    /// `total_guesses / secrets` (null on timeout).
    pub average: Option<f64>,
    /// The longest game (null on timeout).
    pub worst: Option<u32>,
    /// `histogram[i]`: secrets found with `i + 1` guesses (empty on timeout).
    pub histogram: Vec<u64>,
    /// The strategy played.
    pub strategy: Strategy,
    /// The seed used by `random` (null for other strategies).
    pub seed: Option<u64>,
    /// The opening guess every game started with.
    pub first_guess: Option<String>,
    /// `done`, or `timeout` when `timeout_ms` passed first.
    pub status: Status,
}

/// Why a walk stopped early.
enum Stop {
    Timeout,
    /// A strategy made a guess that teaches nothing (a bug guard: the walk would never end).
    NoProgress(String),
    /// A choice too large to make without a deadline.
    TooMuch(InputError),
}

struct Walk<'a> {
    space: &'a Space,
    strategy: Strategy,
    first: Option<u32>,
    deadline: Deadline,
    /// Whether the input named a time limit (see [`simulate`]).
    named_limit: bool,
    stop: AtomicBool,
    optimizer: Option<Mutex<Optimizer<'a>>>,
}

impl Walk<'_> {
    fn guess(&self, know: &Knowledge) -> Result<u32, Stop> {
        if know.guesses.is_empty()
            && let Some(f) = self.first
        {
            return Ok(f);
        }
        match &self.optimizer {
            Some(m) => {
                if let Some(BestGuess { guess: g, .. }) = shipped_advice(self.space, know) {
                    return Ok(g);
                }
                let mut opt = m.lock().map_err(|_| Stop::Timeout)?;
                opt.solve(know).map(|best| best.guess).ok_or(Stop::Timeout)
            }
            None => {
                if !self.named_limit
                    && choice_work(self.space, self.strategy, know) > MAX_UNTIMED_WORK
                {
                    return Err(Stop::TooMuch(too_much_work(
                        self.space,
                        self.strategy,
                        know,
                    )));
                }
                choose_until(self.space, self.strategy, know, self.deadline).ok_or(Stop::Timeout)
            }
        }
    }

    /// Histogram of the subtree at `know`, whose guesses are number `depth + 1`.
    fn node(&self, know: Knowledge, depth: usize) -> Result<Vec<u64>, Stop> {
        if self.stop.load(Ordering::Relaxed) {
            return Err(Stop::Timeout);
        }
        if self.deadline.passed() {
            self.stop.store(true, Ordering::Relaxed);
            return Err(Stop::Timeout);
        }
        let space = self.space;
        let g = self.guess(&know)?;
        let win = space.win_class();
        let mut children: Vec<Vec<u32>> = vec![Vec::new(); space.classes()];
        for &s in &know.set {
            children[usize::from(space.fb(g, s))].push(s);
        }
        let mut hist = vec![0u64; depth + 1];
        if !children[usize::from(win)].is_empty() {
            hist[depth] = 1;
        }
        if children.iter().any(|c| c.len() == know.set.len()) && hist[depth] == 0 {
            return Err(Stop::NoProgress(space.format(g)));
        }
        let kids: Vec<Knowledge> = children
            .into_iter()
            .enumerate()
            .filter(|(c, set)| *c != usize::from(win) && !set.is_empty())
            .map(|(c, set)| know.after_with(space, g, c as u8, set))
            .collect();
        let merge = |mut a: Vec<u64>, b: Vec<u64>| {
            if a.len() < b.len() {
                a.resize(b.len(), 0);
            }
            for (x, y) in a.iter_mut().zip(b) {
                *x += y;
            }
            a
        };
        let sub = if self.optimizer.is_none() && know.set.len() > 64 {
            use rayon::prelude::*;
            kids.into_par_iter()
                .map(|k| self.node(k, depth + 1))
                .try_reduce(Vec::new, |a, b| Ok(merge(a, b)))?
        } else {
            let mut acc = Vec::new();
            for k in kids {
                acc = merge(acc, self.node(k, depth + 1)?);
            }
            acc
        };
        Ok(merge(hist, sub))
    }
}

/// Plays `strategy` against every secret.
pub fn simulate(input: SimulateInput) -> Result<SimulateVerdict, InputError> {
    Ok(play_all(input, false)?.totals)
}

/// [`simulate`], and with `want_tree` the decision tree of the games (walked one node at a
/// time; without it the totals come from a parallel walk that keeps no tree).
pub(crate) fn play_all(input: SimulateInput, want_tree: bool) -> Result<TreeVerdict, InputError> {
    let deadline = Deadline::after_ms(or_default(input.timeout_ms));
    // The refusals of work that would take hours stand when no limit was named: the
    // default limit would only cut such a run short after a minute.
    let named_limit = input.timeout_ms.is_some();
    let Opening {
        space,
        first,
        seed,
        root,
    } = Opening::of(&input, named_limit)?;
    let walk = Walk {
        space: &space,
        strategy: input.strategy,
        first,
        deadline,
        named_limit,
        stop: AtomicBool::new(false),
        optimizer: (input.strategy == Strategy::Optimal)
            .then(|| Mutex::new(Optimizer::new(&space, deadline).single_threaded())),
    };
    let secrets = space.len() as u64;
    let mut totals = SimulateVerdict {
        secrets,
        total_guesses: None,
        average: None,
        worst: None,
        histogram: Vec::new(),
        strategy: input.strategy,
        seed,
        first_guess: walk.guess(&root).ok().map(|g| space.format(g)),
        status: Status::Timeout,
    };
    let played = if want_tree {
        let mut choose = |know: &Knowledge| {
            if walk.deadline.passed() {
                return Err(Stop::Timeout);
            }
            walk.guess(know)
        };
        let no_progress = |g: u32| Stop::NoProgress(space.format(g));
        DecisionTree::build(&space, root, &mut choose, &no_progress)
            .map(|tree| (tree.stats(), Some(tree)))
    } else {
        walk.node(root, 0)
            .map(|histogram| (TreeStats::of(histogram), None))
    };
    drop(walk);
    let tree = match played {
        Ok((stats, tree)) => {
            debug_assert_eq!(stats.histogram.iter().sum::<u64>(), secrets);
            totals.record(stats);
            tree
        }
        Err(Stop::Timeout) => None,
        Err(Stop::TooMuch(e)) => return Err(e),
        Err(Stop::NoProgress(g)) => {
            return Err(InputError::new(
                "/strategy",
                format!("the strategy guessed {g:?}, which cannot narrow the candidates down"),
            ));
        }
    };
    Ok(TreeVerdict {
        totals,
        tree: tree.map(|tree| tree.to_json(&space, 0)),
    })
}

/// Where every game of a `simulate` starts: the game, the first guess the input names (if
/// any), the random strategy's seed, and what is known before the first guess.
struct Opening {
    space: Space,
    first: Option<u32>,
    seed: Option<u64>,
    root: Knowledge,
}

impl Opening {
    /// Checks the input's game and first guess; refuses an untimed optimal run over more
    /// secrets than [`MAX_UNTIMED_OPTIMAL`] with no shipped tree.
    fn of(input: &SimulateInput, named_limit: bool) -> Result<Opening, InputError> {
        let inferred = input.first_guess.as_ref().map(|g| g.chars().count());
        let spec = input.code_spec(inferred)?;
        let space = Space::new(&spec, "")?;
        let first = match &input.first_guess {
            Some(text) => {
                let code = spec.parse(text, "/first_guess", "first guess")?;
                space.index_of(&code)
            }
            None => None,
        };
        let seed = match input.strategy {
            Strategy::Random => Some(input.seed.unwrap_or_else(rng::fresh_seed)),
            _ => None,
        };
        let root = Knowledge::start(&space, seed.unwrap_or(0));
        if input.strategy == Strategy::Optimal
            && !named_limit
            && shipped_advice(&space, &root).is_none()
        {
            let largest = root.set.len();
            if largest > MAX_UNTIMED_OPTIMAL {
                return Err(too_big_for_optimal(largest));
            }
        }
        Ok(Opening {
            space,
            first,
            seed,
            root,
        })
    }
}

impl SimulateVerdict {
    /// Fills in the totals of games that all ended.
    fn record(&mut self, stats: TreeStats) {
        self.total_guesses = Some(stats.total);
        self.average = Some(stats.total as f64 / self.secrets as f64);
        self.worst = Some(stats.worst());
        self.histogram = stats.histogram;
        self.status = Status::Done;
    }
}

/// Verdict of `tree`: the totals of `simulate`, and the tree.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct TreeVerdict {
    /// What `simulate` answers for the same input.
    #[serde(flatten)]
    pub totals: SimulateVerdict,
    /// The decision tree (null on timeout).
    pub tree: Option<TreeJson>,
}

/// Writes the decision tree of a strategy over every secret (the input of `simulate`), with
/// the totals `simulate` reports.
pub fn tree(input: SimulateInput) -> Result<TreeVerdict, InputError> {
    play_all(input, true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::code::CodeSpec;

    fn run(json: &str) -> SimulateVerdict {
        simulate(serde_json::from_str(json).unwrap()).unwrap()
    }

    #[test]
    fn histograms_sum_to_the_number_of_secrets() {
        for strategy in Strategy::ALL {
            let json = format!(r#"{{"strategy": "{}", "seed": 7}}"#, strategy.name());
            let v = run(&json);
            assert_eq!(v.status, Status::Done);
            assert_eq!(v.secrets, 720);
            assert_eq!(v.histogram.iter().sum::<u64>(), 720, "{strategy:?}");
            let total: u64 = v
                .histogram
                .iter()
                .enumerate()
                .map(|(i, n)| (i as u64 + 1) * n)
                .sum();
            assert_eq!(Some(total), v.total_guesses);
            assert_eq!(v.worst, Some(v.histogram.len() as u32));
            assert!(*v.histogram.last().unwrap() > 0);
            // Every strategy finds one secret with its first guess.
            assert_eq!(v.histogram[0], 1);
            if strategy == Strategy::Optimal {
                assert_eq!(v.total_guesses, Some(3575));
            } else {
                assert!(
                    v.total_guesses.unwrap() >= 3575,
                    "{strategy:?} beats the optimum"
                );
            }
        }
    }

    /// The best heuristic on 4 digits averages at most 5.25 guesses (the optimum is
    /// 26274 / 5040 = 5.2131).
    #[test]
    fn entropy_on_four_digits_averages_at_most_5_25() {
        let v = run(r#"{"length": 4, "strategy": "entropy"}"#);
        assert_eq!(v.secrets, 5040);
        assert_eq!(v.histogram.iter().sum::<u64>(), 5040);
        let total = v.total_guesses.unwrap();
        assert!(total >= 26274, "below the published optimum: {total}");
        assert!(v.average.unwrap() <= 5.25, "{v:?}");
    }

    /// The shipped optimal tree plays every 4-digit secret: Tanaka's 26274, worst 7, at once.
    #[test]
    fn optimal_on_four_digits_is_the_optimum() {
        let v = run(r#"{"length": 4, "strategy": "optimal"}"#);
        assert_eq!(v.total_guesses, Some(26274));
        assert_eq!(v.worst, Some(7));
        assert_eq!(v.histogram.iter().sum::<u64>(), 5040);
        // Any opening: the tree's advice carries over by renaming, and 0123 is as good as any.
        let v = run(r#"{"length": 4, "strategy": "optimal", "first_guess": "9157"}"#);
        assert_eq!(v.total_guesses, Some(26274));
        assert_eq!(v.first_guess.as_deref(), Some("9157"));
    }

    /// Knuth's minimax on Mastermind: 5801 guesses in all (4.476 on average), never more than 5.
    #[test]
    fn knuth_mastermind() {
        let v =
            run(r#"{"length": 4, "alphabet": "123456", "repeats": true, "strategy": "minimax"}"#);
        assert_eq!(v.total_guesses, Some(5801));
        assert_eq!(v.worst, Some(5));
        assert_eq!(v.first_guess.as_deref(), Some("1122"));
    }

    #[test]
    fn random_with_a_seed_is_repeatable_and_matches_solve() {
        let a = run(r#"{"strategy": "random", "seed": 3}"#);
        let b = run(r#"{"strategy": "random", "seed": 3}"#);
        assert_eq!(a.histogram, b.histogram);
        assert_eq!(a.first_guess, b.first_guess);
        let s: crate::solve::SolveVerdict = crate::solve::solve(
            serde_json::from_str(r#"{"strategy": "random", "seed": 3}"#).unwrap(),
        )
        .unwrap();
        assert_eq!(s.next_guess, a.first_guess);
    }

    #[test]
    fn first_guess_and_timeouts() {
        let v = run(r#"{"strategy": "first", "first_guess": "987"}"#);
        assert_eq!(v.first_guess.as_deref(), Some("987"));
        assert_eq!(v.histogram.iter().sum::<u64>(), 720);
        let v = run(
            r#"{"length": 4, "alphabet": "012345678", "strategy": "optimal", "timeout_ms": 0}"#,
        );
        assert_eq!(v.status, Status::Timeout);
        assert_eq!(v.total_guesses, None);
        let e = simulate(
            serde_json::from_str(r#"{"length": 5, "alphabet": "0123456", "strategy": "optimal"}"#)
                .unwrap(),
        );
        assert_eq!(
            e.unwrap_err().path,
            "/strategy",
            "no untimed search of hours"
        );
        let e = simulate(serde_json::from_str(r#"{"first_guess": "98"}"#).unwrap());
        assert!(e.is_ok(), "a 2-symbol first guess sets the length to 2");
        let e = simulate(serde_json::from_str(r#"{"length": 3, "first_guess": "98"}"#).unwrap())
            .unwrap_err();
        assert_eq!(e.path, "/first_guess");
    }

    /// `puzzles baseball tree` on 4 digits: its JSON, read back as text and judged with the
    /// reference feedback, plays every secret to the end: 26274 guesses, at most 7.
    #[test]
    fn the_tree_command_writes_the_optimum_as_json() {
        let input = serde_json::from_str(r#"{"length": 4, "strategy": "optimal"}"#).unwrap();
        let verdict = tree(input).unwrap();
        assert_eq!(verdict.totals.total_guesses, Some(26274));
        let root = verdict.tree.expect("done");
        let spec = CodeSpec::new(4, "0123456789", false, "").unwrap();
        let whole = Space::new(&spec, "").unwrap();
        let (mut total, mut worst) = (0u64, 0u32);
        for secret in 0..5040u32 {
            let secret_text = whole.format(secret);
            let secret_code = spec.parse(&secret_text, "", "secret").unwrap();
            let mut node = &root;
            let mut guesses = 1;
            loop {
                let guess = spec.parse(&node.guess, "", "guess").unwrap();
                let fb = crate::code::feedback(&secret_code, &guess);
                if fb.strikes == 4 {
                    assert_eq!(node.guess, secret_text);
                    break;
                }
                node = &node
                    .answers
                    .iter()
                    .find(|a| a.strikes == fb.strikes && a.balls == fb.balls)
                    .unwrap_or_else(|| panic!("{secret_text} falls off the tree"))
                    .next;
                guesses += 1;
            }
            total += u64::from(guesses);
            worst = worst.max(guesses);
        }
        assert_eq!((total, worst), (26274, 7));
        assert_eq!(root.total_guesses, 26274);
    }
}
