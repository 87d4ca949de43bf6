//! Known problems, every answer replayed by the verifier, and the searches against the
//! brute-force reference on seeded middle-game positions.

use super::brute::Brute;
use super::verify::{LineFault, ProofFaultKind, Terms, verify_line, verify_proof};
use super::*;
use crate::sample::{Rng, middle_game};

/// A board from quintet-style rows (`o` black, `x` white, spaces ignored), top row first.
/// The problems below are the public test positions of renju-note/quintet (facts: positions
/// and their known solutions).
fn board_of(text: &str) -> Board {
    let rows: Vec<String> = text
        .lines()
        .map(|l| {
            l.chars()
                .filter(|c| !c.is_whitespace())
                .map(|c| match c {
                    'o' => 'X',
                    'x' => 'O',
                    c => c,
                })
                .collect::<String>()
        })
        .filter(|r| !r.is_empty())
        .collect();
    Board::from_rows(&rows).expect("a 15x15 test board")
}

fn options(kind: MateKind, max_depth: u8) -> MateOptions {
    MateOptions {
        kind,
        threats: Threats::Threes,
        max_depth,
        all_first_moves: false,
        proof: false,
        deadline: puzzles_common::Deadline::NEVER,
    }
}

fn terms(rule: Rule, options: &MateOptions) -> Terms {
    Terms {
        rule,
        kind: options.kind,
        threats: options.threats,
    }
}

/// Solves with a proof tree, checks every win's line and proof with the rules-only
/// verifiers (depth included), returns the outcome.
fn solved(board: &Board, attacker: Color, rule: Rule, options: MateOptions) -> MateOutcome {
    let options = MateOptions {
        proof: true,
        ..options
    };
    let out = solve(board, attacker, rule, &options);
    let terms = terms(rule, &options);
    if let Some(w) = out.win.as_ref().filter(|_| out.status == MateStatus::Win) {
        let depth = verify_line(board, attacker, terms, &w.line, w.end)
            .unwrap_or_else(|e| panic!("{e}: {:?}\n{board:?}", w.line));
        assert_eq!(depth, w.depth());
        assert!(depth <= u32::from(options.max_depth));
        let proof = out.proof.as_ref().expect("asked for a proof");
        assert_eq!(proof.attack, w.line[0]);
        let proven = verify_proof(board, attacker, terms, proof, depth)
            .unwrap_or_else(|e| panic!("{e}\n{board:?}"));
        assert_eq!(proven, depth, "{board:?}");
    }
    out
}

#[test]
fn the_verifier_names_the_first_fault_of_a_spoilt_line() {
    let b = board_of(VCF_BLACK);
    let (black, rule, vcf) = (Color::Black, Rule::Renju, MateKind::Vcf);
    let terms = terms(rule, &options(vcf, 113));
    let win = solved(&b, black, rule, options(MateKind::Vcf, 113))
        .win
        .expect("a known VCF");
    let line = &win.line;
    let check = |line: &[Point], end| verify_line(&b, black, terms, line, end);
    assert_eq!(check(line, win.end), Ok(13));
    // Cut after a defender move: the line must end with the attacker's.
    assert_eq!(check(&line[..2], win.end), Err(LineFault::EvenLength(2)));
    // Cut after an attacker move that is only a four: no five yet.
    assert_eq!(
        check(&line[..3], win.end),
        Err(LineFault::NoEnd(2, line[2]))
    );
    // The defender ignores the four (plays the attacker's next point instead).
    let mut ignored = line[..3].to_vec();
    ignored[1] = line[2];
    assert!(matches!(
        check(&ignored, win.end),
        Err(LineFault::DefenderMissedBlock(1, _))
    ));
    // A move onto a stone.
    let taken = Point::from_index(
        (0..crate::board::CELLS)
            .find(|&i| b.get(Point::from_index(i)).is_some())
            .unwrap(),
    );
    assert_eq!(check(&[taken], win.end), Err(LineFault::Occupied(0, taken)));
    // A quiet first move threatens nothing.
    let quiet = crate::notation::pt("a1");
    assert_eq!(
        check(&[quiet, crate::notation::pt("o1"), line[0]], win.end),
        Err(LineFault::NoThreat(0, quiet, vcf))
    );
    assert_eq!(
        LineFault::NoThreat(0, quiet, vcf).to_string(),
        "move 0 (a1) leaves no four"
    );
}

