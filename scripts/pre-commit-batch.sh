#!/usr/bin/env bash
# The pre-commit hook of .pre-commit-hooks.yaml: `puzzles batch` on the cases that the
# changed files (the arguments, under some `fixtures/` folder) can break: the cases in them,
# and the cases that read one of them as their `input`. Each file's `fixtures/` folder is
# walked for those (`--changed`). Builds puzzles from this checkout the first time
# (pre-commit keeps the checkout, so later runs reuse the build), then runs it with the same
# exit codes: 0 every case passed (or none was affected), 1 a verdict differs from its
# expect, 2 an invalid case.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
roots=()
changed=()
for file in "$@"; do
  case "$file" in
    fixtures/*) root=fixtures ;;
    */fixtures/*) root="${file%%/fixtures/*}/fixtures" ;;
    *) continue ;;
  esac
  case " ${roots[*]-} " in
    *" $root "*) ;;
    *) roots+=("$root") ;;
  esac
  changed+=(--changed "$file")
done
if [ "${#changed[@]}" -eq 0 ]; then
  exit 0
fi
cargo build --quiet --release --locked --manifest-path "$here/Cargo.toml" -p puzzles
exec "$here/target/release/puzzles" batch "${roots[@]}" "${changed[@]}"
