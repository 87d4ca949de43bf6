//! The solver on random colour puzzles up to 10x10, against a brute-force solver written
//! here: every picture of the clues is found by enumerating, row by row, every colouring
//! each row's clue allows, keeping the columns' runs a prefix of their clues. Statuses must
//! agree, and every picture the solver returns is checked against the clues by this file's
//! own code (no line of the solver's is shared).

use nonogram_core::palette::{ClueItem, PaletteColor};
use nonogram_core::solver::{Puzzle, SolveOptions, SolveStatus, solve_puzzle_with};
use puzzles_common::Deadline;
use std::time::Instant;

/// A clue: (length, colour) per block; colour 1.. (0 is the background).
type Clue = Vec<(usize, u8)>;

fn runs(line: &[u8]) -> Clue {
    let mut out: Clue = Vec::new();
    for (i, &v) in line.iter().enumerate() {
        if v == 0 {
            continue;
        }
        if i > 0 && line[i - 1] == v {
            if let Some(last) = out.last_mut() {
                last.0 += 1;
            }
        } else {
            out.push((1, v));
        }
    }
    out
}

fn clues_of(pic: &[Vec<u8>]) -> (Vec<Clue>, Vec<Clue>) {
    let w = pic.first().map_or(0, Vec::len);
    let rows = pic.iter().map(|r| runs(r)).collect();
    let cols = (0..w)
        .map(|c| runs(&pic.iter().map(|r| r[c]).collect::<Vec<_>>()))
        .collect();
    (rows, cols)
}

const NAMES: [&str; 4] = ["black", "red", "blue", "green"];
const CHARS: [char; 4] = ['#', 'r', 'b', 'g'];

fn items(clue: &Clue) -> Vec<ClueItem> {
    clue.iter()
        .map(|&(len, c)| match c {
            1 => ClueItem::Count(len as u32),
            c => ClueItem::Colored {
                count: len as u32,
                color: NAMES[usize::from(c) - 1].into(),
            },
        })
        .collect()
}

fn palette(colors: u8) -> Vec<PaletteColor> {
    (0..usize::from(colors))
        .map(|k| PaletteColor {
            name: NAMES[k].into(),
            char: CHARS[k],
            rgb: None,
        })
        .collect()
}

/// A picture as text, read back into values by this file's own table.
fn read(picture: &[String]) -> Vec<Vec<u8>> {
    picture
        .iter()
        .map(|r| {
            r.chars()
                .map(|ch| match ch {
                    '.' => 0,
                    ch => CHARS.iter().position(|&k| k == ch).expect("a palette char") as u8 + 1,
                })
                .collect()
        })
        .collect()
}

/// Every colouring of a line of `w` cells whose runs are `clue`.
fn row_choices(clue: &Clue, w: usize) -> Vec<Vec<u8>> {
    fn place(clue: &Clue, j: usize, from: usize, line: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        let w = line.len();
        if j == clue.len() {
            out.push(line.clone());
            return;
        }
        let (len, c) = clue[j];
        // Blocks of one colour need a background cell between them.
        let start = if j > 0 && clue[j - 1].1 == c {
            from + 1
        } else {
            from
        };
        for s in start..=w.saturating_sub(len) {
            if s + len > w {
                break;
            }
            line[s..s + len].fill(c);
            place(clue, j + 1, s + len, line, out);
            line[s..s + len].fill(0);
        }
    }
    let mut out = Vec::new();
    place(clue, 0, 0, &mut vec![0; w], &mut out);
    out
}

/// Whether the column runs of the first rows can still grow into `clue`: every finished
/// run equal to the clue's, the open one (touching the last row) no longer than its clue
/// block and of its colour.
fn prefix_fits(col: &[u8], clue: &Clue) -> bool {
    let r = runs(col);
    if r.len() > clue.len() {
        return false;
    }
    let open = col.last().is_some_and(|&v| v != 0);
    for (k, &(len, c)) in r.iter().enumerate() {
        let (want_len, want_c) = clue[k];
        let last = k + 1 == r.len();
        if c != want_c || len > want_len || (len < want_len && !(last && open)) {
            return false;
        }
    }
    true
}

/// Pictures of the clues by brute force, up to `limit` of them.
fn brute_force(rows: &[Clue], cols: &[Clue], limit: usize) -> Vec<Vec<Vec<u8>>> {
    let w = cols.len();
    let choices: Vec<Vec<Vec<u8>>> = rows.iter().map(|c| row_choices(c, w)).collect();
    let mut found = Vec::new();
    let mut pic: Vec<Vec<u8>> = Vec::new();
    fn go(
        r: usize,
        choices: &[Vec<Vec<u8>>],
        cols: &[Clue],
        pic: &mut Vec<Vec<u8>>,
        found: &mut Vec<Vec<Vec<u8>>>,
        limit: usize,
    ) {
        if found.len() >= limit {
            return;
        }
        if r == choices.len() {
            let w = cols.len();
            if (0..w).all(|c| runs(&pic.iter().map(|row| row[c]).collect::<Vec<_>>()) == cols[c]) {
                found.push(pic.clone());
            }
            return;
        }
        for choice in &choices[r] {
            pic.push(choice.clone());
            let ok = (0..cols.len())
                .all(|c| prefix_fits(&pic.iter().map(|row| row[c]).collect::<Vec<_>>(), &cols[c]));
            if ok {
                go(r + 1, choices, cols, pic, found, limit);
            }
            pic.pop();
        }
    }
    go(0, &choices, cols, &mut pic, &mut found, limit);
    found
}

