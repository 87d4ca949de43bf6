#!/usr/bin/env bash
# Nonogram benchmark: our solver vs nonogrid on every puzzle of crates/nonogram-core/data/bench,
# side by side in one run, then the hard section; writes docs/benchmarks/nonogram.md (its
# summary figures go to BENCHMARKS.md by hand).
# Usage (from anywhere): scripts/nonogram-bench.sh [--timeout SECONDS] [--only NAME-PART]
#   [--hard-timeout SECONDS] [--learn-after NODES|never]
# Needs nonogrid (its SAT build: `cargo install nonogrid --locked --features sat`, installed if missing) and the bench set
# in the repo (crates/nonogram-core/data/bench, a copy of the published set) or at $NONOGRAM_BENCH.
# Hard section: crates/nonogram-core/data/hard (generated puzzles), plus the puzzles of
# $NONOGRAM_HARD_DIR when set: a folder of your own (.non, .xml or .json), e.g. webpbn puzzles
# that may not be redistributed; they are read from there and never copied into the repo.
# $NONOGRAM_HARD_TIMEOUT: seconds per hard puzzle and run (default 60).
# The published hard set (about 900 puzzles: the webpbn survey and the hard tests
# of github.com/Storyyeller/griddler-solver, `oldstuff/python/hardtests` and
# `oldstuff/python/sample-simpson`) is not redistributable: extract it to a folder of your
# own, strip its `goal` lines (`grep -av '^goal'`) so that the solvers get the clues alone,
# and point NONOGRAM_HARD_DIR at it. On a set that large add `--no-dfs-alone` (the
# depth-first search alone costs more than ours and nonogrid together there).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
bench="${NONOGRAM_BENCH:-crates/nonogram-core/data/bench}"
if ! command -v nonogrid >/dev/null 2>&1; then
  cargo install nonogrid --locked --version 0.7.3 --features sat
fi
hard=(--hard-dir crates/nonogram-core/data/hard)
if [ -n "${NONOGRAM_HARD_DIR:-}" ]; then
  hard+=(--hard-dir "$NONOGRAM_HARD_DIR")
fi
cargo run --release -p nonogram-core --example nonogram_bench -- \
  --bench-dir "$bench" --timeout 60 --hard-timeout "${NONOGRAM_HARD_TIMEOUT:-60}" \
  "${hard[@]}" --out docs/benchmarks/nonogram.md "$@"
echo "wrote $root/docs/benchmarks/nonogram.md" >&2
