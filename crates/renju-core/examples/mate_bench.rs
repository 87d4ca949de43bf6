//! Times `renju mate` on seeded middle-game positions, one line per position, for
//! `scripts/renju-mate-bench.sh` (which runs renju-note/quintet on the same positions).
//!
//! `cargo run --release -p renju-core --example mate_bench -- COUNT vcf|vct MAX_DEPTH`
//! prints `index attacker(o|x) blacks/whites status depth micros nodes` per position
//! (`o` black, `x` white as quintet writes them), then a summary on stderr.
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::time::Instant;

use renju_core::mate::{MateKind, MateOptions, MateStatus, solve};
use renju_core::rules::{Rule, board_winner};
use renju_core::sample::{Rng, middle_game};
use renju_core::{Board, Color, Point};

fn notation(p: Point) -> String {
    format!("{}{}", (b'A' + p.x) as char, p.y + 1)
}

fn stones(board: &Board, c: Color) -> String {
    (0..225)
        .map(Point::from_index)
        .filter(|&p| board.get(p) == Some(c))
        .map(notation)
        .collect::<Vec<_>>()
        .join(",")
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let count: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(300);
    let kind = match args.get(2).map(String::as_str) {
        Some("vct") => MateKind::Vct,
        _ => MateKind::Vcf,
    };
    let max_depth: u8 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(113);
    let mut rng = Rng::new(2027);
    let (mut total_us, mut wins, mut n, mut worst) = (0u128, 0, 0, 0u128);
    let mut times = Vec::new();
    while n < count {
        let stones_wanted = 30 + rng.below(50);
        let board = middle_game(&mut rng, stones_wanted);
        if board_winner(&board, Rule::Renju) != Ok(None) {
            continue;
        }
        let attacker = if board.count(Color::Black) == board.count(Color::White) {
            Color::Black
        } else {
            Color::White
        };
        let options = MateOptions {
            kind,
            max_depth,
            all_first_moves: false,
            deadline: None,
        };
        let start = Instant::now();
        let out = solve(&board, attacker, Rule::Renju, &options);
        let us = start.elapsed().as_micros();
        total_us += us;
        worst = worst.max(us);
        times.push(us);
        wins += usize::from(out.status == MateStatus::Win);
        let status = match out.status {
            MateStatus::Win => "win",
            MateStatus::NoWin => "no_win",
            MateStatus::Timeout => "timeout",
        };
        let depth = out.win.map_or(0, |w| w.depth());
        let who = if attacker == Color::Black { 'o' } else { 'x' };
        println!(
            "{n}\t{who}\t{}/{}\t{status}\t{depth}\t{us}\t{}",
            stones(&board, Color::Black),
            stones(&board, Color::White),
            out.nodes
        );
        n += 1;
    }
    times.sort_unstable();
    eprintln!(
        "{n} positions, {wins} wins, total {total_us} us, median {} us, p90 {} us, worst {worst} us",
        times[n / 2],
        times[n * 9 / 10]
    );
}
