//! The searches' bookkeeping: transposition tables and the clock.

use puzzles_common::{Deadline, Poll};

/// The VCF search's transposition table: up to `2^max_bits` slots addressed by the low bits
/// of a 64-bit Zobrist key, the newest entry winning a slot. The whole key is kept and
/// compared, so a wrong hit needs two positions with one 64-bit key.
///
/// It holds nothing until the first entry, then starts small and doubles (re-inserting what it
/// holds) whenever half its slots are filled: most VCF searches visit a few positions or
/// none, and zeroing a full-size table for each cost more than the search itself (62% of the
/// instructions of 300 middle-game VCF solves under callgrind).
#[derive(Debug)]
pub(crate) struct Table {
    slots: Vec<(u64, u64)>,
    /// Slots holding an entry.
    filled: usize,
    max_bits: u32,
}

/// Slots of a table when its first entry arrives (as a power of two), when the maximum
/// allows.
const START_BITS: u32 = 8;

impl Table {
    /// An empty table that grows to at most `2^max_bits` slots.
    pub(crate) fn growing(max_bits: u32) -> Table {
        Table {
            slots: Vec::new(),
            filled: 0,
            max_bits,
        }
    }

    fn home(&self, key: u64) -> usize {
        key as usize & (self.slots.len() - 1)
    }

    pub(crate) fn get(&self, key: u64) -> Option<u64> {
        // Key 0 marks an empty slot; a position hashing to 0 is simply never cached.
        if self.slots.is_empty() || key == 0 {
            return None;
        }
        let (k, v) = self.slots[self.home(key)];
        (k == key).then_some(v)
    }

    pub(crate) fn put(&mut self, key: u64, value: u64) {
        if key == 0 {
            return;
        }
        if self.slots.is_empty() {
            self.slots = vec![(0, 0); 1 << START_BITS.min(self.max_bits)];
        }
        let i = self.home(key);
        if self.slots[i].0 == 0 {
            self.filled += 1;
        }
        self.slots[i] = (key, value);
        if self.filled * 2 > self.slots.len() && self.slots.len() < 1 << self.max_bits {
            self.grow();
        }
    }

    /// Doubles the slots and re-inserts every entry.
    fn grow(&mut self) {
        let slots = vec![(0, 0); self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, slots);
        self.filled = 0;
        for (key, value) in old.into_iter().filter(|&(k, _)| k != 0) {
            let i = self.home(key);
            self.filled += 1;
            self.slots[i] = (key, value);
        }
    }
}

/// Proof and disproof numbers of a df-pn node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Numbers {
    pub pn: u32,
    pub dn: u32,
}

/// "Infinite" proof and disproof numbers (sums saturate here).
pub(crate) const INF: u32 = 1 << 30;

impl Numbers {
    /// A node nothing is known about yet.
    pub(crate) const UNKNOWN: Numbers = Numbers { pn: 1, dn: 1 };
    pub(crate) const PROVEN: Numbers = Numbers { pn: 0, dn: INF };
    pub(crate) const DISPROVEN: Numbers = Numbers { pn: INF, dn: 0 };

    pub(crate) fn is_proven(self) -> bool {
        self.pn == 0
    }

    pub(crate) fn is_disproven(self) -> bool {
        self.dn == 0
    }
}

/// One entry of a df-pn table: either what is decided about a position (and node kind) at
/// every depth, or its proof and disproof numbers at one depth (the two under different
/// keys).
#[derive(Debug, Clone, Copy, Default)]
struct Slot {
    /// 0 marks an empty slot.
    key: u64,
    pn: u32,
    dn: u32,
    /// The least depth at which the node is known to win (0: none).
    proven_at: u8,
    /// The node is known not to win at any depth below this one ([`ANY_DEPTH`]: at none).
    disproven_below: u8,
}

/// `disproven_below` of a node that wins at no depth.
const ANY_DEPTH: u8 = u8::MAX;

/// How far a lookup probes past a key's home slot.
const PROBES: usize = 8;

