//! The contract's commands: `clear`, `place`, `fits`, `play`, `best`, `selfplay`.
//!
//! Each has an input type (deserialised from the command's JSON, unknown fields rejected),
//! a verdict type (serialised in field declaration order) and a function from one to the
//! other that reports bad values as [`InputError`] with a JSON pointer into the input.

use crate::engine::{Evaluator, best_plan};
use crate::error::InputError;
use crate::geometry::{DEFAULT_SIZE, Geometry, Units, default_box};
use crate::piece::{Piece, Placement};
use crate::rules::{IllegalReason, Scoring, apply, check};
use crate::selfplay::{Ending, game_seeds, play_game};
use rayon::prelude::*;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};

fn default_size() -> usize {
    DEFAULT_SIZE
}

/// Builds the geometry from the optional `size` and `box` of an input.
fn geometry(size: usize, box_size: Option<usize>) -> Result<Geometry, InputError> {
    Geometry::new(size, box_size.unwrap_or_else(|| default_box(size)))
}

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

/// `blockdoku clear`: remove every full row, column and box of a board at once.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ClearInput {
    /// The board: `size` strings of `size` cells, `#` occupied, `.` empty.
    pub board: Vec<String>,
    /// Side of the board (1..=11), default 9.
    #[serde(default = "default_size")]
    pub size: usize,
    /// Side of a clearing box, 0 for none; default 3 on a 9x9 board, 0 otherwise.
    #[serde(default, rename = "box")]
    pub box_size: Option<usize>,
}

/// What `clear` removed and the board after it.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct ClearVerdict {
    pub rows: Vec<usize>,
    pub cols: Vec<usize>,
    pub boxes: Vec<usize>,
    pub cells: u32,
    pub board: Vec<String>,
}

pub fn clear(input: ClearInput) -> Result<ClearVerdict, InputError> {
    let geo = geometry(input.size, input.box_size)?;
    let board = geo.parse_board(&input.board, "/board")?;
    let (after, units) = geo.clear(board);
    let c = Cleared::from(units);
    Ok(ClearVerdict {
        rows: c.rows,
        cols: c.cols,
        boxes: c.boxes,
        cells: c.cells,
        board: geo.render(after),
    })
}

// ---------------------------------------------------------------------------------------
// place

/// `blockdoku place`: one move on a board.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlaceInput {
    pub board: Vec<String>,
    /// The piece as text rows, e.g. `["##", "#."]`.
    pub piece: Vec<String>,
    /// `[row, col]` of the board cell under the top-left corner of the piece's bounding box.
    pub at: [i64; 2],
    #[serde(default)]
    pub scoring: Scoring,
    /// The move before this one cleared something (the `combo` streak bonus); default false.
    #[serde(default)]
    pub streak: bool,
    #[serde(default = "default_size")]
    pub size: usize,
    #[serde(default, rename = "box")]
    pub box_size: Option<usize>,
}

/// The outcome of `place`. An illegal move scores 0, clears nothing, and leaves the board.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct PlaceVerdict {
    pub legal: bool,
    pub reason: Option<IllegalReason>,
    pub points: u64,
    pub cleared: Cleared,
    pub board: Vec<String>,
}

/// Checks that `at` is within a sane range (each coordinate in `-size..=size`); a piece may
/// still stick out of the board from there, which is a move's `out_of_bounds`, not an input
/// error.
fn check_at(at: [i64; 2], size: usize, path: &str) -> Result<(), InputError> {
    let n = size as i64;
    for (k, &v) in at.iter().enumerate() {
        if v < -n || v > n {
            return Err(InputError::new(
                format!("{path}/{k}"),
                format!(
                    "at [{}, {}] is far outside the {size}x{size} board; each coordinate must be \
                     between -{size} and {size}",
                    at[0], at[1]
                ),
            ));
        }
    }
    Ok(())
}

pub fn place(input: PlaceInput) -> Result<PlaceVerdict, InputError> {
    let geo = geometry(input.size, input.box_size)?;
    let board = geo.parse_board(&input.board, "/board")?;
    let piece = Piece::parse(&input.piece, "/piece")?;
    check_at(input.at, geo.size(), "/at")?;
    let placement = Placement::new(&piece, &geo);
    match check(board, placement.mask_at_rc(input.at[0], input.at[1])) {
        Err(reason) => Ok(PlaceVerdict {
            legal: false,
            reason: Some(reason),
            points: 0,
            cleared: Units::default().into(),
            board: geo.render(board),
        }),
        Ok(mask) => {
            let out = apply(&geo, board, mask, input.scoring, input.streak);
            Ok(PlaceVerdict {
                legal: true,
                reason: None,
                points: out.points,
                cleared: out.units.into(),
                board: geo.render(out.board),
            })
        }
    }
}

