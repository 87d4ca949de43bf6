//! Command-line arguments. `batch` and `schema` are clap derives; the game commands are built
//! from the table of commands, so a game adds a command in one place (`games/<game>.rs`).

use std::path::{Path, PathBuf};

use clap::builder::PossibleValuesParser;
use clap::{Arg, ArgAction, Args, CommandFactory, Parser, Subcommand};
use serde_json::Value;

use crate::games::{self, GAMES};
use crate::registry::{JsonCommand, Kind, Output};

#[derive(Debug, Parser)]
#[command(
    name = "puzzles",
    // The package version, and the git commit when built from a checkout (cli/build.rs).
    version = env!("PUZZLES_VERSION"),
    about = "Exact rule engines for nonogram, fitpuzzle, blockdoku, baseball and renju, with JSON verdicts.",
    after_help = "Exit codes: 0 a verdict was produced (or every batch case passed), 1 a batch expectation failed, 2 usage or input error.",
    subcommand_required = true,
    arg_required_else_help = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Tool,
}

#[derive(Debug, Subcommand)]
pub enum Tool {
    /// Run the cases of fixture files and folders (*.json, *.jsonl), one JSON line per case.
    Batch(BatchArgs),
    /// Print the JSON Schema of commands' inputs and verdicts.
    Schema(SchemaArgs),
    /// Print a shell completion script, e.g. `puzzles completions bash > ~/.local/share/bash-completion/completions/puzzles`.
    Completions(CompletionsArgs),
    /// Print the man page (roff), e.g. `puzzles man | man -l -`; `--dir DIR` writes one page per command.
    Man(ManArgs),
}

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum, value_name = "SHELL")]
    pub shell: clap_complete::Shell,
}

