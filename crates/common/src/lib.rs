//! What the game crates of `puzzles` share, so it is written once:
//!
//! - [`InputError`]: a bad value in a command's input, located by a JSON pointer. Every game
//!   crate returns it (and re-exports it), and the CLI turns it into its `invalid` error
//!   object with one conversion.
//! - [`SplitMix64`] and [`mix`]: the seeded generator behind every `seed` of the games, with a
//!   fixed definition so a seed replays the same games on every platform and every version.
//!
//! - [`Deadline`] and [`Poll`]: the one clock of every engine's `timeout_ms`.
//! - [`xml_text`]: text made safe for XML 1.0 (SVG pictures, JUnit reports).
//! - [`limits`]: the default time limit and the verdict size ceiling.
//! - [`count`]: `1 row`, `2 rows` in messages.
//! - [`union_find::find_root`]: the root of a class in a union-find `parent` array.
//!
//! Plain Rust, no I/O.
//!
//! ```
//! use puzzles_common::{Deadline, Poll, xml_text};
//!
//! // A hot loop pays for a counter; the clock is read every `Poll::EVERY` steps.
//! let mut poll = Poll::new(Deadline::after_ms(Some(60_000)));
//! assert!((0..1_000).all(|_| !poll.step()));
//! assert!(Deadline::after_ms(None) == Deadline::NEVER);
//!
//! // A control character copied from an input cannot go into XML 1.0.
//! assert_eq!(xml_text("bell\u{7}"), "bell\u{FFFD}");
//! ```
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod deadline;
pub mod error;
pub mod limits;
pub mod rng;
pub mod text;
pub mod union_find;
pub mod xml;

pub use deadline::{Deadline, Poll};
pub use error::InputError;
pub use rng::{SplitMix64, mix};
pub use text::count;
pub use xml::xml_text;
