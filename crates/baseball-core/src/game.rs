//! The two games people play at a terminal, as state machines without I/O (the `puzzles` CLI
//! draws the prompts): [`PlayGame`], where the computer keeps a secret and the person guesses,
//! and [`GuessGame`], where the person keeps a secret, answers strikes and balls, and the
//! computer guesses and notices when the answers contradict each other.

use puzzles_common::Deadline;
use std::time::Duration;

use crate::code::{CodeSpec, Feedback, ImpossibleFeedback, feedback, plural};
use crate::error::InputError;
use crate::optimal::Optimizer;
use crate::rng::SplitMix64;
use crate::solve::HistoryEntry;
use crate::space::Space;
use crate::strategy::{Knowledge, Strategy, choose_simple};
use crate::tree::shipped_advice;

/// The rules of a `play` game besides the code: the design note's referee gives 9 "innings"
/// (guesses) and ends the game at 3 "outs" (guesses that share no symbol with the secret).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayRules {
    /// Most guesses allowed (0: no limit).
    pub innings: u32,
    /// Outs that end the game (0: no limit).
    pub outs: u32,
}

impl Default for PlayRules {
    fn default() -> Self {
        PlayRules {
            innings: 9,
            outs: 3,
        }
    }
}

/// How a `play` guess turned out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayOutcome {
    /// Found the secret with this many guesses.
    Won { guesses: u32 },
    /// The answer; the game goes on.
    Answer { feedback: Feedback, out: bool },
    /// The answer, and the game is lost (innings or outs used up).
    Lost { feedback: Feedback, out: bool },
}

/// The computer keeps a secret; the person guesses.
#[derive(Debug, Clone)]
pub struct PlayGame {
    spec: CodeSpec,
    rules: PlayRules,
    secret: Vec<u8>,
    history: Vec<HistoryEntry>,
    outs: u32,
    over: bool,
    /// Candidate count after each answer, when the game is small enough to enumerate.
    space: Option<Space>,
    candidates: Option<Vec<u32>>,
}

impl PlayGame {
    /// A new game with a secret drawn from `seed`.
    pub fn new(spec: CodeSpec, rules: PlayRules, seed: u64) -> Self {
        let mut rng = SplitMix64::new(seed);
        let n = spec.symbols() as u64;
        let mut pool: Vec<u8> = (0..spec.symbols() as u8).collect();
        let mut secret = Vec::with_capacity(spec.length());
        for i in 0..spec.length() {
            if spec.repeats() {
                secret.push(rng.below(n) as u8);
            } else {
                // Partial Fisher-Yates shuffle.
                let j = i + rng.below(n - i as u64) as usize;
                pool.swap(i, j);
                secret.push(pool[i]);
            }
        }
        let space = Space::new(&spec, "").ok().filter(|s| s.len() <= 100_000);
        let candidates = space.as_ref().map(Space::all);
        PlayGame {
            spec,
            rules,
            secret,
            history: Vec::new(),
            outs: 0,
            over: false,
            space,
            candidates,
        }
    }

    /// A game with a chosen secret (for tests and puzzles set by hand).
    pub fn with_secret(spec: CodeSpec, rules: PlayRules, secret: &str) -> Result<Self, InputError> {
        let code = spec.parse(secret, "/secret", "secret")?;
        let mut game = PlayGame::new(spec, rules, 0);
        game.secret = code;
        Ok(game)
    }

    /// The rules of the code.
    pub fn spec(&self) -> &CodeSpec {
        &self.spec
    }

    /// The game's limits.
    pub fn rules(&self) -> PlayRules {
        self.rules
    }

    /// The secret (to reveal when the game ends).
    pub fn secret(&self) -> String {
        self.spec.format(&self.secret)
    }

    /// Guesses so far with their answers.
    pub fn history(&self) -> &[HistoryEntry] {
        &self.history
    }

