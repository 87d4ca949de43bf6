//! The evaluation's weights, declared once: each weight's doc, name and default in one table
//! (`weights!`), from which the [`Weights`] struct, its [`Default`], [`Weights::NAMES`],
//! [`Weights::to_array`] and [`Weights::from_array`] all come, so they cannot fall out of
//! step.
//!
//! The defaults were tuned by self-play on a fixed seeded deal (`examples/tune.rs`) and the
//! ones that change survival most by same-deal survival runs (`examples/versus.rs`), as each
//! weight's doc says. The five terms after blokie's evaluation (`off_box_edges` to
//! `hard_crowded`) are 0: none beat the defaults clearly on 100 games of 1,000 trays on
//! either of two deals (`RAYON_NUM_THREADS=1 target/release/examples/tune 100 1000 default
//! default:NAME=V`, and with `TUNE_SEED=5`).

/// Occupied cells above which [`Weights::crowded`] and [`Weights::hard_crowded`] count.
pub const CROWDED: u32 = 20;

/// Occupied cells from which [`Weights::clear_ways`] counts.
pub const CLEAR_GATE: u32 = 30;

/// Declares [`Weights`] from its table: `/// doc`, then `name: default,` for each weight, in
/// the order of [`Weights::NAMES`] and of the arrays.
macro_rules! weights {
    ($($(#[doc = $doc:literal])+ $name:ident: $default:literal,)+) => {
        /// Weights of the evaluation features (a cost: lower evaluations are better boards).
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub struct Weights {
            $($(#[doc = $doc])+ pub $name: i32,)+
        }

        /// How many weights there are.
        pub const WEIGHTS: usize = [$(stringify!($name)),+].len();

        impl Weights {
            /// The names of the weights, in the order of [`Weights::to_array`].
            pub const NAMES: [&'static str; WEIGHTS] = [$(stringify!($name)),+];

            /// The weights as an array, in the order of [`Weights::NAMES`].
            pub fn to_array(&self) -> [i32; WEIGHTS] {
                [$(self.$name),+]
            }

            /// The weights from an array, in the order of [`Weights::NAMES`].
            pub fn from_array(a: [i32; WEIGHTS]) -> Weights {
                let [$($name),+] = a;
                Weights { $($name),+ }
            }
        }

        impl Default for Weights {
            /// The tuned weights of the table.
            fn default() -> Weights {
                Weights { $($name: $default),+ }
            }
        }
    };
}

weights! {
    /// Per occupied cell.
    occupied: 10,
    /// Extra per occupied cell in the middle of a box (not on its border).
    box_middle: 0,
    /// Extra per occupied cell in a corner of a box.
    box_corner: 0,
    /// Per box holding at least one occupied cell: a free box takes any piece up to 3x3.
    boxes: 40,
    /// Per row or column holding at least one occupied cell.
    lines: 0,
    /// Per edge between an occupied and an empty cell (fragmentation).
    transitions: 20,
    /// Per 2x2 window holding one or three occupied cells (a corner of the boundary).
    corners: 0,
    /// Per empty cell blocked left and right, and again per one blocked up and down: only
    /// thin pieces fill it.
    slots: 10,
    /// Per empty cell blocked on at least three sides.
    cornered: 30,
    /// Extra per empty cell blocked on all four sides: only the monomino or a diagonal fills
    /// it.
    isolated: 30,
    /// Per piece of the default set that fits nowhere: a tray that deals it ends the game.
    dead: 300,
    /// Per piece of the default set that fits in one or two places.
    scarce: 30,
    /// Per empty cell that no 3-cell bar fills (no run of 3 empty cells through it), counted
    /// once for rows and once for columns.
    unbarred: 15,
    /// On a crowded board (more than [`CROWDED`] occupied cells), per missing place below 4
    /// of each piece of the default set: a piece with 1 place costs 3.
    crowded: 0,
    /// Per side of an empty cell on the board's edge: at the weight of
    /// [`Weights::transitions`] the walls count as occupied cells in the boundary, so a piece
    /// along the edge leaves less boundary than one in the middle, and the open middle, which
    /// takes pieces in every place and completes rows and columns both ways, stays open.
    /// Without the lookahead, 20 died 0.40 times (0.25-0.63) as often as 0, and 10 and 30
    /// more often than 20 (0.26 per 10k trays against 0.18; `target/release/examples/versus
    /// 'ours@1:walls=V' 3001 100000 10000 1 600`).
    walls: 20,
    /// On a board with at least [`CLEAR_GATE`] occupied cells, per way to clear missing
    /// below 70% of the occupied cells, times the occupied cells above 20: a way is a piece
    /// of 4 or 5 cells of the default set that completes some row, column or box somewhere
    /// (each piece counted once; see [`Evaluator::clear_ways`](super::Evaluator::clear_ways)).
    /// At 2 (a board with no way to clear at 40 cells costs about as much as 4 dead pieces),
    /// the one value measured, it died 0.57 times (0.37-0.86) as often as at 0 on seeds 2026
    /// and 2027 (116 deaths: `versus ours:clear_ways=V SEED 100000 10000 1 1680`).
    clear_ways: 2,
    /// Extra per edge between an occupied and an empty cell that does not lie on a box
    /// border (on top of [`Weights::transitions`]): a region whose edge follows the boxes
    /// is a box away from clearing, so its boundary costs less (blokie charges such edges
    /// 0.4 times the others).
    off_box_edges: 0,
    /// Extra per slot (a [`Weights::slots`] count) in a cell on the board's edge: a 1-wide
    /// slot along a wall has one open side fewer than one inside, and only bars fill it.
    edge_slots: 0,
    /// Extra per occupied cell in a side box (the four boxes between two corner boxes):
    /// cells there take part in fewer clears across the board than in the centre box.
    side_box_cells: 0,
    /// Extra per occupied cell in a corner box.
    corner_box_cells: 0,
    /// On a crowded board (more than [`CROWDED`] occupied cells), per missing place below 4
    /// of each hard piece (the 5-cell pieces and the 3-cell diagonals: see
    /// [`is_hard`](super::is_hard)), times the occupied cells above [`CROWDED`]: the other
    /// pieces of a tray take a hard piece's last places, which matters more the fuller the
    /// board.
    hard_crowded: 0,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_round_trip_through_arrays() {
        let w = Weights::default();
        assert_eq!(Weights::from_array(w.to_array()), w);
        let every = Weights::from_array(std::array::from_fn(|i| i as i32));
        assert_eq!(every.to_array(), std::array::from_fn(|i| i as i32));
    }

    /// The table's order is the arrays' order: each name reads its own field.
    #[test]
    fn names_follow_the_fields() {
        let every = Weights::from_array(std::array::from_fn(|i| i as i32));
        assert_eq!(WEIGHTS, 21);
        assert_eq!(Weights::NAMES[0], "occupied");
        assert_eq!(every.occupied, 0);
        assert_eq!(Weights::NAMES[14], "walls");
        assert_eq!(every.walls, 14);
        assert_eq!(Weights::NAMES[20], "hard_crowded");
        assert_eq!(every.hard_crowded, 20);
    }

    /// The defaults the engine was measured with.
    #[test]
    fn defaults_are_the_tuned_weights() {
        assert_eq!(
            Weights::default().to_array(),
            [
                10, 0, 0, 40, 0, 20, 0, 10, 30, 30, 300, 30, 15, 0, 20, 2, 0, 0, 0, 0, 0
            ]
        );
    }
}
