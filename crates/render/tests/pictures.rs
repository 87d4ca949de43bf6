//! The pictures as XML, as what the eye sees (the filled rectangles and circles painted in
//! document order, opacity included: a small model of an SVG renderer for the few shapes
//! the pictures use; text draws nothing there, so it never covers the points looked at),
//! and as text (insta snapshots, one input per game). Every text must stand out from what
//! is painted under it by at least 4.5:1 (WCAG AA).

use puzzles_render::{
    BaseballInput, BlockdokuInput, CaptionError, FitpuzzleInput, NonogramInput, RenjuInput,
    baseball, blockdoku, fitpuzzle, nonogram, note, renju, renju_render, with_caption,
};
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

/// A colour as linear-free sRGB channels 0..=1.
type Rgb = [f64; 3];

fn parse_colour(text: &str) -> Option<Rgb> {
    let hex = text.strip_prefix('#')?;
    if hex.len() != 6 {
        return None;
    }
    let channel = |k: usize| u8::from_str_radix(&hex[2 * k..2 * k + 2], 16).ok();
    Some([
        f64::from(channel(0)?) / 255.0,
        f64::from(channel(1)?) / 255.0,
        f64::from(channel(2)?) / 255.0,
    ])
}

/// An attribute of the element or, as SVG inherits presentation attributes, of the nearest
/// ancestor that has it.
fn inherited<'a>(node: roxmltree::Node<'a, '_>, name: &str) -> Option<&'a str> {
    node.ancestors().find_map(|n| n.attribute(name))
}

/// One painted shape: where it is and the colour and opacity it paints with.
struct Shape {
    rect: Option<[f64; 4]>,
    circle: Option<[f64; 3]>,
    fill: Rgb,
    opacity: f64,
}

impl Shape {
    fn covers(&self, x: f64, y: f64) -> bool {
        if let Some([rx, ry, w, h]) = self.rect {
            return x >= rx && x <= rx + w && y >= ry && y <= ry + h;
        }
        if let Some([cx, cy, r]) = self.circle {
            return (x - cx).powi(2) + (y - cy).powi(2) <= r * r;
        }
        false
    }
}

/// The filled shapes of a picture in painting order (patterns and `none` fills left out).
fn shapes(doc: &roxmltree::Document<'_>) -> Vec<Shape> {
    let mut out = Vec::new();
    for node in doc.descendants().filter(|n| n.is_element()) {
        if node.ancestors().any(|a| a.tag_name().name() == "defs") {
            continue;
        }
        // Nested documents (a captioned picture) sit at their x, y.
        let (dx, dy): (f64, f64) = node
            .ancestors()
            .skip(1)
            .filter(|a| a.tag_name().name() == "svg")
            .map(|a| {
                let at = |k| a.attribute(k).and_then(|v| v.parse().ok()).unwrap_or(0.0);
                (at("x"), at("y"))
            })
            .fold((0.0, 0.0), |(x, y), (a, b)| (x + a, y + b));
        let Some(fill) = parse_colour(inherited(node, "fill").unwrap_or("#000000")) else {
            continue;
        };
        let opacity = inherited(node, "fill-opacity").map_or(1.0, |v| v.parse().unwrap());
        let (rect, circle) = match node.tag_name().name() {
            "rect" => {
                let n = |k| number(node, k);
                (
                    Some([n("x") + dx, n("y") + dy, n("width"), n("height")]),
                    None,
                )
            }
            "circle" => {
                let n = |k| number(node, k);
                (None, Some([n("cx") + dx, n("cy") + dy, n("r")]))
            }
            _ => continue,
        };
        out.push(Shape {
            rect,
            circle,
            fill,
            opacity,
        });
    }
    out
}

/// The colour seen at (x, y): every shape under the point, blended in painting order.
fn seen(shapes: &[Shape], x: f64, y: f64) -> Rgb {
    shapes
        .iter()
        .filter(|s| s.covers(x, y))
        .fold([1.0; 3], |under, s| {
            [0, 1, 2].map(|k| under[k] * (1.0 - s.opacity) + s.fill[k] * s.opacity)
        })
}

/// WCAG relative luminance.
fn luminance(c: Rgb) -> f64 {
    let lin = |v: f64| {
        if v <= 0.040_45 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])
}

