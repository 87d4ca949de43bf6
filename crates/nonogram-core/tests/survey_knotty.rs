//! `survey-knotty` (Joe Cooke's 40x40 "Knotty Puzzle" from Wolter's solver survey, in
//! `data/bench/` of this crate) has more than one solution. No solver of
//! the survey's benchmark settled it within 60 s; ours finds two quarter-turn symmetric
//! pictures in its symmetric pre-search. (An independent CaDiCaL run on a SAT encoding of the
//! clues with the quarter-turn constraint found two such pictures too, differing in 56
//! cells.) The pictures are checked here against the clues, independently of the solver.

use nonogram_core::cells::clues_of;
use nonogram_core::solver::{SolveInput, SolveStatus, solve};
use std::path::PathBuf;

fn knotty() -> (Vec<Vec<u32>>, Vec<Vec<u32>>) {
    let dir = std::env::var_os("NONOGRAM_BENCH").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/bench"),
        PathBuf::from,
    );
    let path = dir.join("survey-knotty.json");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (set NONOGRAM_BENCH)", path.display()));
    let v: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let rows = serde_json::from_value(v["rows"].clone()).expect("rows");
    let cols = serde_json::from_value(v["cols"].clone()).expect("cols");
    (rows, cols)
}

fn satisfies(pic: &[String], rows: &[Vec<u32>], cols: &[Vec<u32>]) -> bool {
    let grid: Vec<Vec<bool>> = pic
        .iter()
        .map(|r| r.chars().map(|c| c == '#').collect())
        .collect();
    grid.len() == rows.len()
        && grid.iter().all(|r| r.len() == cols.len())
        && grid.iter().zip(rows).all(|(r, want)| clues_of(r) == *want)
        && (0..cols.len()).all(|c| {
            let col: Vec<bool> = grid.iter().map(|r| r[c]).collect();
            clues_of(&col) == cols[c]
        })
}

#[test]
fn knotty_is_multiple_with_two_valid_pictures() {
    let (rows, cols) = knotty();
    let v = solve(SolveInput {
        rows: nonogram_core::palette::plain_lists(&rows),
        cols: nonogram_core::palette::plain_lists(&cols),
        palette: None,
        timeout_ms: None,
        goal: None,
    })
    .expect("valid puzzle");
    assert_eq!(v.status, SolveStatus::Multiple, "{:?}", v.stats);
    assert_eq!(v.solutions.len(), 2);
    assert_ne!(v.solutions[0], v.solutions[1]);
    for pic in &v.solutions {
        assert!(satisfies(pic, &rows, &cols));
    }
}
