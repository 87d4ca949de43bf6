//! The work behind `place` and `clear` in engine terms (bitboards), before it is spelled as a
//! verdict: for callers that draw it (the render crate), so they take the engine's board and
//! clear instead of rebuilding them from the rules' primitives.

use crate::commands::{ClearInput, PlaceInput, check_at, geometry};
use crate::error::InputError;
use crate::geometry::{Geometry, Units};
use crate::piece::{Piece, Placement};
use crate::rules::{IllegalReason, Outcome, apply, check};

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
    let geo = geometry(input.size, input.box_size)?;
    let board = geo.parse_board(&input.board, "/board")?;
    let piece = Piece::parse(&input.piece, "/piece")?;
    check_at(input.at, geo.size(), "/at")?;
    let placement = Placement::new(&piece, &geo);
    let result = check(board, placement.mask_at_rc(input.at[0], input.at[1]))
        .map(|mask| apply(&geo, board, mask, input.scoring, input.streak));
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
    let geo = geometry(input.size, input.box_size)?;
    let board = geo.parse_board(&input.board, "/board")?;
    let (after, units) = geo.clear(board);
    Ok(ClearOutcome {
        geometry: geo,
        board,
        after,
        units,
    })
}
