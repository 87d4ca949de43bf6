#!/usr/bin/env bash
# Side by side: our blockdoku engine and gary-z/blokie's on the same seeded deal and our rules
# (the 47 default pieces, trays of 3 dealt uniformly with replacement by the `selfplay`
# generator, rows/columns/boxes cleared together, death when no order places the tray).
# blokie is fetched outside the repository and never committed:
#   git clone https://github.com/gary-z/blokie /tmp/blokie
#   BLOKIE_DIR=/tmp/blokie scripts/blockdoku-vs-blokie.sh ENGINES [SEED GAMES CAP JOBS SECONDS]
# ENGINES: engines among `ours` (also `ours@K`, `ours:NAME=V`, `ours/first=N`: see versus.rs), `native`
# (blokie's C++ search, built here with g++ -O3 -march=native -flto into target/blokie/, as
# its CMake release build does) and `wasm` (its prebuilt WASM search in node). Engines joined
# by `+` run AT THE SAME TIME, one process each (e.g. `ours+native`: speed and survival from
# one run under the same load); groups joined by `,` run one after the other. Each engine
# plays the same games (game i of SEED is dealt the same trays for every engine), JOBS games
# at a time, for at most SECONDS of wall time; `crates/blockdoku-core/examples/versus.rs`
# plays the games with our rules, checks every placement the other engine makes and prints
# deaths per 10k trays with an exact Poisson interval and the CPU time per tray from tray 25
# on. A parallel group's output (and each game's line) is kept in target/blokie-runs/.
set -euo pipefail
engines="${1:-ours,native}"; seed="${2:-2026}"; games="${3:-100000}"; cap="${4:-10000}"
jobs="${5:-2}"; seconds="${6:-600}"
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
blokie="${BLOKIE_DIR:-/tmp/blokie}"
cargo build --quiet --release -p blockdoku-core --example versus
versus="$root/target/release/examples/versus"

# The versus argument for one engine name (building blokie's driver when needed).
spec_of() {
  case "$1" in
    ours|ours@*|ours:*|ours/*) echo "$1" ;;
    native)
      local out="$root/target/blokie" src="$blokie/engine/cpp"
      mkdir -p "$out"
      if [[ ! -x "$out/driver" || "$here/blockdoku-blokie-driver.cpp" -nt "$out/driver" ]]; then
        g++ -std=c++23 -O3 -march=native -flto -DNDEBUG -I"$src" "$src/bitboard.cpp" \
          "$src/eval.cpp" "$src/game.cpp" "$src/solver.cpp" "$here/blockdoku-blokie-driver.cpp" \
          -o "$out/driver" >&2
      fi
      echo "$out/driver" ;;
    wasm) echo "node $here/blockdoku-blokie-driver.mjs $blokie" ;;
    *) echo "unknown engine $1 (ours, native or wasm)" >&2; exit 2 ;;
  esac
}

for group in ${engines//,/ }; do
  if [[ "$group" != *+* ]]; then
    spec="$(spec_of "$group")" # an assignment, so an unknown engine stops the script (set -e)
    "$versus" "$spec" "$seed" "$games" "$cap" "$jobs" "$seconds"
    continue
  fi
  runs="$root/target/blokie-runs"; mkdir -p "$runs"
  stamp="$(date -u +%Y%m%dT%H%M%SZ)"
  echo "started $stamp; load average: $(cut -d' ' -f1-3 /proc/loadavg)"
  pids=(); logs=()
  for engine in ${group//+/ }; do
    spec="$(spec_of "$engine")"
    # An engine's flags hold `/`, `:` and `@`: its log is named with `_` in their place.
    log="$runs/$stamp-${engine//[\/:@]/_}-$seed"
    logs+=("$log")
    /usr/bin/time -f '%U %S %e' -o "$log.time" \
      "$versus" "$spec" "$seed" "$games" "$cap" "$jobs" "$seconds" >"$log.out" 2>"$log.err" &
    pids+=($!)
  done
  status=0
  for pid in "${pids[@]}"; do wait "$pid" || status=1; done
  echo "ended $(date -u +%Y%m%dT%H%M%SZ); load average: $(cut -d' ' -f1-3 /proc/loadavg)"
  for log in "${logs[@]}"; do
    cat "$log.out"
    echo "process user, system, wall seconds: $(tail -n 1 "$log.time")"
    echo
  done
  [[ $status -eq 0 ]] || exit 1
done
