//! The guesses worth examining at a node: one per orbit of the symmetries of the history
//! and per class of swaps of alike symbols (see [`crate::symmetry`]). Finding them tries
//! renamings on every code, so the pools are cached: the states below one history share its
//! orbits, and deep in the game many sets have the same alike symbols.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use crate::space::Space;
use crate::symmetry::{AlikeSymbols, Symmetry};

use super::clock::Clock;

/// Pool keys (alike-symbol classes, sorted guesses) are already well spread; SipHash would
/// cost more than it guards.
type Fx = rustc_hash::FxBuildHasher;

/// Most codes the cache of orbit pools holds (16 MB): deep histories rarely repeat, and a
/// 4-digit proof meets hundreds of thousands of them.
const MAX_ORBIT_CODES: usize = 1 << 22;

/// The caches of guess pools of one search.
#[derive(Debug, Default)]
pub(super) struct GuessPools {
    /// Guesses worth examining, by the alike symbols of the set.
    alike: Mutex<HashMap<AlikeSymbols, Arc<Vec<u32>>, Fx>>,
    /// The first code of every orbit of a history's symmetries, by the history's sorted
    /// guesses (see [`GuessPools::orbits`]).
    orbits: Mutex<HashMap<Vec<u32>, Arc<Vec<u32>>, Fx>>,
    /// Codes held by `orbits`.
    orbit_codes: AtomicUsize,
}

impl GuessPools {
    /// The codes that are first in their class under swaps of `alike` symbols.
    pub(super) fn alike(&self, space: &Space, alike: &AlikeSymbols) -> Arc<Vec<u32>> {
        let mut pools = self.alike.lock().unwrap_or_else(|e| e.into_inner());
        pools
            .entry(alike.clone())
            .or_insert_with(|| {
                Arc::new(
                    (0..space.len() as u32)
                        .filter(|&g| alike.is_canonical(space.code(g)))
                        .collect(),
                )
            })
            .clone()
    }

    /// The first code of every orbit of `sym`, the symmetries of `history` (uncached, finding
    /// it takes a third of the Mastermind search). `None` when the deadline passes.
    pub(super) fn orbits(
        &self,
        space: &Space,
        sym: &Symmetry,
        history: &[u32],
        clock: &Clock,
    ) -> Option<Arc<Vec<u32>>> {
        let mut key = history.to_vec();
        key.sort_unstable();
        let cached = self
            .orbits
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&key)
            .cloned();
        if let Some(pool) = cached {
            return Some(pool);
        }
        let mut pool = Vec::new();
        for g in 0..space.len() as u32 {
            if g % 1024 == 1023 && clock.expired(usize::MAX) {
                return None;
            }
            if sym.is_canonical(space.code(g)) {
                pool.push(g);
            }
        }
        let pool = Arc::new(pool);
        let mut pools = self.orbits.lock().unwrap_or_else(|e| e.into_inner());
        let cached = self.orbit_codes.load(Ordering::Relaxed);
        if cached + pool.len() <= MAX_ORBIT_CODES {
            self.orbit_codes.fetch_add(pool.len(), Ordering::Relaxed);
            pools.insert(key, pool.clone());
        }
        Some(pool)
    }
}

/// The codes of `codes` that are first in their orbit under `sym` and their class under
/// swaps of `alike` symbols; `None` when the deadline passes (checked as it goes: with many
/// symmetries this is slow on big games).
pub(super) fn canonical_guesses(
    space: &Space,
    sym: &Symmetry,
    alike: &AlikeSymbols,
    codes: impl Iterator<Item = u32>,
    clock: &Clock,
) -> Option<Vec<u32>> {
    let mut out = Vec::new();
    for (i, g) in codes.enumerate() {
        if i % 1024 == 1023 && clock.expired(usize::MAX) {
            return None;
        }
        let code = space.code(g);
        if alike.is_canonical(code) && (sym.is_trivial() || sym.is_canonical(code)) {
            out.push(g);
        }
    }
    Some(out)
}
