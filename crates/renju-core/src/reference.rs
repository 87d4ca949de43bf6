//! A slow, independent implementation of the RIF definitions for cross-checking the fast
//! engine: a plain 15x15 grid, whole-line scans instead of windows and tables, fours counted as
//! distinct sets of four stones, straight fours recognised by counting the ways to make five.

use crate::board::{Board, Color, Point};
use crate::rules::{BlackMove, Foul};

const N: i32 = 15;
const DIRS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// 0 empty, 1 black, 2 white; indexed [x][y].
#[derive(Clone)]
pub(crate) struct Grid(pub [[u8; 15]; 15]);

impl Grid {
    pub(crate) fn from_board(b: &Board) -> Grid {
        let mut g = [[0u8; 15]; 15];
        for (x, col) in g.iter_mut().enumerate() {
            for (y, cell) in col.iter_mut().enumerate() {
                *cell = match b.get(Point {
                    x: x as u8,
                    y: y as u8,
                }) {
                    None => 0,
                    Some(Color::Black) => 1,
                    Some(Color::White) => 2,
                };
            }
        }
        Grid(g)
    }

    fn at(&self, x: i32, y: i32) -> Option<u8> {
        if (0..N).contains(&x) && (0..N).contains(&y) {
            Some(self.0[x as usize][y as usize])
        } else {
            None
        }
    }

    fn set(&mut self, x: i32, y: i32, v: u8) {
        self.0[x as usize][y as usize] = v;
    }

    /// The black unbroken row through (x, y) in direction d: (start offset, end offset).
    fn black_run(&self, x: i32, y: i32, d: usize) -> (i32, i32) {
        let (dx, dy) = DIRS[d];
        let mut lo = 0;
        while self.at(x + (lo - 1) * dx, y + (lo - 1) * dy) == Some(1) {
            lo -= 1;
        }
        let mut hi = 0;
        while self.at(x + (hi + 1) * dx, y + (hi + 1) * dy) == Some(1) {
            hi += 1;
        }
        (lo, hi)
    }
}

/// Black's move at empty (x, y), from the definitions.
pub(crate) fn classify(g: &mut Grid, x: i32, y: i32) -> BlackMove {
    g.set(x, y, 1);
    let r = classify_placed(g, x, y);
    g.set(x, y, 0);
    r
}

fn classify_placed(g: &mut Grid, x: i32, y: i32) -> BlackMove {
    let lens: Vec<i32> = (0..4)
        .map(|d| {
            let (lo, hi) = g.black_run(x, y, d);
            hi - lo + 1
        })
        .collect();
    if lens.contains(&5) {
        return BlackMove::Five;
    }
    if lens.iter().any(|&l| l >= 6) {
        return BlackMove::Forbidden(Foul::Overline);
    }
    let fours: Vec<usize> = (0..4).map(|d| fours_in(g, x, y, d)).collect();
    if fours.iter().sum::<usize>() >= 2 {
        return BlackMove::Forbidden(Foul::DoubleFour);
    }
    let threes = (0..4)
        .filter(|&d| fours[d] == 0 && is_three(g, x, y, d))
        .count();
    if threes >= 2 {
        BlackMove::Forbidden(Foul::DoubleThree)
    } else {
        BlackMove::Legal
    }
}

/// Fours through the (placed) black stone at (x, y) in direction d: distinct sets of four
/// black stones containing it that one more stone turns into exactly five.
fn fours_in(g: &mut Grid, x: i32, y: i32, d: usize) -> usize {
    let (dx, dy) = DIRS[d];
    let mut stone_sets: Vec<Vec<i32>> = Vec::new();
    for k in -(N - 1)..N {
        let (qx, qy) = (x + k * dx, y + k * dy);
        if k == 0 || g.at(qx, qy) != Some(0) {
            continue;
        }
        g.set(qx, qy, 1);
        let (lo, hi) = g.black_run(x, y, d);
        // The five made by q must contain (x, y); its stones other than q form the four.
        if hi - lo + 1 == 5 && lo <= k && k <= hi {
            stone_sets.push((lo..=hi).filter(|&o| o != k).collect());
        }
        g.set(qx, qy, 0);
    }
    stone_sets.sort();
    stone_sets.dedup();
    stone_sets.len()
}

/// Whether the (placed) stone at (x, y) makes a three in direction d: some empty q on the line
/// turns the row through (x, y) into a straight four (exactly four stones, both ends making
/// exactly five), q makes no five, and q is a legal black move.
fn is_three(g: &mut Grid, x: i32, y: i32, d: usize) -> bool {
    let (dx, dy) = DIRS[d];
    for k in -(N - 1)..N {
        let (qx, qy) = (x + k * dx, y + k * dy);
        if k == 0 || g.at(qx, qy) != Some(0) {
            continue;
        }
        g.set(qx, qy, 1);
        let (lo, hi) = g.black_run(x, y, d);
        let mut straight = false;
        if hi - lo + 1 == 4 && lo <= k && k <= hi {
            let mut ways = 0;
            for e in [lo - 1, hi + 1] {
                let (ex, ey) = (x + e * dx, y + e * dy);
                if g.at(ex, ey) == Some(0) {
                    g.set(ex, ey, 1);
                    let (a, b) = g.black_run(x, y, d);
                    if b - a + 1 == 5 {
                        ways += 1;
                    }
                    g.set(ex, ey, 0);
                }
            }
            straight = ways == 2;
        }
        g.set(qx, qy, 0);
        if straight && classify(g, qx, qy) == BlackMove::Legal {
            return true;
        }
    }
    false
}

/// The forbidden map by the reference implementation.
pub(crate) fn forbidden_map(b: &Board) -> Vec<(Point, Foul)> {
    let mut g = Grid::from_board(b);
    let mut out = Vec::new();
    for x in 0..N {
        for y in 0..N {
            if g.at(x, y) == Some(0)
                && let BlackMove::Forbidden(f) = classify(&mut g, x, y)
            {
                out.push((
                    Point {
                        x: x as u8,
                        y: y as u8,
                    },
                    f,
                ));
            }
        }
    }
    out
}
