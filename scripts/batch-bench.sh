#!/usr/bin/env bash
# End-to-end batch benchmark: JSON Lines files of generated renju `check` and baseball `judge`
# cases (10,000 and 100,000 of each by default) through the release `puzzles batch`, reporting
# cases per second of CPU, time per case and peak memory as a Markdown table on stdout.
# Usage (from anywhere): scripts/batch-bench.sh [--cases 10000,100000] [--jobs 1] [--runs 3]
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -p puzzles --bin puzzles --example batch_bench
exec target/release/examples/batch_bench "$@"
