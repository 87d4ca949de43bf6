//! The line model shared by every nonogram command: cells, text lines, clue lists (named
//! `cells` so the module is not mistaken for the `line` command, [`crate::line()`]).
//!
//! A line is a row or a column of the board. Its text form uses `#` for a filled cell,
//! `x`/`X` for a cell the player has crossed out (known empty) and `.` for an untouched cell.
//! Clue lists are the run lengths of filled cells, in order; `[]` and `[0]` both describe an
//! empty line. Everything a user can type is checked here and reported as a [`LineError`]
//! (which the commands turn into an [`crate::InputError`] with the JSON path), never a panic.

use std::fmt;

/// Longest line (row or column) accepted from users. Real puzzles stay far below this; the
/// cap keeps the O(length x clues) tables of the line solver small.
pub const MAX_LINE_LEN: usize = 1000;

/// One cell of a line as the player sees it.
///
/// The discriminants are fixed (bit 0 = filled, bit 1 = empty) so that [`line_masks`] can
/// read eight cells at a time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(u8)]
pub enum Cell {
    /// Untouched: `.`.
    #[default]
    Unknown = 0,
    /// Filled: `#`.
    Filled = 1,
    /// Crossed out by the player, known empty: `x` or `X`.
    Empty = 2,
}

/// Bit masks of the first 64 cells of a line: bit i of the first mask is set when cell i is
/// `Filled`, of the second when it is `Empty`. Eight cells at a time: their discriminants
/// make one `u64` whose bytes carry the filled bit at bit 0 and the empty bit at bit 1, and
/// one multiplication gathers bit 0 of every byte into one byte (the eight partial products
/// land on distinct bits of the top byte, without carries).
#[inline]
pub fn line_masks(line: &[Cell]) -> (u64, u64) {
    const LOW: u64 = 0x0101_0101_0101_0101;
    const GATHER: u64 = 0x0102_0408_1020_4080;
    #[inline]
    fn eight(bytes: [u8; 8]) -> (u64, u64) {
        let x = u64::from_le_bytes(bytes);
        (
            (x & LOW).wrapping_mul(GATHER) >> 56,
            ((x >> 1) & LOW).wrapping_mul(GATHER) >> 56,
        )
    }
    let line = &line[..line.len().min(64)];
    let mut filled = 0u64;
    let mut empty = 0u64;
    let chunks = line.chunks_exact(8);
    let rest = chunks.remainder();
    let mut shift = 0;
    for chunk in chunks {
        let mut bytes = [0u8; 8];
        for (b, &c) in bytes.iter_mut().zip(chunk) {
            *b = c as u8;
        }
        let (f, e) = eight(bytes);
        filled |= f << shift;
        empty |= e << shift;
        shift += 8;
    }
    if !rest.is_empty() {
        let mut bytes = [0u8; 8];
        for (b, &c) in bytes.iter_mut().zip(rest) {
            *b = c as u8;
        }
        let (f, e) = eight(bytes);
        filled |= f << shift;
        empty |= e << shift;
    }
    (filled, empty)
}

impl Cell {
    /// The cell a text character stands for, or `None` for any other character.
    pub fn from_char(c: char) -> Option<Cell> {
        match c {
            '.' => Some(Cell::Unknown),
            '#' => Some(Cell::Filled),
            'x' | 'X' => Some(Cell::Empty),
            _ => None,
        }
    }

    /// The canonical character of the cell (`.`, `#`, `x`).
    pub fn to_char(self) -> char {
        match self {
            Cell::Unknown => '.',
            Cell::Filled => '#',
            Cell::Empty => 'x',
        }
    }
}

