//! The contract's commands: `clear`, `place`, `fits`, `play`, `best`, `selfplay`.
//!
//! Each has an input type (deserialised from the command's JSON, unknown fields rejected),
//! a verdict type (serialised in field declaration order) and a function from one to the
//! other that reports bad values as [`InputError`] with a JSON pointer into the input.

use crate::engine::Engine;
use crate::error::InputError;
use crate::geometry::{Geometry, Units, check_at};
use crate::input::command_input;
pub use crate::outcome::{ClearInput, PlaceInput};
use crate::outcome::{clear_outcome, place_outcome};
use crate::piece::{Piece, Placement};
use crate::rules::{IllegalReason, Turn, apply, check};
pub use crate::selfplay::{
    GameResult, MAX_GAMES, MAX_TRAYS, SelfplayInput, SelfplayStatus, SelfplayVerdict, selfplay,
};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The units a clear removed, as the contract prints them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Cleared {
    /// Full rows, ascending (0 = top).
    pub rows: Vec<usize>,
    /// Full columns, ascending (0 = left).
    pub cols: Vec<usize>,
    /// Full boxes, ascending, numbered row-major from the top left.
    pub boxes: Vec<usize>,
    /// Cells removed, each counted once even when it lies on two full units.
    pub cells: u32,
}

impl From<Units> for Cleared {
    fn from(u: Units) -> Cleared {
        Cleared {
            rows: u.row_list(),
            cols: u.col_list(),
            boxes: u.box_list(),
            cells: u.cell_count(),
        }
    }
}

// ---------------------------------------------------------------------------------------
// clear

/// What `clear` removed and the board after it.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct ClearVerdict {
    /// Full rows removed, ascending (0 = top).
    pub rows: Vec<usize>,
    /// Full columns removed, ascending (0 = left).
    pub cols: Vec<usize>,
    /// Full boxes removed, ascending, numbered row-major from the top left.
    pub boxes: Vec<usize>,
    /// Cells removed, each counted once even when it lies on two full units.
    pub cells: u32,
    /// The board after the clear, in the input's text form.
    pub board: Vec<String>,
}

pub fn clear(input: ClearInput) -> Result<ClearVerdict, InputError> {
    let out = clear_outcome(&input)?;
    let c = Cleared::from(out.units);
    Ok(ClearVerdict {
        rows: c.rows,
        cols: c.cols,
        boxes: c.boxes,
        cells: c.cells,
        board: out.geometry.render(out.after),
    })
}

// ---------------------------------------------------------------------------------------
// place

/// The outcome of `place`. An illegal move scores 0, clears nothing, and leaves the board.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct PlaceVerdict {
    /// The piece fits there: on the board and only on empty cells.
    pub legal: bool,
    /// Why the move is illegal (`out_of_bounds` or `overlap`); null when legal.
    pub reason: Option<IllegalReason>,
    /// Points the move scores under `scoring`; 0 when illegal.
    pub points: u64,
    /// The rows, columns and boxes the move completes, removed at once.
    pub cleared: Cleared,
    /// The board after the move and its clear (unchanged when illegal).
    pub board: Vec<String>,
}

pub fn place(input: PlaceInput) -> Result<PlaceVerdict, InputError> {
    let placed = place_outcome(&input)?;
    let geo = &placed.geometry;
    Ok(match placed.result {
        Err(reason) => PlaceVerdict {
            legal: false,
            reason: Some(reason),
            points: 0,
            cleared: Units::default().into(),
            board: geo.render(placed.board),
        },
        Ok(out) => PlaceVerdict {
            legal: true,
            reason: None,
            points: out.points,
            cleared: out.units.into(),
            board: geo.render(out.board),
        },
    })
}

// ---------------------------------------------------------------------------------------
// fits

command_input! {
    /// `blockdoku fits`: where each piece fits, and whether the game is over.
    #[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct FitsInput {
        board,
        /// The pieces to test (a tray), at least one.
        pub pieces: Vec<Vec<String>>,
        size,
    }
}

/// One piece's room on the board.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct PieceFit {
    /// The piece can be placed somewhere on the board.
    pub fits: bool,
    /// Number of `at` positions where the piece can be placed.
    pub positions: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct FitsVerdict {
    /// One entry per input piece, in order.
    pub pieces: Vec<PieceFit>,
    /// True iff no piece fits anywhere.
    pub game_over: bool,
}

/// Most pieces one `fits` may test.
pub const MAX_PIECES: usize = 100_000;

