//! Computes the optimal total of a game, times it, and checks the optimal decision tree:
//! `cargo run --release -p baseball-core --example optimum -- 4 123456 repeats`.
//! Arguments: length, alphabet, `repeats` (or anything else for no repeats), then optionally
//! `--single` (one thread) and `--write PATH` (the tree in compact form, as shipped in
//! `data/`).
use std::time::Instant;

use baseball_core::optimal::Optimizer;
use baseball_core::space::Space;
use baseball_core::strategy::Knowledge;
use baseball_core::tree::DecisionTree;

#[path = "support/cpu.rs"]
mod cpu;
use cpu::cpu_seconds;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let length = args.first().and_then(|a| a.parse().ok()).unwrap_or(3);
    let alphabet = args.get(1).cloned().unwrap_or_else(|| "0123456789".into());
    let repeats = args.get(2).is_some_and(|a| a == "repeats");
    let single = args.iter().any(|a| a == "--single");
    let write = args
        .iter()
        .position(|a| a == "--write")
        .and_then(|i| args.get(i + 1));
    let spec = baseball_core::CodeSpec::new(length, &alphabet, repeats, "").unwrap();
    let space = Space::new(&spec, "").unwrap();
    let (wall, cpu) = (Instant::now(), cpu_seconds());
    let mut opt = Optimizer::new(&space, puzzles_common::Deadline::NEVER);
    if single {
        opt = opt.single_threaded();
    }
    let root = Knowledge::start(&space, 0);
    let baseball_core::strategy::BestGuess { guess, total } = opt.solve(&root).unwrap();
    let (wall, cpu) = (wall.elapsed().as_secs_f64(), cpu_seconds() - cpu);
    let work = opt.work();
    println!(
        "nodes {}, second passes {}, answers {}, {} memo entries",
        work.nodes,
        work.second_passes,
        work.answers,
        opt.memo_len()
    );
    println!(
        "{} codes: optimal total {total} (average {:.4}), first guess {}, {wall:.3} s wall, {cpu:.3} s CPU",
        space.len(),
        total as f64 / space.len() as f64,
        space.format(guess),
    );
    let mut choose = |k: &Knowledge| -> Result<u32, String> {
        opt.solve(k)
            .map(|best| best.guess)
            .ok_or_else(|| "no deadline".into())
    };
    let tree = DecisionTree::build(&space, root, &mut choose, &|g| {
        format!("{} does not split", space.format(g))
    })
    .unwrap();
    let stats = tree.stats();
    assert_eq!(stats.total, total);
    println!(
        "tree: {} nodes, total {}, worst {}, histogram {:?}",
        tree.nodes.len(),
        stats.total,
        stats.worst(),
        stats.histogram
    );
    if let Some(path) = write {
        let header = format!(
            "# Optimal decision tree: {length} of {} symbols{}, total {total} over {} secrets, worst {}.\n\
             # Written by `cargo run --release -p baseball-core --example optimum -- {length} {alphabet} {} --write PATH`.\n\
             # Guesses of the nodes with 2+ candidates in preorder, answers in class order (see src/tree.rs).\n",
            space.spec().symbols(),
            if repeats {
                " with repeats"
            } else {
                ", no repeats"
            },
            space.len(),
            stats.worst(),
            if repeats { "repeats" } else { "norepeats" },
        );
        std::fs::write(path, header + &tree.to_compact(&space)).unwrap();
        println!("wrote {path}");
    }
}
