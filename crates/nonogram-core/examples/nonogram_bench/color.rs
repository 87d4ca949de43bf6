//! Colour puzzles against nonogrid (`nonogram_bench color ...`; `scripts/nonogram-color-bench.sh`
//! runs it): seeded random colour puzzles and the public colour puzzles of the folders given,
//! each solved by both whole commands, one after the other, on the same webpbn XML file:
//! `puzzles nonogram solve --timeout MS FILE` and `nonogrid --max-solutions=2 --timeout=S
//! FILE`. CPU time of each from this process's reaped-children counters, so process start
//! and file reading count for both.
//!
//! Every picture we return is checked against the clues by code of this benchmark's own
//! (`runners::check_picture`); a random puzzle's `unique` picture must be the picture it was
//! drawn from, and no random puzzle may be `none` (its picture is a solution). Where the two
//! statuses differ, the pictures decide which one is wrong.

use crate::color_inputs::{ColorCase, public_cases, random_case};
use crate::runners::{Finished, check_picture, children_cpu, nonogrid_status, run_command};
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

struct ColorArgs {
    count: u64,
    seed: u64,
    sides: (usize, usize),
    public: Vec<PathBuf>,
    timeout_s: u64,
    ours: PathBuf,
    nonogrid: String,
    out: Option<PathBuf>,
    /// Where to write the XML files and keep them (default: a temporary folder, removed).
    keep: Option<PathBuf>,
}

fn parse_args(mut it: impl Iterator<Item = String>) -> ColorArgs {
    let mut a = ColorArgs {
        count: 3000,
        seed: 1,
        sides: (5, 30),
        public: Vec::new(),
        timeout_s: 20,
        ours: PathBuf::from("target/release/puzzles"),
        nonogrid: "nonogrid".into(),
        out: None,
        keep: None,
    };
    while let Some(flag) = it.next() {
        let mut val = || it.next().unwrap_or_else(|| panic!("{flag} needs a value"));
        let num = |v: String| -> u64 { v.parse().unwrap_or_else(|_| panic!("{v}: a number")) };
        match flag.as_str() {
            "--count" => a.count = num(val()),
            "--seed" => a.seed = num(val()),
            "--min-side" => a.sides.0 = num(val()) as usize,
            "--max-side" => a.sides.1 = num(val()) as usize,
            "--public-dir" => a.public.push(PathBuf::from(val())),
            "--timeout" => a.timeout_s = num(val()),
            "--ours" => a.ours = PathBuf::from(val()),
            "--nonogrid" => a.nonogrid = val(),
            "--out" => a.out = Some(PathBuf::from(val())),
            "--keep" => a.keep = Some(PathBuf::from(val())),
            other => panic!("unknown flag {other}"),
        }
    }
    assert!(
        a.sides.0 >= 1 && a.sides.0 <= a.sides.1,
        "sides out of order"
    );
    a
}

/// One command's answer on one puzzle: status, CPU seconds, pictures.
struct Answer {
    status: String,
    cpu: f64,
    pictures: Vec<Vec<String>>,
    note: String,
}

struct Outcome {
    case: ColorCase,
    ours: Answer,
    theirs: Answer,
    /// Empty when the statuses agree or one did not decide; else which one is wrong and why.
    verdict: String,
}

fn decided(status: &str) -> bool {
    matches!(status, "unique" | "multiple" | "none")
}

/// Runs `command`, timing its wall clock and its CPU: the child's own clock read as it exits, else (rarely: it
/// was reaped first) the reaped-children counters, which move in 10 ms ticks.
fn timed(command: Command, hard: Duration) -> (Option<Finished>, f64, f64) {
    let c0 = children_cpu();
    let t0 = Instant::now();
    let finished = run_command(command, hard).ok();
    let wall = t0.elapsed().as_secs_f64();
    let ticks = children_cpu() - c0;
    let cpu = finished
        .as_ref()
        .and_then(|f| f.cpu_ns)
        .map_or(ticks, |ns| ns as f64 / 1e9);
    (finished, cpu, wall)
}

