//! Solves each answer class after the first guess separately and times it:
//! `cargo run --release -p baseball-core --example classes -- 4 0123456789 norepeats 600`
//! (arguments: length, alphabet, `repeats`, seconds per class; then optionally `single` for one
//! thread, `only N` for the class of N candidates, `write DIR` to keep each solved class's
//! subtree in DIR, skipping classes already there, and to join them into DIR/tree.txt once all
//! are solved: the compact form of `baseball_core::tree`, as shipped in `data/`).
use std::time::{Duration, Instant};

use baseball_core::optimal::Optimizer;
use baseball_core::space::Space;
use baseball_core::strategy::{Knowledge, guess_pool};
use baseball_core::tree::DecisionTree;

#[path = "support/cpu.rs"]
mod cpu;
use cpu::cpu_seconds;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let length = args.first().and_then(|a| a.parse().ok()).unwrap_or(4);
    let alphabet = args.get(1).cloned().unwrap_or_else(|| "0123456789".into());
    let repeats = args.get(2).is_some_and(|a| a == "repeats");
    let seconds: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(20);
    let after = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
    };
    let single = args.iter().any(|a| a == "single");
    let only: Option<usize> = after("only").and_then(|a| a.parse().ok());
    let dir = after("write");
    let spec = baseball_core::CodeSpec::new(length, &alphabet, repeats, "").unwrap();
    let space = Space::new(&spec, "").unwrap();
    let root = Knowledge::start(&space, 0);
    let first = guess_pool(&space, 0)[0];
    let mut classes: Vec<(u8, Vec<u32>)> = (0..space.classes() as u8)
        .filter(|&c| c != space.win_class())
        .map(|c| (c, space.filter(&root.set, first, c)))
        .filter(|(_, s)| !s.is_empty())
        .collect();
    let file = |c: u8| {
        let fb = space.feedback_of(c);
        dir.map(|d| format!("{d}/class-{}-{}.txt", fb.strikes, fb.balls))
    };
    let in_order: Vec<u8> = classes.iter().map(|(c, _)| *c).collect();
    classes.sort_by_key(|(_, s)| s.len());
    let mut grand = space.len() as u64;
    for (c, set) in classes {
        if only.is_some_and(|n| n != set.len()) {
            continue;
        }
        let know = root.after_with(&space, first, c, set);
        let fb = space.feedback_of(c);
        if let Some(path) = file(c)
            && std::path::Path::new(&path).exists()
        {
            println!(
                "{} {}s {}b: kept in {path}",
                space.format(first),
                fb.strikes,
                fb.balls
            );
            continue;
        }
        let (t0, c0) = (Instant::now(), cpu_seconds());
        let mut opt = Optimizer::new(
            &space,
            puzzles_common::Deadline::after(Duration::from_secs(seconds)),
        );
        if single {
            opt = opt.single_threaded();
        }
        let got = opt.solve(&know);
        println!(
            "{} {}s {}b: {} candidates, total {}, {:.2} s wall, {:.2} s cpu, {:?}",
            space.format(first),
            fb.strikes,
            fb.balls,
            know.set.len(),
            got.map_or("timeout".to_string(), |best| best.total.to_string()),
            t0.elapsed().as_secs_f64(),
            cpu_seconds() - c0,
            opt.work()
        );
        if let (Some(best), Some(path)) = (got, file(c)) {
            grand += best.total;
            let mut choose = |k: &Knowledge| -> Result<u32, String> {
                opt.solve(k)
                    .map(|best| best.guess)
                    .ok_or_else(|| "timeout".into())
            };
            let tree = DecisionTree::build(&space, know, &mut choose, &|g| {
                format!("{} does not split", space.format(g))
            })
            .unwrap();
            assert_eq!(tree.nodes[0].total, best.total);
            std::fs::write(&path, tree.to_compact(&space)).unwrap();
        }
    }
    if let Some(d) = dir {
        let parts: Option<Vec<String>> = in_order
            .iter()
            .map(|&c| std::fs::read_to_string(file(c)?).ok())
            .collect();
        if let Some(parts) = parts {
            let text = format!("{}\n{}", space.format(first), parts.concat());
            let tree = DecisionTree::from_compact(&space, &root, &text).unwrap();
            let stats = tree.stats();
            println!(
                "joined: total {}, worst {}, histogram {:?} (this run's classes added to {grand})",
                stats.total,
                stats.worst(),
                stats.histogram
            );
            std::fs::write(format!("{d}/tree.txt"), tree.to_compact(&space)).unwrap();
        }
    }
}
