//! `fitpuzzle solve` on large boards: the library alone, and the JSON parse of the input the
//! CLI performs before it. Inputs come from the same generator as `examples/gen_input.rs`.
//!
//! `cargo bench -p fitpuzzle-core --bench solve`

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use fitpuzzle_core::{Flip, SolveInput, solve};
use std::hint::black_box;

include!("support/input.rs");

fn input(size: usize, mode: &str) -> SolveInput {
    let (game_board, table) = fitpuzzle_core_example_input(size, mode, 1);
    SolveInput {
        game_board,
        table,
        allow_flip: Flip::Forbidden,
    }
}

fn bench_solve(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve");
    group.sample_size(10);
    for (size, mode) in [(500, "random"), (2000, "random"), (2000, "turned")] {
        let base = input(size, mode);
        group.bench_with_input(
            BenchmarkId::new(mode, format!("{size}x{size}")),
            &base,
            |b, base| b.iter(|| solve(black_box(base.clone())).map(|v| v.filled)),
        );
    }
    let mut flips = input(2000, "turned");
    flips.allow_flip = Flip::Allowed;
    group.bench_function("turned-allow-flip/2000x2000", |b| {
        b.iter(|| solve(black_box(flips.clone())).map(|v| v.filled))
    });
    group.finish();

    let mut group = c.benchmark_group("parse");
    group.sample_size(10);
    let text = serde_json::to_string(&input(2000, "random")).unwrap_or_default();
    group.bench_function("2000x2000", |b| {
        b.iter(|| serde_json::from_str::<SolveInput>(black_box(&text)).map(|i| i.table.len()))
    });
    group.finish();
}

criterion_group!(benches, bench_solve);
criterion_main!(benches);
