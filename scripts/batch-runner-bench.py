#!/usr/bin/env python3
"""Linearity of the test-runner features of `puzzles batch`: selecting cases by id,
`--filter` and `--update`, at two file sizes of the renju `check` cases of
scripts/batch-bench.sh's generator. For each, the CPU time of `puzzles batch --jobs 1` per
case at each size and their ratio (1.0: linear). Prints a Markdown table.

- plain: the whole file;
- filter: `--filter "renju check"` (every case is read for its envelope, and kept);
- ids: every 10th case passed back as `file.jsonl:N` (one tenth of the cases run, the whole
  file read);
- update: a copy whose every `expect` is wrong, rewritten by `--update` (then checked to
  pass).

Usage, from anywhere: scripts/batch-runner-bench.py [--cases 10000,100000] [--runs 3]
[--no-build]
"""

import argparse
import os
import resource
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PUZZLES = os.path.join(ROOT, "target", "release", "puzzles")
GENERATOR = os.path.join(ROOT, "target", "release", "examples", "batch_bench")
FOLDER = os.path.join(ROOT, "target", "batch-bench")


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def cpu_of(args, expect_exit=0):
    before = children_cpu()
    done = subprocess.run([PUZZLES, "batch", "--jobs", "1", *args], cwd=ROOT,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if done.returncode != expect_exit:
        sys.exit(f"puzzles batch {' '.join(args[:3])}... exited {done.returncode}: "
                 f"{done.stderr[-500:]}")
    return children_cpu() - before


def wrong_copy(path):
    """A copy of the case file whose every expectation is wrong."""
    copy = path.replace(".jsonl", "-wrong.jsonl")
    with open(path, "rb") as src, open(copy, "wb") as dst:
        for line in src:
            dst.write(line.replace(b'"to_move": "white"', b'"to_move": "TMP"')
                      .replace(b'"to_move": "black"', b'"to_move": "white"')
                      .replace(b'"to_move": "TMP"', b'"to_move": "black"'))
    return copy


def modes(path, n):
    ids = [f"{path}:{k}" for k in range(1, n + 1, 10)]

    def update():
        copy = wrong_copy(path)
        cpu = cpu_of([copy, "--update"])
        cpu_of([copy])  # the updated file passes
        os.remove(copy)
        return cpu

    return {
        "plain": lambda: cpu_of([path]),
        "filter": lambda: cpu_of([path, "--filter", "renju check"]),
        "ids (every 10th)": lambda: cpu_of(ids),
        "update (every case)": update,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", default="10000,100000")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args()
    if not args.no_build:
        subprocess.run(["cargo", "build", "--release", "-p", "puzzles", "--bin", "puzzles",
                        "--example", "batch_bench"], cwd=ROOT, check=True)
    sizes = [int(s) for s in args.cases.split(",")]
    out = subprocess.run([GENERATOR, "--generate-only", "--cases", args.cases, "--dir", FOLDER],
                         cwd=ROOT, check=True, capture_output=True, text=True).stdout.split()
    files = {n: next(p for p in out if p.endswith(f"renju-check-{n}.jsonl")) for n in sizes}
    table = {}
    for n in sizes:
        for name, run in modes(files[n], n).items():
            best = min(run() for _ in range(args.runs))
            table.setdefault(name, []).append(best / n * 1e6)
    head = " | ".join(f"µs of CPU per case at {n:,}" for n in sizes)
    print(f"| mode | {head} | ratio, largest to smallest |")
    print("|---|" + "---:|" * (len(sizes) + 1))
    for name, micros in table.items():
        cells = " | ".join(f"{m:.1f}" for m in micros)
        print(f"| {name} | {cells} | {micros[-1] / micros[0]:.2f} |")


if __name__ == "__main__":
    main()
