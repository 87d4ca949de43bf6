//! Checks another solver's VCF lines with [`renju_core::mate::verify::verify_line`], for
//! `scripts/renju-mate-bench.sh`: reads `paste` of the mate_bench table and quintet's
//! (`index attacker blacks/whites status depth micros nodes line`, then `index status times
//! micros line`), replays every winning line of the second solver under renju, and compares
//! its depth with ours.
//!
//! `paste ours.tsv theirs.tsv | cargo run --release -p renju-core --example mate_check_lines`
//!
//! Quintet's lines stop at the four the defender cannot stop; such a line is given the block
//! and the five (the two lowest five points) before it is checked, so a depth counts the five
//! as ours does. Prints each line that fails or is shorter than ours, then the counts.
#![allow(clippy::print_stdout)]

use std::io::BufRead;

use renju_core::mate::verify::{Terms, verify_line};
use renju_core::mate::{MateEnd, MateKind, Threats};
use renju_core::notation::{MoveSpec, ParsedMove};
use renju_core::rules::{Rule, makes_win};
use renju_core::{Board, Color, Point};

fn point(text: &str) -> Point {
    match MoveSpec::Text(text.to_lowercase().into()).parse() {
        Ok(ParsedMove::At(p)) => p,
        _ => panic!("{text:?} is not a point"),
    }
}

fn points(list: &str) -> impl Iterator<Item = Point> + '_ {
    list.split(',').filter(|s| !s.is_empty()).map(point)
}

/// The board of `blacks/whites`.
fn board_of(stones: &str) -> Board {
    let (blacks, whites) = stones.split_once('/').expect("blacks/whites");
    let mut board = Board::new();
    for (list, c) in [(blacks, Color::Black), (whites, Color::White)] {
        for p in points(list) {
            board.place(p, c);
        }
    }
    board
}

/// The line made whole: a last four with two five points goes on with the block and the
/// five; one with a single five point ends there (the defender may not take it).
fn completed(board: &Board, attacker: Color, mut line: Vec<Point>) -> (Vec<Point>, MateEnd) {
    let mut after = board.clone();
    for (k, &p) in line.iter().enumerate() {
        let c = if k % 2 == 0 {
            attacker
        } else {
            attacker.opponent()
        };
        after.place(p, c);
    }
    let last = *line.last().expect("a line");
    after.remove(last);
    let five = makes_win(&after, last, attacker, Rule::Renju);
    after.place(last, attacker);
    if five {
        return (line, MateEnd::Five);
    }
    let fives: Vec<Point> = after
        .empty_points()
        .filter(|&p| makes_win(&after, p, attacker, Rule::Renju))
        .collect();
    match fives.as_slice() {
        [block, five, ..] => {
            line.extend([*block, *five]);
            (line, MateEnd::Five)
        }
        _ => (line, MateEnd::ForbiddenBlock),
    }
}

fn main() {
    let terms = Terms {
        rule: Rule::Renju,
        kind: MateKind::Vcf,
        threats: Threats::Threes,
    };
    let (mut passed, mut failed, mut shorter) = (0, 0, 0);
    for row in std::io::stdin().lock().lines() {
        let row = row.expect("a line of input");
        let f: Vec<&str> = row.split('\t').collect();
        let (theirs, line) = (f[9], f[12]);
        if theirs != "win" || line.is_empty() {
            continue;
        }
        let attacker = if f[1] == "o" {
            Color::Black
        } else {
            Color::White
        };
        let board = board_of(f[2]);
        let (line, end) = completed(&board, attacker, points(line).collect());
        match verify_line(&board, attacker, terms, &line, end) {
            Ok(depth) => {
                passed += 1;
                let ours: u32 = f[4].parse().expect("our depth");
                if f[3] == "win" && depth < ours {
                    shorter += 1;
                    println!("#{}: their line wins in {depth}, ours in {ours}", f[0]);
                }
            }
            Err(fault) => {
                failed += 1;
                println!("#{}: their line fails: {fault}", f[0]);
            }
        }
    }
    println!(
        "their winning lines: {passed} pass the verifier, {failed} fail, {shorter} shorter than ours"
    );
}
