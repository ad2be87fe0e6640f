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

from .errors import N_, Message, node_error
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
        # Alpha-beta with memory as one closure over local names: the hot path, written for
        # speed (bench/engine_passes.py) rather than for brevity.
        tree, view = self.tree, self.view
        children, values, depths, ids = tree.children, tree.values, tree.depths, view.rows
        own_kinds, level_kinds, orders = view.own_kinds, view.level_kinds, self.orders
        limit = -1 if view.limit is None else view.limit
        count = len(tree)
        lower, upper, stored = [-INF] * count, [INF] * count, bytearray(count)
        entered, evaluated, best_child = [], [], {}  # inner nodes entered, leaves evaluated
        cutoffs = self.counters.cutoffs
        events: list[tuple] = []
        emit = events.append

        def store(node, low, high):
            if low < lower[node]:
                low = lower[node]
            if high > upper[node]:
                high = upper[node]
            lower[node], upper[node], stored[node] = low, high, 1
            emit(("tt", ids[node], "store", wire(low), wire(high)))

        def visit(node, alpha, beta):
            row = ids[node]
            if stored[node]:
                low, high = lower[node], upper[node]
                if low >= beta or high <= alpha or low > alpha or high < beta:
                    emit(("tt", row, "hit", wire(low), wire(high)))
                if low >= beta:
                    return low
                if high <= alpha:
                    return high
                alpha, beta = max(alpha, low), min(beta, high)
            kids = children[node]
            if not kids or depths[node] == limit:
                g = values[node]
                evaluated.append(node)
                emit(("leaf", row, g, wire(alpha), wire(beta), True) if kids else ("leaf", row, g, wire(alpha), wire(beta)))  # fmt: skip  # noqa: E501
                store(node, g, g)
                return g
            kind = own_kinds[node] or level_kinds[depths[node]]
            entered.append(node)
            emit(("enter", row, kind, wire(alpha), wire(beta)))
            order = orders[node]
            best = order[0]
            if kind == MAX:
                g, a = -INF, alpha
                for position, child in enumerate(order):
                    returned = visit(child, a, beta)
                    if returned > g:
                        g, best = returned, child
                    if g > a:
                        a = g
                    emit(("update", row, ids[child], returned, wire(g), wire(a), wire(beta)))
                    if g >= beta:
                        pruned = [ids[c] for c in order[position + 1 :]]
                        emit(("cutoff", row, "beta", wire(g), ">=", wire(beta), pruned))
                        cutoffs["beta"] += 1
                        break
            else:
                g, b = INF, beta
                for position, child in enumerate(order):
                    returned = visit(child, alpha, b)
                    if returned < g:
                        g, best = returned, child
                    if g < b:
                        b = g
                    emit(("update", row, ids[child], returned, wire(g), wire(alpha), wire(b)))
                    if g <= alpha:
                        pruned = [ids[c] for c in order[position + 1 :]]
                        emit(("cutoff", row, "alpha", wire(g), "<=", wire(alpha), pruned))
                        cutoffs["alpha"] += 1
                        break
            best_child[node] = best
            emit(("exit", row, wire(g), ids[best]))
            if g <= alpha:
                store(node, lower[node], g)
            elif g >= beta:
                store(node, g, upper[node])
            else:
                store(node, g, g)
            return g

        g, low, high = self.first_guess(), -INF, INF
        while low < high:
            beta = g + 1 if g == low else g
            emit(("pass", len(self.passes) + 1, wire(beta - 1), wire(beta), self.why))
            g = visit(0, beta - 1, beta)
            if g < beta:
                high = g
            else:
                low = g
            self.passes.append(
                {"alpha": wire(beta - 1), "beta": wire(beta), "value": wire(g)}
                | {"lower": wire(low), "upper": wire(high)}
            )
        self._lower, self._upper, self._stored, self._best = lower, upper, stored, best_child
        counters = self.counters
        counters.inner, counters.leaves = len(entered), len(evaluated)
        seen = {*entered, *evaluated}  # a node the table answered was searched before
        counters.pruned = [c for n in set(entered) for c in children[n] if c not in seen]
        summary = summarize(view, counters, self.options.to_data(), g, self._proven_variation(g))
        summary["passes"] = self.passes
        self._summary = summary
        for start in range(0, len(events), size):
            yield events[start : start + size]

    def _proven_variation(self, value: float) -> dict[int, int]:
        """The principal variation the table proves: from each node on it, the child whose
        stored bound shows it reaches the value (a MAX child with lower bound ≥ v, a MIN
        child with upper bound ≤ v), falling back on the last pass's best child."""
        best: dict[int, int] = {}
        node = 0
        while node in self._best:
            maximizing = self.view.kind(node) == MAX
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
    a fractional value that the search would meet, naming the node."""
    tree = view.tree
    chance = tree.has_types or CHANCE in view.level_kinds[: view.depth]
    types = set(map(type, tree.values))
    whole = types <= {int, type(None)} or all(v == int(v) for v in tree.values if v is not None)
    if whole and not chance:  # the common case, without a walk over the nodes
        return
    for node in view.nodes():
        if view.kinds[node] == CHANCE and not view.is_terminal(node):
            raise node_error(
                tree.path(node),
                Message(
                    N_(
                        "is a chance node: {algorithm} searches MAX/MIN trees "
                        "(star1 or star2 prune at chance nodes)"
                    ),
                    algorithm=algorithm,
                ),
            )
        if view.is_terminal(node):
            value = tree.values[node]
            if value != int(value):
                raise node_error(
                    tree.path(node),
                    Message(
                        N_(
                            "has the value {value}: {algorithm}'s null window (β − 1, β) "
                            "needs whole-number leaf values"
                        ),
                        value=value,
                        algorithm=algorithm,
                    ),
                )
