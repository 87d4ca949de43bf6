#!/usr/bin/env bash
# The pre-commit hook of .pre-commit-hooks.yaml: `puzzles batch` on the fixture files given
# (the changed ones). Builds puzzles from this checkout the first time (pre-commit keeps the
# checkout, so later runs reuse the build), then runs it with the same exit codes: 0 every
# case passed, 1 a verdict differs from its expect, 2 an invalid case.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
if [ "$#" -eq 0 ]; then
  exit 0
fi
cargo build --quiet --release --locked --manifest-path "$here/Cargo.toml" -p puzzles
exec "$here/target/release/puzzles" batch "$@"
