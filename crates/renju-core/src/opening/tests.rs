//! The referee's areas, symmetries and names checked against derivations that share none of
//! its code: areas grown by king steps from h8, symmetries done on the text of the board
//! (rows reversed, strings transposed), the 26 openings as equivalence classes of the 184
//! ways to place the first three stones, and the table of openings as other sources list it.

use std::collections::{BTreeMap, BTreeSet};

use super::*;
use crate::board::{Board, Color, Point, SIZE};
use crate::notation::{ParsedMove, pt, to_notation};
use crate::rules::Rule;
use crate::sample::Rng;

/// Every point, in index order.
fn all_points() -> impl Iterator<Item = Point> {
    (0..SIZE * SIZE).map(Point::from_index)
}

/// The points within `steps` king steps of h8, grown one ring at a time.
fn king_steps(steps: usize) -> BTreeSet<Point> {
    let mut reached = BTreeSet::from([pt("h8")]);
    for _ in 0..steps {
        let ring: Vec<Point> = reached
            .iter()
            .flat_map(|p| {
                (-1i64..=1).flat_map(move |dx| {
                    (-1i64..=1)
                        .filter_map(move |dy| Point::new(i64::from(p.x) + dx, i64::from(p.y) + dy))
                })
            })
            .collect();
        reached.extend(ring);
    }
    reached
}

#[test]
fn areas_are_the_central_squares_grown_by_king_steps() {
    let inside = |a: Area| -> BTreeSet<Point> { all_points().filter(|&p| a.contains(p)).collect() };
    let everything: BTreeSet<Point> = all_points().collect();
    for (area, steps) in [
        (Area::Center, 0),
        (Area::Square3, 1),
        (Area::Square5, 2),
        (Area::Square7, 3),
        (Area::Square9, 4),
    ] {
        assert_eq!(inside(area), king_steps(steps), "{area:?}");
        assert_eq!(inside(area).len(), (2 * steps + 1) * (2 * steps + 1));
    }
    let outside =
        |steps| -> BTreeSet<Point> { everything.difference(&king_steps(steps)).copied().collect() };
    assert_eq!(inside(Area::Outside5), outside(2));
    assert_eq!(inside(Area::Outside7), outside(3));
    assert_eq!(inside(Area::Anywhere), everything);
    // The corners the rule texts name.
    for (area, corners) in [
        (Area::Square3, ["g7", "i9", "g9", "i7"]),
        (Area::Square5, ["f6", "j10", "f10", "j6"]),
        (Area::Square7, ["e5", "k11", "e11", "k5"]),
        (Area::Square9, ["d4", "l12", "d12", "l4"]),
    ] {
        assert!(corners.iter().all(|c| area.contains(pt(c))), "{area:?}");
    }
    assert!(!Area::Square5.contains(pt("k11")) && Area::Outside5.contains(pt("k8")));
    assert!(!Area::Outside7.contains(pt("k8")) && Area::Outside7.contains(pt("l8")));
}

/// The board as text rows, top row first, with `marks` written over it.
fn text(board: &Board, marks: &[(Point, char)]) -> Vec<Vec<char>> {
    let mut rows: Vec<Vec<char>> = board
        .to_rows()
        .iter()
        .map(|r| r.chars().collect())
        .collect();
    for &(p, c) in marks {
        rows[SIZE - 1 - usize::from(p.y)][usize::from(p.x)] = c;
    }
    rows
}

/// The eight images of a text board: each rotation by a quarter turn, with and without a
/// mirror (reversed strings).
fn text_images(rows: &[Vec<char>]) -> Vec<Vec<Vec<char>>> {
    let turn = |r: &[Vec<char>]| -> Vec<Vec<char>> {
        (0..SIZE)
            .map(|c| (0..SIZE).rev().map(|row| r[row][c]).collect())
            .collect()
    };
    let mirror = |r: &[Vec<char>]| -> Vec<Vec<char>> {
        r.iter()
            .map(|row| row.iter().rev().copied().collect())
            .collect()
    };
    let mut out = Vec::new();
    let mut cur = rows.to_vec();
    for _ in 0..4 {
        out.push(cur.clone());
        out.push(mirror(&cur));
        cur = turn(&cur);
    }
    out
}

/// The points that the images of the board keeping its stones take `a` to (`a` itself
/// left out): where the mark written at `a` lands in each image equal to the board.
fn images_of(board: &Board, a: Point) -> BTreeSet<Point> {
    let plain = text(board, &[]);
    let marked = text(board, &[(a, 'A')]);
    text_images(&plain)
        .into_iter()
        .zip(text_images(&marked))
        .filter(|(image, _)| *image == plain)
        .filter_map(|(_, marked)| {
            let row = marked.iter().position(|r| r.contains(&'A'))?;
            let col = marked[row].iter().position(|&c| c == 'A')?;
            Point::new(col as i64, (SIZE - 1 - row) as i64)
        })
        .filter(|&b| b != a)
        .collect()
}

