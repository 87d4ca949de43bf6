//! The 15x15 board: a cell array plus, for every line of every direction, bit masks of black
//! stones and of "stops" (white stones and the board edge). The masks make the per-direction
//! pattern lookup (module `pattern`) a few shifts, and a move updates only the four lines
//! through its point, so placing and lifting stones during the recursive forbidden-move test
//! costs O(1).

use serde::{Deserialize, Serialize};

/// Board side length.
pub const SIZE: usize = 15;
/// Number of points.
pub const CELLS: usize = SIZE * SIZE;
/// Lines per board: 15 rows, 15 columns, 29 diagonals, 29 anti-diagonals.
pub const LINES: usize = 15 + 15 + 29 + 29;
/// Line masks keep this many always-stopped padding bits below position 0 and above 14, so a
/// window of radius 5 around any position can be shifted out without bounds checks.
pub const PAD: u32 = 5;

/// The four line directions as (dx, dy) steps; the position along a line grows by one per step.
pub const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// A player colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    /// Black, who moves first.
    Black,
    /// White.
    White,
}

impl Color {
    /// The other player.
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// The lowercase name used in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }
}

/// A point on the board: `x` is the column (a = 0), `y` the row counted from the bottom
/// (row 1 = 0), as in the contract's `[x, y]` pairs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    pub x: u8,
    pub y: u8,
}

impl Point {
    /// The point at column `x`, row `y` (both 0..15), or `None` off the board.
    pub fn new(x: i64, y: i64) -> Option<Point> {
        if (0..SIZE as i64).contains(&x) && (0..SIZE as i64).contains(&y) {
            Some(Point {
                x: x as u8,
                y: y as u8,
            })
        } else {
            None
        }
    }

    /// Index into the cell array (row-major from the bottom row).
    pub fn index(self) -> usize {
        self.y as usize * SIZE + self.x as usize
    }

    /// The point of a cell index.
    pub fn from_index(i: usize) -> Point {
        Point {
            x: (i % SIZE) as u8,
            y: (i / SIZE) as u8,
        }
    }

    /// The point `k` steps from this one along direction `dir`, if on the board.
    pub fn step(self, dir: usize, k: i32) -> Option<Point> {
        let (dx, dy) = DIRECTIONS[dir];
        Point::new(
            i64::from(self.x) + i64::from(dx * k),
            i64::from(self.y) + i64::from(dy * k),
        )
    }
}

/// The line through a point in a direction, and the point's position along it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct LineRef {
    pub line: u8,
    pub pos: u8,
}

/// For every cell and direction, its line and position. Rows and diagonals index positions by
/// x, columns by y, so one step along a direction moves one position up the line.
const fn line_refs() -> [[LineRef; 4]; CELLS] {
    let mut out = [[LineRef { line: 0, pos: 0 }; 4]; CELLS];
    let mut i = 0;
    while i < CELLS {
        let x = i % SIZE;
        let y = i / SIZE;
        out[i][0] = LineRef {
            line: y as u8,
            pos: x as u8,
        };
        out[i][1] = LineRef {
            line: (15 + x) as u8,
            pos: y as u8,
        };
        out[i][2] = LineRef {
            line: (30 + x + 14 - y) as u8,
            pos: x as u8,
        };
        out[i][3] = LineRef {
            line: (59 + x + y) as u8,
            pos: x as u8,
        };
        i += 1;
    }
    out
}

pub(crate) static LINE_REFS: [[LineRef; 4]; CELLS] = line_refs();

/// Stop masks of the empty board: padding bits and the positions of each line that fall off
/// the board (diagonals are shorter than 15).
const fn empty_stops() -> [u32; LINES] {
    let mut out = [0u32; LINES];
    let mut l = 0;
    while l < LINES {
        // Everything is a stop until a real cell clears it.
        out[l] = (1u32 << (SIZE as u32 + 2 * PAD)) - 1;
        l += 1;
    }
    let refs = line_refs();
    let mut i = 0;
    while i < CELLS {
        let mut d = 0;
        while d < 4 {
            let r = refs[i][d];
            out[r.line as usize] &= !(1u32 << (r.pos as u32 + PAD));
            d += 1;
        }
        i += 1;
    }
    out
}

static EMPTY_STOPS: [u32; LINES] = empty_stops();

/// The positions of a line that are off the board (and the padding), as stop bits.
#[inline]
pub(crate) fn edge_mask(line: usize) -> u32 {
    EMPTY_STOPS[line]
}