fn run_ours(args: &ColorArgs, case: &ColorCase) -> Answer {
    let mut command = Command::new(&args.ours);
    command
        .args(["nonogram", "solve", "--timeout"])
        .arg((args.timeout_s * 1000).to_string())
        .arg(&case.file);
    let (finished, cpu, _) = timed(command, Duration::from_secs(args.timeout_s + 10));
    let Some(f) = finished else {
        return Answer {
            status: "error".into(),
            cpu,
            pictures: Vec::new(),
            note: format!("cannot run {}", args.ours.display()),
        };
    };
    let v: serde_json::Value = serde_json::from_str(&f.out).unwrap_or_default();
    let status = v["status"].as_str().unwrap_or("error").to_string();
    let pictures: Vec<Vec<String>> = match status.as_str() {
        "unique" => serde_json::from_value(v["solution"].clone()).map(|p| vec![p]),
        _ => serde_json::from_value(v["solutions"].clone()),
    }
    .unwrap_or_default();
    let mut note = String::new();
    if f.killed {
        note = "killed".into();
    } else if status == "error" {
        note = f
            .err
            .lines()
            .next()
            .unwrap_or("")
            .chars()
            .take(80)
            .collect();
    }
    Answer {
        status,
        cpu,
        pictures,
        note,
    }
}

fn run_theirs(args: &ColorArgs, case: &ColorCase) -> Answer {
    let mut command = Command::new(&args.nonogrid);
    command
        .arg("--max-solutions=2")
        .arg(format!("--timeout={}", args.timeout_s))
        .arg(&case.file);
    let (finished, cpu, wall) = timed(command, Duration::from_secs(args.timeout_s + 10));
    let Some(f) = finished else {
        return Answer {
            status: "error".into(),
            cpu,
            pictures: Vec::new(),
            note: format!("cannot run {}", args.nonogrid),
        };
    };
    let (status, note) = nonogrid_status(&f, wall < args.timeout_s as f64);
    let pictures = nonogrid_pictures(&f.out, case);
    Answer {
        status,
        cpu,
        pictures,
        note,
    }
}

/// The solved grids in nonogrid's output, in our characters: each grid is printed with the
/// row clues to its left, one cell a token (each colour's XML `char`, `.` the background),
/// so a grid's rows are the last `width` tokens of `height` lines; grids with `?` cells are
/// unfinished and left out.
fn nonogrid_pictures(out: &str, case: &ColorCase) -> Vec<Vec<String>> {
    let (w, h) = (case.input.cols.len(), case.input.rows.len());
    let lines: Vec<Vec<&str>> = out
        .lines()
        .map(|l| l.split_whitespace().collect())
        .collect();
    let cell = |t: &str| t.chars().count() == 1 && !t.chars().all(|c| c.is_ascii_digit());
    let mut found = Vec::new();
    let mut i = 0;
    while i + h <= lines.len() {
        let block = &lines[i..i + h];
        let is_grid = block
            .iter()
            .all(|l| l.len() >= w && l[l.len() - w..].iter().all(|t| cell(t)));
        let ends = i + h == lines.len() || !lines[i + h].last().is_some_and(|t| cell(t));
        if is_grid && ends && (i == 0 || !lines[i - 1].last().is_some_and(|t| cell(t))) {
            let pic: Vec<String> = block.iter().map(|l| l[l.len() - w..].concat()).collect();
            if !pic.iter().any(|r| r.contains('?')) {
                found.push(pic);
            }
            i += h;
        } else {
            i += 1;
        }
    }
    found
}

