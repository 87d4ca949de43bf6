//! The static evaluation of a board: a weighted sum of features that measure how hard the
//! board will be to keep alive (a cost: lower is better).
//!
//! Every feature is a handful of shifts, ANDs and popcounts on the `u128` bitboard, so that
//! the search can afford it on every board it ends on:
//!
//! - occupied cells, with extra costs for cells in the middle and in the corners of a box
//!   (they take part in the most units, and block the most placements of big pieces);
//! - boxes touched at all (a free box takes any piece up to 3x3) and rows and columns
//!   touched at all;
//! - the boundary between occupied and empty cells (fragmentation) and its corners
//!   (jaggedness: 2x2 windows holding an odd number of occupied cells), with the board's
//!   walls counted as occupied cells: an empty cell's side on the edge costs as much as its
//!   side on an occupied cell, so pieces are drawn to the edges and the middle stays open
//!   (the weight [`Weights::walls`] gives its measured effect);
//! - empty cells squeezed between blocked cells (walls count as blocked) left and right or
//!   up and down (1-wide slots only thin pieces fill), cornered (3 sides blocked) or shut in
//!   on all four sides (only the monomino or a diagonal fills them);
//! - empty cells no 3-cell bar fills, across and down;
//! - the pieces of the default set that fit nowhere or in at most two places: a tray that
//!   deals one of them is where games end. This is the costliest feature, so
//!   [`Evaluator::eval_below`] computes it last and skips it when the others already reach
//!   the bound the search asks about;
//! - on a crowded board, the ways to clear that are missing: pieces of 4 or 5 cells that
//!   complete no row, column or box anywhere (blokie's "clear opportunity" idea, our own
//!   code; [`Weights::clear_ways`]). Gated at [`CLEAR_GATE`] cells, so it runs only on the
//!   crowded boards where games end, and it looks the near units up in a table
//!   ([`crate::clear_ways`]);
//! - terms after blokie's evaluation, all 0 by default: boundary edges off the box borders,
//!   slots on the board's edge, occupied cells by the kind of box, and the scarcity of the
//!   hard pieces times the crowding.
//!
//! The weights and their defaults are one table, [`Weights`] (`eval/weights.rs` says how
//! they were tuned).

mod floor;
mod popcount;
mod roomy;
mod sides;
mod weights;

pub use floor::FloorParts;
#[cfg(target_arch = "x86_64")]
pub(crate) use popcount::Instruction;
pub(crate) use popcount::{Popcount, Portable};
pub(crate) use sides::{PieceSides, QuietBoard, QuietBound};
pub use weights::{CLEAR_GATE, CROWDED, WEIGHTS, Weights};

use crate::clear_ways::ClearTable;
use crate::geometry::{DEFAULT_SIZE, Geometry};
use crate::piece::{Piece, Placement, default_set};
use roomy::RoomyTest;

/// Largest cell offset of a default piece on the largest board: 4 rows and 4 columns down
/// on an 11-wide board.
const MAX_PROBE_OFFSET: usize = 4 * 11 + 4;

/// A board evaluation for one geometry.
#[derive(Debug, Clone)]
pub struct Evaluator {
    geo: Geometry,
    weights: Weights,
    probes: Vec<Placement>,
    /// The order `probe_cost` asks the probes in (largest first), and for each of them the
    /// probes it contains (as bits of `probes` indexes): see [`Evaluator::probe_cost`].
    probe_order: Vec<ProbeStep>,
    /// The cell offsets the probes use (each at most [`MAX_PROBE_OFFSET`]): on 9x9, 25 of
    /// the 41 up to the largest, so `probe_cost` shifts the board 25 times instead of 41.
    probe_offsets: Vec<usize>,
    /// Which probes a board surely leaves room for, by a few shifts ([`RoomyTest`]).
    roomy_test: RoomyTest,
    /// Every probe, as bits of `probes` indexes.
    every_probe: u64,
    /// Cells that have a right neighbour / a neighbour below.
    has_right: u128,
    has_below: u128,
    /// Top-left cells of the 2x2 windows inside the board.
    windows: u128,
    /// The cells on the board's edge, and its four corner cells.
    border: u128,
    board_corners: u128,
    /// Cells where a horizontal 3-cell bar can start without leaving its row.
    bar_starts: u128,
    /// The cells by where they lie in their box and which box they lie in.
    box_masks: BoxMasks,
    /// The probes that are hard pieces ([`is_hard`]), as bits of `probes` indexes.
    hard: u64,
    /// The placements of the probes of 4 or 5 cells, by the unit and the cells they meet it
    /// in: what [`Evaluator::clear_ways`] asks about.
    clear_table: ClearTable,
    /// For each cell, the units holding it (bits as in `Geometry::units()`), and the bits of
    /// the boxes: see [`FloorParts`].
    cell_units: Vec<u64>,
    box_units: u64,
    /// Every weight is >= 0 (see [`Evaluator::is_monotone`]).
    monotone: bool,
}

