//! The Markdown report of the benchmark set.

use crate::runners::Run;
use crate::{Args, Row, agrees};
use std::fmt::Write as _;

/// Second-level headings this report writes; every other section of the output file (other
/// reports sharing the file) is kept as it was.
const OWN_SECTIONS: [&str; 6] = [
    "Totals per group",
    "Puzzles of unknown status",
    "Disagreements with the known status",
    "Slowest puzzles",
    "Every puzzle",
    "Hard section",
];

/// The part of an existing report file from its first section that this report does not
/// write to its end (empty when there is none).
pub(crate) fn other_sections(old: &str) -> &str {
    let mut at = 0;
    for line in old.split_inclusive('\n') {
        if let Some(title) = line.strip_prefix("## ")
            && !OWN_SECTIONS.iter().any(|own| title.starts_with(own))
        {
            return &old[at..];
        }
        at += line.len();
    }
    ""
}

fn ratio(a: f64, b: f64) -> String {
    if a <= 0.0 {
        "-".into()
    } else {
        format!("{:.2}", b / a)
    }
}

/// The whole report of the set: how it was made, totals per group, puzzles of unknown
/// status, disagreements, the slowest puzzles and every puzzle.
pub(crate) fn render(args: &Args, rows: &[Row], version: &str, load: &str, total: f64) -> String {
    let mut s = String::new();
    write_header(&mut s, args, rows.len(), version, load, total);
    write_totals(&mut s, rows);
    write_unknown(&mut s, rows);
    let wrong: Vec<&Row> = rows
        .iter()
        .filter(|r| !agrees(&r.known, &r.ours.status) || !r.ours.note.is_empty())
        .collect();
    if !wrong.is_empty() {
        let _ = writeln!(s, "\n## Disagreements with the known status\n");
        for r in wrong {
            let _ = writeln!(
                s,
                "- {}: known {}, ours {} {}",
                r.name, r.known, r.ours.status, r.ours.note
            );
        }
    }
    let mut slow: Vec<&Row> = rows.iter().collect();
    slow.sort_by(|a, b| {
        let ka = a.ours.wall.max(a.theirs.as_ref().map_or(0.0, |t| t.wall));
        let kb = b.ours.wall.max(b.theirs.as_ref().map_or(0.0, |t| t.wall));
        kb.total_cmp(&ka)
    });
    let _ = writeln!(s, "\n## Slowest puzzles (by the slower of the two)\n");
    table(&mut s, slow.iter().take(20).copied());
    let _ = writeln!(
        s,
        "\n## Every puzzle\n\n<details><summary>{} rows</summary>\n",
        rows.len()
    );
    table(&mut s, rows.iter());
    let _ = writeln!(s, "\n</details>");
    s
}

/// The title and the paragraphs that say how the report was made.
fn write_header(
    s: &mut String,
    args: &Args,
    puzzles: usize,
    version: &str,
    load: &str,
    total: f64,
) {
    let _ = writeln!(s, "# Nonogram solver benchmark\n");
    let _ = writeln!(
        s,
        "Made by `scripts/nonogram-bench.sh` (= `cargo run --release -p nonogram-core --example nonogram_bench -- {}`), \
         run from the repository root. Puzzles: the {} JSON files of `{}` (a copy of the published set, licences in its README). \
         Reference solver: `{}` run as `nonogrid --max-solutions=2 --timeout={}` on `.non` files generated from the same JSON.",
        std::env::args().skip(1).collect::<Vec<_>>().join(" "),
        puzzles,
        args.bench_dir.display(),
        if version.is_empty() {
            "nonogrid (not installed in this run)"
        } else {
            version
        },
        args.timeout_s
    );
    let _ = writeln!(
        s,
        "\nTimes are seconds. *wall* is elapsed time; *cpu* is CPU time (ours: the solving thread; nonogrid: \
         the child process, 10 ms resolution). Each puzzle runs ours then nonogrid, one at a time. \
         The machine is shared (2 cores, other builds running; load average at start: `{}`), so compare ratios, \
         not absolute figures. Whole run: {:.0} s. Ratio = nonogrid / ours (above 1: we are faster); \
         per puzzle it is the CPU ratio, or the wall ratio (marked) when either CPU time is under 10 ms. \
         *line logic*: line solving alone decided it; *nodes*: our search nodes (0 = no search, 1 = probing at \
         the root decided it). *decided*: unique, multiple or none within the time limit.\n",
        load.split_whitespace()
            .take(3)
            .collect::<Vec<_>>()
            .join(" "),
        total
    );
}

