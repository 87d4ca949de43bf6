//! The full forbidden map of realistic middle-game positions ([`renju_core::sample`]: seeded
//! self-play near the existing stones, 20..=60 stones). Run:
//! `cargo bench -p renju-core --bench forbidden`. Criterion reports wall time, which a loaded
//! machine inflates; `cargo run --release -p renju-core --example rate` reports CPU time.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use renju_core::{Color, forbidden_map, sample};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let boards = sample::middle_games(1, 512);
    let fouls: usize = boards
        .iter()
        .map(|b| forbidden_map(b).iter().filter(|f| f.is_some()).count())
        .sum();
    let stones: usize = boards
        .iter()
        .map(|b| b.count(Color::Black) + b.count(Color::White))
        .sum();
    eprintln!(
        "{} positions, {:.1} stones and {:.2} forbidden points on average",
        boards.len(),
        stones as f64 / boards.len() as f64,
        fouls as f64 / boards.len() as f64
    );
    let mut g = c.benchmark_group("forbidden_map");
    g.throughput(Throughput::Elements(boards.len() as u64));
    g.bench_function("middle_game_512", |b| {
        b.iter(|| {
            for board in &boards {
                black_box(forbidden_map(black_box(board)));
            }
        })
    });
    let heavy = sample::black_heavy(2, 512);
    let fouls: usize = heavy
        .iter()
        .map(|b| forbidden_map(b).iter().filter(|f| f.is_some()).count())
        .sum();
    eprintln!(
        "black-heavy: {} positions, {:.2} forbidden points on average",
        heavy.len(),
        fouls as f64 / heavy.len() as f64
    );
    g.bench_function("black_heavy_512", |b| {
        b.iter(|| {
            for board in &heavy {
                black_box(forbidden_map(black_box(board)));
            }
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