/// The order `probe_cost` asks the probes in: largest first, each with the probes it
/// contains (bits of `probes` indexes) and its cells as at most [`PROBE_CELLS`] offsets.
fn probe_steps(pieces: &[Piece], probes: &[Placement]) -> Vec<ProbeStep> {
    let mut order: Vec<(usize, u64)> = (0..pieces.len())
        .map(|i| {
            let inside = (0..pieces.len())
                .filter(|&j| j != i && contains(&pieces[i], &pieces[j]))
                .fold(0u64, |m, j| m | 1 << j);
            (i, inside)
        })
        .collect();
    order.sort_by_key(|&(i, _)| std::cmp::Reverse(pieces[i].len()));
    order
        .into_iter()
        .map(|(i, inside)| {
            let cells = probes[i].offsets();
            assert!(
                cells.len() <= PROBE_CELLS,
                "default pieces have at most 5 cells"
            );
            // Short pieces repeat their first cell: the same test again.
            let first = cells.first().copied().unwrap_or(0);
            ProbeStep {
                index: i,
                anchors: probes[i].anchors(),
                offsets: std::array::from_fn(|k| cells.get(k).copied().unwrap_or(first) as u8),
                inside,
            }
        })
        .collect()
}

/// The cell offsets the probes use, each once, in increasing order.
fn probe_offsets(probes: &[Placement]) -> Vec<usize> {
    let mut offsets: Vec<usize> = probes
        .iter()
        .flat_map(|p| p.offsets().iter().map(|&o| o as usize))
        .collect();
    offsets.sort_unstable();
    offsets.dedup();
    assert!(offsets.last().is_none_or(|&o| o <= MAX_PROBE_OFFSET));
    offsets
}

/// For each cell, the units holding it, as bits in the order of `Geometry::units()`.
fn cell_units(geo: &Geometry) -> Vec<u64> {
    let units = geo.units();
    assert!(units.len() <= 64, "units are bits of a u64");
    (0..geo.size() * geo.size())
        .map(|cell| {
            units
                .iter()
                .enumerate()
                .filter(|&(_, &unit)| unit & 1u128 << cell != 0)
                .fold(0u64, |m, (i, _)| m | 1 << i)
        })
        .collect()
}

/// The cells of a board by where they lie in their box and which box they lie in.
#[derive(Debug, Clone)]
struct BoxMasks {
    /// Box cells off the box's border, and box corner cells (none without boxes).
    box_middle: u128,
    box_corner: u128,
    /// The cells of the side boxes and of the corner boxes (none without boxes; with one
    /// box per side it is a corner box).
    side_boxes: u128,
    corner_boxes: u128,
    /// Cells whose edge to the right / below is not on a box border (every such edge
    /// without boxes): where [`Weights::off_box_edges`] counts.
    off_box_right: u128,
    off_box_below: u128,
}

impl BoxMasks {
    fn new(geo: &Geometry, has_right: u128, has_below: u128) -> BoxMasks {
        let mut masks = BoxMasks {
            box_middle: 0,
            box_corner: 0,
            side_boxes: 0,
            corner_boxes: 0,
            off_box_right: has_right,
            off_box_below: has_below,
        };
        let k = geo.box_size();
        if k == 0 {
            return masks;
        }
        let last = geo.size() / k - 1;
        for r in 0..geo.size() {
            for c in 0..geo.size() {
                let bit = geo.bit(r, c);
                if c % k == k - 1 {
                    masks.off_box_right &= !bit;
                }
                if r % k == k - 1 {
                    masks.off_box_below &= !bit;
                }
                let outer_r = r / k == 0 || r / k == last;
                let outer_c = c / k == 0 || c / k == last;
                if outer_r && outer_c {
                    masks.corner_boxes |= bit;
                } else if outer_r || outer_c {
                    masks.side_boxes |= bit;
                }
                let edge_r = r % k == 0 || r % k == k - 1;
                let edge_c = c % k == 0 || c % k == k - 1;
                if edge_r && edge_c {
                    masks.box_corner |= bit;
                } else if !edge_r && !edge_c {
                    masks.box_middle |= bit;
                }
            }
        }
        masks
    }
}

impl Evaluator {
    /// An evaluator with the default weights; the default piece set is the probe set.
    pub fn new(geo: Geometry) -> Evaluator {
        Evaluator::with_weights(geo, Weights::default())
    }

