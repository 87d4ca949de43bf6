//! `puzzles renju ...`: RIF renju (and gomoku / freestyle) forbidden points, moves, records.

use crate::registry::{Command, json, svg};

pub fn commands() -> Vec<Command> {
    vec![
        json(
            "renju",
            "check",
            "Black's forbidden points of a position (record or board), the winner, who is to move",
            renju_core::check,
        ),
        json(
            "renju",
            "move",
            "Whether one move of the side to move is legal (fouls, occupied, off board) and wins",
            renju_core::r#move,
        ),
        json(
            "renju",
            "validate",
            "Play a whole record: result, deciding move and reason (five, foul), or the bad move",
            renju_core::validate,
        ),
        json(
            "renju",
            "mate",
            "Can the side to move win by continuous fours (VCF) or threats (VCT): shortest line, winning first moves",
            renju_core::mate,
        ),
        svg(
            "renju",
            "render",
            "Draw the position as an SVG picture: stones, move numbers, black's forbidden points by reason, and with `mate` the shortest mate line",
            puzzles_render::renju_render,
        )
        .drawing(&["check"]),
    ]
}