fn depth_of(out: &MateOutcome) -> Option<u32> {
    out.win.as_ref().map(Win::depth)
}

const VCF_BLACK: &str = "
 . . . . . . . . . . . . . . .
 . . . . . . . . x . . o . . .
 . . . . o . x o . . . . . . .
 . . . . . . . o . . x . . . .
 . . . . . . . x o . . x . . .
 . . . . . . o o x . o . . . .
 . . . . . x . x x o . x . . .
 . . . . . . . o o x . . . . .
 . . . . . . . . . . . . . . .
 . . . . . . . . . . . . . . .
 . . . . . . . . . . . . . . .
 . . . . . . . . . . . . . . .
 . . . . . . . . . . . . . . .
 . . . . . . . . . . . . . . .
 . . . . . . . . . . . . . . .";

#[test]
fn vcf_black_twelve_fours_then_five() {
    // quintet finds 12 black moves to the unstoppable four, none in 11: 13 with the five.
    let b = board_of(VCF_BLACK);
    let out = solved(&b, Color::Black, Rule::Renju, options(MateKind::Vcf, 113));
    assert_eq!(out.status, MateStatus::Win);
    assert_eq!(depth_of(&out), Some(13));
    let out = solved(&b, Color::Black, Rule::Renju, options(MateKind::Vcf, 12));
    assert_eq!(out.status, MateStatus::NoWin);
}

#[test]
fn vcf_white_against_forbidden_points() {
    let b = board_of(
        "
 . . . . . . . . . . . . . . .
 . . . . . . . . . . . x . . .
 . . . . . . . . . . o . . . .
 . . . . . . . . . x . x o . .
 . . . . . . . . x . . . o . .
 . . . . . . . x x o . x . . .
 . . . . . . o x o o . . o . .
 . . . . . x o o . . . . . . .
 . . . . . . . . . . . . . . .
 . . . . . . . . . . . . . . .
 . . . . . . . . . . . . . . .
 . . . . . . . . . . . . . . .
 . . . . . . . . . . . . . . .
 . . . . . . . . . . . . . . .
 . . . . . . . . . . . . . . .",
    );
    let out = solved(&b, Color::White, Rule::Renju, options(MateKind::Vcf, 113));
    assert_eq!(depth_of(&out), Some(6));
    let out = solved(&b, Color::White, Rule::Renju, options(MateKind::Vcf, 5));
    assert_eq!(out.status, MateStatus::NoWin);
}

#[test]
fn vcf_blocks_a_counter_four_with_a_four() {
    let b = board_of(
        "
 . . . . . . . . . . . . . . .
 . . . . . . . . . . . . . . .
 . . . . . . . . . . . . . . .
 . . . . . . . . . . . . . . .
 . . . . . . . . . . . . . . .
 . . . . . . . . . . . . . . .
 . . . . . . . x . . . . . . .
 . . . . . . . o . o o x . . .
 . . . . . . . . o x . o . . .
 . . . . . . . . o . x . . . .
 . . . . . . . . x . . x . . .
 . . . . . . . . . . . . . . .
 . . . . . . . . . . . . . . .
 . . . . . . . . . . . . . . .
 . . . . . . . . . . . . . . .",
    );
    let out = solved(&b, Color::Black, Rule::Renju, options(MateKind::Vcf, 113));
    assert_eq!(out.status, MateStatus::Win);
    let line: Vec<String> = out
        .win
        .unwrap()
        .line
        .iter()
        .map(|&p| to_notation(p))
        .collect();
    // quintet's line: I8 G8 I10 I9 J9 (G8 blocks and makes white's four; I10 blocks it).
    assert_eq!(line[..3], ["i8", "g8", "i10"]);
}

