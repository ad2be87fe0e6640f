"""Independent references for the practice questions of PVS, MTD(f) and Star1, written
recursively from the papers' pseudocode on nested-list trees (MAX at the root, levels
alternating; a dict ``{"chance": [...]}`` is a chance node with uniform children), never
from the engine: Marsland's PVS (the re-searched children), Plaat et al.'s MTD(f) with
AlphaBetaWithMemory (the bounds after each pass), Ballard's Star1 as Hauk, Buro and
Schaeffer write it (the chance children pruned). Paths are tuples of child indices.
"""

from __future__ import annotations

import math
from fractions import Fraction

INF = math.inf


def is_leaf(node) -> bool:
    return not isinstance(node, list | dict)


def pvs_researched(tree) -> set[tuple[int, ...]]:
    """The children PVS searches again: an inner child after the first, tested with the null
    window (α, α + 1) at MAX or (β − 1, β) at MIN, that returns strictly inside (α, β)."""
    researched: set[tuple[int, ...]] = set()

    def pvs(node, path, alpha, beta, maximizing):
        if is_leaf(node):
            return node
        best = -INF if maximizing else INF
        for index, child in enumerate(node):
            at = (*path, index)
            if index == 0 or is_leaf(child):
                value = pvs(child, at, alpha, beta, not maximizing)
            else:
                test = (alpha, alpha + 1) if maximizing else (beta - 1, beta)
                value = pvs(child, at, *test, not maximizing)
                if alpha < value < beta:
                    researched.add(at)
                    value = pvs(child, at, alpha, beta, not maximizing)
            if maximizing:
                best = max(best, value)
                alpha = max(alpha, best)
            else:
                best = min(best, value)
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best

    pvs(tree, (), -INF, INF, True)
    return researched


def mtdf_bounds(tree, guess) -> list[tuple[float, float]]:
    """The root's (lower, upper) after each pass of MTD(f) from ``guess`` (Plaat 1996)."""
    table: dict[tuple[int, ...], list[float]] = {}

    def memory(node, path, alpha, beta, maximizing):
        low, high = table.get(path, (-INF, INF))
        if low >= beta:
            return low
        if high <= alpha:
            return high
        alpha, beta = max(alpha, low), min(beta, high)
        if is_leaf(node):
            g = node
        elif maximizing:
            g, a = -INF, alpha
            for index, child in enumerate(node):
                if g >= beta:
                    break
                g = max(g, memory(child, (*path, index), a, beta, False))
                a = max(a, g)
        else:
            g, b = INF, beta
            for index, child in enumerate(node):
                if g <= alpha:
                    break
                g = min(g, memory(child, (*path, index), alpha, b, True))
                b = min(b, g)
        if g <= alpha:
            table[path] = [low, g]
        elif g >= beta:
            table[path] = [g, high]
        else:
            table[path] = [g, g]
        return g

    passes = []
    g, lower, upper = guess, -INF, INF
    while lower < upper:
        beta = g + 1 if g == lower else g
        g = memory(tree, (), beta - 1, beta, True)
        if g < beta:
            upper = g
        else:
            lower = g
        passes.append((lower, upper))
    return passes


def star1_pruned(tree, low, high) -> set[tuple[int, ...]]:
    """The chance children Star1 skips, with leaf values in [low, high] (exact fractions)."""
    pruned: set[tuple[int, ...]] = set()
    low, high = Fraction(low), Fraction(high)

    def search(node, path, alpha, beta, maximizing):
        if is_leaf(node):
            return Fraction(node)
        if isinstance(node, dict):
            return star1(node["chance"], path, alpha, beta, not maximizing)
        best = -INF if maximizing else INF
        for index, child in enumerate(node):
            value = search(child, (*path, index), alpha, beta, not maximizing)
            if maximizing:
                best = max(best, value)
                alpha = max(alpha, best)
            else:
                best = min(best, value)
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best

    def star1(children, path, alpha, beta, below):
        # ``below``: whether the chance node's children maximize (levels alternate).
        count = len(children)
        a = count * (alpha - high) + high if alpha > -INF else -INF
        b = count * (beta - low) + low if beta < INF else INF
        total = Fraction(0)
        for index, child in enumerate(children):
            value = search(child, (*path, index), max(a, low), min(b, high), below)
            total += value
            rest = count - index - 1
            if value <= a or value >= b:
                pruned.update((*path, later) for later in range(index + 1, count))
                return (total + (high if value <= a else low) * rest) / count
            if a > -INF:
                a += high - value
            if b < INF:
                b += low - value
        return total / count

    search(tree, (), -INF, INF, True)
    return pruned


def as_document(tree, level=0):
    """The reference's tree as an engine tree document (kinds given on every inner node)."""
    if is_leaf(tree):
        return tree
    if isinstance(tree, dict):
        children = [as_document(child, level + 1) for child in tree["chance"]]
        return {"type": "chance", "children": children}
    kind = "max" if level % 2 == 0 else "min"
    return {"type": kind, "children": [as_document(child, level + 1) for child in tree]}
