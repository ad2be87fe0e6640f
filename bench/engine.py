"""Engine speed: the instrumented search against a bare recursive alpha-beta, one tree.

    python bench/engine.py [--depth 10] [--branching 3] [--repeat 5]

Prints events per second and the instrumented/bare time ratio (targets: ≥ 300,000 events/s,
ratio ≤ 3). Times are the best of --repeat runs, to damp noise from the machine.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.engine import Limits, SearchOptions, parse_tree, trace  # noqa: E402
from app.engine.evaluation import make_view  # noqa: E402
from app.engine.generators import random_tree  # noqa: E402
from app.engine.tree import MAX  # noqa: E402


def bare_alphabeta(children, values, kinds, node, alpha, beta):
    """Textbook fail-soft alpha-beta with no events: the floor the engine is measured against."""
    kids = children[node]
    if not kids:
        return values[node]
    if kinds[node] == MAX:
        v = float("-inf")
        for child in kids:
            v = max(v, bare_alphabeta(children, values, kinds, child, alpha, beta))
            alpha = max(alpha, v)
            if alpha >= beta:
                break
        return v
    v = float("inf")
    for child in kids:
        v = min(v, bare_alphabeta(children, values, kinds, child, alpha, beta))
        beta = min(beta, v)
        if alpha >= beta:
            break
    return v


def best_time(function, repeat: int) -> tuple[float, object]:
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        result = function()
        best = min(best, time.perf_counter() - start)
    return best, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--depth", type=int, default=10)
    parser.add_argument("--branching", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    data = random_tree(seed=1, depth=args.depth, branching=args.branching, low=0, high=1000)
    tree = parse_tree(data, Limits(max_nodes=2_000_000))
    del data  # only the parsed tree takes part in the timings
    options = SearchOptions()
    kinds = make_view(tree, options.players, options.algorithm, None).kinds

    bare_seconds, bare_value = best_time(
        lambda: bare_alphabeta(tree.children, tree.values, kinds, 0, float("-inf"), float("inf")),
        args.repeat,
    )

    traced_seconds, result = best_time(lambda: trace(tree, options), args.repeat)
    events, summary = result["events"], result["summary"]
    assert summary["value"] == bare_value, (summary["value"], bare_value)

    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, "
        f"{platform.python_implementation()} {platform.python_version()}"
    )
    print(
        f"tree: {len(tree):,} nodes (branching {args.branching}, depth {args.depth}), "
        f"value {bare_value}"
    )
    print(f"events: {len(events):,}; nodes visited {summary['nodes_visited']:,}")
    print(f"bare recursive alpha-beta: {bare_seconds * 1000:8.1f} ms")
    print(f"instrumented trace:        {traced_seconds * 1000:8.1f} ms")
    print(f"events per second:         {len(events) / traced_seconds:,.0f}  (target >= 300,000)")
    print(f"instrumented / bare:       {traced_seconds / bare_seconds:.2f}x  (target <= 3x)")


if __name__ == "__main__":
    main()