    /// An evaluator with chosen weights.
    pub fn with_weights(geo: Geometry, weights: Weights) -> Evaluator {
        let pieces = default_set();
        // The pieces inside another are a u64 of indexes.
        debug_assert!(pieces.len() <= 64);
        let probes: Vec<Placement> = pieces.iter().map(|p| Placement::new(p, &geo)).collect();
        let probe_order = probe_steps(pieces, &probes);
        let probe_offsets = probe_offsets(&probes);
        let roomy_test = RoomyTest::new(&geo, pieces);
        let every_probe = (0..probes.len()).fold(0u64, |m, i| m | 1 << i);
        let full = geo.full();
        let has_right = full & !geo.last_col();
        let has_below = full & !geo.last_row();
        let windows = has_right & has_below;
        let border = geo.first_row() | geo.last_row() | geo.first_col() | geo.last_col();
        let board_corners = (geo.first_row() | geo.last_row()) & (geo.first_col() | geo.last_col());
        let bar_starts = geo.cols()[..geo.size().saturating_sub(2)]
            .iter()
            .fold(0, |m, c| m | c);
        let box_masks = BoxMasks::new(&geo, has_right, has_below);
        let hard = (0..pieces.len())
            .filter(|&i| is_hard(&pieces[i]))
            .fold(0u64, |m, i| m | 1 << i);
        let clear_pieces: Vec<Placement> = probes
            .iter()
            .filter(|p| (4..=5).contains(&p.cell_count()))
            .cloned()
            .collect();
        let clear_table = ClearTable::new(&geo, &clear_pieces);
        let lines = geo.rows().len() + geo.cols().len();
        let box_units = ((1u64 << geo.boxes().len()) - 1) << lines;
        Evaluator {
            cell_units: cell_units(&geo),
            box_units,
            clear_table,
            geo,
            weights,
            probes,
            probe_order,
            probe_offsets,
            roomy_test,
            every_probe,
            has_right,
            has_below,
            windows,
            border,
            board_corners,
            bar_starts,
            box_masks,
            hard,
            monotone: weights.to_array().iter().all(|&w| w >= 0),
        }
    }

    /// The geometry this evaluator works on.
    pub fn geometry(&self) -> &Geometry {
        &self.geo
    }

    /// The default piece set compiled for this geometry (the probes).
    pub fn probes(&self) -> &[Placement] {
        &self.probes
    }

    /// The weights.
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// The cost of a board: lower is better.
    pub fn eval(&self, b: u128) -> i32 {
        self.eval_below(b, i32::MAX)
    }

    /// The cost of a board, computed exactly when it is below `bound`; otherwise some value
    /// at least `bound`. Computed in stages, each a cost >= 0 added to the last (when every
    /// weight is >= 0), stopping as soon as the sum reaches `bound`: the floor
    /// ([`Evaluator::floor_cost`]), the boundary, the cells no 3-cell bar fills, the slots
    /// and holes, then the probes (pieces that fit nowhere or almost nowhere, the costliest)
    /// and the ways to clear. The search asks only whether a board beats the best so far,
    /// and this answers the same.
    #[inline]
    pub fn eval_below(&self, b: u128, bound: i32) -> i32 {
        self.eval_below_by::<Portable>(b, bound)
    }

    /// [`Evaluator::eval_below`] counting bits the way `C` does (see [`Popcount`]): inlined,
    /// so that the engine's entry point compiled with POPCNT uses the instruction here.
    #[inline(always)]
    pub(crate) fn eval_below_by<C: Popcount>(&self, b: u128, bound: i32) -> i32 {
        let g = &self.geo;
        if g.size() == DEFAULT_SIZE && g.box_size() == 3 {
            self.eval_below_of::<C>(b, bound, DEFAULT_SIZE, 3)
        } else {
            self.eval_below_of::<C>(b, bound, g.size(), g.box_size())
        }
    }

    #[inline(always)]
    fn eval_below_of<C: Popcount>(&self, b: u128, bound: i32, n: usize, k: usize) -> i32 {
        self.eval_above_floor_of::<C>(b, bound, self.floor_cost_of::<C>(b, n, k), n)
    }

    /// [`Evaluator::eval_below`] of a board whose [`Evaluator::floor_cost`] the caller
    /// already knows (`floor`): the search works it out for a move that clears nothing from
    /// the board before it ([`FloorParts`]) for a fraction of the cost.
    #[inline]
    pub fn eval_below_with_floor(&self, b: u128, bound: i32, floor: i32) -> i32 {
        self.eval_below_with_floor_by::<Portable>(b, bound, floor)
    }

    /// [`Evaluator::eval_below_with_floor`] counting bits the way `C` does.
    #[inline(always)]
    pub(crate) fn eval_below_with_floor_by<C: Popcount>(
        &self,
        b: u128,
        bound: i32,
        floor: i32,
    ) -> i32 {
        debug_assert_eq!(floor, self.floor_cost(b));
        if self.geo.size() == DEFAULT_SIZE {
            self.eval_above_floor_of::<C>(b, bound, floor, DEFAULT_SIZE)
        } else {
            self.eval_above_floor_of::<C>(b, bound, floor, self.geo.size())
        }
    }

