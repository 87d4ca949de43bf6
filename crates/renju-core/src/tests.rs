//! Named tricky positions written from the rules, snapshots of `check` on them, and property
//! tests against the slow reference implementation.

use crate::board::{Board, Color, Point, SIZE};
use crate::checked::check_position;
use crate::commands::{CheckInput, CheckVerdict, check};
use crate::notation::{MoveSpec, pt, to_notation};
use crate::reference;
use crate::rules::{self, BlackMove, Foul, Rule, classify_black, forbidden_map};
use proptest::prelude::*;

/// Classify black's move at `at` with both engines and insist they agree.
fn judge(rows: &[&str], at: &str) -> BlackMove {
    let mut b = Board::parse(rows);
    let p = pt(at);
    assert!(b.get(p).is_none(), "{at} is occupied");
    let fast = classify_black(&mut b, p);
    let mut g = reference::Grid::from_board(&b);
    let slow = reference::classify(&mut g, i32::from(p.x), i32::from(p.y));
    assert_eq!(fast, slow, "engine and reference disagree at {at}");
    fast
}

/// White filler stones far from the action, so a diagram can be given to `check` with stone
/// counts that a game can reach. Spaced two apart on rows 1 and 15: they never make a row.
const FILLERS: [&str; 16] = [
    "a1", "c1", "e1", "g1", "i1", "k1", "m1", "o1", "a15", "c15", "e15", "g15", "i15", "k15",
    "m15", "o15",
];

/// Rows of the diagram plus enough white fillers for black to be the side to move.
fn balanced(rows: &[&str]) -> Vec<String> {
    let mut b = Board::parse(rows);
    let mut fill = FILLERS
        .iter()
        .map(|s| pt(s))
        .filter(|&p| b.get(p).is_none())
        .collect::<Vec<_>>()
        .into_iter();
    while b.count(Color::White) < b.count(Color::Black) {
        b.place(fill.next().expect("enough fillers"), Color::White);
    }
    b.to_rows()
}

#[derive(serde::Serialize)]
struct Snap {
    board: Vec<String>,
    check: CheckVerdict,
}

fn check_snapshot(rows: &[&str]) -> Snap {
    let board = balanced(rows);
    let v = check(CheckInput {
        board: Some(board.clone()),
        ..Default::default()
    })
    .expect("valid board");
    // The verdict must agree with the reference engine point by point.
    let b = Board::from_rows(&board).expect("board");
    let slow: Vec<(String, Foul)> = reference::forbidden_map(&b)
        .into_iter()
        .map(|(p, f)| (to_notation(p), f))
        .collect();
    let fast: Vec<(String, Foul)> = v
        .forbidden
        .iter()
        .map(|f| (f.at.clone(), f.reason))
        .collect();
    assert_eq!(fast, slow);
    Snap { board, check: v }
}

// Diagrams: 15 rows, top = row 15, columns a..o; X black, O white.

/// g8 . i8 across and h7 . h9 down: h8 makes two open threes.
const DOUBLE_THREE: [&str; 15] = [
    "...............", // 15
    "...............", // 14
    "...............", // 13
    "...............", // 12
    "...............", // 11
    "...............", // 10
    ".......X.......", //  9
    "......X.X......", //  8
    ".......X.......", //  7
    "...............", //  6
    "...............", //  5
    "...............", //  4
    "...............", //  3
    "...............", //  2
    "...............", //  1
];

/// e8 f8 g8 across, h6 h7 down: h8 makes a (straight) four and a three: legal.
const FOUR_THREE: [&str; 15] = [
    "...............", // 15
    "...............", // 14
    "...............", // 13
    "...............", // 12
    "...............", // 11
    "...............", // 10
    "...............", //  9
    "....XXX........", //  8
    ".......X.......", //  7
    ".......X.......", //  6
    "...............", //  5
    "...............", //  4
    "...............", //  3
    "...............", //  2
    "...............", //  1
];

