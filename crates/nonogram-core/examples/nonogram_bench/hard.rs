//! The hard section: every puzzle file under each `--hard-dir`, ours, ours with the
//! depth-first search alone, and nonogrid.

use crate::Args;
use crate::runners::{Run, run_nonogrid, run_ours};
use nonogram_core::formats::{Format, decode_text, parse_puzzle, to_non, to_webpbn_xml};
use nonogram_core::palette::counts_if_plain;
use nonogram_core::solver::{Puzzle, SolveInput, SolveOptions, SolveVerdict};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// One puzzle of the hard section: ours as configured, ours with the depth-first search
/// alone, nonogrid.
pub(crate) struct HardRow {
    name: String,
    dir: String,
    size: String,
    known: String,
    ours: Run,
    ours_verdict: Option<SolveVerdict>,
    /// `None` with `--no-dfs-alone`.
    dfs: Option<Run>,
    theirs: Option<Run>,
}

/// Reads one puzzle file of the hard section: JSON (`rows`, `cols`, optional `name` and
/// `status`), `.non` or webpbn `.xml`.
fn read_hard(path: &Path) -> Option<(String, String, SolveInput)> {
    let bytes = std::fs::read(path).ok()?;
    let text = decode_text(&bytes);
    let stem = path.file_stem()?.to_string_lossy().to_string();
    if let Some(f) = Format::from_path(&path.to_string_lossy()) {
        let input = parse_puzzle(&text, f).ok()?;
        return Some((stem, "unknown".into(), input));
    }
    let v: serde_json::Value = serde_json::from_str(&text).ok()?;
    let name = v["name"].as_str().map_or(stem, String::from);
    let known = v["status"].as_str().unwrap_or("unknown").to_string();
    let input = SolveInput {
        rows: serde_json::from_value(v["rows"].clone()).ok()?,
        cols: serde_json::from_value(v["cols"].clone()).ok()?,
        palette: serde_json::from_value(v["palette"].clone()).ok(),
        timeout_ms: None,
        goal: None,
    };
    Some((name, known, input))
}

pub(crate) fn run_hard(args: &Args, have_nonogrid: bool, tmp: &Path) -> Vec<HardRow> {
    let timeout_s = args.hard_timeout_s.unwrap_or(args.timeout_s);
    let mut out = Vec::new();
    for dir in &args.hard_dirs {
        let Ok(entries) = std::fs::read_dir(dir) else {
            eprintln!("hard section: cannot read {}", dir.display());
            continue;
        };
        let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
        for path in paths {
            if let Some(only) = &args.only
                && !path.to_string_lossy().contains(only.as_str())
            {
                continue;
            }
            let Some((name, known, mut input)) = read_hard(&path) else {
                if path.extension().is_some_and(|x| x != "md") {
                    eprintln!("hard section: skipped {} (not a puzzle)", path.display());
                }
                continue;
            };
            input.timeout_ms = Some(timeout_s * 1000);
            input.goal = None;
            let size = format!("{}x{}", input.cols.len(), input.rows.len());
            let (ours, ours_verdict) = run_ours(&input, args.options);
            let dfs_only = SolveOptions {
                learn_after_nodes: None,
                ..args.options
            };
            let dfs = args.dfs_alone.then(|| run_ours(&input, dfs_only).0);
            let theirs = have_nonogrid.then(|| {
                let file = write_for_nonogrid(tmp, &name, &input);
                run_nonogrid(&args.nonogrid, &file, timeout_s)
            });
            eprintln!(
                "hard {name:40} {size:>8} ours {:8} {:8.3}s cpu  dfs alone {:8} {:8.3}s cpu  nonogrid {:8} {:8.3}s",
                ours.status,
                ours.cpu,
                dfs.as_ref().map_or("-", |d| d.status.as_str()),
                dfs.as_ref().map_or(0.0, |d| d.cpu),
                theirs.as_ref().map_or("-", |t| t.status.as_str()),
                theirs.as_ref().map_or(0.0, |t| t.cpu),
            );
            out.push(HardRow {
                name,
                dir: dir.display().to_string(),
                size,
                known,
                ours,
                ours_verdict,
                dfs,
                theirs,
            });
        }
    }
    out
}

