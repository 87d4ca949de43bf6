//! The error type of this crate: a fault in the caller's input, located by a JSON pointer.
//! It is the one all the game crates share (from `puzzles-common`), re-exported here.

pub use puzzles_common::InputError;
