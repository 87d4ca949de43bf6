//! `baseball solve`: what a history of guesses and answers leaves possible, and what to guess
//! next.

use puzzles_common::Deadline;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::code::{Feedback, plural};
use crate::error::InputError;
use crate::optimal::Optimizer;
use crate::options::input_with_code_options;
use crate::rng;
use crate::space::Space;
use crate::strategy::{Knowledge, Strategy, choice_work, choose_until};
use crate::tree::shipped_advice;
use rustc_hash::{FxHashMap, FxHashSet};

/// Candidates are listed in full when there are at most this many, unless `max_candidates` says
/// otherwise.
pub const DEFAULT_MAX_CANDIDATES: u32 = 20;

/// One guess and its answer.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HistoryEntry {
    /// The guess as a code string.
    pub guess: String,
    /// Strikes it got.
    pub strikes: u32,
    /// Balls it got.
    pub balls: u32,
}

impl HistoryEntry {
    /// `guess` with the answer it got.
    pub fn new(guess: String, feedback: Feedback) -> Self {
        HistoryEntry {
            guess,
            strikes: feedback.strikes,
            balls: feedback.balls,
        }
    }

    /// The answer the guess got.
    pub fn feedback(&self) -> Feedback {
        Feedback {
            strikes: self.strikes,
            balls: self.balls,
        }
    }
}

input_with_code_options! {
    /// Input of `solve`: `{"length": 3, "history": [{"guess": "123", "strikes": 0, "balls": 1}],
    /// "strategy": "minimax"}`.
    #[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct SolveInput {
        ..CodeOptions,
        /// Guesses so far with their answers, oldest first.
        #[serde(default)]
        pub history: Vec<HistoryEntry>,
        /// How to pick the next guess (default `entropy`).
        #[serde(default)]
        pub strategy: Strategy,
        /// Seed of the `random` strategy (default: a fresh one, reported in the verdict).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub seed: Option<u64>,
        /// List the candidates when at most this many remain (default 20).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub max_candidates: Option<u32>,
        /// Give up after this many milliseconds (only `optimal`, or a history of hundreds of
        /// thousands of entries, can take long).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub timeout_ms: Option<u64>,
    }
}

/// Whether a command finished or ran out of time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// The work was done.
    Done,
    /// `timeout_ms` passed first.
    Timeout,
}

/// Verdict of `solve`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct SolveVerdict {
    /// Whether some secret agrees with every answer (null when `timeout_ms` passed before the
    /// history was replayed).
    pub consistent: Option<bool>,
    /// Number of secrets that agree with every answer (null when `timeout_ms` passed before
    /// the history was replayed).
    pub remaining: Option<u64>,
    /// The strategy's next guess; null when inconsistent or out of time.
    pub next_guess: Option<String>,
    /// The remaining secrets in alphabet order, when at most `max_candidates`; else null.
    pub candidates: Option<Vec<String>>,
    /// The strategy used.
    pub strategy: Strategy,
    /// The seed used by `random` (null for other strategies).
    pub seed: Option<u64>,
    /// For `optimal`: the least total number of guesses, `next_guess` included, needed to find
    /// every remaining secret (divide by `remaining` for the expected number); else null.
    pub optimal_total: Option<u32>,
    /// `done`, or `timeout` when `timeout_ms` passed first (then `next_guess` is null).
    pub status: Status,
}

/// Which answers a guess can get at all, by the guess's pattern: the multiplicities of its
/// symbols, sorted. Renaming symbols and moving positions map the codes onto themselves, so
/// every guess of one pattern can get the same answers, and one pass over the codes per
/// pattern (at most 22 patterns for 8 symbols; one without repeats) answers every entry.
struct Possible {
    by_pattern: FxHashMap<u64, Vec<bool>>,
}

impl Possible {
    fn new() -> Self {
        Possible {
            by_pattern: FxHashMap::default(),
        }
    }

