#!/usr/bin/env bash
# Side-by-side VCF benchmark of `renju mate` against renju-note/quintet on the same seeded
# middle-game positions. Quintet is built outside the repository and never committed:
#   QUINTET=/tmp/quintet/src scripts/renju-mate-bench.sh [COUNT]
# (clone github.com/renju-note/quintet there and `cargo build --release --example solve`).
# Prints per-position disagreements and total CPU microseconds of each solver's own timer.
set -euo pipefail
count="${1:-300}"
quintet="${QUINTET:-/tmp/quintet/src}/target/release/examples/solve"
out="$(mktemp)"
cargo run --quiet --release -p renju-core --example mate_bench -- "$count" vcf 113 >"$out"
ours_total=0; theirs_total=0; same=0; differ=0
while IFS=$'\t' read -r idx who stones status depth us nodes; do
  report="$("$quintet" vcf 255 0 "$who" "$stones" | tail -4)"
  elapsed="$(grep -o 'Elapsed: .*' <<<"$report" | cut -d' ' -f2)"
  case "$elapsed" in
    *ns) q_us=$(awk "BEGIN{print ${elapsed%ns}/1000}") ;;
    *µs) q_us=${elapsed%µs} ;;
    *ms) q_us=$(awk "BEGIN{print ${elapsed%ms}*1000}") ;;
    *s) q_us=$(awk "BEGIN{print ${elapsed%s}*1000000}") ;;
  esac
  if grep -q '^None' <<<"$report"; then theirs=no_win; else theirs=win; fi
  ours_total=$((ours_total + us))
  theirs_total=$(awk "BEGIN{print $theirs_total + $q_us}")
  if [[ "$theirs" == "$status" ]]; then same=$((same + 1)); else
    differ=$((differ + 1)); echo "differ #$idx $who ours=$status/$depth quintet=$theirs $stones"
  fi
done <"$out"
echo "positions: $count, same verdict: $same, different: $differ"
echo "total VCF time: ours ${ours_total} us, quintet ${theirs_total} us"
rm -f "$out"
