//! The puzzles of the colour comparison: seeded random pictures of 2 to 4 colours turned into
//! clues, and the public colour puzzles of the folders given (webpbn XML, and the `.g` text
//! of Olsak's solver, which pbnsolve's examples use).

use nonogram_core::formats::{Format, decode_text, parse_puzzle, to_webpbn_xml};
use nonogram_core::palette::{ClueItem, PaletteColor};
use nonogram_core::solver::{Puzzle, SolveInput};
use std::path::{Path, PathBuf};

/// One puzzle to compare: its name, where it came from, the XML file both solvers read and
/// the clues as read (to check pictures with). `goal`: the picture a random puzzle was drawn
/// from (one of its solutions).
pub(crate) struct ColorCase {
    pub(crate) name: String,
    pub(crate) set: String,
    pub(crate) colors: usize,
    pub(crate) input: SolveInput,
    pub(crate) file: PathBuf,
    pub(crate) goal: Option<Vec<String>>,
}

/// The colours of the random pictures: name, character, value.
const COLORS: [(&str, char, &str); 4] = [
    ("black", '#', "000000"),
    ("red", 'r', "e02020"),
    ("blue", 'b', "2040e0"),
    ("green", 'g', "20a040"),
];

/// The share of background cells, in eighths, of the pictures in turn.
const BACKGROUND_EIGHTHS: [u64; 3] = [2, 3, 4];

