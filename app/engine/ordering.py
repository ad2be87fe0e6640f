"""Move ordering: the order in which a search tries each node's children.

Ordering only permutes the search; child ids (and so paths) always refer to the tree as given.
"""

from __future__ import annotations

import random

from .evaluation import View, exact_values
from .tree import MAX, MIN


def child_orders(view: View, ordering: str, seed: int = 0) -> tuple[tuple[int, ...], ...]:
    """For every node, its children in search order (``given`` order below the limit)."""
    tree = view.tree
    if ordering == "given":
        return tree.children
    orders = list(tree.children)
    inner = [n for n in view.nodes() if not view.is_terminal(n)]
    if ordering == "random":
        rng = random.Random(seed)
        for node in inner:
            shuffled = list(orders[node])
            rng.shuffle(shuffled)
            orders[node] = tuple(shuffled)
        return tuple(orders)

    if ordering == "heuristic":
        keys = tree.values
    elif ordering in ("perfect", "worst"):
        keys = exact_values(view)
    else:
        raise ValueError(f"unknown ordering {ordering!r}")
    best_first = ordering != "worst"
    for node in inner:
        kind = view.kinds[node]
        if kind not in (MAX, MIN):
            continue
        descending = (kind == MAX) == best_first
        known = [c for c in orders[node] if keys[c] is not None]
        unknown = [c for c in orders[node] if keys[c] is None]
        known.sort(key=keys.__getitem__, reverse=descending)
        orders[node] = (*known, *unknown)
    return tuple(orders)