    fn pattern(code: &[u8]) -> u64 {
        let mut sorted = code.to_vec();
        sorted.sort_unstable();
        let mut runs: Vec<u8> = sorted
            .chunk_by(|a, b| a == b)
            .map(|run| run.len() as u8)
            .collect();
        runs.sort_unstable();
        runs.iter().fold(0u64, |p, &r| (p << 8) | u64::from(r))
    }

    /// Whether some secret answers `class` to guess `g`; the first guess of a pattern costs
    /// one pass over the codes (`work` counts the answers computed).
    fn can_answer(&mut self, space: &Space, g: u32, class: u8, work: &mut u64) -> bool {
        let classes = self
            .by_pattern
            .entry(Self::pattern(space.code(g)))
            .or_insert_with(|| {
                let mut seen = vec![false; space.classes()];
                for s in 0..space.len() as u32 {
                    seen[usize::from(space.fb(g, s))] = true;
                }
                *work += space.len() as u64;
                seen
            });
        classes[usize::from(class)]
    }
}

/// Parses and checks one history entry; the error paths point into `/history/{i}`.
fn parse_entry(
    space: &Space,
    possible: &mut Possible,
    i: usize,
    h: &HistoryEntry,
    work: &mut u64,
) -> Result<(u32, u8), InputError> {
    let spec = space.spec();
    // The path is written out only for a fault.
    let at_guess = |e: InputError| InputError::new(format!("/history/{i}/guess"), e.message);
    let code = spec.parse(&h.guess, "", "guess").map_err(at_guess)?;
    let g = space
        .index_of(&code)
        .ok_or_else(|| at_guess(InputError::new("", "not a code")))?;
    let fb = Feedback {
        strikes: h.strikes,
        balls: h.balls,
    };
    if let Err(why) = spec.check_feedback(fb) {
        return Err(InputError::new(format!("/history/{i}"), why.to_string()));
    }
    let class = space.class_of(fb);
    if !possible.can_answer(space, g, class, work) {
        return Err(InputError::new(
            format!("/history/{i}"),
            format!(
                "no secret can answer guess {:?} with {} and {}",
                h.guess,
                plural(h.strikes, "strike"),
                plural(h.balls, "ball")
            ),
        ));
    }
    Ok((g, class))
}

/// What replaying a history gave: the knowledge after it, or `None` when the deadline passed
/// first; and the work done, in answers computed (the replay's cost, which tests bound).
pub(crate) struct Replay {
    pub know: Option<Knowledge>,
    #[cfg_attr(not(test), allow(dead_code))] // the tests bound it
    pub work: u64,
}

/// Checks and replays a history from the start of a game, in time linear in its length: each
/// distinct (guess, answer) pair filters the candidates once (a repeat would remove nothing),
/// each distinct guess is recorded once (the symmetries the strategies use depend on the set
/// of guesses only), and the random state of `random` still follows every entry. The clock is
/// read at every entry. Without a deadline, a replay that would compute more than
/// [`MAX_UNTIMED_WORK`] answers is refused. `sizes`, when given, gets the number of
/// candidates left after each entry.
pub(crate) fn replay(
    space: &Space,
    history: &[HistoryEntry],
    seed: u64,
    deadline: Deadline,
    mut sizes: Option<&mut Vec<u64>>,
) -> Result<Replay, InputError> {
    let mut know = Knowledge::start(space, seed);
    let mut possible = Possible::new();
    let mut pairs: FxHashSet<(u32, u8)> = FxHashSet::default();
    let mut guesses: FxHashSet<u32> = FxHashSet::default();
    let mut work = 0u64;
    for (i, h) in history.iter().enumerate() {
        if deadline.passed() {
            return Ok(Replay { know: None, work });
        }
        let (g, class) = parse_entry(space, &mut possible, i, h, &mut work)?;
        if pairs.insert((g, class)) && !know.set.is_empty() {
            work += know.set.len() as u64;
            know.set.retain(|&s| space.fb(g, s) == class);
        }
        if guesses.insert(g) {
            know.learn(space, g, class);
        } else {
            know.learn_again(space, g, class);
        }
        if let Some(sizes) = sizes.as_deref_mut() {
            sizes.push(know.set.len() as u64);
        }
        if !deadline.is_set() && work > MAX_UNTIMED_WORK {
            return Err(InputError::new(
                "/history",
                format!(
                    "replaying the history computes more than {MAX_UNTIMED_WORK} answers (it stopped at entry {i}); set timeout_ms (or --timeout) to try"
                ),
            ));
        }
    }
    Ok(Replay {
        know: Some(know),
        work,
    })
}

