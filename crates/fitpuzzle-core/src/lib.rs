//! Exact rule engine for fitpuzzle, the library behind `puzzles fitpuzzle`. Plain Rust API: no
//! I/O, no printing; the `puzzles` CLI owns those.
//!
//! The puzzle: a `game_board` of 0/1 cells has holes (4-connected groups of 0) and a `table`
//! has pieces (4-connected groups of 1). A piece fills a hole only when the piece, rotated by a
//! multiple of 90 degrees (and mirrored, when `allow_flip` is set), has exactly the hole's
//! shape. Each piece and each hole is used at most once; [`solve()`] reports the largest number
//! of board cells that can be filled and one assignment that reaches it.
//!
//! - [`board`]: validation of the two 0/1 grids and their flat representation.
//! - [`regions`]: extraction of holes and pieces in one linear pass per grid.
//! - [`shape`]: integer rotations, mirror images and the canonical form of a shape.
//! - [`matching`]: grouping by canonical form (hashing, no pairwise comparison) and the
//!   deterministic choice of which piece goes into which hole.
//!
//! ```
//! use fitpuzzle_core::{Flip, SolveInput, solve};
//!
//! // One L-shaped hole of three cells (the 0s); the table's piece (the 1s) is the same L,
//! // turned half a turn.
//! let verdict = solve(SolveInput {
//!     game_board: vec![vec![0, 1], vec![0, 0]],
//!     table: vec![vec![1, 1], vec![0, 1]],
//!     allow_flip: Flip::Forbidden,
//! })?;
//! assert_eq!(verdict.filled, 3);
//! assert_eq!(verdict.placements[0].rotation, 180);
//! assert_eq!(verdict.placements[0].cells, vec![[0, 0], [1, 0], [1, 1]]);
//! # Ok::<(), fitpuzzle_core::InputError>(())
//! ```
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod board;
pub mod error;
pub mod matching;
pub mod regions;
pub mod shape;

pub use board::MAX_CELLS;
pub use error::InputError;
pub use matching::{
    EmptyHole, Placement, SolveInput, SolveVerdict, Solved, UnusedPiece, solve, solve_with_regions,
};
pub use shape::Flip;
