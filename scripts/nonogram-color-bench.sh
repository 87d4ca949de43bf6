#!/usr/bin/env bash
# Colour nonograms: our solver against nonogrid on seeded random colour puzzles and on the
# public colour puzzles of the folders you give, every puzzle one webpbn XML file solved by
# both whole commands; rewrites the "Colour puzzles against nonogrid" section of
# docs/benchmarks/nonogram.md (its summary goes to BENCHMARKS.md by hand).
#
# Usage (from anywhere): scripts/nonogram-color-bench.sh [--count N] [--seed S]
#   [--min-side A] [--max-side B] [--timeout SECONDS] [--public-dir DIR]... [--keep DIR]
# Defaults: 3000 random puzzles, seed 1, sides 5 to 30, 20 s per puzzle and solver.
# Public puzzles: every .xml/.pbn (webpbn XML, one puzzle a file) and .g (Olsak's format)
# under each --public-dir that uses two colours or more; they are read from there and never
# copied into the repository. The ones measured so far (licences vary; keep them outside):
#   git clone https://github.com/paulstansifer/number-loom      # puzzles/, CC BY 4.0
#   git clone https://github.com/avi-levy/pbnsolve              # examples/*.g
#   git clone https://github.com/ianprime0509/nonograms         # puzzles/easy.pbn, CC0
# plus fixtures/nonogram (webpbn #47, in the repository), which the script always adds.
# Needs nonogrid with its XML reader: `cargo install nonogrid --locked --version 0.7.3
# --features "xml sat"` (run here when `nonogrid` is missing; set NONOGRID to use another).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
nonogrid="${NONOGRID:-nonogrid}"
if ! command -v "$nonogrid" >/dev/null 2>&1; then
  cargo install nonogrid --locked --version 0.7.3 --features "xml sat"
  nonogrid=nonogrid
fi
cargo build --release -p puzzles -p nonogram-core --example nonogram_bench
target/release/examples/nonogram_bench color --ours target/release/puzzles \
  --nonogrid "$nonogrid" --public-dir fixtures/nonogram --out docs/benchmarks/nonogram.md "$@"
echo "wrote $root/docs/benchmarks/nonogram.md" >&2
