"""Seeded random trees, for practice, experiments and benchmarks.

The same arguments always give the same tree (``random.Random(seed)``), so a tree can be
shared as its parameters alone.
"""

from __future__ import annotations

import math
import random
from typing import Any

from .errors import N_, EngineError, Message

MAX_RANDOM_NODES = 250_000
RAGGED_LEAF_CHANCE = 0.25


def random_tree(
    seed: int = 0,
    depth: int = 3,
    branching: int | tuple[int, int] | list[int] = 2,
    low: float = 0,
    high: float = 100,
    real: bool = False,
    ragged: bool = False,
    max_nodes: int = MAX_RANDOM_NODES,
) -> Any:
    """A tree in shorthand (nested lists), built breadth-first without recursion.

    ``branching`` is a fixed count or an inclusive range; ``ragged`` lets inner positions
    below the root become leaves early (a quarter of the time), as real game trees do, while
    at least one path always reaches ``depth``.
    """
    lo_branch, hi_branch = _branching(branching)
    _check(depth, low, high)
    rng = random.Random(seed)

    def leaf_value() -> float:
        return round(rng.uniform(low, high), 2) if real else rng.randint(int(low), int(high))

    if depth == 0:
        return leaf_value()
    root: list[Any] = []
    level: list[list[Any]] = [root]
    count = 1
    for current in range(depth):
        below: list[list[Any]] = []
        last_level = current == depth - 1
        for node in level:
            width = rng.randint(lo_branch, hi_branch)
            count += width
            if count > max_nodes:
                raise EngineError(
                    Message(
                        N_("random tree: more than {limit} nodes; lower depth or branching"),
                        limit=f"{max_nodes:,}",
                    )
                )
            early = [ragged and rng.random() < RAGGED_LEAF_CHANCE for _ in range(width)]
            if all(early):  # keep one path going, so the tree really is `depth` deep
                early[rng.randrange(width)] = False
            for is_leaf in early:
                if last_level or is_leaf:
                    node.append(leaf_value())
                else:
                    child: list[Any] = []
                    node.append(child)
                    below.append(child)
        level = below
    return root


BRANCHING_SHAPE = N_("random tree: branching must be a whole number or a [low, high] pair")


def _branching(branching: int | tuple[int, int] | list[int]) -> tuple[int, int]:
    if isinstance(branching, bool):
        raise EngineError(BRANCHING_SHAPE)
    if isinstance(branching, int):
        lo, hi = branching, branching
    elif (
        isinstance(branching, list | tuple)
        and len(branching) == 2
        and all(isinstance(b, int) and not isinstance(b, bool) for b in branching)
    ):
        lo, hi = branching
    else:
        raise EngineError(BRANCHING_SHAPE)
    if not 1 <= lo <= hi <= 20:
        raise EngineError(N_("random tree: branching must be between 1 and 20 (low ≤ high)"))
    return lo, hi


def _check(depth: int, low: float, high: float) -> None:
    if isinstance(depth, bool) or not isinstance(depth, int) or not 0 <= depth <= 30:
        raise EngineError(N_("random tree: depth must be a whole number from 0 to 30"))
    for name, bound in (("low", low), ("high", high)):
        # NaN passes every comparison: without isfinite it reached randint (a 500) or the
        # tree (a NaN leaf, which is not JSON).
        if (
            isinstance(bound, bool)
            or not isinstance(bound, int | float)
            or not math.isfinite(bound)
            or abs(bound) > 1e9
        ):
            raise EngineError(
                Message(
                    N_("random tree: {name} must be a finite number between -1e9 and 1e9"),
                    name=name,
                )
            )
    if low > high:
        raise EngineError(N_("random tree: low must not be above high"))