    #[inline(always)]
    fn eval_above_floor_of<C: Popcount>(&self, b: u128, bound: i32, floor: i32, n: usize) -> i32 {
        let mut cost = floor;
        if cost >= bound && self.monotone {
            return cost;
        }
        cost += self.boundary_cost_of::<C>(b, n);
        if cost >= bound && self.monotone {
            return cost;
        }
        // The holes in two steps, the unbarred cells first: they stop more boards for their
        // cost than the slots and cornered cells do. In the lookahead three quarters of the
        // boards got as far as the holes; this order took 9% fewer instructions than one
        // hole stage, the opposite order 4% fewer, and the unbarred cells before the
        // boundary 4% more (callgrind, `trace 2026 0 300`).
        cost += self.unbarred_cost_of::<C>(b, n);
        if cost >= bound && self.monotone {
            return cost;
        }
        cost += self.slot_cost_of::<C>(b, n);
        if cost >= bound && self.monotone {
            return cost;
        }
        cost += self.probe_cost_of(b, n);
        if cost >= bound && self.monotone {
            return cost;
        }
        cost + self.clear_cost_by::<C>(b)
    }

    /// The [`Weights::clear_ways`] cost: 0 below [`CLEAR_GATE`] occupied cells.
    #[inline]
    pub fn clear_cost(&self, b: u128) -> i32 {
        self.clear_cost_by::<Portable>(b)
    }

    #[inline(always)]
    fn clear_cost_by<C: Popcount>(&self, b: u128) -> i32 {
        let w = self.weights.clear_ways;
        let occupied = C::count(b);
        if w == 0 || occupied < CLEAR_GATE as i32 {
            return 0;
        }
        let cap = occupied * 7 / 10;
        let missing = (cap - self.clear_ways(b, cap)).max(0);
        w * missing * (occupied - 20)
    }

    /// How many pieces of 4 or 5 cells of the default set can complete some row, column or
    /// box on board `b` (each piece counted once), at most `cap`.
    ///
    /// A placement completes a unit when it covers every empty cell of the unit, so only
    /// units with 1 to 5 empty cells are asked, each by its empty cells ([`ClearTable`]).
    pub fn clear_ways(&self, b: u128, cap: i32) -> i32 {
        let ways = self.clear_table.completing(b).count_ones() as i32;
        ways.min(cap.max(0))
    }

    /// True when every weight is >= 0: then each stage of the evaluation is a cost >= 0 and
    /// the floor never falls when cells are added without a clear, which is what lets the
    /// search skip boards that cannot beat its best.
    pub fn is_monotone(&self) -> bool {
        self.monotone
    }

    /// The features that never fall when cells are added (as long as nothing clears): the
    /// occupied cells, by box position, and the boxes and lines touched.
    #[inline]
    pub fn floor_cost(&self, b: u128) -> i32 {
        let g = &self.geo;
        if g.size() == DEFAULT_SIZE && g.box_size() == 3 {
            self.floor_cost_of::<Portable>(b, DEFAULT_SIZE, 3)
        } else {
            self.floor_cost_of::<Portable>(b, g.size(), g.box_size())
        }
    }

    #[inline(always)]
    fn floor_cost_of<C: Popcount>(&self, b: u128, n: usize, k: usize) -> i32 {
        let g = &self.geo;
        let w = &self.weights;
        let mut lines = 0i32;
        if w.lines != 0 {
            for &m in g.rows().iter().chain(g.cols()) {
                lines += i32::from(b & m != 0);
            }
        }
        let boxes = if k == 0 {
            0
        } else {
            let empty = !b & g.full();
            g.boxes().len() as i32 - C::count(g.full_squares(empty, n, k) & g.box_origins())
        };
        let mut cost = w.occupied * C::count(b) + w.boxes * boxes + w.lines * lines;
        if w.box_middle != 0 {
            cost += w.box_middle * C::count(b & self.box_masks.box_middle);
        }
        if w.box_corner != 0 {
            cost += w.box_corner * C::count(b & self.box_masks.box_corner);
        }
        if w.side_box_cells != 0 {
            cost += w.side_box_cells * C::count(b & self.box_masks.side_boxes);
        }
        if w.corner_box_cells != 0 {
            cost += w.corner_box_cells * C::count(b & self.box_masks.corner_boxes);
        }
        cost
    }

    /// The shape features that may fall when cells are added: the boundary, its corners,
    /// slots and holes.
    #[inline]
    pub fn shape_cost(&self, b: u128) -> i32 {
        // The standard board gets its own copy with constant shifts.
        let g = &self.geo;
        if g.size() == DEFAULT_SIZE && g.box_size() == 3 {
            self.shape_cost_of::<Portable>(b, DEFAULT_SIZE)
        } else {
            self.shape_cost_of::<Portable>(b, g.size())
        }
    }

    #[inline(always)]
    fn shape_cost_of<C: Popcount>(&self, b: u128, n: usize) -> i32 {
        self.boundary_cost_of::<C>(b, n) + self.hole_cost_of::<C>(b, n)
    }