/// The totals per group, and the line on our agreement with the known statuses.
fn write_totals(s: &mut String, rows: &[Row]) {
    let theirs_on = rows.iter().any(|r| r.theirs.is_some());
    let mut groups: Vec<String> = rows.iter().map(|r| r.group.clone()).collect();
    groups.sort();
    groups.dedup();
    let _ = writeln!(s, "## Totals per group\n");
    let _ = writeln!(
        s,
        "| group | puzzles | ours wall | nonogrid wall | wall ratio | ours cpu | nonogrid cpu | cpu ratio | ours agree with known status | nonogrid agrees | ours decided | nonogrid decided |"
    );
    let _ = writeln!(
        s,
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    );
    const ALL: &str = "**all**";
    const KNOWN: &str = "**all of known status**";
    for g in groups.iter().map(String::as_str).chain([ALL, KNOWN]) {
        let rs: Vec<&Row> = match g {
            ALL => rows.iter().collect(),
            KNOWN => rows.iter().filter(|r| r.known != "unknown").collect(),
            _ => rows.iter().filter(|r| r.group == g).collect(),
        };
        group_line(s, g, &rs, theirs_on);
    }
    let over10 = rows.iter().filter(|r| r.ours.wall > 10.0).count();
    let _ = writeln!(
        s,
        "\nOurs: {} of {} puzzles with a known status got it; {} puzzle(s) over 10 s wall; {} picture problem(s).",
        rows.iter()
            .filter(|r| r.known != "unknown" && r.ours.status == r.known)
            .count(),
        rows.iter().filter(|r| r.known != "unknown").count(),
        over10,
        rows.iter().filter(|r| !r.ours.note.is_empty()).count(),
    );
}

/// One line of the totals: the group's times, agreements and decided counts (nonogrid's
/// columns `-` when it did not run).
fn group_line(s: &mut String, g: &str, rs: &[&Row], theirs_on: bool) {
    let ow: f64 = rs.iter().map(|r| r.ours.wall).sum();
    let oc: f64 = rs.iter().map(|r| r.ours.cpu).sum();
    let theirs = || rs.iter().filter_map(|r| r.theirs.as_ref());
    let tw: f64 = theirs().map(|t| t.wall).sum();
    let tc: f64 = theirs().map(|t| t.cpu).sum();
    let known: Vec<&&Row> = rs.iter().filter(|r| r.known != "unknown").collect();
    let oa = known.iter().filter(|r| r.ours.status == r.known).count();
    let ta = known
        .iter()
        .filter(|r| r.theirs.as_ref().is_some_and(|t| t.status == r.known))
        .count();
    let decided = |st: &str| matches!(st, "unique" | "multiple" | "none");
    let od = rs.iter().filter(|r| decided(&r.ours.status)).count();
    let td = theirs().filter(|t| decided(&t.status)).count();
    let theirs_text = |text: String| if theirs_on { text } else { "-".into() };
    let _ = writeln!(
        s,
        "| {g} | {} | {ow:.3} | {} | {} | {oc:.3} | {} | {} | {oa}/{} | {} | {od}/{} | {} |",
        rs.len(),
        theirs_text(format!("{tw:.3}")),
        theirs_text(ratio(ow, tw)),
        theirs_text(format!("{tc:.3}")),
        theirs_text(ratio(oc, tc)),
        known.len(),
        theirs_text(format!("{ta}/{}", known.len())),
        rs.len(),
        theirs_text(format!("{td}/{}", rs.len())),
    );
}

