//! `renju render` with a `mate` request: the renju picture with the shortest winning line of
//! `renju mate` drawn on it as numbered stones (numbered from 1 in their own colour, as
//! problem books print a solution), and the verdict in the caption.
//!
//! Without `mate` the picture is exactly [`renju()`](crate::renju()): the field only adds.

use renju_core::commands::OpeningInput;
use renju_core::mate::{MateEnd, MateInput, MateKind, MateStatus, MateVerdict};
use renju_core::notation::ParsedMove;
use renju_core::{CheckInput, Color, InputError, MoveSpec, Point, Rule};
use serde::{Deserialize, Serialize};

use crate::renju::MateOverlay;

/// Moves per caption line when the line is spelled out.
const MOVES_PER_LINE: usize = 12;

/// Input of `renju render`: `renju check`'s input, and optionally `mate`, a `renju mate`
/// search whose shortest winning line is drawn on the board.
// The position fields repeat `CheckInput`'s: serde cannot flatten a struct into one that
// denies unknown fields, and an unknown field must stay an error.
#[derive(Debug, Clone, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RenjuRenderInput {
    /// A game record: `"h8"`, `[7, 7]` or `"pass"`, black first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<MoveSpec>>,
    /// Or a position: 15 strings of `X` (black), `O` (white), `.`, top row (row 15) first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<Vec<String>>,
    /// Side to move for a board (default: read from the stone counts).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to_move: Option<Color>,
    /// The rules: `renju` (RIF, default), `gomoku` or `freestyle`.
    #[serde(default)]
    pub rule: Rule,
    /// Search the side to move's mate (as `renju mate`) and draw its shortest line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mate: Option<MateRequest>,
    /// The record's opening (as `renju validate` takes it): black's offered fifth moves are drawn, and the caption says the opening, who holds black and what comes next.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opening: Option<OpeningInput>,
}

/// The search options of `renju mate`, for a picture.
#[derive(Debug, Clone, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MateRequest {
    /// `vcf` (default) or `vct`.
    #[serde(default)]
    pub kind: MateKind,
    /// Most attacker moves, counting the five (as `renju mate`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = 113))]
    pub max_depth: Option<u32>,
    /// Stop the search after this many milliseconds (the picture then says so; default
    /// 60000, `null` for no limit).
    #[serde(
        default,
        deserialize_with = "puzzles_common::limits::timeout_ms",
        skip_serializing_if = "Option::is_none"
    )]
    pub timeout_ms: Option<u64>,
}

/// Draws a `renju render` input: the renju picture, with the mate line when `mate` asks.
pub fn renju_render(input: RenjuRenderInput) -> Result<String, InputError> {
    let check = CheckInput {
        moves: input.moves.clone(),
        board: input.board.clone(),
        to_move: input.to_move,
        rule: input.rule,
    };
    let Some(request) = &input.mate else {
        return crate::renju::drawn(check, None, input.opening.as_ref());
    };
    let verdict = renju_core::mate(MateInput {
        moves: input.moves,
        board: input.board,
        to_move: input.to_move,
        rule: input.rule,
        kind: request.kind,
        max_depth: request.max_depth,
        timeout_ms: request.timeout_ms,
        ..MateInput::default()
    })
    .map_err(|e| match e.path.as_str() {
        // The search options live under `/mate` here.
        "/max_depth" | "/kind" | "/timeout_ms" => {
            InputError::new(format!("/mate{}", e.path), e.message)
        }
        _ => e,
    })?;
    let overlay = overlay(&verdict, request);
    crate::renju::drawn(check, Some(&overlay), input.opening.as_ref())
}

