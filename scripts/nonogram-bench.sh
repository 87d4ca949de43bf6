#!/usr/bin/env bash
# Nonogram benchmark: our solver vs nonogrid on every puzzle of crates/nonogram-core/data/bench,
# side by side in one run; writes BENCHMARKS.md at the repo root.
# Usage (from anywhere): scripts/nonogram-bench.sh [--timeout SECONDS] [--only NAME-PART]
# Needs nonogrid (`cargo install nonogrid --locked`, installed if missing) and the bench set
# in the repo (crates/nonogram-core/data/bench, a copy of the published set) or at $NONOGRAM_BENCH.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
bench="${NONOGRAM_BENCH:-crates/nonogram-core/data/bench}"
if ! command -v nonogrid >/dev/null 2>&1; then
  cargo install nonogrid --locked --version 0.7.3
fi
cargo run --release -p nonogram-core --example nonogram_bench -- \
  --bench-dir "$bench" --timeout 60 --out BENCHMARKS.md "$@"
echo "wrote $root/BENCHMARKS.md" >&2