/// Why a line or a clue list from the user was rejected. `Display` gives one sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LineError {
    /// A character that is not a cell. `index` counts characters (not bytes) from 0.
    BadCell { index: usize, found: char },
    /// The line is longer than [`MAX_LINE_LEN`].
    TooLong { len: usize },
    /// A picture line (`#`/`.` only) holds a player mark `x`.
    CrossInPicture { index: usize, found: char },
    /// A character that is not a cell of a colour puzzle: `expected` lists the colours'
    /// characters in words.
    BadColorCell {
        index: usize,
        found: char,
        expected: String,
    },
    /// A clue of 0 in a list with other clues (only `[0]` alone means an empty line).
    ZeroClue { index: usize },
    /// The clues need more cells than the line has. `needed` is `None` when the sum does
    /// not even fit in 64 bits.
    DoesNotFit {
        clues: Vec<u32>,
        needed: Option<u64>,
        len: usize,
    },
    /// A colour clue list needs more cells than the line has; `clues` in words
    /// (`[2, 1 red]`).
    ColorsDoNotFit {
        clues: String,
        needed: Option<u64>,
        len: usize,
    },
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::BadCell { index, found } => write!(
                f,
                "unknown cell character {found:?} at position {index} (expected '#', 'x', 'X' or '.')"
            ),
            LineError::TooLong { len } => write!(
                f,
                "the line has {len} cells, more than the limit of {MAX_LINE_LEN}"
            ),
            LineError::CrossInPicture { index, found } => write!(
                f,
                "a picture uses only '#' and '.', but position {index} holds {found:?}"
            ),
            LineError::BadColorCell {
                index,
                found,
                expected,
            } => write!(
                f,
                "unknown cell character {found:?} at position {index} (expected {expected})"
            ),
            LineError::ZeroClue { index } => write!(
                f,
                "clue {index} is 0; only the single clue [0] (an empty line) may be 0"
            ),
            LineError::DoesNotFit { clues, needed, len } => {
                does_not_fit(f, &format!("{clues:?}"), *needed, *len)
            }
            LineError::ColorsDoNotFit { clues, needed, len } => {
                does_not_fit(f, clues, *needed, *len)
            }
        }
    }
}

/// "clues [5, 5] need 11 cells but the line has 10".
fn does_not_fit(
    f: &mut fmt::Formatter<'_>,
    clues: &str,
    needed: Option<u64>,
    len: usize,
) -> fmt::Result {
    match needed {
        Some(n) => write!(f, "clues {clues} need {n} cells but the line has {len}"),
        None => write!(
            f,
            "clues {clues} need more cells than can be counted but the line has {len}"
        ),
    }
}

impl std::error::Error for LineError {}

/// Parses a player line (`#`, `x`, `X`, `.`).
pub fn parse_line(text: &str) -> Result<Vec<Cell>, LineError> {
    let mut cells = Vec::with_capacity(text.len().min(MAX_LINE_LEN));
    for (index, c) in text.chars().enumerate() {
        if index >= MAX_LINE_LEN {
            return Err(LineError::TooLong {
                len: text.chars().count(),
            });
        }
        match Cell::from_char(c) {
            Some(cell) => cells.push(cell),
            None => return Err(LineError::BadCell { index, found: c }),
        }
    }
    Ok(cells)
}

/// Parses a solution picture line: `#` filled, `.` empty. A player mark `x` is refused so
/// that a picture is never confused with a board in play.
pub fn parse_picture_line(text: &str) -> Result<Vec<bool>, LineError> {
    let mut cells = Vec::with_capacity(text.len().min(MAX_LINE_LEN));
    for (index, c) in text.chars().enumerate() {
        if index >= MAX_LINE_LEN {
            return Err(LineError::TooLong {
                len: text.chars().count(),
            });
        }
        match c {
            '#' => cells.push(true),
            '.' => cells.push(false),
            'x' | 'X' => return Err(LineError::CrossInPicture { index, found: c }),
            _ => return Err(LineError::BadCell { index, found: c }),
        }
    }
    Ok(cells)
}

/// Text form of a line, with `x` for crossed cells.
pub fn format_line(cells: &[Cell]) -> String {
    cells.iter().map(|c| c.to_char()).collect()
}

