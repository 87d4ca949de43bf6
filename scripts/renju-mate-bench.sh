#!/usr/bin/env bash
# Side-by-side benchmark of `renju mate` against renju-note/quintet on the same seeded
# middle-game positions. Quintet is cloned and built outside the repository, never committed:
#   git clone https://github.com/renju-note/quintet /tmp/quintet/src
#   QUINTET=/tmp/quintet/src scripts/renju-mate-bench.sh [COUNT] [vcf|vct] [LIMIT] [PASSES]
# Both sides solve every position in one process: a first pass gives the verdicts (compared
# here) and the least CPU time of three solves per position (median, p90, p99, worst, total on
# stderr), then PASSES more passes are timed as a whole by the thread's CPU time. LIMIT is
# attacker moves (ours counts the five; quintet's `limit` does not, so it gets LIMIT-1). For
# VCT, quintet's threat_limit (the VCF depth it tries at each attacker node) is
# QUINTET_THREAT_LIMIT, default LIMIT-1; MATE_THREATS=vcf gives ours the same wider threats.
# For VCF, quintet's winning lines are replayed by our verifier and their depths compared.
# PER_CALL=RUNS also runs every position as its own process on both sides (`puzzles renju
# mate` against quintet's `solve` example; scripts/renju-mate-per-call.py), RUNS times each.
set -euo pipefail
count="${1:-300}"; kind="${2:-vcf}"; limit="${3:-113}"; passes="${4:-20}"
src="${QUINTET:-/tmp/quintet/src}"
here="$(cd "$(dirname "$0")" && pwd)"
cp "$here/quintet_batch.rs" "$src/examples/batch.rs"
(cd "$src" && cargo build --quiet --release --example batch --example solve 2>/dev/null)
case "$kind" in vcf) mode=vcf ;; vct) mode=vct_dfpns ;; esac
ours="$(mktemp)"; theirs="$(mktemp)"
trap 'rm -f "$ours" "$theirs"' EXIT
cargo run --quiet --release -p renju-core --example mate_bench -- "$count" "$kind" "$limit" "$passes" >"$ours"
"$src/target/release/examples/batch" "$mode" "$((limit - 1))" "${QUINTET_THREAT_LIMIT:-$([[ $kind == vct ]] && echo "$((limit - 1))" || echo 0)}" "$passes" <"$ours" >"$theirs"
# Quintet has no deadline: with MATE_TIMEOUT_MS set, a quintet solve of the first pass that
# took longer counts as undecided (as ours would have stopped).
paste "$ours" "$theirs" | awk -F'\t' -v limit_us="$(( ${MATE_TIMEOUT_MS:-0} * 1000 ))" '
  { if ($4 == $10) same++; else { differ++; print "differ #" $1 " " $2 " ours=" $4 "/" $5 " quintet=" $10 "/" $11 " " $3 " lines: ours " $8 " quintet " $13 } }
  { if ($4 != "timeout") ours++; if (limit_us == 0 || $12 <= limit_us) theirs++ }
  END { printf "positions: %d, same verdict: %d, different: %d; decided: ours %d, quintet %d\n", NR, same, differ, ours, theirs }'
# Quintet's VCF lines, replayed by our verifier (mate_check_lines): legal, winning, and never
# shorter than ours.
if [[ $kind == vcf ]]; then
  paste "$ours" "$theirs" | cargo run --quiet --release -p renju-core --example mate_check_lines
fi
if [[ -n "${PER_CALL:-}" ]]; then
  cargo build --quiet --release -p puzzles
  python3 "$here/renju-mate-per-call.py" "$ours" "$kind" "$limit" "${CARGO_TARGET_DIR:-$here/../target}/release/puzzles" \
    "$src/target/release/examples/solve" "$PER_CALL" "${MATE_THREATS:-threes}"
fi
