//! Solves each answer class after the first guess separately, with a per-class deadline:
//! `cargo run --release -p baseball-core --example classes -- 4 0123456789 norepeats 20`
//! (arguments: length, alphabet, `repeats`, seconds per class, `single` for one thread,
//! the size of the only class to solve). Prints each class's size,
//! optimal total (or the timeout), and the wall and CPU time it took.
use std::time::{Duration, Instant};

use baseball_core::optimal::Optimizer;
use baseball_core::space::Space;
use baseball_core::strategy::{Knowledge, guess_pool};

fn cpu_seconds() -> f64 {
    // utime + stime of this process, from /proc (Linux); 0 elsewhere.
    std::fs::read_to_string("/proc/self/stat")
        .ok()
        .and_then(|s| {
            let rest = s.rsplit(')').next()?.to_string();
            let f: Vec<&str> = rest.split_whitespace().collect();
            let ticks: f64 = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
            Some(ticks / 100.0)
        })
        .unwrap_or(0.0)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let length = args.first().and_then(|a| a.parse().ok()).unwrap_or(4);
    let alphabet = args.get(1).cloned().unwrap_or_else(|| "0123456789".into());
    let repeats = args.get(2).is_some_and(|a| a == "repeats");
    let seconds: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(20);
    let single = args.get(4).is_some_and(|a| a == "single");
    let only: Option<usize> = args.get(5).and_then(|a| a.parse().ok());
    let spec = baseball_core::CodeSpec::new(length, &alphabet, repeats, "").unwrap();
    let space = Space::new(&spec, "").unwrap();
    let root = Knowledge::start(&space, 0);
    let first = guess_pool(&space, 0)[0];
    let mut classes: Vec<(u8, Vec<u32>)> = (0..space.classes() as u8)
        .filter(|&c| c != space.win_class())
        .map(|c| (c, space.filter(&root.set, first, c)))
        .filter(|(_, s)| !s.is_empty())
        .collect();
    classes.sort_by_key(|(_, s)| s.len());
    for (c, set) in classes {
        if only.is_some_and(|n| n != set.len()) {
            continue;
        }
        let know = root.after_with(&space, first, c, set);
        let fb = space.feedback_of(c);
        let (t0, c0) = (Instant::now(), cpu_seconds());
        let mut opt = Optimizer::new(&space, Some(Instant::now() + Duration::from_secs(seconds)));
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
            got.map_or("timeout".to_string(), |(t, _)| t.to_string()),
            t0.elapsed().as_secs_f64(),
            cpu_seconds() - c0,
            opt.work()
        );
    }
}
