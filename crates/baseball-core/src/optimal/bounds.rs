//! Lower bounds of the least total, from the cheapest:
//! - the size bound `LB(n)`: a guesser whose guesses get at most `k` answers can finish at
//!   most one secret with its first guess, `k - 1` with its second, `(k - 1)^2` with its
//!   third, ...; filling those slots greedily bounds `T` of any `n` secrets. `LB_out(n)` is
//!   the same without the first slot: the bound of a guess that is not a candidate.
//! - the answer-bit floor: a guess that gets `p` answers on a set splits it into `p` classes,
//!   at best evenly (`LB` is convex), and finds one secret at once when the winning answer is
//!   among them; so the answers a guess gets, without how often, floor its bound.
//! - the pair bound, for games without answer bits: a non-candidate that leaves `u` of the
//!   candidates' disjoint pairs together makes at most `n - u` classes.

use crate::space::Space;
use crate::symmetry::guess_pool;

use super::tables::AnswerSets;

/// A total no search reaches: what a search cut short returns (never stored), and the
/// ceiling of every bound.
pub(super) const ABORT: u32 = u32::MAX / 4;

/// The size bounds of one game, and the floors built on them.
#[derive(Debug)]
pub(super) struct SizeBounds {
    /// `lb[n]`: lower bound of `T` for `n` secrets.
    pub(super) lb: Vec<u32>,
    /// `lb_out[n]`: lower bound of `T` for `n` secrets when the first guess is not one of them.
    pub(super) lb_out: Vec<u32>,
    /// Most non-winning answers one guess can get (k - 1).
    pub(super) branch: u32,
}

impl SizeBounds {
    /// The bounds of `space`, for sets of up to all its codes.
    pub(super) fn new(space: &Space) -> Self {
        // k: the most answers any single guess can produce over all codes.
        let pool = guess_pool(space, 0);
        let mut counts = vec![0u32; space.classes()];
        let all_keys = space.keys_of(&space.all());
        let k = pool
            .iter()
            .map(|&g| {
                space.partition_counts(&space.key(g), &all_keys, &mut counts);
                counts.iter().filter(|&&c| c > 0).count() as u64
            })
            .max()
            .unwrap_or(1)
            .max(2);
        let branch = k - 1;
        let n = space.len();
        // Fill the slots greedily: at most `first` secrets found by guess 1, then `branch` times
        // as many nodes per level.
        let greedy = |size: usize, first: u64| -> u32 {
            let (mut left, mut level, mut total) = (size as u64, 1u64, 0u64);
            let mut cap = first;
            let mut nodes = 1u64;
            while left > 0 {
                let take = left.min(cap);
                total += take * level;
                left -= take;
                level += 1;
                nodes = nodes.saturating_mul(branch);
                cap = nodes;
            }
            total.min(u64::from(ABORT)) as u32
        };
        SizeBounds {
            lb: (0..=n).map(|size| greedy(size, 1)).collect(),
            lb_out: (0..=n).map(|size| greedy(size, 0)).collect(),
            branch: branch as u32,
        }
    }

    /// `LB` of `secrets` split as evenly as possible into `parts` classes (the least of every
    /// split, `LB` being convex).
    fn even_split(&self, secrets: u32, parts: u32) -> u32 {
        if parts == 0 {
            return if secrets == 0 { 0 } else { ABORT };
        }
        let (q, r) = ((secrets / parts) as usize, secrets % parts);
        // `lb` ends at the game's size: `lb[q + 1]` exists only when some class is larger.
        let larger = if r == 0 { 0 } else { r * self.lb[q + 1] };
        larger + (parts - r) * self.lb[q]
    }

    /// The codes of `guesses` whose answer-bit floor on a set of `n` secrets (whose answers
    /// are `answers`) is below `cutoff` (all when it is 0), and that are not candidates when
    /// `outside_only`. The least floor of the codes dropped goes to `fail`.
    pub(super) fn answer_floor(
        &self,
        guesses: &[u32],
        answers: &AnswerSets,
        n: u32,
        cutoff: u32,
        outside_only: bool,
        fail: &mut u32,
    ) -> Vec<u32> {
        // floor[w][p]: w = whether the winning answer occurs, p = answers that occur.
        let mut floor = [[ABORT; 17]; 2];
        for p in 1..=16u32 {
            floor[0][p as usize] = n.saturating_add(self.even_split(n, p));
            floor[1][p as usize] = n.saturating_add(self.even_split(n - 1, p - 1));
        }
        let mut dropped = u32::MAX;
        let kept = guesses
            .iter()
            .copied()
            .filter(|&g| {
                let m = answers.seen[g as usize];
                let w = (m >> answers.win) & 1;
                if outside_only && w == 1 {
                    return false;
                }
                if cutoff == 0 {
                    return true;
                }
                let f = floor[usize::from(w)][m.count_ones() as usize];
                if f >= cutoff {
                    if m.count_ones() > 1 || w == 1 {
                        dropped = dropped.min(f);
                    }
                    return false;
                }
                true
            })
            .collect();
        *fail = (*fail).min(dropped);
        kept
    }

    /// Drops the non-candidate guesses of `outside` that cannot beat `cutoff` on `set`, by the
    /// pair bound, much cheaper than ranking them: pair the candidates up (neighbours in code
    /// order, which look alike and are hard to tell apart); a guess that leaves `u` of those
    /// disjoint pairs together makes at most `p = min(k - 1, n - u)` classes (it finds no
    /// candidate, so the winning class is empty), and splitting `n` secrets into `p` classes
    /// costs at least `n + LB` of the most even split. Counting `u` for every code at once
    /// compares two rows of the answer `table`, a loop the compiler vectorises. The least
    /// bound of the codes dropped goes to `fail`.
    pub(super) fn pair_filter(
        &self,
        table: &[u8],
        outside: Vec<u32>,
        set: &[u32],
        cutoff: u32,
        fail: &mut u32,
    ) -> Vec<u32> {
        let n = set.len();
        if outside.is_empty() || n > 2 * 255 {
            return outside;
        }
        let width = self.lb.len() - 1; // the game's codes: `lb` covers sets of all of them
        let row = |s: u32| &table[s as usize * width..(s as usize + 1) * width];
        let mut together = vec![0u8; width];
        for pair in set.chunks_exact(2) {
            let (a, b) = (row(pair[0]), row(pair[1]));
            for ((t, x), y) in together.iter_mut().zip(a).zip(b) {
                *t += u8::from(x == y);
            }
        }
        // floor[u]: the least bound of a non-candidate guess leaving u pairs together.
        let branch = self.branch as usize;
        let floor: Vec<u32> = (0..=n / 2)
            .map(|u| {
                let parts = branch.min(n - u);
                let (q, r) = (n / parts, n % parts);
                n as u32 + r as u32 * self.lb[q + 1] + (parts - r) as u32 * self.lb[q]
            })
            .collect();
        if floor[n / 2] < cutoff {
            return outside; // no guess can be dropped
        }
        let mut dropped = u32::MAX;
        let kept = outside
            .into_iter()
            .filter(|&g| {
                let bound = floor[usize::from(together[g as usize])];
                if bound >= cutoff {
                    dropped = dropped.min(bound);
                    false
                } else {
                    true
                }
            })
            .collect();
        *fail = (*fail).min(dropped);
        kept
    }
}
