#!/usr/bin/env bash
# Side by side: our blockdoku engine and gary-z/blokie's on the same seeded deal and our rules
# (the 47 default pieces, trays of 3 dealt uniformly with replacement by the `selfplay`
# generator, rows/columns/boxes cleared together, death when no order places the tray).
# blokie is fetched outside the repository and never committed:
#   git clone https://github.com/gary-z/blokie /tmp/blokie
#   BLOKIE_DIR=/tmp/blokie scripts/blockdoku-vs-blokie.sh ENGINES [SEED GAMES CAP JOBS SECONDS]
# ENGINES: a comma list of `ours`, `native` (blokie's C++ search, built here with g++ -O3
# -march=native -flto into target/blokie/, as its CMake release build does) and `wasm` (its
# prebuilt WASM search in node). Each engine plays the same games one after the other (game i
# of SEED is dealt the same trays for every engine), JOBS games at a time, for at most
# SECONDS of wall time each; `crates/blockdoku-core/examples/versus.rs` plays the games with
# our rules, checks every placement the other engine makes and prints deaths per 10k trays
# with an exact Poisson interval and the time per tray from tray 25 on.
set -euo pipefail
engines="${1:-ours,native}"; seed="${2:-2026}"; games="${3:-100000}"; cap="${4:-10000}"
jobs="${5:-2}"; seconds="${6:-600}"
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
blokie="${BLOKIE_DIR:-/tmp/blokie}"
cargo build --quiet --release -p blockdoku-core --example versus
versus="$root/target/release/examples/versus"
for engine in ${engines//,/ }; do
  case "$engine" in
    ours) spec=ours ;;
    native)
      out="$root/target/blokie"; mkdir -p "$out"; src="$blokie/engine/cpp"
      if [[ ! -x "$out/driver" || "$here/blockdoku-blokie-driver.cpp" -nt "$out/driver" ]]; then
        g++ -std=c++23 -O3 -march=native -flto -DNDEBUG -I"$src" "$src/bitboard.cpp" \
          "$src/eval.cpp" "$src/game.cpp" "$src/solver.cpp" "$here/blockdoku-blokie-driver.cpp" \
          -o "$out/driver"
      fi
      spec="$out/driver" ;;
    wasm) spec="node $here/blockdoku-blokie-driver.mjs $blokie" ;;
    *) echo "unknown engine $engine (ours, native or wasm)" >&2; exit 2 ;;
  esac
  "$versus" "$spec" "$seed" "$games" "$cap" "$jobs" "$seconds"
done
