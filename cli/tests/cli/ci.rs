//! The CI examples of docs/ci.md stay true: both YAML files (docs/ci/) are valid for GitHub
//! and GitLab (checked against their vendored schemas with `check-jsonschema`), they install
//! a pinned commit and cache by it, they are read (a small reader of the block YAML they
//! use: mappings, sequences, literal blocks, flow lists; no YAML crate, which every test
//! build would compile), and each `puzzles` command line in them runs green against
//! fixtures/, every shard of the matrix, the shards together covering every case once.

use std::path::Path;

use serde_json::{Map, Value};

use crate::{check_jsonschema, puzzles_command, scratch, workspace};

/// One line of a YAML file: its indentation and its text.
struct Line<'a> {
    indent: usize,
    text: &'a str,
}

/// Reads the block YAML of the examples into JSON values (scalars as strings).
fn read_yaml(text: &str) -> Value {
    assert!(!text.contains('\t'), "YAML does not take tabs");
    let lines: Vec<Line<'_>> = text
        .lines()
        .map(|l| Line {
            indent: l.len() - l.trim_start().len(),
            text: l.trim(),
        })
        .collect();
    let mut at = 0;
    let value = block(&lines, &mut at, 0);
    skip_blank(&lines, &mut at);
    assert_eq!(at, lines.len(), "unread YAML from line {}", at + 1);
    value
}

