//! `puzzles blockdoku ...`: clears, moves, fits, game records, the engine's tray plan and
//! seeded self-play.

use crate::registry::{Command, json, svg};

pub fn commands() -> Vec<Command> {
    vec![
        json(
            "blockdoku",
            "clear",
            "Remove every full row, column and box of a board at once",
            blockdoku_core::clear,
        ),
        json(
            "blockdoku",
            "place",
            "One move: legality, the clear, the points and the board after it",
            blockdoku_core::place,
        ),
        json(
            "blockdoku",
            "fits",
            "Where each piece fits on a board, and whether the game is over",
            blockdoku_core::fits,
        ),
        json(
            "blockdoku",
            "play",
            "Replay and validate a game record: per-move points and clears, score, first illegal move",
            blockdoku_core::play,
        ),
        json(
            "blockdoku",
            "best",
            "The engine's order and places for a tray of pieces",
            blockdoku_core::best,
        ),
        json(
            "blockdoku",
            "selfplay",
            "The engine plays seeded games with trays dealt from the default piece set",
            blockdoku_core::selfplay,
        ),
        svg(
            "blockdoku",
            "render",
            "Draw the board as an SVG picture, with a placed piece and the cells the move clears",
            puzzles_render::blockdoku,
        )
        .drawing(&["clear", "place"]),
    ]
}
