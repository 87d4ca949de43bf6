#!/usr/bin/env python3
"""Find one picture of a nonogram with a SAT solver, as a `goal` for `puzzles nonogram solve`.

How survey-faase's goal (fixtures/nonogram/solve-multiple-faase-goal.json) was found:

    pip install python-sat
    scripts/nonogram-sat.py crates/nonogram-core/data/bench/survey-faase.json \
        --solver cadical195 --interchangeable 0,2,4 > faase-goal.json

(CaDiCaL 1.9.5 answered in 488 s on a 2-core shared machine; a run of CaDiCaL 1.5.3 without
`--interchangeable` gave no answer in 10 minutes.) Output: a JSON list of picture rows, `#`
filled, `.` empty, checked against the clues; exit 1 when the solver proves there is none.

Encoding: each line is a finite automaton over its cells (a gap state before, between and
after the blocks, one state per cell of each block), unrolled over the line with one
variable per (position, reachable state); clauses give one state per position, the forward
transitions for each cell value, and for every state the predecessors it needs and the value
of the cell that enters it, so unit propagation does what the line solver does.

`--interchangeable C1,C2,...`: columns whose clue is a single 1 and whose neighbours are
empty columns (Faase's columns 0, 2 and 4). Their cells can be permuted between rows without
changing any row's runs, so pictures are only sought with the rows of those cells in
column order (symmetry breaking; it removes no answer to "is there a picture").
"""
import argparse
import json
import sys
import time

from pysat.solvers import Solver


def line_clauses(clues, lits, new_var):
    """Clauses tying the cell literals `lits` of one line to its clue list."""
    n = len(lits)
    states = [("gap", None)]
    for j, b in enumerate(clues):
        states += [("block", (j, i)) for i in range(b)]
        states.append(("gap", j))
    count = len(states)

    def on_filled(q):
        kind, info = states[q]
        if kind == "gap":
            return q + 1 if q + 1 < count else None
        j, i = info
        return q + 1 if i + 1 < clues[j] else None

    def on_empty(q):
        kind, info = states[q]
        if kind == "gap":
            return q
        j, i = info
        return q + 1 if i + 1 == clues[j] else None

    accepting = {count - 1} | ({count - 2} if clues else set())
    forward = [set() for _ in range(n + 1)]
    forward[0] = {0}
    for t in range(n):
        for q in forward[t]:
            forward[t + 1].update(x for x in (on_empty(q), on_filled(q)) if x is not None)
    live = [set() for _ in range(n + 1)]
    live[n] = accepting & forward[n]
    for t in range(n - 1, -1, -1):
        live[t] = {q for q in forward[t]
                   if any(x in live[t + 1] for x in (on_empty(q), on_filled(q)) if x is not None)}
    if not live[0]:
        return [[]]
    var = [{q: new_var() for q in live[t]} for t in range(n + 1)]
    out = [[var[0][0]]]
    for t in range(n + 1):
        out.append(list(var[t].values()))
    for t in range(n):
        cell = lits[t]
        for q, v in var[t].items():
            for value, nxt in ((cell, on_filled(q)), (-cell, on_empty(q))):
                if nxt is not None and nxt in var[t + 1]:
                    out.append([-v, -value, var[t + 1][nxt]])
                else:
                    out.append([-v, -value])
        for q2, v2 in var[t + 1].items():
            preds = [var[t][q] for q in var[t] if q2 in (on_filled(q), on_empty(q))]
            out.append([-v2] + preds)
            out.append([-v2, cell if states[q2][0] == "block" else -cell])
    return out


def runs(cells):
    return [len(r) for r in "".join(cells).split(".") if r]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("puzzle", help="JSON with `rows` and `cols` clue lists")
    ap.add_argument("--solver", default="cadical195", help="a pysat solver name")
    ap.add_argument("--interchangeable", default="", help="columns, e.g. 0,2,4")
    args = ap.parse_args()
    data = json.load(open(args.puzzle))
    rows = [[x for x in r if x] for r in data["rows"]]
    cols = [[x for x in c if x] for c in data["cols"]]
    h, w = len(rows), len(cols)
    top = [h * w]

    def new_var():
        top[0] += 1
        return top[0]

    def cell(r, c):
        return r * w + c + 1

    clauses = []
    for r in range(h):
        clauses += line_clauses(rows[r], [cell(r, c) for c in range(w)], new_var)
    for c in range(w):
        clauses += line_clauses(cols[c], [cell(r, c) for r in range(h)], new_var)
    order = [int(c) for c in args.interchangeable.split(",") if c]
    for a, b in zip(order, order[1:]):
        for r in range(h):
            for earlier in range(r):
                clauses.append([-cell(r, a), -cell(earlier, b)])
    print(f"{top[0]} variables, {len(clauses)} clauses", file=sys.stderr)
    start = time.time()
    with Solver(name=args.solver, bootstrap_with=clauses) as solver:
        found = solver.solve()
        print(f"{args.solver}: {'a picture' if found else 'no picture'} in "
              f"{time.time() - start:.1f} s", file=sys.stderr)
        if not found:
            return 1
        model = {l for l in solver.get_model() if l > 0}
    pic = ["".join("#" if cell(r, c) in model else "." for c in range(w)) for r in range(h)]
    assert all(runs(pic[r]) == rows[r] for r in range(h))
    assert all(runs([p[c] for p in pic]) == cols[c] for c in range(w))
    json.dump(pic, sys.stdout, indent=0)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
