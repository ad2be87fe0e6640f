"""What the pruning rule costs on trees full of ties: standard (prune when α ≥ β) against
strict (the CS188 autograder's: never prune on equality) on the same random uniform trees.

Leaves take ``values`` integer values, 0..values − 1, so ties are common. Trial ``t`` of seed
``S`` at depth ``d`` is the tree of ``python -m app.engine random --seed S+t --depth d
--branching b --high values−1``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from ..engine import RULES, SearchOptions, parse_tree
from ..engine.generators import random_tree
from . import choice, search_summary, uniform_trials, whole_number
from .ordering import LIMITS
from .stats import mean

ORDERINGS = ("given", "random", "perfect", "worst")
MAX_VALUES = 1_000


@dataclass(frozen=True)
class PruningRules:
    """``trials`` trees per depth in the inclusive range ``depths``, each searched by alpha-beta
    under both rules in the same ``ordering``: one row per depth."""

    branching: int = 2
    depths: tuple[int, int] = (1, 10)
    trials: int = 20
    seed: int = 0
    values: int = 3
    ordering: str = "given"

    columns: ClassVar[tuple[str, ...]] = (
        "depth",
        "trials",
        "standard_leaves_mean",
        "strict_leaves_mean",
        "standard_nodes_mean",
        "strict_nodes_mean",
        "minimax_leaves",
    )

    def __post_init__(self) -> None:
        depths = uniform_trials(self.branching, self.depths, self.trials, self.seed)
        object.__setattr__(self, "depths", depths)
        whole_number(self.values, "values", 1, MAX_VALUES)
        choice(self.ordering, "ordering", ORDERINGS)

    def total_rows(self) -> int:
        return self.depths[1] - self.depths[0] + 1

    def rows(self) -> Iterator[dict[str, Any]]:
        b, high = self.branching, self.values - 1
        for depth in range(self.depths[0], self.depths[1] + 1):
            nodes: dict[str, list[int]] = {rule: [] for rule in RULES}
            leaves: dict[str, list[int]] = {rule: [] for rule in RULES}
            for seed in range(self.seed, self.seed + self.trials):
                shorthand = random_tree(seed, depth, b, 0, high, max_nodes=LIMITS.max_nodes)
                tree = parse_tree(shorthand, LIMITS)
                for rule in RULES:
                    options = SearchOptions(rule=rule, ordering=self.ordering, seed=seed)
                    summary = search_summary(tree, options)
                    nodes[rule].append(summary["nodes_visited"])
                    leaves[rule].append(summary["leaves_evaluated"])
            yield {
                "depth": depth,
                "trials": self.trials,
                "standard_leaves_mean": round(mean(leaves["standard"]), 2),
                "strict_leaves_mean": round(mean(leaves["strict"]), 2),
                "standard_nodes_mean": round(mean(nodes["standard"]), 2),
                "strict_nodes_mean": round(mean(nodes["strict"]), 2),
                "minimax_leaves": summary["minimax_leaves"],
            }