/// A seeded xorshift64 generator.
fn xorshift(mut state: u64) -> impl FnMut() -> u64 {
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}

fn random_picture(next: &mut impl FnMut() -> u64, h: usize, w: usize, colors: u8) -> Vec<Vec<u8>> {
    // Background about half the cells, and runs of one colour more likely than not, as in
    // drawn pictures.
    let mut pic = vec![vec![0u8; w]; h];
    for row in &mut pic {
        for c in 0..w {
            row[c] = match next() % 6 {
                0..=2 => 0,
                3 if c > 0 => row[c - 1],
                _ => (1 + next() % u64::from(colors)) as u8,
            };
        }
    }
    pic
}

/// The ways the colour solver can run: the default (probing, then the learning search),
/// the learning search right after propagation, and the depth-first search after probing.
fn ways() -> [SolveOptions; 3] {
    let with = |learn_after_nodes| SolveOptions {
        learn_after_nodes,
        ..SolveOptions::default()
    };
    [SolveOptions::default(), with(Some(0)), with(None)]
}

/// Solves `rows`/`cols` with the library, or `None` when the clues are not a valid puzzle
/// (totals per colour differ).
fn solve(
    rows: &[Clue],
    cols: &[Clue],
    colors: u8,
    options: SolveOptions,
) -> Option<(SolveStatus, Vec<Vec<Vec<u8>>>)> {
    let r: Vec<Vec<ClueItem>> = rows.iter().map(items).collect();
    let c: Vec<Vec<ClueItem>> = cols.iter().map(items).collect();
    let p = Puzzle::from_input(&r, &c, Some(&palette(colors))).ok()?;
    let v = solve_puzzle_with(&p, None, Deadline::NEVER, Instant::now(), options);
    let pictures: Vec<Vec<Vec<u8>>> = v.solutions.iter().map(|s| read(s)).collect();
    for pic in &pictures {
        assert_eq!(
            clues_of(pic),
            (rows.to_vec(), cols.to_vec()),
            "a picture breaks a clue"
        );
    }
    match v.status {
        SolveStatus::Unique => assert_eq!(v.solution.as_ref(), v.solutions.first()),
        SolveStatus::Multiple => {
            assert_eq!(pictures.len(), 2);
            assert_ne!(pictures[0], pictures[1]);
        }
        SolveStatus::None => assert!(pictures.is_empty()),
        SolveStatus::Timeout => panic!("no limit was set"),
    }
    Some((v.status, pictures))
}

fn status_of(count: usize) -> SolveStatus {
    match count {
        0 => SolveStatus::None,
        1 => SolveStatus::Unique,
        _ => SolveStatus::Multiple,
    }
}

/// Pictures of 2 to 10 cells a side in 2 to 4 colours: the solver's status is brute
/// force's, and a unique picture is the one brute force finds.
#[test]
fn random_colour_puzzles_agree_with_brute_force() {
    let mut next = xorshift(0x000c_010a_5eed);
    let mut seen = [0usize; 3];
    for trial in 0..400 {
        let h = 2 + (next() % 9) as usize;
        let w = 2 + (next() % 9) as usize;
        let colors = 2 + (trial % 3) as u8;
        let pic = random_picture(&mut next, h, w, colors);
        let (rows, cols) = clues_of(&pic);
        let want = brute_force(&rows, &cols, 2);
        for options in ways() {
            let Some((status, pictures)) = solve(&rows, &cols, colors, options) else {
                // Fewer colours used than the palette has is still a puzzle: never refused.
                panic!("the clues of a picture were refused: {pic:?}");
            };
            assert_eq!(
                status,
                status_of(want.len()),
                "trial {trial}: {pic:?} {options:?}"
            );
            if status == SolveStatus::Unique {
                assert_eq!(pictures[0], want[0]);
            }
        }
        seen[want.len()] += 1;
    }
    assert!(seen[1] > 50 && seen[2] > 50, "{seen:?}");
}

/// Row clues of one picture with the column clues of the same picture with a few cells
/// swapped (so every colour fills as many cells either way): often no picture at all.
#[test]
fn mixed_clues_agree_with_brute_force_none_included() {
    let mut next = xorshift(0x0000_ddc0_1055);
    let mut nones = 0;
    let mut checked = 0;
    for trial in 0..400 {
        let (h, w) = (2 + (next() % 5) as usize, 2 + (next() % 5) as usize);
        let colors = 2 + (trial % 2) as u8;
        let a = random_picture(&mut next, h, w, colors);
        let mut b = a.clone();
        for _ in 0..1 + next() % 3 {
            let (r1, c1) = ((next() % h as u64) as usize, (next() % w as u64) as usize);
            let (r2, c2) = ((next() % h as u64) as usize, (next() % w as u64) as usize);
            let v = b[r1][c1];
            b[r1][c1] = b[r2][c2];
            b[r2][c2] = v;
        }
        let rows = clues_of(&a).0;
        let cols = clues_of(&b).1;
        let want = brute_force(&rows, &cols, 2);
        let mut valid = false;
        for options in ways() {
            let Some((status, _)) = solve(&rows, &cols, colors, options) else {
                continue;
            };
            valid = true;
            assert_eq!(
                status,
                status_of(want.len()),
                "{rows:?} {cols:?} {options:?}"
            );
        }
        if !valid {
            continue;
        }
        nones += usize::from(want.is_empty());
        checked += 1;
    }
    assert!(nones > 50 && checked > 300, "{nones} of {checked}");
}
