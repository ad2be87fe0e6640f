"""PVS's question: "which children are re-searched?" (tap the children whose null-window
test fails high inside the window, so that they are searched again with the full window).

Read from PVS's trace (app/engine/negamax.py): a child is **tested** when its parent enters
it after searching another child and the parent's own bound is finite (α at a MAX node, β
at a MIN node): it is entered with a null window, "is it better than the bound?". A
``research`` event follows the test's exit when the child came back better than the bound
and not past the other end of the window; the child is then entered again. The truth is
the rows with a ``research`` event, each at that event's step. Every sentence names the
parent, the bound and the value the test returned, from the parent's side (a MIN parent's
better is smaller).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.tree import MAX
from ..explain import fmt
from ..node_table import NodeTable, bound
from ..words import _


@dataclass
class Test:
    """A null-window test: the parent's window when it started, what the child returned."""

    parent: int
    alpha: float
    beta: float
    returned: float | None = None


class Research:
    """The tests and re-searches of a PVS trace, by row."""

    def __init__(self, table: NodeTable):
        self.table = table
        self.tests: dict[int, Test] = {}  # row → its last test
        self.researched: dict[int, int] = {}  # row → its research step
        self.full: dict[int, tuple[float, float]] = {}  # row → its re-search window
        self.untested: dict[int, str] = {}  # an entered row never tested → "first" or "open"
        window: dict[int, tuple[float, float]] = {}  # row → (α, β) while it runs
        done: dict[int, int] = {}  # row → children returned in its current search
        pending: dict[int, Test] = {}
        again = False
        for index, event in enumerate(table.events):
            kind, row = event[0], event[1]
            if kind == "research":
                self.researched[row] = index + 1
                self.full[row] = (bound(event[2]), bound(event[3]))
                again = True
            elif kind == "enter":
                parent = table.parents[row]
                if parent is not None and not again:
                    self._arrive(row, parent, window[parent], done[parent], pending)
                again = False
                window[row] = (bound(event[3]), bound(event[4]))
                done[row] = 0
            elif kind == "update":
                window[row] = (bound(event[5]), bound(event[6]))
                done[row] += 1
            elif kind == "exit" and row in pending:
                pending.pop(row).returned = event[2]

    def _arrive(self, row, parent, window, done, pending) -> None:
        alpha, beta = window
        own = alpha if self.table.nodes[parent]["kind"] == MAX else -beta
        if done and own > -float("inf"):
            self.tests[row] = pending[row] = Test(parent, alpha, beta)
        else:
            self.untested.setdefault(row, "first" if not done else "open")

    def truth(self) -> dict[int, int]:
        return dict(self.researched)

    def explain(self, row: int) -> str:
        """Why ``row`` is searched again, or not."""
        table = self.table
        test = self.tests.get(row)
        if test is None:
            return self._untested(row)
        maximizing = table.nodes[test.parent]["kind"] == MAX
        value = test.returned
        values = {
            "node": table.names[row],
            "parent": table.names[test.parent],
            "bound": fmt(test.alpha if maximizing else test.beta),
            "value": fmt(value),
            "alpha": fmt(test.alpha),
            "beta": fmt(test.beta),
        }
        if row in self.researched:
            low, high = self.full[row]
            values.update(low=fmt(low), high=fmt(high))
            if maximizing:
                return _(
                    "{node}'s null-window test asks: is {node} better than {bound} for MAX at "
                    "{parent}? It returned {value} > {bound}, a fail high, so {node} is searched "
                    "again with the full window ({low}, {high}).",
                    **values,
                )
            return _(
                "{node}'s null-window test asks: is {node} better than {bound} for MIN at "
                "{parent}? It returned {value} < {bound}, a fail low, better for MIN, so {node} "
                "is searched again with the full window ({low}, {high}).",
                **values,
            )
        if maximizing and value > test.alpha:
            return _(
                "{node}'s null-window test asks: is {node} better than {bound} for MAX at "
                "{parent}? It returned {value} ≥ β = {beta}, a fail high at or above β, so "
                "{parent} cuts off and {node} is not searched again.",
                **values,
            )
        if not maximizing and value < test.beta:
            return _(
                "{node}'s null-window test asks: is {node} better than {bound} for MIN at "
                "{parent}? It returned {value} ≤ α = {alpha}, at or below α, so {parent} cuts "
                "off and {node} is not searched again.",
                **values,
            )
        if maximizing:
            return _(
                "{node}'s null-window test asks: is {node} better than {bound} for MAX at "
                "{parent}? It returned {value} ≤ {bound}, a fail low: {node} is no better, so "
                "{node} is not searched again.",
                **values,
            )
        return _(
            "{node}'s null-window test asks: is {node} better than {bound} for MIN at "
            "{parent}? It returned {value} ≥ {bound}, a fail high: {node} is no better, so "
            "{node} is not searched again.",
            **values,
        )

    def _untested(self, row: int) -> str:
        table = self.table
        node = table.names[row]
        parent = table.parents[row]
        if parent is None:
            return _("{node} is searched once: the root is never tested.", node=node)
        at = table.names[parent]
        if row not in table.reached:
            return _(
                "{node} is never reached: a cutoff above it skips it, so it is never tested.",
                node=node,
            )
        if row not in self.untested:
            return _(
                "{node} is a leaf: its value is exact, so it is never tested or searched again.",
                node=node,
            )
        if self.untested[row] == "first":
            return _(
                "{node} is searched with {parent}'s full window: it is {parent}'s first child, "
                "never tested.",
                node=node,
                parent=at,
            )
        bound_name = "α = −∞" if table.nodes[parent]["kind"] == MAX else "β = ∞"
        return _(
            "{node} is searched with {parent}'s full window: {parent} has no bound yet "
            "({bound}), so there is nothing to test.",
            node=node,
            parent=at,
            bound=bound_name,
        )
