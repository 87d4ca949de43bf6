// Input generator shared by the bench and the `gen_input` example (included by both).

/// A board and a table of `size` x `size` cells; see `examples/gen_input.rs` for the modes.
#[allow(dead_code)]
fn fitpuzzle_core_example_input(
    size: usize,
    mode: &str,
    seed: u64,
) -> (Vec<Vec<u8>>, Vec<Vec<u8>>) {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move || {
        // xorshift64*: deterministic, no dependency.
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32
    };
    let mut random_grid = || -> Vec<Vec<u8>> {
        (0..size)
            .map(|_| (0..size).map(|_| (next() & 1) as u8).collect())
            .collect()
    };
    let board = random_grid();
    let table = match mode {
        "turned" => {
            let mut t: Vec<Vec<u8>> = (0..size)
                .map(|c| (0..size).map(|r| 1 - board[size - 1 - r][c]).collect())
                .collect();
            let toggles = size * size / 100;
            for _ in 0..toggles {
                let k = (next() as usize) % (size * size);
                t[k / size][k % size] ^= 1;
            }
            t
        }
        _ => random_grid(),
    };
    (board, table)
}
