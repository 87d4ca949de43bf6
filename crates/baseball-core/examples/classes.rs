//! Solves each answer class after the first guess separately and times it:
//! `cargo run --release -p baseball-core --example classes -- 4 0123456789 norepeats 600`
//! (arguments: length, alphabet, `repeats`, seconds per class; then optionally `single` for one
//! thread, `only N` for the class of N candidates, `write DIR` to keep each solved class's
//! subtree in DIR, skipping classes already there, and to join them into DIR/tree.txt once all
//! are solved: the compact form of `baseball_core::tree`, as shipped in `data/`).
use std::time::{Duration, Instant};

use baseball_core::optimal::Optimizer;
use baseball_core::space::Space;
use baseball_core::strategy::{BestGuess, Knowledge, guess_pool};
use baseball_core::tree::DecisionTree;

#[path = "support/cpu.rs"]
mod cpu;
use cpu::cpu_seconds;

/// The command line.
struct Args {
    length: usize,
    alphabet: String,
    repeats: bool,
    seconds: u64,
    single: bool,
    only: Option<usize>,
    dir: Option<String>,
}

impl Args {
    fn read() -> Args {
        let args: Vec<String> = std::env::args().skip(1).collect();
        let after = |flag: &str| {
            args.iter()
                .position(|a| a == flag)
                .and_then(|i| args.get(i + 1))
        };
        Args {
            length: args.first().and_then(|a| a.parse().ok()).unwrap_or(4),
            alphabet: args.get(1).cloned().unwrap_or_else(|| "0123456789".into()),
            repeats: args.get(2).is_some_and(|a| a == "repeats"),
            seconds: args.get(3).and_then(|a| a.parse().ok()).unwrap_or(20),
            single: args.iter().any(|a| a == "single"),
            only: after("only").and_then(|a| a.parse().ok()),
            dir: after("write").cloned(),
        }
    }

    /// The file keeping the subtree of answer class `c`, when writing.
    fn file(&self, space: &Space, c: u8) -> Option<String> {
        let fb = space.feedback_of(c);
        let dir = self.dir.as_ref()?;
        Some(format!("{dir}/class-{}-{}.txt", fb.strikes, fb.balls))
    }
}

fn main() {
    let args = Args::read();
    let spec = baseball_core::CodeSpec::new(args.length, &args.alphabet, args.repeats, "")
        .expect("a valid game");
    let space = Space::new(&spec, "").expect("a game small enough to solve");
    let root = Knowledge::start(&space, 0);
    let first = guess_pool(&space, 0)[0];
    let mut classes: Vec<(u8, Vec<u32>)> = (0..space.classes() as u8)
        .filter(|&c| c != space.win_class())
        .map(|c| (c, space.filter(&root.set, first, c)))
        .filter(|(_, s)| !s.is_empty())
        .collect();
    let in_order: Vec<u8> = classes.iter().map(|(c, _)| *c).collect();
    classes.sort_by_key(|(_, s)| s.len());
    let mut grand = space.len() as u64;
    for (c, set) in classes {
        if args.only.is_some_and(|n| n != set.len()) {
            continue;
        }
        let know = root.after_with(&space, first, c, set);
        grand += solve_class(&args, &space, first, c, know);
    }
    if args.dir.is_some() {
        join_classes(&args, &space, &root, first, &in_order, grand);
    }
}

/// Solves the class of answer `c` to `first` (what is known then: `know`), prints its total
/// and times, and writes its subtree when asked; the total (0 when kept from an earlier run
/// or out of time).
fn solve_class(args: &Args, space: &Space, first: u32, c: u8, know: Knowledge) -> u64 {
    let fb = space.feedback_of(c);
    let label = format!("{} {}s {}b", space.format(first), fb.strikes, fb.balls);
    if let Some(path) = args.file(space, c)
        && std::path::Path::new(&path).exists()
    {
        println!("{label}: kept in {path}");
        return 0;
    }
    let (t0, c0) = (Instant::now(), cpu_seconds());
    let deadline = puzzles_common::Deadline::after(Duration::from_secs(args.seconds));
    let mut opt = Optimizer::new(space, deadline);
    if args.single {
        opt = opt.single_threaded();
    }
    let got = opt.solve(&know);
    println!(
        "{label}: {} candidates, total {}, {:.2} s wall, {:.2} s cpu, {:?}",
        know.set.len(),
        got.map_or("timeout".to_string(), |best| best.total.to_string()),
        t0.elapsed().as_secs_f64(),
        cpu_seconds() - c0,
        opt.work()
    );
    let Some(best) = got else {
        return 0;
    };
    if let Some(path) = args.file(space, c) {
        write_subtree(&mut opt, space, know, best, &path);
    }
    best.total
}

/// Builds the optimal subtree at `know` from the memo of `opt`, which solved it with total
/// `best`, and writes it to `path` in compact form.
fn write_subtree(opt: &mut Optimizer, space: &Space, know: Knowledge, best: BestGuess, path: &str) {
    let mut choose = |k: &Knowledge| -> Result<u32, String> {
        opt.solve(k)
            .map(|best| best.guess)
            .ok_or_else(|| "timeout".into())
    };
    let tree = DecisionTree::build(space, know, &mut choose, &|g| {
        format!("{} does not split", space.format(g))
    })
    .expect("the memo answers every node of a solved set");
    assert_eq!(tree.nodes[0].total, best.total);
    std::fs::write(path, tree.to_compact(space)).expect("the subtree is written");
}

/// Joins the classes' subtrees, when all are written, into DIR/tree.txt and prints its totals.
fn join_classes(
    args: &Args,
    space: &Space,
    root: &Knowledge,
    first: u32,
    in_order: &[u8],
    grand: u64,
) {
    let parts: Option<Vec<String>> = in_order
        .iter()
        .map(|&c| std::fs::read_to_string(args.file(space, c)?).ok())
        .collect();
    let (Some(parts), Some(dir)) = (parts, &args.dir) else {
        return;
    };
    let text = format!("{}\n{}", space.format(first), parts.concat());
    let tree = DecisionTree::from_compact(space, root, &text).expect("the joined tree reads");
    let stats = tree.stats();
    println!(
        "joined: total {}, worst {}, histogram {:?} (this run's classes added to {grand})",
        stats.total,
        stats.worst(),
        stats.histogram
    );
    std::fs::write(format!("{dir}/tree.txt"), tree.to_compact(space)).expect("tree.txt is written");
}
