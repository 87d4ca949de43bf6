//! Every command and every strategy on every small game: codes of 1 to 8 symbols from
//! alphabets of 1 to 6 symbols, with and without repeats (longer codes than symbols too), up
//! to 256 codes. Nothing may panic, and every answer is checked against a reference that
//! shares no code with the engine: candidates by judging every code, `simulate` by playing
//! each secret through `solve` one guess at a time, `tree` by walking its JSON with `judge`,
//! and `optimal` against the plain recursive definition of the least total where that is
//! feasible (games of at most [`BRUTE_MAX_CODES`] codes).

use std::collections::{HashMap, HashSet};

use puzzles_common::limits::NO_LIMIT_MS;

use std::time::Duration;

use baseball_core::game::{GuessGame, GuessOutcome, PlayGame, PlayOutcome, PlayRules};
use baseball_core::{
    CodeSpec, Feedback, HistoryEntry, JudgeInput, SimulateInput, SolveInput, Status, Strategy,
    TreeVerdict, judge, simulate, solve, tree,
};

/// Largest game played in full by every strategy.
const MAX_CODES: u64 = 256;
/// Largest game whose optimum the plain recursion computes here (a few seconds at most).
const BRUTE_MAX_CODES: usize = 64;
const SYMBOLS: &str = "012345";

/// A game: code length, alphabet, repeats.
#[derive(Debug, Clone)]
struct Game {
    length: usize,
    alphabet: String,
    repeats: bool,
}

impl Game {
    /// Every code of the game, in alphabet order.
    fn codes(&self) -> Vec<String> {
        let symbols: Vec<char> = self.alphabet.chars().collect();
        let mut codes = vec![String::new()];
        for _ in 0..self.length {
            codes = codes
                .into_iter()
                .flat_map(|prefix| {
                    symbols
                        .iter()
                        .filter(|&&c| self.repeats || !prefix.contains(c))
                        .map(|&c| format!("{prefix}{c}"))
                        .collect::<Vec<_>>()
                })
                .collect();
        }
        codes
    }

    /// Whether the exact search proves the optimum within a second. Codes of 8 symbols have 81
    /// answers, too many for its small-set bound, and 7 or more get no symmetry reduction:
    /// the 256 binary codes of 8 symbols take it half a minute of CPU, so that game is
    /// played only under an expired deadline here.
    fn optimum_is_quick(&self) -> bool {
        self.length < 8 || !self.repeats || self.alphabet.len() < 2
    }

    /// Whether [`brute_optimum`] computes this game's optimum quickly: games of at most
    /// [`BRUTE_MAX_CODES`] codes, and the 128 binary codes of 7 symbols (a few seconds of CPU),
    /// the one game with codes longer than 6 symbols (whose sets the search names without
    /// symmetry) and more than one code within reach.
    fn brute_force_is_quick(&self, codes: usize) -> bool {
        codes <= BRUTE_MAX_CODES || (self.length == 7 && self.alphabet.len() == 2)
    }

    fn judge(&self, secret: &str, guess: &str) -> (u32, u32) {
        let v = judge(JudgeInput {
            secret: secret.into(),
            guess: guess.into(),
            length: Some(self.length as u32),
            alphabet: Some(self.alphabet.clone()),
            repeats: self.repeats,
        })
        .unwrap_or_else(|e| panic!("{self:?}: judge {secret} {guess}: {e:?}"));
        (v.strikes, v.balls)
    }

    fn simulate_input(&self, strategy: Strategy, timeout_ms: Option<u64>) -> SimulateInput {
        SimulateInput {
            length: Some(self.length as u32),
            alphabet: Some(self.alphabet.clone()),
            repeats: self.repeats,
            strategy,
            seed: Some(7),
            first_guess: None,
            timeout_ms,
        }
    }

    fn solve_input(&self, strategy: Strategy, history: Vec<HistoryEntry>) -> SolveInput {
        SolveInput {
            length: Some(self.length as u32),
            alphabet: Some(self.alphabet.clone()),
            repeats: self.repeats,
            history,
            strategy,
            seed: Some(7),
            max_candidates: Some(u32::MAX),
            timeout_ms: Some(NO_LIMIT_MS),
        }
    }
}