/// For every line and position, the cell index and the line's direction (cells off the board
/// are never asked for: their positions are stops).
const fn line_cells() -> [[(u8, u8); SIZE]; LINES] {
    let mut out = [[(0u8, 0u8); SIZE]; LINES];
    let refs = line_refs();
    let mut i = 0;
    while i < CELLS {
        let mut d = 0;
        while d < 4 {
            let r = refs[i][d];
            out[r.line as usize][r.pos as usize] = (i as u8, d as u8);
            d += 1;
        }
        i += 1;
    }
    out
}

pub(crate) static LINE_CELLS: [[(u8, u8); SIZE]; LINES] = line_cells();

/// Why text rows are no board: the row at fault (0 = the top row; `None` when the number of
/// rows is wrong) and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowsError {
    pub row: Option<usize>,
    pub message: String,
}

/// A position: stones only (whose turn it is lives in [`crate::game`]).
#[derive(Clone, PartialEq, Eq)]
pub struct Board {
    cells: [Option<Color>; CELLS],
    black: [u32; LINES],
    stops: [u32; LINES],
    black_count: u16,
    white_count: u16,
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for row in self.to_rows() {
            writeln!(f, "{row}")?;
        }
        Ok(())
    }
}

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}

impl Board {
    /// The empty board.
    pub fn new() -> Board {
        Board {
            cells: [None; CELLS],
            black: [0; LINES],
            stops: EMPTY_STOPS,
            black_count: 0,
            white_count: 0,
        }
    }

    /// The stone on a point.
    pub fn get(&self, p: Point) -> Option<Color> {
        self.cells[p.index()]
    }

    /// Stones of a colour on the board.
    pub fn count(&self, c: Color) -> usize {
        match c {
            Color::Black => usize::from(self.black_count),
            Color::White => usize::from(self.white_count),
        }
    }

    /// True when no point is empty.
    pub fn is_full(&self) -> bool {
        usize::from(self.black_count + self.white_count) == CELLS
    }

    /// Put a stone on an empty point. Panics (a bug, not user input) if it is occupied.
    pub fn place(&mut self, p: Point, c: Color) {
        let i = p.index();
        assert!(self.cells[i].is_none(), "place on an occupied point");
        self.cells[i] = Some(c);
        for r in &LINE_REFS[i] {
            let bit = 1u32 << (u32::from(r.pos) + PAD);
            match c {
                Color::Black => self.black[usize::from(r.line)] |= bit,
                Color::White => self.stops[usize::from(r.line)] |= bit,
            }
        }
        match c {
            Color::Black => self.black_count += 1,
            Color::White => self.white_count += 1,
        }
    }

    /// Lift the stone from a point (undo of [`Board::place`]).
    pub fn remove(&mut self, p: Point) {
        let i = p.index();
        let Some(c) = self.cells[i].take() else {
            panic!("remove from an empty point");
        };
        for r in &LINE_REFS[i] {
            let bit = !(1u32 << (u32::from(r.pos) + PAD));
            match c {
                Color::Black => self.black[usize::from(r.line)] &= bit,
                Color::White => self.stops[usize::from(r.line)] &= bit,
            }
        }
        match c {
            Color::Black => self.black_count -= 1,
            Color::White => self.white_count -= 1,
        }
    }

    /// Black and stop bits of the radius-5 window around point index `i` in direction `d`:
    /// bits 0..=10 are positions -5..=+5.
    #[inline]
    pub(crate) fn window(&self, i: usize, d: usize) -> (u32, u32) {
        let r = LINE_REFS[i][d];
        let l = usize::from(r.line);
        let s = u32::from(r.pos);
        (self.black[l] >> s, self.stops[l] >> s)
    }

    /// Black and stop masks of a whole line (position k at bit k + PAD).
    #[inline]
    pub(crate) fn line_masks(&self, line: usize) -> (u32, u32) {
        (self.black[line], self.stops[line])
    }

    /// White stones of a whole line (position k at bit k + PAD): the stops that are not the
    /// board's edge.
    #[inline]
    pub(crate) fn white_mask(&self, line: usize) -> u32 {
        self.stops[line] & !EMPTY_STOPS[line]
    }

    /// Length of the unbroken row of colour `c` through `p` in direction `d`, counting `p`
    /// itself as `c` whatever is on it.
    pub fn run_through(&self, p: Point, d: usize, c: Color) -> usize {
        let mut n = 1;
        for sign in [1, -1] {
            let mut k = 1;
            while let Some(q) = p.step(d, sign * k) {
                if self.get(q) != Some(c) {
                    break;
                }
                n += 1;
                k += 1;
            }
        }
        n
    }

