//! The full solver on generated puzzles (no benchmark data in the repo): n-Dom (search-heavy,
//! unique; the clues follow the published construction, identical to the shared set's
//! `domino-N-dom`) and seeded random 30x30 pictures at density 1/2 (mostly settled by line
//! logic and probing). Run: `cargo bench -p nonogram-core --bench solver`.
//! The cross-solver comparison on real puzzles is `scripts/nonogram-bench.sh`.

use criterion::{Criterion, criterion_group, criterion_main};
use nonogram_core::cells::clues_of;
use nonogram_core::palette::plain_lists;
use nonogram_core::solver::{SolveInput, SolveStatus, solve};
use std::hint::black_box;

/// n-Dom: rows `[3], ([1], [3, 1]) x (n - 1), [1], [1]`, columns `[1], ([1], [1, 3]) x (n - 1),
/// [1], [3]` on a (2n + 1)-square grid.
fn n_dom(n: usize) -> SolveInput {
    let mut rows = vec![vec![3]];
    let mut cols = vec![vec![1]];
    for _ in 1..n {
        rows.extend([vec![1], vec![3, 1]]);
        cols.extend([vec![1], vec![1, 3]]);
    }
    rows.extend([vec![1], vec![1]]);
    cols.extend([vec![1], vec![3]]);
    SolveInput {
        rows: plain_lists(&rows),
        cols: plain_lists(&cols),
        palette: None,
        timeout_ms: None,
        goal: None,
    }
}

/// Clues of a seeded random `size` x `size` picture (splitmix64, density 1/2).
fn random_picture(size: usize, seed: u64) -> SolveInput {
    let mut rng = puzzles_common::SplitMix64::new(seed);
    let mut next = move || rng.next_u64();
    let pic: Vec<Vec<bool>> = (0..size)
        .map(|_| (0..size).map(|_| next() & 1 == 1).collect())
        .collect();
    let rows: Vec<Vec<u32>> = pic.iter().map(|r| clues_of(r)).collect();
    let cols: Vec<Vec<u32>> = (0..size)
        .map(|c| clues_of(&pic.iter().map(|r| r[c]).collect::<Vec<_>>()))
        .collect();
    SolveInput {
        rows: plain_lists(&rows),
        cols: plain_lists(&cols),
        palette: None,
        timeout_ms: None,
        goal: None,
    }
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve");
    group.sample_size(10);
    for n in [6, 7] {
        let input = n_dom(n);
        assert_eq!(
            solve(input.clone()).map(|v| v.status),
            Ok(SolveStatus::Unique)
        );
        group.bench_function(format!("{n}-dom"), |b| {
            b.iter(|| black_box(solve(black_box(input.clone()))))
        });
    }
    let inputs: Vec<SolveInput> = (0..8).map(|s| random_picture(30, s)).collect();
    group.bench_function("random-30x30-x8", |b| {
        b.iter(|| {
            for input in &inputs {
                black_box(solve(black_box(input.clone())).ok());
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