    /// Outs so far.
    pub fn outs(&self) -> u32 {
        self.outs
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// How many secrets still agree with every answer, when the game is small enough to count.
    pub fn candidates_left(&self) -> Option<usize> {
        self.candidates.as_ref().map(Vec::len)
    }

    /// Judges a guess written as text. A malformed guess is an error and costs nothing.
    pub fn guess(&mut self, text: &str) -> Result<PlayOutcome, InputError> {
        let code = self.spec.parse(text.trim(), "", "guess")?;
        let fb = feedback(&self.secret, &code);
        self.history
            .push(HistoryEntry::new(self.spec.format(&code), fb));
        if let (Some(space), Some(set)) = (&self.space, &mut self.candidates)
            && let Some(g) = space.index_of(&code)
        {
            let class = space.class_of(fb);
            set.retain(|&s| space.fb(g, s) == class);
        }
        if fb.strikes as usize == self.spec.length() {
            self.over = true;
            return Ok(PlayOutcome::Won {
                guesses: self.history.len() as u32,
            });
        }
        let out = fb.strikes == 0 && fb.balls == 0;
        if out {
            self.outs += 1;
        }
        let innings_up = self.rules.innings > 0 && self.history.len() as u32 >= self.rules.innings;
        let outs_up = self.rules.outs > 0 && self.outs >= self.rules.outs;
        if innings_up || outs_up {
            self.over = true;
            return Ok(PlayOutcome::Lost { feedback: fb, out });
        }
        Ok(PlayOutcome::Answer { feedback: fb, out })
    }

    /// Ends the game (the person gave up).
    pub fn give_up(&mut self) {
        self.over = true;
    }
}

/// Why a typed answer could not be read; `Display` gives the sentence to show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnswerTextError {
    /// Nothing was typed.
    Empty,
    /// A run of digits too long for a count (the digits).
    NotACount(String),
    /// Text that is not an answer (the text).
    NotAnAnswer(String),
    /// Strikes or balls given twice (the text).
    CountTwice(String),
}

impl std::fmt::Display for AnswerTextError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        const EXAMPLE: &str = "type the strikes and balls, for example \"1 2\" or \"1s 2b\"";
        match self {
            AnswerTextError::Empty => f.write_str(EXAMPLE),
            AnswerTextError::NotACount(digits) => write!(f, "{digits:?} is not a count"),
            AnswerTextError::NotAnAnswer(text) => write!(f, "{text:?} is not an answer: {EXAMPLE}"),
            AnswerTextError::CountTwice(text) => write!(f, "{text:?} gives a count twice"),
        }
    }
}

impl std::error::Error for AnswerTextError {}

/// Why [`GuessGame::answer`] refused an answer (and changed nothing).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnswerError {
    /// No guess has been asked yet.
    NoGuessYet,
    /// No two codes of the game give this answer.
    Impossible(ImpossibleFeedback),
    /// No secret still possible gives this answer to the pending guess.
    NoSecretAnswers {
        /// The pending guess.
        guess: String,
        /// The answer.
        feedback: Feedback,
    },
}

impl std::fmt::Display for AnswerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AnswerError::NoGuessYet => f.write_str("there is no guess to answer yet"),
            AnswerError::Impossible(why) => why.fmt(f),
            AnswerError::NoSecretAnswers { guess, feedback } => write!(
                f,
                "no secret can answer {guess} with {} and {}",
                plural(feedback.strikes, "strike"),
                plural(feedback.balls, "ball")
            ),
        }
    }
}

impl std::error::Error for AnswerError {}

