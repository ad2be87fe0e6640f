"""Engine cost of the windowed searches: negamax, PVS and aspiration search against a
minimal tracer of each, a plain recursive function that appends the same event tuples.

    python bench/windowed.py [--depth 10] [--branching 3] [--rounds 15]

The target (issue 34) is engine / minimal tracer ≤ 1.2× for each algorithm; each time is the
best over --rounds rounds that run every search once (interleaved, as bench/engine.py does),
in CPU time of this process (the machine is shared: wall time bills other processes' turns).
The tracers' events are checked equal to the engine's first, so the ratio compares like
with like.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.engine import Limits, Search, SearchOptions, parse_tree  # noqa: E402
from app.engine.events import wire  # noqa: E402
from app.engine.generators import random_tree  # noqa: E402

INF = float("inf")


def minimal_tracer(tree, kinds, mover: bool, scout: bool):
    """Fail-soft alpha-beta in negamax form emitting the engine's events (no batching, no
    explicit stack, no depth limit): the floor the engine is measured against."""
    children, values = tree.children, tree.values
    events: list[tuple] = []
    emit = events.append

    def shown(sign, a, b):
        if mover or sign == 1:
            return wire(a), wire(b)
        return wire(-b), wire(-a)

    def search(node, a, b):
        sign = 1 if kinds[node] == "max" else -1
        emit(("enter", node, kinds[node], *shown(sign, a, b)))
        value, best, kids = -INF, -1, children[node]
        for position, child in enumerate(kids):
            csign = 1 if kinds[child] == "max" else -1
            flip = csign != sign
            if not children[child]:
                leaf = values[child]
                if mover:
                    window = (-b, -a) if flip else (a, b)
                    emit(("leaf", child, csign * leaf, wire(window[0]), wire(window[1])))
                else:
                    emit(("leaf", child, leaf, *shown(sign, a, b)))
                t = sign * leaf
            else:
                test = scout and position > 0 and a > -INF
                hi = (a // 1 + 1) if test else b
                t = search(child, -hi, -a) if flip else search(child, a, hi)
                t = -t if flip else t
                if test and a < t < b:
                    full = (-b, -a) if flip else (a, b)
                    emit(("research", child, *shown(csign, *full)))
                    t = search(child, *full)
                    t = -t if flip else t
            if t > value:
                value, best = t, child
            if value > a:
                a = value
            out = value if mover else sign * value
            emit(("update", node, child, wire(t if mover else sign * t), wire(out), *shown(sign, a, b)))  # fmt: skip  # noqa: E501
            if a >= b:
                skipped = list(kids[position + 1 :])
                if mover or sign == 1:
                    emit(("cutoff", node, "beta", wire(value), ">=", wire(b), skipped))
                else:
                    emit(("cutoff", node, "alpha", wire(-value), "<=", wire(-b), skipped))
                break
        emit(("exit", node, wire(value if mover else sign * value), best if best >= 0 else None))
        return value

    search(0, -INF, INF)
    return events


def engine_events(tree, options):
    search = Search(tree, options)
    return [event for batch in search.batches() for event in batch]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--depth", type=int, default=10)
    parser.add_argument("--branching", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()

    data = random_tree(seed=1, depth=args.depth, branching=args.branching, low=0, high=1000)
    tree = parse_tree(data, Limits(max_nodes=2_000_000))
    del data
    players = ("max", "min")
    kinds = [players[d % 2] for d in tree.depths]
    cases = {
        "negamax": (SearchOptions(algorithm="negamax"), True, False),
        "pvs": (SearchOptions(algorithm="pvs"), False, True),
    }
    functions = {}
    for name, (options, mover, scout) in cases.items():
        expected = minimal_tracer(tree, kinds, mover, scout)
        assert engine_events(tree, options) == expected, name
        functions[f"{name} engine"] = lambda o=options: engine_events(tree, o)
        functions[f"{name} tracer"] = lambda m=mover, s=scout: minimal_tracer(tree, kinds, m, s)
    best = dict.fromkeys(functions, INF)
    for _ in range(args.rounds):
        for name, function in functions.items():
            start = time.process_time()
            result = function()
            best[name] = min(best[name], time.process_time() - start)
            del result

    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, "
        f"{platform.python_implementation()} {platform.python_version()}, "
        f"load {os.getloadavg()[0]:.1f}"
    )
    print(f"tree: {len(tree):,} nodes (branching {args.branching}, depth {args.depth})")
    for name in cases:
        engine, tracer = best[f"{name} engine"], best[f"{name} tracer"]
        print(
            f"{name:8} engine {engine * 1000:7.1f} ms  minimal tracer {tracer * 1000:7.1f} ms  "
            f"ratio {engine / tracer:.2f}x  (target <= 1.2x)"
        )


if __name__ == "__main__":
    main()
