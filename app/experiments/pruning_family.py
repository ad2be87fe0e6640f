"""The pruning family on the same trees as move ordering goes from perfect to worst
(issue 34, docs/experiments.md): leaves evaluated and nodes visited by alpha-beta, PVS,
MTD(f) with a good and a bad first guess, SSS* and aspiration search, beside the
Knuth–Moore minimal tree.

Trees: uniform, branching b and depth d, MAX at the root, leaves a seeded shuffle of
0..b^d − 1 (distinct values, the Knuth–Moore condition; trial t uses seed S + t). The
**ordering quality** q is the chance that a node's children come best first (by their minimax
values, for the node's player); otherwise they come worst first. Each node flips its own coin,
so q = 1 is perfect ordering, q = 0 worst-first everywhere, and the qualities between mix the
two. One tree per trial is arranged anew for each quality (its coins seeded by the trial and
the quality), so every algorithm at a quality searches the very same trees.

What each search is given: MTD(f)'s good guess is the root's true value, its bad one the far
end of the value range (0 or b^d − 1, whichever is farther from the value); aspiration search
(alpha-beta) starts from a window of ±b^d/20 around the true value. Leaves are counted as the
engine counts them: every evaluation, so a leaf evaluated again in a PVS re-search or a later
pass counts again (MTD(f) and SSS* keep leaves in their table and evaluate each at most once).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from ..engine import EngineError, SearchOptions, Tree, parse_tree
from ..engine.errors import N_, Message
from ..engine.tree import Limits
from . import MAX_TREE_LEAVES, search_summary, whole_number
from .stats import mean

QUALITIES = (1.0, 0.75, 0.5, 0.25, 0.0)
MAX_DEPTH = 8
# Leaves over a run, counted once per search: trials × b^d × qualities × algorithms.
MAX_FAMILY_LEAVES = 3_000_000
LIMITS = Limits(max_nodes=2 * MAX_TREE_LEAVES)

# Each algorithm of the family: how its options follow from the tree's value and top leaf.
Options = Callable[[int, int], SearchOptions]
ALGORITHMS: dict[str, Options] = {
    "alphabeta": lambda value, top: SearchOptions(),
    "pvs": lambda value, top: SearchOptions(algorithm="pvs"),
    "mtdf-good": lambda value, top: SearchOptions(algorithm="mtdf", guess=value),
    "mtdf-bad": lambda value, top: SearchOptions(
        algorithm="mtdf", guess=0 if value > top - value else top
    ),
    "sssstar": lambda value, top: SearchOptions(algorithm="sssstar"),
    "aspiration": lambda value, top: SearchOptions(aspiration=(value, max(1, (top + 1) // 20))),
}


def leaf_values(branching: int, depth: int, seed: int) -> list[int]:
    """The leaves, left to right: a seeded shuffle of 0..b^d − 1."""
    values = list(range(branching**depth))
    random.Random(seed).shuffle(values)
    return values


def arranged(values: list[int], branching: int, quality: float, coins: random.Random) -> Any:
    """The uniform tree over ``values`` (nested lists, MAX at the root) with each node's
    children best first with chance ``quality``, else worst first; returns (tree, value)."""

    def build(low: int, size: int, maximizing: bool) -> tuple[Any, int]:
        if size == 1:
            return values[low], values[low]
        step = size // branching
        children = [build(low + k * step, step, not maximizing) for k in range(branching)]
        best_first = coins.random() < quality
        children.sort(key=lambda child: child[1], reverse=maximizing == best_first)
        worth = (max if maximizing else min)(value for _, value in children)
        return [tree for tree, _ in children], worth

    return build(0, len(values), True)


@dataclass(frozen=True)
class PruningFamily:
    """``trials`` trees of branching ``branching`` and depth ``depth``, each arranged at every
    ordering quality of ``QUALITIES`` and searched by every algorithm of ``ALGORITHMS``: one
    row per quality and algorithm."""

    branching: int = 3
    depth: int = 4
    trials: int = 20
    seed: int = 0

    columns: ClassVar[tuple[str, ...]] = (
        "quality",
        "algorithm",
        "trials",
        "leaves_mean",
        "nodes_mean",
        "leaves_min",
        "leaves_max",
        "minimax_leaves",
        "knuth_moore_leaves",
    )

    def __post_init__(self) -> None:
        whole_number(self.branching, "branching", 2, 8)
        whole_number(self.depth, "depth", 1, MAX_DEPTH)
        whole_number(self.trials, "trials", 1, 200)
        whole_number(self.seed, "seed", 0, 2**32 - 1 - self.trials)
        leaves = self.branching**self.depth
        if leaves > MAX_TREE_LEAVES:
            raise EngineError(
                Message(
                    N_(
                        "{field}: a tree of branching {branching} and depth {depth} has {count} "
                        "leaves; at most {limit}"
                    ),
                    field="depth",
                    branching=self.branching,
                    depth=self.depth,
                    count=f"{leaves:,}",
                    limit=f"{MAX_TREE_LEAVES:,}",
                ),
                field="depth",
            )
        work = self.trials * leaves * len(QUALITIES) * len(ALGORITHMS)
        if work > MAX_FAMILY_LEAVES:
            raise EngineError(
                Message(
                    N_(
                        "trials: {trials} trees of {leaves} leaves, searched {ways} ways at "
                        "{qualities} qualities, are {count} leaves; at most {limit} (fewer "
                        "trials, or a smaller tree)"
                    ),
                    trials=self.trials,
                    leaves=f"{leaves:,}",
                    ways=len(ALGORITHMS),
                    qualities=len(QUALITIES),
                    count=f"{work:,}",
                    limit=f"{MAX_FAMILY_LEAVES:,}",
                ),
                field="trials",
            )

    def total_rows(self) -> int:
        return len(QUALITIES) * len(ALGORITHMS)

    def trees(self, quality: float) -> Iterator[tuple[Tree, int]]:
        """This quality's trees, one per trial, with their root values."""
        for seed in range(self.seed, self.seed + self.trials):
            coins = random.Random(f"{seed}:{quality}")
            values = leaf_values(self.branching, self.depth, seed)
            nested, value = arranged(values, self.branching, quality, coins)
            yield parse_tree(nested, LIMITS), value

    def rows(self) -> Iterator[dict[str, Any]]:
        top = self.branching**self.depth - 1
        for quality in QUALITIES:
            leaves: dict[str, list[int]] = {name: [] for name in ALGORITHMS}
            nodes: dict[str, list[int]] = {name: [] for name in ALGORITHMS}
            summary: dict[str, Any] = {}
            for tree, value in self.trees(quality):
                for name, options in ALGORITHMS.items():
                    summary = search_summary(tree, options(value, top))
                    leaves[name].append(summary["leaves_evaluated"])
                    nodes[name].append(summary["nodes_visited"])
            for name in ALGORITHMS:
                yield {
                    "quality": quality,
                    "algorithm": name,
                    "trials": self.trials,
                    "leaves_mean": round(mean(leaves[name]), 2),
                    "nodes_mean": round(mean(nodes[name]), 2),
                    "leaves_min": min(leaves[name]),
                    "leaves_max": max(leaves[name]),
                    "minimax_leaves": summary["minimax_leaves"],
                    "knuth_moore_leaves": summary["knuth_moore_leaves"],
                }