#[derive(Debug, Args)]
pub struct ManArgs {
    /// Write one page per command (`puzzles.1`, `puzzles-renju-check.1`, ...) to this folder
    /// instead of printing the main page.
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

#[derive(Debug, Clone, Args)]
pub struct BatchArgs {
    /// Case files and folders (searched recursively for *.json and *.jsonl, sorted, skipping
    /// hidden and git-ignored files); a case id as a batch prints it (`file.jsonl:3`,
    /// `file.jsonl#name`) runs that case alone; `-` reads cases as JSON Lines from stdin and
    /// answers each line as soon as it is done. Without PATH: the `paths` of the `[batch]`
    /// table of `puzzles.toml` at the repository root, else its `fixtures/` folder.
    pub paths: Vec<PathBuf>,
    /// Number of cases run at once (default: one per core; at most four per core).
    #[arg(long, short = 'j', value_name = "N")]
    pub jobs: Option<usize>,
    /// Run only the K-th of N disjoint slices of the cases (1 <= K <= N), e.g. `--shard 2/4`.
    #[arg(long, value_name = "K/N", value_parser = parse_shard)]
    pub shard: Option<(usize, usize)>,
    /// Run only the cases whose id, `game command`, or note contains TEXT (repeatable: a
    /// case is run when any TEXT matches).
    #[arg(long, value_name = "TEXT")]
    pub filter: Vec<String>,
    /// Skip the cases whose id, `game command`, or note contains TEXT (repeatable), even
    /// when a `--filter` keeps them.
    #[arg(long, value_name = "TEXT")]
    pub skip: Vec<String>,
    /// Run only the cases in FILE or reading FILE as their `input` (repeatable): what a
    /// change to FILE can break, for pre-commit hooks and editors.
    #[arg(long, value_name = "FILE")]
    pub changed: Vec<PathBuf>,
    /// Skip files and folders that GLOB matches while searching folders (repeatable). A
    /// GLOB without `/` matches a file or folder name anywhere (`package.json`), one with
    /// `/` the whole path (`fixtures/wip/**`).
    #[arg(long, value_name = "GLOB")]
    pub exclude: Vec<String>,
    /// Let a case's `"input": "PATH"` name a file outside the folder of its case file (an
    /// absolute path, `..` out of it, a symbolic link leading out); without it such a case
    /// is invalid and the file is not read.
    #[arg(long)]
    pub allow_input_outside: bool,
    /// A report, several allowed: `jsonl`, `human` (the failing cases and the counts, for
    /// people), `junit`, `github` (JSON Lines plus GitHub Actions annotations on stderr, and
    /// a Markdown summary when GITHUB_STEP_SUMMARY is set) or `summary` (the counts as one
    /// JSON object). `=PATH` writes it to a file; at most one report goes to stdout, which
    /// prints JSON Lines when every report has a PATH, and by default `human` on a terminal
    /// and JSON Lines elsewhere.
    #[arg(long, value_name = "FORMAT[=PATH]", value_parser = parse_report)]
    pub report: Vec<Report>,
    /// Stop at the first failing or invalid case (its line is the last one printed); cases
    /// already running are cancelled.
    #[arg(long)]
    pub fail_fast: bool,
    /// Print the cases that would run (id, name, `game command`) after every selection,
    /// without running them: JSON Lines, or lines for people on a terminal.
    #[arg(long, conflicts_with_all = ["update", "watch", "render", "name_missing"])]
    pub list: bool,
    /// Run only the cases that failed (or were invalid) when they last ran, as recorded in
    /// `.puzzles_cache/` (or PUZZLES_CACHE_DIR); every case when none of them did.
    #[arg(long, visible_alias = "lf")]
    pub last_failed: bool,
    /// After the run, keep watching: run again whenever a case file under the PATHs is
    /// added, changed or removed, until interrupted (Ctrl-C).
    #[arg(long, conflicts_with = "update")]
    pub watch: bool,
    /// After the run, list the N slowest cases on stderr with their times (0: every case).
    #[arg(long, value_name = "N")]
    pub durations: Option<usize>,
    /// Neither read nor write the record of failing cases that `--last-failed` uses.
    #[arg(long, conflicts_with = "last_failed")]
    pub no_cache: bool,
    /// Draw every failing case (a mismatch, or an input error) as an SVG picture in DIR,
    /// named after the case (`<file stem>.svg`, `<file stem>-<line>.svg` for .jsonl), with
    /// what did not match written under it.
    #[arg(long, value_name = "DIR")]
    pub render: Option<PathBuf>,
    /// Accept the verdicts: rewrite the `expect` fields of failing cases with the actual
    /// values, in place (nothing else in the file changes); `--update=missing` also adds an
    /// `expect` (the whole verdict, timing left out) to cases without one.
    #[arg(
        long,
        value_name = "WHICH",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "failing"
    )]
    pub update: Option<UpdateMode>,
    /// Give a `"name"` to every case without one (from its note, else `command-N`), in
    /// place, so its id stops changing when lines move; with or without `--update`.
    #[arg(long)]
    pub name_missing: bool,
}

impl BatchArgs {
    /// True when a PATH is `-`: the cases come from stdin, as JSON Lines.
    pub fn reads_stdin(&self) -> bool {
        self.paths.iter().any(|p| p == Path::new("-"))
    }
}

/// What `--update` rewrites.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum UpdateMode {
    /// The mismatching fields of failing cases.
    Failing,
    /// Those, and a whole `expect` for the cases without one.
    Missing,
}

/// One `--report FORMAT[=PATH]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    pub format: ReportFormat,
    /// `None`: stdout (stderr for the annotations of `github`).
    pub path: Option<PathBuf>,
}

/// What `puzzles batch` reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReportFormat {
    /// One JSON line per case.
    Jsonl,
    /// The failing cases and the counts, for people.
    Human,
    /// One JUnit XML document: a testsuite per case file, a testcase per case.
    Junit,
    /// JSON Lines, and a GitHub Actions annotation per failing case (on stderr, or in the
    /// file).
    Github,
    /// The end-of-run counts as one JSON object.
    Summary,
}