/// A seeded xorshift64* generator.
fn generator(seed: u64) -> impl FnMut() -> u64 {
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    move || {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

/// Random picture `index` of the run seeded with `seed`: each side uniform in `sides`, 2, 3
/// or 4 colours in turn. A cell is background with probability 1/2; otherwise, after a
/// coloured cell, it keeps that colour with probability 1/2 (runs longer than one cell, as
/// in drawn pictures), else it takes a colour uniformly. Values: 0 background, 1.. colours.
pub(crate) fn random_picture(
    seed: u64,
    index: u64,
    sides: (usize, usize),
) -> (usize, Vec<Vec<u8>>) {
    let mut next = generator(seed ^ index.wrapping_mul(0x5851_f42d_4c95_7f2d));
    let span = (sides.1 - sides.0 + 1) as u64;
    let h = sides.0 + (next() % span) as usize;
    let w = sides.0 + (next() % span) as usize;
    let colors = 2 + (index % 3) as usize;
    let background = BACKGROUND_EIGHTHS[(index / 3 % 3) as usize];
    let mut pic = vec![vec![0u8; w]; h];
    for row in &mut pic {
        for c in 0..w {
            row[c] = if next() % 8 < background {
                0
            } else if c > 0 && row[c - 1] != 0 && next().is_multiple_of(2) {
                row[c - 1]
            } else {
                1 + (next() % colors as u64) as u8
            };
        }
    }
    (colors, pic)
}

/// The clue of one line of values: a plain count for black, a coloured count otherwise.
fn line_clue(line: &[u8]) -> Vec<ClueItem> {
    let mut out: Vec<ClueItem> = Vec::new();
    for (i, &v) in line.iter().enumerate() {
        if v == 0 {
            continue;
        }
        if i > 0 && line[i - 1] == v {
            match out.last_mut() {
                Some(ClueItem::Count(n) | ClueItem::Colored { count: n, .. }) => *n += 1,
                None => unreachable!("a run continues a block"),
            }
        } else if v == 1 {
            out.push(ClueItem::Count(1));
        } else {
            out.push(ClueItem::Colored {
                count: 1,
                color: COLORS[usize::from(v) - 1].0.into(),
            });
        }
    }
    out
}

/// Random puzzle `index` written as webpbn XML into `dir`.
pub(crate) fn random_case(seed: u64, index: u64, sides: (usize, usize), dir: &Path) -> ColorCase {
    let (colors, pic) = random_picture(seed, index, sides);
    let w = pic[0].len();
    let rows = pic.iter().map(|r| line_clue(r)).collect();
    let cols = (0..w)
        .map(|c| line_clue(&pic.iter().map(|r| r[c]).collect::<Vec<_>>()))
        .collect();
    let palette = COLORS[..colors]
        .iter()
        .map(|&(name, ch, rgb)| PaletteColor {
            name: name.into(),
            char: ch,
            rgb: Some(rgb.into()),
        })
        .collect();
    let input = SolveInput {
        rows,
        cols,
        palette: Some(palette),
        timeout_ms: None,
        goal: None,
    };
    let goal = pic
        .iter()
        .map(|r| {
            r.iter()
                .map(|&v| {
                    if v == 0 {
                        '.'
                    } else {
                        COLORS[usize::from(v) - 1].1
                    }
                })
                .collect()
        })
        .collect();
    let name = format!("random-{}x{}-c{colors}-s{seed}-{index}", w, pic.len());
    let file = dir.join(format!("{name}.xml"));
    let xml = xml_text(&input, &name).expect("the clues of a picture are a puzzle");
    std::fs::write(&file, xml).expect("write the puzzle");
    ColorCase {
        name,
        set: format!("random, {colors} colours"),
        colors,
        input,
        file,
        goal: Some(goal),
    }
}

/// `input` as webpbn XML (our writer's).
fn xml_text(input: &SolveInput, title: &str) -> Result<String, String> {
    let puzzle = Puzzle::from_input(&input.rows, &input.cols, input.palette.as_deref())
        .map_err(|e| e.to_string())?;
    Ok(to_webpbn_xml(Some(title), &puzzle))
}

/// How many colours the clues use (blocks of the default colour count as one).
fn colors_used(input: &SolveInput) -> usize {
    let mut names: Vec<&str> = input
        .rows
        .iter()
        .chain(&input.cols)
        .flatten()
        .map(|item| match item {
            ClueItem::Count(_) => "black",
            ClueItem::Colored { color, .. } => color.as_str(),
        })
        .collect();
    names.sort_unstable();
    names.dedup();
    names.len()
}

/// Every public puzzle under `dirs` (recursively) that uses two colours or more, copied
/// (`.xml`, `.pbn`; a set of several puzzles split, one file each) or converted (`.g`)
/// into `tmp` as webpbn XML; black-and-white ones and those that cannot be read are left
/// out, with the reason each (second value).
pub(crate) fn public_cases(dirs: &[PathBuf], tmp: &Path) -> (Vec<ColorCase>, Vec<String>) {
    let mut files = Vec::new();
    for dir in dirs {
        collect_files(dir, &mut files);
    }
    files.sort();
    let mut cases = Vec::new();
    let mut left_out = Vec::new();
    for path in files {
        for (name, read) in public_puzzles(&path) {
            let shown = format!("{} ({name})", path.display());
            match read.and_then(|text| public_case(&name, &text, tmp)) {
                Ok(case) if case.colors >= 2 => cases.push(case),
                Ok(_) => left_out.push(format!("{shown}: black and white")),
                Err(why) => left_out.push(format!("{shown}: {why}")),
            }
        }
    }
    (cases, left_out)
}

fn collect_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        eprintln!("cannot read {}", dir.display());
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect_files(&path, out);
        } else if path
            .extension()
            .is_some_and(|x| x == "xml" || x == "pbn" || x == "g")
        {
            out.push(path);
        }
    }
}

/// The puzzles of one file as webpbn XML texts, each with its name (folder and file stem,
/// and its number in a set of several): `.g` files converted.
fn public_puzzles(path: &Path) -> Vec<(String, Result<String, String>)> {
    let parent = path
        .parent()
        .and_then(|p| p.file_name())
        .map_or(String::new(), |p| p.to_string_lossy().to_string());
    let stem = path
        .file_stem()
        .map_or(String::new(), |s| s.to_string_lossy().to_string());
    let name = format!("{parent}-{stem}");
    let text = match std::fs::read(path) {
        Ok(bytes) => decode_text(&bytes).into_owned(),
        Err(e) => return vec![(name, Err(e.to_string()))],
    };
    if path.extension().is_some_and(|x| x == "g") {
        let xml = parse_olsak(&text).and_then(|input| xml_text(&input, &name));
        return vec![(name, xml)];
    }
    let parts = split_puzzleset(&text);
    if parts.len() < 2 {
        return vec![(name, Ok(text))];
    }
    parts
        .into_iter()
        .enumerate()
        .map(|(k, part)| (format!("{name}-{}", k + 1), Ok(part)))
        .collect()
}

