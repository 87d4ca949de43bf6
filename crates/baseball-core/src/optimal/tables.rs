//! The answers of every guess to every secret, computed once per game: as class numbers, for
//! counting how a guess splits a set, and as one bit per answer, for finding at once which
//! answers every code gets on a set. Both are built on first use and shared by every thread.

use std::sync::OnceLock;

use rayon::prelude::*;

use crate::space::Space;

/// Largest game whose answer table the search builds (64 MB).
const MAX_TABLE_CODES: usize = 8192;

/// The two tables of one game (see [`AnswerTables::table`] and [`AnswerTables::bits`]).
#[derive(Debug, Default)]
pub(super) struct AnswerTables {
    table: OnceLock<Vec<u8>>,
    bits: OnceLock<Option<AnswerBits>>,
}

impl AnswerTables {
    /// The answer table, `table[s * N + g] = class of guess g against secret s`, built on
    /// first use for games of at most [`MAX_TABLE_CODES`] codes (25 MB for 4-digit baseball):
    /// ranking reads it row by row, about twice as fast as computing each answer.
    pub(super) fn table(&self, space: &Space) -> Option<&[u8]> {
        let n = space.len();
        if n > MAX_TABLE_CODES {
            return None;
        }
        let table = self.table.get_or_init(|| {
            let mut table = vec![0u8; n * n];
            table.par_chunks_mut(n).enumerate().for_each(|(s, row)| {
                let sk = space.key(s as u32);
                for (g, cell) in row.iter_mut().enumerate() {
                    *cell = space.class_keys(&space.key(g as u32), &sk);
                }
            });
            table
        });
        Some(table)
    }

    /// The answer table with each answer as one bit of a `u16` (answers numbered densely), for
    /// ranking small sets by the answers that occur: OR-ing whole rows vectorises where
    /// shifting by each class does not. Built on first use, when at most 16 answers exist
    /// (games of at most 4 positions); 51 MB for 4-digit baseball.
    pub(super) fn bits(&self, space: &Space) -> Option<&AnswerBits> {
        let table = self.table(space)?;
        self.bits
            .get_or_init(|| AnswerBits::of(space, table))
            .as_ref()
    }
}

/// See [`AnswerTables::bits`].
#[derive(Debug)]
pub(super) struct AnswerBits {
    /// `rows[s * N + g]`: the bit of the answer of guess g to secret s.
    rows: Vec<u16>,
    /// The bit of the winning answer.
    win: u32,
    /// Codes in the game (N).
    width: usize,
}

impl AnswerBits {
    /// The bit table of `space` from its answer table, or `None` when more than 16 answers
    /// occur.
    fn of(space: &Space, table: &[u8]) -> Option<AnswerBits> {
        let mut occurs = vec![false; space.classes()];
        for &c in table {
            occurs[usize::from(c)] = true;
        }
        let mut dense = vec![u16::MAX; space.classes()];
        let mut next = 0u16;
        for c in 0..space.classes() {
            if occurs[c] {
                dense[c] = next;
                next += 1;
            }
        }
        if next > 16 {
            return None;
        }
        let mut rows = vec![0u16; table.len()];
        rows.par_chunks_mut(space.len())
            .zip(table.par_chunks(space.len()))
            .for_each(|(bits, classes)| {
                for (b, &c) in bits.iter_mut().zip(classes) {
                    *b = 1 << dense[usize::from(c)];
                }
            });
        let win = u32::from(dense[usize::from(space.win_class())]);
        Some(AnswerBits {
            rows,
            win,
            width: space.len(),
        })
    }

    /// For every code, the answers it gets from the secrets of `set`.
    pub(super) fn answer_sets(&self, set: &[u32]) -> AnswerSets {
        let width = self.width;
        let mut seen = vec![0u16; width];
        for &s in set {
            let row = &self.rows[s as usize * width..(s as usize + 1) * width];
            for (m, &b) in seen.iter_mut().zip(row) {
                *m |= b;
            }
        }
        AnswerSets {
            seen,
            win: self.win,
        }
    }
}

/// The answers every code of the game gets on one set of secrets.
#[derive(Debug)]
pub(super) struct AnswerSets {
    /// `seen[g]`: the bits of the answers code g gets.
    pub(super) seen: Vec<u16>,
    /// The bit of the winning answer (only the set's own codes get it).
    pub(super) win: u32,
}
