//! Writes a `fitpuzzle solve` input to stdout, for timing the CLI on large boards.
//!
//! `cargo run --release -p fitpuzzle-core --example gen_input -- SIZE [MODE] [SEED] > in.json`
//!
//! MODE `random` (default): board and table are independent uniform 0/1 grids, so most holes
//! and pieces are small and many find no partner. MODE `turned`: the table is the board's
//! complement turned 90 degrees clockwise with 1% of its cells toggled, so most holes have a
//! piece of their shape that must be turned to fit.

use std::io::{BufWriter, Write};

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let size: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(2000);
    let mode = args.get(2).map_or("random", String::as_str);
    let seed: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1);
    let (board, table) = fitpuzzle_core_example_input(size, mode, seed);
    let mut out = BufWriter::new(std::io::stdout().lock());
    write!(out, "{{\"game_board\":")?;
    write_grid(&mut out, &board)?;
    write!(out, ",\"table\":")?;
    write_grid(&mut out, &table)?;
    writeln!(out, "}}")?;
    out.flush()
}

fn write_grid(out: &mut impl Write, g: &[Vec<u8>]) -> std::io::Result<()> {
    write!(out, "[")?;
    for (r, row) in g.iter().enumerate() {
        if r > 0 {
            write!(out, ",")?;
        }
        write!(out, "[")?;
        for (c, v) in row.iter().enumerate() {
            if c > 0 {
                write!(out, ",")?;
            }
            write!(out, "{v}")?;
        }
        write!(out, "]")?;
    }
    write!(out, "]")
}

include!("../benches/support/input.rs");
