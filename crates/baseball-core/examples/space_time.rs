//! Times building the code space: `cargo run --release -p baseball-core --example space_time`.
use std::time::Instant;
fn main() {
    let spec = baseball_core::CodeSpec::new(4, "0123456789", false, "").unwrap();
    for _ in 0..3 {
        let t = Instant::now();
        let s = baseball_core::space::Space::new(&spec, "").unwrap();
        println!("{} codes in {:.3} s", s.len(), t.elapsed().as_secs_f64());
    }
}