// ---------------------------------------------------------------------------------------
// fits

/// `blockdoku fits`: where each piece fits, and whether the game is over.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FitsInput {
    pub board: Vec<String>,
    /// The pieces to test (a tray), at least one.
    pub pieces: Vec<Vec<String>>,
    #[serde(default = "default_size")]
    pub size: usize,
    #[serde(default, rename = "box")]
    pub box_size: Option<usize>,
}

/// One piece's room on the board.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct PieceFit {
    pub fits: bool,
    /// Number of `at` positions where the piece can be placed.
    pub positions: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct FitsVerdict {
    pub pieces: Vec<PieceFit>,
    /// True iff no piece fits anywhere.
    pub game_over: bool,
}

fn parse_pieces(list: &[Vec<String>], path: &str) -> Result<Vec<Piece>, InputError> {
    list.iter()
        .enumerate()
        .map(|(i, rows)| Piece::parse(rows, &format!("{path}/{i}")))
        .collect()
}

pub fn fits(input: FitsInput) -> Result<FitsVerdict, InputError> {
    let geo = geometry(input.size, input.box_size)?;
    let board = geo.parse_board(&input.board, "/board")?;
    if input.pieces.is_empty() {
        return Err(InputError::new("/pieces", "the list of pieces is empty"));
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
    pub piece: Vec<String>,
    pub at: [i64; 2],
}

/// `blockdoku play`: replay a game record and validate it.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayInput {
    /// The starting board; empty when omitted.
    #[serde(default)]
    pub board: Option<Vec<String>>,
    pub moves: Vec<MoveInput>,
    #[serde(default)]
    pub scoring: Scoring,
    #[serde(default = "default_size")]
    pub size: usize,
    #[serde(default, rename = "box")]
    pub box_size: Option<usize>,
}

/// One legal move of the record.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct MoveVerdict {
    pub points: u64,
    pub cleared: Cleared,
}

/// The replayed record. On an illegal move `k`: `moves` holds the moves before it, `score`
/// and `board` are the state before it, `error_at` is `k` and `reason` says why.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct PlayVerdict {
    pub moves: Vec<MoveVerdict>,
    pub score: u64,
    pub board: Vec<String>,
    pub error_at: Option<usize>,
    pub reason: Option<IllegalReason>,
}

/// Most moves a record may hold (a 1000-tray game has 3000).
pub const MAX_MOVES: usize = 1_000_000;

pub fn play(input: PlayInput) -> Result<PlayVerdict, InputError> {
    let geo = geometry(input.size, input.box_size)?;
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
    let mut streak = false;
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
                let out = apply(&geo, board, mask, input.scoring, streak);
                board = out.board;
                score += out.points;
                streak = !out.units.is_empty();
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

/// `blockdoku best`: the engine's order and places for a tray.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BestInput {
    pub board: Vec<String>,
    /// One to three pieces.
    pub tray: Vec<Vec<String>>,
    #[serde(default)]
    pub scoring: Scoring,
    /// The move before the tray cleared something (the `combo` streak bonus); default false.
    #[serde(default)]
    pub streak: bool,
    #[serde(default = "default_size")]
    pub size: usize,
    #[serde(default, rename = "box")]
    pub box_size: Option<usize>,
}

/// One placement of the chosen plan, in playing order.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct BestMove {
    /// Index of the piece in `tray`.
    pub piece: usize,
    pub at: [usize; 2],
    pub points: u64,
    pub cleared: Cleared,
}

/// The engine's plan. `game_over`: no order places the whole tray; `moves` is then the
/// longest sequence that can still be played (the game ends after it).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct BestVerdict {
    pub game_over: bool,
    pub moves: Vec<BestMove>,
    /// Points of the moves together.
    pub points: u64,
    /// The board after the moves.
    pub board: Vec<String>,
}