/// The puzzle as nonogrid reads it: `.non` in black and white, webpbn XML in colour.
fn write_for_nonogrid(tmp: &Path, name: &str, input: &SolveInput) -> PathBuf {
    if let (Some(rows), Some(cols)) = (counts_if_plain(&input.rows), counts_if_plain(&input.cols)) {
        let file = tmp.join(format!("hard-{name}.non"));
        std::fs::write(&file, to_non(Some(name), &rows, &cols)).expect("write .non");
        return file;
    }
    let file = tmp.join(format!("hard-{name}.xml"));
    let text = Puzzle::from_input(&input.rows, &input.cols, input.palette.as_deref())
        .map(|p| to_webpbn_xml(Some(name), &p))
        .unwrap_or_default();
    std::fs::write(&file, text).expect("write .xml");
    file
}

pub(crate) fn render_hard(s: &mut String, args: &Args, rows: &[HardRow]) {
    let timeout_s = args.hard_timeout_s.unwrap_or(args.timeout_s);
    let _ = writeln!(s, "\n## Hard section\n");
    let _ = writeln!(
        s,
        "Every puzzle file under {} (`--hard-dir`), {timeout_s} s limit each, run three times \
         one after the other: ours (the default: depth-first search, then the learning search \
         taking turns with it), ours with the depth-first search alone (`learn_after_nodes: \
         None`, the solver before the learning search; `-` when left out with \
         `--no-dfs-alone`), and nonogrid. CPU seconds of the \
         solving thread (nonogrid: of the child process); *conflicts*: of our learning search \
         (0: it did not run or needed none). Puzzles under a folder outside the repository \
         are the user's own (not redistributable) and are not in the repository.\n",
        args.hard_dirs
            .iter()
            .map(|d| format!("`{}`", d.display()))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let _ = writeln!(
        s,
        "| puzzle | from | size (w x h) | known | ours | ours cpu | ours wall | nodes | conflicts | DFS alone | DFS alone cpu | nonogrid | nonogrid cpu |"
    );
    let _ = writeln!(
        s,
        "|---|---|---|---|---|---:|---:|---:|---:|---|---:|---|---:|"
    );
    for r in rows {
        let (ts, tc) = r.theirs.as_ref().map_or(("-".into(), "-".into()), |t| {
            (t.status.clone(), format!("{:.2}", t.cpu))
        });
        let ours = r.ours.label();
        let _ = writeln!(
            s,
            "| {} | `{}` | {} | {} | {} | {:.3} | {:.3} | {} | {} | {} | {} | {} | {} |",
            r.name,
            r.dir,
            r.size,
            r.known,
            ours,
            r.ours.cpu,
            r.ours.wall,
            r.ours_verdict.as_ref().map_or(0, |v| v.stats.nodes),
            r.ours_verdict.as_ref().map_or(0, |v| v.stats.conflicts),
            r.dfs.as_ref().map_or("-", |d| d.status.as_str()),
            r.dfs
                .as_ref()
                .map_or("-".into(), |d| format!("{:.3}", d.cpu)),
            ts,
            tc
        );
    }
    let decided = |st: &str| matches!(st, "unique" | "multiple" | "none");
    let dfs: Vec<&Run> = rows.iter().filter_map(|r| r.dfs.as_ref()).collect();
    let dfs_note = if dfs.is_empty() {
        "depth-first search alone not run".to_string()
    } else {
        format!(
            "depth-first search alone {}/{} ({:.3} s cpu)",
            dfs.iter().filter(|d| decided(&d.status)).count(),
            dfs.len(),
            dfs.iter().map(|d| d.cpu).sum::<f64>()
        )
    };
    let _ = writeln!(
        s,
        "\nDecided: ours {}/{n} ({:.3} s cpu in all), {dfs_note}.",
        rows.iter().filter(|r| decided(&r.ours.status)).count(),
        rows.iter().map(|r| r.ours.cpu).sum::<f64>(),
        n = rows.len()
    );
}