/// WCAG contrast ratio, 1..=21.
fn contrast(a: Rgb, b: Rgb) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// Brightness 0..=255 of what is seen at (x, y).
fn brightness(shapes: &[Shape], x: f64, y: f64) -> f64 {
    let [r, g, b] = seen(shapes, x, y);
    (r * 299.0 + g * 587.0 + b * 114.0) / 1000.0 * 255.0
}

fn is_dark(shapes: &[Shape], x: f64, y: f64) -> bool {
    brightness(shapes, x, y) < 80.0
}

fn is_light(shapes: &[Shape], x: f64, y: f64) -> bool {
    brightness(shapes, x, y) > 200.0
}

/// Every text of a picture with its colour, the colour under its middle, and their
/// contrast; the texts below `min` are returned.
fn unreadable_texts(svg: &str, min: f64) -> Vec<String> {
    let doc = check_xml(svg);
    let painted = shapes(&doc);
    let mut faults = Vec::new();
    for text in doc.descendants().filter(|n| n.tag_name().name() == "text") {
        let ink = parse_colour(inherited(text, "fill").unwrap_or("#000000"))
            .unwrap_or_else(|| panic!("text without a colour: {text:?}"));
        let size: f64 = inherited(text, "font-size").map_or(16.0, |v| v.parse().unwrap());
        let (x, y) = (number(text, "x"), number(text, "y"));
        let chars = text.text().unwrap_or("").chars().count() as f64;
        // The middle of the text's first character or two, at half its x-height.
        let x = match inherited(text, "text-anchor") {
            Some("middle") => x,
            Some("end") => x - size * 0.3,
            _ => x + size * 0.3_f64.min(chars * 0.25),
        };
        let under = seen(&painted, x, y - size * 0.3);
        let ratio = contrast(ink, under);
        if ratio < min {
            faults.push(format!(
                "{:?} at ({x}, {y}): {:?} on {:?} is {ratio:.2}:1",
                text.text().unwrap_or(""),
                inherited(text, "fill"),
                under
            ));
        }
    }
    faults
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
fn every_picture_is_one_svg_document_on_white() {
    for (name, svg) in every_picture() {
        let doc = check_xml(&svg);
        let root = doc.root_element();
        assert!(
            number(root, "width") > 50.0 && number(root, "height") > 50.0,
            "{name}"
        );
        // The background is white.
        assert!(is_light(&shapes(&doc), 1.0, 1.0), "{name}");
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
    let painted = shapes(&doc);
    let cells = group(&doc, "cells");
    assert_eq!(cells.len(), 8, "eight filled cells");
    let (mut xs, mut ys) = (Vec::new(), Vec::new());
    for cell in &cells {
        let (x, y) = (number(*cell, "x"), number(*cell, "y"));
        let side = number(*cell, "width");
        assert!(
            is_dark(&painted, x + side / 2.0, y + side / 2.0),
            "{cell:?}"
        );
        xs.push(x);
        ys.push(y);
    }
    // The middle of the 3x3 ring is empty: light.
    let middle = |v: &[f64]| {
        (v.iter().cloned().fold(f64::MAX, f64::min) + v.iter().cloned().fold(0.0, f64::max)) / 2.0
    };
    let side = number(cells[0], "width");
    assert!(is_light(
        &painted,
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
        let painted = shapes(&doc);
        let stones = group(&doc, "stones");
        let circles: Vec<_> = stones
            .iter()
            .filter(|n| n.tag_name().name() == "circle")
            .collect();
        let (mut black, mut white) = (0, 0);
        for stone in circles {
            let (x, y) = (number(*stone, "cx"), number(*stone, "cy"));
            if stone.attribute("fill") == Some("#1f2937") {
                assert!(is_dark(&painted, x, y), "black stone at ({x}, {y})");
                black += 1;
            } else {
                assert!(is_light(&painted, x, y), "white stone at ({x}, {y})");
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
    // The legend names the reasons on the board, and only those.
    let legend: Vec<&str> = group(&doc, "legend")
        .iter()
        .filter_map(|n| n.text())
        .collect();
    assert_eq!(legend, ["black's forbidden points", "3-3", "double-three"]);
    // Without forbidden points there is no legend (it used to show three empty reasons).
    let svg = renju(input(RENJU_BOARD)).unwrap();
    assert!(!svg.contains("legend") && !svg.contains("double-"), "{svg}");
}

/// Hue of a colour in degrees.
fn hue([r, g, b]: Rgb) -> f64 {
    let (max, min) = (r.max(g).max(b), r.min(g).min(b));
    let d = max - min;
    let h = if d == 0.0 {
        0.0
    } else if max == r {
        60.0 * ((g - b) / d).rem_euclid(6.0)
    } else if max == g {
        60.0 * ((b - r) / d + 2.0)
    } else {
        60.0 * ((r - g) / d + 4.0)
    };
    h.rem_euclid(360.0)
}

#[test]
fn renju_forbidden_reasons_differ_in_hue() {
    // One point of each reason: the fixture check-every-reason.
    let every = r####"{"moves": ["c15", "a1", "d15", "c1", "e15", "e1", "g15", "g1", "h15", "i1", "c3", "k1", "d3", "m1", "e3", "o1", "f4", "a7", "f5", "a9", "f6", "a11", "j9", "o7", "k9", "o9", "l10", "o11", "l11", "o13"]}"####;
    let svg = renju(input(every)).unwrap();
    let doc = check_xml(&svg);
    let mut colours: Vec<(String, Rgb)> = Vec::new();
    for mark in group(&doc, "forbidden") {
        if mark.tag_name().name() == "text" {
            let colour = mark.attribute("fill").unwrap();
            let label = mark.text().unwrap().to_string();
            if colours.iter().all(|(l, _)| *l != label) {
                colours.push((label, parse_colour(colour).unwrap()));
            }
        }
    }
    assert_eq!(
        colours.len(),
        3,
        "3-3, 4-4 and 6+ on this board: {colours:?}"
    );
    // Before: 3-3 #c2410c and 4-4 #dc2626 were 1.07:1 apart and 8 degrees of hue.
    for (i, (a, ca)) in colours.iter().enumerate() {
        for (b, cb) in &colours[i + 1..] {
            let d = (hue(*ca) - hue(*cb)).abs();
            let d = d.min(360.0 - d);
            assert!(d >= 60.0, "{a} and {b} are {d:.0} degrees of hue apart");
        }
    }
}

#[test]
fn renju_last_move_number_reads_on_black_and_white() {
    // The last move is black's (7 moves) and then white's (8 moves).
    for moves in [7, 8] {
        let record: Vec<&str> =
            ["i8", "a1", "j8", "a3", "h9", "a5", "h10", "o15"][..moves].to_vec();
        let svg = renju(input(&format!("{{\"moves\": {record:?}}}"))).unwrap();
        let doc = check_xml(&svg);
        let painted = shapes(&doc);
        let last = group(&doc, "stones")
            .into_iter()
            .find(|n| n.text() == Some(&moves.to_string()))
            .unwrap();
        let ink = parse_colour(last.attribute("fill").unwrap()).unwrap();
        let under = seen(&painted, number(last, "x"), number(last, "y") - 4.0);
        let ratio = contrast(ink, under);
        assert!(ink[0] > ink[1] && ink[0] > ink[2], "the last number is red");
        assert!(
            ratio >= 4.5,
            "move {moves}: {ratio:.2}:1 (was 3:1 on black)"
        );
    }
}

#[test]
fn renju_foul_is_crossed_out_and_captioned_as_blacks_move() {
    let foul = r####"{"moves": ["g8", "a1", "i8", "a3", "h7", "a5", "h9", "a7", "h8"]}"####;
    let svg = renju(input(foul)).unwrap();
    let doc = check_xml(&svg);
    let cross = group(&doc, "foul");
    assert_eq!(cross.len(), 2, "two strokes of a cross");
    // h8 is the centre point: column h (7), row 8 (7) from the bottom.
    let h8 = group(&doc, "stones")
        .into_iter()
        .find(|n| n.text() == Some("9"))
        .unwrap();
    let (x, y) = (number(cross[0], "x1"), number(cross[0], "y1"));
    assert!((x - number(h8, "x")).abs() < 15.0 && (y - number(h8, "y")).abs() < 20.0);
    assert!(
        svg.contains("white won: black&apos;s move 9 (moves[8], h8) is forbidden (double-three)")
            || svg.contains("white won: black's move 9 (moves[8], h8) is forbidden (double-three)"),
        "{svg}"
    );
    assert!(!svg.contains("class=\"five\""), "no winning row");
}

/// A RIF opening where black (the second player after the swap) has offered two fifth moves.
const RENJU_OFFERS: &str = r####"{"moves": ["h8", "h9", "i9", "j10"], "opening": {"rule": "rif", "actions": ["swap", {"offer": ["g10", "j7"]}]}}"####;

#[test]
fn renju_offered_fifth_moves_are_lettered_rings_and_the_caption_says_what_comes_next() {
    let svg = renju_render(input(RENJU_OFFERS)).unwrap();
    let doc = check_xml(&svg);
    let offers = group(&doc, "offers");
    let rings: Vec<_> = offers
        .iter()
        .filter(|n| n.tag_name().name() == "circle")
        .collect();
    let letters: Vec<_> = offers.iter().filter_map(|n| n.text()).collect();
    assert_eq!((rings.len(), letters), (2, vec!["a", "b"]));
    // The rings stand on empty points: nothing dark under their centres.
    for ring in rings {
        assert!(!is_dark(
            &shapes(&doc),
            number(*ring, "cx"),
            number(*ring, "cy")
        ));
    }
    for line in [
        "rif opening D4 Kagetsu; black: the second player",
        "black offered 2 fifth moves: g10 (a), j7 (b)",
        "next: the first player, one of black&apos;s offered fifth moves (g10, j7)",
    ] {
        assert!(svg.contains(line), "{line}");
    }
    assert!(
        unreadable_texts(&svg, 4.5).is_empty(),
        "{:?}",
        unreadable_texts(&svg, 4.5)
    );
    // White took j7: one ring left, and the caption says which was taken.
    let taken = RENJU_OFFERS.replace(r#""j10"]"#, r#""j10", "j7"]"#);
    let svg = renju_render(input(&taken)).unwrap();
    let doc = check_xml(&svg);
    assert_eq!(group(&doc, "offers").len(), 2, "one ring and its letter");
    assert!(svg.contains("white took j7 (b)"));
}

#[test]
fn renju_winning_five_is_ringed() {
    let five = r####"{"moves": ["h8", "a1", "i8", "a3", "j8", "a5", "k8", "a7", "l8"]}"####;
    let svg = renju(input(five)).unwrap();
    let doc = check_xml(&svg);
    let rings = group(&doc, "five");
    assert_eq!(rings.len(), 5, "{svg}");
    let ys: Vec<f64> = rings.iter().map(|r| number(*r, "cy")).collect();
    assert!(ys.iter().all(|&y| y == ys[0]), "one row: {ys:?}");
    assert!(
        svg.contains("black won with move 9 (moves[8]): 5 in a row"),
        "{svg}"
    );
}

#[test]
fn blockdoku_highlights_what_a_move_clears() {
    let svg = blockdoku(input(BLOCKDOKU)).unwrap();
    let doc = check_xml(&svg);
    let highlights = count(&doc, "rect", "stroke", "#facc15");
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
fn blockdoku_cleared_cells_keep_their_colour_and_the_page_fits_the_board() {
    let svg = blockdoku(input(BLOCKDOKU)).unwrap();
    let doc = check_xml(&svg);
    let painted = shapes(&doc);
    // The placed cell [0, 0] is cleared: it stays the piece's blue (the old yellow wash made
    // it #8b95a3-ish and hid the piece), and an occupied cleared cell stays grey.
    let centre = |r: f64, c: f64| seen(&painted, 12.0 + 36.0 * c + 18.0, 12.0 + 36.0 * r + 18.0);
    assert_eq!(centre(0.0, 0.0), parse_colour("#2563eb").unwrap());
    assert_eq!(centre(0.0, 1.0), parse_colour("#475569").unwrap());
    // The frame is there, yellow, on all 17 cells.
    assert_eq!(
        group(&doc, "cleared").len(),
        34,
        "an edge and a frame per cell"
    );
    // The page is the board's width: the caption wraps (it was 653 px for a 348 px board).
    assert_eq!(number(doc.root_element(), "width"), 9.0 * 36.0 + 24.0);
    assert!(unreadable_texts(&svg, 4.5).is_empty());
}

#[test]
fn blockdoku_illegal_move_crosses_the_cells_it_overlaps() {
    let svg = blockdoku(input(BLOCKDOKU_ILLEGAL)).unwrap();
    let doc = check_xml(&svg);
    // "##" at [0, 0] on a board whose [0, 0] is occupied: one overlapping cell, crossed.
    let cross = group(&doc, "overlap");
    assert_eq!(cross.len(), 2, "{svg}");
    let (x, y) = (number(cross[0], "x1"), number(cross[0], "y1"));
    assert!(
        x > 12.0 && x < 48.0 && y > 12.0 && y < 48.0,
        "in cell [0, 0]"
    );
    let off = r####"{"board": [".........", ".........", ".........", ".........", ".........", ".........", ".........", ".........", "........."], "piece": ["###"], "at": [0, 7]}"####;
    let svg = blockdoku(input(off)).unwrap();
    assert!(svg.contains("1 of its cells off the board"), "{svg}");
}

#[test]
fn nonogram_without_solution_outlines_the_line_that_fails() {
    // Row 0 [2] fills both cells, then column 0 [] cannot hold its filled cell.
    let none = r####"{"rows": [[2], []], "cols": [[], [2]]}"####;
    let svg = nonogram(input(none)).unwrap();
    let doc = check_xml(&svg);
    assert_eq!(count(&doc, "rect", "stroke", "#dc2626"), 1, "{svg}");
    assert_eq!(count(&doc, "rect", "fill", "#1f2937"), 2, "row 0 filled in");
    assert!(svg.contains("column 0 fits no arrangement"), "{svg}");
    // Where line logic stalls, the caption says that no single line fails.
    let probing = r####"{"rows": [[5], [1], [2], [1, 1], [1, 1]], "cols": [[1, 2], [1, 1], [2], [1, 1], [1, 2]]}"####;
    let svg = nonogram(input(probing)).unwrap();
    assert!(svg.contains("stalls before any one line fails"), "{svg}");
}

#[test]
fn fitpuzzle_numbers_read_on_their_pieces() {
    // Piece 1 (a 1x2 domino) fits no hole: it stays grey, numbered in black (white was 1.5:1).
    let unused = r####"{"game_board": [[0, 1, 1], [1, 1, 1]], "table": [[1, 0, 1], [0, 0, 1]]}"####;
    let svg = fitpuzzle(input(unused)).unwrap();
    let doc = check_xml(&svg);
    let numbers: Vec<_> = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "text" && n.text() == Some("1"))
        .collect();
    assert_eq!(numbers.len(), 1, "{svg}");
    assert_eq!(numbers[0].attribute("fill"), Some("#000000"));
    assert!(
        unreadable_texts(&svg, 4.5).is_empty(),
        "{:?}",
        unreadable_texts(&svg, 4.5)
    );
}

#[test]
fn every_text_stands_out_from_its_background() {
    let extra = [
        r####"{"moves": ["g8", "a1", "i8", "a3", "h7", "a5", "h9", "a7", "h8"]}"####,
        r####"{"moves": ["h8", "a1", "i8", "a3", "j8", "a5", "k8", "a7", "l8"]}"####,
        r####"{"moves": ["i8", "a1", "j8", "a3", "h9", "a5", "h10"]}"####,
    ];
    let mut pictures = every_picture();
    for json in extra {
        pictures.push(("renju extra", renju(input(json)).unwrap()));
    }
    pictures.push((
        "nonogram none",
        nonogram(input(r####"{"rows": [[2], []], "cols": [[], [2]]}"####)).unwrap(),
    ));
    pictures.push((
        "captioned",
        with_caption(
            &renju(input(RENJU)).unwrap(),
            &["case x: a & b".to_string()],
        )
        .unwrap(),
    ));
    for (name, svg) in pictures {
        let faults = unreadable_texts(&svg, 4.5);
        assert!(faults.is_empty(), "{name}: {faults:#?}");
    }
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
    let painted = shapes(&doc);
    let plain = check_xml(&svg);
    let first = group(&plain, "stones")[0];
    assert!(is_dark(&painted, number(first, "cx"), number(first, "cy")));
    check_xml(&note(&lines));
    assert!(matches!(
        with_caption("not xml <", &lines),
        Err(CaptionError::NotXml(_))
    ));
    assert_eq!(
        with_caption("<svg width=\"w\" height=\"2\"/>", &lines),
        Err(CaptionError::NoSize)
    );
    assert_eq!(with_caption("", &lines), Err(CaptionError::NoRoot));
    // A root without children still gives its size.
    assert!(with_caption("<svg width=\"20\" height=\"10\"/>", &lines).is_ok());
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
