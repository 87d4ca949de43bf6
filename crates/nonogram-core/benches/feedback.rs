//! Per-line feedback on 30-cell lines, as a game runs it after every click (a row and a
//! column per changed cell). Goal: at least 10 million classic line checks per second per
//! core. Run: `cargo bench -p nonogram-core --bench feedback`. The lines are described in
//! `support/feedback_cases.rs`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use nonogram_core::cells::Cell;
use nonogram_core::classic::ClassicFeedback;
use nonogram_core::feedback::{LineJudge, Mode};
use nonogram_core::linesolver::LineSolver;
use std::hint::black_box;

#[path = "support/feedback_cases.rs"]
mod feedback_cases;
use feedback_cases::{LEN, LINES, cases};

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