fn skip_blank(lines: &[Line<'_>], at: &mut usize) {
    while *at < lines.len() && (lines[*at].text.is_empty() || lines[*at].text.starts_with('#')) {
        *at += 1;
    }
}

/// A mapping or a sequence whose entries are indented by `indent`.
fn block(lines: &[Line<'_>], at: &mut usize, indent: usize) -> Value {
    skip_blank(lines, at);
    if lines[*at].text.starts_with("- ") || lines[*at].text == "-" {
        let mut items = Vec::new();
        while *at < lines.len() && lines[*at].indent == indent && lines[*at].text.starts_with('-') {
            let rest = lines[*at].text[1..].trim_start();
            let inner = indent + (lines[*at].text.len() - rest.len());
            if rest == "|" {
                *at += 1;
                items.push(literal(lines, at, indent));
            } else if rest.contains(": ") || rest.ends_with(':') {
                // A mapping that starts on the dash's line.
                items.push(mapping(lines, at, inner, Some(rest)));
            } else {
                items.push(scalar(rest));
                *at += 1;
            }
            skip_blank(lines, at);
        }
        return Value::Array(items);
    }
    mapping(lines, at, indent, None)
}

/// A mapping at `indent`; `first` is its first entry's text when it follows a dash.
fn mapping(lines: &[Line<'_>], at: &mut usize, indent: usize, first: Option<&str>) -> Value {
    let mut map = Map::new();
    let mut pending = first;
    loop {
        let text = match pending.take() {
            Some(text) => text,
            None => {
                skip_blank(lines, at);
                if *at >= lines.len() || lines[*at].indent != indent {
                    break;
                }
                lines[*at].text
            }
        };
        let (key, rest) = text
            .split_once(':')
            .unwrap_or_else(|| panic!("line {}: not `key: value`: {text}", *at + 1));
        let rest = rest.trim();
        *at += 1;
        let value = if rest == "|" {
            literal(lines, at, indent)
        } else if rest.is_empty() {
            skip_blank(lines, at);
            match lines.get(*at) {
                Some(next) if next.indent > indent => block(lines, at, next.indent),
                // A sequence may sit at its key's indentation.
                Some(next) if next.indent == indent && next.text.starts_with('-') => {
                    block(lines, at, indent)
                }
                _ => Value::Null,
            }
        } else {
            scalar(rest)
        };
        assert!(
            map.insert(key.trim().to_string(), value).is_none(),
            "key {key} twice"
        );
    }
    Value::Object(map)
}

/// The lines of a `|` block, deeper than `indent`, without their common indentation.
fn literal(lines: &[Line<'_>], at: &mut usize, indent: usize) -> Value {
    let mut text = String::new();
    while *at < lines.len() && (lines[*at].text.is_empty() || lines[*at].indent > indent) {
        text.push_str(lines[*at].text);
        text.push('\n');
        *at += 1;
    }
    Value::String(text)
}

/// A plain, quoted or `[flow, list]` scalar; comments after ` #` dropped.
fn scalar(text: &str) -> Value {
    let text = text.split(" #").next().unwrap_or(text).trim();
    if let Some(inner) = text.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
        return Value::Array(inner.split(',').map(|v| scalar(v.trim())).collect());
    }
    let unquoted = text
        .strip_prefix('"')
        .and_then(|t| t.strip_suffix('"'))
        .or_else(|| text.strip_prefix('\'').and_then(|t| t.strip_suffix('\'')))
        .unwrap_or(text);
    Value::String(unquoted.to_string())
}

/// The shell lines of a job: GitHub's `run:` steps, GitLab's `before_script`/`script`.
fn shell_lines(job: &Value) -> Vec<String> {
    let mut lines = Vec::new();
    for step in job["steps"].as_array().into_iter().flatten() {
        if let Some(run) = step["run"].as_str() {
            lines.extend(run.lines().map(str::to_string));
        }
    }
    for key in ["before_script", "script"] {
        for item in job[key].as_array().into_iter().flatten() {
            lines.extend(
                item.as_str()
                    .unwrap_or_default()
                    .lines()
                    .map(str::to_string),
            );
        }
    }
    lines
}

/// A `puzzles` command line as words, for shard `k` of `n`: expressions and variables
/// replaced, quotes removed, the redirection target and an accepted-exit tail split off.
struct Invocation {
    args: Vec<String>,
    stdout: Option<String>,
    /// Exit codes the line accepts (`|| test $? -eq 1` accepts 1 too).
    accepted: Vec<i32>,
}

fn invocation(line: &str, k: usize, n: usize) -> Invocation {
    let line = line
        .replace("${{ matrix.shard }}", &k.to_string())
        .replace("${{ env.SHARDS }}", &n.to_string())
        .replace("$CI_NODE_INDEX", &k.to_string())
        .replace("$CI_NODE_TOTAL", &n.to_string());
    assert!(
        !line.contains('$') || line.contains("|| test $? -eq 1"),
        "unknown variable: {line}"
    );
    let (line, accepted) = match line.split_once(" || test $? -eq 1") {
        Some((command, _)) => (command.to_string(), vec![0, 1]),
        None => (line, vec![0]),
    };
    let (command, stdout) = match line.split_once(" > ") {
        Some((command, file)) => (command.to_string(), Some(file.trim().to_string())),
        None => (line, None),
    };
    let args: Vec<String> = command
        .split_whitespace()
        .skip(1)
        .map(|w| w.trim_matches('"').to_string())
        .collect();
    Invocation {
        args,
        stdout,
        accepted,
    }
}

/// Runs every `puzzles` line of one example for each shard, in a scratch folder that sees
/// fixtures/ at the relative path the example names; returns the names of the cases its
/// JUnit reports list, over all shards.
fn run_example(name: &str, shards: usize) -> Vec<String> {
    let text = std::fs::read_to_string(workspace().join("docs/ci").join(name)).unwrap();
    let yaml = read_yaml(&text);
    let jobs: Vec<&Value> = match yaml.get("jobs") {
        Some(jobs) => jobs.as_object().unwrap().values().collect(),
        None => yaml.as_object().unwrap().values().collect(),
    };
    let lines: Vec<String> = jobs.into_iter().flat_map(shell_lines).collect();
    let commands: Vec<&String> = lines
        .iter()
        .filter(|l| l.trim_start().starts_with("puzzles "))
        .collect();
    assert!(!commands.is_empty(), "{name}: no puzzles command");
    let mut cases = Vec::new();
    for k in 1..=shards {
        let dir = scratch(&format!("ci-{name}-{k}"));
        link_fixtures(&dir);
        for dir_name in ["reports", "pictures"] {
            std::fs::create_dir_all(dir.join(dir_name)).unwrap();
        }
        for line in &commands {
            let call = invocation(line.trim(), k, shards);
            let output = puzzles_command()
                .current_dir(&dir)
                .args(&call.args)
                .output()
                .unwrap();
            let code = output.status.code().unwrap();
            assert!(
                call.accepted.contains(&code) && code == 0,
                "{name} shard {k}/{shards}: `{line}` exited {code}: {}",
                String::from_utf8_lossy(&output.stderr)
            );
            let stdout = String::from_utf8(output.stdout).unwrap();
            if let Some(file) = &call.stdout {
                std::fs::write(dir.join(file), &stdout).unwrap();
            }
            // JUnit on stdout (`--report junit`) or in a file (`--report junit=PATH`).
            let junit = call
                .args
                .iter()
                .find_map(|a| match a.strip_prefix("junit") {
                    Some("") => Some(stdout.clone()),
                    Some(path) => path.strip_prefix('=').map(|path| {
                        std::fs::read_to_string(dir.join(path)).expect("the JUnit file")
                    }),
                    None => None,
                });
            if let Some(junit) = junit {
                let doc = roxmltree::Document::parse(&junit).expect("JUnit XML");
                cases.extend(
                    doc.descendants()
                        .filter(|n| n.tag_name().name() == "testcase")
                        .map(|n| n.attribute("name").unwrap().to_string()),
                );
            }
        }
    }
    cases
}

/// `fixtures` in `dir`: a link to the workspace's (a copy where links are not allowed).
fn link_fixtures(dir: &Path) {
    let target = workspace().join("fixtures");
    #[cfg(unix)]
    std::os::unix::fs::symlink(&target, dir.join("fixtures")).unwrap();
    #[cfg(not(unix))]
    copy_dir(&target, &dir.join("fixtures"));
}

#[cfg(not(unix))]
fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let path = entry.path();
        if path.is_dir() {
            copy_dir(&path, &to.join(entry.file_name()));
        } else {
            std::fs::copy(&path, to.join(entry.file_name())).unwrap();
        }
    }
}

/// Checks that the shards ran every case of fixtures/ once: as many distinct names as the
/// folder has cases (one per `.json` file, one per line of a `.jsonl` file).
fn assert_every_case_once(mut names: Vec<String>) {
    fn count(dir: &Path) -> usize {
        let mut n = 0;
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            match path.extension().and_then(|e| e.to_str()) {
                _ if path.is_dir() => n += count(&path),
                Some("json") => n += 1,
                Some("jsonl") => {
                    let text = std::fs::read_to_string(&path).unwrap();
                    n += text.lines().filter(|l| !l.trim().is_empty()).count();
                }
                _ => {}
            }
        }
        n
    }
    let total = names.len();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), total, "a case ran in two shards");
    assert_eq!(
        total,
        count(&workspace().join("fixtures")),
        "every case ran"
    );
}