/// The clue list without the `[0]` spelling of an empty line: `[0]` becomes `[]`, every
/// other list is returned as it is. Zeros inside longer lists are rejected by
/// [`validate_clues`], not here.
pub fn normalize_clues(clues: &[u32]) -> &[u32] {
    if clues == [0] { &[] } else { clues }
}

/// Cells the clues need at least: the sum of the clues plus one gap between neighbours.
/// `None` if that number overflows `u64` (it cannot for lists read from JSON, but the
/// arithmetic is checked anyway).
pub fn min_length(clues: &[u32]) -> Option<u64> {
    let clues = normalize_clues(clues);
    let mut total: u64 = 0;
    for (i, &c) in clues.iter().enumerate() {
        total = total.checked_add(u64::from(c))?;
        if i > 0 {
            total = total.checked_add(1)?;
        }
    }
    Some(total)
}

/// Checks that a clue list is well formed (no 0 except the lone `[0]`) and fits a line of
/// `len` cells. Returns the normalised list (see [`normalize_clues`]).
pub fn validate_clues(clues: &[u32], len: usize) -> Result<&[u32], LineError> {
    let norm = normalize_clues(clues);
    if let Some(index) = norm.iter().position(|&c| c == 0) {
        return Err(LineError::ZeroClue { index });
    }
    let needed = min_length(norm);
    let fits = matches!(needed, Some(n) if n <= len as u64);
    if !fits {
        return Err(LineError::DoesNotFit {
            clues: clues.to_vec(),
            needed,
            len,
        });
    }
    Ok(norm)
}

/// The filled runs of a line as `(start, length)` pairs, left to right.
pub fn filled_runs(cells: &[Cell]) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < cells.len() && cells[i] != Cell::Filled {
            i += 1;
        }
        if i >= cells.len() {
            return None;
        }
        let start = i;
        while i < cells.len() && cells[i] == Cell::Filled {
            i += 1;
        }
        Some((start, i - start))
    })
}

/// True when the filled runs of the line are exactly the (normalised) clues: the line
/// "reads" as its clues, whatever the untouched cells are (they count as empty).
pub fn runs_equal_clues(cells: &[Cell], clues: &[u32]) -> bool {
    let clues = normalize_clues(clues);
    let mut runs = filled_runs(cells);
    for &c in clues {
        match runs.next() {
            Some((_, len)) if len as u64 == u64::from(c) => {}
            _ => return false,
        }
    }
    runs.next().is_none()
}

/// The clue list a picture line reads as (`[]` for an empty line).
pub fn clues_of(filled: &[bool]) -> Vec<u32> {
    let mut out = Vec::new();
    let mut run: u32 = 0;
    for &f in filled {
        if f {
            run += 1;
        } else if run > 0 {
            out.push(run);
            run = 0;
        }
    }
    if run > 0 {
        out.push(run);
    }
    out
}