fn parse_pieces(list: &[Vec<String>], path: &str) -> Result<Vec<Piece>, InputError> {
    list.iter()
        .enumerate()
        .map(|(i, rows)| Piece::parse(rows, &format!("{path}/{i}")))
        .collect()
}

pub fn fits(input: FitsInput) -> Result<FitsVerdict, InputError> {
    let geo = Geometry::of_input(input.size, input.box_size)?;
    let board = geo.parse_board(&input.board, "/board")?;
    if input.pieces.is_empty() {
        return Err(InputError::new("/pieces", "the list of pieces is empty"));
    }
    if input.pieces.len() > MAX_PIECES {
        return Err(InputError::new(
            "/pieces",
            format!(
                "the list has {} pieces, more than the {MAX_PIECES} accepted",
                input.pieces.len()
            ),
        ));
    }
    let pieces = parse_pieces(&input.pieces, "/pieces")?;
    let empty = !board & geo.full();
    let list: Vec<PieceFit> = pieces
        .iter()
        .map(|p| {
            let positions = Placement::new(p, &geo).positions(empty).count_ones();
            PieceFit {
                fits: positions > 0,
                positions,
            }
        })
        .collect();
    let game_over = list.iter().all(|f| !f.fits);
    Ok(FitsVerdict {
        pieces: list,
        game_over,
    })
}

// ---------------------------------------------------------------------------------------
// play

/// One recorded move.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MoveInput {
    /// The piece as text rows, e.g. `["##", "#."]`.
    pub piece: Vec<String>,
    /// `[row, col]` of the board cell under the top-left corner of the piece's bounding box.
    pub at: [i64; 2],
}

command_input! {
    /// `blockdoku play`: replay a game record and validate it.
    #[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct PlayInput {
        /// The starting board; empty when omitted.
        #[serde(default)]
        pub board: Option<Vec<String>>,
        /// The record: the moves in playing order.
        pub moves: Vec<MoveInput>,
        scoring,
        size,
    }
}

/// One legal move of the record.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct MoveVerdict {
    /// Points the move scored.
    pub points: u64,
    /// What the move cleared.
    pub cleared: Cleared,
}

/// The replayed record. On an illegal move `k`: `moves` holds the moves before it, `score`
/// and `board` are the state before it, `error_at` is `k` and `reason` says why.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct PlayVerdict {
    /// One entry per legal move played, in order.
    pub moves: Vec<MoveVerdict>,
    /// Total points of the moves played.
    pub score: u64,
    /// The board after the last legal move.
    pub board: Vec<String>,
    /// Index (0-based) of the first illegal move in `moves`; null when all are legal.
    pub error_at: Option<usize>,
    /// Why that move is illegal; null when all are legal.
    pub reason: Option<IllegalReason>,
}

/// Most moves a record may hold (a 1000-tray game has 3000).
pub const MAX_MOVES: usize = 1_000_000;

pub fn play(input: PlayInput) -> Result<PlayVerdict, InputError> {
    let geo = Geometry::of_input(input.size, input.box_size)?;
    let mut board = match &input.board {
        Some(rows) => geo.parse_board(rows, "/board")?,
        None => 0,
    };
    if input.moves.len() > MAX_MOVES {
        return Err(InputError::new(
            "/moves",
            format!(
                "the record has {} moves, more than the {MAX_MOVES} accepted",
                input.moves.len()
            ),
        ));
    }
    // Validate the whole record first, so a malformed later move is an input error even
    // when an earlier move is illegal.
    let mut placements = Vec::with_capacity(input.moves.len());
    for (k, m) in input.moves.iter().enumerate() {
        let piece = Piece::parse(&m.piece, &format!("/moves/{k}/piece"))?;
        check_at(m.at, geo.size(), &format!("/moves/{k}/at"))?;
        placements.push(Placement::new(&piece, &geo));
    }
    let mut moves = Vec::new();
    let mut score = 0u64;
    let mut turn = Turn {
        scoring: input.scoring,
        streak: false,
    };
    for (k, (m, p)) in input.moves.iter().zip(&placements).enumerate() {
        match check(board, p.mask_at_rc(m.at[0], m.at[1])) {
            Err(reason) => {
                return Ok(PlayVerdict {
                    moves,
                    score,
                    board: geo.render(board),
                    error_at: Some(k),
                    reason: Some(reason),
                });
            }
            Ok(mask) => {
                let out = apply(&geo, board, mask, turn);
                board = out.board;
                score += out.points;
                turn = turn.after(&out.units);
                moves.push(MoveVerdict {
                    points: out.points,
                    cleared: out.units.into(),
                });
            }
        }
    }
    Ok(PlayVerdict {
        moves,
        score,
        board: geo.render(board),
        error_at: None,
        reason: None,
    })
}