impl ReportFormat {
    pub const NAMES: [&str; 5] = ["jsonl", "human", "junit", "github", "summary"];

    pub fn name(self) -> &'static str {
        match self {
            ReportFormat::Jsonl => "jsonl",
            ReportFormat::Human => "human",
            ReportFormat::Junit => "junit",
            ReportFormat::Github => "github",
            ReportFormat::Summary => "summary",
        }
    }
}

pub fn parse_report(text: &str) -> Result<Report, String> {
    let (name, path) = match text.split_once('=') {
        Some((name, "")) => {
            return Err(format!("{name}= needs a PATH after `=`"));
        }
        Some((name, path)) => (name, Some(PathBuf::from(path))),
        None => (text, None),
    };
    let format = [
        ReportFormat::Jsonl,
        ReportFormat::Human,
        ReportFormat::Junit,
        ReportFormat::Github,
        ReportFormat::Summary,
    ]
    .into_iter()
    .find(|f| f.name() == name)
    .ok_or_else(|| {
        format!(
            "unknown report {name:?}; the reports are {} (each optionally =PATH)",
            ReportFormat::NAMES.join(", ")
        )
    })?;
    Ok(Report { format, path })
}

#[derive(Debug, Args)]
pub struct SchemaArgs {
    /// Only this game's commands; `batch` for the schema of a batch case file (for editors).
    pub game: Option<String>,
    /// Only this command.
    pub command: Option<String>,
    /// Indent the JSON.
    #[arg(long)]
    pub pretty: bool,
}

/// The flags of a JSON game command, read from its matches (the flags a command does not take
/// are simply absent).
#[derive(Debug, Default)]
pub struct RunArgs {
    /// Input file; `-` or nothing reads stdin.
    pub input: Option<PathBuf>,
    /// Indent the JSON verdict.
    pub pretty: bool,
    /// Time limit in milliseconds for long work (fills in the input's `timeout_ms`).
    pub timeout: Option<u64>,
    /// Input format other than JSON, for commands that read one (default: by file extension).
    pub format: Option<String>,
}

impl RunArgs {
    pub fn from_matches(matches: &clap::ArgMatches) -> RunArgs {
        RunArgs {
            input: matches
                .try_get_one::<PathBuf>("input")
                .ok()
                .flatten()
                .cloned(),
            pretty: matches.try_get_one::<bool>("pretty").ok().flatten() == Some(&true),
            timeout: matches
                .try_get_one::<u64>("timeout")
                .ok()
                .flatten()
                .copied(),
            format: matches
                .try_get_one::<String>("format")
                .ok()
                .flatten()
                .cloned(),
        }
    }
}

/// How much of the command line to build. Each command's help lists its input fields, and
/// whether it takes `--timeout` is read from its input schema; generating every command's
/// schema took 5.8 of the 6.6 million instructions of a one-position `renju mate` (callgrind),
/// far more than the verdict. So [`matches()`] parses with the `Parsing` tree first (no fields,
/// `--timeout` on every JSON command, and only the game that the first argument names when it
/// names one) and again with the `Full` one whenever that stops (help, a usage error) or a
/// command without a time limit got `--timeout`: what is printed or refused is always the
/// full tree's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tree {
    Full,
    Parsing,
}

/// The command line's matches, as the full tree ([`command`]) gives them (see [`Tree`]).
pub fn matches() -> Result<clap::ArgMatches, clap::Error> {
    matches_from(&std::env::args_os().collect::<Vec<_>>())
}

fn matches_from(args: &[std::ffi::OsString]) -> Result<clap::ArgMatches, clap::Error> {
    let named = args.get(1).and_then(|a| a.to_str());
    let games = match GAMES.iter().find(|&&game| Some(game) == named) {
        Some(game) => std::slice::from_ref(game),
        None => &GAMES,
    };
    match command_with(Tree::Parsing, games).try_get_matches_from(args) {
        Ok(matches) if !timeout_to_a_command_without_one(&matches) => Ok(matches),
        _ => command().try_get_matches_from(args),
    }
}

