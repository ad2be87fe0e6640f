"""Minimax against alpha-beta on random binary trees, one row per seed.

One article quotes 2,047 nodes for minimax and 681 for alpha-beta on a random binary tree of
depth 10: a single draw. Over many seeds the class sees the spread instead. Seed ``S`` is the
tree of ``python -m app.engine random --seed S --depth D --branching 2`` and of the
visualizer's random tree (integer leaves, uniform in 0..100).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from ..engine import RULES, EngineError, SearchOptions, parse_tree
from ..engine.errors import N_, Message
from ..engine.generators import random_tree
from ..engine.options import MAX_SEED
from . import choice, search_summary, span, whole_number

LOW, HIGH = 0, 100
MAX_DEPTH = 14
MAX_SEEDS = 10_000
# Leaves generated over a run (seeds × 2^depth): 10,000 seeds at depth 10, about 40 s here.
MAX_LEAVES = 10_240_000


@dataclass(frozen=True)
class RandomBinary:
    """Alpha-beta (under ``rule``) on the random binary tree of ``depth`` for every seed in the
    inclusive range ``seeds``."""

    depth: int = 10
    seeds: tuple[int, int] = (0, 99)
    rule: str = "standard"

    columns: ClassVar[tuple[str, ...]] = (
        "seed",
        "minimax_nodes",
        "alphabeta_nodes",
        "alphabeta_leaves",
        "minimax_leaves",
        "cutoffs",
        "percent_saved",
    )

    def __post_init__(self) -> None:
        whole_number(self.depth, "depth", 1, MAX_DEPTH)
        first, last = span(self.seeds, "seeds", 0, MAX_SEED)
        count = last - first + 1
        if count > MAX_SEEDS:
            raise EngineError(
                Message(
                    N_("seeds: at most {limit} seeds at a time, not {count}"),
                    limit=f"{MAX_SEEDS:,}",
                    count=f"{count:,}",
                ),
                field="seeds",
            )
        if count * 2**self.depth > MAX_LEAVES:
            raise EngineError(
                Message(
                    N_(
                        "seeds: {count} trees of {leaves} leaves is too much work; at most "
                        "{limit} seeds at depth {depth}"
                    ),
                    count=f"{count:,}",
                    leaves=f"{2**self.depth:,}",
                    limit=f"{MAX_LEAVES // 2**self.depth:,}",
                    depth=self.depth,
                ),
                field="seeds",
            )
        object.__setattr__(self, "seeds", (first, last))
        choice(self.rule, "rule", RULES)

    def total_rows(self) -> int:
        return self.seeds[1] - self.seeds[0] + 1

    def rows(self) -> Iterator[dict[str, Any]]:
        options = SearchOptions(algorithm="alphabeta", rule=self.rule)
        for seed in range(self.seeds[0], self.seeds[1] + 1):
            tree = parse_tree(random_tree(seed, self.depth, 2, LOW, HIGH))
            summary = search_summary(tree, options)
            yield {
                "seed": seed,
                "minimax_nodes": summary["minimax_nodes"],
                "alphabeta_nodes": summary["nodes_visited"],
                "alphabeta_leaves": summary["leaves_evaluated"],
                "minimax_leaves": summary["minimax_leaves"],
                "cutoffs": sum(summary["cutoffs"].values()),
                "percent_saved": summary["percent_saved"],
            }