/// d8 . f8 g8 . . j8: h8 makes X.XXX.X, two fours on one line (e8 and i8 both make five).
const DOUBLE_FOUR_SPLIT: [&str; 15] = [
    "...............", // 15
    "...............", // 14
    "...............", // 13
    "...............", // 12
    "...............", // 11
    "...............", // 10
    "...............", //  9
    "...X.XX..X.....", //  8
    "...............", //  7
    "...............", //  6
    "...............", //  5
    "...............", //  4
    "...............", //  3
    "...............", //  2
    "...............", //  1
];

/// c8 d8 . f8 . . i8 j8: g8 makes XX.XX.XX, two fours on one line (e8 and h8).
const DOUBLE_FOUR_PAIRS: [&str; 15] = [
    "...............", // 15
    "...............", // 14
    "...............", // 13
    "...............", // 12
    "...............", // 11
    "...............", // 10
    "...............", //  9
    "..XX.X..XX.....", //  8
    "...............", //  7
    "...............", //  6
    "...............", //  5
    "...............", //  4
    "...............", //  3
    "...............", //  2
    "...............", //  1
];

/// c8 d8 e8 . g8 h8: f8 makes six.
const OVERLINE: [&str; 15] = [
    "...............", // 15
    "...............", // 14
    "...............", // 13
    "...............", // 12
    "...............", // 11
    "...............", // 10
    "...............", //  9
    "..XXX.XX.......", //  8
    "...............", //  7
    "...............", //  6
    "...............", //  5
    "...............", //  4
    "...............", //  3
    "...............", //  2
    "...............", //  1
];

/// As DOUBLE_THREE, but white e8 leaves the row g8 h8 i8 one straight-four point, j8, and
/// j6 j7 . j9 j10 j11 make j8 an overline point. The row is no three: h8 is legal.
const THREE_ONLY_SF_IS_OVERLINE: [&str; 15] = [
    "...............", // 15
    "...............", // 14
    "...............", // 13
    "...............", // 12
    ".........X.....", // 11
    ".........X.....", // 10
    ".......X.X.....", //  9
    "....O.X.X......", //  8
    ".......X.X.....", //  7
    ".........X.....", //  6
    "...............", //  5
    "...............", //  4
    "...............", //  3
    "...............", //  2
    "...............", //  1
];

/// Row g8 h8 i8 again has j8 as its only straight-four point (white e8); h9 h10 give h8 a
/// vertical three. With h8 placed, j8 makes the straight four g8-j8 plus the threes j6 j7 j8 and
/// j8 k9 l10: a four-three-three, forbidden as a double-three. So the row is no three and h8 is
/// legal.
const THREE_SF_IS_DOUBLE_THREE: [&str; 15] = [
    "...............", // 15
    "...............", // 14
    "...............", // 13
    "...............", // 12
    "...............", // 11
    ".......X...X...", // 10
    ".......X..X....", //  9
    "....O.X.X......", //  8
    ".........X.....", //  7
    ".........X.....", //  6
    "...............", //  5
    "...............", //  4
    "...............", //  3
    "...............", //  2
    "...............", //  1
];

/// The same without k9 l10: j8 is then only a four-three (legal), the row is a three, and h8
/// is a double-three.
const THREE_SF_IS_FOUR_THREE: [&str; 15] = [
    "...............", // 15
    "...............", // 14
    "...............", // 13
    "...............", // 12
    "...............", // 11
    ".......X.......", // 10
    ".......X.......", //  9
    "....O.X.X......", //  8
    ".........X.....", //  7
    ".........X.....", //  6
    "...............", //  5
    "...............", //  4
    "...............", //  3
    "...............", //  2
    "...............", //  1
];