fn board_of(stones: &[&str]) -> Board {
    let mut b = Board::new();
    for (k, s) in stones.iter().enumerate() {
        let c = if k % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        b.place(pt(s), c);
    }
    b
}

#[test]
fn symmetric_offers_agree_with_the_text_board_on_every_fourth_stone() {
    let mut rng = Rng::new(48);
    let (mut symmetric, mut different) = (0, 0);
    for first_three in [
        ["h8", "h9", "h10"],
        ["h8", "i9", "j10"],
        ["h8", "h9", "i9"],
        ["h8", "i9", "f6"],
        ["h8", "h9", "h6"],
    ] {
        for fourth in king_steps(3) {
            if first_three.iter().any(|s| pt(s) == fourth) {
                continue;
            }
            let fourth = to_notation(fourth);
            let stones = [first_three[0], first_three[1], first_three[2], &fourth];
            let board = board_of(&stones);
            let empty: Vec<Point> = board.empty_points().collect();
            for &a in &empty {
                let images = images_of(&board, a);
                for &b in &images {
                    assert!(
                        symmetric_offers(&board, &[a, b]).is_some_and(|s| s.by.apply(a) == b),
                        "{stones:?}: {a:?} and {b:?} are symmetric"
                    );
                    symmetric += 1;
                }
                let b = empty[rng.below(empty.len())];
                if b != a && !images.contains(&b) {
                    assert_eq!(symmetric_offers(&board, &[a, b]), None, "{stones:?}");
                    different += 1;
                }
            }
        }
    }
    assert!(
        symmetric > 1000 && different > 10_000,
        "{symmetric} {different}"
    );
}

#[test]
fn symmetric_offers_name_the_symmetry_that_maps_them() {
    // Kansei with white's fourth on h11: every stone on column h, so the mirror in it keeps
    // the position and takes g10 to i10.
    let board = board_of(&["h8", "h9", "h10", "h11"]);
    let pair = symmetric_offers(&board, &[pt("k3"), pt("g10"), pt("i10")]).expect("symmetric");
    assert_eq!((pair.first, pair.second), (1, 2));
    assert_eq!(pair.by.name, "the reflection in column h");
    assert_eq!(pair.by.apply(pt("g10")), pt("i10"));
    // Moving the fourth stone off the column breaks the symmetry.
    let board = board_of(&["h8", "h9", "h10", "i11"]);
    assert_eq!(symmetric_offers(&board, &[pt("g10"), pt("i10")]), None);
}

#[test]
fn the_184_ways_to_place_three_stones_fall_into_the_26_named_openings() {
    let centre = pt("h8");
    let mut classes: Vec<(Vec<Vec<char>>, Option<Canonical>)> = Vec::new();
    let mut per_name: BTreeMap<&str, usize> = BTreeMap::new();
    let mut placements = 0;
    for second in king_steps(1).into_iter().filter(|&p| p != centre) {
        for third in king_steps(2)
            .into_iter()
            .filter(|&p| p != centre && p != second)
        {
            placements += 1;
            let name = canonical(centre, second, third);
            let c = name.expect("every placement in the squares is a canonical opening");
            *per_name.entry(c.code).or_default() += 1;
            let mut board = Board::new();
            board.place(centre, Color::Black);
            board.place(second, Color::White);
            board.place(third, Color::Black);
            let images = text_images(&text(&board, &[]));
            match classes.iter().find(|(rows, _)| images.contains(rows)) {
                Some((_, n)) => assert_eq!(*n, name, "one shape, one name"),
                None => classes.push((text(&board, &[]), name)),
            }
        }
    }
    assert_eq!(placements, 184);
    assert_eq!(classes.len(), 26);
    let names: BTreeSet<_> = classes.iter().map(|(_, n)| n.map(|c| c.code)).collect();
    assert_eq!(names.len(), 26, "two shapes share a name");
    // A shape on the line of symmetry of its first two stones has 4 images, any other 8.
    assert_eq!(per_name.values().filter(|&&n| n == 4).count(), 6);
    assert_eq!(per_name.values().filter(|&&n| n == 8).count(), 20);
    // No name for stones elsewhere, or colours out of order.
    assert_eq!(canonical(pt("h9"), pt("h8"), pt("i9")), None);
    assert_eq!(canonical(centre, pt("h10"), pt("i9")), None);
    assert_eq!(canonical(centre, pt("h9"), pt("k8")), None);
}

