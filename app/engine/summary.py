"""The closing summary of a search: the answer, what it cost, and what minimax would cost.

It reads only what it is given (the search's view of the tree, its counters, its options as
data), so it knows nothing of ``Search``: search.py imports this module, never the reverse.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .events import wire
from .tree import CHANCE, Number

if TYPE_CHECKING:
    from .evaluation import View


@dataclass
class Counters:
    """Tallies the search keeps as it goes; everything else is derived at the end."""

    inner: int = 0
    leaves: int = 0
    cutoffs: dict[str, int] = field(default_factory=lambda: {"alpha": 0, "beta": 0})
    pruned: list[int] = field(default_factory=list)


def knuth_moore_leaves(branching: int, depth: int) -> int:
    """Leaves alpha-beta evaluates on a perfectly ordered uniform tree: b^⌈d/2⌉ + b^⌊d/2⌋ − 1."""
    return branching ** ((depth + 1) // 2) + branching ** (depth // 2) - 1


def summarize(
    view: View,
    counters: Counters,
    options: dict[str, Any],
    value: Number,
    best_child: dict[int, int],
) -> dict[str, Any]:
    """Figures for the statistics panel, from per-level counts: no walk over the whole tree.

    ``options`` is the search's options as data (``SearchOptions.to_data()``); ``best_child``
    maps each node to its best child, from which the principal variation is read.
    """
    tree = view.tree
    depth = view.depth
    levels = tree.levels[: depth + 1]
    minimax_nodes = sum(level.nodes for level in levels)
    minimax_leaves = levels[-1].nodes + sum(level.nodes - level.inner for level in levels[:-1])

    variation = []
    node = 0
    while node in best_child:
        node = best_child[node]
        variation.append(tree.positions[node])

    uniform = None
    knuth_moore = None
    branchings = {(level.min_branching, level.max_branching) for level in levels[:-1]}
    full = all(level.inner == level.nodes for level in levels[:-1])
    if full and len(branchings) <= 1 and all(low == high for low, high in branchings):
        branching = branchings.pop()[0] if branchings else 0
        uniform = {"branching": branching, "depth": depth}
        if _alternates(view):
            knuth_moore = knuth_moore_leaves(branching, depth)

    visited = counters.inner + counters.leaves
    return {
        "value": wire(value),
        "best_move": variation[0] if variation else None,
        "principal_variation": variation,
        "nodes_visited": visited,
        "leaves_evaluated": counters.leaves,
        "cutoffs": dict(counters.cutoffs),
        "nodes_pruned": view.count_within(counters.pruned),
        "total_nodes": len(tree),
        "minimax_nodes": minimax_nodes,
        "minimax_leaves": minimax_leaves,
        "percent_saved": round(100 * (1 - visited / minimax_nodes), 1),
        "uniform": uniform,
        "knuth_moore_leaves": knuth_moore,
        "options": options,
    }


def _alternates(view: View) -> bool:
    """Whether MAX and MIN alternate along every edge between inner nodes, with no chance
    node: the condition of the Knuth–Moore theorem (two MIN plies in a row break it)."""
    inner_levels = view.level_kinds[: view.depth]
    if not view.tree.has_types:
        return CHANCE not in inner_levels and all(
            above != below for above, below in zip(inner_levels, inner_levels[1:], strict=False)
        )
    tree = view.tree
    for node in view.nodes():
        if view.is_terminal(node):
            continue
        kind = view.kind(node)
        if kind == CHANCE or any(
            view.kind(c) == kind for c in tree.children[node] if not view.is_terminal(c)
        ):
            return False
    return True
