//! Where each block of a line can still start, given the line's known cells: the
//! windows that the order encoding of [`super::ladder`] makes variables for.
//!
//! The clue's deterministic automaton (a gap state before, between and after the blocks,
//! one state per cell of each block) is unrolled over the line; a state before cell `t`
//! is live when it can be reached from the start and can reach an accepting end through
//! the known cells. Block k can start at cell t exactly when its first state is live after
//! cell t, so the windows are those of line logic: no variable is made for a start that
//! no arrangement of the line allows.

use crate::cells::Cell;

const NONE: u32 = u32::MAX;

/// One line's automaton.
pub(super) struct Automaton {
    /// Per state: the state after a filled / empty cell (`u32::MAX`: not allowed).
    on_filled: Vec<u32>,
    on_empty: Vec<u32>,
    /// Per state: entered by a filled cell (a block state).
    is_block: Vec<bool>,
    accepting: [u32; 2],
}

impl Automaton {
    pub(super) fn new(clues: &[u32]) -> Self {
        let mut on_filled = Vec::new();
        let mut on_empty = Vec::new();
        let mut is_block = Vec::new();
        // Gap before the first block.
        let mut q: u32 = 0;
        on_filled.push(NONE);
        on_empty.push(0);
        is_block.push(false);
        for &b in clues {
            let gap = q;
            on_filled[gap as usize] = gap + 1;
            for i in 0..b {
                q += 1;
                on_filled.push(if i + 1 < b { q + 1 } else { NONE });
                on_empty.push(if i + 1 == b { q + 1 } else { NONE });
                is_block.push(true);
            }
            q += 1;
            // Gap after the block.
            on_filled.push(NONE);
            on_empty.push(q);
            is_block.push(false);
        }
        let last = q;
        let accepting = if clues.is_empty() {
            [last, last]
        } else {
            [last, last - 1]
        };
        Automaton {
            on_filled,
            on_empty,
            is_block,
            accepting,
        }
    }

    pub(super) fn states(&self) -> usize {
        self.on_filled.len()
    }

    /// `live[t * s + q]`: state `q` before cell `t` (after `t` cells) can be reached from
    /// the start and can reach an accepting state at the end, given the known cells.
    pub(super) fn live(&self, known: &[Cell]) -> Vec<bool> {
        let n = known.len();
        let s = self.states();
        let mut fw = vec![false; (n + 1) * s];
        fw[0] = true;
        for t in 0..n {
            for q in 0..s {
                if !fw[t * s + q] {
                    continue;
                }
                if known[t] != Cell::Empty && self.on_filled[q] != NONE {
                    fw[(t + 1) * s + self.on_filled[q] as usize] = true;
                }
                if known[t] != Cell::Filled && self.on_empty[q] != NONE {
                    fw[(t + 1) * s + self.on_empty[q] as usize] = true;
                }
            }
        }
        let mut live = vec![false; (n + 1) * s];
        for a in self.accepting {
            live[n * s + a as usize] = fw[n * s + a as usize];
        }
        for t in (0..n).rev() {
            for q in 0..s {
                if !fw[t * s + q] {
                    continue;
                }
                let f = known[t] != Cell::Empty
                    && self.on_filled[q] != NONE
                    && live[(t + 1) * s + self.on_filled[q] as usize];
                let e = known[t] != Cell::Filled
                    && self.on_empty[q] != NONE
                    && live[(t + 1) * s + self.on_empty[q] as usize];
                live[t * s + q] = f || e;
            }
        }
        live
    }
}

/// `possible[k][t]`: block k of `clues` can start at cell t of a line with cells `known`
/// in some arrangement; `None` when the line has no arrangement.
pub(super) fn possible_starts(clues: &[u32], known: &[Cell]) -> Option<Vec<Vec<bool>>> {
    let a = Automaton::new(clues);
    let s = a.states();
    let live = a.live(known);
    if !live[0] {
        return None;
    }
    Some(
        (1..s)
            .filter(|&q| a.is_block[q] && !a.is_block[q - 1])
            .map(|q| (0..known.len()).map(|t| live[(t + 1) * s + q]).collect())
            .collect(),
    )
}
