//! What `puzzles` does with the files of the person running it: it writes only the files it
//! names, atomically and never through a planted link; it reads only regular files, inside
//! the case file's tree when a case names them, within a size cap and the time limit; and
//! it never mistakes two paths of one file for two files.
//!
//! The tests of writes that the system itself might refuse (read-only files, links, files
//! of others) run as the unprivileged user `nobody` when the tests run as root and
//! `setpriv` is there, so a refusal is `puzzles`' own check and not root's privilege; they
//! print on stderr which user they ran as.

#![cfg(unix)]

use std::io::Read;
use std::os::unix::fs::{PermissionsExt, symlink};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::{Run, puzzles_command, scratch};

/// A failing case: `judge` answers 1 strike, the case expects 9.
const FAIL: &str = r#"{"game":"baseball","command":"judge","input":{"secret":"123","guess":"134"},"expect":{"strikes":9}}"#;
/// The same case without `expect`.
const NOEXP: &str =
    r#"{"game":"baseball","command":"judge","input":{"secret":"123","guess":"134"}}"#;

/// `puzzles ARGS` in `dir`, with `stdin`, keeping no record of failing cases.
fn puzzles_in(dir: &Path, args: &[&str], stdin: &[u8]) -> Run {
    let mut command = puzzles_command();
    command
        .current_dir(dir)
        .args(args)
        .env_remove("PUZZLES_CACHE_DIR");
    if args.first() == Some(&"batch") {
        command.arg("--no-cache");
    }
    run_bounded(command, stdin)
}

/// The longest a run of these tests may take: each takes well under a second, so a run
/// still going after this waits on a fifo or reads without end.
const RUN_LIMIT: Duration = Duration::from_secs(60);

/// Runs `command` with `stdin`, killed and failed if it is still running after
/// [`RUN_LIMIT`]: a read that blocks is a failure of these tests, not a hung test run.
fn run_bounded(mut command: Command, stdin: &[u8]) -> Run {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("puzzles starts");
    let mut input = child.stdin.take().expect("stdin is piped");
    let stdin = stdin.to_vec();
    // The child may exit without reading (usage errors): a failed write is fine then.
    let feeder = std::thread::spawn(move || {
        let _ = std::io::Write::write_all(&mut input, &stdin);
    });
    let stdout = drain(child.stdout.take().expect("stdout is piped"));
    let stderr = drain(child.stderr.take().expect("stderr is piped"));
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("puzzles can be waited for") {
            break status;
        }
        if start.elapsed() > RUN_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "{command:?} still running after {RUN_LIMIT:?}: it waits on a fifo or reads without end"
            );
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let _ = feeder.join();
    Run {
        code: status
            .code()
            .expect("puzzles exits normally, not by a signal"),
        stdout: stdout.join().expect("stdout is read"),
        stderr: stderr.join().expect("stderr is read"),
    }
}

/// Reads `pipe` to its end on a thread of its own, as UTF-8.
fn drain(mut pipe: impl Read + Send + 'static) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = pipe.read_to_end(&mut bytes);
        String::from_utf8(bytes).expect("puzzles prints UTF-8")
    })
}

/// The uid to run as when the tests run as root and `setpriv` can drop privileges.
fn unprivileged_uid(dir: &Path) -> Option<u32> {
    use std::os::unix::fs::MetadataExt;
    let probe = dir.join(".uid-probe");
    std::fs::write(&probe, "").ok()?;
    let root = std::fs::metadata(&probe).ok()?.uid() == 0;
    std::fs::remove_file(&probe).ok()?;
    let setpriv = Command::new("setpriv")
        .arg("--help")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    (root && setpriv).then_some(65534)
}

/// `puzzles batch --no-cache ARGS` in `dir`, as `nobody` where the machine allows: see
/// [`unprivileged`].
fn batch_unprivileged(dir: &Path, args: &[&str]) -> Run {
    unprivileged(dir, &[&["batch", "--no-cache"], args].concat(), &[])
}

