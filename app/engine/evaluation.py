"""Exact game values, computed bottom-up without search.

Used for perfect/worst move ordering and as the reference the search is checked against.
Chance nodes combine their children exactly as the search does (same arithmetic, same
order), so values compare equal, not merely close.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from .errors import N_, Message, node_error
from .tree import CHANCE, MAX, MIN, Number, Tree


@dataclass(frozen=True)
class View:
    """The tree as one search sees it: effective kinds and where the depth limit cuts.

    Kinds come from ``level_kinds`` (the players' cycle by depth) unless a node states its
    own; nothing here walks the whole tree, so a search pays only for the nodes it visits.
    """

    tree: Tree
    level_kinds: tuple[str, ...]
    own_kinds: tuple[str | None, ...]
    limit: int | None

    @property
    def depth(self) -> int:
        """The deepest level the search can reach."""
        return self.tree.height if self.limit is None else min(self.tree.height, self.limit)

    def kind(self, node: int) -> str:
        return self.own_kinds[node] or self.level_kinds[self.tree.depths[node]]

    @cached_property
    def kinds(self) -> tuple[str, ...]:
        return tuple(self.kind(node) for node in range(len(self.tree)))

    @cached_property
    def rows(self) -> list[int]:
        """Each node's row in the node table, the id events name it by (-1 below the limit)."""
        if self.depth == self.tree.height:
            return list(range(len(self.tree)))
        rows = [-1] * len(self.tree)
        for row, node in enumerate(self.nodes()):
            rows[node] = row
        return rows

    def is_terminal(self, node: int) -> bool:
        return not self.tree.children[node] or (
            self.limit is not None and self.tree.depths[node] >= self.limit
        )

    def nodes(self) -> range | list[int]:
        """Nodes within the depth limit, in preorder."""
        if self.depth == self.tree.height:
            return range(len(self.tree))
        depths, limit = self.tree.depths, self.limit
        return [n for n in range(len(self.tree)) if depths[n] <= limit]

    def count_within(self, roots: list[int]) -> int:
        """How many nodes of the subtrees at ``roots`` are within the depth limit."""
        ends = self.tree.ends
        if self.depth == self.tree.height:
            return sum(ends[root] - root for root in roots)
        depths, limit = self.tree.depths, self.limit
        return sum(1 for root in roots for n in range(root, ends[root]) if depths[n] <= limit)


def make_view(tree: Tree, players: tuple[str, ...], algorithm: str, limit: int | None) -> View:
    """Resolve kinds (expectimax turns MIN into chance) and check heuristic values."""

    def effective(kind: str | None) -> str | None:
        return CHANCE if algorithm == "expectimax" and kind == MIN else kind

    level_kinds = tuple(effective(players[d % len(players)]) for d in range(tree.height + 1))
    own_kinds = tree.types
    if algorithm == "expectimax" and tree.has_types:
        own_kinds = tuple(effective(kind) for kind in tree.types)
    view = View(tree, level_kinds, own_kinds, limit)
    if limit is not None and limit < tree.height:
        levels = tree.levels[limit]
        if levels.inner:
            for node in view.nodes():
                if tree.depths[node] == limit and tree.children[node] and tree.values[node] is None:
                    raise node_error(
                        tree.path(node),
                        Message(
                            N_("is cut off by the depth limit {limit} but has no heuristic value"),
                            limit=limit,
                        ),
                    )
    return view


def combine_chance(tree: Tree, node: int, child_values: list[Number]) -> Number:
    """Expectation over a chance node's children: weighted by ``p`` if given, else uniform."""
    kids = tree.children[node]
    if tree.probabilities[kids[0]] is None:
        return sum(child_values) / len(kids)
    total: Number = 0
    for child, value in zip(kids, child_values, strict=True):
        total += tree.probabilities[child] * value
    return total


def exact_values(view: View) -> list[Number | None]:
    """Every node's game value under the view (``None`` below the depth limit)."""
    tree = view.tree
    values: list[Number | None] = [None] * len(tree)
    for node in reversed(view.nodes()):
        if view.is_terminal(node):
            values[node] = tree.values[node]
            continue
        child_values = [values[c] for c in tree.children[node]]
        kind = view.kinds[node]
        if kind == MAX:
            values[node] = max(child_values)
        elif kind == MIN:
            values[node] = min(child_values)
        else:
            values[node] = combine_chance(tree, node, child_values)
    return values