pub fn best(input: BestInput) -> Result<BestVerdict, InputError> {
    let geo = geometry(input.size, input.box_size)?;
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
    let ev = Evaluator::new(geo);
    let plan = best_plan(&ev, board, &tray, input.scoring, input.streak);
    let n = ev.geometry().size();
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
        board: ev.geometry().render(plan.board),
    })
}

// ---------------------------------------------------------------------------------------
// selfplay

fn default_games() -> usize {
    20
}
fn default_max_trays() -> u64 {
    1000
}

/// Most games one `selfplay` may play.
pub const MAX_GAMES: usize = 100_000;
/// Largest `max_trays`.
pub const MAX_TRAYS: u64 = 100_000_000;

/// `blockdoku selfplay`: the engine plays seeded games from an empty board.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SelfplayInput {
    /// Number of games (1..=100000), default 20.
    #[serde(default = "default_games")]
    pub games: usize,
    /// Seed of the deal, default 0. The same seed deals the same trays in every version.
    #[serde(default)]
    pub seed: u64,
    /// A game that places this many trays stops and counts as reaching the cap; default 1000.
    #[serde(default = "default_max_trays")]
    pub max_trays: u64,
    #[serde(default)]
    pub scoring: Scoring,
    #[serde(default = "default_size")]
    pub size: usize,
    #[serde(default, rename = "box")]
    pub box_size: Option<usize>,
    /// Stop all games after this many milliseconds (status `timeout`).
    #[serde(default)]
    pub timeout_ms: Option<u64>,
}

/// One self-played game.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct GameResult {
    /// The game's own seed (derived from the run's seed and the game's index).
    pub seed: u64,
    /// Trays placed whole.
    pub trays: u64,
    pub score: u64,
    pub pieces: u64,
    pub ending: Ending,
}

/// Self-play figures. Means are over all games, as far as each got.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct SelfplayVerdict {
    pub games: usize,
    pub mean_trays: f64,
    pub mean_score: f64,
    /// Games that placed `max_trays` trays.
    pub reached_cap: usize,
    /// `complete`, or `timeout` when the time limit stopped some game.
    pub status: SelfplayStatus,
    pub seed: u64,
    pub max_trays: u64,
    pub min_trays: u64,
    pub results: Vec<GameResult>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SelfplayStatus {
    Complete,
    Timeout,
}

pub fn selfplay(input: SelfplayInput) -> Result<SelfplayVerdict, InputError> {
    let start = Instant::now();
    let geo = geometry(input.size, input.box_size)?;
    if input.games == 0 || input.games > MAX_GAMES {
        return Err(InputError::new(
            "/games",
            format!(
                "games is {}; it must be between 1 and {MAX_GAMES}",
                input.games
            ),
        ));
    }
    if input.max_trays == 0 || input.max_trays > MAX_TRAYS {
        return Err(InputError::new(
            "/max_trays",
            format!(
                "max_trays is {}; it must be between 1 and {MAX_TRAYS}",
                input.max_trays
            ),
        ));
    }
    let deadline = input
        .timeout_ms
        .and_then(|ms| start.checked_add(Duration::from_millis(ms)));
    let ev = Evaluator::new(geo);
    let seeds = game_seeds(input.seed, input.games);
    let records: Vec<_> = seeds
        .par_iter()
        .map(|&s| play_game(&ev, s, input.max_trays, input.scoring, deadline))
        .collect();
    let games = input.games as f64;
    let results: Vec<GameResult> = seeds
        .iter()
        .zip(&records)
        .map(|(&seed, r)| GameResult {
            seed,
            trays: r.trays,
            score: r.score,
            pieces: r.pieces,
            ending: r.ending,
        })
        .collect();
    Ok(SelfplayVerdict {
        games: input.games,
        mean_trays: results.iter().map(|r| r.trays as f64).sum::<f64>() / games,
        mean_score: results.iter().map(|r| r.score as f64).sum::<f64>() / games,
        reached_cap: results.iter().filter(|r| r.ending == Ending::Cap).count(),
        status: if results.iter().any(|r| r.ending == Ending::Timeout) {
            SelfplayStatus::Timeout
        } else {
            SelfplayStatus::Complete
        },
        seed: input.seed,
        max_trays: input.max_trays,
        min_trays: results.iter().map(|r| r.trays).min().unwrap_or(0),
        results,
    })
}