/// `puzzles ARGS` in `dir` with `env` (and neither a step summary nor a cache folder unless
/// `env` names them), as `nobody` where the machine allows (see the module doc; every file
/// under `dir` is given to that user first), else as the current user; says on stderr
/// which, so a run as root that proves less is visible.
fn unprivileged(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Run {
    let mut command = match unprivileged_uid(dir) {
        Some(uid) => {
            eprintln!("running as uid {uid} (nobody)");
            give_away(dir, uid);
            let mut command = Command::new("setpriv");
            command.args([
                &format!("--reuid={uid}"),
                &format!("--regid={uid}"),
                "--clear-groups",
                env!("CARGO_BIN_EXE_puzzles"),
            ]);
            command
        }
        None => {
            eprintln!(
                "running as the current user (not root, or root without setpriv: a refusal may then be the system's)"
            );
            Command::new(env!("CARGO_BIN_EXE_puzzles"))
        }
    };
    command
        .args(args)
        .current_dir(dir)
        .env_remove("GITHUB_STEP_SUMMARY")
        .env_remove("PUZZLES_CACHE_DIR")
        .envs(env.iter().copied());
    run_bounded(command, b"")
}

/// Gives every file and folder under `dir` (links themselves, not their targets) to `uid`.
fn give_away(dir: &Path, uid: u32) {
    std::os::unix::fs::lchown(dir, Some(uid), Some(uid)).unwrap();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() && !path.is_symlink() {
            give_away(&path, uid);
        } else {
            std::os::unix::fs::lchown(&path, Some(uid), Some(uid)).unwrap();
        }
    }
}

fn read(path: impl AsRef<Path>) -> String {
    std::fs::read_to_string(path).unwrap()
}

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn mkfifo(path: &Path) {
    let made = Command::new("mkfifo").arg(path).status().unwrap();
    assert!(made.success(), "mkfifo {path:?}");
}

/// One file reached by several PATHs (a folder and a file in it, two spellings, a file and
/// one of its case ids) is run once and updated once: one `expect` added, not two.
#[test]
fn a_file_reached_by_several_paths_is_read_and_updated_once() {
    let spellings: [(&str, &[&str]); 3] = [
        ("c/m.json", &["c", "c/m.json"]),
        ("c/m.json", &["c/m.json", "./c/m.json"]),
        ("c/l.jsonl", &["c/l.jsonl", "c/l.jsonl:1"]),
    ];
    for (n, (file, paths)) in spellings.iter().enumerate() {
        let dir = scratch(&format!("files_reached_twice_{n}"));
        std::fs::create_dir_all(dir.join("c")).unwrap();
        std::fs::write(dir.join(file), format!("{NOEXP}\n")).unwrap();
        let run = puzzles_in(
            &dir,
            &[&["batch", "--update=missing"], *paths].concat(),
            b"",
        );
        assert_eq!(run.code, 0, "{paths:?}: {run:?}");
        assert_eq!(run.json_lines().len(), 1, "{paths:?}: {run:?}");
        assert_eq!(
            run.stderr.matches("updated").count(),
            1,
            "{paths:?}: {run:?}"
        );
        let text = read(dir.join(file));
        assert_eq!(text.matches("\"expect\"").count(), 1, "{paths:?}: {text}");
        let again = puzzles_in(&dir, &["batch", file], b"");
        assert_eq!(again.code, 0, "{paths:?}: {again:?}");
        assert_eq!(again.json_lines()[0]["pass"], true, "{again:?}");
    }
}