/// Row g8 h8 i8 with only j8 as straight-four point (white e8); j9 j10 j11 make j8 a second
/// four once h8 is down: j8 is a double-four, the row is no three, h8 (with h7 h9) is legal.
const THREE_SF_IS_DOUBLE_FOUR: [&str; 15] = [
    "...............", // 15
    "...............", // 14
    "...............", // 13
    "...............", // 12
    ".........X.....", // 11
    ".........X.....", // 10
    ".......X.X.....", //  9
    "....O.X.X......", //  8
    ".......X.......", //  7
    "...............", //  6
    "...............", //  5
    "...............", //  4
    "...............", //  3
    "...............", //  2
    "...............", //  1
];

/// h8 makes the five d8-h8 and the threes h7 h8 h9 and g7 h8 i9: a five is never forbidden.
const FIVE_WITH_DOUBLE_THREE: [&str; 15] = [
    "...............", // 15
    "...............", // 14
    "...............", // 13
    "...............", // 12
    "...............", // 11
    "...............", // 10
    ".......XX......", //  9
    "...XXXX........", //  8
    "......XX.......", //  7
    "...............", //  6
    "...............", //  5
    "...............", //  4
    "...............", //  3
    "...............", //  2
    "...............", //  1
];

/// h8 makes the five d8-h8 and the overline h6-h11 at once: the five wins.
const FIVE_WITH_OVERLINE: [&str; 15] = [
    "...............", // 15
    "...............", // 14
    "...............", // 13
    "...............", // 12
    ".......X.......", // 11
    ".......X.......", // 10
    ".......X.......", //  9
    "...XXXX........", //  8
    ".......X.......", //  7
    ".......X.......", //  6
    "...............", //  5
    "...............", //  4
    "...............", //  3
    "...............", //  2
    "...............", //  1
];

/// O . g8 h8 i8 . O: five points between two white stones make no three; h8 is legal.
const BLOCKED_THREE: [&str; 15] = [
    "...............", // 15
    "...............", // 14
    "...............", // 13
    "...............", // 12
    "...............", // 11
    "...............", // 10
    ".......X.......", //  9
    "....O.X.X.O....", //  8
    ".......X.......", //  7
    "...............", //  6
    "...............", //  5
    "...............", //  4
    "...............", //  3
    "...............", //  2
    "...............", //  1
];

/// a8 b8 c8 touches the edge: no straight four can be made on the left, and on the right
/// d8 gives a8-d8 with the edge beyond: not a three. a7 a8 a9 is one. a8 is legal.
const EDGE_THREE: [&str; 15] = [
    "...............", // 15
    "...............", // 14
    "...............", // 13
    "...............", // 12
    "...............", // 11
    "...............", // 10
    "X..............", //  9
    ".XX............", //  8
    "X..............", //  7
    "...............", //  6
    "...............", //  5
    "...............", //  4
    "...............", //  3
    "...............", //  2
    "...............", //  1
];

/// Row g8 h8 i8 has j8 as its only straight-four point (white e8), but j8 also completes the
/// five j4-j8. RIF and the contract: a three becomes a straight four "without at the same time
/// a five in a row is made", so the row is no three and h8 (with h7 h9) is legal.
const THREE_SF_MAKES_FIVE: [&str; 15] = [
    "...............", // 15
    "...............", // 14
    "...............", // 13
    "...............", // 12
    "...............", // 11
    "...............", // 10
    ".......X.......", //  9
    "....O.X.X......", //  8
    ".......X.X.....", //  7
    ".........X.....", //  6
    ".........X.....", //  5
    ".........X.....", //  4
    "...............", //  3
    "...............", //  2
    "...............", //  1
];

