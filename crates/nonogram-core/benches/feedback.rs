//! Per-line feedback on 30-cell lines, as a game runs it after every click (a row and a
//! column per changed cell). Goal: at least 10 million classic line checks per second per
//! core. Run: `cargo bench -p nonogram-core --bench feedback`.
//!
//! The lines are generated from seeded random pictures (density 1/2): each cell is shown
//! correctly with probability 6/10, wrongly with 1/10, and left untouched otherwise, so the
//! set mixes solved, partial and contradictory lines like real play.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use nonogram_core::classic::ClassicFeedback;
use nonogram_core::feedback::{LineJudge, Mode};
use nonogram_core::line::{Cell, clues_of};
use nonogram_core::linesolver::LineSolver;
use puzzles_common::SplitMix64;
use std::hint::black_box;

const LEN: usize = 30;
const LINES: usize = 1024;

/// The cases' generator: the workspace's SplitMix64 (`puzzles-common`), `% n` as it always
/// was here, so the cases stay the same.
fn below(rng: &mut SplitMix64, n: u64) -> u64 {
    rng.next_u64() % n
}

fn cases() -> Vec<(Vec<u32>, Vec<Cell>)> {
    let mut rng = SplitMix64::new(2026);
    (0..LINES)
        .map(|_| {
            let picture: Vec<bool> = (0..LEN).map(|_| below(&mut rng, 2) == 0).collect();
            let clues = clues_of(&picture);
            let line = picture
                .iter()
                .map(|&filled| match below(&mut rng, 10) {
                    0..=5 if filled => Cell::Filled,
                    0..=5 => Cell::Empty,
                    6 if filled => Cell::Empty,
                    6 => Cell::Filled,
                    _ => Cell::Unknown,
                })
                .collect();
            (clues, line)
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let cases = cases();
    let mut matched = [false; LEN];
    let mut group = c.benchmark_group("feedback_30_cells");
    group.throughput(Throughput::Elements(LINES as u64));

    group.bench_function("classic", |b| {
        let mut classic = ClassicFeedback::new();
        b.iter(|| {
            for (clues, line) in &cases {
                let out = &mut matched[..clues.len()];
                classic.matches(black_box(clues), black_box(line), out);
                black_box(&out);
            }
        })
    });

    group.bench_function("strict", |b| {
        let mut judge = LineJudge::new();
        b.iter(|| {
            for (clues, line) in &cases {
                let out = &mut matched[..clues.len()];
                let r = judge.strict(black_box(clues), black_box(line), out);
                black_box((r.is_ok(), &out));
            }
        })
    });

    group.bench_function("line_solver", |b| {
        let mut solver = LineSolver::new();
        let mut forced = vec![Cell::Unknown; LEN];
        b.iter(|| {
            for (clues, line) in &cases {
                let r = solver.solve(black_box(clues), black_box(line), &mut forced);
                black_box((r.is_ok(), &forced));
            }
        })
    });

    // The whole `line` verdict (matched, solved, contradiction), as `check` computes it.
    group.bench_function("verdict_classic", |b| {
        let mut judge = LineJudge::new();
        b.iter(|| {
            for (clues, line) in &cases {
                black_box(judge.judge(black_box(clues), black_box(line), Mode::Classic));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