    /// The board as 15 strings of `X`/`O`/`.`, top row (row 15) first.
    pub fn to_rows(&self) -> Vec<String> {
        (0..SIZE)
            .rev()
            .map(|y| {
                (0..SIZE)
                    .map(|x| match self.cells[y * SIZE + x] {
                        Some(Color::Black) => 'X',
                        Some(Color::White) => 'O',
                        None => '.',
                    })
                    .collect()
            })
            .collect()
    }

    /// Parse 15 strings of `X`/`O`/`.` (top row first). Errors name the row index (top = 0)
    /// and the fault; the caller turns them into JSON paths.
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Board, RowsError> {
        if rows.len() != SIZE {
            return Err(RowsError {
                row: None,
                message: format!("a board has 15 rows, this one has {}", rows.len()),
            });
        }
        let mut b = Board::new();
        for (r, row) in rows.iter().enumerate() {
            let row = row.as_ref();
            let n = row.chars().count();
            if n != SIZE {
                return Err(RowsError {
                    row: Some(r),
                    message: format!("board[{r}] (row {}) has {n} points, a row has 15", SIZE - r),
                });
            }
            let y = SIZE - 1 - r;
            for (x, ch) in row.chars().enumerate() {
                let c = match ch {
                    'X' | 'x' => Some(Color::Black),
                    'O' | 'o' => Some(Color::White),
                    '.' => None,
                    other => {
                        return Err(RowsError {
                            row: Some(r),
                            message: format!(
                                "board[{r}] has {other:?} at {}{}; use X (black), O (white) or . (empty)",
                                (b'a' + x as u8) as char,
                                SIZE - r
                            ),
                        });
                    }
                };
                if let Some(c) = c {
                    b.place(
                        Point {
                            x: x as u8,
                            y: y as u8,
                        },
                        c,
                    );
                }
            }
        }
        Ok(b)
    }

    /// Build a board from rows, panicking on bad text (test-only, so no caller outside the
    /// tests can reach a panic through it).
    #[cfg(test)]
    pub(crate) fn parse(rows: &[&str]) -> Board {
        match Board::from_rows(rows) {
            Ok(b) => b,
            Err(e) => panic!("bad test board: {}", e.message),
        }
    }

    /// Iterate over the empty points in column-then-row order (the contract's sort order).
    pub fn empty_points(&self) -> impl Iterator<Item = Point> + '_ {
        (0..SIZE).flat_map(move |x| {
            (0..SIZE).filter_map(move |y| {
                let p = Point {
                    x: x as u8,
                    y: y as u8,
                };
                self.get(p).is_none().then_some(p)
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[allow(clippy::needless_range_loop)]
    fn line_refs_are_consistent_with_steps() {
        // Walking one step along a direction moves one position up the same line.
        for i in 0..CELLS {
            let p = Point::from_index(i);
            for d in 0..4 {
                if let Some(q) = p.step(d, 1) {
                    let a = LINE_REFS[p.index()][d];
                    let b = LINE_REFS[q.index()][d];
                    assert_eq!(a.line, b.line);
                    assert_eq!(a.pos + 1, b.pos);
                }
            }
        }
    }

    #[test]
    fn off_board_positions_are_stops() {
        // a1's diagonal (x - y = 0) is the long one; the anti-diagonal through a1 has one cell.
        let b = Board::new();
        let a1 = Point { x: 0, y: 0 };
        let (bl, st) = b.window(a1.index(), 3);
        assert_eq!(bl, 0);
        // positions -5..=5 around a1 on the 1-cell anti-diagonal: all stops except the centre.
        assert_eq!(st & 0x7FF, 0x7FF & !(1 << 5));
        let (_, st) = b.window(a1.index(), 2);
        assert_eq!(st & 0x7FF, 0b000_0001_1111);
    }

    #[test]
    fn place_and_remove_round_trip() {
        let mut b = Board::new();
        let e = b.clone();
        let p = Point { x: 7, y: 7 };
        b.place(p, Color::Black);
        b.place(Point { x: 3, y: 9 }, Color::White);
        assert_eq!(b.count(Color::Black), 1);
        b.remove(Point { x: 3, y: 9 });
        b.remove(p);
        assert_eq!(b, e);
    }

    #[test]
    fn rows_round_trip_with_top_row_first() {
        let mut b = Board::new();
        b.place(Point { x: 0, y: 14 }, Color::Black); // a15, top left
        b.place(Point { x: 14, y: 0 }, Color::White); // o1, bottom right
        let rows = b.to_rows();
        assert_eq!(rows[0], "X..............");
        assert_eq!(rows[14], "..............O");
        assert_eq!(Board::from_rows(&rows).unwrap(), b);
    }
}
