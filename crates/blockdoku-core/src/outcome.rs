//! `place` and `clear`: their inputs and the work behind them in engine terms (bitboards),
//! before [`crate::commands`] spells it as a verdict: for callers that draw it (the render
//! crate), so they take the engine's board and clear instead of rebuilding them from the
//! rules' primitives. The inputs live here, re-exported by `commands`, so that imports run
//! one way (`commands` -> `outcome`).

use crate::error::InputError;
use crate::geometry::{Geometry, Units, check_at};
use crate::input::command_input;
use crate::piece::{Piece, Placement};
use crate::rules::{IllegalReason, Outcome, Turn, apply, check};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

command_input! {
    /// `blockdoku place`: one move on a board.
    #[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct PlaceInput {
        board,
        /// The piece as text rows, e.g. `["##", "#."]`.
        pub piece: Vec<String>,
        /// `[row, col]` of the board cell under the top-left corner of the piece's bounding box.
        pub at: [i64; 2],
        scoring,
        /// The move before this one cleared something (the `combo` streak bonus); default false.
        #[serde(default)]
        pub streak: bool,
        size,
    }
}

command_input! {
    /// `blockdoku clear`: remove every full row, column and box of a board at once.
    #[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct ClearInput {
        board,
        size,
    }
}

/// A `place` input worked out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlaceOutcome {
    pub geometry: Geometry,
    /// The board before the move.
    pub board: u128,
    /// The piece as parsed.
    pub piece: Piece,
    /// A legal move's board after the clear, what it cleared and its points; or why the move
    /// is illegal (then it changes nothing).
    pub result: Result<Outcome, IllegalReason>,
}

/// Checks a `place` input and plays its move; `place` spells the result as its verdict.
pub fn place_outcome(input: &PlaceInput) -> Result<PlaceOutcome, InputError> {
    let geo = Geometry::of_input(input.size, input.box_size)?;
    let board = geo.parse_board(&input.board, "/board")?;
    let piece = Piece::parse(&input.piece, "/piece")?;
    check_at(input.at, geo.size(), "/at")?;
    let placement = Placement::new(&piece, &geo);
    let result = check(board, placement.mask_at_rc(input.at[0], input.at[1])).map(|mask| {
        let turn = Turn {
            scoring: input.scoring,
            streak: input.streak,
        };
        apply(&geo, board, mask, turn)
    });
    Ok(PlaceOutcome {
        geometry: geo,
        board,
        piece,
        result,
    })
}

/// A `clear` input worked out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClearOutcome {
    pub geometry: Geometry,
    /// The board as given.
    pub board: u128,
    /// The board after every full unit is removed.
    pub after: u128,
    /// The full units, and their cells.
    pub units: Units,
}

/// Checks a `clear` input and clears its board; `clear` spells the result as its verdict.
pub fn clear_outcome(input: &ClearInput) -> Result<ClearOutcome, InputError> {
    let geo = Geometry::of_input(input.size, input.box_size)?;
    let board = geo.parse_board(&input.board, "/board")?;
    let (after, units) = geo.clear(board);
    Ok(ClearOutcome {
        geometry: geo,
        board,
        after,
        units,
    })
}