    /// The boundary between occupied and empty cells, and its corners.
    #[inline(always)]
    fn boundary_cost_of<C: Popcount>(&self, b: u128, n: usize) -> i32 {
        let w = &self.weights;
        let transitions = C::count_pair(
            (b ^ (b >> 1)) & self.has_right,
            (b ^ (b >> n)) & self.has_below,
        );
        let mut cost = w.transitions * transitions;
        if w.off_box_edges != 0 {
            cost += w.off_box_edges
                * C::count_pair(
                    (b ^ (b >> 1)) & self.box_masks.off_box_right,
                    (b ^ (b >> n)) & self.box_masks.off_box_below,
                );
        }
        if w.walls != 0 {
            // Corner cells have two sides on the edge.
            let empty = !b & self.geo.full();
            cost += w.walls * C::count_pair(empty & self.border, empty & self.board_corners);
        }
        if w.corners != 0 {
            cost += w.corners * C::count((b ^ (b >> 1) ^ (b >> n) ^ (b >> (n + 1))) & self.windows);
        }
        cost
    }

    /// Slots, cornered cells and holes, and the empty cells no 3-cell bar fills.
    #[inline(always)]
    fn hole_cost_of<C: Popcount>(&self, b: u128, n: usize) -> i32 {
        self.slot_cost_of::<C>(b, n) + self.unbarred_cost_of::<C>(b, n)
    }

    /// Slots, cornered cells and holes.
    #[inline(always)]
    fn slot_cost_of<C: Popcount>(&self, b: u128, n: usize) -> i32 {
        let g = &self.geo;
        let w = &self.weights;
        let full = g.full();
        let empty = !b & full;
        // Blocked neighbours: walls count as blocked.
        let up = ((b << n) & full) | g.first_row();
        let down = (b >> n) | g.last_row();
        let left = ((b << 1) & !g.first_col() & full) | g.first_col();
        let right = ((b >> 1) & !g.last_col()) | g.last_col();
        let hslot = empty & left & right;
        let vslot = empty & up & down;
        let isolated = hslot & vslot;
        // hslot + vslot = (hslot ^ vslot) + 2 isolated: one popcount fewer.
        let mut cost =
            w.slots * C::count(hslot ^ vslot) + (2 * w.slots + w.isolated) * C::count(isolated);
        if w.cornered != 0 {
            let cornered = empty & ((hslot & (up | down)) | (vslot & (left | right)));
            cost += w.cornered * C::count(cornered);
        }
        if w.edge_slots != 0 {
            cost += w.edge_slots * C::count_pair(hslot & self.border, vslot & self.border);
        }
        cost
    }

    /// The empty cells that no 3-cell bar fills, across and down.
    #[inline(always)]
    fn unbarred_cost_of<C: Popcount>(&self, b: u128, n: usize) -> i32 {
        let w = &self.weights;
        let mut cost = 0;
        if w.unbarred != 0 {
            let (across, down) = self.unbarred_cells(b, n);
            cost += w.unbarred * C::count_pair(across, down);
        }
        cost
    }

    /// The empty cells of `b` that no 3-cell bar fills, across and down.
    #[inline(always)]
    fn unbarred_cells(&self, b: u128, n: usize) -> (u128, u128) {
        let empty = !b & self.geo.full();
        let across = empty & (empty >> 1) & (empty >> 2) & self.bar_starts;
        let down = empty & (empty >> n) & (empty >> (2 * n));
        let barred_across = across | (across << 1) | (across << 2);
        let barred_down = down | (down << n) | (down << (2 * n));
        (empty & !barred_across, empty & !barred_down)
    }

    /// The cost of the pieces of the default set that fit nowhere or in at most two places.
    ///
    /// A piece that another contains has at least as many places (each place of the larger
    /// gives one of the smaller, at a fixed offset), so once a piece has 4 places (it costs
    /// nothing under every weight) the pieces inside it are not asked: largest first, this
    /// skips most of the small pieces on the boards the search meets.
    pub fn probe_cost(&self, b: u128) -> i32 {
        self.probe_cost_of(b, self.geo.size())
    }

    /// [`Evaluator::probe_cost`] on a board `n` cells wide: 0 at once when [`RoomyTest`]
    /// vouches for every probe (most boards), otherwise counted for the others.
    #[inline(always)]
    fn probe_cost_of(&self, b: u128, n: usize) -> i32 {
        let roomy = self.roomy_test.roomy(!b & self.geo.full(), n);
        if roomy == self.every_probe {
            return 0;
        }
        self.probe_cost_beyond(b, roomy)
    }