/// Most feedback evaluations one heuristic choice may cost when the caller set no
/// `timeout_ms` (a few seconds); beyond it the input is refused rather than left to run for
/// minutes or hours.
pub(crate) const MAX_UNTIMED_WORK: u64 = 1_000_000_000;

/// Most candidates `optimal` takes on without `timeout_ms`: Mastermind's 1296 take seconds,
/// while 4-digit baseball's 5040 take far longer than any pipeline should wait.
pub(crate) const MAX_UNTIMED_OPTIMAL: usize = 1300;

/// The error for an exact search too large to start without a deadline.
pub(crate) fn too_big_for_optimal(n: usize) -> InputError {
    InputError::new(
        "/strategy",
        format!(
            "the exact optimum over {n} candidates can take hours; set timeout_ms (or --timeout) to try, or use a heuristic such as \"entropy\" (without a timeout, optimal takes at most {MAX_UNTIMED_OPTIMAL} candidates)"
        ),
    )
}

/// The error for a heuristic choice too large to make without a deadline.
pub(crate) fn too_much_work(space: &Space, s: Strategy, know: &Knowledge) -> InputError {
    InputError::new(
        "/strategy",
        format!(
            "{} would compare about {} guesses with {} candidates; set timeout_ms (or --timeout), or use \"first\" or \"random\"",
            s.name(),
            choice_work(space, s, know) / know.set.len().max(1) as u64,
            know.set.len()
        ),
    )
}

/// The code space of a solve input (its length may come from the history) and the deadline
/// its `timeout_ms` sets from now.
fn space_and_deadline(input: &SolveInput) -> Result<(Space, Deadline), InputError> {
    let start = Deadline::after_ms(input.timeout_ms);
    let inferred = input.history.first().map(|h| h.guess.chars().count());
    let spec = input.code_spec(inferred)?;
    Ok((Space::new(&spec, "")?, start))
}

/// The number of secrets still possible before the history and after each of its entries
/// (one replay, linear in the history), or `None` when `timeout_ms` passes first. Faults
/// are those of [`solve`].
pub fn remaining_after_each(input: &SolveInput) -> Result<Option<Vec<u64>>, InputError> {
    let (space, deadline) = space_and_deadline(input)?;
    let mut sizes = Vec::with_capacity(input.history.len() + 1);
    sizes.push(space.len() as u64);
    let replayed = replay(&space, &input.history, 0, deadline, Some(&mut sizes))?;
    Ok(replayed.know.map(|_| sizes))
}