/// Two levels deep. As THREE_SF_IS_DOUBLE_THREE, plus white h6 and black m10 m12-m15. With h8
/// down, j8 makes the straight four g8-j8, the three j6 j7 j8, and j8 k9 l10 on the diagonal,
/// whose straight-four points are i7 (no: white h6 closes that four) and m11 (no: m10-m15
/// would be an overline). So that diagonal is no three, j8 is a legal four-three, the row
/// g8 h8 i8 is a three, and with h8 h9 h10 (straight-four point h11; h7 is closed by h6) h8 is
/// a double-three.
const TWO_LEVELS: [&str; 15] = [
    "............X..", // 15
    "............X..", // 14
    "............X..", // 13
    "............X..", // 12
    "...............", // 11
    ".......X...XX..", // 10
    ".......X..X....", //  9
    "....O.X.X......", //  8
    ".........X.....", //  7
    ".......O.X.....", //  6
    "...............", //  5
    "...............", //  4
    "...............", //  3
    "...............", //  2
    "...............", //  1
];

#[test]
fn basic_double_three_is_forbidden() {
    assert_eq!(
        judge(&DOUBLE_THREE, "h8"),
        BlackMove::Forbidden(Foul::DoubleThree)
    );
}

#[test]
fn four_three_is_legal() {
    assert_eq!(judge(&FOUR_THREE, "h8"), BlackMove::Legal);
}

#[test]
fn two_fours_on_one_line_are_a_double_four() {
    assert_eq!(
        judge(&DOUBLE_FOUR_SPLIT, "h8"),
        BlackMove::Forbidden(Foul::DoubleFour)
    );
    assert_eq!(
        judge(&DOUBLE_FOUR_PAIRS, "g8"),
        BlackMove::Forbidden(Foul::DoubleFour)
    );
    // e8 there makes one straight four, c8 d8 e8 f8 with b8 and g8 open.
    assert_eq!(judge(&DOUBLE_FOUR_PAIRS, "e8"), BlackMove::Legal);
}

#[test]
fn overline_is_forbidden() {
    assert_eq!(judge(&OVERLINE, "f8"), BlackMove::Forbidden(Foul::Overline));
}

#[test]
fn three_whose_only_straight_four_point_is_an_overline_point_is_no_three() {
    assert_eq!(
        judge(&THREE_ONLY_SF_IS_OVERLINE, "j8"),
        BlackMove::Forbidden(Foul::Overline)
    );
    assert_eq!(judge(&THREE_ONLY_SF_IS_OVERLINE, "h8"), BlackMove::Legal);
    // Control: the same shape without the j column stones is a double-three.
    let mut rows = THREE_ONLY_SF_IS_OVERLINE;
    for r in [4, 5, 9] {
        rows[r] = "...............";
    }
    for r in [6, 8] {
        rows[r] = ".......X.......";
    }
    assert_eq!(judge(&rows, "h8"), BlackMove::Forbidden(Foul::DoubleThree));
}

#[test]
fn three_whose_completing_point_is_a_double_three_is_no_three() {
    assert_eq!(judge(&THREE_SF_IS_DOUBLE_THREE, "h8"), BlackMove::Legal);
    assert_eq!(
        judge(&THREE_SF_IS_FOUR_THREE, "h8"),
        BlackMove::Forbidden(Foul::DoubleThree)
    );
    // And the completing point with h8 on the board: a four-three-three.
    let mut b = Board::parse(&THREE_SF_IS_DOUBLE_THREE);
    b.place(pt("h8"), Color::Black);
    assert_eq!(
        classify_black(&mut b, pt("j8")),
        BlackMove::Forbidden(Foul::DoubleThree)
    );
}

#[test]
fn three_whose_completing_point_is_a_double_four_is_no_three() {
    assert_eq!(judge(&THREE_SF_IS_DOUBLE_FOUR, "h8"), BlackMove::Legal);
    let mut b = Board::parse(&THREE_SF_IS_DOUBLE_FOUR);
    b.place(pt("h8"), Color::Black);
    assert_eq!(
        classify_black(&mut b, pt("j8")),
        BlackMove::Forbidden(Foul::DoubleFour)
    );
}

#[test]
fn three_whose_completing_point_makes_a_five_is_no_three() {
    assert_eq!(judge(&THREE_SF_MAKES_FIVE, "j8"), BlackMove::Five);
    assert_eq!(judge(&THREE_SF_MAKES_FIVE, "h8"), BlackMove::Legal);
}

