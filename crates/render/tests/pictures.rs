//! The pictures as XML, as pixels (rasterised with resvg, which draws no text here: it is
//! built without fonts, so text never covers the pixels looked at), and as text (insta
//! snapshots, one input per game).

use puzzles_render::{
    BaseballInput, BlockdokuInput, FitpuzzleInput, NonogramInput, RenjuInput, baseball, blockdoku,
    fitpuzzle, nonogram, note, renju, with_caption,
};
use resvg::{tiny_skia, usvg};
use serde::de::DeserializeOwned;

fn input<T: DeserializeOwned>(json: &str) -> T {
    serde_json::from_str(json).unwrap_or_else(|e| panic!("bad test input {json}: {e}"))
}

/// Parses a picture as XML and checks it is one standalone SVG document.
fn check_xml(svg: &str) -> roxmltree::Document<'_> {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not XML: {e}\n{svg}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    for attr in ["width", "height", "viewBox"] {
        assert!(root.attribute(attr).is_some(), "no {attr}");
    }
    doc
}

fn raster(svg: &str) -> tiny_skia::Pixmap {
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default()).expect("resvg reads it");
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height()).expect("a pixmap");
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap
}

/// Brightness 0..=255 of the pixel at (x, y).
fn brightness(pixmap: &tiny_skia::Pixmap, x: f64, y: f64) -> u32 {
    let p = pixmap
        .pixel(x as u32, y as u32)
        .unwrap_or_else(|| panic!("({x}, {y}) is outside the picture"));
    (u32::from(p.red()) * 299 + u32::from(p.green()) * 587 + u32::from(p.blue()) * 114) / 1000
}

fn is_dark(pixmap: &tiny_skia::Pixmap, x: f64, y: f64) -> bool {
    brightness(pixmap, x, y) < 80
}

fn is_light(pixmap: &tiny_skia::Pixmap, x: f64, y: f64) -> bool {
    brightness(pixmap, x, y) > 200
}

fn number(node: roxmltree::Node<'_, '_>, name: &str) -> f64 {
    node.attribute(name)
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("no number {name} in {node:?}"))
}

/// How many `tag` elements (any, for "") have `attr` equal to `value`.
fn count(doc: &roxmltree::Document<'_>, tag: &str, attr: &str, value: &str) -> usize {
    doc.descendants()
        .filter(|n| n.is_element() && (tag.is_empty() || n.tag_name().name() == tag))
        .filter(|n| n.attribute(attr) == Some(value))
        .count()
}

/// The elements of the group with this class.
fn group<'a, 'i>(doc: &'a roxmltree::Document<'i>, class: &str) -> Vec<roxmltree::Node<'a, 'i>> {
    let g = doc
        .descendants()
        .find(|n| n.attribute("class") == Some(class))
        .unwrap_or_else(|| panic!("no group {class}"));
    g.children().filter(|n| n.is_element()).collect()
}

const NONOGRAM: &str = r####"{"rows": [[3], [1, 1], [3]], "cols": [[3], [1, 1], [3]]}"####;
const NONOGRAM_MULTIPLE: &str = r####"{"rows": [[1], [1]], "cols": [[1], [1]]}"####;
const NONOGRAM_CHECK: &str = r####"{"rows": [[3], [1, 1], [3]], "cols": [[3], [1, 1], [3]], "grid": ["###", "#x#", "#.#"]}"####;
const NONOGRAM_PICTURE: &str = r####"{"grid": [".#.", "###", ".#."]}"####;
const FITPUZZLE: &str = r####"{"game_board": [[0, 0, 1, 0, 0], [0, 0, 1, 0, 1], [0, 1, 0, 1, 0], [1, 0, 0, 1, 0], [0, 1, 1, 0, 0]], "table": [[0, 1, 1, 0, 0], [0, 0, 1, 1, 0], [0, 1, 0, 0, 1], [0, 1, 0, 1, 1], [1, 1, 0, 1, 1]]}"####;
const BLOCKDOKU: &str = r####"{"board": [".########", "#........", "#........", "#........", "#........", "#........", "#........", "#........", "#........"], "piece": ["#"], "at": [0, 0]}"####;
const BLOCKDOKU_ILLEGAL: &str = r####"{"board": ["#........", ".........", ".........", ".........", ".........", ".........", ".........", ".........", "........."], "piece": ["##"], "at": [0, 0]}"####;
const BLOCKDOKU_CLEAR: &str = "{\"board\": [\"#########\", \".........\", \".........\", \".........\", \".........\", \".........\", \".........\", \".........\", \".........\"]}";
const RENJU: &str = r####"{"moves": ["i8", "a1", "j8", "a3", "h9", "a5", "h10", "o15"]}"####;
const RENJU_BOARD: &str = r####"{"board": ["...............", "...............", "...............", "...............", "...............", "...............", "...............", ".......XO......", "...............", "...............", "...............", "...............", "...............", "...............", "..............."]}"####;
const BASEBALL: &str = r####"{"length": 3, "history": [{"guess": "123", "strikes": 0, "balls": 1}, {"guess": "456", "strikes": 1, "balls": 0}, {"guess": "347", "strikes": 1, "balls": 1}], "strategy": "minimax"}"####;

