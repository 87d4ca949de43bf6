//! `puzzles baseball ...`: number baseball / bulls and cows (and Mastermind with `--repeats`).
//!
//! `judge`, `solve`, `simulate` and `tree` are JSON commands. `play` and `guess` are games for people
//! at a terminal: the game logic lives in `baseball_core::game`; this file only talks.

use std::io::{BufRead, Write};

use baseball_core::CodeSpec;
use baseball_core::Feedback;
use baseball_core::HistoryEntry;
use baseball_core::Strategy;
use baseball_core::game::{
    GuessGame, GuessOutcome, PlayGame, PlayOutcome, PlayRules, parse_answer,
};
use clap::{Arg, ArgAction, ArgMatches, value_parser};

use crate::error::CaseError;
use crate::exit::ExitStatus;
use crate::registry::{Command, Stopped, interactive, io_error, json, svg};

pub fn commands() -> Vec<Command> {
    vec![
        json(
            "baseball",
            "judge",
            "Strikes and balls of a guess against a secret",
            baseball_core::judge,
        ),
        json(
            "baseball",
            "solve",
            "Candidates left by a history of answers, and the next guess by a strategy",
            baseball_core::solve,
        )
        .random_when(random_without_seed),
        json(
            "baseball",
            "simulate",
            "Play a strategy against every possible secret: total, average, worst, histogram",
            baseball_core::simulate,
        )
        .random_when(random_without_seed),
        json(
            "baseball",
            "tree",
            "The decision tree of a strategy (default entropy) over every secret, with its totals",
            baseball_core::tree,
        )
        .random_when(random_without_seed),
        interactive(
            "baseball",
            "play",
            "Play at the terminal: the computer keeps a secret, you guess it",
            play_args,
            play,
        ),
        interactive(
            "baseball",
            "guess",
            "Play at the terminal: you keep a secret and answer, the computer guesses it",
            guess_args,
            guess,
        ),
        svg(
            "baseball",
            "render",
            "Draw the history as an SVG table: guesses, strikes, balls, secrets left after each",
            puzzles_render::baseball,
        )
        .drawing(&["solve"]),
    ]
}

/// The `random` strategy without a `seed` plays from a fresh seed: a verdict that changes
/// from run to run.
fn random_without_seed(input: &serde_json::Value) -> bool {
    input.get("strategy").and_then(serde_json::Value::as_str) == Some("random")
        && input.get("seed").is_none_or(serde_json::Value::is_null)
}

/// The code options both games share.
fn code_args(cmd: clap::Command) -> clap::Command {
    cmd.arg(
        Arg::new("length")
            .long("length")
            .value_name("N")
            .value_parser(value_parser!(u32))
            .default_value("3")
            .help("Symbols in the secret"),
    )
    .arg(
        Arg::new("alphabet")
            .long("alphabet")
            .value_name("SYMBOLS")
            .default_value("0123456789")
            .help("Symbols the secret is made of"),
    )
    .arg(
        Arg::new("repeats")
            .long("repeats")
            .action(ArgAction::SetTrue)
            .help("Allow a symbol more than once (Mastermind)"),
    )
    .arg(
        Arg::new("seed")
            .long("seed")
            .value_name("N")
            .value_parser(value_parser!(u64))
            .help("Seed for the random choices, to replay a game"),
    )
}

fn play_args(cmd: clap::Command) -> clap::Command {
    code_args(cmd)
        .arg(
            Arg::new("innings")
                .long("innings")
                .value_name("N")
                .value_parser(value_parser!(u32))
                .default_value("9")
                .help("Guesses allowed (0: no limit)"),
        )
        .arg(
            Arg::new("outs")
                .long("outs")
                .value_name("N")
                .value_parser(value_parser!(u32))
                .default_value("3")
                .help("Outs (guesses sharing nothing with the secret) that end the game (0: no limit)"),
        )
}

fn guess_args(cmd: clap::Command) -> clap::Command {
    let names: Vec<&'static str> = Strategy::ALL.iter().map(|s| s.name()).collect();
    code_args(cmd).arg(
        Arg::new("strategy")
            .long("strategy")
            .value_name("NAME")
            .value_parser(names)
            .default_value(Strategy::default().name())
            .help("How the computer picks its guesses"),
    )
}

