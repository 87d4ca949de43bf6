//! Counts the feedback evaluations a heuristic's game tree costs, by depth.
use baseball_core::space::Space;
use baseball_core::strategy::{Knowledge, Strategy, choose_simple, guess_pool};
use baseball_core::symmetry::symmetric_pool;

fn walk(space: &Space, know: Knowledge, depth: usize, work: &mut Vec<(u64, u64, u64, u64)>) {
    if work.len() <= depth {
        work.resize(depth + 1, (0, 0, 0, 0));
    }
    let g = choose_simple(space, Strategy::Entropy, &know);
    let n = know.set.len() as u64;
    if n > 2 {
        let p = guess_pool(space, know.used).len() as u64;
        let q = symmetric_pool(space, know.used, &know.guesses).len() as u64;
        work[depth].0 += 1;
        work[depth].1 += p * n;
        work[depth].2 += q * n;
        work[depth].3 += n;
    }
    let win = space.win_class();
    let mut children: Vec<Vec<u32>> = vec![Vec::new(); space.classes()];
    for &s in &know.set {
        children[usize::from(space.fb(g, s))].push(s);
    }
    for (c, set) in children.into_iter().enumerate() {
        if c as u8 != win && !set.is_empty() {
            let k = know.after_with(space, g, c as u8, set);
            walk(space, k, depth + 1, work);
        }
    }
}

fn main() {
    let spec = baseball_core::CodeSpec::new(4, "0123456789", false, "").unwrap();
    let space = Space::new(&spec, "").unwrap();
    let mut work = Vec::new();
    walk(&space, Knowledge::start(&space, 0), 0, &mut work);
    for (d, w) in work.iter().enumerate() {
        println!(
            "depth {d}: nodes(n>2) {} work {} sym-work {} secrets {}",
            w.0, w.1, w.2, w.3
        );
    }
}