#[test]
fn github_workflow_runs_green_and_its_shards_cover_every_case() {
    let text = std::fs::read_to_string(workspace().join("docs/ci/github-actions.yml")).unwrap();
    let yaml = read_yaml(&text);
    let shards = yaml["jobs"]["fixtures"]["strategy"]["matrix"]["shard"]
        .as_array()
        .unwrap()
        .len();
    assert_eq!(
        yaml["env"]["SHARDS"],
        shards.to_string(),
        "the matrix and SHARDS agree"
    );
    // The reports are kept whatever the exit code.
    let steps = yaml["jobs"]["fixtures"]["steps"].as_array().unwrap();
    for step in steps.iter().filter(|s| {
        s["uses"]
            .as_str()
            .is_some_and(|u| u.contains("upload-artifact") || u.contains("junit"))
    }) {
        assert_eq!(step["if"], "always()", "{step}");
    }
    assert_every_case_once(run_example("github-actions.yml", shards));
}

#[test]
fn gitlab_job_runs_green_and_its_shards_cover_every_case() {
    let text = std::fs::read_to_string(workspace().join("docs/ci/gitlab-ci.yml")).unwrap();
    let yaml = read_yaml(&text);
    let job = &yaml["puzzles-fixtures"];
    let shards: usize = job["parallel"].as_str().unwrap().parse().unwrap();
    assert_eq!(job["artifacts"]["when"], "always");
    assert_eq!(job["artifacts"]["reports"]["junit"], "reports/junit.xml");
    assert_every_case_once(run_example("gitlab-ci.yml", shards));
}