/// The puzzles of unknown status, and those solved again with a fixture's goal.
fn write_unknown(s: &mut String, rows: &[Row]) {
    let unknown: Vec<&Row> = rows.iter().filter(|r| r.known == "unknown").collect();
    if !unknown.is_empty() {
        let _ = writeln!(s, "\n## Puzzles of unknown status\n");
        let _ = writeln!(
            s,
            "| puzzle | size | ours | ours wall | nodes | nonogrid | nonogrid wall |"
        );
        let _ = writeln!(s, "|---|---|---|---:|---:|---|---:|");
        for r in unknown {
            let t = r.theirs.clone().unwrap_or(Run {
                status: "-".into(),
                wall: 0.0,
                cpu: 0.0,
                note: String::new(),
            });
            let _ = writeln!(
                s,
                "| {} | {} | {} | {:.3} | {} | {} | {:.3} |",
                r.name, r.size, r.ours.status, r.ours.wall, r.nodes, t.status, t.wall
            );
        }
        let guided: Vec<&Row> = rows.iter().filter(|r| r.with_goal.is_some()).collect();
        if !guided.is_empty() {
            let _ = writeln!(
                s,
                "\nGiven a goal picture (the `goal` of a `solve` fixture with the same clues; \
                 the status above is from the clues alone):\n\n\
                 | puzzle | ours with the goal | wall | goal from |\n|---|---|---:|---|"
            );
            for r in guided {
                if let Some((run, path)) = &r.with_goal {
                    let _ = writeln!(
                        s,
                        "| {} | {} | {:.3} | `{}` |",
                        r.name, run.status, run.wall, path
                    );
                }
            }
        }
    }
}

fn table<'a>(s: &mut String, rows: impl Iterator<Item = &'a Row>) {
    let _ = writeln!(
        s,
        "| puzzle | size (w x h) | known | ours | ours wall | ours cpu | line logic | nodes | nonogrid | nonogrid wall | nonogrid cpu | ratio |"
    );
    let _ = writeln!(s, "|---|---|---|---|---:|---:|---|---:|---|---:|---:|---:|");
    for r in rows {
        let (ts, tw, tc) =
            r.theirs
                .as_ref()
                .map_or(("-".to_string(), "-".to_string(), "-".to_string()), |t| {
                    let st = if t.note.is_empty() || t.note == "line logic" {
                        t.status.clone()
                    } else {
                        format!("{} ({})", t.status, t.note)
                    };
                    (st, format!("{:.3}", t.wall), format!("{:.2}", t.cpu))
                });
        // CPU ratios of puzzles that take under 10 ms say nothing (nonogrid's CPU time
        // has 10 ms resolution): the wall ratio is given for those.
        // A side that timed out makes the ratio a bound.
        let rt = r.theirs.as_ref().map_or("-".into(), |t| {
            let bound = match (r.ours.status == "timeout", t.status == "timeout") {
                (false, true) => "at least ",
                (true, false) => "at most ",
                _ => "",
            };
            if r.ours.cpu >= 0.01 && t.cpu >= 0.01 {
                format!("{bound}{}", ratio(r.ours.cpu, t.cpu))
            } else {
                format!("{bound}{} (wall)", ratio(r.ours.wall.max(0.0001), t.wall))
            }
        });
        let ours = r.ours.label();
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {:.3} | {:.3} | {} | {} | {} | {} | {} | {} |",
            r.name,
            r.size,
            r.known,
            ours,
            r.ours.wall,
            r.ours.cpu,
            if r.line_logic { "yes" } else { "no" },
            r.nodes,
            ts,
            tw,
            tc,
            rt
        );
    }
}