/// Filters the candidates by the history and asks the strategy for the next guess.
pub fn solve(input: SolveInput) -> Result<SolveVerdict, InputError> {
    let (space, deadline) = space_and_deadline(&input)?;
    let seed = match input.strategy {
        Strategy::Random => Some(input.seed.unwrap_or_else(rng::fresh_seed)),
        _ => None,
    };
    let Some(know) = replay(&space, &input.history, seed.unwrap_or(0), deadline, None)?.know else {
        return Ok(SolveVerdict {
            consistent: None,
            remaining: None,
            next_guess: None,
            candidates: None,
            strategy: input.strategy,
            seed,
            optimal_total: None,
            status: Status::Timeout,
        });
    };
    let remaining = know.set.len() as u64;
    let max_list = u64::from(input.max_candidates.unwrap_or(DEFAULT_MAX_CANDIDATES));
    let candidates =
        (remaining <= max_list).then(|| know.set.iter().map(|&s| space.format(s)).collect());
    let mut verdict = SolveVerdict {
        consistent: Some(remaining > 0),
        remaining: Some(remaining),
        next_guess: None,
        candidates,
        strategy: input.strategy,
        seed,
        optimal_total: None,
        status: Status::Done,
    };
    if remaining == 0 {
        return Ok(verdict);
    }
    match input.strategy {
        Strategy::Optimal => {
            if let Some(best) = shipped_advice(&space, &know) {
                verdict.next_guess = Some(space.format(best.guess));
                verdict.optimal_total = Some(best.total as u32);
                return Ok(verdict);
            }
            if !deadline.is_set() && know.set.len() > MAX_UNTIMED_OPTIMAL {
                return Err(too_big_for_optimal(know.set.len()));
            }
            let mut opt = Optimizer::new(&space, deadline).single_threaded();
            match opt.solve(&know) {
                Some(best) => {
                    verdict.next_guess = Some(space.format(best.guess));
                    verdict.optimal_total = Some(best.total as u32);
                }
                None => verdict.status = Status::Timeout,
            }
        }
        s => {
            if !deadline.is_set() && choice_work(&space, s, &know) > MAX_UNTIMED_WORK {
                return Err(too_much_work(&space, s, &know));
            }
            match choose_until(&space, s, &know, deadline) {
                Some(g) => verdict.next_guess = Some(space.format(g)),
                None => verdict.status = Status::Timeout,
            }
        }
    }
    Ok(verdict)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::code::{CodeSpec, feedback};

    fn run(json: &str) -> Result<SolveVerdict, InputError> {
        solve(serde_json::from_str(json).unwrap())
    }

    #[test]
    fn contract_example() {
        let v = run(r#"{"length": 3, "history": [{"guess": "123", "strikes": 0, "balls": 1}], "strategy": "first"}"#).unwrap();
        assert_eq!(v.consistent, Some(true));
        // One of 1,2,3 in a wrong place, the other two places from the 7 other digits:
        // 3 symbols * 2 places * (7 * 6) = 252.
        assert_eq!(v.remaining, Some(252));
        assert_eq!(v.next_guess.as_deref(), Some("014"));
        assert_eq!(v.candidates, None);
        assert_eq!(v.status, Status::Done);
    }

    #[test]
    fn candidates_agree_with_filtering_every_code_by_hand() {
        let spec = CodeSpec::new(4, "0123456789", false, "").unwrap();
        let space = Space::new(&spec, "").unwrap();
        let hist = [("0123", 1u32, 1u32), ("4567", 0, 2), ("1458", 1, 0)];
        let json = serde_json::json!({
            "length": 4,
            "history": hist.iter().map(|(g, s, b)| serde_json::json!({"guess": g, "strikes": s, "balls": b})).collect::<Vec<_>>(),
            "strategy": "first",
            "max_candidates": 10000,
        });
        let v = solve(serde_json::from_value(json).unwrap()).unwrap();
        let mut want = Vec::new();
        for s in 0..space.len() as u32 {
            let code = space.code(s);
            if hist.iter().all(|(g, st, b)| {
                let f = feedback(code, &spec.parse(g, "", "").unwrap());
                f.strikes == *st && f.balls == *b
            }) {
                want.push(space.format(s));
            }
        }
        assert!(!want.is_empty());
        assert_eq!(v.remaining, Some(want.len() as u64));
        assert_eq!(v.candidates.unwrap(), want);
        assert_eq!(v.next_guess.unwrap(), want[0]);
    }

    #[test]
    fn inconsistent_and_impossible_histories() {
        // 123 -> 3 balls and 456 -> 1 strike contradict (a secret made of 1,2,3 has no 4,5,6).
        let v = run(r#"{"history": [{"guess": "123", "strikes": 0, "balls": 3}, {"guess": "456", "strikes": 1, "balls": 0}]}"#).unwrap();
        assert_eq!(v.consistent, Some(false));
        assert_eq!(v.remaining, Some(0));
        assert_eq!(v.next_guess, None);
        let e = run(r#"{"history": [{"guess": "123", "strikes": 2, "balls": 1}]}"#).unwrap_err();
        assert_eq!(e.path, "/history/0");
        let e = run(r#"{"history": [{"guess": "123", "strikes": 0, "balls": 0}, {"guess": "12", "strikes": 0, "balls": 0}]}"#).unwrap_err();
        assert_eq!(e.path, "/history/1/guess");
        // Mastermind guess 1111 can never get a ball.
        let e = run(r#"{"length": 4, "alphabet": "123456", "repeats": true, "history": [{"guess": "1111", "strikes": 0, "balls": 1}]}"#).unwrap_err();
        assert_eq!(e.path, "/history/0");
        assert!(e.message.contains("no secret"), "{}", e.message);
    }

    #[test]
    fn remaining_after_each_entry_matches_solve_on_each_prefix() {
        let json = r#"{"history": [{"guess": "123", "strikes": 0, "balls": 1}, {"guess": "456", "strikes": 1, "balls": 0}, {"guess": "123", "strikes": 0, "balls": 1}]}"#;
        let input: SolveInput = serde_json::from_str(json).unwrap();
        let sizes = remaining_after_each(&input).unwrap().unwrap();
        assert_eq!(sizes.len(), 4);
        for (k, &size) in sizes.iter().enumerate() {
            let prefix = SolveInput {
                history: input.history[..k].to_vec(),
                length: Some(3),
                ..input.clone()
            };
            assert_eq!(
                Some(size),
                solve(prefix).unwrap().remaining,
                "after {k} entries"
            );
        }
    }

    #[test]
    fn length_is_inferred_from_the_history() {
        let v = run(r#"{"history": [{"guess": "1234", "strikes": 4, "balls": 0}]}"#).unwrap();
        assert_eq!(v.remaining, Some(1));
        assert_eq!(v.next_guess.as_deref(), Some("1234"));
        assert_eq!(v.candidates.unwrap(), ["1234"]);
    }

    #[test]
    fn random_is_repeatable_and_reports_its_seed() {
        let j = r#"{"history": [{"guess": "012", "strikes": 0, "balls": 0}], "strategy": "random", "seed": 42}"#;
        let a = run(j).unwrap();
        let b = run(j).unwrap();
        assert_eq!(a.next_guess, b.next_guess);
        assert_eq!(a.seed, Some(42));
        let c = run(r#"{"strategy": "random"}"#).unwrap();
        assert!(c.seed.is_some());
    }

    /// 200,000 entries, of 720 different guesses answered as for secret 123: the replay
    /// computes each distinct (guess, answer) pair's filter once, so its work is bounded by
    /// the codes times the distinct pairs, not by the entries times anything.
    fn long_history(n: usize, timeout_ms: Option<u64>) -> SolveInput {
        let spec = CodeSpec::new(3, "0123456789", false, "").unwrap();
        let space = Space::new(&spec, "").unwrap();
        let secret = spec.parse("123", "", "").unwrap();
        let history = (0..n)
            .map(|i| {
                let g = (i * 7919 % space.len()) as u32;
                let fb = feedback(&secret, space.code(g));
                HistoryEntry {
                    guess: space.format(g),
                    strikes: fb.strikes,
                    balls: fb.balls,
                }
            })
            .collect();
        SolveInput {
            length: Some(3),
            alphabet: None,
            repeats: false,
            history,
            strategy: Strategy::Entropy,
            seed: None,
            max_candidates: None,
            timeout_ms,
        }
    }

    #[test]
    fn long_histories_are_replayed_in_linear_work() {
        let input = long_history(200_000, None);
        let space = Space::new(&CodeSpec::new(3, "0123456789", false, "").unwrap(), "").unwrap();
        let r = replay(&space, &input.history, 0, Deadline::NEVER, None).unwrap();
        let know = r.know.unwrap();
        assert_eq!(know.set.len(), 1);
        assert!(
            know.guesses.len() <= space.len(),
            "each guess recorded once"
        );
        // One pattern pass (720) plus at most 720 filters of at most 720 candidates; with every
        // entry filtering, 200,000 entries would cost far more.
        assert!(r.work <= 720 + 720 * 720, "work {}", r.work);
        let v = solve(input).unwrap();
        assert_eq!(v.candidates.unwrap(), ["123"]);
        assert_eq!(v.status, Status::Done);
    }

    #[test]
    fn long_histories_honour_the_timeout() {
        let v = solve(long_history(200_000, Some(0))).unwrap();
        assert_eq!(v.status, Status::Timeout);
        assert_eq!(
            (v.consistent, v.remaining, v.next_guess),
            (None, None, None)
        );
        // A limit no run reaches (a day): the replay is timed and finishes.
        let v = solve(long_history(1000, Some(86_400_000))).unwrap();
        assert_eq!(v.status, Status::Done);
        assert_eq!(v.remaining, Some(1));
    }

    /// Repeating an entry changes nothing: the verdict, the `random` choice included, is the
    /// same as when every entry is replayed in full.
    #[test]
    fn repeated_entries_give_the_verdicts_of_a_full_replay() {
        for strategy in [Strategy::Random, Strategy::Entropy, Strategy::Minimax] {
            let mut input = long_history(5, None);
            input.history.truncate(2);
            input.history.extend(input.history.clone());
            input.strategy = strategy;
            input.seed = Some(9);
            let space =
                Space::new(&CodeSpec::new(3, "0123456789", false, "").unwrap(), "").unwrap();
            let mut full = Knowledge::start(&space, 9);
            for h in &input.history {
                let g = space
                    .index_of(&space.spec().parse(&h.guess, "", "").unwrap())
                    .unwrap();
                let class = space.class_of(Feedback {
                    strikes: h.strikes,
                    balls: h.balls,
                });
                full = full.after(&space, g, class);
            }
            let v = solve(input).unwrap();
            assert_eq!(v.remaining, Some(full.set.len() as u64));
            let want =
                choose_until(&space, strategy, &full, Deadline::NEVER).map(|g| space.format(g));
            assert_eq!(v.next_guess, want, "{strategy:?}");
        }
    }

    #[test]
    fn optimal_reports_the_total() {
        let v = run(
            r#"{"history": [{"guess": "012", "strikes": 0, "balls": 0}], "strategy": "optimal"}"#,
        )
        .unwrap();
        assert_eq!(v.remaining, Some(210));
        assert!(v.optimal_total.is_some());
        let v = run(
            r#"{"length": 4, "alphabet": "012345678", "strategy": "optimal", "timeout_ms": 0}"#,
        )
        .unwrap();
        assert_eq!(v.status, Status::Timeout);
        assert_eq!(v.next_guess, None);
        // 4 digits: the shipped tree answers at once, with its subtree's total.
        let v = run(r#"{"length": 4, "strategy": "optimal"}"#).unwrap();
        assert_eq!(v.next_guess.as_deref(), Some("0123"));
        assert_eq!(v.optimal_total, Some(26274));
        let v = run(
            r#"{"history": [{"guess": "5678", "strikes": 0, "balls": 1}], "strategy": "optimal"}"#,
        )
        .unwrap();
        assert_eq!(v.remaining, Some(1440));
        assert_eq!(v.optimal_total, Some(6495));
    }
}