fn every_picture() -> Vec<(&'static str, String)> {
    vec![
        ("nonogram", nonogram(input(NONOGRAM)).unwrap()),
        (
            "nonogram multiple",
            nonogram(input(NONOGRAM_MULTIPLE)).unwrap(),
        ),
        ("nonogram check", nonogram(input(NONOGRAM_CHECK)).unwrap()),
        (
            "nonogram picture",
            nonogram(input(NONOGRAM_PICTURE)).unwrap(),
        ),
        ("fitpuzzle", fitpuzzle(input(FITPUZZLE)).unwrap()),
        ("blockdoku", blockdoku(input(BLOCKDOKU)).unwrap()),
        (
            "blockdoku illegal",
            blockdoku(input(BLOCKDOKU_ILLEGAL)).unwrap(),
        ),
        (
            "blockdoku clear",
            blockdoku(input(BLOCKDOKU_CLEAR)).unwrap(),
        ),
        ("renju", renju(input(RENJU)).unwrap()),
        ("renju board", renju(input(RENJU_BOARD)).unwrap()),
        ("baseball", baseball(input(BASEBALL)).unwrap()),
    ]
}

#[test]
fn every_picture_is_one_svg_document_and_resvg_draws_it() {
    for (name, svg) in every_picture() {
        check_xml(&svg);
        let pixmap = raster(&svg);
        assert!(pixmap.width() > 50 && pixmap.height() > 50, "{name}");
        // The background is white.
        assert!(is_light(&pixmap, 1.0, 1.0), "{name}");
    }
}

#[test]
fn the_same_input_gives_the_same_bytes() {
    let again = every_picture();
    for ((name, a), (_, b)) in every_picture().iter().zip(&again) {
        assert_eq!(a, b, "{name} differs between two runs");
    }
}

#[test]
fn filled_nonogram_cells_are_dark_and_empty_ones_light() {
    // The unique solution is a ring: every cell filled but the middle one.
    let svg = nonogram(input(NONOGRAM)).unwrap();
    let doc = check_xml(&svg);
    let pixmap = raster(&svg);
    let cells = group(&doc, "cells");
    assert_eq!(cells.len(), 8, "eight filled cells");
    let (mut xs, mut ys) = (Vec::new(), Vec::new());
    for cell in &cells {
        let (x, y) = (number(*cell, "x"), number(*cell, "y"));
        let side = number(*cell, "width");
        assert!(is_dark(&pixmap, x + side / 2.0, y + side / 2.0), "{cell:?}");
        xs.push(x);
        ys.push(y);
    }
    // The middle of the 3x3 ring is empty: light.
    let middle = |v: &[f64]| {
        (v.iter().cloned().fold(f64::MAX, f64::min) + v.iter().cloned().fold(0.0, f64::max)) / 2.0
    };
    let side = number(cells[0], "width");
    assert!(is_light(
        &pixmap,
        middle(&xs) + side / 2.0,
        middle(&ys) + side / 2.0
    ));
}

