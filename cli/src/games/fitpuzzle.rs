//! `puzzles fitpuzzle ...`: fit the table's pieces into the board's holes.

use crate::registry::{Command, json, svg};

pub fn commands() -> Vec<Command> {
    vec![
        json(
            "fitpuzzle",
            "solve",
            "Most board cells the table's pieces can fill (rotated, optionally mirrored), with placements",
            fitpuzzle_core::solve,
        ),
        svg(
            "fitpuzzle",
            "render",
            "Draw the board and table as an SVG picture, each placement coloured by piece, empty holes hatched",
            puzzles_render::fitpuzzle,
        )
        .drawing(&["solve"]),
    ]
}