/// The verdict as stones and caption lines.
fn overlay(verdict: &MateVerdict, request: &MateRequest) -> MateOverlay {
    let attacker = verdict.attacker;
    let kind = match request.kind {
        MateKind::Vcf => "VCF",
        MateKind::Vct => "VCT",
    };
    let stones: Vec<(Point, Color)> = verdict
        .line
        .iter()
        .filter_map(|m| match MoveSpec::Text(m.as_str().into()).parse() {
            Ok(ParsedMove::At(p)) => Some(p),
            _ => None,
        })
        .zip([attacker, attacker.opponent()].into_iter().cycle())
        .collect();
    let mut caption = Vec::new();
    match (verdict.status, verdict.depth) {
        (MateStatus::Win, Some(depth)) => {
            caption.push(format!(
                "{} wins by {kind} in {depth} moves (the blue numbers, a shortest line)",
                attacker.name()
            ));
            if verdict.end == Some(MateEnd::ForbiddenBlock) {
                caption.push(format!(
                    "black may not block the last four (forbidden point): {} fives next",
                    attacker.name()
                ));
            }
            for chunk in verdict.line.chunks(MOVES_PER_LINE) {
                caption.push(chunk.join(" "));
            }
        }
        (MateStatus::Timeout, _) => caption.push(format!(
            "the {kind} search for {} stopped at its time limit",
            attacker.name()
        )),
        _ => caption.push(format!(
            "no {kind} for {} within {} moves",
            attacker.name(),
            request.max_depth.map_or_else(
                || match request.kind {
                    MateKind::Vcf => renju_core::mate::DEFAULT_VCF_DEPTH,
                    MateKind::Vct => renju_core::mate::DEFAULT_VCT_DEPTH,
                }
                .to_string(),
                |d| d.to_string()
            )
        )),
    }
    MateOverlay::new(stones, caption)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A black VCF of 13 moves (two winning first moves, g6 and j12).
    const BOARD: &str = r#"["...............", "........O..X...", "....X.OX.......",
        ".......X..O....", ".......OX..O...", "......XXO.X....", ".....O.OOX.O...",
        ".......XXO.....", "...............", "...............", "...............",
        "...............", "...............", "...............", "..............."]"#;

    fn input(mate: &str) -> RenjuRenderInput {
        let json = format!(r#"{{"board": {BOARD}{mate}}}"#);
        serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}: {json}"))
    }

    fn texts<'a>(node: roxmltree::Node<'a, 'a>) -> Vec<&'a str> {
        node.descendants()
            .filter(|n| n.has_tag_name("text"))
            .filter_map(|n| n.text())
            .collect()
    }

    #[test]
    fn the_mate_line_is_drawn_as_numbered_stones_on_its_points() {
        let svg = renju_render(input(r#", "mate": {"kind": "vcf"}"#)).unwrap();
        let doc = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
        let verdict =
            renju_core::mate(serde_json::from_str(&format!(r#"{{"board": {BOARD}}}"#)).unwrap())
                .unwrap();
        assert_eq!(verdict.depth, Some(13));
        let group = doc
            .descendants()
            .find(|n| n.attribute("class") == Some("mate"))
            .expect("a mate group");
        let circles: Vec<_> = group
            .children()
            .filter(|n| n.has_tag_name("circle"))
            .collect();
        assert_eq!(circles.len(), verdict.line.len());
        let numbers: Vec<String> = (1..=verdict.line.len()).map(|k| k.to_string()).collect();
        assert_eq!(texts(group), numbers);
        // Each stone stands on its move's point: the same place the base picture puts a
        // stone of the board (h8 is one; columns 30 apart, rows 30 apart).
        let centre = |n: &roxmltree::Node| {
            let at = |a| n.attribute(a).unwrap().parse::<f64>().unwrap();
            (at("cx"), at("cy"))
        };
        let g6 = centre(&circles[0]);
        assert_eq!(verdict.line[0], "g6");
        let stones = doc
            .descendants()
            .find(|n| n.attribute("class") == Some("stones"))
            .unwrap();
        // h8 is a black stone of the board: one column right and two rows up of g6.
        let h8 = (g6.0 + 30.0, g6.1 - 60.0);
        assert!(
            stones
                .children()
                .any(|n| n.has_tag_name("circle") && centre(&n) == h8),
            "no board stone at h8 {h8:?}"
        );
        // Attacker and defender alternate: black first.
        assert_eq!(circles[0].attribute("fill"), Some(crate::doc::DARK));
        assert_eq!(circles[1].attribute("fill"), Some("#fafafa"));
        let all = texts(doc.root());
        assert!(all.contains(&"black wins by VCF in 13 moves (the blue numbers, a shortest line)"));
        assert!(all.iter().any(|t| t.starts_with("g6 h7 j12")), "{all:?}");
    }

    #[test]
    fn without_mate_the_picture_is_the_plain_one() {
        let plain: CheckInput = serde_json::from_str(&format!(r#"{{"board": {BOARD}}}"#)).unwrap();
        assert_eq!(
            renju_render(input("")).unwrap(),
            crate::renju(plain).unwrap()
        );
    }

    #[test]
    fn no_win_and_bad_options_are_said() {
        let svg = renju_render(input(r#", "mate": {"max_depth": 3}"#)).unwrap();
        let doc = roxmltree::Document::parse(&svg).unwrap();
        assert!(texts(doc.root()).contains(&"no VCF for black within 3 moves"));
        let group = doc
            .descendants()
            .find(|n| n.attribute("class") == Some("mate"));
        assert_eq!(
            group.map(|g| g.children().filter(|n| n.is_element()).count()),
            Some(0)
        );
        let err = renju_render(input(r#", "mate": {"max_depth": 0}"#)).unwrap_err();
        assert_eq!(err.path, "/mate/max_depth");
    }
}