/// Reads an answer to a guess as people write it: `"1 2"` (strikes then balls), `"1s 2b"`,
/// `"2b"`, `"1 strike 2 balls"`, `"12"` (one digit each), `"out"` or `"0"` (nothing),
/// `"3s"`, and the Korean `"1스트라이크 2볼"`, `"아웃"`.
pub fn parse_answer(text: &str, length: usize) -> Result<Feedback, AnswerTextError> {
    let t = text.trim().to_lowercase();
    if t.is_empty() {
        return Err(AnswerTextError::Empty);
    }
    if matches!(t.as_str(), "out" | "o" | "0" | "아웃" | "nothing" | "none") {
        return Ok(Feedback {
            strikes: 0,
            balls: 0,
        });
    }
    let items = answer_items(&t, text)?;
    let (mut strikes, mut balls) = (None, None);
    let mut plain = Vec::new();
    for (n, kind) in items {
        match kind {
            Some(Counted::Strikes) if strikes.is_none() => strikes = Some(n),
            Some(Counted::Balls) if balls.is_none() => balls = Some(n),
            Some(_) => return Err(AnswerTextError::CountTwice(text.to_string())),
            None => plain.push(n),
        }
    }
    match (strikes, balls, plain.as_slice()) {
        (None, None, [s, b]) => {
            strikes = Some(*s);
            balls = Some(*b);
        }
        // "12": one digit each, when codes are shorter than 10.
        (None, None, [sb]) if length < 10 && (10..=99).contains(sb) => {
            strikes = Some(sb / 10);
            balls = Some(sb % 10);
        }
        (Some(_), None, []) | (None, Some(_), []) | (Some(_), Some(_), []) => {}
        (Some(_), None, [b]) => balls = Some(*b),
        _ => {
            return Err(AnswerTextError::NotAnAnswer(text.to_string()));
        }
    }
    Ok(Feedback {
        strikes: strikes.unwrap_or(0),
        balls: balls.unwrap_or(0),
    })
}

/// What a number in an answer counts, from the word after it.
#[derive(Clone, Copy)]
enum Counted {
    Strikes,
    Balls,
}

/// The numbers of an answer (`t`, trimmed and lower-cased from `text`), each with what the
/// word right after it says it counts, if any; separators are blanks, `,`, `/` and `-`.
fn answer_items(t: &str, text: &str) -> Result<Vec<(u32, Option<Counted>)>, AnswerTextError> {
    let mut items = Vec::new();
    let chars: Vec<char> = t.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_ascii_digit() {
            let mut j = i;
            while j < chars.len() && chars[j].is_ascii_digit() {
                j += 1;
            }
            let digits: String = chars[i..j].iter().collect();
            let n: u32 = digits
                .parse()
                .map_err(|_| AnswerTextError::NotACount(digits.clone()))?;
            // The word right after the number, if any.
            let mut k = j;
            while k < chars.len() && (chars[k].is_whitespace() || chars[k] == '-') {
                k += 1;
            }
            let kind = match chars.get(k) {
                Some('s') | Some('스') => Some(Counted::Strikes),
                Some('b') | Some('볼') => Some(Counted::Balls),
                _ => None,
            };
            if kind.is_some() {
                // Skip the word.
                while k < chars.len() && !chars[k].is_whitespace() && !chars[k].is_ascii_digit() {
                    k += 1;
                }
                j = k;
            }
            items.push((n, kind));
            i = j;
        } else if c.is_whitespace() || c == ',' || c == '/' || c == '-' {
            i += 1;
        } else {
            return Err(AnswerTextError::NotAnAnswer(text.to_string()));
        }
    }
    Ok(items)
}

/// What the computer makes of an answer in a [`GuessGame`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GuessOutcome {
    /// All strikes: the computer found the secret with this many guesses.
    Solved { guesses: u32 },
    /// Noted; this many secrets still fit every answer.
    Continue { remaining: usize },
    /// No secret fits every answer: some answer was wrong. The answer is kept (so `undo` can
    /// remove it) and the game cannot go on until it is undone.
    Contradiction,
}

/// The person keeps a secret and answers; the computer guesses.
#[derive(Debug)]
pub struct GuessGame {
    space: Space,
    strategy: Strategy,
    /// Knowledge before each answered guess, for `undo`; the last is the current one.
    states: Vec<Knowledge>,
    /// The guesses made and their answers.
    history: Vec<(u32, Feedback)>,
    pending: Option<u32>,
    /// Time the `optimal` strategy may take per guess before falling back to `entropy`.
    think: Duration,
}