#[test]
fn vct_black_five_moves_to_end() {
    // Okabe's "5 moves to end" No. 02, as quintet tests it (4 moves + the five).
    let b = board_of(
        "
 . . . . . . . . . . . . . . .
 . . . . . . . . . . . . . . .
 . . . . . . . . . . . . . . .
 . . . . . . . . . . . . . . .
 . . . . . . . . x . . . . . .
 . . . . . . . o . . . . . . .
 . . . . . . . o x o . . . . .
 . . . . . . x o . x . . . . .
 . . . . . . . x o . . . . . .
 . . . . . . . . . . . . . . .
 . . . . . . . . . . . . . . .
 . . . . . . . . . . . . . . .
 . . . . . . . . . . . . . . .
 . . . . . . . . . . . . . . .
 . . . . . . . . . . . . . . .",
    );
    let out = solved(&b, Color::Black, Rule::Renju, options(MateKind::Vct, 5));
    assert_eq!(depth_of(&out), Some(5), "{out:?}");
    let out = solved(&b, Color::Black, Rule::Renju, options(MateKind::Vct, 4));
    assert_eq!(out.status, MateStatus::NoWin);
    // No VCF at all.
    let out = solved(&b, Color::Black, Rule::Renju, options(MateKind::Vcf, 113));
    assert_eq!(out.status, MateStatus::NoWin);
}

#[test]
fn vct_white_with_black_counter_fours() {
    // Okabe No. 63 (quintet's test_vct_counter).
    let b = board_of(
        "
 . . . . . . . . . . . . . . .
 . . . . . . . . . . . . . . .
 . . . . . . . . . . . . . . .
 . . . . . . . . . . . . . . .
 . . . . . . . . . o . . . . .
 . . . . . . . o x . . . . . .
 . . . x x o . x o . . . . . .
 . . . . . o . o o x . . . . .
 . . . . . . . o x . . . . . .
 . . . . . . x . . . . . . . .
 . . . . . . . . . . . . . . .
 . . . . . . . . . . . . . . .
 . . . . . . . . . . . . . . .
 . . . . . . . . . . . . . . .
 . . . . . . . . . . . . . . .",
    );
    let out = solved(&b, Color::White, Rule::Renju, options(MateKind::Vct, 5));
    assert_eq!(depth_of(&out), Some(5), "{out:?}");
    let out = solved(&b, Color::White, Rule::Renju, options(MateKind::Vct, 4));
    assert_eq!(out.status, MateStatus::NoWin);
}

#[test]
fn every_winning_first_move_is_listed() {
    let b = board_of(VCF_BLACK);
    let mut o = options(MateKind::Vcf, 113);
    o.all_first_moves = true;
    let out = solved(&b, Color::Black, Rule::Renju, o);
    let first = out.first_moves.expect("asked for");
    let shortest = out.win.expect("a win").line[0];
    assert!(first.contains(&shortest));
    // Each listed move wins, and no other four does.
    let mut pos = Position::new(b.clone(), Color::Black, Rule::Renju);
    for m in pos
        .attacker
        .four_moves(&pos.board)
        .iter()
        .map(Point::from_index)
    {
        if !pos.attacker.may_play(&mut pos.board, m) {
            continue;
        }
        let mut after = b.clone();
        after.place(m, Color::Black);
        let fives = pos.attacker.fives_made_by(&after, m);
        let mut wins = matches!(
            threats::after_four(&mut after, &pos.defender, fives),
            Some(AfterFour::Double(..))
        );
        if let Some(f) = fives.first().filter(|_| !wins) {
            after.place(Point::from_index(f), Color::White);
            let rest = solve(
                &after,
                Color::Black,
                Rule::Renju,
                &options(MateKind::Vcf, 112),
            );
            wins = rest.status == MateStatus::Win;
        }
        assert_eq!(first.contains(&m), wins, "{}", to_notation(m));
    }
}

/// Seeded middle-game positions with a few extra stones of one colour, so fours are common.
fn sharp_positions(seed: u64, n: usize) -> Vec<(Board, Color)> {
    let mut rng = Rng::new(seed);
    (0..n)
        .map(|k| {
            let stones = 24 + rng.below(30);
            let mut b = middle_game(&mut rng, stones);
            let attacker = if k % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            // One or two free stones for the attacker near the fight.
            for _ in 0..1 + rng.below(2) {
                let empties: Vec<Point> = b
                    .empty_points()
                    .filter(|p| (4..11).contains(&p.x) && (4..11).contains(&p.y))
                    .collect();
                let p = empties[rng.below(empties.len())];
                b.place(p, attacker);
            }
            (b, attacker)
        })
        .filter(|(b, _)| {
            crate::rules::winning_rows(b, Rule::Freestyle) == crate::rules::WinningRows::Neither
        })
        .collect()
}

