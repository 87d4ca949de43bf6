//! What one black stone does along one line, read from a precomputed table.
//!
//! Everything black's move at `p` does in one direction depends only on the ten points within
//! distance 5 of `p` on that line (each empty, black, or a stop = white stone or board edge):
//! - the unbroken row through `p` is a five iff it has exactly 5 stones, which needs its end
//!   neighbours (at most 5 away) to be non-black; a row reaching 5 away is already 6 long;
//! - a point `q` completes a four iff placing it makes an unbroken row of exactly five that
//!   contains `p`: such a row lies within 4 of `p` and its end neighbours within 5;
//! - a point `q` completes a straight four iff afterwards the row through `p` is exactly four
//!   stones `a..=a+3` (within 3 of `p`) with both ends empty and the points beyond the ends
//!   non-black (so both ends make exactly five): again within 5 of `p`.
//!
//! So a table over 3^10 windows, each entry worked out by brute force from those definitions
//! the first time it is read, answers every per-direction question with one lookup. Filling
//! the whole table up front took about 3 ms per process, more than a typical mate search or
//! forbidden map (`perf record` on one `puzzles renju mate` call); one call reads a few
//! hundred to a few thousand entries. The recursive part of the rule (is the
//! straight-four point itself legal?) needs the whole board and lives in [`crate::rules`].

use std::sync::atomic::{AtomicU16, Ordering};

/// Window cell states used when building the table.
const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const STOP: u8 = 2;

/// Kind bits of an entry (bits 0..2).
pub(crate) const KIND_MASK: u16 = 0b11;
/// The stone makes an unbroken row of exactly five.
pub(crate) const KIND_FIVE: u16 = 1;
/// The stone makes an unbroken row of six or more.
pub(crate) const KIND_OVERLINE: u16 = 2;
/// Number of fours the stone makes in this direction (bits 2..4): 0, 1 or 2 (two fours on one
/// line, as `X.XXX.X` or `XX.XX.XX`).
pub(crate) const FOURS_SHIFT: u16 = 2;
/// Straight-four points (bits 4..13): bit 4 + (offset + 4) for offsets -4..=4 along the line.
/// Non-zero means the stone makes a three in this direction if one of these points is a legal,
/// non-five move for black after the stone is placed.
pub(crate) const SF_SHIFT: u16 = 4;

/// Decoded fields of a table entry.
#[inline]
pub(crate) fn kind(e: u16) -> u16 {
    e & KIND_MASK
}
#[inline]
pub(crate) fn fours(e: u16) -> u16 {
    (e >> FOURS_SHIFT) & 0b11
}
#[inline]
pub(crate) fn sf_mask(e: u16) -> u16 {
    e >> SF_SHIFT
}

/// Entries of the table: 3^10 windows.
const WINDOWS: usize = 59_049;

/// Each window's entry plus one, 0 while not worked out yet (see [`Tables::entry`]).
static ENTRIES: [AtomicU16; WINDOWS] = [const { AtomicU16::new(0) }; WINDOWS];

/// Binary (10 bits) to ternary digits: bit i becomes 3^i.
const B2T: [u16; 1024] = {
    let mut out = [0u16; 1024];
    let mut m = 0;
    while m < 1024 {
        let mut v = 0u32;
        let mut p = 1u32;
        let mut i = 0;
        while i < 10 {
            if m >> i & 1 == 1 {
                v += p;
            }
            p *= 3;
            i += 1;
        }
        out[m] = v as u16;
        m += 1;
    }
    out
};

/// The lookup table.
#[derive(Debug)]
pub(crate) struct Tables;

impl Tables {
    /// The entry for the black and stop bits of an 11-bit window (bit 5 is the centre).
    ///
    /// The window's ternary index is the sum over the ten neighbours of state * 3^i, where the
    /// neighbours at offsets -5..=-1 are digits 0..=4 and +1..=+5 are digits 5..=9. An entry
    /// is worked out the first time it is read; threads that race on one store the same value.
    #[inline]
    pub(crate) fn entry(&self, black: u32, stops: u32) -> u16 {
        let b = (black & 0x1F) | ((black >> 1) & 0x3E0);
        let s = (stops & 0x1F) | ((stops >> 1) & 0x3E0);
        let idx = usize::from(B2T[b as usize]) + 2 * usize::from(B2T[s as usize]);
        match ENTRIES[idx].load(Ordering::Relaxed) {
            0 => {
                let e = classify_index(idx);
                ENTRIES[idx].store(e + 1, Ordering::Relaxed);
                e
            }
            known => known - 1,
        }
    }
}

/// The shared table.
pub(crate) fn tables() -> &'static Tables {
    &Tables
}

/// The entry of a window from its ternary index.
fn classify_index(idx: usize) -> u16 {
    let mut w = [EMPTY; 11];
    let mut r = idx;
    for i in 0..10 {
        let cell = [EMPTY, BLACK, STOP][r % 3];
        r /= 3;
        let pos = if i < 5 { i } else { i + 1 };
        w[pos] = cell;
    }
    classify_window(&w)
}

/// Unbroken black row through `i`: (first, last) indexes.
fn run(w: &[u8; 11], i: usize) -> (usize, usize) {
    let mut lo = i;
    while lo > 0 && w[lo - 1] == BLACK {
        lo -= 1;
    }
    let mut hi = i;
    while hi < 10 && w[hi + 1] == BLACK {
        hi += 1;
    }
    (lo, hi)
}

