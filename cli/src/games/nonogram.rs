//! `puzzles nonogram ...`: player feedback per line and board, clues from a picture.

use crate::error::{CaseError, ErrorKind};
use crate::registry::{Command, TextFormat, json, svg};
use nonogram_core::formats::{Format, FormatError};

pub fn commands() -> Vec<Command> {
    vec![
        json(
            "nonogram",
            "line",
            "Which clues of one line are matched (classic block scan or strict logic)",
            nonogram_core::line,
        ),
        json(
            "nonogram",
            "check",
            "A whole board against its row and column clues: per-line feedback and solved",
            nonogram_core::check,
        ),
        json(
            "nonogram",
            "clues",
            "Row and column clues of a #/. picture",
            nonogram_core::clues,
        ),
        json(
            "nonogram",
            "solve",
            "Solve a puzzle: unique, multiple (two pictures as proof), none or timeout",
            nonogram_core::solver::solve,
        )
        .with_formats(PUZZLE_FORMATS),
        json(
            "nonogram",
            "hint",
            "The next cell that line logic forces on a player's board, and the line that proves it",
            nonogram_core::hint::hint,
        ),
        svg(
            "nonogram",
            "render",
            "Draw the puzzle as an SVG picture: the solution (or two, differing cells marked), or a player's grid with broken lines marked",
            puzzles_render::nonogram,
        )
        .drawing(&["solve", "check", "clues", "hint"])
        .with_formats(PUZZLE_FORMATS),
    ]
}

/// `.non` and webpbn `.xml` files for `solve` (by extension or `--format`).
const PUZZLE_FORMATS: &[TextFormat] = &[
    TextFormat {
        name: "non",
        parse: parse_non,
    },
    TextFormat {
        name: "xml",
        parse: parse_xml,
    },
];

fn parse_non(text: &str) -> Result<serde_json::Value, CaseError> {
    parse_puzzle_file(text, Format::Non)
}

fn parse_xml(text: &str) -> Result<serde_json::Value, CaseError> {
    parse_puzzle_file(text, Format::Xml)
}

fn parse_puzzle_file(text: &str, format: Format) -> Result<serde_json::Value, CaseError> {
    let input = nonogram_core::formats::parse_puzzle(text, format).map_err(
        |FormatError {
             line,
             column,
             message,
         }| {
            let err = CaseError::new(ErrorKind::Syntax, message);
            if line == 0 {
                err
            } else {
                err.at_line(line, Some(column))
            }
        },
    )?;
    serde_json::to_value(input).map_err(|e| {
        CaseError::new(
            ErrorKind::Internal,
            format!("cannot encode the puzzle: {e}"),
        )
    })
}