/// Which answer is wrong when the statuses differ, from the pictures: a valid picture
/// refutes `none`, two different valid pictures refute `unique`, a random puzzle's drawn
/// picture refutes `none` and a `unique` picture other than it.
fn judge(case: &ColorCase, ours: &Answer, theirs: &Answer) -> String {
    if !decided(&ours.status) || !decided(&theirs.status) || ours.status == theirs.status {
        return String::new();
    }
    let mut valid: Vec<&Vec<String>> = ours
        .pictures
        .iter()
        .chain(&theirs.pictures)
        .chain(&case.goal)
        .filter(|p| check_picture(&case.input, p))
        .collect();
    valid.sort();
    valid.dedup();
    let truth = match valid.len() {
        0 => return "no valid picture from either: undecided".into(),
        1 => "unique",
        _ => "multiple",
    };
    // With one valid picture, `unique` is only a lower bound unless a side proved it.
    let wrong: Vec<&str> = [("ours", &ours.status), ("nonogrid", &theirs.status)]
        .into_iter()
        .filter(|(_, st)| st.as_str() == "none" || (truth == "multiple" && st.as_str() != truth))
        .map(|(who, _)| who)
        .collect();
    match wrong.as_slice() {
        [] => format!("{} valid picture(s): undecided", valid.len()),
        w => format!(
            "{} wrong ({} valid picture(s))",
            w.join(" and "),
            valid.len()
        ),
    }
}

/// Our own mistakes that need no comparison: an invalid picture, `multiple` without two
/// different pictures, a random puzzle called `none` or given a unique picture other than
/// the one it was drawn from.
fn own_faults(case: &ColorCase, ours: &Answer) -> String {
    let bad = ours
        .pictures
        .iter()
        .filter(|p| !check_picture(&case.input, p))
        .count();
    if bad > 0 {
        return format!("{bad} invalid picture(s)");
    }
    match ours.status.as_str() {
        "multiple" if ours.pictures.len() != 2 || ours.pictures[0] == ours.pictures[1] => {
            "multiple without two different pictures".into()
        }
        "none" if case.goal.is_some() => "none, but the drawn picture fits".into(),
        "unique"
            if case
                .goal
                .as_ref()
                .is_some_and(|g| ours.pictures.first() != Some(g)) =>
        {
            "unique, but not the drawn picture".into()
        }
        _ => String::new(),
    }
}

pub(crate) fn main_color(args: impl Iterator<Item = String>) {
    let args = parse_args(args);
    let tmp = args.keep.clone().unwrap_or_else(|| {
        std::env::temp_dir().join(format!("nonogram-color-bench-{}", std::process::id()))
    });
    std::fs::create_dir_all(&tmp).expect("temp dir");
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let started = Instant::now();
    let (public, left_out) = public_cases(&args.public, &tmp);
    let random = (0..args.count).map(|i| random_case(args.seed, i, args.sides, &tmp));
    let mut outcomes = Vec::new();
    for case in public.into_iter().chain(random) {
        let ours = run_ours(&args, &case);
        let theirs = run_theirs(&args, &case);
        let mut verdict = judge(&case, &ours, &theirs);
        let faults = own_faults(&case, &ours);
        if !faults.is_empty() {
            verdict = format!("ours: {faults}; {verdict}");
        }
        eprintln!(
            "{:40} ours {:9} {:7.3}s  nonogrid {:9} {:7.3}s {verdict}",
            case.name, ours.status, ours.cpu, theirs.status, theirs.cpu
        );
        if args.keep.is_none() {
            let _ = std::fs::remove_file(&case.file);
        }
        outcomes.push(Outcome {
            case,
            ours,
            theirs,
            verdict,
        });
    }
    if args.keep.is_none() {
        let _ = std::fs::remove_dir_all(&tmp);
    }
    let report = render(
        &args,
        &outcomes,
        &left_out,
        &load,
        started.elapsed().as_secs_f64(),
    );
    match &args.out {
        Some(p) => {
            let old = std::fs::read_to_string(p).unwrap_or_default();
            std::fs::write(p, replace_section(&old, &report)).expect("write report");
        }
        None => print!("{report}"),
    }
}

/// The heading of this report's section in a shared file.
const HEADING: &str = "## Colour puzzles against nonogrid";

/// `old` with this report's section (from its heading to the next second-level heading)
/// replaced by `section`, or with `section` added at the end.
fn replace_section(old: &str, section: &str) -> String {
    let Some(start) = old.find(HEADING) else {
        let gap = if old.is_empty() || old.ends_with("\n\n") {
            ""
        } else {
            "\n"
        };
        return format!("{old}{gap}{section}");
    };
    let after = start + HEADING.len();
    let end = old[after..]
        .find("\n## ")
        .map_or(old.len(), |i| after + i + 1);
    format!("{}{section}{}", &old[..start], &old[end..])
}

