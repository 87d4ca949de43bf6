//! The search's bookkeeping: a fixed-size transposition table and the clock.

use std::time::Instant;

/// A transposition table of `2^bits` slots addressed by the low bits of a 64-bit Zobrist key,
/// the newest entry winning a slot. The whole key is kept and compared, so a wrong hit needs
/// two positions with one 64-bit key. Values are packed in a `u64` so both arrays start as
/// zeroed allocations: a short search touches few pages and pays for no others.
#[derive(Debug)]
pub(crate) struct Table {
    keys: Vec<u64>,
    values: Vec<u64>,
    mask: u64,
}

impl Table {
    pub(crate) fn new(bits: u32) -> Table {
        Table {
            keys: vec![0; 1 << bits],
            values: vec![0; 1 << bits],
            mask: (1 << bits) - 1,
        }
    }

    pub(crate) fn get(&self, key: u64) -> Option<u64> {
        // Key 0 marks an empty slot; a position hashing to 0 is simply never cached.
        let i = (key & self.mask) as usize;
        (self.keys[i] == key && key != 0).then_some(self.values[i])
    }

    pub(crate) fn put(&mut self, key: u64, value: u64) {
        let i = (key & self.mask) as usize;
        self.keys[i] = key;
        self.values[i] = value;
    }
}

/// The search ran out of the caller's time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct OutOfTime;

/// Counts the positions a search visits and watches the caller's deadline: the one place
/// the mate searches read the time.
#[derive(Debug)]
pub(crate) struct Clock {
    deadline: Option<Instant>,
    pub nodes: u64,
}

impl Clock {
    pub(crate) fn new(deadline: Option<Instant>) -> Clock {
        Clock { deadline, nodes: 0 }
    }

    /// One more position; every 1024 positions, whether the deadline has passed.
    #[inline]
    pub(crate) fn tick(&mut self) -> Result<(), OutOfTime> {
        self.nodes += 1;
        if self.nodes & 1023 == 0 && self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(OutOfTime);
        }
        Ok(())
    }
}
