"""Engine speed of MTD(f), SSS* and Star1 against a minimal tracer of each that emits the
same events (the issue's target: the engine within 1.2x of it).

    python bench/engine_passes.py [--depth 8] [--branching 3] [--rounds 15]

Each minimal tracer is one recursive function over the tree's columns with everything in
local variables, no class, no counters, no summary: the least a tracer that builds these
event tuples can cost. The bench asserts that it emits exactly the engine's events. Times
are the best over --rounds rounds, each running every search once (interleaved, so a slow
spell hits both alike), in the process's CPU time: on a shared, loaded machine wall time
also counts the other processes' turns, and the ratio then swung from 0.7x to 2.8x.
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


def minimal_mtd(tree, kinds, first_guess, why):
    """MTD(f) with a table, emitting the engine's events; returns them."""
    children, values = tree.children, tree.values
    count = len(tree)
    lower, upper, stored = [-INF] * count, [INF] * count, bytearray(count)
    events = []
    emit = events.append

    def store(node, low, high):
        low, high = max(low, lower[node]), min(high, upper[node])
        lower[node], upper[node], stored[node] = low, high, 1
        emit(("tt", node, "store", wire(low), wire(high)))

    def visit(node, alpha, beta):
        if stored[node]:
            low, high = lower[node], upper[node]
            if low >= beta or high <= alpha or low > alpha or high < beta:
                emit(("tt", node, "hit", wire(low), wire(high)))
            if low >= beta:
                return low
            if high <= alpha:
                return high
            alpha, beta = max(alpha, low), min(beta, high)
        kids = children[node]
        if not kids:
            g = values[node]
            emit(("leaf", node, g, wire(alpha), wire(beta)))
            store(node, g, g)
            return g
        kind = kinds[node]
        emit(("enter", node, kind, wire(alpha), wire(beta)))
        best = -1
        if kind == "max":
            g, a = -INF, alpha
            for position, child in enumerate(kids):
                returned = visit(child, a, beta)
                if returned > g:
                    g, best = returned, child
                a = max(a, g)
                emit(("update", node, child, returned, wire(g), wire(a), wire(beta)))
                if g >= beta:
                    emit(("cutoff", node, "beta", wire(g), ">=", wire(beta), list(kids[position + 1 :])))  # fmt: skip  # noqa: E501
                    break
        else:
            g, b = INF, beta
            for position, child in enumerate(kids):
                returned = visit(child, alpha, b)
                if returned < g:
                    g, best = returned, child
                b = min(b, g)
                emit(("update", node, child, returned, wire(g), wire(alpha), wire(b)))
                if g <= alpha:
                    emit(("cutoff", node, "alpha", wire(g), "<=", wire(alpha), list(kids[position + 1 :])))  # fmt: skip  # noqa: E501
                    break
        emit(("exit", node, wire(g), best))
        if g <= alpha:
            store(node, lower[node], g)
        elif g >= beta:
            store(node, g, upper[node])
        else:
            store(node, g, g)
        return g

    g, low, high, number = first_guess, -INF, INF, 0
    while low < high:
        beta = g + 1 if g == low else g
        number += 1
        emit(("pass", number, wire(beta - 1), wire(beta), why))
        g = visit(0, beta - 1, beta)
        if g < beta:
            high = g
        else:
            low = g
    return events


