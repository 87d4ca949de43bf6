//! The memo of the exact search: for each candidate set, by its name, the least total found
//! or the best lower bound proved so far. Shared by every thread, in shards behind their own
//! locks so that threads rarely wait for one another.

use std::collections::HashMap;
use std::hash::BuildHasher;
use std::sync::{Mutex, MutexGuard};

/// Memo keys (sorted code numbers) are already well spread; SipHash would cost more than it
/// guards.
type Fx = rustc_hash::FxBuildHasher;

/// Memo shards (each behind its own lock).
const SHARDS: usize = 64;

/// What the memo knows of one candidate set.
#[derive(Debug, Clone, Copy)]
pub(super) struct Entry {
    /// Exact `T(S)` when `exact`, else a proven lower bound.
    pub(super) value: u32,
    pub(super) exact: bool,
    /// The best guess when `exact`, in the coordinates of the named set.
    pub(super) guess: u32,
}

/// Named candidate set -> value or lower bound, sharded by hash.
pub(super) struct Memo {
    shards: Vec<Mutex<HashMap<Vec<u32>, Entry, Fx>>>,
}

impl Memo {
    pub(super) fn new() -> Self {
        Memo {
            shards: (0..SHARDS)
                .map(|_| Mutex::new(HashMap::default()))
                .collect(),
        }
    }

    fn shard(&self, key: &[u32]) -> MutexGuard<'_, HashMap<Vec<u32>, Entry, Fx>> {
        let h = Fx::default().hash_one(key);
        // A poisoned shard only means another thread panicked; its map is still consistent.
        self.shards[(h >> 58) as usize % SHARDS]
            .lock()
            .unwrap_or_else(|e| e.into_inner())
    }

    pub(super) fn get(&self, key: &[u32]) -> Option<Entry> {
        self.shard(key).get(key).copied()
    }

    /// Records the exact total of a set and the guess reaching it.
    pub(super) fn exact(&self, key: Vec<u32>, value: u32, guess: u32) {
        self.shard(&key).insert(
            key,
            Entry {
                value,
                exact: true,
                guess,
            },
        );
    }

    /// Records a lower bound of a set's total (kept when it raises what is known).
    pub(super) fn lower(&self, key: Vec<u32>, value: u32) {
        let mut shard = self.shard(&key);
        let e = shard.entry(key).or_insert(Entry {
            value: 0,
            exact: false,
            guess: 0,
        });
        if !e.exact && value > e.value {
            e.value = value;
        }
    }

    /// Number of sets memoised.
    pub(super) fn len(&self) -> usize {
        self.shards
            .iter()
            .map(|s| s.lock().unwrap_or_else(|e| e.into_inner()).len())
            .sum()
    }
}

impl std::fmt::Debug for Memo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Memo({} shards)", self.shards.len())
    }
}