    /// [`Evaluator::probe_cost`] of the probes not in `roomy` (which have at least four
    /// places each, so cost nothing).
    fn probe_cost_beyond(&self, b: u128, mut roomy: u64) -> i32 {
        let w = &self.weights;
        let empty = !b & self.geo.full();
        let mut shifted = [0u128; 64];
        for &o in &self.probe_offsets {
            shifted[o] = empty >> o;
        }
        let occupied = b.count_ones();
        let crowded = w.crowded != 0 && occupied > CROWDED;
        let hard_crowded = w.hard_crowded != 0 && occupied > CROWDED;
        let (mut dead, mut scarce, mut missing, mut missing_hard) = (0i32, 0i32, 0i32, 0i32);
        for step in &self.probe_order {
            let i = step.index;
            if roomy & (1 << i) != 0 {
                continue;
            }
            // `Placement::positions_shifted` with the cells inline: a fixed five tests,
            // no loop (offsets are at most MAX_PROBE_OFFSET < 64).
            let pos = step
                .offsets
                .iter()
                .fold(step.anchors, |ok, &o| ok & shifted[usize::from(o) & 63]);
            // The places, counted up to 4, without a loop: clearing the lowest place three
            // times (0.6% fewer instructions than a loop; CPU time within noise, 0.89-1.06
            // per pair over 7 alternated pairs of `versus ours 2026 4 300 1 60`).
            let second = pos & pos.wrapping_sub(1);
            let third = second & second.wrapping_sub(1);
            let fourth = third & third.wrapping_sub(1);
            let places = i32::from(pos != 0)
                + i32::from(second != 0)
                + i32::from(third != 0)
                + i32::from(fourth != 0);
            if places == 4 {
                roomy |= step.inside;
                continue;
            }
            dead += i32::from(places == 0);
            scarce += i32::from(places == 1 || places == 2);
            if crowded {
                missing += 4 - places;
            }
            if hard_crowded && self.hard & (1 << i) != 0 {
                missing_hard += 4 - places;
            }
        }
        let mut cost = w.dead * dead + w.scarce * scarce + w.crowded * missing;
        if missing_hard != 0 {
            cost += w.hard_crowded * missing_hard * (occupied - CROWDED) as i32;
        }
        cost
    }
}

/// The most cells of a probe (the default set's largest pieces have 5).
const PROBE_CELLS: usize = 5;

/// A probe as [`Evaluator::probe_cost`] asks it: its anchors and cell offsets (padded with
/// its first) inline, and the probes inside it (bits of `probes` indexes).
#[derive(Debug, Clone)]
struct ProbeStep {
    index: usize,
    anchors: u128,
    offsets: [u8; PROBE_CELLS],
    inside: u64,
}

/// The hard pieces of [`Weights::hard_crowded`]: those of 5 cells or more, and the 3-cell
/// diagonals (any piece of 3 cells or more spanning 3x3 or more); in the default set, the
/// 5-bars, big Ts, Us, Vs, the plus and the two 3-cell diagonals (the 17 shapes blokie
/// asks about).
pub fn is_hard(p: &Piece) -> bool {
    p.len() >= 5 || (p.len() >= 3 && p.height() >= 3 && p.width() >= 3)
}