// ---------------------------------------------------------------------------------------
// best

command_input! {
    /// `blockdoku best`: the engine's order and places for a tray.
    #[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct BestInput {
        board,
        /// One to three pieces.
        pub tray: Vec<Vec<String>>,
        scoring,
        /// The move before the tray cleared something (the `combo` streak bonus); default false.
        #[serde(default)]
        pub streak: bool,
        size,
    }
}

/// One placement of the chosen plan, in playing order.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct BestMove {
    /// Index of the piece in `tray`.
    pub piece: usize,
    /// `[row, col]` of the board cell under the top-left corner of the piece's bounding box.
    pub at: [usize; 2],
    /// Points this move scores.
    pub points: u64,
    /// What this move clears.
    pub cleared: Cleared,
}

/// The engine's plan. `game_over`: no order places the whole tray; `moves` is then the
/// longest sequence that can still be played (the game ends after it).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct BestVerdict {
    /// No order of the tray places all its pieces: the game ends after `moves`.
    pub game_over: bool,
    /// The plan: one placement per piece, in playing order.
    pub moves: Vec<BestMove>,
    /// Points of the moves together.
    pub points: u64,
    /// The board after the moves.
    pub board: Vec<String>,
}

pub fn best(input: BestInput) -> Result<BestVerdict, InputError> {
    let geo = Geometry::of_input(input.size, input.box_size)?;
    let board = geo.parse_board(&input.board, "/board")?;
    if input.tray.is_empty() || input.tray.len() > 3 {
        return Err(InputError::new(
            "/tray",
            format!(
                "the tray has {} pieces; it must hold 1 to 3",
                input.tray.len()
            ),
        ));
    }
    let pieces = parse_pieces(&input.tray, "/tray")?;
    let tray: Vec<Placement> = pieces.iter().map(|p| Placement::new(p, &geo)).collect();
    let engine = Engine::new(geo);
    let plan = engine.choose(
        board,
        &tray,
        Turn {
            scoring: input.scoring,
            streak: input.streak,
        },
    );
    let n = engine.geometry().size();
    Ok(BestVerdict {
        game_over: !plan.complete,
        moves: plan
            .moves
            .iter()
            .map(|m| BestMove {
                piece: m.piece,
                at: [m.anchor as usize / n, m.anchor as usize % n],
                points: m.points,
                cleared: m.units.into(),
            })
            .collect(),
        points: plan.points,
        board: engine.geometry().render(plan.board),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::{DEFAULT_PIECES, default_set};
    use crate::rules::Scoring;
    use proptest::prelude::*;

    fn rows(text: &[&str]) -> Vec<String> {
        text.iter().map(|s| s.to_string()).collect()
    }

    fn piece(i: usize) -> Vec<String> {
        rows(DEFAULT_PIECES[i])
    }

    /// The design note's clear, written out cell by cell on a grid: full rows, full columns,
    /// full boxes, all marked on the same board before anything is removed.
    type NaiveClear = (Vec<usize>, Vec<usize>, Vec<usize>, u32, Vec<Vec<bool>>);

    fn naive_clear(grid: &[Vec<bool>], b: usize) -> NaiveClear {
        let n = grid.len();
        let mut mark = vec![vec![false; n]; n];
        let mut rs = Vec::new();
        let mut cs = Vec::new();
        let mut bs = Vec::new();
        for i in 0..n {
            if (0..n).all(|j| grid[i][j]) {
                rs.push(i);
                (0..n).for_each(|j| mark[i][j] = true);
            }
            if (0..n).all(|j| grid[j][i]) {
                cs.push(i);
                (0..n).for_each(|j| mark[j][i] = true);
            }
        }
        if let Some(per_side) = n.checked_div(b) {
            for k in 0..per_side * per_side {
                let (r0, c0) = ((k / per_side) * b, (k % per_side) * b);
                if (0..b).all(|r| (0..b).all(|c| grid[r0 + r][c0 + c])) {
                    bs.push(k);
                    (0..b).for_each(|r| (0..b).for_each(|c| mark[r0 + r][c0 + c] = true));
                }
            }
        }
        let cells = mark.iter().flatten().filter(|&&m| m).count() as u32;
        let after = (0..n)
            .map(|r| (0..n).map(|c| grid[r][c] && !mark[r][c]).collect())
            .collect();
        (rs, cs, bs, cells, after)
    }

    fn to_text(grid: &[Vec<bool>]) -> Vec<String> {
        grid.iter()
            .map(|r| r.iter().map(|&x| if x { '#' } else { '.' }).collect())
            .collect()
    }

    /// Boards of the three supported families with dense fillings, so clears happen often.
    fn board_strategy() -> impl Strategy<Value = (usize, usize, Vec<Vec<bool>>)> {
        prop_oneof![
            Just((9usize, 3usize)),
            Just((8, 0)),
            Just((10, 0)),
            Just((6, 2))
        ]
        .prop_flat_map(|(n, b)| {
            (
                Just(n),
                Just(b),
                prop::collection::vec(prop::collection::vec(prop::bool::weighted(0.8), n), n),
            )
        })
    }

    fn place_input(
        n: usize,
        b: usize,
        board: Vec<String>,
        p: usize,
        at: [i64; 2],
        scoring: Scoring,
        streak: bool,
    ) -> PlaceInput {
        PlaceInput {
            board,
            piece: piece(p),
            at,
            scoring,
            streak,
            size: n,
            box_size: Some(b),
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        #[test]
        fn clear_matches_the_naive_clear_and_leaves_no_full_unit((n, b, grid) in board_strategy()) {
            let v = clear(ClearInput { board: to_text(&grid), size: n, box_size: Some(b) }).expect("valid");
            let (rs, cs, bs, cells, after) = naive_clear(&grid, b);
            prop_assert_eq!(&v.rows, &rs);
            prop_assert_eq!(&v.cols, &cs);
            prop_assert_eq!(&v.boxes, &bs);
            prop_assert_eq!(v.cells, cells);
            prop_assert_eq!(&v.board, &to_text(&after));
            let again = clear(ClearInput { board: v.board.clone(), size: n, box_size: Some(b) }).expect("valid");
            prop_assert_eq!(again.cells, 0, "a clear left a full unit");
        }

        #[test]
        fn place_points_follow_the_formula(
            (n, b, grid) in board_strategy(),
            p in 0usize..47,
            r in 0i64..12,
            c in 0i64..12,
            streak in any::<bool>(),
        ) {
            // Anchors from -1 to size, so some pieces stick out of every side.
            let (r, c) = (r % (n as i64 + 2) - 1, c % (n as i64 + 2) - 1);
            let text = to_text(&grid);
            let shape = &default_set()[p];
            let classic = place(place_input(n, b, text.clone(), p, [r, c], Scoring::Classic, streak)).expect("valid");
            let combo = place(place_input(n, b, text.clone(), p, [r, c], Scoring::Combo, streak)).expect("valid");
            // Legality by hand.
            let inside = shape.cells().iter().all(|&(dr, dc)| {
                r >= 0 && c >= 0 && (r as usize + dr) < n && (c as usize + dc) < n
            });
            let free = inside && shape.cells().iter().all(|&(dr, dc)| !grid[r as usize + dr][c as usize + dc]);
            prop_assert_eq!(classic.legal, free);
            prop_assert_eq!(combo.legal, free);
            if !inside {
                prop_assert_eq!(classic.reason, Some(IllegalReason::OutOfBounds));
            } else if !free {
                prop_assert_eq!(classic.reason, Some(IllegalReason::Overlap));
            }
            if !free {
                prop_assert_eq!(classic.points, 0);
                prop_assert_eq!(&classic.board, &text);
                return Ok(());
            }
            let mut g2 = grid.clone();
            for &(dr, dc) in shape.cells() {
                g2[r as usize + dr][c as usize + dc] = true;
            }
            let (rs, cs, bs, cells, after) = naive_clear(&g2, b);
            prop_assert_eq!(&classic.board, &to_text(&after));
            prop_assert_eq!(classic.points, 10 * u64::from(cells));
            prop_assert_eq!(classic.cleared.cells, cells);
            let units = (rs.len() + cs.len() + bs.len()) as u64;
            let kept = shape.cells().iter().filter(|&&(dr, dc)| after[r as usize + dr][c as usize + dc]).count() as u64;
            let tier = match units { 0 => 0, 1..=2 => 18, 3..=4 => 36, 5..=7 => 54, _ => 72 };
            let bonus = if units > 0 && streak { 9 } else { 0 };
            prop_assert_eq!(combo.points, kept + tier * units + bonus);
        }

        #[test]
        fn fits_agrees_with_trying_every_position((n, b, grid) in board_strategy(), ps in prop::collection::vec(0usize..47, 1..4)) {
            let text = to_text(&grid);
            let v = fits(FitsInput {
                board: text.clone(),
                pieces: ps.iter().map(|&p| piece(p)).collect(),
                size: n,
                box_size: Some(b),
            }).expect("valid");
            let nn = n as i64;
            for (k, &p) in ps.iter().enumerate() {
                let mut count = 0;
                for r in -nn..=nn {
                    for c in -nn..=nn {
                        if place(place_input(n, b, text.clone(), p, [r, c], Scoring::Classic, false)).expect("valid").legal {
                            count += 1;
                        }
                    }
                }
                prop_assert_eq!(v.pieces[k].positions, count);
                prop_assert_eq!(v.pieces[k].fits, count > 0);
            }
            prop_assert_eq!(v.game_over, v.pieces.iter().all(|f| f.positions == 0));
        }

        #[test]
        fn play_equals_place_move_by_move(
            (n, b, grid) in board_strategy(),
            moves in prop::collection::vec((0usize..47, 0i64..9, 0i64..9), 0..25),
            combo in any::<bool>(),
        ) {
            // Start from a sparser board so records run for a while.
            let start: Vec<Vec<bool>> = grid.iter().enumerate()
                .map(|(r, row)| row.iter().enumerate().map(|(c, &x)| x && (r + c) % 3 == 0).collect())
                .collect();
            let scoring = if combo { Scoring::Combo } else { Scoring::Classic };
            let v = play(PlayInput {
                board: Some(to_text(&start)),
                moves: moves.iter().map(|&(p, r, c)| MoveInput { piece: piece(p), at: [r % n as i64, c % n as i64] }).collect(),
                scoring,
                size: n,
                box_size: Some(b),
            }).expect("valid");
            let mut board = to_text(&start);
            let mut score = 0;
            let mut streak = false;
            for (k, &(p, r, c)) in moves.iter().enumerate() {
                let (r, c) = (r % n as i64, c % n as i64);
                let step = place(place_input(n, b, board.clone(), p, [r, c], scoring, streak)).expect("valid");
                if !step.legal {
                    prop_assert_eq!(v.error_at, Some(k));
                    prop_assert_eq!(v.reason, step.reason);
                    prop_assert_eq!(v.moves.len(), k);
                    break;
                }
                prop_assert_eq!(v.moves[k].points, step.points);
                prop_assert_eq!(&v.moves[k].cleared, &step.cleared);
                score += step.points;
                streak = step.cleared.cells > 0;
                board = step.board;
            }
            if v.error_at.is_none() {
                prop_assert_eq!(v.moves.len(), moves.len());
            }
            prop_assert_eq!(v.score, score);
            prop_assert_eq!(&v.board, &board);
        }

        #[test]
        fn best_replays_legally_to_its_board(
            (n, b, grid) in board_strategy(),
            tray in prop::collection::vec(0usize..47, 1..4),
        ) {
            // Thin the board out so that most trays fit.
            let start: Vec<Vec<bool>> = grid.iter().enumerate()
                .map(|(r, row)| row.iter().enumerate().map(|(c, &x)| x && (r * 7 + c * 3) % 4 == 0).collect())
                .collect();
            let v = best(BestInput {
                board: to_text(&start),
                tray: tray.iter().map(|&p| piece(p)).collect(),
                scoring: Scoring::Combo,
                streak: false,
                size: n,
                box_size: Some(b),
            }).expect("valid");
            let mut used: Vec<usize> = v.moves.iter().map(|m| m.piece).collect();
            used.sort_unstable();
            used.dedup();
            prop_assert_eq!(used.len(), v.moves.len(), "a tray piece was used twice");
            prop_assert_eq!(v.game_over, v.moves.len() < tray.len());
            let replay = play(PlayInput {
                board: Some(to_text(&start)),
                moves: v.moves.iter().map(|m| MoveInput {
                    piece: piece(tray[m.piece]),
                    at: [m.at[0] as i64, m.at[1] as i64],
                }).collect(),
                scoring: Scoring::Combo,
                size: n,
                box_size: Some(b),
            }).expect("valid");
            prop_assert_eq!(replay.error_at, None);
            prop_assert_eq!(replay.score, v.points);
            prop_assert_eq!(&replay.board, &v.board);
            if v.game_over {
                // Then no order of the tray fits whole: the pieces left fit nowhere now.
                let left: Vec<Vec<String>> = (0..tray.len())
                    .filter(|i| !v.moves.iter().any(|m| m.piece == *i))
                    .map(|i| piece(tray[i]))
                    .collect();
                let f = fits(FitsInput { board: v.board.clone(), pieces: left, size: n, box_size: Some(b) }).expect("valid");
                prop_assert!(f.game_over);
            }
        }
    }

    // --- The design note's cases and the contract's edge cases, by hand. ---

    const E9: &str = ".........";

    const EMPTY: [&str; 9] = [
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
    ];

    fn board_with(cells: &[(usize, usize)]) -> Vec<String> {
        let mut g = vec![vec![false; 9]; 9];
        for &(r, c) in cells {
            g[r][c] = true;
        }
        to_text(&g)
    }

    #[test]
    fn note_row_column_and_box_clears() {
        // Row 4 full: 9 cells, 90 points in classic.
        let row: Vec<(usize, usize)> = (0..9).map(|c| (4, c)).collect();
        let v = clear(ClearInput {
            board: board_with(&row),
            size: 9,
            box_size: None,
        })
        .expect("valid");
        assert_eq!(
            (v.rows.clone(), v.cols.clone(), v.boxes.clone(), v.cells),
            (vec![4], vec![], vec![], 9)
        );
        assert_eq!(v.board, rows(&EMPTY));
        // Column 7 full.
        let col: Vec<(usize, usize)> = (0..9).map(|r| (r, 7)).collect();
        let v = clear(ClearInput {
            board: board_with(&col),
            size: 9,
            box_size: None,
        })
        .expect("valid");
        assert_eq!(
            (v.rows, v.cols, v.boxes, v.cells),
            (vec![], vec![7], vec![], 9)
        );
        // Box 4 (the centre) full, plus a stray cell that stays.
        let mut bx: Vec<(usize, usize)> =
            (3..6).flat_map(|r| (3..6).map(move |c| (r, c))).collect();
        bx.push((0, 0));
        let v = clear(ClearInput {
            board: board_with(&bx),
            size: 9,
            box_size: None,
        })
        .expect("valid");
        assert_eq!(
            (v.rows, v.cols, v.boxes, v.cells),
            (vec![], vec![], vec![4], 9)
        );
        assert_eq!(v.board, board_with(&[(0, 0)]));
        // Without boxes the same board clears nothing.
        let v = clear(ClearInput {
            board: board_with(&bx),
            size: 9,
            box_size: Some(0),
        })
        .expect("valid");
        assert_eq!(v.cells, 0);
    }

    #[test]
    fn double_clear_counts_the_shared_cell_once() {
        // Row 0 and column 0 full except (0, 0); the monomino there completes both and box 0
        // is not full. 9 + 9 - 1 = 17 cells, 170 points.
        let mut cells: Vec<(usize, usize)> = (1..9).map(|c| (0, c)).collect();
        cells.extend((1..9).map(|r| (r, 0)));
        let v = place(place_input(
            9,
            3,
            board_with(&cells),
            0,
            [0, 0],
            Scoring::Classic,
            false,
        ))
        .expect("valid");
        assert!(v.legal);
        assert_eq!(v.cleared.rows, vec![0]);
        assert_eq!(v.cleared.cols, vec![0]);
        assert_eq!(v.cleared.cells, 17);
        assert_eq!(v.points, 170);
        assert_eq!(v.board, rows(&EMPTY));
        // Combo: 2 units -> 18 * 2 = 36, the monomino is cleared (0 kept), +9 with a streak.
        let v = place(place_input(
            9,
            3,
            board_with(&cells),
            0,
            [0, 0],
            Scoring::Combo,
            true,
        ))
        .expect("valid");
        assert_eq!(v.points, 45);
    }

    #[test]
    fn combo_tiers_with_many_units() {
        // Rows 0..3 full but for column 4, whose cells 3..9 are filled: a vertical I3 at
        // (0, 4) completes rows 0, 1, 2, column 4 and boxes 0, 1, 2: 7 units -> 54 * 7 = 378,
        // and its three cells are all cleared (nothing kept).
        let mut cells: Vec<(usize, usize)> = (0..3)
            .flat_map(|r| (0..9).filter(|&c| c != 4).map(move |c| (r, c)))
            .collect();
        cells.extend((3..9).map(|r| (r, 4)));
        let v = place(place_input(
            9,
            3,
            board_with(&cells),
            6,
            [0, 4],
            Scoring::Combo,
            false,
        ))
        .expect("valid");
        assert_eq!(
            (
                v.cleared.rows.len(),
                v.cleared.cols.len(),
                v.cleared.boxes.clone()
            ),
            (3, 1, vec![0, 1, 2])
        );
        assert_eq!(v.points, 378);
        let v = place(place_input(
            9,
            3,
            board_with(&cells),
            6,
            [0, 4],
            Scoring::Classic,
            false,
        ))
        .expect("valid");
        // 27 row cells + 6 more of column 4 = 33 cells.
        assert_eq!(v.cleared.cells, 33);
        assert_eq!(v.points, 330);
    }

    #[test]
    fn illegal_moves_and_bad_input() {
        let v = place(place_input(
            9,
            3,
            rows(&EMPTY),
            32,
            [0, 5],
            Scoring::Classic,
            false,
        ))
        .expect("valid");
        assert_eq!(
            (v.legal, v.reason),
            (false, Some(IllegalReason::OutOfBounds))
        );
        let v = place(place_input(
            9,
            3,
            board_with(&[(2, 2)]),
            15,
            [1, 1],
            Scoring::Classic,
            false,
        ))
        .expect("valid");
        assert_eq!((v.legal, v.reason), (false, Some(IllegalReason::Overlap)));
        let e = place(place_input(
            9,
            3,
            rows(&EMPTY),
            0,
            [100, 0],
            Scoring::Classic,
            false,
        ))
        .unwrap_err();
        assert_eq!(e.path, "/at/0");
        let e = place(PlaceInput {
            piece: rows(&["#.#"]),
            ..place_input(9, 3, rows(&EMPTY), 0, [0, 0], Scoring::Classic, false)
        })
        .unwrap_err();
        assert_eq!(e.path, "/piece");
        let e = play(PlayInput {
            board: None,
            moves: vec![
                MoveInput {
                    piece: piece(0),
                    at: [0, 0],
                },
                MoveInput {
                    piece: rows(&["#", "x"]),
                    at: [0, 0],
                },
            ],
            scoring: Scoring::Classic,
            size: 9,
            box_size: None,
        })
        .unwrap_err();
        assert_eq!(e.path, "/moves/1/piece/1");
        let e = fits(FitsInput {
            board: rows(&EMPTY[..8]),
            pieces: vec![piece(0)],
            size: 9,
            box_size: None,
        })
        .unwrap_err();
        assert_eq!(e.path, "/board");
        let e = best(BestInput {
            board: rows(&EMPTY),
            tray: vec![piece(0); 4],
            scoring: Scoring::Classic,
            streak: false,
            size: 9,
            box_size: None,
        })
        .unwrap_err();
        assert_eq!(e.path, "/tray");
        let e = selfplay(SelfplayInput {
            games: 0,
            seed: 0,
            max_trays: 1,
            scoring: Scoring::Classic,
            size: 9,
            box_size: None,
            timeout_ms: None,
        })
        .unwrap_err();
        assert_eq!(e.path, "/games");
    }

    #[test]
    fn play_stops_at_the_first_illegal_move() {
        let v = play(PlayInput {
            board: None,
            moves: vec![
                MoveInput {
                    piece: piece(5),
                    at: [0, 0],
                }, // ### on row 0
                MoveInput {
                    piece: piece(5),
                    at: [0, 3],
                },
                MoveInput {
                    piece: piece(0),
                    at: [0, 4],
                }, // overlap
                MoveInput {
                    piece: piece(5),
                    at: [0, 6],
                },
            ],
            scoring: Scoring::Classic,
            size: 9,
            box_size: None,
        })
        .expect("valid");
        assert_eq!(v.error_at, Some(2));
        assert_eq!(v.reason, Some(IllegalReason::Overlap));
        assert_eq!(v.moves.len(), 2);
        assert_eq!(v.score, 0);
        assert_eq!(v.board[0], "######...");
    }

    #[test]
    fn fits_and_game_over() {
        // A checkerboard: only the monomino and the diagonal pieces fit.
        let checker: Vec<String> = (0..9)
            .map(|r| {
                (0..9)
                    .map(|c| if (r + c) % 2 == 0 { '#' } else { '.' })
                    .collect()
            })
            .collect();
        let v = fits(FitsInput {
            board: checker.clone(),
            pieces: vec![piece(0), piece(1), piece(3), piece(11)],
            size: 9,
            box_size: None,
        })
        .expect("valid");
        let got: Vec<(bool, u32)> = v.pieces.iter().map(|f| (f.fits, f.positions)).collect();
        // 40 empty cells; a diagonal domino on empty cells: anchors (r, c) with r + c odd,
        // r, c in 0..8: 32; the 3-cell diagonal: r + c odd, r, c in 0..7: 24.
        assert_eq!(got, vec![(true, 40), (false, 0), (true, 32), (true, 24)]);
        assert!(!v.game_over);
        let v = fits(FitsInput {
            board: checker,
            pieces: vec![piece(1), piece(2), piece(15)],
            size: 9,
            box_size: None,
        })
        .expect("valid");
        assert!(v.game_over);
    }

    #[test]
    fn best_on_a_nearly_full_board_finds_the_only_order() {
        // Everything full except: (0, 8) and (1, 8) (a vertical slot in box 2) and (8, 0),
        // (8, 1). Tray: horizontal domino, vertical domino. The vertical domino must go in
        // column 8 (completing column 8, rows 0 and 1... and box 2), after which the board
        // is nearly empty and the horizontal domino fits anywhere.
        let mut g = vec![vec![true; 9]; 9];
        g[0][8] = false;
        g[1][8] = false;
        g[8][0] = false;
        g[8][1] = false;
        let v = best(BestInput {
            board: to_text(&g),
            tray: vec![piece(1), piece(2)],
            scoring: Scoring::Classic,
            streak: false,
            size: 9,
            box_size: None,
        })
        .expect("valid");
        assert!(!v.game_over);
        assert_eq!(v.moves.len(), 2);
        assert!(
            v.moves.iter().any(|m| m.piece == 1 && m.at == [0, 8])
                || v.moves.iter().any(|m| m.piece == 0 && m.at == [8, 0])
        );
        let v = best(BestInput {
            board: to_text(&g),
            tray: vec![piece(13)],
            scoring: Scoring::Classic,
            streak: false,
            size: 9,
            box_size: None,
        })
        .expect("valid");
        assert!(v.game_over);
        assert!(v.moves.is_empty());
    }

    #[test]
    fn selfplay_is_deterministic_and_reports_games() {
        let input = SelfplayInput {
            games: 3,
            seed: 42,
            max_trays: 20,
            scoring: Scoring::Classic,
            size: 9,
            box_size: None,
            timeout_ms: None,
        };
        let a = selfplay(input.clone()).expect("valid");
        let b = selfplay(input).expect("valid");
        assert_eq!(
            serde_json::to_string(&a).ok(),
            serde_json::to_string(&b).ok()
        );
        assert_eq!(a.results.len(), 3);
        assert_eq!(
            a.reached_cap, 3,
            "the engine should survive 20 trays: {a:?}"
        );
        assert_eq!(a.mean_trays, 20.0);
        // A limit of 0 has passed before the first game: none is played.
        let t = selfplay(SelfplayInput {
            games: 2,
            seed: 1,
            max_trays: 1_000_000,
            scoring: Scoring::Classic,
            size: 9,
            box_size: None,
            timeout_ms: Some(0),
        })
        .expect("valid");
        assert_eq!(t.status, SelfplayStatus::Timeout);
        assert_eq!((t.games, t.results.len(), t.mean_trays), (0, 0, 0.0));
    }

    // --- Snapshots: whole verdicts, reviewed by hand. ---

    #[test]
    fn snapshot_play_record_with_streaks() {
        let v = play(PlayInput {
            board: Some(rows(&[
                E9,
                E9,
                E9,
                E9,
                E9,
                "########.",
                E9,
                ".########",
                ".########",
            ])),
            moves: vec![
                MoveInput {
                    piece: rows(&["#"]),
                    at: [7, 0],
                },
                MoveInput {
                    piece: rows(&["#"]),
                    at: [8, 0],
                },
                MoveInput {
                    piece: rows(&["##"]),
                    at: [0, 0],
                },
                MoveInput {
                    piece: rows(&["#####"]),
                    at: [0, 5],
                },
            ],
            scoring: Scoring::Combo,
            size: 9,
            box_size: None,
        })
        .expect("valid");
        insta::assert_json_snapshot!(v);
    }

    #[test]
    fn snapshot_best_mid_game() {
        let v = best(BestInput {
            board: rows(&[
                "##.......",
                "#...##...",
                "....##..#",
                ".#......#",
                "###....##",
                ".........",
                "..#...#..",
                "..##.###.",
                "......#..",
            ]),
            tray: vec![
                rows(&["##", "##"]),
                rows(&["#..", "#..", "###"]),
                rows(&["###"]),
            ],
            scoring: Scoring::Classic,
            streak: false,
            size: 9,
            box_size: None,
        })
        .expect("valid");
        insta::assert_json_snapshot!(v);
    }

    #[test]
    fn snapshot_selfplay_small() {
        let v = selfplay(SelfplayInput {
            games: 3,
            seed: 2024,
            max_trays: 30,
            scoring: Scoring::Combo,
            size: 9,
            box_size: None,
            timeout_ms: None,
        })
        .expect("valid");
        insta::assert_json_snapshot!(v);
    }

    #[test]
    fn snapshot_place_input_schema() {
        insta::assert_json_snapshot!(schemars::schema_for!(PlaceInput));
    }
}