#[test]
fn recursion_two_levels_deep() {
    assert_eq!(
        judge(&TWO_LEVELS, "h8"),
        BlackMove::Forbidden(Foul::DoubleThree)
    );
    let mut b = Board::parse(&TWO_LEVELS);
    b.place(pt("h8"), Color::Black);
    assert_eq!(classify_black(&mut b, pt("j8")), BlackMove::Legal);
    b.place(pt("j8"), Color::Black);
    assert_eq!(
        classify_black(&mut b, pt("m11")),
        BlackMove::Forbidden(Foul::Overline)
    );
}

#[test]
fn a_five_is_never_forbidden() {
    assert_eq!(judge(&FIVE_WITH_DOUBLE_THREE, "h8"), BlackMove::Five);
    assert_eq!(judge(&FIVE_WITH_OVERLINE, "h8"), BlackMove::Five);
}

#[test]
fn threes_without_room_are_no_threes() {
    assert_eq!(judge(&BLOCKED_THREE, "h8"), BlackMove::Legal);
    assert_eq!(judge(&EDGE_THREE, "a8"), BlackMove::Legal);
}

/// The named positions, as `snapshots_of_check` names them.
const FIXTURES: [(&str, &[&str; 15]); 16] = [
    ("double_three", &DOUBLE_THREE),
    ("four_three", &FOUR_THREE),
    ("double_four_split", &DOUBLE_FOUR_SPLIT),
    ("double_four_pairs", &DOUBLE_FOUR_PAIRS),
    ("overline", &OVERLINE),
    ("three_only_sf_is_overline", &THREE_ONLY_SF_IS_OVERLINE),
    ("three_sf_is_double_three", &THREE_SF_IS_DOUBLE_THREE),
    ("three_sf_is_four_three", &THREE_SF_IS_FOUR_THREE),
    ("three_sf_is_double_four", &THREE_SF_IS_DOUBLE_FOUR),
    ("three_sf_makes_five", &THREE_SF_MAKES_FIVE),
    ("two_levels", &TWO_LEVELS),
    ("five_with_double_three", &FIVE_WITH_DOUBLE_THREE),
    ("five_with_overline", &FIVE_WITH_OVERLINE),
    ("blocked_three", &BLOCKED_THREE),
    ("edge_three", &EDGE_THREE),
    ("empty", &["..............."; 15]),
];

#[test]
fn snapshots_of_check() {
    for (name, rows) in FIXTURES {
        insta::assert_json_snapshot!(format!("check_{name}"), check_snapshot(rows));
    }
}

/// `check_position` and `check` agree on every named position, given as a board and as a
/// record that reaches it (black's and white's stones alternately, in point order), and the
/// stones it lists are the position's.
#[test]
fn check_position_agrees_with_check_on_the_fixtures() {
    for (name, rows) in FIXTURES {
        let board = Board::from_rows(&balanced(rows)).expect("board");
        let by_colour = |c| {
            (0..SIZE * SIZE)
                .map(Point::from_index)
                .filter(|&p| board.get(p) == Some(c))
                .collect::<Vec<_>>()
        };
        let (black, white) = (by_colour(Color::Black), by_colour(Color::White));
        let record: Vec<MoveSpec> = black
            .iter()
            .zip(&white)
            .flat_map(|(&b, &w)| [b, w])
            .map(|p| MoveSpec::Text(to_notation(p).into()))
            .collect();
        let as_board = CheckInput {
            board: Some(board.to_rows()),
            ..Default::default()
        };
        let as_record = CheckInput {
            moves: Some(record.clone()),
            ..Default::default()
        };
        let expect = rules::forbidden_points(&board, Rule::Renju);
        for input in [as_board, as_record] {
            let pos = check_position(&input).expect(name);
            let v = check(input.clone()).expect(name);
            let spelled: Vec<(String, Foul)> = pos
                .forbidden
                .iter()
                .map(|f| (to_notation(f.at), f.reason))
                .collect();
            let reported: Vec<(String, Foul)> = v
                .forbidden
                .iter()
                .map(|f| (f.at.clone(), f.reason))
                .collect();
            assert_eq!(spelled, reported, "{name}");
            assert_eq!(pos.forbidden, expect, "{name}");
            assert_eq!((pos.to_move, &pos.winner), (v.to_move, &v.winner), "{name}");
            let mut placed = Board::new();
            for s in &pos.stones {
                placed.place(s.at, s.color);
            }
            assert_eq!(placed.to_rows(), board.to_rows(), "{name}: stones");
            let numbers: Vec<Option<usize>> = pos.stones.iter().map(|s| s.number).collect();
            if input.moves.is_some() {
                let expect: Vec<Option<usize>> = (1..=record.len()).map(Some).collect();
                assert_eq!(numbers, expect, "{name}: numbers");
            } else {
                assert!(numbers.iter().all(Option::is_none), "{name}: numbers");
            }
        }
    }
}

