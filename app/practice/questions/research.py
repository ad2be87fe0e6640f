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
        names, name = table.names, table.names[row]
        test = self.tests.get(row)
        if test is None:
            return self._untested(row)
        at = names[test.parent]
        maximizing = table.nodes[test.parent]["kind"] == MAX
        mark = test.alpha if maximizing else test.beta
        side = "MAX" if maximizing else "MIN"
        asks = (
            f"{name}'s null-window test asks: is {name} better than {fmt(mark)} for {side} at {at}?"
        )
        value = test.returned
        if row in self.researched:
            low, high = self.full[row]
            relation = ">" if maximizing else "<"
            fail = "a fail high" if maximizing else "a fail low, better for MIN"
            return (
                f"{asks} It returned {fmt(value)} {relation} {fmt(mark)}, {fail}, so {name} is "
                f"searched again with the full window ({fmt(low)}, {fmt(high)})."
            )
        if maximizing and value > test.alpha:
            return (
                f"{asks} It returned {fmt(value)} ≥ β = {fmt(test.beta)}, a fail high at or above "
                f"β, so {at} cuts off and {name} is not searched again."
            )
        if not maximizing and value < test.beta:
            return (
                f"{asks} It returned {fmt(value)} ≤ α = {fmt(test.alpha)}, at or below α, so "
                f"{at} cuts off and {name} is not searched again."
            )
        relation, fail = ("≤", "a fail low") if maximizing else ("≥", "a fail high")
        return (
            f"{asks} It returned {fmt(value)} {relation} {fmt(mark)}, {fail}: {name} is no "
            f"better, so {name} is not searched again."
        )

    def _untested(self, row: int) -> str:
        table = self.table
        name = table.names[row]
        parent = table.parents[row]
        if parent is None:
            return f"{name} is searched once: the root is never tested."
        at = table.names[parent]
        if row not in table.reached:
            return f"{name} is never reached: a cutoff above it skips it, so it is never tested."
        if row not in self.untested:
            return f"{name} is a leaf: its value is exact, so it is never tested or searched again."
        if self.untested[row] == "first":
            first = f"it is {at}'s first child, never tested"
            return f"{name} is searched with {at}'s full window: {first}."
        bound_name = "α = −∞" if table.nodes[parent]["kind"] == MAX else "β = ∞"
        return (
            f"{name} is searched with {at}'s full window: {at} has no bound yet ({bound_name}), "
            f"so there is nothing to test."
        )