/// Turns a line or clue fault into an input error at the JSON path of the offending value.
pub(crate) fn line_error(err: LineError, line_path: &str, clues_path: &str) -> crate::InputError {
    let path = match &err {
        LineError::BadCell { .. }
        | LineError::TooLong { .. }
        | LineError::CrossInPicture { .. }
        | LineError::BadColorCell { .. } => line_path.to_string(),
        LineError::ZeroClue { index } => format!("{clues_path}/{index}"),
        LineError::DoesNotFit { .. } | LineError::ColorsDoNotFit { .. } => clues_path.to_string(),
    };
    crate::InputError::new(path, err.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_all_cell_characters() {
        let cells = parse_line("#xX.").unwrap();
        assert_eq!(
            cells,
            vec![Cell::Filled, Cell::Empty, Cell::Empty, Cell::Unknown]
        );
        assert_eq!(format_line(&cells), "#xx.");
    }

    #[test]
    fn unknown_character_names_its_position() {
        let err = parse_line("##o.").unwrap_err();
        assert_eq!(
            err,
            LineError::BadCell {
                index: 2,
                found: 'o'
            }
        );
        assert!(err.to_string().contains("position 2"), "{err}");
        // Positions count characters, not bytes.
        let err = parse_line("é#?").unwrap_err();
        assert_eq!(
            err,
            LineError::BadCell {
                index: 0,
                found: 'é'
            }
        );
        let err = parse_line("#é").unwrap_err();
        assert_eq!(
            err,
            LineError::BadCell {
                index: 1,
                found: 'é'
            }
        );
    }

    #[test]
    fn too_long_line_is_refused() {
        let text = ".".repeat(MAX_LINE_LEN + 1);
        assert_eq!(
            parse_line(&text).unwrap_err(),
            LineError::TooLong {
                len: MAX_LINE_LEN + 1
            }
        );
        assert_eq!(
            parse_line(&".".repeat(MAX_LINE_LEN)).unwrap().len(),
            MAX_LINE_LEN
        );
    }

    #[test]
    fn picture_refuses_crosses() {
        assert_eq!(parse_picture_line("#.#").unwrap(), vec![true, false, true]);
        assert!(matches!(
            parse_picture_line("#x"),
            Err(LineError::CrossInPicture { index: 1, .. })
        ));
    }

    #[test]
    fn zero_clue_is_an_empty_line() {
        assert_eq!(normalize_clues(&[0]), &[] as &[u32]);
        assert_eq!(normalize_clues(&[]), &[] as &[u32]);
        assert_eq!(normalize_clues(&[0, 1]), &[0, 1]);
        assert_eq!(validate_clues(&[0], 0).unwrap(), &[] as &[u32]);
        assert_eq!(
            validate_clues(&[1, 0], 5).unwrap_err(),
            LineError::ZeroClue { index: 1 }
        );
    }

    #[test]
    fn fit_check_uses_sum_plus_gaps() {
        assert_eq!(min_length(&[5, 5]), Some(11));
        assert_eq!(min_length(&[]), Some(0));
        assert!(validate_clues(&[5, 5], 11).is_ok());
        let err = validate_clues(&[5, 5], 10).unwrap_err();
        assert_eq!(
            err.to_string(),
            "clues [5, 5] need 11 cells but the line has 10"
        );
        // Huge clues never overflow.
        let huge = vec![u32::MAX; 5];
        assert!(validate_clues(&huge, 10).is_err());
    }

    #[test]
    fn masks_match_cells() {
        for len in [0usize, 1, 7, 8, 9, 30, 63, 64, 70] {
            let line: Vec<Cell> = (0..len)
                .map(|i| match (i * 7 + len) % 3 {
                    0 => Cell::Unknown,
                    1 => Cell::Filled,
                    _ => Cell::Empty,
                })
                .collect();
            let (f, e) = line_masks(&line);
            for i in 0..64 {
                let cell = line.get(i).copied();
                assert_eq!(
                    (f >> i) & 1 == 1,
                    cell == Some(Cell::Filled),
                    "len {len} cell {i}"
                );
                assert_eq!(
                    (e >> i) & 1 == 1,
                    cell == Some(Cell::Empty),
                    "len {len} cell {i}"
                );
            }
        }
    }

    #[test]
    fn runs_and_clues() {
        let cells = parse_line("##x.#").unwrap();
        assert_eq!(
            filled_runs(&cells).collect::<Vec<_>>(),
            vec![(0, 2), (4, 1)]
        );
        assert!(runs_equal_clues(&cells, &[2, 1]));
        assert!(!runs_equal_clues(&cells, &[2]));
        assert!(runs_equal_clues(&parse_line("x..").unwrap(), &[0]));
        assert_eq!(clues_of(&[true, true, false, true]), vec![2, 1]);
        assert_eq!(clues_of(&[false, false]), Vec::<u32>::new());
    }
}
