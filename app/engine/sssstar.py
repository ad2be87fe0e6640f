"""SSS* as MTD(+∞): Stockman's best-first search (1979), run as Plaat et al. (1996) showed it
can be, as MTD(f) from the first guess f = +∞.

The first pass, with the window (+∞ − 1, +∞), expands one child of every MIN node and every
child of every MAX node: the leftmost solution tree, whose value is an upper bound on the
root. Each later pass tests that bound with a null window, and the transposition table
makes it re-expand only the part of the tree the bound came from, as SSS*'s OPEN list does.
Plaat et al. prove the two evaluate the same leaves in the same order; Stockman proved SSS*
never evaluates a leaf that alpha-beta (same ordering) skips. The tests check both against
a best-first OPEN-list SSS* written from Stockman's paper.
"""

from __future__ import annotations

from .events import INF
from .mtdf import MTDSearch


class SSSStarSearch(MTDSearch):
    """MTD(+∞): its passes say ``why: "sssstar"``; ``options.guess`` does not apply."""

    why = "sssstar"

    def first_guess(self) -> float:
        return INF