/// Every game of at most `max_codes` codes over the first 1 to 6 symbols.
fn small_games(max_codes: u64) -> Vec<Game> {
    let mut games = Vec::new();
    for symbols in 1..=SYMBOLS.len() {
        for length in 1..=8usize {
            for repeats in [false, true] {
                let count = if repeats {
                    (symbols as u64).pow(length as u32)
                } else if length > symbols {
                    continue;
                } else {
                    (0..length as u64).map(|k| symbols as u64 - k).product()
                };
                if count <= max_codes {
                    games.push(Game {
                        length,
                        alphabet: SYMBOLS[..symbols].into(),
                        repeats,
                    });
                }
            }
        }
    }
    games
}

/// The least total number of guesses to find every secret of `set` (a bit set of indices into
/// the game's codes), straight from its definition: every code is tried as the next guess, no
/// bound, no symmetry. Only the memo (on the set) and skipping a guess that splits the set
/// like one tried before (same subsets, so the same total) keep it fast enough.
fn brute_optimum(
    answers: &[Vec<(u32, u32)>],
    all_strikes: (u32, u32),
    set: u128,
    memo: &mut HashMap<u128, u64>,
) -> u64 {
    let n = u64::from(set.count_ones());
    if n <= 1 {
        return n;
    }
    if let Some(&v) = memo.get(&set) {
        return v;
    }
    let mut best = u64::MAX;
    let mut splits = HashSet::new();
    for row in answers {
        let mut classes: HashMap<(u32, u32), u128> = HashMap::new();
        for s in (0..128).filter(|&s| set >> s & 1 == 1) {
            if row[s] != all_strikes {
                *classes.entry(row[s]).or_default() |= 1 << s;
            }
        }
        let mut split: Vec<u128> = classes.into_values().collect();
        split.sort_unstable();
        if split == [set] || !splits.insert(split.clone()) {
            continue; // tells nothing, or tells what a guess tried before told
        }
        let total = n + split
            .iter()
            .map(|&class| brute_optimum(answers, all_strikes, class, memo))
            .sum::<u64>();
        best = best.min(total);
    }
    memo.insert(set, best);
    best
}

/// The brute-force optimum of the codes `set` of `game` (whose answer table is `answers`),
/// when the game is one [`Game::brute_force_is_quick`] allows.
fn brute_optimum_of(
    game: &Game,
    answers: &[Vec<(u32, u32)>],
    set: &[usize],
    memo: &mut HashMap<u128, u64>,
) -> Option<u64> {
    if !game.brute_force_is_quick(answers.len()) {
        return None;
    }
    let bits = set.iter().fold(0u128, |bits, &s| bits | 1 << s);
    Some(brute_optimum(answers, (game.length as u32, 0), bits, memo))
}

/// The answer table of a game by the reference `judge`: `answers[guess][secret]`.
fn answer_table(game: &Game, codes: &[String]) -> Vec<Vec<(u32, u32)>> {
    codes
        .iter()
        .map(|g| codes.iter().map(|s| game.judge(s, g)).collect())
        .collect()
}

/// Plays `secret` with `strategy` through `solve`, one guess at a time: the number of guesses.
/// `asked` keeps the guess `solve` gave for each history (the games share their openings).
fn play_through_solve(
    game: &Game,
    codes: usize,
    strategy: Strategy,
    secret: &str,
    asked: &mut HashMap<Vec<HistoryEntry>, String>,
) -> u32 {
    let mut history = Vec::new();
    loop {
        let guess = asked.entry(history.clone()).or_insert_with(|| {
            let v = solve(game.solve_input(strategy, history.clone()))
                .unwrap_or_else(|e| panic!("{game:?} {strategy:?} {history:?}: {e:?}"));
            assert_eq!(v.status, Status::Done, "{game:?} {strategy:?}");
            v.next_guess.expect("a consistent history has a next guess")
        });
        let guess = guess.clone();
        let (strikes, balls) = game.judge(secret, &guess);
        history.push(HistoryEntry {
            guess,
            strikes,
            balls,
        });
        if strikes as usize == game.length {
            return history.len() as u32;
        }
        assert!(history.len() <= codes, "{game:?} {strategy:?}: no end");
    }
}