fn spec_of(m: &ArgMatches) -> Result<CodeSpec, CaseError> {
    let length = m.get_one::<u32>("length").copied().unwrap_or(3);
    let alphabet = m
        .get_one::<String>("alphabet")
        .map_or("0123456789", String::as_str);
    let repeats = m.get_flag("repeats");
    CodeSpec::new(length as usize, alphabet, repeats, "").map_err(|e| {
        // The fault is in a flag, not in a JSON input.
        CaseError::invalid(
            String::new(),
            format!("--{}: {}", e.path.trim_start_matches('/'), e.message),
        )
    })
}

fn seed_of(m: &ArgMatches) -> u64 {
    m.get_one::<u64>("seed")
        .copied()
        .unwrap_or_else(baseball_core::rng::fresh_seed)
}

/// "a secret of 3 different digits", "a secret of 4 symbols from 123456 (repeats allowed)".
fn describe(spec: &CodeSpec) -> String {
    let alphabet: String = spec.alphabet().iter().collect();
    let digits = alphabet == "0123456789";
    let what = match (digits, spec.repeats()) {
        (true, false) => "different digits".to_string(),
        (true, true) => "digits (repeats allowed)".to_string(),
        (false, false) => format!("different symbols from {alphabet}"),
        (false, true) => format!("symbols from {alphabet} (repeats allowed)"),
    };
    format!("{} {what}", spec.length())
}

fn plural(n: u32, word: &str) -> String {
    if n == 1 {
        format!("{n} {word}")
    } else {
        format!("{n} {word}s")
    }
}

fn says(fb: Feedback) -> String {
    if fb.strikes == 0 && fb.balls == 0 {
        "OUT (nothing in common)".to_string()
    } else {
        format!(
            "{}, {}",
            plural(fb.strikes, "strike"),
            plural(fb.balls, "ball")
        )
    }
}

/// Reads one line; `None` at the end of the input.
fn read_line(input: &mut dyn BufRead) -> Result<Option<String>, Stopped> {
    let mut line = String::new();
    match input.read_line(&mut line) {
        Ok(0) => Ok(None),
        Ok(_) => Ok(Some(line.trim().to_string())),
        Err(e) => Err(io_error(e)),
    }
}

fn is_quit(word: &str) -> bool {
    matches!(word, "quit" | "exit" | "q" | "bye" | "give up" | "giveup")
}

const PLAY_HELP: &str = "\
Type a guess, like 385. After each guess you get its strikes (right symbol, right place)
and balls (right symbol, wrong place); OUT means nothing in common.
Commands: history (your guesses so far), left (how many secrets still fit),
help, quit (reveals the secret).";