#[test]
fn a_player_board_marks_broken_lines_and_crossed_cells() {
    // Row 2 and column 1 ("#.#" and "#x.") are fine; the board is unfinished, nothing broken.
    let svg = nonogram(input(NONOGRAM_CHECK)).unwrap();
    assert!(svg.contains("not solved yet"), "{svg}");
    // Row 0 "#.#." with clue [3] cannot hold: a broken row, outlined and with red clues.
    let broken =
        r####"{"rows": [[3], [1]], "cols": [[1], [1], [1], [1]], "grid": ["#x##", "...."]}"####;
    let svg = nonogram(input(broken)).unwrap();
    let doc = check_xml(&svg);
    let red = count(&doc, "rect", "stroke", "#dc2626");
    assert_eq!(red, 1, "one broken line outlined: {svg}");
    assert!(svg.contains("1 broken line"), "{svg}");
}

#[test]
fn two_solutions_are_drawn_side_by_side_with_their_differences() {
    let svg = nonogram(input(NONOGRAM_MULTIPLE)).unwrap();
    let doc = check_xml(&svg);
    let outlined = count(&doc, "", "stroke", "#dc2626");
    assert_eq!(outlined, 8, "all four cells differ, in both pictures");
    let filled = count(&doc, "rect", "fill", "#1f2937");
    assert_eq!(filled, 4, "two cells in each picture");
}

#[test]
fn renju_stones_are_dark_and_light_at_their_centres() {
    for json in [RENJU, RENJU_BOARD] {
        let svg = renju(input(json)).unwrap();
        let doc = check_xml(&svg);
        let pixmap = raster(&svg);
        let stones = group(&doc, "stones");
        let circles: Vec<_> = stones
            .iter()
            .filter(|n| n.tag_name().name() == "circle")
            .collect();
        let (mut black, mut white) = (0, 0);
        for stone in circles {
            let (x, y) = (number(*stone, "cx"), number(*stone, "cy"));
            if stone.attribute("fill") == Some("#1f2937") {
                assert!(is_dark(&pixmap, x, y), "black stone at ({x}, {y})");
                black += 1;
            } else {
                assert!(is_light(&pixmap, x, y), "white stone at ({x}, {y})");
                white += 1;
            }
        }
        assert!(black >= 1 && white >= 1, "{json}");
    }
    // h8 black, i8 white: the white stone is one step right of the black one, same height.
    let svg = renju(input(RENJU_BOARD)).unwrap();
    let doc = check_xml(&svg);
    let stones = group(&doc, "stones");
    let (b, w) = (stones[0], stones[1]);
    assert_eq!(number(b, "cy"), number(w, "cy"));
    assert!(number(w, "cx") > number(b, "cx"));
}

#[test]
fn renju_marks_each_forbidden_point_with_its_reason() {
    let svg = renju(input(RENJU)).unwrap();
    let doc = check_xml(&svg);
    let marks = group(&doc, "forbidden");
    let labels: Vec<&str> = marks.iter().filter_map(|n| n.text()).collect();
    assert_eq!(labels, ["3-3"], "h8 is a double-three");
    for words in ["double-three", "double-four", "overline"] {
        assert!(svg.contains(words), "the legend names {words}");
    }
}

#[test]
fn blockdoku_highlights_what_a_move_clears() {
    let svg = blockdoku(input(BLOCKDOKU)).unwrap();
    let doc = check_xml(&svg);
    let highlights = count(&doc, "", "fill", "#facc15");
    assert_eq!(highlights, 17, "row 0 and column 0 share the placed cell");
    assert!(svg.contains("170 points"), "{svg}");
    let svg = blockdoku(input(BLOCKDOKU_ILLEGAL)).unwrap();
    assert!(svg.contains("illegal (overlap)"), "{svg}");
    assert!(!svg.contains("#facc15"), "an illegal move clears nothing");
    // Nor does it on a board that already has a full row (the picture used to highlight it).
    let full_row = "{\"board\": [\".........\", \"#########\", \".........\", \".........\", \".........\", \".........\", \".........\", \".........\", \".........\"], \"piece\": [\"##\"], \"at\": [1, 0]}";
    let svg = blockdoku(input(full_row)).unwrap();
    assert!(svg.contains("illegal (overlap)"), "{svg}");
    assert!(
        !svg.contains("#facc15"),
        "an illegal move clears nothing: {svg}"
    );
    let svg = blockdoku(input(BLOCKDOKU_CLEAR)).unwrap();
    assert_eq!(svg.matches("#facc15").count(), 9, "the full top row");
}

