//! Exact rule engine for baseball. Plain Rust API: no I/O, no printing; the `puzzles` CLI owns those.
#![deny(clippy::print_stdout, clippy::print_stderr)]
