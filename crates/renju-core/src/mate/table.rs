//! The search's bookkeeping: a fixed-size transposition table and the clock.

use std::time::Instant;

/// A transposition table of `2^bits` slots addressed by the low bits of a 64-bit Zobrist key,
/// the newest entry winning a slot. The whole key is kept and compared, so a wrong hit needs
/// two positions with one 64-bit key.
#[derive(Debug)]
pub(crate) struct Table<V> {
    slots: Vec<(u64, V)>,
    mask: u64,
}

impl<V: Copy + Default> Table<V> {
    pub(crate) fn new(bits: u32) -> Table<V> {
        Table {
            slots: vec![(0, V::default()); 1 << bits],
            mask: (1 << bits) - 1,
        }
    }

    pub(crate) fn get(&self, key: u64) -> Option<V> {
        // Key 0 marks an empty slot; a position hashing to 0 is simply never cached.
        let (k, v) = self.slots[(key & self.mask) as usize];
        (k == key && key != 0).then_some(v)
    }

    pub(crate) fn put(&mut self, key: u64, value: V) {
        self.slots[(key & self.mask) as usize] = (key, value);
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