/// Classify a window whose centre (index 5) is empty, from the definitions, for a black stone
/// placed at the centre. Cells outside the window are treated as stops; the module docs say why
/// that never changes the answer.
pub(crate) fn classify_window(w0: &[u8; 11]) -> u16 {
    debug_assert_eq!(w0[5], EMPTY);
    let mut w = *w0;
    w[5] = BLACK;
    let (lo, hi) = run(&w, 5);
    let len = hi - lo + 1;
    if len == 5 {
        return KIND_FIVE;
    }
    if len >= 6 {
        return KIND_OVERLINE;
    }
    // Fours: points that complete an exact five containing the centre.
    let mut five_points = Vec::new();
    for q in 1..=9 {
        if q == 5 || w[q] != EMPTY {
            continue;
        }
        w[q] = BLACK;
        let (a, b) = run(&w, q);
        if b - a + 1 == 5 && a <= 5 && 5 <= b {
            five_points.push(q);
        }
        w[q] = EMPTY;
    }
    // Two five points of one straight four (`.XXXX.`, five apart) are one four; any other two
    // are two fours on one line. A third is impossible (the module tests prove it).
    let fours = match five_points.as_slice() {
        [] => 0,
        [_] => 1,
        [a, b] if b - a == 5 => 1,
        _ => five_points.len() as u16,
    };
    let mut entry = fours << FOURS_SHIFT;
    // Straight-four points: q such that the centre's row becomes exactly `a..=a+3`, q in it,
    // both ends empty and both points beyond the ends non-black.
    for q in 1..=9 {
        if q == 5 || w[q] != EMPTY {
            continue;
        }
        w[q] = BLACK;
        let (a, b) = run(&w, 5);
        if b - a + 1 == 4
            && a <= q
            && q <= b
            && a >= 2
            && b <= 8
            && w[a - 1] == EMPTY
            && w[b + 1] == EMPTY
            && w[a - 2] != BLACK
            && w[b + 2] != BLACK
        {
            entry |= 1 << (SF_SHIFT + (q as u16 - 1));
        }
        w[q] = EMPTY;
    }
    entry
}

/// Offsets (-4..=4) of the straight-four points in a mask from [`sf_mask`].
#[inline]
pub(crate) fn sf_offsets(mask: u16) -> impl Iterator<Item = i32> {
    (0..9).filter(move |i| mask >> i & 1 == 1).map(|i| i - 4)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Window from a string of 11 chars `.`/`X`/`|` (stop); the centre must be `.`.
    fn win(s: &str) -> [u8; 11] {
        assert_eq!(s.chars().nth(5), Some('_'), "the centre of {s} must be `_`");
        let mut w = [STOP; 11];
        for (i, c) in s.chars().enumerate() {
            w[i] = match c {
                '.' | '_' => EMPTY,
                'X' => BLACK,
                _ => STOP,
            };
        }
        w
    }

    fn entry_of(s: &str) -> u16 {
        let w = win(s);
        let t = tables();
        let mut black = 0u32;
        let mut stops = 0u32;
        for (i, c) in w.iter().enumerate() {
            match *c {
                BLACK => black |= 1 << i,
                STOP => stops |= 1 << i,
                _ => {}
            }
        }
        let e = t.entry(black, stops);
        assert_eq!(
            e,
            classify_window(&w),
            "table and direct classification differ for {s}"
        );
        e
    }

    #[test]
    fn fives_and_overlines() {
        // The centre (index 5) is where black plays, marked `_`.
        assert_eq!(kind(entry_of("|XXXX_.....")), KIND_FIVE);
        assert_eq!(kind(entry_of("XXXXX_.....")), KIND_OVERLINE);
        assert_eq!(kind(entry_of("...XX_XX...")), KIND_FIVE);
        assert_eq!(kind(entry_of("...XX_XXX..")), KIND_OVERLINE);
    }

    #[test]
    fn fours_including_two_on_one_line() {
        assert_eq!(fours(entry_of("...XX_X....")), 1); // .XXXX. straight four: one four
        assert_eq!(fours(entry_of("..X.X_X.X..")), 2); // X.XXX.X
        assert_eq!(fours(entry_of(".XX.X_.XX..")), 2); // XX.XX.XX (centre is a middle stone)
        assert_eq!(fours(entry_of("..XX._X.XX.")), 2); // XX.XX.XX the other way round
        assert_eq!(fours(entry_of("|..XX_X|...")), 1); // blocked on the right, open on the left
        // A point that would make six is not a five point: X.XXX_ with an X beyond.
        assert_eq!(fours(entry_of("X.XXX_|....")), 0);
        assert_eq!(fours(entry_of(".X.XX_|....")), 1);
    }

    #[test]
    fn straight_four_points() {
        let sf = |s: &str| sf_offsets(sf_mask(entry_of(s))).collect::<Vec<_>>();
        assert_eq!(sf("....X_X...."), vec![-2, 2]); // ..XXX.. : either end
        assert_eq!(sf("...X._X...."), vec![-1]); // .X.XX. : the gap
        assert_eq!(sf("..|.X_X...."), vec![2]); // |.XXX.. : only the right end is straight
        assert_eq!(sf("...|X_X...."), Vec::<i32>::new()); // |XXX..: a closed three
        assert_eq!(sf("|X..X_X...."), vec![2]); // X.XXX..: the left end would need six
        assert_eq!(sf("|X..X_X..X|"), Vec::<i32>::new()); // both ends need six
    }

    #[test]
    fn never_more_than_two_five_points() {
        // Exhaustive over all windows: the `_` arm of the fours match is unreachable.
        let entries: Vec<u16> = (0..WINDOWS).map(classify_index).collect();
        assert!(entries.iter().all(|&e| fours(e) <= 2));
        assert!(entries.iter().all(|&e| kind(e) != KIND_MASK));
        // An entry plus one fits the table's cells.
        assert!(entries.iter().all(|&e| e < u16::MAX));
    }
}