#[test]
fn fitpuzzle_colours_placements_and_hatches_empty_holes() {
    let svg = fitpuzzle(input(FITPUZZLE)).unwrap();
    check_xml(&svg);
    // Three holes stay empty: 3 + 3 + 1 hatched cells.
    assert_eq!(svg.matches("url(#hatch)").count(), 7, "{svg}");
    assert!(svg.contains("9 of 16 hole cells filled"), "{svg}");
}

#[test]
fn baseball_lists_each_guess_and_what_is_left() {
    let svg = baseball(input(BASEBALL)).unwrap();
    for text in [
        ">720<",
        ">252<",
        ">48<",
        ">2<",
        "next guess (minimax): 376",
        "376, 417",
    ] {
        assert!(svg.contains(text), "{text} missing: {svg}");
    }
}

#[test]
fn bad_input_is_the_engines_error() {
    let err = nonogram(input::<NonogramInput>(r####"{"rows": [[1]]}"####)).unwrap_err();
    assert!(err.message.contains("`cols`"), "{err}");
    let err = nonogram(input(r####"{"rows": [[4]], "cols": [[1]]}"####)).unwrap_err();
    assert_eq!(err.path, "/rows/0");
    let err = blockdoku(input::<BlockdokuInput>(
        r####"{"board": [], "piece": ["#"]}"####,
    ))
    .unwrap_err();
    assert!(err.message.contains("`at`"), "{err}");
    let err = renju(input::<RenjuInput>(r####"{"moves": ["h8", "h8"]}"####)).unwrap_err();
    assert_eq!(err.path, "/moves/1");
    let big = format!(
        r####"{{"game_board": [{}], "table": [[1]]}}"####,
        vec!["[0]"; 30_000].join(",")
    );
    let err = fitpuzzle(input::<FitpuzzleInput>(&big)).unwrap_err();
    assert_eq!(err.path, "/game_board");
    assert!(err.message.contains("too many to draw"), "{err}");
    let err = baseball(input::<BaseballInput>(
        r####"{"history": [{"guess": "12", "strikes": 3, "balls": 0}]}"####,
    ))
    .unwrap_err();
    assert!(err.path.starts_with("/history/0"), "{err}");
}

#[test]
fn a_caption_goes_under_a_picture_and_a_note_stands_alone() {
    let svg = renju(input(RENJU)).unwrap();
    let lines = vec!["case: x.jsonl:3".to_string(), "a & <b>".to_string()];
    let captioned = with_caption(&svg, &lines).unwrap();
    let doc = check_xml(&captioned);
    let nested = doc
        .root_element()
        .children()
        .filter(|n| n.tag_name().name() == "svg")
        .count();
    assert_eq!(nested, 1, "the picture is nested whole");
    assert!(captioned.contains("a &amp; &lt;b&gt;"));
    let (h0, h1) = (
        number(check_xml(&svg).root_element(), "height"),
        number(doc.root_element(), "height"),
    );
    assert!(h1 > h0, "room for the caption");
    let pixmap = raster(&captioned);
    let plain = check_xml(&svg);
    let first = group(&plain, "stones")[0];
    assert!(is_dark(&pixmap, number(first, "cx"), number(first, "cy")));
    check_xml(&note(&lines));
    assert!(with_caption("not xml <", &lines).is_err());
}

#[test]
fn snapshots() {
    let pictures = [
        ("nonogram", nonogram(input(NONOGRAM)).unwrap()),
        ("fitpuzzle", fitpuzzle(input(FITPUZZLE)).unwrap()),
        ("blockdoku", blockdoku(input(BLOCKDOKU)).unwrap()),
        ("renju", renju(input(RENJU)).unwrap()),
        ("baseball", baseball(input(BASEBALL)).unwrap()),
    ];
    for (name, svg) in pictures {
        insta::assert_snapshot!(name, svg);
    }
}
