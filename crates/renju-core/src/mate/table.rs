//! The search's bookkeeping: a transposition table and the clock.

use puzzles_common::{Deadline, Poll};

/// A transposition table of up to `2^max_bits` slots addressed by the low bits of a 64-bit
/// Zobrist key, the newest entry winning a slot. The whole key is kept and compared, so a
/// wrong hit needs two positions with one 64-bit key.
///
/// A table made by [`Table::growing`] starts small and doubles (re-inserting what it holds)
/// whenever half its slots are filled, up to `2^max_bits`: most VCF searches visit a few
/// hundred positions, and zeroing a full-size table for each of them cost more than the
/// search itself (62% of the instructions of 300 middle-game VCF solves under callgrind).
/// df-pn (VCT) keeps the full size from the start: it re-reads its children's proof numbers
/// many times, and entries lost to collisions in a small table made it thrash.
#[derive(Debug)]
pub(crate) struct Table {
    keys: Vec<u64>,
    values: Vec<u64>,
    mask: u64,
    /// Slots holding an entry.
    filled: usize,
    max_bits: u32,
}

/// Slots of a new growing table (as a power of two), when the maximum allows.
const START_BITS: u32 = 10;

impl Table {
    /// A table of `2^bits` slots from the start.
    pub(crate) fn new(bits: u32) -> Table {
        Table::sized(bits, bits)
    }

    /// A table that starts small and grows to at most `2^max_bits` slots.
    pub(crate) fn growing(max_bits: u32) -> Table {
        Table::sized(START_BITS.min(max_bits), max_bits)
    }

    fn sized(bits: u32, max_bits: u32) -> Table {
        Table {
            keys: vec![0; 1 << bits],
            values: vec![0; 1 << bits],
            mask: (1 << bits) - 1,
            filled: 0,
            max_bits,
        }
    }

    pub(crate) fn get(&self, key: u64) -> Option<u64> {
        // Key 0 marks an empty slot; a position hashing to 0 is simply never cached.
        let i = (key & self.mask) as usize;
        (self.keys[i] == key && key != 0).then_some(self.values[i])
    }

    pub(crate) fn put(&mut self, key: u64, value: u64) {
        if key == 0 {
            return;
        }
        let i = (key & self.mask) as usize;
        if self.keys[i] == 0 {
            self.filled += 1;
        }
        self.keys[i] = key;
        self.values[i] = value;
        if self.filled * 2 > self.keys.len() && self.keys.len() < 1 << self.max_bits {
            self.grow();
        }
    }

    /// Doubles the slots and re-inserts every entry.
    fn grow(&mut self) {
        let slots = self.keys.len() * 2;
        let keys = std::mem::replace(&mut self.keys, vec![0; slots]);
        let values = std::mem::replace(&mut self.values, vec![0; slots]);
        self.mask = slots as u64 - 1;
        self.filled = 0;
        for (key, value) in keys.into_iter().zip(values).filter(|&(k, _)| k != 0) {
            let i = (key & self.mask) as usize;
            self.filled += 1;
            self.keys[i] = key;
            self.values[i] = value;
        }
    }
}

/// The search ran out of the caller's time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct OutOfTime;

/// Counts the positions a search visits and watches the caller's deadline: the one place
/// the mate searches read the time. The first position reads the clock, so a limit of zero
/// stops a search before it does anything (a position decided without searching, such as a
/// five on offer, still answers).
#[derive(Debug)]
pub(crate) struct Clock {
    poll: Poll,
    pub nodes: u64,
}

impl Clock {
    pub(crate) fn new(deadline: Deadline) -> Clock {
        Clock {
            poll: Poll::new(deadline),
            nodes: 0,
        }
    }

    /// One more position; whether the deadline has passed, read every [`Poll::EVERY`]
    /// positions starting with the first.
    #[inline]
    pub(crate) fn tick(&mut self) -> Result<(), OutOfTime> {
        self.nodes += 1;
        if self.poll.step() {
            return Err(OutOfTime);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_growing_table_keeps_what_it_held() {
        let mut table = Table::growing(14);
        // Keys with distinct low bits: none evicts another, so every one must be found.
        let keys: Vec<u64> = (1..=6000u64).map(|k| k | k << 32).collect();
        for &k in &keys {
            table.put(k, k ^ 7);
        }
        assert_eq!(table.keys.len(), 1 << 14);
        for &k in &keys {
            assert_eq!(table.get(k), Some(k ^ 7));
        }
        assert_eq!(table.get(6001 | 6001 << 32), None);
    }
}
