//! Criterion benches of the fast feedback, the code space, `simulate` and the exact optimum:
//! `cargo bench -p baseball-core --bench baseball`.

use std::hint::black_box;

use baseball_core::optimal::Optimizer;
use baseball_core::space::Space;
use baseball_core::strategy::{Knowledge, Strategy};
use baseball_core::{CodeSpec, SimulateInput, simulate};
use criterion::{Criterion, criterion_group, criterion_main};

fn sim(length: u32, alphabet: Option<&str>, repeats: bool, strategy: Strategy) -> u64 {
    simulate(SimulateInput {
        length: Some(length),
        alphabet: alphabet.map(str::to_string),
        repeats,
        strategy,
        seed: Some(1),
        first_guess: None,
        timeout_ms: None,
    })
    .expect("valid input")
    .total_guesses
    .expect("no timeout")
}

fn optimum(length: usize, alphabet: &str, repeats: bool) -> u64 {
    let spec = CodeSpec::new(length, alphabet, repeats, "").expect("valid");
    let space = Space::new(&spec, "").expect("small");
    let mut opt = Optimizer::new(&space, puzzles_common::Deadline::NEVER);
    opt.solve(&Knowledge::start(&space, 0))
        .expect("no deadline")
        .total
}

fn feedback(c: &mut Criterion) {
    let spec = CodeSpec::new(4, "0123456789", false, "").expect("valid");
    let space = Space::new(&spec, "").expect("small");
    let keys = space.keys_of(&space.all());
    let mut counts = vec![0u32; space.classes()];
    c.bench_function("partition 5040 secrets by one guess", |b| {
        b.iter(|| {
            space.partition_counts(&space.key(black_box(1234)), &keys, &mut counts);
            counts[0]
        })
    });
    c.bench_function("build the 4-digit space", |b| {
        b.iter(|| Space::new(black_box(&spec), "").expect("small").len())
    });
}

fn simulations(c: &mut Criterion) {
    let mut g = c.benchmark_group("simulate");
    g.sample_size(10);
    g.bench_function("4 digits, entropy (all 5040 secrets)", |b| {
        b.iter(|| sim(4, None, false, Strategy::Entropy))
    });
    g.bench_function("4 digits, most-parts", |b| {
        b.iter(|| sim(4, None, false, Strategy::MostParts))
    });
    g.bench_function("Mastermind 4x6, most-parts", |b| {
        b.iter(|| sim(4, Some("123456"), true, Strategy::MostParts))
    });
    g.bench_function("3 digits, entropy", |b| {
        b.iter(|| sim(3, None, false, Strategy::Entropy))
    });
    g.finish();
}

fn optima(c: &mut Criterion) {
    let mut g = c.benchmark_group("optimal");
    g.sample_size(10);
    g.bench_function("3 digits from 0-9 (3575)", |b| {
        b.iter(|| assert_eq!(optimum(3, "0123456789", false), 3575))
    });
    g.bench_function("3 digits from 1-9 (2337)", |b| {
        b.iter(|| assert_eq!(optimum(3, "123456789", false), 2337))
    });
    g.bench_function("Mastermind 4x6 (5625)", |b| {
        b.iter(|| assert_eq!(optimum(4, "123456", true), 5625))
    });
    g.finish();
}

criterion_group!(benches, feedback, simulations, optima);
criterion_main!(benches);
