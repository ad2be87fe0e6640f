"""PVS/NegaScout's null window: the test "is this child better than α?".

PVS searches a node's first child with the full window and every later child with a null
window (α, α′), where α′ is the next value a node can take above α: a fail-soft result of at
least α′ then proves the child better than α (it is searched again with the full window),
and a result of at most α proves it no better. When every leaf is a whole number, α′ is
⌊α⌋ + 1, the textbook's (α, α + 1); otherwise it is the least leaf value (negated or not,
as negamax sees values) above α. Either way no value lies strictly between α and α′, so
the test is exact on any tree, and the window drawn is one students can read: (3, 4), or
(2.5, 3.75) on a tree whose values are 2.5 and 3.75.

Why not the zero-width window (α, α)? With the standard rule (cut off when α ≥ β) it tests
"v ≥ α", not "v > α": a child equal to α would fail high and be searched again for nothing.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Callable

from .evaluation import View
from .tree import Number


def null_window(view: View) -> Callable[[Number], Number]:
    """``above(α)``: the upper end of the null window (α, above(α)) for this tree's values."""
    # Every value the tree holds (a superset of the values the search can reach: heuristic
    # values above a depth limit, leaves below it), so the grid is fine enough either way.
    values = [v for v in view.tree.values if v is not None]
    if all(float(v).is_integer() for v in values):
        return lambda alpha: math.floor(alpha) + 1
    grid = sorted({*values, *(-v for v in values)})

    def above(alpha: Number) -> Number:
        index = bisect_right(grid, alpha)
        return grid[index] if index < len(grid) else alpha + 1

    return above