/// The `<puzzle>` elements of a puzzle set, each as a document of its own.
fn split_puzzleset(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("<puzzle ").or_else(|| rest.find("<puzzle>")) {
        let Some(len) = rest[start..].find("</puzzle>") else {
            break;
        };
        let end = start + len + "</puzzle>".len();
        out.push(format!(
            "<?xml version=\"1.0\"?>\n<puzzleset>\n{}\n</puzzleset>\n",
            &rest[start..end]
        ));
        rest = &rest[end..];
    }
    out
}

/// One public puzzle: written to `tmp` as both solvers will read it, and read back as our
/// reader reads it (its colour characters are the ones pictures use).
fn public_case(name: &str, xml: &str, tmp: &Path) -> Result<ColorCase, String> {
    let input = parse_puzzle(xml, Format::Xml).map_err(|e| e.to_string())?;
    Puzzle::from_input(&input.rows, &input.cols, input.palette.as_deref())
        .map_err(|e| e.to_string())?;
    let file = tmp.join(format!("{name}.xml"));
    std::fs::write(&file, xml.as_bytes()).map_err(|e| e.to_string())?;
    Ok(ColorCase {
        name: name.to_string(),
        set: "public".into(),
        colors: colors_used(&input),
        input,
        file,
        goal: None,
    })
}

/// Reads the `.g` text of Olsak's solver: an optional colour block (a line starting `#d`,
/// then `KEY:CHAR NAME` lines; key `0` is the background, `1` the colour of bare numbers),
/// then rows and columns, each section opened by a line starting with `:`, one clue a line
/// (`3`, `2r`: a count and its colour's key; an empty line is an empty clue). Triangle
/// colours (a name with `/` or `\`) are not nonogram rules and are refused.
fn parse_olsak(text: &str) -> Result<SolveInput, String> {
    let mut lines = text
        .lines()
        .skip_while(|l| !l.starts_with("#d") && !l.starts_with(':'));
    let mut keys: Vec<(char, String)> = Vec::new();
    let mut sections: Vec<Vec<Vec<ClueItem>>> = Vec::new();
    let mut in_colors = false;
    for line in lines.by_ref() {
        if line.starts_with("#d") {
            in_colors = true;
        } else if line.starts_with(':') {
            in_colors = false;
            if sections.len() == 2 {
                break;
            }
            sections.push(Vec::new());
        } else if in_colors {
            let line = line.trim();
            let Some((key, rest)) = line.split_once(':') else {
                continue;
            };
            let key = key.chars().next().ok_or("a colour without a key")?;
            let name = rest
                .get(1..)
                .unwrap_or("")
                .split_whitespace()
                .next()
                .unwrap_or("");
            if name.contains('/') || name.contains('\\') {
                return Err("triangle cells".into());
            }
            if key != '0' {
                keys.push((key, name.trim_start_matches('#').to_string()));
            }
        } else if let Some(section) = sections.last_mut() {
            section.push(olsak_clue(line, &keys)?);
        }
    }
    let [rows, cols] = <[Vec<Vec<ClueItem>>; 2]>::try_from(sections)
        .map_err(|_| "not two clue sections".to_string())?;
    // The colours as a palette: each key's name (its XPM word), `1` (bare numbers) black.
    let palette = keys
        .iter()
        .map(|(key, name)| PaletteColor {
            name: if *key == '1' {
                "black".into()
            } else {
                name.clone()
            },
            char: if *key == '1' { '#' } else { *key },
            rgb: None,
        })
        .collect();
    Ok(SolveInput {
        rows,
        cols,
        palette: Some(palette),
        timeout_ms: None,
        goal: None,
    })
}

fn olsak_clue(line: &str, keys: &[(char, String)]) -> Result<Vec<ClueItem>, String> {
    line.split_whitespace()
        .filter(|t| *t != "0")
        .map(|token| {
            let digits = token.trim_end_matches(|c: char| !c.is_ascii_digit());
            let count: u32 = digits.parse().map_err(|_| format!("bad clue {token:?}"))?;
            match token[digits.len()..].chars().next() {
                None | Some('1') => Ok(ClueItem::Count(count)),
                Some(key) => keys
                    .iter()
                    .find(|(k, _)| *k == key)
                    .map(|(_, name)| ClueItem::Colored {
                        count,
                        color: name.clone(),
                    })
                    .ok_or_else(|| format!("unknown colour key {key:?}")),
            }
        })
        .collect()
}
