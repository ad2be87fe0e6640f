"""How much move ordering decides: alpha-beta on the same uniform trees, ordered perfectly,
at random and worst-first.

Leaf values are distinct (a seeded shuffle of 0..b^d − 1), the condition of the Knuth–Moore
theorem: perfect ordering then evaluates exactly b^⌈d/2⌉ + b^⌊d/2⌋ − 1 leaves. Trial ``t``
of seed ``S`` shuffles with ``random.Random(S + t)`` and orders ``random`` with seed S + t.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from ..engine import RULES, SearchOptions, Tree, parse_tree
from ..engine.tree import Limits
from . import MAX_TREE_LEAVES, choice, search_summary, uniform_trials
from .stats import mean

ORDERINGS = ("perfect", "random", "worst")
SHAPE = ("minimax_nodes", "minimax_leaves", "knuth_moore_leaves")  # the same for every trial
LIMITS = Limits(max_nodes=2 * MAX_TREE_LEAVES)  # a uniform tree has fewer than 2·b^d nodes


def distinct_tree(branching: int, depth: int, seed: int) -> Tree:
    """The uniform tree whose leaves, left to right, are a seeded shuffle of 0..b^d − 1."""
    level: list[Any] = list(range(branching**depth))
    random.Random(seed).shuffle(level)
    for _ in range(depth):
        level = [level[i : i + branching] for i in range(0, len(level), branching)]
    return parse_tree(level[0], LIMITS)


@dataclass(frozen=True)
class MoveOrdering:
    """``trials`` trees per depth in the inclusive range ``depths``, each searched by alpha-beta
    (under ``rule``) in every ordering of ``ORDERINGS``: one row per depth and ordering."""

    branching: int = 2
    depths: tuple[int, int] = (1, 10)
    trials: int = 20
    seed: int = 0
    rule: str = "standard"

    columns: ClassVar[tuple[str, ...]] = (
        "depth",
        "ordering",
        "trials",
        "nodes_mean",
        "leaves_mean",
        "leaves_min",
        "leaves_max",
        "minimax_nodes",
        "minimax_leaves",
        "knuth_moore_leaves",
    )

    def __post_init__(self) -> None:
        depths = uniform_trials(self.branching, self.depths, self.trials, self.seed)
        object.__setattr__(self, "depths", depths)
        choice(self.rule, "rule", RULES)

    def total_rows(self) -> int:
        return (self.depths[1] - self.depths[0] + 1) * len(ORDERINGS)

    def rows(self) -> Iterator[dict[str, Any]]:
        for depth in range(self.depths[0], self.depths[1] + 1):
            nodes: dict[str, list[int]] = {ordering: [] for ordering in ORDERINGS}
            leaves: dict[str, list[int]] = {ordering: [] for ordering in ORDERINGS}
            for seed in range(self.seed, self.seed + self.trials):
                tree = distinct_tree(self.branching, depth, seed)
                for ordering in ORDERINGS:
                    options = SearchOptions(rule=self.rule, ordering=ordering, seed=seed)
                    summary = search_summary(tree, options)
                    nodes[ordering].append(summary["nodes_visited"])
                    leaves[ordering].append(summary["leaves_evaluated"])
            shape = {key: summary[key] for key in SHAPE}
            for ordering in ORDERINGS:
                yield {
                    "depth": depth,
                    "ordering": ordering,
                    "trials": self.trials,
                    "nodes_mean": round(mean(nodes[ordering]), 2),
                    "leaves_mean": round(mean(leaves[ordering]), 2),
                    "leaves_min": min(leaves[ordering]),
                    "leaves_max": max(leaves[ordering]),
                    **shape,
                }
