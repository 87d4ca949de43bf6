//! `best` on representative positions: an empty board with three monominoes (the widest
//! search), a mid-game board with a typical tray, and a crowded board.

use blockdoku_core::{BestInput, Scoring, best};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

fn rows(text: &[&str]) -> Vec<String> {
    text.iter().map(|s| s.to_string()).collect()
}

fn input(board: &[&str], tray: &[&[&str]]) -> BestInput {
    BestInput {
        board: rows(board),
        tray: tray.iter().map(|p| rows(p)).collect(),
        scoring: Scoring::Classic,
        streak: false,
        size: 9,
        box_size: None,
    }
}

fn bench(c: &mut Criterion) {
    let empty = ["........."; 9];
    let mid = [
        "##.......",
        "#...##...",
        "....##..#",
        ".#......#",
        "###....##",
        ".........",
        "..#...#..",
        "..##.###.",
        "......#..",
    ];
    let crowded = [
        "####.####",
        "##.#..###",
        "#..##.#.#",
        "###.#####",
        ".##...##.",
        "####.#.##",
        "#.###.###",
        "##.#.####",
        "###.##.##",
    ];
    let cases = [
        (
            "empty board, three monominoes",
            input(&empty, &[&["#"], &["#"], &["#"]]),
        ),
        (
            "empty board, mixed tray",
            input(&empty, &[&["#####"], &[".#.", "###", ".#."], &["#.", ".#"]]),
        ),
        (
            "mid-game, mixed tray",
            input(&mid, &[&["##", "##"], &["#..", "#..", "###"], &["###"]]),
        ),
        (
            "crowded board",
            input(&crowded, &[&["#"], &["##"], &["#", "#"]]),
        ),
    ];
    let mut g = c.benchmark_group("best");
    for (name, inp) in cases {
        g.bench_function(name, |b| b.iter(|| best(black_box(inp.clone()))));
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
