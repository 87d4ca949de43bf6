#!/usr/bin/env python3
"""Streaming benchmark of `puzzles batch -` driven from Python, as a script would use it.

Three ways to check the same renju `check` cases (the generator of scripts/batch-bench.sh,
each case with a true `expect`):

- round trip: one `puzzles batch -` kept open; write a case, read its answer, write the next;
- fire and read later: one `puzzles batch -`; a thread writes every case while the main
  thread reads the answers;
- one process per case: `puzzles renju check` started for each case (a sample of them).

Every answer is checked (its case number, `"pass": true`), so a fast wrong answer cannot
count. A row for `cat` in place of puzzles gives the floor: what the pipe round trip alone
costs Python on this machine. Prints a Markdown table of cases per second (min to max over the runs).

Usage, from anywhere: scripts/batch-stream-bench.py [--cases 20000] [--runs 5]
[--spawn-cases 200] [--jobs N] [--no-build]
"""

import argparse
import json
import os
import resource
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PUZZLES = os.path.join(ROOT, "target", "release", "puzzles")
GENERATOR = os.path.join(ROOT, "target", "release", "examples", "batch_bench")


def build():
    subprocess.run(
        ["cargo", "build", "--release", "-p", "puzzles", "--bin", "puzzles",
         "--example", "batch_bench"],
        cwd=ROOT, check=True)


def renju_cases(n):
    """The generator's renju check cases, as lines of bytes (newline included)."""
    folder = os.path.join(ROOT, "target", "batch-bench")
    out = subprocess.run(
        [GENERATOR, "--generate-only", "--cases", str(n), "--dir", folder],
        cwd=ROOT, check=True, capture_output=True, text=True).stdout.split()
    path = next(p for p in out if os.path.basename(p).startswith("renju-check-"))
    with open(os.path.join(ROOT, path) if not os.path.isabs(path) else path, "rb") as f:
        return f.readlines()


def check(answer, number):
    """The answer is case `number`'s and it passed. Checked on the bytes: a JSON parse in
    Python costs more than the check itself, and the line's layout is fixed by the contract
    (`case` first, compact JSON)."""
    if not answer.startswith(b'{"case":"<stdin>:%d",' % number) or b',"pass":true,' not in answer:
        sys.exit(f"wrong answer to case {number}: {answer[:300]!r}")


def start(jobs, command=None):
    args = command or [PUZZLES, "batch", "-"]
    if jobs and not command:
        args[2:2] = ["--jobs", str(jobs)]
    return subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, bufsize=0)


def finish(child):
    child.stdin.close()
    if child.wait() != 0:
        sys.exit(f"puzzles batch - exited {child.returncode}")


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def measured(way):
    """Runs `way` (which returns wall seconds): (wall seconds, CPU seconds of the children
    it waited for)."""
    cpu = children_cpu()
    wall = way()
    return wall, children_cpu() - cpu


def round_trip(lines, jobs, command=None):
    """Seconds to write each case and read its answer before writing the next (`command`:
    another co-process, whose answer is not checked)."""
    child = start(jobs, command)
    write, answers = child.stdin.write, child.stdout
    # Unbuffered pipes: each write is one system call; answers are read a line at a time.
    reader = os.fdopen(answers.fileno(), "rb", buffering=1 << 16, closefd=False)
    started = time.perf_counter()
    for number, line in enumerate(lines, 1):
        write(line)
        answer = reader.readline()
        if not command:
            check(answer, number)
    elapsed = time.perf_counter() - started
    finish(child)
    return elapsed


def fire_and_read_later(lines, jobs):
    """Seconds to get every answer when a thread writes all cases as fast as it can."""
    child = start(jobs)
    text = b"".join(lines)

    def send():
        child.stdin.write(text)
        child.stdin.close()

    reader = os.fdopen(child.stdout.fileno(), "rb", buffering=1 << 16, closefd=False)
    started = time.perf_counter()
    writer = threading.Thread(target=send)
    writer.start()
    for number in range(1, len(lines) + 1):
        check(reader.readline(), number)
    elapsed = time.perf_counter() - started
    writer.join()
    if child.wait() != 0:
        sys.exit(f"puzzles batch - exited {child.returncode}")
    return elapsed


def one_process_per_case(lines):
    """Seconds to check `lines` by starting `puzzles renju check` once for each."""
    inputs = [json.dumps(json.loads(line)["input"]).encode() for line in lines]
    expected = [json.loads(line)["expect"] for line in lines]
    started = time.perf_counter()
    for data, expect in zip(inputs, expected):
        out = subprocess.run([PUZZLES, "renju", "check"], input=data,
                             capture_output=True, check=True).stdout
        verdict = json.loads(out)
        if any(verdict.get(k) != v for k, v in expect.items()):
            sys.exit(f"wrong verdict: {out[:300]!r}")
    return time.perf_counter() - started


def spread(name, n, runs):
    """A table row from (wall, CPU) seconds per run."""
    rates = sorted(n / wall for wall, _ in runs)
    micros = sorted(wall / n * 1e6 for wall, _ in runs)
    cpu = sorted(cpu / n * 1e6 for _, cpu in runs)
    return (f"| {name} | {n:,} | {len(runs)} | {rates[0]:,.0f} to {rates[-1]:,.0f} "
            f"| {micros[0]:,.1f} to {micros[-1]:,.1f} | {cpu[0]:,.1f} to {cpu[-1]:,.1f} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=20000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--spawn-cases", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=0,
                        help="--jobs for puzzles batch (default: one per core)")
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args()
    if not args.no_build:
        build()
    lines = renju_cases(args.cases)
    runs = range(args.runs)
    rows = [
        spread("round trip (write a case, read its answer)", len(lines),
               [measured(lambda: round_trip(lines, args.jobs)) for _ in runs]),
        spread("the same round trip through `cat` (the pipe's floor)", len(lines),
               [measured(lambda: round_trip(lines, 0, ["cat"])) for _ in runs]),
        spread("fire and read later (a writer thread, a reader)", len(lines),
               [measured(lambda: fire_and_read_later(lines, args.jobs)) for _ in runs]),
    ]
    sample = lines[:args.spawn_cases]
    rows.append(spread("one `puzzles renju check` process per case", len(sample),
                       [measured(lambda: one_process_per_case(sample))
                        for _ in range(max(1, args.runs // 2))]))
    print("| way | renju checks | runs | checks per second (min to max) | µs per check "
          "| CPU µs of the child per check |")
    print("|---|---:|---:|---|---|---|")
    for row in rows:
        print(row)
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"\nload average at the end: {load}; {os.cpu_count()} cores", file=sys.stderr)


if __name__ == "__main__":
    main()