def minimal_star1(tree, kinds, low_bound, high_bound):
    """Star1, emitting the engine's events (uniform chance nodes); returns them."""
    children, values = tree.children, tree.values
    events = []
    emit = events.append

    def visit(node, alpha, beta):
        kids = children[node]
        if not kids:
            emit(("leaf", node, values[node], wire(alpha), wire(beta)))
            return values[node]
        kind = kinds[node]
        emit(("enter", node, kind, wire(alpha), wire(beta)))
        if kind == "chance":
            n, total = len(kids), 0.0
            weight = 1 / n
            for index, child in enumerate(kids):
                left = n - index - 1
                known = total / n
                raw_alpha = (alpha - known - left * weight * high_bound) / weight
                raw_beta = (beta - known - left * weight * low_bound) / weight
                returned = visit(child, max(raw_alpha, low_bound), min(raw_beta, high_bound))
                total += returned
                known = total / n
                emit(("update", node, child, returned, known, wire(alpha), wire(beta)))
                rest = kids[index + 1 :]
                if returned <= raw_alpha or returned >= raw_beta:
                    low = returned <= raw_alpha
                    bound_value = known + left * weight * (high_bound if low else low_bound)
                    bound = alpha if low else beta
                    if rest:
                        emit(("chance_cutoff", node, bound_value, "<=" if low else ">=", wire(bound), list(rest)))  # fmt: skip  # noqa: E501
                    known = min(bound_value, bound) if low else max(bound_value, bound)
                    break
            emit(("exit", node, known, None))
            return known
        maximizing = kind == "max"
        value, best = (-INF if maximizing else INF), kids[0]
        for position, child in enumerate(kids):
            returned = visit(child, alpha, beta)
            if (returned > value) if maximizing else (returned < value):
                value, best = returned, child
            if maximizing:
                alpha = max(alpha, value)
            else:
                beta = min(beta, value)
            emit(("update", node, child, returned, value, wire(alpha), wire(beta)))
            if alpha >= beta:
                side, relation, bound = ("beta", ">=", beta) if maximizing else ("alpha", "<=", alpha)  # fmt: skip  # noqa: E501
                emit(("cutoff", node, side, value, relation, wire(bound), list(kids[position + 1 :])))  # fmt: skip  # noqa: E501
                break
        emit(("exit", node, value, best))
        return value

    visit(0, -INF, INF)
    return events


def best_cpu_times(functions, rounds):
    """Best CPU time of each function over ``rounds`` interleaved rounds."""
    best = dict.fromkeys(functions, float("inf"))
    for _ in range(rounds):
        for name, function in functions.items():
            start = time.process_time()
            result = function()
            best[name] = min(best[name], time.process_time() - start)
            del result
    return best


def engine_events(tree, options):
    """The engine's events, its batches joined as a consumer would keep them."""
    search = Search(tree, options)
    events = []
    for batch in search.batches():
        events.extend(batch)
    return events


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--depth", type=int, default=8)
    parser.add_argument("--branching", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    data = random_tree(seed=1, depth=args.depth, branching=args.branching, low=0, high=1000)
    tree = parse_tree(data, Limits(max_nodes=2_000_000))
    minimax_kinds = tree.kinds(("max", "min"))
    chance_kinds = tree.kinds(("max", "chance"))
    searches = {
        "mtdf (guess 500)": (
            SearchOptions(algorithm="mtdf", guess=500),
            lambda: minimal_mtd(tree, minimax_kinds, 500, "mtdf"),
        ),
        "sssstar": (
            SearchOptions(algorithm="sssstar"),
            lambda: minimal_mtd(tree, minimax_kinds, INF, "sssstar"),
        ),
        "star1 (max,chance; [0, 1000])": (
            SearchOptions(algorithm="star1", players=("max", "chance"), bounds=(0, 1000)),
            lambda: minimal_star1(tree, chance_kinds, 0, 1000),
        ),
    }
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, "
        f"{platform.python_implementation()} {platform.python_version()}; "
        f"tree: {len(tree):,} nodes (branching {args.branching}, depth {args.depth})"
    )
    for name, (options, minimal) in searches.items():
        events = engine_events(tree, options)
        assert events == minimal(), f"{name}: the minimal tracer's events differ"
        best = best_cpu_times({"engine": lambda o=options: engine_events(tree, o), "minimal": minimal}, args.rounds)  # fmt: skip  # noqa: E501
        ratio = best["engine"] / best["minimal"]
        print(
            f"{name:32} {len(events):>8,} events  engine {best['engine'] * 1000:7.1f} ms  "
            f"minimal {best['minimal'] * 1000:7.1f} ms  ratio {ratio:.2f}x (target <= 1.2x)"
        )


if __name__ == "__main__":
    main()
