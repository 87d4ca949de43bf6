//! Solves an input file the way the CLI would (read, parse, solve, serialize) and reports how
//! long each phase took on stderr, so the library's share of a CLI run can be told apart.
//!
//! `cargo run --release -p fitpuzzle-core --example solve_file -- in.json > verdict.json`

use std::io::Write;
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args()
        .nth(1)
        .ok_or("usage: solve_file INPUT.json")?;
    let t0 = Instant::now();
    let text = std::fs::read_to_string(&path)?;
    let t1 = Instant::now();
    let input: fitpuzzle_core::SolveInput = serde_json::from_str(&text)?;
    drop(text);
    let t2 = Instant::now();
    let verdict = fitpuzzle_core::solve(input)?;
    let t3 = Instant::now();
    let json = serde_json::to_string(&verdict)?;
    let t4 = Instant::now();
    let mut out = std::io::stdout().lock();
    out.write_all(json.as_bytes())?;
    out.write_all(b"\n")?;
    let t5 = Instant::now();
    let ms = |a: Instant, b: Instant| (b - a).as_secs_f64() * 1000.0;
    eprintln!(
        "read {:.0} ms, parse {:.0} ms, solve {:.0} ms, serialize {:.0} ms ({} bytes), write {:.0} ms; \
         filled {}, {} placements, {} empty holes, {} unused pieces",
        ms(t0, t1),
        ms(t1, t2),
        ms(t2, t3),
        ms(t3, t4),
        json.len(),
        ms(t4, t5),
        verdict.filled,
        verdict.placements.len(),
        verdict.empty_holes.len(),
        verdict.unused_pieces.len()
    );
    Ok(())
}