/// `--update`, `--render` and `--report` never write through a symbolic link planted where
/// they write: not at the old fixed temporary name, not at a picture's or a report's name.
#[test]
fn writes_never_go_through_a_planted_link() {
    let dir = scratch("files_planted_link");
    std::fs::create_dir_all(dir.join("c")).unwrap();
    std::fs::create_dir_all(dir.join("pics")).unwrap();
    std::fs::write(dir.join("victim.txt"), "victim\n").unwrap();
    std::fs::write(dir.join("c/t.jsonl"), format!("{FAIL}\n")).unwrap();
    symlink(
        dir.join("victim.txt"),
        dir.join("c/.t.jsonl.puzzles-update"),
    )
    .unwrap();
    symlink(dir.join("victim.txt"), dir.join("pics/t-1.svg")).unwrap();

    let run = batch_unprivileged(&dir, &["--update", "c"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(read(dir.join("victim.txt")), "victim\n");
    assert!(!dir.join("c/t.jsonl").is_symlink());
    assert!(read(dir.join("c/t.jsonl")).contains("\"strikes\":1"));

    std::fs::write(dir.join("c/t.jsonl"), format!("{FAIL}\n")).unwrap();
    let run = batch_unprivileged(&dir, &["--render", "pics", "c"]);
    assert_eq!(run.code, 1, "{run:?}");
    assert_eq!(read(dir.join("victim.txt")), "victim\n");
    assert!(read(dir.join("pics/t-1.svg")).starts_with("<?xml"));
    // A report file replaces a link at its path too.
    symlink(dir.join("victim.txt"), dir.join("pics/r.xml")).unwrap();
    let run = batch_unprivileged(&dir, &["--report", "junit=pics/r.xml", "c"]);
    assert_eq!(run.code, 1, "{run:?}");
    assert_eq!(read(dir.join("victim.txt")), "victim\n");
    assert!(!dir.join("pics/r.xml").is_symlink());
    roxmltree::Document::parse(&read(dir.join("pics/r.xml"))).unwrap();
    // No temporary file is left beside the pictures or the cases.
    assert_eq!(names(&dir.join("pics")), ["r.xml", "t-1.svg"]);
    assert_eq!(
        names(&dir.join("c")),
        [".t.jsonl.puzzles-update", "t.jsonl"]
    );
}

/// A case file that is a symbolic link is updated at its target (the link stays); a
/// read-only case file and one with other hard links are refused by name and left as they
/// were, with exit 2.
#[test]
fn links_are_followed_and_read_only_or_hard_linked_files_refused() {
    let dir = scratch("files_linked_case");
    for sub in ["c", "real", "ro", "hard"] {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
    }
    std::fs::write(dir.join("real/t.jsonl"), format!("{FAIL}\n")).unwrap();
    symlink("../real/t.jsonl", dir.join("c/t.jsonl")).unwrap();
    std::fs::write(dir.join("ro/t.jsonl"), format!("{FAIL}\n")).unwrap();
    std::fs::write(dir.join("hard/t.jsonl"), format!("{FAIL}\n")).unwrap();
    std::fs::hard_link(dir.join("hard/t.jsonl"), dir.join("other.jsonl")).unwrap();
    std::fs::set_permissions(dir.join("ro/t.jsonl"), PermissionsExt::from_mode(0o444)).unwrap();

    let run = batch_unprivileged(&dir, &["--update", "c"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(dir.join("c/t.jsonl").is_symlink(), "the link stays a link");
    assert!(read(dir.join("real/t.jsonl")).contains("\"strikes\":1"));

    for sub in ["ro", "hard"] {
        let run = batch_unprivileged(&dir, &["--update", sub]);
        assert_eq!(run.code, 2, "{sub}: {run:?}");
        let why = if sub == "ro" {
            "read-only"
        } else {
            "2 hard links"
        };
        assert!(
            run.stderr
                .contains(&format!("cannot update {sub}/t.jsonl: it "))
                && run.stderr.contains(why),
            "{sub}: {}",
            run.stderr
        );
        assert_eq!(read(dir.join(sub).join("t.jsonl")), format!("{FAIL}\n"));
    }
    let mode = std::fs::metadata(dir.join("ro/t.jsonl"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o444);
    assert_eq!(read(dir.join("other.jsonl")), format!("{FAIL}\n"));
}

/// Two reports that resolve to one file (two spellings, the same spelling, `/dev/stdout`
/// beside the report on stdout) are a usage error before any file is opened: an existing
/// file keeps its content. Run as `nobody` where the machine allows.
#[test]
fn reports_that_resolve_to_one_file_are_refused_before_writing() {
    let dir = scratch("files_report_collision");
    std::fs::create_dir_all(dir.join("c")).unwrap();
    let cases: Vec<&str> = vec![FAIL; 300];
    std::fs::write(dir.join("c/t.jsonl"), cases.join("\n")).unwrap();
    std::fs::write(dir.join("r.xml"), "keep\n").unwrap();
    for pair in [
        ["junit=r.xml", "jsonl=./r.xml"],
        ["junit=r.xml", "jsonl=r.xml"],
        ["junit=new.xml", "jsonl=c/../new.xml"],
    ] {
        let run = batch_unprivileged(&dir, &["c", "--report", pair[0], "--report", pair[1]]);
        assert_eq!(run.code, 2, "{pair:?}: {run:?}");
        assert_eq!(run.json()["error"]["kind"], "usage", "{pair:?}");
        assert!(run.stderr.contains("the same file as"), "{}", run.stderr);
        assert_eq!(read(dir.join("r.xml")), "keep\n", "{pair:?}");
        assert!(!dir.join("new.xml").exists());
    }
    // stdout is a pipe here: a report to /dev/stdout would mix into the JSON Lines.
    let run = batch_unprivileged(&dir, &["c", "--report", "junit=/dev/stdout"]);
    assert_eq!(run.code, 2, "{run:?}");
    assert!(
        run.stderr.contains("the same file as stdout"),
        "{}",
        run.stderr
    );
    // A report file replaces the old one whole.
    let run = batch_unprivileged(&dir, &["c", "--report", "junit=r.xml"]);
    assert_eq!(run.code, 1, "{run:?}");
    roxmltree::Document::parse(&read(dir.join("r.xml"))).unwrap();
    assert_eq!(names(&dir), ["c", "r.xml"]);
}

/// The cache folder is puzzles' own: a folder it did not make gets neither `.gitignore` nor
/// record, and its own folder is never read for cases. Run as `nobody` where the machine
/// allows.
#[test]
fn the_cache_folder_is_puzzles_own() {
    let dir = scratch("files_cache_folder");
    std::fs::create_dir_all(dir.join("fixtures")).unwrap();
    std::fs::write(dir.join("fixtures/t.json"), FAIL).unwrap();
    let run = unprivileged(
        &dir,
        &["batch", "fixtures"],
        &[("PUZZLES_CACHE_DIR", "fixtures")],
    );
    assert_eq!(run.code, 1, "{run:?}");
    assert_eq!(names(&dir.join("fixtures")), ["t.json"]);
    assert!(run.stderr.contains("did not make"), "{}", run.stderr);

    // The default folder, made in the current one, is left out of a search of it.
    let batch_here = || unprivileged(&dir, &["batch", "."], &[]);
    let run = batch_here();
    assert_eq!(run.code, 1, "{run:?}");
    assert!(dir.join(".puzzles_cache/last-failed.json").exists());
    let run = batch_here();
    let cases: Vec<Value> = run.json_lines().iter().map(|l| l["case"].clone()).collect();
    assert_eq!(cases, [json!("./fixtures/t.json")], "{run:?}");
}

/// A key repeated in an `expect`, an input or the envelope is a `shape` error at the
/// repeated key, and `--update` leaves the case alone.
#[test]
fn a_repeated_key_is_a_shape_error_that_update_leaves_alone() {
    let dir = scratch("files_repeated_key");
    std::fs::create_dir_all(dir.join("c")).unwrap();
    let cases = [
        (
            r#"{"game":"baseball","command":"judge","input":{"secret":"123","guess":"134"},"expect":{"strikes": 9, "strikes": 8}}"#,
            "/expect/strikes",
        ),
        (
            r#"{"game":"baseball","command":"judge","input":{"secret":"123","guess":"134","guess":"135"},"expect":{"strikes": 9}}"#,
            "/input/guess",
        ),
        (
            r#"{"game":"baseball","command":"judge","command":"judge","input":{"secret":"123","guess":"134"}}"#,
            "/command",
        ),
        (
            r#"{"game":"renju","command":"check","input":{"moves":[],"rule":"renju"},"expect":{"status":"ongoing","n":{"a":1,"b":2,"\u0061":3}}}"#,
            "/expect/n/a",
        ),
    ];
    let text: Vec<&str> = cases.iter().map(|(case, _)| *case).collect();
    std::fs::write(dir.join("c/t.jsonl"), text.join("\n") + "\n").unwrap();
    let run = puzzles_in(&dir, &["batch", "--update", "c"], b"");
    assert_eq!(run.code, 2, "{run:?}");
    for (line, (case, path)) in run.json_lines().iter().zip(cases) {
        let error = &line["error"];
        assert_eq!(error["kind"], "shape", "{case}: {line}");
        assert_eq!(error["path"], path, "{case}: {line}");
        assert!(
            error["message"]
                .as_str()
                .unwrap()
                .contains("duplicate field")
        );
    }
    assert!(!run.stderr.contains("updated"), "{}", run.stderr);
    assert_eq!(read(dir.join("c/t.jsonl")), text.join("\n") + "\n");
    // A single command too.
    let run = puzzles_in(
        &dir,
        &["baseball", "judge"],
        br#"{"secret": "123", "guess": "134", "secret": "456"}"#,
    );
    assert_eq!(run.code, 2, "{run:?}");
    assert_eq!(run.json()["error"]["path"], "/secret");
}

/// A byte-order mark opens any file we read; `--update` keeps it.
#[test]
fn a_byte_order_mark_is_read_everywhere_and_kept_by_update() {
    let dir = scratch("files_byte_order_mark");
    std::fs::create_dir_all(dir.join("c/inputs")).unwrap();
    let bom = "\u{feff}";
    std::fs::write(dir.join("c/t.jsonl"), format!("{bom}{FAIL}\n{FAIL}\n")).unwrap();
    std::fs::write(dir.join("c/m.json"), format!("{bom}{NOEXP}\n")).unwrap();
    std::fs::write(
        dir.join("c/inputs/in.json"),
        format!("{bom}{}", r#"{"secret": "123", "guess": "134"}"#),
    )
    .unwrap();
    std::fs::write(
        dir.join("c/by-path.json"),
        r#"{"game": "baseball", "command": "judge", "input": "inputs/in.json", "expect": {"strikes": 1}}"#,
    )
    .unwrap();
    let run = puzzles_in(
        &dir,
        &["batch", "--update=missing", "c", "--exclude", "inputs"],
        b"",
    );
    assert_eq!(run.code, 0, "{run:?}");
    let lines = read(dir.join("c/t.jsonl"));
    assert!(lines.starts_with(bom), "{lines:?}");
    assert_eq!(lines.matches("\"strikes\":1}").count(), 2, "{lines}");
    let single = read(dir.join("c/m.json"));
    assert!(
        single.starts_with(bom) && single.contains("\"expect\""),
        "{single:?}"
    );
    let again = puzzles_in(&dir, &["batch", "c", "--exclude", "inputs"], b"");
    assert_eq!(again.code, 0, "{again:?}");
    assert!(
        again.json_lines().iter().all(|l| l["pass"] == true),
        "{again:?}"
    );
}

/// A case edited while the batch runs is not updated, even when the bytes of its `expect`
/// are still where they were: the file keeps the edit, the run says why and exits 2.
#[test]
fn a_case_edited_while_the_batch_runs_is_not_updated() {
    let dir = scratch("files_edited_during_run");
    // One and a half seconds of self-play beside the failing case leaves the time to edit
    // the file after the run has read it.
    let slow = json!({"game": "blockdoku", "command": "selfplay",
        "input": {"games": 100000, "timeout_ms": 1500}})
    .to_string();
    let edited = FAIL.replace("\"134\"", "\"124\"");
    for delay_ms in [300, 700, 1200] {
        std::fs::write(dir.join("t.jsonl"), format!("{FAIL}\n{slow}\n")).unwrap();
        let mut command = puzzles_command();
        command
            .current_dir(&dir)
            .args(["batch", "--no-cache", "--jobs", "2", "--update", "t.jsonl"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let child = command.spawn().unwrap();
        std::thread::sleep(Duration::from_millis(delay_ms));
        std::fs::write(dir.join("t.jsonl"), format!("{edited}\n{slow}\n")).unwrap();
        let output = child.wait_with_output().unwrap();
        let stdout = String::from_utf8(output.stdout).unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        if stdout.contains("\"strikes\":2") {
            // Read after the edit (a slow start): try again with more time.
            continue;
        }
        assert_eq!(output.status.code(), Some(2), "{stdout}\n{stderr}");
        assert!(
            stderr.contains("cannot update t.jsonl: the file changed while the batch ran"),
            "{stderr}"
        );
        assert_eq!(read(dir.join("t.jsonl")), format!("{edited}\n{slow}\n"));
        return;
    }
    panic!("the run read the file after each edit; the machine is too slow for this test");
}

/// `--update=missing` does not record a verdict that rests on an unseeded random choice
/// (the next run would choose again), and says so; with a seed it does.
#[test]
fn an_unseeded_random_verdict_is_not_recorded() {
    let dir = scratch("files_unseeded_random");
    std::fs::create_dir_all(dir.join("c")).unwrap();
    let case = |input: Value| {
        json!({"game": "baseball", "command": "simulate", "input": input}).to_string()
    };
    let unseeded = case(json!({"length": 3, "alphabet": "0123456", "strategy": "random"}));
    let seeded = case(json!({"length": 3, "alphabet": "0123456", "strategy": "random", "seed": 7}));
    std::fs::write(dir.join("c/t.jsonl"), format!("{unseeded}\n{seeded}\n")).unwrap();
    let run = puzzles_in(&dir, &["batch", "--update=missing", "c"], b"");
    assert_eq!(run.code, 0, "{run:?}");
    assert!(
        run.stderr.contains("not recording c/t.jsonl:1") && run.stderr.contains("seed"),
        "{}",
        run.stderr
    );
    let lines: Vec<String> = read(dir.join("c/t.jsonl"))
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(lines[0], unseeded);
    assert!(lines[1].contains("\"expect\""), "{}", lines[1]);
    for _ in 0..3 {
        let again = puzzles_in(&dir, &["batch", "c"], b"");
        assert_eq!(again.code, 0, "{again:?}");
    }
}

/// `"input": "PATH"` stays inside the case file's tree: `..` out of it, an absolute path,
/// a link leading out are refused without a byte of the file in the verdict, the picture
/// or stderr; `--allow-input-outside` lifts the rule.
#[test]
fn inputs_by_path_stay_inside_the_case_files_tree() {
    let dir = scratch("files_input_confinement");
    std::fs::create_dir_all(dir.join("c/in")).unwrap();
    std::fs::write(dir.join("secret.non"), "root:x:0:0:secret-line\n").unwrap();
    symlink(dir.join("secret.non"), dir.join("c/in/link.non")).unwrap();
    std::fs::copy(
        crate::workspace().join("fixtures/nonogram/solve-dancer.non"),
        dir.join("c/in/dancer.non"),
    )
    .unwrap();
    let case = |input: &str| {
        json!({"game": "nonogram", "command": "solve", "input": input, "expect": {"status": "none"}})
            .to_string()
    };
    let refused = [
        "../../../../../../../../etc/passwd",
        "../secret.non",
        "in/../../secret.non",
        "/proc/self/environ",
        "in/link.non",
    ];
    let mut lines: Vec<String> = refused.iter().map(|p| case(p)).collect();
    lines.push(case("in/dancer.non"));
    std::fs::write(dir.join("c/t.jsonl"), lines.join("\n")).unwrap();
    let run = puzzles_in(&dir, &["batch", "c", "--render", "pics"], b"");
    assert_eq!(run.code, 2, "{run:?}");
    let out = run.json_lines();
    for (line, path) in out.iter().zip(refused) {
        assert_eq!(line["error"]["kind"], "case", "{path}: {line}");
        assert_eq!(line["error"]["path"], "/input", "{path}: {line}");
        assert!(
            line["error"]["message"]
                .as_str()
                .unwrap()
                .contains("--allow-input-outside"),
            "{line}"
        );
    }
    assert_eq!(out[5]["pass"], false, "read inside the tree: {}", out[5]);
    for leak in ["root:", "secret-line", "PATH="] {
        assert!(
            !run.stdout.contains(leak) && !run.stderr.contains(leak),
            "{leak}"
        );
        for picture in names(&dir.join("pics")) {
            let svg = read(dir.join("pics").join(&picture));
            assert!(!svg.contains(leak), "{picture}: {leak}");
        }
    }
    let run = puzzles_in(&dir, &["batch", "c", "--allow-input-outside"], b"");
    let out = run.json_lines();
    assert_eq!(
        out[1]["error"]["kind"], "syntax",
        "read when allowed: {}",
        out[1]
    );
    assert_eq!(
        out[4]["error"]["kind"], "syntax",
        "read when allowed: {}",
        out[4]
    );
}

/// Only regular files are read: a fifo or a device, as INPUT, as a case's input, as a case
/// file found in a folder, as the record or as the step summary, is an `io` error (or a
/// warning) naming it at once, never a run that waits forever or fills the memory.
#[test]
fn only_regular_files_are_read() {
    let dir = scratch("files_regular_only");
    std::fs::create_dir_all(dir.join("c")).unwrap();
    std::fs::create_dir_all(dir.join("fifo-case")).unwrap();
    mkfifo(&dir.join("input.non"));
    mkfifo(&dir.join("c/ff.non"));
    mkfifo(&dir.join("fifo-case/x.jsonl"));
    mkfifo(&dir.join("summary.md"));
    std::fs::write(
        dir.join("c/t.jsonl"),
        json!({"game": "nonogram", "command": "solve", "input": "ff.non"}).to_string(),
    )
    .unwrap();
    for input in ["input.non", "/dev/zero", "/dev/urandom"] {
        let run = puzzles_in(&dir, &["nonogram", "solve", "--timeout", "500", input], b"");
        assert_eq!(run.code, 2, "{input}: {run:?}");
        let error = &run.json()["error"];
        assert_eq!(error["kind"], "io", "{input}: {error}");
        let message = error["message"].as_str().unwrap();
        assert!(
            message.contains(input) && message.contains("not a regular file"),
            "{message}"
        );
    }
    let run = puzzles_in(&dir, &["batch", "c"], b"");
    assert_eq!(run.code, 2, "{run:?}");
    assert!(
        run.stdout.contains("c/ff.non: not a regular file (a fifo)"),
        "{run:?}"
    );
    let run = puzzles_in(&dir, &["batch", "fifo-case"], b"");
    assert_eq!(run.code, 2, "{run:?}");
    assert!(
        run.stdout.contains("not a regular file (a fifo)"),
        "{run:?}"
    );
    // A device as a case's input: through a link inside the tree, or named outright where
    // reading outside the tree is allowed.
    std::fs::create_dir_all(dir.join("dev")).unwrap();
    symlink("/dev/zero", dir.join("dev/zero.non")).unwrap();
    let lines = ["zero.non", "/dev/zero", "/dev/urandom"]
        .map(|input| json!({"game": "nonogram", "command": "solve", "input": input}).to_string());
    std::fs::write(dir.join("dev/t.jsonl"), lines.join("\n")).unwrap();
    let run = puzzles_in(&dir, &["batch", "dev", "--allow-input-outside"], b"");
    assert_eq!(run.code, 2, "{run:?}");
    for line in run.json_lines() {
        assert_eq!(line["error"]["kind"], "io", "{line}");
        assert!(
            line["error"]["message"]
                .as_str()
                .unwrap()
                .contains("not a regular file (a character device)"),
            "{line}"
        );
    }
    // The settings file.
    std::fs::create_dir_all(dir.join("repo/.git")).unwrap();
    mkfifo(&dir.join("repo/puzzles.toml"));
    let run = puzzles_in(&dir.join("repo"), &["batch"], b"");
    assert_eq!(run.code, 2, "{run:?}");
    assert!(
        run.stderr
            .contains("puzzles.toml: not a regular file (a fifo)"),
        "{run:?}"
    );

    // The record, in a cache folder of puzzles' own, and the step summary.
    std::fs::create_dir_all(dir.join("cache")).unwrap();
    std::fs::write(
        dir.join("cache/.gitignore"),
        "# Made by `puzzles batch`: its record of failing cases.\n*\n",
    )
    .unwrap();
    mkfifo(&dir.join("cache/last-failed.json"));
    std::fs::write(dir.join("ok.json"), FAIL).unwrap();
    let mut command = puzzles_command();
    command
        .current_dir(&dir)
        .args(["batch", "ok.json", "--report", "github"])
        .env("PUZZLES_CACHE_DIR", "cache")
        .env("GITHUB_STEP_SUMMARY", dir.join("summary.md"));
    let run = run_bounded(command, b"");
    assert_eq!(run.code, 1, "{run:?}");
    assert!(
        run.stderr
            .contains("last-failed.json: not a regular file (a fifo)"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr
            .contains("summary.md: not a regular file (a fifo)"),
        "{}",
        run.stderr
    );
    // The same through links to a device, and the step summary a device.
    std::fs::remove_file(dir.join("cache/last-failed.json")).unwrap();
    symlink("/dev/zero", dir.join("cache/last-failed.json")).unwrap();
    let mut command = puzzles_command();
    command
        .current_dir(&dir)
        .args(["batch", "ok.json", "--last-failed", "--report", "github"])
        .env("PUZZLES_CACHE_DIR", "cache")
        .env("GITHUB_STEP_SUMMARY", "/dev/zero");
    let run = run_bounded(command, b"");
    assert_eq!(run.code, 1, "{run:?}");
    for file in ["last-failed.json", "/dev/zero"] {
        assert!(
            run.stderr
                .contains(&format!("{file}: not a regular file (a character device)")),
            "{file}: {}",
            run.stderr
        );
    }
}

/// A regular file over the read cap is refused unread, with an `io` error naming it: as
/// INPUT, as a case's input and as a case file.
#[test]
fn a_file_over_the_read_cap_is_refused_unread() {
    let dir = scratch("files_over_the_cap");
    std::fs::create_dir_all(dir.join("c")).unwrap();
    // 256 MiB and one byte, of which the disk holds nothing (a sparse file).
    let over_the_cap = (256 << 20) + 1;
    for name in ["big.non", "c/big.non", "c/big.json"] {
        let file = std::fs::File::create(dir.join(name)).unwrap();
        file.set_len(over_the_cap).unwrap();
    }
    let larger = "larger than 256 MiB";
    let run = puzzles_in(&dir, &["nonogram", "solve", "big.non"], b"");
    assert_eq!(run.code, 2, "{run:?}");
    let error = &run.json()["error"];
    assert_eq!(error["kind"], "io", "{error}");
    assert!(
        error["message"].as_str().unwrap().contains("big.non")
            && error["message"].as_str().unwrap().contains(larger),
        "{error}"
    );
    std::fs::write(
        dir.join("c/t.jsonl"),
        json!({"game": "nonogram", "command": "solve", "input": "big.non"}).to_string(),
    )
    .unwrap();
    let run = puzzles_in(&dir, &["batch", "c"], b"");
    assert_eq!(run.code, 2, "{run:?}");
    let lines = run.json_lines();
    assert_eq!(lines.len(), 2, "{run:?}");
    for line in &lines {
        assert_eq!(line["error"]["kind"], "io", "{line}");
        assert!(
            line["error"]["message"].as_str().unwrap().contains(larger),
            "{line}"
        );
    }
}

/// Reading stdin stops at the time limit or the size cap, whichever comes first: an
/// endless stdin is an `io` error, not a run that fills the memory.
#[test]
fn an_endless_stdin_is_cut_short() {
    let mut command = puzzles_command();
    command.args(["nonogram", "solve", "--format", "non", "--timeout", "200"]);
    let output = command
        .stdin(std::fs::File::open("/dev/zero").unwrap())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let error: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(error["error"]["kind"], "io", "{error}");
    let message = error["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("time limit ran out") || message.contains("larger than 256 MiB"),
        "{message}"
    );
}

/// A closed stdout ends a batch quietly with exit 0, whatever the report on it, for case
/// files and for `batch -`.
#[test]
fn a_closed_stdout_is_quiet_for_every_report() {
    let dir = scratch("files_closed_stdout");
    let cases = vec![FAIL; 2000].join("\n") + "\n";
    std::fs::write(dir.join("t.jsonl"), &cases).unwrap();
    for format in ["jsonl", "junit", "github", "summary"] {
        for from_stdin in [false, true] {
            let mut command = puzzles_command();
            command
                .current_dir(&dir)
                .args(["batch", "--no-cache", "--report", format]);
            command.arg(if from_stdin { "-" } else { "t.jsonl" });
            let mut child = command
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            // The reader goes away before the report is written.
            drop(child.stdout.take());
            let mut input = child.stdin.take().unwrap();
            if from_stdin {
                let _ = std::io::Write::write_all(&mut input, cases.as_bytes());
            }
            drop(input);
            let output = child.wait_with_output().unwrap();
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert_eq!(
                output.status.code(),
                Some(0),
                "{format} {from_stdin}: {stderr}"
            );
            assert!(!stderr.contains("cannot write"), "{format}: {stderr}");
        }
    }
}