impl GuessGame {
    /// A new game: `seed` drives the `random` strategy.
    pub fn new(spec: &CodeSpec, strategy: Strategy, seed: u64) -> Result<Self, InputError> {
        let space = Space::new(spec, "")?;
        let start = Knowledge::start(&space, seed);
        Ok(GuessGame {
            space,
            strategy,
            states: vec![start],
            history: Vec::new(),
            pending: None,
            think: Duration::from_secs(3),
        })
    }

    /// The rules of the code.
    pub fn spec(&self) -> &CodeSpec {
        self.space.spec()
    }

    /// Secrets that fit every answer so far.
    pub fn remaining(&self) -> usize {
        self.current().set.len()
    }

    /// The guesses and answers so far.
    pub fn history(&self) -> Vec<HistoryEntry> {
        self.history
            .iter()
            .map(|&(g, f)| HistoryEntry::new(self.space.format(g), f))
            .collect()
    }

    /// Up to `max` of the secrets that fit every answer.
    pub fn candidates(&self, max: usize) -> Vec<String> {
        self.current()
            .set
            .iter()
            .take(max)
            .map(|&s| self.space.format(s))
            .collect()
    }

    fn current(&self) -> &Knowledge {
        // `states` always holds the start.
        &self.states[self.states.len() - 1]
    }

    /// The computer's next guess, or `None` when no secret fits the answers.
    pub fn next_guess(&mut self) -> Option<String> {
        if let Some(g) = self.pending {
            return Some(self.space.format(g));
        }
        let know = self.current();
        if know.set.is_empty() {
            return None;
        }
        let g = match self.strategy {
            Strategy::Optimal if let Some(best) = shipped_advice(&self.space, know) => best.guess,
            // Thousands of candidates are beyond the exact search's reach within seconds.
            Strategy::Optimal if know.set.len() > 1300 => {
                choose_simple(&self.space, Strategy::Entropy, know)
            }
            Strategy::Optimal => {
                let mut opt =
                    Optimizer::new(&self.space, Deadline::after(self.think)).single_threaded();
                match opt.solve(know) {
                    Some(best) => best.guess,
                    None => choose_simple(&self.space, Strategy::Entropy, know),
                }
            }
            s => choose_simple(&self.space, s, know),
        };
        self.pending = Some(g);
        Some(self.space.format(g))
    }

    /// Takes the person's answer to the pending guess. An answer that no secret could give to
    /// that guess is refused with the reason (and changes nothing).
    pub fn answer(&mut self, fb: Feedback) -> Result<GuessOutcome, AnswerError> {
        let Some(g) = self.pending else {
            return Err(AnswerError::NoGuessYet);
        };
        self.space
            .spec()
            .check_feedback(fb)
            .map_err(AnswerError::Impossible)?;
        let class = self.space.class_of(fb);
        let all_ok = (0..self.space.len() as u32).any(|s| self.space.fb(g, s) == class);
        if !all_ok {
            return Err(AnswerError::NoSecretAnswers {
                guess: self.space.format(g),
                feedback: fb,
            });
        }
        let next = self.current().after(&self.space, g, class);
        self.states.push(next);
        self.history.push((g, fb));
        self.pending = None;
        if fb.strikes as usize == self.space.code_len() {
            return Ok(GuessOutcome::Solved {
                guesses: self.history.len() as u32,
            });
        }
        match self.remaining() {
            0 => Ok(GuessOutcome::Contradiction),
            remaining => Ok(GuessOutcome::Continue { remaining }),
        }
    }

    /// Takes back the last answer; returns the guess it answered, or `None` at the start.
    pub fn undo(&mut self) -> Option<String> {
        if self.history.is_empty() {
            return None;
        }
        self.states.pop();
        let (g, _) = self.history.pop()?;
        self.pending = Some(g);
        Some(self.space.format(g))
    }

