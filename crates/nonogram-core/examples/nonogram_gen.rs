//! Writes a random nonogram (the clues of a seeded random picture) as benchmark JSON:
//! how the generated puzzles of `crates/nonogram-core/data/hard/` were made.
//!
//! `cargo run --release -p nonogram-core --example nonogram_gen -- WIDTH HEIGHT DENSITY_PERCENT SEED`
//!
//! The picture: each cell filled with probability DENSITY_PERCENT / 100, from a xorshift64*
//! generator seeded with SEED, row by row. The output has `name`, `source`, `rows`, `cols`,
//! `status` (`unknown`: the generator does not solve it) and `goal` (the picture the clues
//! came from, which is one solution).

use nonogram_core::cells::clues_of;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: nonogram_gen WIDTH HEIGHT DENSITY_PERCENT SEED";
    let num = |i: usize| -> u64 { args.get(i).expect(usage).parse().expect(usage) };
    let (w, h, density, seed) = (num(0) as usize, num(1) as usize, num(2), num(3));
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut next = move || {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_f491_4f6c_dd1d)
    };
    let pic: Vec<bool> = (0..w * h).map(|_| next() % 100 < density).collect();
    let rows: Vec<Vec<u32>> = (0..h).map(|r| clues_of(&pic[r * w..(r + 1) * w])).collect();
    let cols: Vec<Vec<u32>> = (0..w)
        .map(|c| clues_of(&(0..h).map(|r| pic[r * w + c]).collect::<Vec<_>>()))
        .collect();
    let goal: Vec<String> = pic
        .chunks(w)
        .map(|r| r.iter().map(|&f| if f { '#' } else { '.' }).collect())
        .collect();
    let name = format!("random-{w}x{h}-d{density}-s{seed}");
    let v = serde_json::json!({
        "name": name,
        "source": format!("generated: cargo run --release -p nonogram-core --example nonogram_gen -- {w} {h} {density} {seed}"),
        "license": "CC0-1.0",
        "status": "unknown",
        "rows": rows,
        "cols": cols,
        "goal": goal,
    });
    println!("{}", serde_json::to_string(&v).expect("json"));
}