/// `baseball play`: the computer keeps a secret, the person guesses.
fn play(
    m: &ArgMatches,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<ExitStatus, Stopped> {
    let spec = spec_of(m)?;
    let rules = PlayRules {
        innings: m.get_one::<u32>("innings").copied().unwrap_or(9),
        outs: m.get_one::<u32>("outs").copied().unwrap_or(3),
    };
    let mut game = PlayGame::new(spec, rules, seed_of(m));
    play_loop(&mut game, input, out)
}

/// What the CLI does after a line typed in a game: say something and read on, say it and
/// announce the guess to answer (after an undo in `guess`), announce the next guess (after
/// an answer in `guess`), or say it and end the game.
enum Reply {
    Say(String),
    Undone(String),
    NextGuess,
    End(String),
}

/// Writes a reply; `Some` ends the game with that status.
fn write_reply(out: &mut dyn Write, reply: &Reply) -> Result<Option<ExitStatus>, Stopped> {
    if let Reply::Say(text) | Reply::Undone(text) | Reply::End(text) = reply {
        writeln!(out, "{text}").map_err(io_error)?;
    }
    Ok(matches!(reply, Reply::End(_)).then_some(ExitStatus::Success))
}

/// "1 guess", "2 guesses".
fn guesses(n: u32) -> String {
    plural(n, "guess").replace("guesss", "guesses")
}

/// The history as numbered lines, or `empty` before the first entry.
fn history_text(history: &[HistoryEntry], empty: &str) -> String {
    if history.is_empty() {
        return empty.to_string();
    }
    let lines: Vec<String> = history
        .iter()
        .enumerate()
        .map(|(i, e)| format!("  {}. {}: {}", i + 1, e.guess, says(e.feedback())))
        .collect();
    lines.join("\n")
}

/// The first line of `play`: the secret's kind and the limits.
fn play_intro(game: &PlayGame) -> String {
    let rules = game.rules();
    let mut intro = format!(
        "Number baseball: I am thinking of a secret of {}.",
        describe(game.spec())
    );
    match (rules.innings, rules.outs) {
        (0, 0) => intro.push_str(" Guess it!"),
        (i, 0) => intro.push_str(&format!(" Find it within {}.", guesses(i))),
        (0, o) => intro.push_str(&format!(" Find it before {}.", plural(o, "out"))),
        (i, o) => intro.push_str(&format!(
            " Find it within {} and before {}.",
            guesses(i),
            plural(o, "out")
        )),
    }
    intro
}

fn play_loop(
    game: &mut PlayGame,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<ExitStatus, Stopped> {
    let innings = game.rules().innings;
    writeln!(
        out,
        "{}\nType help for the rules, quit to give up.",
        play_intro(game)
    )
    .map_err(io_error)?;
    loop {
        let n = game.history().len() + 1;
        if innings > 0 {
            write!(out, "[{n}/{innings}] guess> ").map_err(io_error)?;
        } else {
            write!(out, "[{n}] guess> ").map_err(io_error)?;
        }
        out.flush().map_err(io_error)?;
        let Some(line) = read_line(input)? else {
            writeln!(out, "\nThe secret was {}. Bye!", game.secret()).map_err(io_error)?;
            return Ok(ExitStatus::Success);
        };
        if let Some(reply) = play_reply(game, &line)
            && let Some(status) = write_reply(out, &reply)?
        {
            return Ok(status);
        }
    }
}

/// The answer to a line typed in `play` (`None` for an empty line).
fn play_reply(game: &mut PlayGame, line: &str) -> Option<Reply> {
    let rules = game.rules();
    let reply = match line.to_lowercase().as_str() {
        "" => return None,
        "help" | "?" | "h" => Reply::Say(PLAY_HELP.to_string()),
        "history" => Reply::Say(history_text(game.history(), "No guesses yet.")),
        "left" => Reply::Say(match game.candidates_left() {
            Some(1) => "Only one secret fits your answers: you can name it.".to_string(),
            Some(k) => format!("{k} secrets still fit your answers."),
            None => "Too many codes to count.".to_string(),
        }),
        w if is_quit(w) => {
            game.give_up();
            Reply::End(format!(
                "The secret was {}. Thanks for playing!",
                game.secret()
            ))
        }
        _ => {
            let outcome = match game.guess(line) {
                Ok(outcome) => outcome,
                Err(e) => {
                    return Some(Reply::Say(format!(
                        "{} (type help for the rules)",
                        e.message
                    )));
                }
            };
            let last = game.history().last().map_or("", |e| e.guess.as_str());
            match outcome {
                PlayOutcome::Won { guesses: n } => Reply::End(format!(
                    "{}: {}! You found {} in {}.",
                    game.secret(),
                    plural(game.spec().length() as u32, "strike"),
                    game.secret(),
                    guesses(n)
                )),
                PlayOutcome::Answer {
                    feedback,
                    out: is_out,
                } => {
                    let mut msg = format!("{last}: {}", says(feedback));
                    if is_out && rules.outs > 0 {
                        msg.push_str(&format!(" - out {} of {}", game.outs(), rules.outs));
                    }
                    Reply::Say(msg)
                }
                PlayOutcome::Lost { feedback, .. } => {
                    let why = if rules.outs > 0 && game.outs() >= rules.outs {
                        format!("{} - game over", plural(rules.outs, "out"))
                    } else {
                        "no guesses left - game over".to_string()
                    };
                    Reply::End(format!(
                        "{last}: {}. {why}. The secret was {}.",
                        says(feedback),
                        game.secret()
                    ))
                }
            }
        }
    };
    Some(reply)
}

const GUESS_HELP: &str = "\
Keep a secret in mind; I guess, you answer each guess with its strikes (right symbol, right
place) and balls (right symbol, wrong place): \"1 2\", \"1s 2b\", \"2b\", \"3s\" or \"out\".
Commands: undo (take back your last answer), history, left (secrets that still fit),
help, quit.";

/// `baseball guess`: the person keeps a secret and answers, the computer guesses.
fn guess(
    m: &ArgMatches,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<ExitStatus, Stopped> {
    let spec = spec_of(m)?;
    let name = m
        .get_one::<String>("strategy")
        .map_or(Strategy::default().name(), String::as_str);
    let strategy = Strategy::ALL
        .into_iter()
        .find(|s| s.name() == name)
        .unwrap_or_default();
    let mut game = GuessGame::new(&spec, strategy, seed_of(m)).map_err(|e| {
        CaseError::invalid(String::new(), format!("--length/--alphabet: {}", e.message))
    })?;
    guess_loop(&mut game, input, out)
}

fn guess_loop(
    game: &mut GuessGame,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<ExitStatus, Stopped> {
    writeln!(
        out,
        "Think of a secret of {} and I will guess it.\n\
         Answer each guess with strikes and balls, like \"1 2\", \"1s 2b\" or \"out\". Type help, undo or quit.",
        describe(game.spec())
    )
    .map_err(io_error)?;
    let mut announce = true;
    loop {
        let Some(g) = game.next_guess() else {
            // Contradiction: wait for undo or quit.
            write!(out, "undo or quit> ").map_err(io_error)?;
            out.flush().map_err(io_error)?;
            let Some(line) = read_line(input)? else {
                return Ok(ExitStatus::Success);
            };
            let reply = contradiction_reply(game, &line);
            announce |= matches!(reply, Reply::Undone(_));
            if let Some(status) = write_reply(out, &reply)? {
                return Ok(status);
            }
            continue;
        };
        if announce {
            let n = game.history().len() + 1;
            let left = game.remaining();
            writeln!(out, "Guess {n}: {g}   ({left} possible)").map_err(io_error)?;
            announce = false;
        }
        write!(out, "strikes and balls for {g}> ").map_err(io_error)?;
        out.flush().map_err(io_error)?;
        let Some(line) = read_line(input)? else {
            writeln!(out, "\nBye!").map_err(io_error)?;
            return Ok(ExitStatus::Success);
        };
        if let Some(reply) = guess_reply(game, &g, &line) {
            announce = matches!(reply, Reply::Undone(_) | Reply::NextGuess);
            if let Some(status) = write_reply(out, &reply)? {
                return Ok(status);
            }
        }
    }
}

/// The answer to a line typed while the answers contradict each other: only undo and quit
/// do something.
fn contradiction_reply(game: &mut GuessGame, line: &str) -> Reply {
    let word = line.to_lowercase();
    if word == "undo" {
        let back = game.undo().unwrap_or_default();
        Reply::Undone(format!("Took back your answer to {back}."))
    } else if is_quit(&word) {
        Reply::End("Bye!".to_string())
    } else {
        Reply::Say(
            "No secret fits your answers; type undo to change the last one, or quit.".to_string(),
        )
    }
}

/// The answer to a line typed in `guess` while guess `g` waits for its answer (`None` for an
/// empty line).
fn guess_reply(game: &mut GuessGame, g: &str, line: &str) -> Option<Reply> {
    let reply = match line.to_lowercase().as_str() {
        "" => return None,
        "help" | "?" | "h" => Reply::Say(GUESS_HELP.to_string()),
        "history" => Reply::Say(history_text(&game.history(), "No answers yet.")),
        "left" => {
            let left = game.remaining();
            let shown = game.candidates(12);
            let more = if left > shown.len() { ", ..." } else { "" };
            Reply::Say(format!(
                "{left} secrets fit your answers: {}{more}",
                shown.join(", ")
            ))
        }
        "undo" => match game.undo() {
            Some(back) => Reply::Undone(format!("Took back your answer to {back}.")),
            None => Reply::Say("Nothing to undo yet.".to_string()),
        },
        w if is_quit(w) => Reply::End("Bye!".to_string()),
        _ => {
            let fb = match parse_answer(line, game.spec().length()) {
                Ok(fb) => fb,
                Err(why) => return Some(Reply::Say(why.to_string())),
            };
            match game.answer(fb) {
                Err(why) => Reply::Say(format!("That cannot be: {why}. Try again.")),
                Ok(GuessOutcome::Solved { guesses: n }) => Reply::End(format!(
                    "Got it: your secret is {g}, found in {}.",
                    guesses(n)
                )),
                Ok(GuessOutcome::Continue { .. }) => Reply::NextGuess,
                Ok(GuessOutcome::Contradiction) => {
                    let mut lines = vec![
                        "Hmm, no secret fits all your answers. These contradict each other:"
                            .to_string(),
                    ];
                    for entry in game.conflict() {
                        lines.push(format!("  {}: {}", entry.guess, says(entry.feedback())));
                    }
                    lines.push("Type undo to change your last answer, or quit.".to_string());
                    Reply::Say(lines.join("\n"))
                }
            }
        }
    };
    Some(reply)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::Kind;
    use crate::source::Source;
    use std::io::Cursor;

    /// Runs the JSON command `name` on `input` as the CLI does (a panic becomes `internal`).
    fn run_json(name: &str, input: &str) -> Result<String, CaseError> {
        let command = commands()
            .into_iter()
            .find(|c| c.name == name)
            .unwrap_or_else(|| panic!("no command {name}"));
        let Kind::Json(json) = command.kind else {
            panic!("{name} is not a JSON command");
        };
        json.run(Source::text(input), false)
    }

    /// `tree`'s one line of help names the strategy it plays when none is given, and that is
    /// the strategy the verdict reports and the input's documentation names.
    #[test]
    fn tree_help_names_the_default_strategy() {
        let default = Strategy::default().name();
        let tree = commands().into_iter().find(|c| c.name == "tree").unwrap();
        assert!(
            tree.about.contains(&format!("(default {default})")),
            "{}",
            tree.about
        );
        let verdict = run_json("tree", r#"{"length": 2, "alphabet": "012"}"#).unwrap();
        let verdict: serde_json::Value = serde_json::from_str(&verdict).unwrap();
        assert_eq!(verdict["strategy"], default);
        let Kind::Json(json) = tree.kind else {
            panic!("tree is a JSON command");
        };
        let schema = serde_json::to_value(json.input_schema()).unwrap();
        let doc = schema["properties"]["strategy"]["description"]
            .as_str()
            .unwrap();
        assert!(doc.contains(&format!("(default `{default}`)")), "{doc}");
        for other in Strategy::ALL.iter().filter(|s| s.name() != default) {
            assert!(!tree.about.contains(other.name()), "{}", tree.about);
        }
    }

    /// Codes longer than the symmetry search's renamings (7 and 8 symbols), here binary codes
    /// with repeats, through every command that searches: an answer, never `internal`.
    #[test]
    fn long_codes_over_a_small_alphabet_get_answers() {
        let game = r#""length": 7, "alphabet": "01", "repeats": true, "strategy": "optimal""#;
        for name in ["simulate", "tree", "solve", "render"] {
            let out = run_json(name, &format!("{{{game}}}"))
                .unwrap_or_else(|e| panic!("{name}: {}", e.message));
            if name == "render" {
                assert!(out.starts_with("<svg") || out.starts_with("<?xml"), "{out}");
            } else {
                let verdict: serde_json::Value = serde_json::from_str(&out).unwrap();
                assert_eq!(verdict["status"], "done", "{name}: {out}");
            }
        }
        let verdict = run_json("simulate", &format!("{{{game}}}")).unwrap();
        let verdict: serde_json::Value = serde_json::from_str(&verdict).unwrap();
        // The least total for 128 binary codes of 7 symbols: 3.875 guesses per secret.
        assert_eq!(verdict["total_guesses"], 496, "{verdict}");
    }

    fn matches(args: fn(clap::Command) -> clap::Command, argv: &[&str]) -> ArgMatches {
        args(clap::Command::new("x").no_binary_name(true))
            .try_get_matches_from(argv)
            .unwrap()
    }

    fn drive(
        run: fn(&ArgMatches, &mut dyn BufRead, &mut dyn Write) -> Result<ExitStatus, Stopped>,
        m: &ArgMatches,
        stdin: &str,
    ) -> (ExitStatus, String) {
        let mut input = Cursor::new(stdin.as_bytes().to_vec());
        let mut output = Vec::new();
        let status = run(m, &mut input, &mut output).unwrap();
        (status, String::from_utf8(output).unwrap())
    }

    fn secret_for(seed: u64) -> String {
        PlayGame::new(CodeSpec::classic(), PlayRules::default(), seed).secret()
    }

    #[test]
    fn play_to_a_win_through_stdin() {
        let secret = secret_for(5);
        let m = matches(play_args, &["--seed", "5"]);
        let script = format!("help\n12\n{secret}\n");
        let (status, text) = drive(play, &m, &script);
        assert_eq!(status, ExitStatus::Success);
        assert!(text.contains("Number baseball"), "{text}");
        assert!(
            text.contains("strikes (right symbol, right place)"),
            "{text}"
        );
        assert!(
            text.contains("has 2 symbols"),
            "bad guesses are explained: {text}"
        );
        assert!(
            text.contains(&format!("You found {secret} in 1 guess.")),
            "{text}"
        );
    }

    #[test]
    fn play_quit_and_end_of_input_reveal_the_secret() {
        let secret = secret_for(9);
        let m = matches(play_args, &["--seed", "9"]);
        let (_, text) = drive(play, &m, "quit\n");
        assert!(text.contains(&format!("The secret was {secret}")), "{text}");
        let (_, text) = drive(play, &m, "");
        assert!(text.contains(&format!("The secret was {secret}")), "{text}");
    }

    #[test]
    fn play_three_outs_lose() {
        // Find three guesses that share nothing with the secret.
        let secret = secret_for(11);
        let free: Vec<char> = "0123456789"
            .chars()
            .filter(|c| !secret.contains(*c))
            .collect();
        let outs: Vec<String> = (0..3)
            .map(|i| {
                [free[i], free[(i + 1) % 7], free[(i + 2) % 7]]
                    .iter()
                    .collect()
            })
            .collect();
        let m = matches(play_args, &["--seed", "11"]);
        let (_, text) = drive(
            play,
            &m,
            &format!("{}\n{}\n{}\nhistory\n", outs[0], outs[1], outs[2]),
        );
        assert!(text.contains("out 1 of 3"), "{text}");
        assert!(text.contains("3 outs - game over"), "{text}");
        assert!(
            !text.contains("1. "),
            "the game ended before history: {text}"
        );
    }

    #[test]
    fn guess_finds_a_secret_answered_truthfully() {
        let secret = "538";
        let spec = CodeSpec::classic();
        let m = matches(guess_args, &["--strategy", "entropy"]);
        // Answer every guess by judging it against the secret: drive the loop step by step.
        let mut game = GuessGame::new(&spec, Strategy::Entropy, 0).unwrap();
        let mut script = String::new();
        while let Some(g) = game.next_guess() {
            let v = baseball_core::judge(baseball_core::JudgeInput {
                secret: secret.into(),
                guess: g.clone(),
                length: None,
                alphabet: None,
                repeats: false,
            })
            .unwrap();
            script.push_str(&format!("{}s {}b\n", v.strikes, v.balls));
            let fb = Feedback {
                strikes: v.strikes,
                balls: v.balls,
            };
            if matches!(game.answer(fb).unwrap(), GuessOutcome::Solved { .. }) {
                break;
            }
        }
        let (status, text) = drive(guess, &m, &script);
        assert_eq!(status, ExitStatus::Success);
        assert!(text.contains("Got it: your secret is 538"), "{text}");
    }

    #[test]
    fn guess_notices_contradictions_and_undoes() {
        // First strategy: 012, then (after "0 3") 120.
        let m = matches(guess_args, &["--strategy", "first"]);
        let (_, text) = drive(
            guess,
            &m,
            "nonsense\n2 1\n0 3\nout\nhistory\nundo\n0 3\n3s\n",
        );
        assert!(text.contains("Guess 1: 012"), "{text}");
        assert!(text.contains("is not an answer"), "{text}");
        assert!(
            text.contains("That cannot be"),
            "2 strikes 1 ball is impossible: {text}"
        );
        assert!(text.contains("These contradict each other"), "{text}");
        assert!(text.contains("Took back your answer to 120"), "{text}");
        assert!(
            text.contains("Got it: your secret is 201, found in 3 guesses."),
            "{text}"
        );
    }

    #[test]
    fn mastermind_options() {
        let m = matches(
            guess_args,
            &[
                "--length",
                "4",
                "--alphabet",
                "123456",
                "--repeats",
                "--strategy",
                "minimax",
            ],
        );
        let (_, text) = drive(guess, &m, "quit\n");
        assert!(
            text.contains("4 symbols from 123456 (repeats allowed)"),
            "{text}"
        );
        assert!(
            text.contains("Guess 1: 1122"),
            "Knuth opens with 1122: {text}"
        );
        let m = matches(play_args, &["--length", "11"]);
        let mut input = Cursor::new(Vec::new());
        let Err(Stopped::Error(err)) = play(&m, &mut input, &mut Vec::new()) else {
            panic!("--length 11 is refused");
        };
        assert!(err.message.contains("--length"), "{}", err.message);
    }
}