#[test]
fn opening_names_match_the_published_table() {
    // Third stones in D1..D13 order with white on h9, I1..I13 with white on i9, as the
    // renju literature and abstractplay's renju list them.
    let direct = [
        "h10", "i10", "j10", "i9", "j9", "i8", "j8", "h7", "i7", "j7", "h6", "i6", "j6",
    ];
    let indirect = [
        "j10", "j9", "j8", "j7", "j6", "i8", "i7", "i6", "h7", "h6", "g7", "g6", "f6",
    ];
    let names = [
        (
            "D",
            "h9",
            direct,
            [
                "Kansei",
                "Keigetsu",
                "Sosei",
                "Kagetsu",
                "Zangetsu",
                "Ugetsu",
                "Kinsei",
                "Shogetsu",
                "Kyugetsu",
                "Shingetsu",
                "Zuisei",
                "Sangetsu",
                "Yusei",
            ],
        ),
        (
            "I",
            "i9",
            indirect,
            [
                "Chosei", "Kyogetsu", "Kosei", "Suigetsu", "Ryusei", "Ungetsu", "Hogetsu",
                "Rangetsu", "Gingetsu", "Myojo", "Shagetsu", "Meigetsu", "Suisei",
            ],
        ),
    ];
    for (family, white, thirds, words) in names {
        for (k, (third, word)) in thirds.iter().zip(words).enumerate() {
            let c = canonical(pt("h8"), pt(white), pt(third)).expect("named");
            assert_eq!(
                (c.code, c.name),
                (format!("{family}{}", k + 1).as_str(), word)
            );
        }
    }
    // Turned and mirrored, the same opening: Kagetsu with white below black.
    let c = canonical(pt("h8"), pt("h7"), pt("g7")).expect("named");
    assert_eq!(c.code, "D4");
}

fn moves(s: &str) -> Vec<ParsedMove> {
    s.split_whitespace()
        .map(|m| match m {
            "pass" => ParsedMove::Pass,
            m => ParsedMove::At(pt(m)),
        })
        .collect()
}

fn offer(points: &str) -> Decision {
    Decision::Offer(points.split_whitespace().map(|p| Some(pt(p))).collect())
}

#[test]
fn a_full_rif_opening_hands_over_to_ordinary_play() {
    let actions = [Decision::Choice(Choice::Swap), offer("g10 j7")];
    let r = referee(
        Rule::Renju,
        OpeningRule::Rif,
        &moves("h8 h9 i9 j10 j7 g7 a1"),
        &actions,
    );
    assert_eq!(r.fault, None);
    assert_eq!(r.black_player, Seat::Second);
    assert_eq!(r.opening.map(|c| c.name), Some("Kagetsu"));
    assert_eq!(r.offers, vec![pt("g10"), pt("j7")]);
    // Move 8 is white's, and white is the first player after the swap.
    let next = r.next.expect("the game goes on");
    assert_eq!(next.player, Seat::First);
    assert_eq!(
        next.expected,
        Expected::Stone {
            stone: Color::White,
            area: Area::Anywhere,
            pass: true
        }
    );
}

#[test]
fn faults_come_with_their_index_and_the_rule_s_words() {
    let fault = |opening, record: &str, actions: &[Decision]| {
        referee(Rule::Renju, opening, &moves(record), actions)
            .fault
            .expect("a fault")
    };
    let f = fault(OpeningRule::Rif, "h8 h9 k11", &[]);
    assert_eq!(f.at, Item::Move(2));
    assert_eq!(f.kind, FaultKind::Opening(OpeningFault::OutsideArea));
    assert!(
        f.message
            .starts_with("rif: move 3 must be in the central 5x5"),
        "{}",
        f.message
    );
    let f = fault(OpeningRule::Rif, "h8 h9 i9 j10", &[]);
    assert_eq!(f.at, Item::Move(3));
    assert_eq!(f.kind, FaultKind::Opening(OpeningFault::MissingAction));
    let f = fault(
        OpeningRule::Rif,
        "h8 h9 h10 h11",
        &[Decision::Choice(Choice::Stay), offer("g10 i10")],
    );
    assert_eq!(f.at, Item::Action(1));
    assert_eq!(f.kind, FaultKind::Opening(OpeningFault::OfferSymmetric));
    let f = fault(OpeningRule::Pro, "h8 a1 i9", &[]);
    assert_eq!(f.kind, FaultKind::Opening(OpeningFault::OutsideArea));
    let f = fault(OpeningRule::Swap2, "h8 h9 i9", &[Decision::More(3)]);
    assert_eq!(f.kind, FaultKind::Opening(OpeningFault::UnexpectedAction));
}

#[test]
fn a_candidate_is_admitted_only_where_the_rule_expects_it() {
    let r = referee(Rule::Renju, OpeningRule::Taraguchi(10), &moves("h8"), &[]);
    assert_eq!(
        r.admits(ParsedMove::At(pt("h9"))).map_err(|e| e.0),
        Err(FaultKind::Opening(OpeningFault::MissingAction))
    );
    let r = referee(
        Rule::Renju,
        OpeningRule::Taraguchi(10),
        &moves("h8"),
        &[Decision::Choice(Choice::Stay)],
    );
    assert_eq!(r.admits(ParsedMove::At(pt("h9"))), Ok(()));
    assert_eq!(
        r.admits(ParsedMove::At(pt("h10"))).map_err(|e| e.0),
        Err(FaultKind::Opening(OpeningFault::OutsideArea))
    );
    assert_eq!(
        r.admits(ParsedMove::Pass).map_err(|e| e.0),
        Err(FaultKind::Opening(OpeningFault::Pass))
    );
}
