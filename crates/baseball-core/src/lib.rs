//! Exact rule engine for number baseball (bulls and cows) and Mastermind, the library behind
//! `puzzles baseball`. Plain Rust API: no I/O, no printing; the `puzzles` CLI owns those.
//!
//! - [`code`]: codes, options and the strikes-and-balls feedback.
//! - [`judge()`]: the referee's answer to one guess.
//! - [`solve()`]: what a history of answers leaves possible, and the next guess.
//! - [`simulate()`]: a strategy played against every secret; [`tree()`]: its decision tree,
//!   and the 4-digit optimum shipped as data ([`tree::shipped`]).
//! - [`space`], [`strategy`], [`optimal`]: the integer code space with its fast feedback, the
//!   guessing strategies, and the exact optimum search behind them.
//! - [`game`]: the `play` and `guess` games for people, as state machines (the CLI talks).
//! - [`rng`]: SplitMix64, so seeds replay the same games everywhere.
//!
//! ```
//! use baseball_core::{JudgeInput, judge};
//!
//! // 1 is in its place (a strike); 2 and 3 are in the secret elsewhere (two balls).
//! let verdict = judge(JudgeInput {
//!     secret: "123".into(),
//!     guess: "132".into(),
//!     length: None,
//!     alphabet: None,
//!     repeats: false,
//! })?;
//! assert_eq!((verdict.strikes, verdict.balls), (1, 2));
//! # Ok::<(), baseball_core::InputError>(())
//! ```
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod code;
pub mod error;
pub mod game;
pub mod judge;
pub mod optimal;
mod options;
pub mod rng;
pub mod simulate;
pub mod solve;
pub mod space;
pub mod strategy;
pub mod symmetry;
pub mod tree;

pub use code::{CodeSpec, Feedback};
pub use error::InputError;
pub use judge::{JudgeInput, JudgeVerdict, judge};
pub use simulate::{SimulateInput, SimulateVerdict, TreeVerdict, simulate, tree};
pub use solve::{HistoryEntry, SolveInput, SolveVerdict, Status, remaining_after_each, solve};
pub use strategy::Strategy;