#[test]
fn vcf_agrees_with_brute_force() {
    let mut wins = 0;
    let mut total = 0;
    for rule in [Rule::Renju, Rule::Gomoku, Rule::Freestyle] {
        for (b, attacker) in sharp_positions(7 + rule as u64, 60) {
            for depth in [2u8, 3, 4] {
                let out = solved(&b, attacker, rule, options(MateKind::Vcf, depth));
                let mut brute = Brute {
                    board: b.clone(),
                    attacker,
                    rule,
                };
                let expect = brute.vcf(u32::from(depth));
                assert_eq!(
                    out.status == MateStatus::Win,
                    expect,
                    "{rule:?} {attacker:?} depth {depth}\n{b:?}"
                );
                wins += usize::from(expect);
                total += 1;
            }
        }
    }
    // The positions must exercise both answers.
    assert!(
        wins > total / 10 && wins < total * 9 / 10,
        "{wins} of {total}"
    );
}

#[test]
fn vct_agrees_with_brute_force() {
    let mut wins = 0;
    let mut total = 0;
    for rule in [Rule::Renju, Rule::Freestyle] {
        for (b, attacker) in sharp_positions(70 + rule as u64, 8) {
            let out = solved(&b, attacker, rule, options(MateKind::Vct, 3));
            let mut brute = Brute {
                board: b.clone(),
                attacker,
                rule,
            };
            let expect = brute.vct(3);
            assert_eq!(
                out.status == MateStatus::Win,
                expect,
                "{rule:?} {attacker:?}\n{b:?}"
            );
            wins += usize::from(expect);
            total += 1;
        }
    }
    assert!(wins > 0 && wins < total, "{wins} of {total}");
}

/// The board after a record without passes, and the side to move.
fn after_moves(moves: &str) -> (Board, Color) {
    let mut board = Board::new();
    let mut side = Color::Black;
    for m in moves.split_whitespace() {
        board.place(crate::notation::pt(m), side);
        side = side.opponent();
    }
    (board, side)
}

fn names(points: &[Point]) -> Vec<String> {
    points.iter().map(|&p| to_notation(p)).collect()
}

/// A middle game where the first defence of the opening three to be proven lost (d8) falls
/// in three, but e8 or i8 hold out longer: the depth is that of the best defence.
const LONGEST_DEFENCE: &str = "h8 j10 k12 l11 l8 m12 f8 m6 o4 i7 j14 h9 j13 f10 d7 i15 d6 e6 \
    h14 n2 i12 k10 j9 n10 l10 c8 d4 d5 n9 g14 e5 l9 l13 c6 i9 f13 m15 b10";

#[test]
fn vct_depth_is_that_of_the_defence_that_holds_out_longest() {
    let (b, attacker) = after_moves(LONGEST_DEFENCE);
    let out = solved(&b, attacker, Rule::Renju, options(MateKind::Vct, 7));
    let depth = depth_of(&out).expect("a VCT within 7");
    for max in 1..depth {
        let shallower = solve(
            &b,
            attacker,
            Rule::Renju,
            &options(MateKind::Vct, max as u8),
        );
        assert_eq!(shallower.status, MateStatus::NoWin, "max_depth {max}");
    }
    let exact = solved(
        &b,
        attacker,
        Rule::Renju,
        options(MateKind::Vct, depth as u8),
    );
    assert_eq!(depth_of(&exact), Some(depth));
    assert_eq!(depth, 6);
    // White's d8 lets the three through (a win in three); e8 and i8 hold out longest.
    let line = names(&out.win.expect("a win").line);
    assert_eq!(line[0], "g8");
    assert!(["e8", "i8"].contains(&line[1].as_str()), "{line:?}");
}

/// Black's open four h8-k8 is a five on offer; the d-column three makes fours at d1, d2, d6
/// and d7.
const FIVE_ON_OFFER: &str = "h8 a15 i8 k15 j8 m15 k8 o15 d3 m13 d4 o13 d5 o11";