    /// The smallest set of answers, from the most recent backwards, that already contradict
    /// each other, to show the person where to look.
    pub fn conflict(&self) -> Vec<HistoryEntry> {
        // Find the shortest prefix that leaves no secret, then the answers of that prefix that
        // are needed (greedily dropping any answer whose removal keeps the contradiction).
        let space = &self.space;
        let consistent = |items: &[(u32, Feedback)]| -> bool {
            (0..space.len() as u32).any(|s| {
                items
                    .iter()
                    .all(|&(g, f)| space.fb(g, s) == space.class_of(f))
            })
        };
        let Some(end) = (1..=self.history.len()).find(|&k| !consistent(&self.history[..k])) else {
            return Vec::new();
        };
        let mut core: Vec<(u32, Feedback)> = self.history[..end].to_vec();
        let mut i = 0;
        while i < core.len() {
            let mut without = core.clone();
            without.remove(i);
            if !without.is_empty() && !consistent(&without) {
                core = without;
            } else {
                i += 1;
            }
        }
        core.into_iter()
            .map(|(g, f)| HistoryEntry::new(space.format(g), f))
            .collect()
    }
}

impl GuessGame {
    /// Sets the per-guess thinking time of `optimal` (default 3 s).
    pub fn set_think_time(&mut self, think: Duration) {
        self.think = think;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn classic() -> CodeSpec {
        CodeSpec::classic()
    }

    fn fb(strikes: u32, balls: u32) -> Feedback {
        Feedback { strikes, balls }
    }

    #[test]
    fn answers_people_write() {
        for (text, want) in [
            ("1 2", fb(1, 2)),
            ("1s 2b", fb(1, 2)),
            ("2B 1S", fb(1, 2)),
            ("1 strike 2 balls", fb(1, 2)),
            ("3s", fb(3, 0)),
            ("2b", fb(0, 2)),
            ("12", fb(1, 2)),
            ("0 0", fb(0, 0)),
            ("out", fb(0, 0)),
            ("아웃", fb(0, 0)),
            ("1스트라이크 2볼", fb(1, 2)),
            ("1,1", fb(1, 1)),
        ] {
            assert_eq!(parse_answer(text, 3), Ok(want), "{text}");
        }
        for bad in ["", "abc", "1 2 3", "1s 2s", "123"] {
            assert!(parse_answer(bad, 3).is_err(), "{bad}");
        }
        assert_eq!(parse_answer(" ", 3), Err(AnswerTextError::Empty));
        assert_eq!(
            parse_answer("1s 2s", 3).unwrap_err().to_string(),
            "\"1s 2s\" gives a count twice"
        );
        assert_eq!(
            parse_answer("abc", 3).unwrap_err().to_string(),
            "\"abc\" is not an answer: type the strikes and balls, for example \"1 2\" or \"1s 2b\""
        );
        assert_eq!(
            parse_answer("99999999999 1", 3),
            Err(AnswerTextError::NotACount("99999999999".into()))
        );
    }

    #[test]
    fn play_a_game_to_the_end() {
        let mut g = PlayGame::with_secret(classic(), PlayRules::default(), "123").unwrap();
        assert_eq!(
            g.guess("134").unwrap(),
            PlayOutcome::Answer {
                feedback: fb(1, 1),
                out: false
            }
        );
        assert!(g.guess("12").is_err(), "malformed guesses cost nothing");
        assert!(g.guess("112").is_err());
        assert_eq!(g.history().len(), 1);
        assert_eq!(
            g.guess("456").unwrap(),
            PlayOutcome::Answer {
                feedback: fb(0, 0),
                out: true
            }
        );
        assert_eq!(g.outs(), 1);
        // Secrets with exactly one of 1,3,4 in place... the count only shrinks and keeps 123.
        let left = g.candidates_left().unwrap();
        assert!(left > 1 && left < 720);
        assert_eq!(g.guess(" 123 ").unwrap(), PlayOutcome::Won { guesses: 3 });
        assert!(g.is_over());
    }

    #[test]
    fn three_outs_or_nine_innings_lose() {
        let mut g = PlayGame::with_secret(classic(), PlayRules::default(), "123").unwrap();
        g.guess("456").unwrap();
        g.guess("789").unwrap();
        assert!(matches!(
            g.guess("450").unwrap(),
            PlayOutcome::Lost { out: true, .. }
        ));
        let mut g = PlayGame::with_secret(
            classic(),
            PlayRules {
                innings: 2,
                outs: 0,
            },
            "123",
        )
        .unwrap();
        g.guess("456").unwrap();
        assert!(matches!(g.guess("132").unwrap(), PlayOutcome::Lost { .. }));
        assert_eq!(g.secret(), "123");
    }

    #[test]
    fn random_secrets_are_valid_codes() {
        for seed in 0..50 {
            let g = PlayGame::new(classic(), PlayRules::default(), seed);
            assert!(classic().parse(&g.secret(), "", "").is_ok());
            let mm = CodeSpec::new(4, "123456", true, "").unwrap();
            let g = PlayGame::new(mm.clone(), PlayRules::default(), seed);
            assert!(mm.parse(&g.secret(), "", "").is_ok());
        }
    }

    /// The computer finds every 3-digit secret when answered truthfully.
    #[test]
    fn the_computer_always_finds_the_secret() {
        let spec = classic();
        let space = Space::new(&spec, "").unwrap();
        for secret in (0..720u32).step_by(7) {
            let mut game = GuessGame::new(&spec, Strategy::Entropy, 1).unwrap();
            let s = space.code(secret).to_vec();
            let mut turns = 0;
            loop {
                let g = game.next_guess().unwrap();
                let f = feedback(&s, &spec.parse(&g, "", "").unwrap());
                turns += 1;
                match game.answer(f).unwrap() {
                    GuessOutcome::Solved { guesses } => {
                        assert_eq!(guesses, turns);
                        break;
                    }
                    GuessOutcome::Continue { remaining } => assert!(remaining >= 1),
                    GuessOutcome::Contradiction => panic!("truthful answers contradicted"),
                }
                assert!(turns < 10);
            }
        }
    }

    #[test]
    fn contradictions_are_caught_and_undone() {
        let spec = classic();
        let mut game = GuessGame::new(&spec, Strategy::First, 1).unwrap();
        assert_eq!(game.answer(fb(0, 0)), Err(AnswerError::NoGuessYet));
        assert_eq!(game.next_guess().as_deref(), Some("012"));
        assert_eq!(
            AnswerError::NoSecretAnswers {
                guess: "012".into(),
                feedback: fb(1, 0)
            }
            .to_string(),
            "no secret can answer 012 with 1 strike and 0 balls"
        );
        // Impossible answers are refused outright.
        assert!(matches!(
            game.answer(fb(2, 1)),
            Err(AnswerError::Impossible(_))
        ));
        assert_eq!(
            game.answer(fb(3, 1)).unwrap_err().to_string(),
            "3 strikes and 1 ball add up to more than the 3 symbols of a code"
        );
        assert_eq!(
            game.answer(fb(0, 3)).unwrap(),
            GuessOutcome::Continue { remaining: 2 }
        );
        // 0,1,2 in the wrong places: 120 and 201. Next guess (first): 120.
        assert_eq!(game.next_guess().as_deref(), Some("120"));
        // Claim 0 strikes 0 balls: some codes could answer that to 120, but none made of
        // 0,1,2: a contradiction.
        assert_eq!(game.answer(fb(0, 0)).unwrap(), GuessOutcome::Contradiction);
        assert_eq!(game.remaining(), 0);
        assert_eq!(game.next_guess(), None);
        let conflict = game.conflict();
        assert_eq!(conflict.len(), 2);
        assert_eq!(game.undo().as_deref(), Some("120"));
        assert_eq!(game.remaining(), 2);
        assert_eq!(
            game.answer(fb(0, 3)).unwrap(),
            GuessOutcome::Continue { remaining: 1 }
        );
        assert_eq!(game.next_guess().as_deref(), Some("201"));
        assert_eq!(
            game.answer(fb(3, 0)).unwrap(),
            GuessOutcome::Solved { guesses: 3 }
        );
    }
}
