//! The README's first-five-minutes walk-through is true as written: the fixture it writes
//! fails the way the README shows it, `--update` changes what the README says it changes,
//! and the run after it passes.

use crate::{Run, puzzles_command, run_with_stdin, scratch, workspace};

/// The README's walk-through section.
fn walkthrough() -> String {
    let readme = std::fs::read_to_string(workspace().join("README.md")).unwrap();
    let start = readme
        .find("## The first five minutes")
        .expect("the README has its walk-through");
    let rest = &readme[start..];
    let end = rest[3..].find("\n## ").map_or(rest.len(), |n| n + 3);
    rest[..end].to_string()
}

/// The fenced blocks of `lang` in `text`, in order.
fn blocks(text: &str, lang: &str) -> Vec<String> {
    let fence = format!("```{lang}\n");
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find(&fence) {
        let body = &rest[start + fence.len()..];
        let end = body.find("```").expect("a fenced block ends");
        found.push(body[..end].to_string());
        rest = &body[end..];
    }
    found
}

/// `puzzles ARGS` in `dir`, as a person typing the README's commands there.
fn run_in(dir: &std::path::Path, args: &[&str]) -> Run {
    let mut command = puzzles_command();
    command.current_dir(dir).args(args);
    run_with_stdin(command, b"")
}

/// The run's time in the summary line (`Summary [   0.006s]`) differs from run to run.
fn without_time(report: &str) -> String {
    report
        .lines()
        .map(|line| match (line.find("Summary ["), line.find("s] ")) {
            (Some(start), Some(end)) if start < end => {
                format!("{}Summary [TIME{}", &line[..start], &line[end + 1..])
            }
            _ => line.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_readme_walkthrough_fails_then_passes_as_shown() {
    let text = walkthrough();
    let shell = blocks(&text, "sh");
    let shown = blocks(&text, "text");
    assert_eq!(
        (shell.len(), shown.len()),
        (2, 1),
        "the walk-through's blocks"
    );

    // The first block writes the fixture with a heredoc, then runs the batch.
    let setup = &shell[0];
    let (head, body) = setup
        .split_once("<<'EOF'\n")
        .expect("the fixture's heredoc");
    let file = head
        .lines()
        .last()
        .and_then(|l| l.strip_prefix("cat > "))
        .map(str::trim)
        .expect("cat > FILE <<'EOF'");
    let (fixture, after) = body.split_once("EOF\n").expect("the heredoc ends");
    let run_line = after.trim();
    let args: Vec<&str> = run_line
        .strip_prefix("puzzles ")
        .expect("the block ends by running puzzles")
        .split_whitespace()
        .collect();

    let dir = scratch("readme_walkthrough");
    let path = dir.join(file);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, fixture).unwrap();

    // On a terminal that run prints the report for people; `--report human` prints it here.
    let mut human = args.clone();
    human.extend(["--report", "human"]);
    let failing = run_in(&dir, &human);
    assert_eq!(failing.code, 1, "{failing:?}");
    assert_eq!(
        without_time(failing.stdout.trim_end()),
        without_time(shown[0].trim_end()),
        "the README shows the failing run as it prints"
    );

    // `--update` changes exactly what the README's comment says.
    let fix = &shell[1];
    let update_line = fix.lines().next().expect("the update line");
    let update: Vec<&str> = update_line
        .split('#')
        .next()
        .and_then(|l| l.trim().strip_prefix("puzzles "))
        .expect("puzzles batch ... --update")
        .split_whitespace()
        .collect();
    let updated = run_in(&dir, &update);
    assert_eq!(updated.code, 0, "{updated:?}");
    let comment = fix
        .lines()
        .find(|l| l.starts_with("git diff"))
        .and_then(|l| l.split_once("# "))
        .map(|(_, c)| c)
        .expect("the git diff line says what changed");
    let (before, after) = comment.split_once(" became ").expect("X became Y");
    let expected = fixture.replacen(before, after, 1);
    assert_ne!(
        expected, fixture,
        "the README names a change the fixture can have"
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), expected);

    let passing = run_in(&dir, &human);
    assert_eq!(passing.code, 0, "{passing:?}");
    assert!(
        passing.stdout.contains("2 cases: 2 passed"),
        "{}",
        passing.stdout
    );
}