#[test]
fn first_moves_beside_a_five_on_offer_include_every_threat() {
    let (b, attacker) = after_moves(FIVE_ON_OFFER);
    let first = |kind| {
        let mut o = options(kind, 3);
        o.all_first_moves = true;
        names(
            &solved(&b, attacker, Rule::Renju, o)
                .first_moves
                .expect("asked for"),
        )
    };
    let vcf = first(MateKind::Vcf);
    assert_eq!(vcf, ["d1", "d2", "d6", "d7", "g8", "l8"]);
    // The open three d3-d5 stands as a win-in-two, so no move makes a new three: the same.
    assert_eq!(first(MateKind::Vct), vcf);
}

#[test]
fn an_expired_deadline_stops_a_search_before_it_starts() {
    let (b, attacker) = after_moves("h8 h9 i8");
    let expired = |kind| MateOptions {
        deadline: puzzles_common::Deadline::after_ms(Some(0)),
        ..options(kind, 7)
    };
    for kind in [MateKind::Vcf, MateKind::Vct] {
        let out = solve(&b, attacker, Rule::Renju, &expired(kind));
        assert_eq!(out.status, MateStatus::Timeout, "{kind:?}");
    }
    // A five on offer needs no search: it answers whatever the limit.
    let (b, attacker) = after_moves(FIVE_ON_OFFER);
    let out = solve(&b, attacker, Rule::Renju, &expired(MateKind::Vct));
    assert_eq!(out.status, MateStatus::Win);
}

#[test]
fn the_proof_verifier_finds_an_unanswered_defence() {
    let (b, attacker) = after_moves(LONGEST_DEFENCE);
    let out = solved(&b, attacker, Rule::Renju, options(MateKind::Vct, 6));
    let mut proof = out.proof.expect("a proof");
    let terms = terms(Rule::Renju, &options(MateKind::Vct, 6));
    assert_eq!(verify_proof(&b, attacker, terms, &proof, 6), Ok(6));
    // Claimed in fewer moves than it takes.
    let short = verify_proof(&b, attacker, terms, &proof, 5).unwrap_err();
    assert_eq!(short.fault, ProofFaultKind::TooDeep);
    // Without the answer to one defence of the first three, that defence is unanswered.
    let (dropped, _) = proof.defences.remove(0);
    let fault = verify_proof(&b, attacker, terms, &proof, 6).unwrap_err();
    assert_eq!(fault.fault, ProofFaultKind::Unanswered(dropped), "{fault}");
    assert_eq!(fault.path, [proof.attack]);
}

/// A middle game where black has no VCT by fours and threes within 5, but a quiet c4 that
/// prepares a VCF starts one.
const QUIET_VCF_THREAT: [&str; 15] = [
    "...............",
    "...............",
    "...............",
    "...............",
    "...............",
    ".....O.........",
    ".....O.........",
    "......OX.......",
    "....O...O......",
    ".....X.........",
    "..X............",
    ".....X.........",
    "O.X............",
    "....X..........",
    "...............",
];

#[test]
fn vcf_threats_find_wins_that_threes_miss() {
    let b = Board::from_rows(&QUIET_VCF_THREAT).expect("a board");
    let threes = solved(&b, Color::Black, Rule::Renju, options(MateKind::Vct, 5));
    assert_eq!(threes.status, MateStatus::NoWin);
    let wide = MateOptions {
        threats: Threats::Vcf,
        ..options(MateKind::Vct, 5)
    };
    // The proof (checked inside) shows each quiet move's VCF against a pass.
    let out = solved(&b, Color::Black, Rule::Renju, wide);
    assert_eq!(depth_of(&out), Some(5));
    let shallower = solve(
        &b,
        Color::Black,
        Rule::Renju,
        &MateOptions {
            max_depth: 4,
            ..wide
        },
    );
    assert_eq!(shallower.status, MateStatus::NoWin);
}

#[test]
fn vcf_threats_win_wherever_threes_do_and_never_slower() {
    let mut wins = 0;
    for (b, attacker) in sharp_positions(170, 24) {
        let narrow = solved(&b, attacker, Rule::Renju, options(MateKind::Vct, 4));
        let wide = MateOptions {
            threats: Threats::Vcf,
            ..options(MateKind::Vct, 4)
        };
        let wide = solved(&b, attacker, Rule::Renju, wide);
        if let Some(d) = depth_of(&narrow) {
            assert!(depth_of(&wide).is_some_and(|w| w <= d), "{b:?}");
            wins += 1;
        }
    }
    assert!(wins > 3, "{wins} wins");
}