/// True when `small` fits inside `big` at some offset (a sub-shape, translation only).
fn contains(big: &Piece, small: &Piece) -> bool {
    if small.height() > big.height() || small.width() > big.width() || small.len() > big.len() {
        return false;
    }
    (0..=big.height() - small.height()).any(|dr| {
        (0..=big.width() - small.width()).any(|dc| {
            small
                .cells()
                .iter()
                .all(|&(r, c)| big.cells().contains(&(r + dr, c + dc)))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 9x9 board whose first rows are `top`, the rest empty.
    fn board(g: &Geometry, top: &[&str]) -> u128 {
        let mut rows: Vec<String> = top.iter().map(|s| s.to_string()).collect();
        rows.resize(g.size(), ".".repeat(g.size()));
        g.parse_board(&rows, "").expect("valid board")
    }

    /// The cost of `b` under one weight alone.
    fn cost(g: &Geometry, b: u128, name: &str) -> i32 {
        Evaluator::with_weights(g.clone(), only(name)).eval(b)
    }

    fn cost_of(g: &Geometry, b: u128, name: &str) -> i32 {
        cost(g, b, name)
    }

    /// One weight at a time, so each feature's count is checked by hand.
    fn only(name: &str) -> Weights {
        let mut a = [0; WEIGHTS];
        a[Weights::NAMES
            .iter()
            .position(|n| *n == name)
            .expect("a weight")] = 1;
        Weights::from_array(a)
    }

    #[test]
    fn features_count_what_they_say() {
        let g = Geometry::standard();
        // One 2x2 square in the top-left box, and a lone cell at (4, 4).
        let b = board(
            &g,
            &[
                "##.......",
                "##.......",
                ".........",
                ".........",
                "....#....",
            ],
        );
        let cost = |name: &str| cost(&g, b, name);
        assert_eq!(cost("occupied"), 5);
        assert_eq!(cost("box_middle"), 2, "(1, 1) and (4, 4)");
        assert_eq!(cost("box_corner"), 1, "(0, 0)");
        assert_eq!(cost("boxes"), 2);
        assert_eq!(cost("lines"), 2 + 1 + 2 + 1);
        assert_eq!(
            cost("transitions"),
            4 + 4,
            "the square's 2 + 2 inner edges, the cell's 4"
        );
        assert_eq!(
            cost("corners"),
            1 + 4,
            "the square's corner off the walls, the cell's four"
        );
        assert_eq!(cost("slots"), 0);
        assert_eq!(cost("cornered"), 0);
        assert_eq!(cost("isolated"), 0);
    }

    #[test]
    fn slots_and_holes() {
        let g = Geometry::standard();
        // (0, 1) is walled on three sides (wall above, cells left and right, open below);
        // (2, 0) is shut in: wall left, cells right, above and below.
        let b = board(&g, &["#.#......", "#........", ".#.......", "#........"]);
        let cost = |name: &str| cost(&g, b, name);
        // Horizontal slots: (0, 1) and (2, 0); vertical: (2, 0) alone.
        assert_eq!(cost("slots"), 2 + 1);
        assert_eq!(cost("cornered"), 2);
        assert_eq!(cost("isolated"), 1);
    }

    #[test]
    fn bars_walls_and_crowding() {
        let g = Geometry::standard();
        // Row 0 has a 2-cell gap at columns 1-2 (no horizontal bar fills it); the rest of
        // the board is empty.
        let b = board(&g, &["#..######"]);
        let cost = |name: &str| cost(&g, b, name);
        assert_eq!(
            cost("unbarred"),
            2,
            "(0, 1) and (0, 2) across; every column has a bar"
        );
        // Empty edge cells: row 0 has 2 (top sides), row 8 has 9 (bottom), column 0 has 8
        // (left, rows 1-8), column 8 has 8 (right, rows 1-8).
        assert_eq!(cost("walls"), 2 + 9 + 8 + 8);
        assert_eq!(cost("crowded"), 0, "8 cells is not crowded");
        // 80 cells: each of the 47 pieces misses 4 places but the monomino (1 place: 3).
        let crowded = Evaluator::with_weights(g.clone(), only("crowded"));
        assert_eq!(crowded.eval(g.full() & !g.bit(8, 8)), 46 * 4 + 3);
    }

    #[test]
    fn probes_count_dead_and_scarce_pieces() {
        let g = Geometry::standard();
        let ev = Evaluator::with_weights(g.clone(), only("dead"));
        assert_eq!(ev.probe_cost(0), 0);
        // Only (8, 8) is free: every piece but the monomino is dead.
        assert_eq!(ev.probe_cost(g.full() & !g.bit(8, 8)), 46);
        let ev = Evaluator::with_weights(g.clone(), only("scarce"));
        assert_eq!(ev.probe_cost(g.full() & !g.bit(8, 8)), 1);
        assert_eq!(
            ev.eval_below(g.full() & !g.bit(8, 8), 0),
            0,
            "shape cost only"
        );
    }

    /// The terms after blokie's: box-border edges, edge slots, cells by box kind, and the
    /// crowded scarcity of the hard pieces.
    #[test]
    fn box_edges_edge_slots_box_kinds_and_hard_pieces() {
        let g = Geometry::standard();
        // The top-left box full, (0, 4) in the top side box, (4, 4) in the centre box.
        let b = board(
            &g,
            &[
                "###.#....",
                "###......",
                "###......",
                ".........",
                "....#....",
            ],
        );
        let cost = |name: &str| cost(&g, b, name);
        assert_eq!(cost("transitions"), 6 + 3 + 4);
        assert_eq!(
            cost("off_box_edges"),
            3 + 4,
            "the box's 6 edges lie on box borders, (0, 4)'s 3 and (4, 4)'s 4 do not"
        );
        assert_eq!(cost("side_box_cells"), 1, "(0, 4)");
        assert_eq!(cost("corner_box_cells"), 9, "the top-left box");
        // (0, 3) is a slot across on the top edge; no other slot.
        assert_eq!(cost("slots"), 1);
        assert_eq!(cost("edge_slots"), 1);
        let inside = board(&g, &[".........", ".........", "...#.#..."]);
        assert_eq!(cost_of(&g, inside, "slots"), 1, "(2, 4) across");
        assert_eq!(cost_of(&g, inside, "edge_slots"), 0, "(2, 4) is inside");
        // The hard pieces: 15 of 5 cells and the two 3-cell diagonals.
        assert_eq!(default_set().iter().filter(|p| is_hard(p)).count(), 17);
        // Only (8, 8) free: 80 cells, every hard piece misses all 4 places.
        let crowded = Evaluator::with_weights(g.clone(), only("hard_crowded"));
        assert_eq!(crowded.eval(g.full() & !g.bit(8, 8)), 17 * 4 * (80 - 20));
        assert_eq!(crowded.eval(b), 0, "not crowded");
    }

    /// Skipping the pieces inside a roomy piece changes nothing: the probe cost equals
    /// counting every piece's places, on random boards of several densities and sizes.
    #[test]
    fn probe_cost_matches_counting_every_piece() {
        let mut rng = puzzles_common::SplitMix64::new(23);
        let mut w = [0; WEIGHTS];
        for name in ["dead", "scarce", "crowded"] {
            w[Weights::NAMES
                .iter()
                .position(|n| *n == name)
                .expect("a weight")] = 7;
        }
        for (size, box_size) in [(9, 3), (8, 0), (10, 2), (5, 0)] {
            let g = Geometry::new(size, box_size).expect("valid geometry");
            let ev = Evaluator::with_weights(g.clone(), Weights::from_array(w));
            for case in 0..300 {
                let mut b = rng.next_u128() & g.full();
                for _ in 0..case % 3 {
                    b &= rng.next_u128();
                }
                let empty = !b & g.full();
                let mut want = 0;
                for p in ev.probes() {
                    let places = p.positions(empty).count_ones().min(4) as i32;
                    want += 7 * i32::from(places == 0) + 7 * i32::from(places == 1 || places == 2);
                    if b.count_ones() > CROWDED {
                        want += 7 * (4 - places);
                    }
                }
                assert_eq!(ev.probe_cost(b), want, "size {size} case {case}");
            }
        }
    }

    /// The ways to clear equal placing every 4- and 5-cell piece everywhere and asking the
    /// rules whether a unit is full, on random crowded boards of several sizes.
    #[test]
    fn clear_ways_match_placing_every_piece() {
        let mut rng = puzzles_common::SplitMix64::new(31);
        for (size, box_size) in [(9, 3), (8, 0), (10, 2)] {
            let g = Geometry::new(size, box_size).expect("valid geometry");
            let ev = Evaluator::new(g.clone());
            let mut seen = 0;
            for case in 0..400 {
                // Dense boards (3/4 or 7/8 full) have units near completion.
                let mut b = (rng.next_u128() | rng.next_u128()) & g.full();
                if case % 2 == 0 {
                    b |= rng.next_u128() & g.full();
                }
                // A board in play has no full unit.
                let b = g.clear(b).0;
                let empty = !b & g.full();
                let mut want = 0;
                for p in ev
                    .probes()
                    .iter()
                    .filter(|p| (4..=5).contains(&p.cell_count()))
                {
                    let mut pos = p.positions(empty);
                    let mut clears = false;
                    while pos != 0 {
                        let a = pos.trailing_zeros();
                        pos &= pos - 1;
                        clears |= g.has_full_unit(b | p.mask_at(a));
                    }
                    want += i32::from(clears);
                }
                seen += want;
                assert_eq!(ev.clear_ways(b, i32::MAX), want, "size {size} case {case}");
                assert_eq!(ev.clear_ways(b, 2), want.min(2), "size {size} case {case}");
            }
            assert!(seen > 0, "some boards can clear");
        }
    }

    #[test]
    fn clear_cost_charges_missing_ways_on_crowded_boards() {
        let g = Geometry::standard();
        let ev = Evaluator::with_weights(g.clone(), only("clear_ways"));
        // 27 cells: under the gate.
        let b = board(&g, &["#########", "#########", "#########"]);
        assert_eq!(ev.eval(b), 0);
        // A checkerboard has 40 or 41 cells and no unit near completion: no way to clear,
        // so all 70% of the occupied cells are missing, times the cells above 20.
        let checker = (0..81)
            .filter(|i| (i / 9 + i % 9) % 2 == 0)
            .fold(0u128, |m, i| m | 1 << i);
        assert_eq!(ev.clear_ways(checker, i32::MAX), 0);
        assert_eq!(ev.eval(checker), 41 * 7 / 10 * (41 - 20));
        // Rows 0-3 full but (0, 0)-(0, 3): the 4-bar, the 5-bar... clear row 0.
        let b = board(&g, &["....#####", "#########", "#########", "#########"]);
        let ways = ev.clear_ways(b, i32::MAX);
        assert!(ways >= 2, "{ways}");
        assert_eq!(ev.eval(b), (32 * 7 / 10 - ways) * (32 - 20));
    }

    /// The staged evaluation is the sum of its features, and stops at any bound (the
    /// bounds between the floor and the value reach every stage) with a value at least it.
    #[test]
    fn eval_below_is_exact_under_the_bound() {
        let g = Geometry::standard();
        // The default weights, and every weight on.
        let every = Weights::from_array(std::array::from_fn(|i| 1 + i as i32));
        for ev in [
            Evaluator::new(g.clone()),
            Evaluator::with_weights(g.clone(), every),
        ] {
            eval_below_is_exact_with(&g, &ev);
        }
    }

    fn eval_below_is_exact_with(g: &Geometry, ev: &Evaluator) {
        let mut rng = puzzles_common::SplitMix64::new(3);
        for _ in 0..2000 {
            let b = rng.next_u128() & rng.next_u128() & g.full();
            let exact = ev.eval(b);
            let floor = ev.floor_cost(b);
            assert_eq!(
                exact,
                floor + ev.shape_cost(b) + ev.probe_cost(b) + ev.clear_cost(b)
            );
            let between = (1..8).map(|k| floor + (exact - floor) * k / 8);
            for bound in [exact - 1, exact, exact + 1, 0, i32::MAX, floor]
                .into_iter()
                .chain(between)
            {
                let v = ev.eval_below(b, bound);
                if exact < bound {
                    assert_eq!(v, exact);
                } else {
                    assert!(v >= bound);
                }
            }
        }
    }
}
