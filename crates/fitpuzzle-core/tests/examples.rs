//! The published examples and the design note's own test case, through the public API and the
//! JSON input format. Expected values are derived by hand in the comments (and the two
//! official answers, 14 and 0, are the ones the problem statement publishes).

use fitpuzzle_core::{SolveInput, SolveVerdict, solve};
use serde_json::json;

fn run(input: serde_json::Value) -> SolveVerdict {
    solve(serde_json::from_value::<SolveInput>(input).unwrap()).unwrap()
}

fn summary(v: &SolveVerdict) -> Vec<(usize, usize, u16, bool)> {
    v.placements
        .iter()
        .map(|p| (p.piece, p.hole, p.rotation, p.flipped))
        .collect()
}

fn official_1() -> serde_json::Value {
    json!({
        "game_board": [[1,1,0,0,1,0],[0,0,1,0,1,0],[0,1,1,0,0,1],[1,1,0,1,1,1],[1,0,0,0,1,0],[0,1,1,1,0,0]],
        "table": [[1,0,0,1,1,0],[1,0,1,0,1,0],[0,1,1,0,1,1],[0,0,1,0,0,0],[1,1,0,1,1,0],[0,1,0,0,0,0]]
    })
}

/// Holes: 0 = Z pentomino at [0,2], 1 = vertical domino at [0,5], 2 = L tromino `##/#.` at
/// [1,0], 3 = T tetromino pointing up at [3,2], 4 = L tromino `.#/##` at [4,5], 5 = the
/// single cell [5,0]. Pieces: 0 = vertical domino, 1 = the same Z pentomino, 2 = T pointing
/// left, 3 = L tromino `##/.#`, 4 = horizontal domino.
/// Z -> hole 0 as is (5), domino 0 -> hole 1 as is (2), the L tromino turned 270 degrees
/// clockwise is `##/#.` and takes hole 2, the lower of the two L holes (3), the T turned 90
/// degrees clockwise points up (4): 14.
#[test]
fn official_example_1_fills_14() {
    let v = run(official_1());
    assert_eq!(v.filled, 14);
    assert_eq!(
        summary(&v),
        [
            (1, 0, 0, false),
            (0, 1, 0, false),
            (3, 2, 270, false),
            (2, 3, 90, false)
        ]
    );
    assert_eq!(
        v.empty_holes.iter().map(|h| h.hole).collect::<Vec<_>>(),
        [4, 5]
    );
    assert_eq!(
        v.unused_pieces.iter().map(|p| p.piece).collect::<Vec<_>>(),
        [4]
    );
    insta::assert_json_snapshot!("official_example_1", v);
}

/// The hole is `###/..#`, the piece `###/#..`: mirror images, so 0 without flips and 4 with.
#[test]
fn official_example_2_fills_0_and_4_with_flips() {
    let mut input = json!({
        "game_board": [[0,0,0],[1,1,0],[1,1,1]],
        "table": [[1,1,1],[1,0,0],[0,0,0]]
    });
    let v = run(input.clone());
    assert_eq!(v.filled, 0);
    assert!(v.placements.is_empty());
    input["allow_flip"] = json!(true);
    let v = run(input);
    assert_eq!(v.filled, 4);
    assert_eq!(summary(&v), [(0, 0, 0, true)]);
}

/// The design note's last case, which its author expected to give 0. Holes: 0 = P pentomino
/// (`##/##/#.` at [0,0]), 1 and 2 = L trominoes, 3 = J tetromino (`.#/.#/##` at [2,4]),
/// 4 = [4,0]. Pieces: 0 = Z tetromino, 1 = J tetromino `.#/.#/##`, 2 = P pentomino
/// `.#/##/##`, which is the hole's P turned 180 degrees. P (5) + J (4) = 9; no tromino or
/// single-cell piece exists, and no hole is a Z.
#[test]
fn design_note_custom_case_fills_9() {
    let input = json!({
        "game_board": [[0,0,1,0,0],[0,0,1,0,1],[0,1,0,1,0],[1,0,0,1,0],[0,1,1,0,0]],
        "table": [[0,1,1,0,0],[0,0,1,1,0],[0,1,0,0,1],[0,1,0,1,1],[1,1,0,1,1]]
    });
    let v = run(input.clone());
    assert_eq!(v.filled, 9);
    assert_eq!(summary(&v), [(2, 0, 180, false), (1, 3, 0, false)]);
    assert_eq!(
        v.placements[0].cells,
        [[0, 0], [0, 1], [1, 0], [1, 1], [2, 0]]
    );
    assert_eq!(v.placements[1].cells, [[2, 4], [3, 4], [4, 3], [4, 4]]);
    assert_eq!(
        v.empty_holes.iter().map(|h| h.hole).collect::<Vec<_>>(),
        [1, 2, 4]
    );
    assert_eq!(
        v.unused_pieces.iter().map(|p| p.piece).collect::<Vec<_>>(),
        [0]
    );
    insta::assert_json_snapshot!("design_note_custom_case", v);

    // Flips add nothing here: the only other four-cell piece is a Z and no hole is a Z or S.
    let mut flipped = input;
    flipped["allow_flip"] = json!(true);
    assert_eq!(run(flipped).filled, 9);
}

/// Boards of different sizes, neither square: a 3x7 board and a 2x5 table.
/// Board holes: 0 = [0,0],[0,1],[0,2],[1,2] (`###/..#`), 1 = [0,4],[1,4] and 2 = [1,6],[2,6]
/// (vertical dominoes). Table pieces: 0 = [0,0],[1,0],[1,1],[1,2] (`#../###`), 1 = [0,3],[0,4]
/// (horizontal domino). `#../###` turned 180 degrees is `###/..#`: hole 0 (4 cells); the
/// domino stands up after a quarter turn and takes hole 1, the lower domino hole (2): 6.
#[test]
fn rectangular_boards_of_different_sizes() {
    let v = run(json!({
        "game_board": [[0,0,0,1,0,1,1],[1,1,0,1,0,1,0],[1,1,1,1,1,1,0]],
        "table": [[1,0,0,1,1],[1,1,1,0,0]]
    }));
    assert_eq!(v.filled, 6);
    assert_eq!(summary(&v), [(0, 0, 180, false), (1, 1, 90, false)]);
    assert_eq!(v.empty_holes.len(), 1);
    assert_eq!((v.empty_holes[0].size, v.empty_holes[0].at), (2, [1, 6]));
    assert!(v.unused_pieces.is_empty());
}