/// A df-pn transposition table. What is decided about a node is kept for every depth at
/// once: a node that wins within `d` attacker moves wins within more, and one that does not
/// win within `d` does not within fewer, so a proof or disproof found at one depth of the
/// iterative deepening serves every later one. Numbers of nodes still open are kept per depth
/// (a node met at two depths in one search has two sets, which must not overwrite each
/// other). Open addressing over `PROBES` slots, growing (by doubling) while half full up to
/// `2^max_bits` slots; when full, the newest entry takes its key's home slot.
#[derive(Debug)]
pub(crate) struct ProofTable {
    slots: Vec<Slot>,
    filled: usize,
    max_bits: u32,
}

/// The key of a node's numbers at one depth, from the key of the node.
fn at_depth(key: u64, depth: u8) -> u64 {
    key ^ puzzles_common::rng::mix(0x5EED_0000 + u64::from(depth))
}

impl ProofTable {
    pub(crate) fn new(max_bits: u32) -> ProofTable {
        ProofTable {
            slots: vec![Slot::default(); 1 << START_BITS.min(max_bits)],
            filled: 0,
            max_bits,
        }
    }

    /// The slot holding `key` (0, which marks empty slots, is read as 1).
    fn find(&self, key: u64) -> Option<usize> {
        let key = key.max(1);
        let mask = self.slots.len() - 1;
        let home = key as usize & mask;
        (0..PROBES)
            .map(|k| (home + k) & mask)
            .take_while(|&i| self.slots[i].key != 0)
            .find(|&i| self.slots[i].key == key)
    }

    /// The numbers of the node `key` at `depth`, and whether a disproof holds at every
    /// depth.
    pub(crate) fn get(&self, key: u64, depth: u8) -> Option<(Numbers, bool)> {
        if let Some(i) = self.find(key) {
            let slot = &self.slots[i];
            if slot.proven_at != 0 && depth >= slot.proven_at {
                return Some((Numbers::PROVEN, false));
            }
            if depth < slot.disproven_below {
                return Some((Numbers::DISPROVEN, slot.disproven_below == ANY_DEPTH));
            }
        }
        let slot = &self.slots[self.find(at_depth(key, depth))?];
        Some((
            Numbers {
                pn: slot.pn,
                dn: slot.dn,
            },
            false,
        ))
    }

    /// Records the node's numbers at `depth` (`any_depth`: a disproof that holds at every
    /// depth).
    pub(crate) fn put(&mut self, key: u64, depth: u8, n: Numbers, any_depth: bool) {
        if n.is_proven() || n.is_disproven() {
            let slot = self.slot(key);
            if n.is_proven() {
                if slot.proven_at == 0 || depth < slot.proven_at {
                    slot.proven_at = depth;
                }
            } else {
                let below = if any_depth { ANY_DEPTH } else { depth + 1 };
                slot.disproven_below = slot.disproven_below.max(below);
            }
        } else {
            let slot = self.slot(at_depth(key, depth));
            slot.pn = n.pn;
            slot.dn = n.dn;
        }
    }

    /// The slot of `key`, claimed if the table does not hold it.
    fn slot(&mut self, key: u64) -> &mut Slot {
        let i = match self.find(key) {
            Some(i) => i,
            None => self.claim(key.max(1)),
        };
        &mut self.slots[i]
    }

    /// A slot for a key the table does not hold: an empty one near its home, after growing
    /// if half the slots are filled, or (at the largest size) its home slot, emptied.
    fn claim(&mut self, key: u64) -> usize {
        if self.filled * 2 >= self.slots.len() && self.slots.len() < 1 << self.max_bits {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let home = key as usize & mask;
        let free = (0..PROBES)
            .map(|k| (home + k) & mask)
            .find(|&i| self.slots[i].key == 0);
        let i = match free {
            Some(i) => {
                self.filled += 1;
                i
            }
            None => home,
        };
        self.slots[i] = Slot {
            key,
            ..Slot::default()
        };
        i
    }

    /// Doubles the slots and re-inserts every entry.
    fn grow(&mut self) {
        let old = std::mem::take(&mut self.slots);
        self.slots = vec![Slot::default(); old.len() * 2];
        self.filled = 0;
        for slot in old.into_iter().filter(|s| s.key != 0) {
            let i = self.claim(slot.key);
            self.slots[i] = slot;
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
        assert_eq!(table.slots.len(), 1 << 14);
        for &k in &keys {
            assert_eq!(table.get(k), Some(k ^ 7));
        }
        assert_eq!(table.get(6001 | 6001 << 32), None);
    }
}