/// Totals of a group of outcomes: puzzles, decided by each, decided by both, agreed, CPU.
#[derive(Default)]
struct Totals {
    puzzles: usize,
    ours_decided: usize,
    theirs_decided: usize,
    both: usize,
    agreed: usize,
    ours_cpu: f64,
    theirs_cpu: f64,
}

impl Totals {
    fn of<'a>(outcomes: impl Iterator<Item = &'a Outcome>) -> Totals {
        let mut t = Totals::default();
        for o in outcomes {
            let (a, b) = (decided(&o.ours.status), decided(&o.theirs.status));
            t.puzzles += 1;
            t.ours_decided += usize::from(a);
            t.theirs_decided += usize::from(b);
            t.both += usize::from(a && b);
            t.agreed += usize::from(a && b && o.ours.status == o.theirs.status);
            t.ours_cpu += o.ours.cpu;
            t.theirs_cpu += o.theirs.cpu;
        }
        t
    }

    fn row(&self, label: &str) -> String {
        let ratio = if self.ours_cpu > 0.0 {
            format!("{:.2}", self.theirs_cpu / self.ours_cpu)
        } else {
            "-".into()
        };
        format!(
            "| {label} | {} | {} | {} | {}/{} | {:.2} | {:.2} | {ratio} |",
            self.puzzles,
            self.ours_decided,
            self.theirs_decided,
            self.agreed,
            self.both,
            self.ours_cpu,
            self.theirs_cpu,
        )
    }
}

fn render(
    args: &ColorArgs,
    outcomes: &[Outcome],
    left_out: &[String],
    load: &str,
    total: f64,
) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{HEADING}\n");
    let _ = writeln!(
        s,
        "Made by `scripts/nonogram-color-bench.sh` (= `cargo run --release -p nonogram-core --example nonogram_bench -- color {}`) on {} \
         (2 cores shared with other work; load average at start `{}`; whole run {:.0} s). \
         {} random pictures (seed {}, sides {} to {}, 2, 3 and 4 colours in turn, a quarter, three eighths or half of the cells background; see `color_inputs.rs`) turned into clues, \
         and the public colour puzzles of the folders given with `--public-dir` (read from there, not in the repository). \
         Each puzzle is one webpbn XML file, solved by `puzzles nonogram solve --timeout {}000` and then by \
         `nonogrid --max-solutions=2 --timeout={}` (0.7.3, built with `--features \"xml sat\"`); \
         *cpu*: seconds on the CPU of each whole process (start and file reading included; its own clock, `/proc/PID/schedstat`, read as it exits). \
         *decided*: unique, multiple or none within the limit; *agreed*: same status, of the puzzles both decided. \
         Ratio = nonogrid cpu / ours (above 1: we are faster).\n",
        std::env::args().skip(2).collect::<Vec<_>>().join(" "),
        today(),
        load.split_whitespace()
            .take(3)
            .collect::<Vec<_>>()
            .join(" "),
        total,
        args.count,
        args.seed,
        args.sides.0,
        args.sides.1,
        args.timeout_s,
        args.timeout_s,
    );
    let _ = writeln!(
        s,
        "| puzzles | count | ours decided | nonogrid decided | agreed | ours cpu | nonogrid cpu | ratio |"
    );
    let _ = writeln!(s, "|---|---:|---:|---:|---:|---:|---:|---:|");
    let mut sets: Vec<&str> = outcomes.iter().map(|o| o.case.set.as_str()).collect();
    sets.sort_unstable();
    sets.dedup();
    for set in &sets {
        let t = Totals::of(outcomes.iter().filter(|o| o.case.set == *set));
        let _ = writeln!(s, "{}", t.row(set));
    }
    let random = Totals::of(outcomes.iter().filter(|o| o.case.goal.is_some()));
    let _ = writeln!(s, "{}", random.row("**all random**"));
    let _ = writeln!(s, "{}", Totals::of(outcomes.iter()).row("**all**"));
    write_statuses(&mut s, outcomes);
    write_disagreements(&mut s, outcomes);
    write_slowest(&mut s, outcomes);
    write_public(&mut s, outcomes, left_out);
    s
}