/// Whether `--timeout` went to a JSON command whose input has no time limit (which only the
/// parsing tree accepts).
fn timeout_to_a_command_without_one(matches: &clap::ArgMatches) -> bool {
    let Some((game, game_matches)) = matches.subcommand() else {
        return false;
    };
    let Some((name, leaf)) = game_matches.subcommand() else {
        return false;
    };
    let Some(command) = games::find(game, name).and_then(|c| c.as_json()) else {
        return false;
    };
    let timeout = leaf.try_get_one::<u64>("timeout").ok().flatten();
    timeout.is_some() && !command.takes_timeout()
}

/// The flags of one JSON command: `--pretty` only where the verdict is JSON (not SVG),
/// `--timeout` only where the input has a `timeout_ms` (in the full tree),
/// `--format` only where the command reads a text format besides JSON, and (in the full
/// tree) the input fields after the help text.
fn json_command_args(
    leaf: clap::Command,
    game: &str,
    command: &JsonCommand,
    tree: Tree,
) -> clap::Command {
    let mut leaf = leaf.arg(
        Arg::new("input")
            .value_name("INPUT")
            .value_parser(clap::value_parser!(PathBuf))
            .help("Input file; `-` or nothing reads stdin"),
    );
    if command.output == Output::Json {
        leaf = leaf.arg(
            Arg::new("pretty")
                .long("pretty")
                .action(ArgAction::SetTrue)
                .help("Indent the JSON verdict"),
        );
    }
    if tree == Tree::Parsing || command.takes_timeout() {
        leaf = leaf.arg(
            Arg::new("timeout")
                .long("timeout")
                .value_name("MS")
                .value_parser(clap::value_parser!(u64))
                .help("Time limit in milliseconds (overrides the input's `timeout_ms`)"),
        );
    }
    if !command.formats.is_empty() {
        let names: Vec<&'static str> = std::iter::once("json")
            .chain(command.formats.iter().map(|f| f.name))
            .collect();
        leaf = leaf.arg(
            Arg::new("format")
                .long("format")
                .value_name("FORMAT")
                .value_parser(PossibleValuesParser::new(names))
                .help("Input format (default: by the file's extension; stdin is sniffed)"),
        );
    }
    match tree {
        Tree::Full => {
            let help = input_fields_help(game, leaf.get_name(), command);
            leaf.after_help(help)
        }
        Tree::Parsing => leaf,
    }
}

/// "Input fields:" with one line per property of the input schema, and where the full schema is.
fn input_fields_help(game: &str, name: &str, command: &JsonCommand) -> String {
    let schema = command.input_schema();
    let required: Vec<&str> = schema
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let mut text = String::from("Input: one JSON object with these fields");
    text.push_str(&format!(
        " (full schema: `puzzles schema {game} {name} --pretty`):\n"
    ));
    let Some(properties) = schema.get("properties").and_then(Value::as_object) else {
        return text;
    };
    let width = properties.keys().map(String::len).max().unwrap_or(0);
    for (field, property) in properties {
        let about = property
            .get("description")
            .and_then(Value::as_str)
            .unwrap_or("")
            .split("\n\n")
            .next()
            .unwrap_or("")
            .replace('\n', " ");
        let mark = if required.contains(&field.as_str()) {
            "(required) "
        } else {
            ""
        };
        text.push_str(&format!("  {field:width$}  {mark}{about}\n"));
    }
    text
}

fn parse_shard(text: &str) -> Result<(usize, usize), String> {
    let (k, n) = text.split_once('/').ok_or("expected K/N, e.g. 1/4")?;
    let k: usize = k
        .trim()
        .parse()
        .map_err(|_| format!("K in {text:?} is not a number"))?;
    let n: usize = n
        .trim()
        .parse()
        .map_err(|_| format!("N in {text:?} is not a number"))?;
    if n == 0 || k == 0 || k > n {
        return Err(format!("shard {k}/{n} is not in 1/N ..= N/N"));
    }
    Ok((k, n))
}

