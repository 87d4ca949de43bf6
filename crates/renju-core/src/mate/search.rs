//! One `solve`: the shortest win of the kind asked for, then (when asked) its proof tree and
//! every winning first move, over one position, clock and pair of tables.

use crate::board::Point;
use crate::mate::explain::proof_of_line;
use crate::mate::proof::Proof;
use crate::mate::state::Position;
use crate::mate::table::{Clock, OutOfTime, ProofTable, Table};
use crate::mate::vcf::Vcf;
use crate::mate::vct::Vct;
use crate::mate::{MateKind, MateOptions, Win};

/// Bits of the transposition tables at their largest: 2^18 slots of 16 bytes for VCF, 2^21
/// of 24 bytes for VCT. Both start small and double while half full, so a search that visits
/// a few hundred positions never zeroes megabytes.
const VCF_TABLE_BITS: u32 = 18;
const VCT_TABLE_BITS: u32 = 21;

/// What a search that finished found.
#[derive(Default)]
pub(crate) struct Found {
    pub win: Option<Win>,
    pub first_moves: Option<Vec<Point>>,
    pub proof: Option<Proof>,
}

/// A search that ran out of time, with the win found before, if any.
pub(crate) struct Stopped {
    pub win: Option<Win>,
}

impl From<OutOfTime> for Stopped {
    fn from(_: OutOfTime) -> Self {
        Stopped { win: None }
    }
}

pub(crate) struct Search {
    pos: Position,
    pub clock: Clock,
    vcf_table: Table,
    vct_table: Option<ProofTable>,
    options: MateOptions,
}

impl Search {
    pub(crate) fn new(pos: Position, options: MateOptions) -> Search {
        Search {
            pos,
            clock: Clock::new(options.deadline),
            vcf_table: Table::growing(VCF_TABLE_BITS),
            vct_table: None,
            options,
        }
    }

    /// The shortest win (or none), then its proof and the winning first moves when asked.
    pub(crate) fn run(&mut self) -> Result<Found, Stopped> {
        let win = self.shortest()?;
        let stopped = |win: &Option<Win>| {
            let win = win.clone();
            move |OutOfTime| Stopped { win }
        };
        let proof = match &win {
            Some(w) if self.options.proof => Some(self.proof(w).map_err(stopped(&win))?),
            _ => None,
        };
        let first_moves = if self.options.all_first_moves {
            Some(self.first_moves().map_err(stopped(&win))?)
        } else {
            None
        };
        Ok(Found {
            win,
            first_moves,
            proof,
        })
    }

    fn shortest(&mut self) -> Result<Option<Win>, OutOfTime> {
        let (attacker, defender) = (self.pos.attacker.color, self.pos.defender.color);
        if let Some(f) = self.pos.fives(attacker).first() {
            return Ok(Some(Win::five(&[Point::from_index(f)])));
        }
        if self.pos.fives(defender).len() >= 2 {
            return Ok(None);
        }
        let max = self.options.max_depth;
        match self.options.kind {
            MateKind::Vcf => self.vcf().shortest(max, None),
            MateKind::Vct => {
                for depth in 2..=max {
                    let mut vct = self.vct();
                    if vct.prove(false, depth)? {
                        return vct.principal_line(depth).map(Some);
                    }
                    if vct.lost_at_any_depth(false, depth) {
                        break;
                    }
                }
                Ok(None)
            }
        }
    }

    /// The proof tree of the win `win` found.
    fn proof(&mut self, win: &Win) -> Result<Proof, OutOfTime> {
        let depth = win.depth();
        if self.options.kind == MateKind::Vcf || depth == 1 {
            return Ok(proof_of_line(win));
        }
        self.vct().proof(depth as u8)
    }

    /// Every winning first move, by column then row.
    fn first_moves(&mut self) -> Result<Vec<Point>, OutOfTime> {
        let mut first = if self.pos.has_five(self.pos.attacker.color) {
            self.first_moves_beside_a_five()?
        } else {
            let mut first = Vec::new();
            for m in self.first_move_candidates()? {
                if self.wins_with(m)? {
                    first.push(m);
                }
            }
            first
        };
        first.sort_by_key(|p| (p.x, p.y));
        Ok(first)
    }

    /// The attacker's threats of the kind asked for.
    fn threat_moves(&mut self) -> Result<Vec<Point>, OutOfTime> {
        let depth = self.options.max_depth;
        match self.options.kind {
            MateKind::Vcf => Ok(self.vct().legal_fours()),
            MateKind::Vct => self.vct().threat_moves(depth),
        }
    }

    /// The winning first moves when the attacker already has a five point: the fives, and
    /// (within two moves) every threat of the kind after which the defender has no five of
    /// its own, since the five is still there on the next move.
    fn first_moves_beside_a_five(&mut self) -> Result<Vec<Point>, OutOfTime> {
        let fives = self.pos.fives(self.pos.attacker.color);
        let mut out: Vec<Point> = fives.iter().map(Point::from_index).collect();
        if self.options.max_depth < 2 {
            return Ok(out);
        }
        let threats = self.pos.fives(self.pos.defender.color);
        let threat_moves = self.threat_moves()?;
        out.extend(
            threat_moves
                .into_iter()
                .filter(|m| !fives.contains(m.index()) && threats.iter().all(|d| d == m.index())),
        );
        Ok(out)
    }

    /// With no five point of the attacker: nothing against two defender five points, the
    /// block of one (when the kind allows it), or the attacker's threats.
    fn first_move_candidates(&mut self) -> Result<Vec<Point>, OutOfTime> {
        let threats = self.pos.fives(self.pos.defender.color);
        if threats.len() >= 2 {
            return Ok(Vec::new());
        }
        if let Some(d) = threats.first().map(Point::from_index) {
            // A VCF blocks with a four; a VCT with any legal move.
            let allowed = match self.options.kind {
                MateKind::Vcf => self.vct().legal_fours().contains(&d),
                MateKind::Vct => self.pos.attacker.may_play(&mut self.pos.board, d),
            };
            return Ok(if allowed { vec![d] } else { Vec::new() });
        }
        self.threat_moves()
    }

    /// Whether first move `m` (a candidate) wins within the depth.
    fn wins_with(&mut self, m: Point) -> Result<bool, OutOfTime> {
        let depth = self.options.max_depth;
        match self.options.kind {
            MateKind::Vcf => Ok(self.vcf().shortest(depth, Some(m))?.is_some()),
            MateKind::Vct => {
                if depth < 2 || !self.pos.attacker.may_play(&mut self.pos.board, m) {
                    return Ok(false);
                }
                let attacker = self.pos.attacker.color;
                self.pos.place(m, attacker);
                let r = self.vct().prove(true, depth - 1);
                self.pos.remove(m);
                r
            }
        }
    }

    fn vcf(&mut self) -> Vcf<'_> {
        Vcf::new(&mut self.pos, &mut self.clock, &mut self.vcf_table)
    }

    fn vct(&mut self) -> Vct<'_> {
        let table = self
            .vct_table
            .get_or_insert_with(|| ProofTable::new(VCT_TABLE_BITS));
        Vct {
            pos: &mut self.pos,
            clock: &mut self.clock,
            table,
            vcf_table: &mut self.vcf_table,
            threats: self.options.threats,
        }
    }
}