/// The ten puzzles that took longest, by the slower of the two.
fn write_slowest(s: &mut String, outcomes: &[Outcome]) {
    let mut slow: Vec<&Outcome> = outcomes.iter().collect();
    slow.sort_by(|a, b| {
        let key = |o: &Outcome| o.ours.cpu.max(o.theirs.cpu);
        key(b).total_cmp(&key(a))
    });
    let _ = writeln!(
        s,
        "\nSlowest puzzles:\n\n| puzzle | ours | ours cpu | nonogrid | nonogrid cpu |\n|---|---|---:|---|---:|"
    );
    for o in slow.iter().take(10) {
        let _ = writeln!(
            s,
            "| {} | {} | {:.2} | {} | {:.2} |",
            o.case.name, o.ours.status, o.ours.cpu, o.theirs.status, o.theirs.cpu
        );
    }
}

/// How many puzzles got each status, from each solver.
fn write_statuses(s: &mut String, outcomes: &[Outcome]) {
    let _ = writeln!(s, "\n| status | ours | nonogrid |\n|---|---:|---:|");
    for st in ["unique", "multiple", "none", "timeout", "error"] {
        let ours = outcomes.iter().filter(|o| o.ours.status == st).count();
        let theirs = outcomes.iter().filter(|o| o.theirs.status == st).count();
        let _ = writeln!(s, "| {st} | {ours} | {theirs} |");
    }
}

fn write_disagreements(s: &mut String, outcomes: &[Outcome]) {
    let odd: Vec<&Outcome> = outcomes.iter().filter(|o| !o.verdict.is_empty()).collect();
    if odd.is_empty() {
        let _ = writeln!(
            s,
            "\nNo disagreement, and every picture of ours checked against its clues."
        );
        return;
    }
    let _ = writeln!(s, "\nDisagreements and faults:\n");
    for o in odd {
        let _ = writeln!(
            s,
            "- {}: ours {}, nonogrid {} {}: {}",
            o.case.name, o.ours.status, o.theirs.status, o.theirs.note, o.verdict
        );
    }
}

fn write_public(s: &mut String, outcomes: &[Outcome], left_out: &[String]) {
    let public: Vec<&Outcome> = outcomes.iter().filter(|o| o.case.goal.is_none()).collect();
    if public.is_empty() {
        return;
    }
    let _ = writeln!(
        s,
        "\n| public puzzle | size (w x h) | colours | ours | ours cpu | nonogrid | nonogrid cpu |\n|---|---|---:|---|---:|---|---:|"
    );
    for o in public {
        let _ = writeln!(
            s,
            "| {} | {}x{} | {} | {} | {:.3} | {} | {:.3} |",
            o.case.name,
            o.case.input.cols.len(),
            o.case.input.rows.len(),
            o.case.colors,
            o.ours.status,
            o.ours.cpu,
            o.theirs.status,
            o.theirs.cpu
        );
    }
    if !left_out.is_empty() {
        let _ = writeln!(
            s,
            "\nLeft out of the public folders: {} file(s) ({}).",
            left_out.len(),
            summary(left_out)
        );
    }
}

/// The reasons files were left out, with how many each.
fn summary(left_out: &[String]) -> String {
    let mut reasons: Vec<&str> = left_out
        .iter()
        .map(|l| l.rsplit_once(": ").map_or(l.as_str(), |(_, why)| why))
        .collect();
    reasons.sort_unstable();
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < reasons.len() {
        let n = reasons[i..]
            .iter()
            .take_while(|r| **r == reasons[i])
            .count();
        out.push(format!("{n} {}", reasons[i]));
        i += n;
    }
    out.join(", ")
}

/// Today's date (UTC), from the system clock.
fn today() -> String {
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}