/// A record's stones keep their move numbers across passes, and colours alternate with them.
#[test]
fn check_position_numbers_record_moves_counting_passes() {
    let moves = ["h8", "pass", "i9", "j10"].map(|m| MoveSpec::Text(m.into()));
    let pos = check_position(&CheckInput {
        moves: Some(moves.to_vec()),
        ..Default::default()
    })
    .expect("valid record");
    let got: Vec<(Point, Color, Option<usize>)> = pos
        .stones
        .iter()
        .map(|s| (s.at, s.color, s.number))
        .collect();
    let expect = vec![
        (pt("h8"), Color::Black, Some(1)),
        (pt("i9"), Color::Black, Some(3)),
        (pt("j10"), Color::White, Some(4)),
    ];
    assert_eq!(got, expect);
    assert_eq!(pos.to_move, Color::Black);
}

// ---- property tests ----

/// The eight symmetries of the square applied to a point.
fn transform(p: Point, s: u8) -> Point {
    let (x, y) = (p.x, p.y);
    let (x, y) = if s & 4 != 0 { (y, x) } else { (x, y) };
    let x = if s & 1 != 0 { 14 - x } else { x };
    let y = if s & 2 != 0 { 14 - y } else { y };
    Point { x, y }
}

/// Random positions with stones around the centre, black somewhat more frequent than white so
/// that forbidden points are common.
fn positions() -> impl Strategy<Value = Board> {
    prop::collection::vec((2u8..13, 2u8..13, 0u8..5), 8..60).prop_map(|stones| {
        let mut b = Board::new();
        for (x, y, c) in stones {
            let p = Point { x, y };
            if b.get(p).is_none() {
                b.place(p, if c < 3 { Color::Black } else { Color::White });
            }
        }
        b
    })
}

