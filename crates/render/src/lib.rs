//! Standalone SVG pictures of the games' inputs, with what the engines say of them: the
//! library behind `puzzles <game> render`. Plain Rust API: no I/O, no printing.
//!
//! Each game has one function from its render input (the game's main input, sometimes with
//! a few optional fields) to one SVG document, computed with the game's own engine:
//! [`nonogram()`], [`fitpuzzle()`], [`blockdoku()`], [`renju()`] ([`renju_render()`] adds a
//! mate line), [`baseball()`]. Errors are
//! the engine's own input errors. [`with_caption`] adds lines of text under a picture, [`note`] draws text alone.
//! The XML is written with quick-xml; the same input gives the same bytes.
//!
//! ```
//! use puzzles_render::{FitpuzzleInput, fitpuzzle, with_caption};
//!
//! let svg = fitpuzzle(FitpuzzleInput {
//!     game_board: vec![vec![0, 1], vec![0, 0]],
//!     table: vec![vec![1, 1], vec![0, 1]],
//!     allow_flip: fitpuzzle_core::Flip::Forbidden,
//! })?;
//! assert!(svg.starts_with("<?xml") && svg.contains("<title>fitpuzzle board and table</title>"));
//! let captioned = with_caption(&svg, &["one L, turned".to_string()]).unwrap();
//! assert!(captioned.contains("one L, turned"));
//! # Ok::<(), fitpuzzle_core::InputError>(())
//! ```
#![deny(clippy::print_stdout, clippy::print_stderr)]

mod baseball;
mod blockdoku;
mod caption;
mod doc;
mod fitpuzzle;
mod nonogram;
mod renju;
mod renju_mate;

pub use baseball::baseball;
pub use blockdoku::{BlockdokuInput, blockdoku};
pub use caption::{CaptionError, note, with_caption};
pub use fitpuzzle::fitpuzzle;
pub use nonogram::{NonogramInput, nonogram};
pub use renju::renju;
pub use renju_mate::{MateRequest, RenjuRenderInput, renju_render};

/// The input types of the games whose render input is their main command's input.
pub use baseball_core::SolveInput as BaseballInput;
pub use fitpuzzle_core::SolveInput as FitpuzzleInput;
pub use renju_core::CheckInput as RenjuInput;

/// The most cells one drawn grid may have: beyond it a picture is too large to look at (and
/// to write): 150 x 150.
pub const MAX_DRAW_CELLS: usize = 22_500;

/// Why a grid of `cells` cells is not drawn, when it has more than [`MAX_DRAW_CELLS`].
fn too_large(what: &str, cells: usize) -> Option<String> {
    (cells > MAX_DRAW_CELLS).then(|| {
        format!(
            "{what} has {cells} cells, too many to draw (render draws at most {MAX_DRAW_CELLS})"
        )
    })
}