/// The whole command line: the derived tools plus one subcommand per game from its commands.
pub fn command() -> clap::Command {
    command_with(Tree::Full, &GAMES)
}

/// The command line with the subcommands of `games`, full or for parsing (see [`Tree`]).
fn command_with(tree: Tree, games: &[&'static str]) -> clap::Command {
    let mut cli = Cli::command();
    for &game in games {
        let mut sub = clap::Command::new(game)
            .about(format!("{game} commands"))
            .subcommand_required(true)
            .arg_required_else_help(true);
        for cmd in games::commands().iter().filter(|c| c.game == game) {
            let leaf = clap::Command::new(cmd.name);
            // The help line goes on last: augmenting with an Args struct sets its doc comment.
            let leaf = match &cmd.kind {
                Kind::Json(json) => json_command_args(leaf, game, json, tree),
                Kind::Interactive(interactive) => (interactive.args)(leaf),
            }
            .about(cmd.about);
            sub = sub.subcommand(leaf);
        }
        cli = cli.subcommand(sub);
    }
    cli
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cli_is_well_formed() {
        command().debug_assert();
    }

    #[test]
    fn the_parsing_tree_answers_as_the_full_tree() {
        let lines: [&[&str]; 15] = [
            &["puzzles", "renju", "mate", "case.json"],
            &["puzzles", "renju", "nonogram", "solve"],
            &["puzzles", "renju", "play"],
            &["puzzles", "baseball", "play", "--help"],
            &["puzzles", "renju", "mate", "--timeout", "5", "--pretty"],
            &["puzzles", "renju", "mate", "--timeout", "x"],
            &["puzzles", "baseball", "judge", "--timeout", "5"],
            &["puzzles", "baseball", "judge", "--timeout", "x"],
            &["puzzles", "baseball", "judge", "--help"],
            &["puzzles", "help", "nonogram", "solve"],
            &["puzzles", "nonogram", "solve", "--format", "non", "-"],
            &["puzzles", "renju"],
            &["puzzles", "renju", "mat"],
            &["puzzles", "--version"],
            &["puzzles", "batch", "fixtures"],
        ];
        for line in lines {
            let line: Vec<std::ffi::OsString> = line.iter().map(Into::into).collect();
            let ours = matches_from(&line);
            let full = command().try_get_matches_from(&line);
            match (ours, full) {
                (Ok(ours), Ok(full)) => assert_eq!(ours, full, "{line:?}"),
                (Err(ours), Err(full)) => {
                    assert_eq!(ours.kind(), full.kind(), "{line:?}");
                    assert_eq!(ours.render().to_string(), full.render().to_string());
                }
                (ours, full) => panic!("{line:?}: {ours:?} against {full:?}"),
            }
        }
    }

    #[test]
    fn shards_are_checked() {
        assert_eq!(parse_shard("2/4"), Ok((2, 4)));
        assert!(parse_shard("0/4").is_err());
        assert!(parse_shard("5/4").is_err());
        assert!(parse_shard("1/0").is_err());
        assert!(parse_shard("a/4").is_err());
        assert!(parse_shard("14").is_err());
    }

    #[test]
    fn reports_take_an_optional_path() {
        let report = parse_report("junit=out/x.xml").unwrap();
        assert_eq!(report.format, ReportFormat::Junit);
        assert_eq!(report.path, Some(PathBuf::from("out/x.xml")));
        assert_eq!(parse_report("github").unwrap().path, None);
        assert!(parse_report("junit=").is_err());
        assert!(
            parse_report("xml")
                .unwrap_err()
                .contains("jsonl, human, junit, github, summary")
        );
    }
}
