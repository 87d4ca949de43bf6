#!/usr/bin/env python3
"""One process per call: `puzzles renju mate` against renju-note/quintet's `solve` example.

Reads the positions table that the mate_bench example prints (index, attacker o|x,
blacks/whites, ...), runs each position as its own process on both sides in turn (ours,
quintet, ours, ..., so a change of load hits both), RUNS times each, and keeps the least CPU
time (user + sys of the finished process, from wait4) per position and side. Prints median,
p90, p99, worst and total per side, and the verdicts compared.

    cargo run --release -p renju-core --example mate_bench -- 400 vcf 113 0 > table.tsv
    (cd QUINTET_CHECKOUT && cargo build --release --example solve)
    scripts/renju-mate-per-call.py table.tsv vcf 113 target/release/puzzles \
        QUINTET_CHECKOUT/target/release/examples/solve [RUNS] [THREATS]

LIMIT is attacker moves counting the five (ours); quintet gets LIMIT-1 and, for VCT, the
threat limit LIMIT-1 (as scripts/renju-mate-bench.sh). THREATS is our `threats` for VCT
(`threes`, the default, or `vcf`).
"""
import json
import os
import subprocess
import sys
import tempfile


def board_rows(stones):
    """The 15 rows of `board` (top row first) from `A1,B2/C3` (blacks/whites)."""
    grid = [["."] * 15 for _ in range(15)]
    blacks, whites = stones.split("/")
    for points, mark in ((blacks, "X"), (whites, "O")):
        for p in filter(None, points.split(",")):
            grid[int(p[1:]) - 1][ord(p[0].upper()) - ord("A")] = mark
    return ["".join(row) for row in reversed(grid)]


def run(argv):
    """CPU seconds (user + sys) of one finished process, and what it printed."""
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen(argv, stdout=out, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        text = out.read().decode()
    if proc.returncode != 0:
        sys.exit(f"{argv[0]} exited {proc.returncode}: {text}")
    return usage.ru_utime + usage.ru_stime, text


def ours_status(text):
    return json.loads(text)["status"]


def quintet_status(text):
    return "no_win" if text.rstrip().endswith("None") else "win"


def spread(times):
    times = sorted(t * 1e3 for t in times)
    n = len(times)
    return (
        f"median {times[n // 2]:.2f} ms, p90 {times[n * 9 // 10]:.2f} ms, "
        f"p99 {times[n * 99 // 100]:.2f} ms, worst {times[-1]:.2f} ms, total {sum(times):.1f} ms"
    )


def main():
    if len(sys.argv) < 6:
        sys.exit(__doc__)
    table, kind, limit, puzzles, solve = sys.argv[1:6]
    runs = int(sys.argv[6]) if len(sys.argv) > 6 else 3
    threats = sys.argv[7] if len(sys.argv) > 7 else "threes"
    limit = int(limit)
    mode = {"vcf": "vcf", "vct": "vct_dfpns"}[kind]
    threat_limit = str(limit - 1) if kind == "vct" else "0"
    rows = [line.rstrip("\n").split("\t") for line in open(table)]
    ours_cpu, theirs_cpu, differ = [], [], []
    with tempfile.TemporaryDirectory() as scratch:
        for row in rows:
            index, attacker, stones = row[0], row[1], row[2]
            case = {
                "board": board_rows(stones),
                "to_move": "black" if attacker == "o" else "white",
                "kind": kind,
                "max_depth": limit,
                "timeout_ms": None,
            }
            if kind == "vct":
                case["threats"] = threats
            path = os.path.join(scratch, f"{index}.json")
            with open(path, "w") as f:
                json.dump(case, f)
            ours_argv = [puzzles, "renju", "mate", path]
            theirs_argv = [solve, mode, str(limit - 1), threat_limit, attacker, stones]
            best = [float("inf"), float("inf")]
            for _ in range(runs):
                cpu, ours_text = run(ours_argv)
                best[0] = min(best[0], cpu)
                cpu, theirs_text = run(theirs_argv)
                best[1] = min(best[1], cpu)
            ours_cpu.append(best[0])
            theirs_cpu.append(best[1])
            verdicts = (ours_status(ours_text), quintet_status(theirs_text))
            if verdicts[0] != verdicts[1]:
                differ.append((index, *verdicts))
    print(f"{len(rows)} positions, {kind} to depth {limit}, least CPU of {runs} runs per call")
    print(f"ours    ({os.path.basename(puzzles)} renju mate): {spread(ours_cpu)}")
    print(f"quintet ({os.path.basename(solve)} {mode}): {spread(theirs_cpu)}")
    print(f"same verdict: {len(rows) - len(differ)}, different: {len(differ)}")
    for index, ours, theirs in differ:
        print(f"  differ #{index}: ours {ours}, quintet {theirs}")


if __name__ == "__main__":
    main()