/// Walks the JSON tree for `secret`, judging with the reference: the number of guesses.
fn play_through_tree(game: &Game, verdict: &TreeVerdict, secret: &str) -> u32 {
    let mut node = verdict.tree.as_ref().expect("the tree of a finished run");
    let mut guesses = 1;
    loop {
        let (strikes, balls) = game.judge(secret, &node.guess);
        if strikes as usize == game.length {
            return guesses;
        }
        node = &node
            .answers
            .iter()
            .find(|a| (a.strikes, a.balls) == (strikes, balls))
            .unwrap_or_else(|| panic!("{game:?}: {secret} falls off the tree"))
            .next;
        guesses += 1;
    }
}

/// `simulate`, `tree` and game-by-game play through `solve` agree for every strategy, and
/// `optimal` reaches the brute-force optimum.
#[test]
fn simulate_and_tree_agree_with_playing_every_secret_through_solve() {
    for game in small_games(MAX_CODES) {
        let codes = game.codes();
        let answers = answer_table(&game, &codes);
        let all: Vec<usize> = (0..codes.len()).collect();
        let optimum = brute_optimum_of(&game, &answers, &all, &mut HashMap::new());
        for strategy in Strategy::ALL {
            if strategy == Strategy::Optimal && !game.optimum_is_quick() {
                continue;
            }
            let context = format!("{game:?} {strategy:?}");
            let sim = simulate(game.simulate_input(strategy, Some(NO_LIMIT_MS)))
                .unwrap_or_else(|e| panic!("{context}: {e:?}"));
            assert_eq!(sim.status, Status::Done, "{context}");
            assert_eq!(sim.secrets, codes.len() as u64, "{context}");
            let drawn = tree(game.simulate_input(strategy, Some(NO_LIMIT_MS)))
                .unwrap_or_else(|e| panic!("{context}: tree: {e:?}"));
            assert_eq!(drawn.totals.histogram, sim.histogram, "{context}");
            let mut histogram = vec![0u64; sim.histogram.len()];
            let mut asked = HashMap::new();
            for secret in &codes {
                let by_solve = play_through_solve(&game, codes.len(), strategy, secret, &mut asked);
                let by_tree = play_through_tree(&game, &drawn, secret);
                assert_eq!(by_solve, by_tree, "{context}: {secret}");
                let slot = by_solve as usize - 1;
                assert!(slot < histogram.len(), "{context}: {secret} too long");
                histogram[slot] += 1;
            }
            if strategy != Strategy::Optimal {
                // The optimal strategy may pick among equally good guesses differently when
                // its memo is shared (simulate) or fresh (each solve): totals agree, games may
                // not.
                assert_eq!(histogram, sim.histogram, "{context}");
            }
            let total = sim.total_guesses.unwrap();
            let replayed: u64 = histogram.iter().zip(1..).map(|(n, k)| n * k).sum();
            if let Some(optimum) = optimum {
                assert!(total >= optimum, "{context}: below the optimum {optimum}");
            }
            if strategy == Strategy::Optimal {
                assert_eq!(replayed, total, "{context}");
                if let Some(optimum) = optimum {
                    assert_eq!(total, optimum, "{context}");
                }
            }
        }
    }
}

/// `solve` after each possible answer to a first guess: the candidates are the codes that
/// the reference judge gives that answer, and `optimal_total` is the brute-force optimum.
#[test]
fn solve_lists_exactly_the_consistent_codes() {
    for game in small_games(MAX_CODES) {
        let codes = game.codes();
        let answers = answer_table(&game, &codes);
        let mut memo = HashMap::new();
        for first in [0, codes.len() / 2, codes.len() - 1] {
            let mut by_answer: HashMap<(u32, u32), Vec<usize>> = HashMap::new();
            for (s, &answer) in answers[first].iter().enumerate() {
                by_answer.entry(answer).or_default().push(s);
            }
            for (&(strikes, balls), expected) in &by_answer {
                let history = vec![HistoryEntry {
                    guess: codes[first].clone(),
                    strikes,
                    balls,
                }];
                for strategy in Strategy::ALL {
                    if strategy == Strategy::Optimal && !game.optimum_is_quick() {
                        continue;
                    }
                    let context = format!("{game:?} {strategy:?} {history:?}");
                    let v = solve(game.solve_input(strategy, history.clone()))
                        .unwrap_or_else(|e| panic!("{context}: {e:?}"));
                    let listed: Vec<String> = expected.iter().map(|&s| codes[s].clone()).collect();
                    assert_eq!(v.remaining, Some(expected.len() as u64), "{context}");
                    assert_eq!(v.candidates, Some(listed), "{context}");
                    let next = v.next_guess.expect("a next guess");
                    assert!(codes.contains(&next), "{context}: {next}");
                    // The 7-symbol binary game's optimum is checked from its start by
                    // the test above; here its subsets would cost as much again.
                    if strategy == Strategy::Optimal
                        && codes.len() <= BRUTE_MAX_CODES
                        && let Some(want) = brute_optimum_of(&game, &answers, expected, &mut memo)
                    {
                        assert_eq!(v.optimal_total.map(u64::from), Some(want), "{context}");
                    }
                }
            }
        }
    }
}

