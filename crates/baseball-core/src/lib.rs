//! Exact rule engine for number baseball (bulls and cows) and Mastermind, the library behind
//! `puzzles baseball`. Plain Rust API: no I/O, no printing; the `puzzles` CLI owns those.
//!
//! - [`code`]: codes, options and the strikes-and-balls feedback.
//! - [`judge()`]: the referee's answer to one guess.
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod code;
pub mod error;
pub mod judge;
pub mod optimal;
pub mod rng;
pub mod simulate;
pub mod solve;
pub mod space;
pub mod strategy;

pub use code::{CodeSpec, Feedback};
pub use error::InputError;
pub use judge::{JudgeInput, JudgeVerdict, judge};