fn forbidden_list(b: &Board) -> Vec<(Point, Foul)> {
    rules::forbidden_points(b, Rule::Renju)
        .into_iter()
        .map(|f| (f.at, f.reason))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn engine_agrees_with_reference(b in positions()) {
        prop_assert_eq!(forbidden_list(&b), reference::forbidden_map(&b));
    }

    #[test]
    fn symmetries_map_the_forbidden_set(b in positions(), s in 1u8..8) {
        let mut t = Board::new();
        for i in 0..225 {
            let p = Point::from_index(i);
            if let Some(c) = b.get(p) {
                t.place(transform(p, s), c);
            }
        }
        let mut mapped: Vec<(Point, Foul)> =
            forbidden_list(&b).into_iter().map(|(p, f)| (transform(p, s), f)).collect();
        mapped.sort_by_key(|(p, _)| (p.x, p.y));
        prop_assert_eq!(forbidden_list(&t), mapped);
    }

    #[test]
    fn a_forbidden_point_never_makes_a_five(b in positions()) {
        for (p, _) in forbidden_list(&b) {
            for d in 0..4 {
                prop_assert_ne!(b.run_through(p, d, Color::Black), 5);
            }
        }
    }

    #[test]
    fn gomoku_and_freestyle_forbid_nothing(b in positions()) {
        let rows = b.to_rows();
        for rule in [Rule::Gomoku, Rule::Freestyle] {
            prop_assert!(rules::forbidden_points(&b, rule).is_empty());
            let c = b.count(Color::Black);
            let w = b.count(Color::White);
            if (c == w || c == w + 1) && rules::winning_rows(&b, rule) == rules::WinningRows::Neither {
                let v = check(CheckInput { board: Some(rows.clone()), rule, ..Default::default() });
                prop_assert!(v.unwrap().forbidden.is_empty());
            }
        }
    }

    #[test]
    fn map_equals_point_by_point_classification(b in positions()) {
        let map = forbidden_map(&b);
        let mut scratch = b.clone();
        for (i, &got) in map.iter().enumerate() {
            let p = Point::from_index(i);
            if b.get(p).is_some() {
                prop_assert_eq!(got, None);
                continue;
            }
            let expect = match classify_black(&mut scratch, p) {
                BlackMove::Forbidden(f) => Some(f),
                _ => None,
            };
            prop_assert_eq!(got, expect);
        }
        prop_assert_eq!(scratch, b);
    }
}

#[test]
fn engine_agrees_with_reference_on_middle_games() {
    // Realistic dense positions from seeded self-play, several hundred forbidden points in all.
    let boards = crate::sample::middle_games(7, 150);
    let mut fouls = 0;
    for b in &boards {
        let fast = forbidden_list(b);
        assert_eq!(fast, reference::forbidden_map(b), "position:\n{b:?}");
        fouls += fast.len();
    }
    assert!(
        fouls > 50,
        "the sample should exercise the rule ({fouls} forbidden points)"
    );
}

#[test]
fn realistic_play_hits_every_foul_kind() {
    let boards = crate::sample::middle_games(11, 100);
    let mut kinds = std::collections::BTreeMap::new();
    for b in &boards {
        for (_, f) in forbidden_list(b) {
            *kinds.entry(f).or_insert(0) += 1;
        }
    }
    // All three fouls occur in realistic play, so all three code paths are exercised here.
    assert_eq!(kinds.len(), 3, "{kinds:?}");
}

#[test]
fn engine_agrees_with_reference_on_black_heavy_positions() {
    // Foul-rich random positions: thousands of forbidden points, many decided by recursion.
    let boards = crate::sample::black_heavy(5, 150);
    let mut fouls = 0;
    for b in &boards {
        let fast = forbidden_list(b);
        assert_eq!(fast, reference::forbidden_map(b), "position:\n{b:?}");
        fouls += fast.len();
    }
    assert!(fouls > 500, "{fouls} forbidden points");
}

#[test]
fn recursion_stays_shallow_in_practice() {
    // Nesting = stones placed at once by the recursive test below the map's own scan (1 = the
    // straight-four points of a candidate three were classified, without going deeper). A
    // level needs its stone to make a straight four and two candidate threes, so deep chains
    // need very particular shapes; foul-rich random positions stay within a few levels.
    let mut hist = [0usize; 32];
    let boards = crate::sample::black_heavy(9, 1000);
    for b in boards.iter().chain(&crate::sample::middle_games(9, 200)) {
        rules::depth::take_max();
        forbidden_map(b);
        hist[rules::depth::take_max().min(31)] += 1;
    }
    let deepest = hist.iter().rposition(|&n| n > 0).unwrap_or(0);
    // The two-level position: h8 -> j8 -> m11 / i7.
    let mut b = Board::parse(&TWO_LEVELS);
    rules::depth::take_max();
    classify_black(&mut b, pt("h8"));
    assert_eq!(rules::depth::take_max(), 3);
    assert!(
        (2..=16).contains(&deepest),
        "deepest nesting {deepest}: {hist:?}"
    );
}
