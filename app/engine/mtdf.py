"""MTD(f): passes of null-window alpha-beta with memory until the root's bounds meet.

Plaat, Schaeffer, Pijls and de Bruin (1996). Each pass tests "is the root's value at least
β?" with the null window (β − 1, β) and a transposition table (TT) that keeps every searched
node's lower and upper bound between passes (the tree has no transpositions, so the table
is keyed by node). A pass that fails high raises the lower bound, one that fails low lowers
the upper bound; the search ends when they meet. The first guess is ``options.guess``
(default 0). The null window needs whole-number leaf values, and MTD(f) is a minimax search:
a tree with a chance node is refused, naming it.

Events (docs/protocol.md): ``pass`` starts each pass, ``tt`` reports the table answering or
narrowing a window (``hit``) and a node's bounds after its search (``store``); the rest are
alpha-beta's events. A node answered by the table is not entered; a leaf's value is stored
exact, so no leaf is evaluated twice. sssstar.py runs the same search from f = +∞.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .errors import node_error
from .events import INF, wire
from .search import Search
from .summary import summarize
from .tree import CHANCE, MAX

DEFAULT_GUESS = 0


class MTDSearch(Search):
    """MTD(f) over one tree; ``why`` names its passes in ``pass`` events."""

    why = "mtdf"

    def __init__(self, tree, options):
        super().__init__(tree, options)
        check_minimax_integers(self.view, options.algorithm)
        self.passes: list[dict[str, Any]] = []

    def first_guess(self) -> float:
        return DEFAULT_GUESS if self.options.guess is None else self.options.guess

    def _run(self, size: int) -> Iterator[list[tuple]]:
        tree = self.tree
        count = len(tree)
        self._lower, self._upper = [-INF] * count, [INF] * count
        self._stored = bytearray(count)
        self._seen = bytearray(count)
        self._entered: list[int] = []
        self._best: dict[int, int] = {}
        self._leaves = 0
        self._events: list[tuple] = []
        emit = self._events.append
        g, lower, upper = self.first_guess(), -INF, INF
        while lower < upper:
            beta = g + 1 if g == lower else g
            emit(("pass", len(self.passes) + 1, wire(beta - 1), wire(beta), self.why))
            g = self._visit(0, beta - 1, beta)
            if g < beta:
                upper = g
            else:
                lower = g
            self.passes.append(
                {"alpha": wire(beta - 1), "beta": wire(beta), "value": wire(g)}
                | {"lower": wire(lower), "upper": wire(upper)}
            )
        self._finish_mtd(g)
        events = self._events
        for start in range(0, len(events), size):
            yield events[start : start + size]

    def _visit(self, node: int, alpha: float, beta: float) -> float:
        """Fail-soft alpha-beta with memory (Plaat et al.'s AlphaBetaWithMemory)."""
        emit, ids = self._events.append, self.view.rows
        row = ids[node]
        self._seen[node] = 1
        if self._stored[node]:
            low, high = self._lower[node], self._upper[node]
            if low >= beta or high <= alpha or low > alpha or high < beta:
                emit(("tt", row, "hit", wire(low), wire(high)))
            if low >= beta:
                return low
            if high <= alpha:
                return high
            alpha, beta = max(alpha, low), min(beta, high)
        tree = self.tree
        if self.view.is_terminal(node):
            g = tree.values[node]
            self._leaves += 1
            event = ("leaf", row, g, wire(alpha), wire(beta))
            emit((*event, True) if tree.children[node] else event)
            self._store(node, g, g)
            return g
        kind = self.view.kinds[node]
        self._entered.append(node)
        emit(("enter", row, kind, wire(alpha), wire(beta)))
        order = self.orders[node]
        best = -1
        if kind == MAX:
            g, a = -INF, alpha
            for position, child in enumerate(order):
                returned = self._visit(child, a, beta)
                if returned > g:
                    g, best = returned, child
                a = max(a, g)
                emit(("update", row, ids[child], returned, wire(g), wire(a), wire(beta)))
                if g >= beta:
                    self._cut(node, "beta", g, ">=", beta, order[position + 1 :])
                    break
        else:
            g, b = INF, beta
            for position, child in enumerate(order):
                returned = self._visit(child, alpha, b)
                if returned < g:
                    g, best = returned, child
                b = min(b, g)
                emit(("update", row, ids[child], returned, wire(g), wire(alpha), wire(b)))
                if g <= alpha:
                    self._cut(node, "alpha", g, "<=", alpha, order[position + 1 :])
                    break
        self._best[node] = best
        emit(("exit", row, wire(g), ids[best] if best >= 0 else None))
        if g <= alpha:
            self._store(node, self._lower[node], g)
        elif g >= beta:
            self._store(node, g, self._upper[node])
        else:
            self._store(node, g, g)
        return g

    def _cut(self, node, side, value, relation, bound, skipped) -> None:
        ids = self.view.rows
        pruned = [ids[c] for c in skipped]
        self._events.append(("cutoff", ids[node], side, wire(value), relation, wire(bound), pruned))
        self.counters.cutoffs[side] += 1

    def _store(self, node: int, low: float, high: float) -> None:
        low, high = max(low, self._lower[node]), min(high, self._upper[node])
        self._lower[node], self._upper[node] = low, high
        self._stored[node] = 1
        self._events.append(("tt", self.view.rows[node], "store", wire(low), wire(high)))

    def _finish_mtd(self, value: float) -> None:
        counters = self.counters
        counters.inner, counters.leaves = len(self._entered), self._leaves
        seen, children = self._seen, self.tree.children
        counters.pruned = [c for n in set(self._entered) for c in children[n] if not seen[c]]
        summary = summarize(
            self.view, counters, self.options.to_data(), value, self._proven_variation(value)
        )
        summary["passes"] = self.passes
        self._summary = summary

    def _proven_variation(self, value: float) -> dict[int, int]:
        """The principal variation the table proves: from each node on it, the child whose
        stored bound shows it reaches the value (a MAX child with lower bound ≥ v, a MIN
        child with upper bound ≤ v), falling back on the last pass's best child."""
        best: dict[int, int] = {}
        node = 0
        while node in self._best:
            maximizing = self.view.kinds[node] == MAX
            proven = [
                c
                for c in self.orders[node]
                if self._stored[c]
                and (self._lower[c] >= value if maximizing else self._upper[c] <= value)
            ]
            best[node] = proven[0] if proven else self._best[node]
            node = best[node]
        return best


def check_minimax_integers(view, algorithm: str) -> None:
    """MTD(f) and SSS* search MAX/MIN trees with whole-number values: refuse a chance node or
    a fractional value, naming the node."""
    tree = view.tree
    for node in view.nodes():
        if view.kinds[node] == CHANCE and not view.is_terminal(node):
            raise node_error(
                tree.path(node),
                f"is a chance node: {algorithm} searches MAX/MIN trees "
                "(star1 or star2 prune at chance nodes)",
            )
        if view.is_terminal(node):
            value = tree.values[node]
            if value != int(value):
                raise node_error(
                    tree.path(node),
                    f"has the value {value}: {algorithm}'s null window (β − 1, β) "
                    "needs whole-number leaf values",
                )
