//! Computes the optimal total of a game and times it:
//! `cargo run --release -p baseball-core --example optimum -- 4 123456 repeats`.
use std::time::Instant;

use baseball_core::optimal::Optimizer;
use baseball_core::space::Space;
use baseball_core::strategy::Knowledge;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let length = args.first().and_then(|a| a.parse().ok()).unwrap_or(3);
    let alphabet = args.get(1).cloned().unwrap_or_else(|| "0123456789".into());
    let repeats = args.get(2).is_some_and(|a| a == "repeats");
    let spec = baseball_core::CodeSpec::new(length, &alphabet, repeats, "").unwrap();
    let space = Space::new(&spec, "").unwrap();
    let t = Instant::now();
    let mut opt = Optimizer::new(&space, None);
    let (total, guess) = opt.solve(&Knowledge::start(&space, 0)).unwrap();
    let work = opt.work();
    println!(
        "nodes {}, second rounds {}, answers {}",
        work.nodes, work.second_rounds, work.answers
    );
    println!(
        "{} codes: optimal total {total} (average {:.4}), first guess {}, {} memo entries, {:.3} s",
        space.len(),
        f64::from(total) / space.len() as f64,
        space.format(guess),
        opt.memo_len(),
        t.elapsed().as_secs_f64()
    );
}
