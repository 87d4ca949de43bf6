//! VCT (victory by continuous threats): depth-first proof-number search (df-pn) over the
//! attacker's threats against every defence. The nodes' moves are [`super::expand`]'s; this
//! module is the search over them.
//!
//! The table answers for any depth (see [`ProofTable`]), so the iterative deepening that
//! finds the least winning depth keeps what shallower depths proved and disproved, and a
//! disproof that met no depth limit ends it at once.

use crate::board::{Color, Point};
use crate::mate::Threats;
use crate::mate::state::{Position, stone_key};
use crate::mate::table::{Clock, INF, Numbers, OutOfTime, ProofTable, Table};
use puzzles_common::rng::mix;

/// What a node is before any search below it.
pub(crate) enum Expansion {
    /// Won within the depth.
    Proven,
    /// Not won within the depth; `any_depth` when not at any depth either.
    Disproven { any_depth: bool },
    /// The moves to search (attacker's at OR nodes, defender's at AND nodes).
    Moves(Vec<Point>),
}

/// One VCT search over a position that it changes and restores.
#[derive(Debug)]
pub(crate) struct Vct<'a> {
    pub pos: &'a mut Position,
    pub clock: &'a mut Clock,
    pub table: &'a mut ProofTable,
    /// The VCF table, for the VCFs that make or refute threats.
    pub vcf_table: &'a mut Table,
    pub threats: Threats,
}

impl Vct<'_> {
    /// Whether the node (attacker to move unless `and`) is a win within `depth` attacker moves.
    pub(crate) fn prove(&mut self, and: bool, depth: u8) -> Result<bool, OutOfTime> {
        Ok(self.decide(and, depth)?.is_proven())
    }

    /// The node's numbers once decided (proven or disproven) within `depth`.
    fn decide(&mut self, and: bool, depth: u8) -> Result<Numbers, OutOfTime> {
        if let Some((n, _)) = self.lookup(self.pos.hash, and, depth)
            && (n.is_proven() || n.is_disproven())
        {
            return Ok(n);
        }
        self.mid(and, depth, Numbers { pn: INF, dn: INF })
    }

    /// Whether the node is known not to win at any depth.
    pub(crate) fn lost_at_any_depth(&self, and: bool, depth: u8) -> bool {
        self.lookup(self.pos.hash, and, depth)
            .is_some_and(|(n, any)| n.is_disproven() && any)
    }

    /// The table key of a position and node kind.
    fn key(&self, hash: u64, and: bool) -> u64 {
        let attacker_white = self.pos.attacker.color == Color::White;
        hash ^ mix(u64::from(and) + 2 * u64::from(attacker_white) + 1)
    }

    /// What the table knows of a node at `depth`, and whether a disproof holds at any depth.
    pub(crate) fn lookup(&self, hash: u64, and: bool, depth: u8) -> Option<(Numbers, bool)> {
        self.table.get(self.key(hash, and), depth)
    }

    fn store(&mut self, and: bool, depth: u8, n: Numbers, any_depth: bool) {
        let key = self.key(self.pos.hash, and);
        self.table.put(key, depth, n, any_depth);
    }

    /// What the table knows of the node after `mover` plays `m`, and whether a disproof of
    /// it holds at any depth.
    fn child(&self, m: Point, mover: Color, and: bool, depth: u8) -> Option<(Numbers, bool)> {
        let hash = self.pos.hash ^ stone_key(m, mover);
        self.lookup(hash, and, depth)
    }

    /// Df-pn's multiple iterative deepening at one node, within thresholds `th`.
    fn mid(&mut self, and: bool, depth: u8, th: Numbers) -> Result<Numbers, OutOfTime> {
        self.clock.tick()?;
        let expansion = if and {
            self.expand_and(depth)?
        } else {
            self.expand_or(depth)?
        };
        let moves = match expansion {
            Expansion::Proven => {
                self.store(and, depth, Numbers::PROVEN, false);
                return Ok(Numbers::PROVEN);
            }
            Expansion::Disproven { any_depth } => {
                self.store(and, depth, Numbers::DISPROVEN, any_depth);
                return Ok(Numbers::DISPROVEN);
            }
            Expansion::Moves(m) => m,
        };
        let (mover, child_depth) = if and {
            (self.pos.defender.color, depth)
        } else {
            (self.pos.attacker.color, depth - 1)
        };
        // The children's numbers as last known: from the table, or (when the table lost
        // an entry) as the child's own search returned them, so the loop always moves on.
        let mut values = vec![(Numbers::UNKNOWN, false); moves.len()];
        loop {
            for (value, &m) in values.iter_mut().zip(&moves) {
                if let Some(known) = self.child(m, mover, !and, child_depth) {
                    *value = known;
                }
            }
            let (n, best, second) = combine(&values, and);
            if n.pn >= th.pn || n.dn >= th.dn {
                let any_depth = n.is_disproven()
                    && self.threats == Threats::Threes
                    && disproof_holds_at_any_depth(&values, and);
                self.store(and, depth, n, any_depth);
                return Ok(n);
            }
            let c = values[best].0;
            let child_th = if and {
                Numbers {
                    pn: (th.pn - n.pn).saturating_add(c.pn).min(INF),
                    dn: th.dn.min(second.saturating_add(1)),
                }
            } else {
                Numbers {
                    pn: th.pn.min(second.saturating_add(1)),
                    dn: (th.dn - n.dn).saturating_add(c.dn).min(INF),
                }
            };
            let m = moves[best];
            self.pos.place(m, mover);
            let r = self.mid(!and, child_depth, child_th);
            self.pos.remove(m);
            values[best] = (r?, false);
        }
    }
}

/// Whether a disproven node's disproof holds at every depth: at an OR node every child's
/// must, at an AND node one disproven child's.
fn disproof_holds_at_any_depth(values: &[(Numbers, bool)], and: bool) -> bool {
    let mut disproven = values.iter().filter(|(n, _)| n.is_disproven());
    if and {
        disproven.any(|&(_, any)| any)
    } else {
        disproven.all(|&(_, any)| any)
    }
}

/// A node's numbers from its children's, with the index of the child to search and the
/// runner-up's number (pn at OR nodes, dn at AND nodes).
fn combine(values: &[(Numbers, bool)], and: bool) -> (Numbers, usize, u32) {
    let pick = |n: &Numbers| if and { n.dn } else { n.pn };
    let mut best = 0;
    let mut first = INF;
    let mut second = INF;
    for (i, (v, _)) in values.iter().enumerate() {
        let x = pick(v);
        if x < first {
            second = first;
            first = x;
            best = i;
        } else if x < second {
            second = x;
        }
    }
    let sum = |f: fn(&Numbers) -> u32| {
        values
            .iter()
            .map(|(n, _)| f(n))
            .fold(0u32, |a, b| a.saturating_add(b))
            .min(INF)
    };
    let n = if and {
        Numbers {
            pn: sum(|n| n.pn),
            dn: first,
        }
    } else {
        Numbers {
            pn: first,
            dn: sum(|n| n.dn),
        }
    };
    (n, best, second)
}