/// Both examples are valid against the schemas GitHub and GitLab publish, and a planted
/// fault in a copy is caught, so the check is no formality.
#[test]
fn the_examples_are_valid_for_github_and_gitlab() {
    let dir = scratch("ci-schemas");
    for (example, schema, fault) in [
        (
            "github-actions.yml",
            "github-workflow.json",
            ("runs-on:", "runs-onn:"),
        ),
        (
            "gitlab-ci.yml",
            "gitlab-ci.json",
            ("parallel: 4", "parallel: 4000"),
        ),
    ] {
        let path = workspace().join("docs/ci").join(example);
        let schema = workspace().join("cli/tests/data/ci-schemas").join(schema);
        let Some(output) = check_jsonschema(&schema, &path) else {
            return;
        };
        assert!(
            output.status.success(),
            "{example}: {}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains(fault.0), "{example}");
        let broken = dir.join(example);
        std::fs::write(&broken, text.replacen(fault.0, fault.1, 1)).unwrap();
        let output = check_jsonschema(&schema, &broken).expect("the tool ran a moment ago");
        assert!(
            !output.status.success(),
            "{example}: the planted fault passed"
        );
    }
}

/// Both examples install the commit that `PUZZLES_REF` names (resolved with `git ls-remote`
/// when it is a branch or a tag) and key the cached binary by that commit, never by a
/// branch name that moves.
#[test]
fn the_examples_pin_the_commit_they_install_and_cache() {
    let github = std::fs::read_to_string(workspace().join("docs/ci/github-actions.yml")).unwrap();
    let yaml = read_yaml(&github);
    let steps = yaml["jobs"]["fixtures"]["steps"].as_array().unwrap();
    let step = |name: &str| {
        steps
            .iter()
            .find(|s| s["name"].as_str().is_some_and(|n| n.starts_with(name)))
            .unwrap_or_else(|| panic!("a step {name:?}"))
    };
    assert!(
        step("Resolve")["run"]
            .as_str()
            .unwrap()
            .contains("git ls-remote")
    );
    assert_eq!(
        step("Cache")["with"]["key"],
        "puzzles-${{ runner.os }}-${{ steps.puzzles.outputs.commit }}"
    );
    let install = step("Install")["run"].as_str().unwrap();
    assert!(
        install.contains("--rev \"${{ steps.puzzles.outputs.commit }}\"")
            && !install.contains("--branch"),
        "{install}"
    );

    let gitlab = std::fs::read_to_string(workspace().join("docs/ci/gitlab-ci.yml")).unwrap();
    let yaml = read_yaml(&gitlab);
    let before = shell_lines(&yaml["puzzles-fixtures"]).join("\n");
    assert!(before.contains("git ls-remote"), "{before}");
    assert!(
        before.contains("--root \".puzzles/$commit\"") && before.contains("--rev \"$commit\""),
        "{before}"
    );
    assert!(!before.contains("command -v puzzles"), "{before}");
}

#[test]
fn the_yaml_reader_reads_what_it_claims() {
    let yaml =
        read_yaml("a:\n  b: [1, 2]\n  c: |\n    x\n    y\nd:\n  - e: 1\n    f: \"g\"\n  - h\n");
    assert_eq!(yaml["a"]["b"], serde_json::json!(["1", "2"]));
    assert_eq!(yaml["a"]["c"], "x\ny\n");
    assert_eq!(yaml["d"][0]["f"], "g");
    assert_eq!(yaml["d"][1], "h");
    let items = read_yaml("a:\n  - |\n    x: 1\n    y\n  - z\n");
    assert_eq!(items["a"], serde_json::json!(["x: 1\ny\n", "z"]));
}