/// The two terminal games on every small game: the computer guessing (every strategy, answered
/// truthfully by the reference judge) finds the secret in as many guesses as the `tree`
/// command's tree takes for it (`optimal`, whose equally good choices may differ between
/// searches, within the tree's worst), and the person guessing gets the judge's answers.
#[test]
fn the_terminal_games_play_every_small_game() {
    for game in small_games(MAX_CODES) {
        let codes = game.codes();
        let spec = CodeSpec::new(game.length, &game.alphabet, game.repeats, "").unwrap();
        let secrets = [0, codes.len() / 2, codes.len() - 1].map(|i| &codes[i]);
        for strategy in Strategy::ALL {
            if strategy == Strategy::Optimal && !game.optimum_is_quick() {
                continue;
            }
            let context = format!("{game:?} {strategy:?}");
            let drawn = tree(game.simulate_input(strategy, Some(NO_LIMIT_MS))).unwrap();
            for secret in secrets {
                let mut computer = GuessGame::new(&spec, strategy, 7).unwrap();
                // No fallback to a heuristic: the exact search has all the time it needs.
                computer.set_think_time(Duration::from_secs(24 * 3600));
                let mut guesses = 0;
                let found = loop {
                    let guess = computer.next_guess().expect("a secret fits every answer");
                    guesses += 1;
                    let (strikes, balls) = game.judge(secret, &guess);
                    match computer.answer(Feedback { strikes, balls }).unwrap() {
                        GuessOutcome::Solved { guesses: n } => break (guess, n),
                        GuessOutcome::Continue { .. } => {}
                        GuessOutcome::Contradiction => panic!("{context}: {secret}"),
                    }
                    assert!(guesses <= codes.len(), "{context}: {secret}: no end");
                };
                assert_eq!(&found.0, secret, "{context}");
                let by_tree = play_through_tree(&game, &drawn, secret);
                if strategy == Strategy::Optimal {
                    assert!(
                        found.1 <= drawn.totals.worst.unwrap(),
                        "{context}: {secret}"
                    );
                } else {
                    assert_eq!(found.1, by_tree, "{context}: {secret}");
                }
            }
        }
        for secret in secrets {
            let mut person =
                PlayGame::with_secret(spec.clone(), PlayRules::default(), secret).unwrap();
            let guess = &codes[codes.len() / 3];
            let (strikes, balls) = game.judge(secret, guess);
            match person.guess(guess).unwrap() {
                PlayOutcome::Won { guesses } => assert_eq!((guess, guesses), (secret, 1)),
                PlayOutcome::Answer { feedback, .. } | PlayOutcome::Lost { feedback, .. } => {
                    assert_eq!(feedback, Feedback { strikes, balls }, "{game:?} {secret}");
                }
            }
        }
    }
}

/// Larger games, and every game with `timeout_ms: 0`: every command answers, in time or
/// with `timeout`, and never panics.
#[test]
fn no_game_panics_under_an_expired_deadline() {
    for game in small_games(4096) {
        for strategy in Strategy::ALL {
            let context = format!("{game:?} {strategy:?}");
            let sim = simulate(game.simulate_input(strategy, Some(0)))
                .unwrap_or_else(|e| panic!("{context}: {e:?}"));
            assert!(sim.histogram.is_empty() == (sim.status == Status::Timeout));
            let drawn = tree(game.simulate_input(strategy, Some(0)))
                .unwrap_or_else(|e| panic!("{context}: {e:?}"));
            assert_eq!(drawn.tree.is_none(), drawn.totals.status == Status::Timeout);
            let mut input = game.solve_input(strategy, Vec::new());
            input.timeout_ms = Some(0);
            solve(input).unwrap_or_else(|e| panic!("{context}: {e:?}"));
        }
    }
}
