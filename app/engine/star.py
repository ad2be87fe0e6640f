"""Star1 and Star2: alpha-beta pruning at chance nodes when every leaf value lies in [L, U].

Ballard (1983), in the form of Hauk, Buro and Schaeffer (2004). The tree's kinds are used as
given (MAX, MIN and chance nodes: *-minimax); MAX and MIN nodes run fail-soft alpha-beta. At
a chance node with window (α, β), after some children, the value is at most
``Σ p·v (seen) + (unseen mass)·U`` and at least ``Σ p·v (seen) + (unseen mass)·L``: when the
first is ≤ α or the second ≥ β the rest cannot matter, and a ``chance_cutoff`` event says so.
Each child gets the window that makes exactly that test, clamped to [L, U].

Star2 first probes each child of a chance node (its first child only: a lower bound on a MAX
child, an upper bound on a MIN child), which can cut before any child is searched whole, then
runs Star1 with the probed bounds in place of L (or U). It needs chance levels alternating
with MAX/MIN levels and refuses another tree, naming the first node that breaks it.
"""

from __future__ import annotations

from collections.abc import Iterator

from .errors import EngineError, node_error
from .events import INF, wire
from .search import Search
from .summary import summarize
from .tree import CHANCE, MAX


class Star1Search(Search):
    """Star1 over one tree; a ``Search`` whose leaf values are checked against the bounds."""

    def __init__(self, tree, options):
        super().__init__(tree, options)
        if options.bounds is None:
            raise EngineError(
                f"{options.algorithm} needs bounds [L, U]: the range every leaf value lies in",
                field="bounds",
            )
        self.low, self.high = options.bounds
        for node in self.view.nodes():
            if self.view.is_terminal(node) and not self.low <= tree.values[node] <= self.high:
                raise node_error(
                    tree.path(node),
                    f"has the value {tree.values[node]}, outside the bounds "
                    f"[{self.low}, {self.high}]",
                )

    def _run(self, size: int) -> Iterator[list[tuple]]:
        self._seen = bytearray(len(self.tree))
        self._entered: list[int] = []
        self._best: dict[int, int] = {}
        self._leaves = 0
        self._events: list[tuple] = []
        value = self._visit(0, -INF, INF)
        counters = self.counters
        counters.inner, counters.leaves = len(self._entered), self._leaves
        children, seen = self.tree.children, self._seen
        counters.pruned = [c for n in set(self._entered) for c in children[n] if not seen[c]]
        self._summary = summarize(self.view, counters, self.options.to_data(), value, self._best)
        events = self._events
        for start in range(0, len(events), size):
            yield events[start : start + size]

    def _visit(self, node: int, alpha: float, beta: float) -> float:
        """The node's value, or a fail-soft bound on it outside (α, β)."""
        emit, row = self._events.append, self.view.rows[node]
        self._seen[node] = 1
        if self.view.is_terminal(node):
            value = self.tree.values[node]
            self._leaves += 1
            event = ("leaf", row, value, wire(alpha), wire(beta))
            emit((*event, True) if self.tree.children[node] else event)
            return value
        kind = self.view.kinds[node]
        self._entered.append(node)
        emit(("enter", row, kind, wire(alpha), wire(beta)))
        if kind == CHANCE:
            value = self._chance(node, alpha, beta)
            emit(("exit", row, value, None))
            return value
        return self._exit(node, *self._minimax(node, alpha, beta, self.orders[node]))

    def _exit(self, node: int, value: float, best: int) -> float:
        self._best[node] = best
        self._events.append(("exit", self.view.rows[node], value, self.view.rows[best]))
        return value

    def _minimax(self, node, alpha, beta, order) -> tuple[float, int]:
        """Fail-soft alpha-beta over ``order`` (a MAX or MIN node's children)."""
        emit, ids = self._events.append, self.view.rows
        maximizing = self.view.kinds[node] == MAX
        value, best = (-INF if maximizing else INF), order[0]
        for position, child in enumerate(order):
            returned = self._visit(child, alpha, beta)
            if (returned > value) if maximizing else (returned < value):
                value, best = returned, child
            if maximizing:
                alpha = max(alpha, value)
            else:
                beta = min(beta, value)
            emit(("update", ids[node], ids[child], returned, value, wire(alpha), wire(beta)))
            if alpha >= beta:
                side, relation, bound = ("beta", ">=", beta) if maximizing else ("alpha", "<=", alpha)  # fmt: skip  # noqa: E501
                pruned = [ids[c] for c in order[position + 1 :]]
                emit(("cutoff", ids[node], side, value, relation, wire(bound), pruned))
                self.counters.cutoffs[side] += 1
                break
        return value, best

    def _weights(self, node: int) -> list[float]:
        kids = self.tree.children[node]
        given = [self.tree.probabilities[c] for c in kids]
        return [1 / len(kids)] * len(kids) if given[0] is None else given

    def _chance(self, node: int, alpha: float, beta: float, floors=None, ceilings=None) -> float:
        """Star1 at a chance node. ``floors``/``ceilings`` (Star2's probes) replace L/U as
        the bound of each child not yet searched."""
        kids = self.tree.children[node]
        weights = self._weights(node)
        floors = floors or [self.low] * len(kids)
        ceilings = ceilings or [self.high] * len(kids)
        uniform = self.tree.probabilities[kids[0]] is None
        emit, ids = self._events.append, self.view.rows
        total = 0.0  # Σ v (uniform) or Σ p·v of the children searched
        for index, child in enumerate(kids):
            rest_low = sum(w * f for w, f in zip(weights[index + 1 :], floors[index + 1 :], strict=True))  # fmt: skip  # noqa: E501
            rest_high = sum(w * c for w, c in zip(weights[index + 1 :], ceilings[index + 1 :], strict=True))  # fmt: skip  # noqa: E501
            known = total / len(kids) if uniform else total
            weight = weights[index]
            # The child's values for which the chance node's bound reaches α or β.
            raw_alpha = (alpha - known - rest_high) / weight if weight else -INF
            raw_beta = (beta - known - rest_low) / weight if weight else INF
            returned = self._visit(child, max(raw_alpha, self.low), min(raw_beta, self.high))
            total += returned if uniform else weight * returned
            known = total / len(kids) if uniform else total
            emit(("update", ids[node], ids[child], returned, known, wire(alpha), wire(beta)))
            rest = kids[index + 1 :]
            if returned <= raw_alpha:  # a fail-low child: the node's value is at most α
                return self._chance_cut(node, known + rest_high, "<=", alpha, rest)
            if returned >= raw_beta:  # a fail-high child: the node's value is at least β
                return self._chance_cut(node, known + rest_low, ">=", beta, rest)
        return known

    def _chance_cut(self, node, bound_value, relation, bound, skipped) -> float:
        """The node's fail-soft bound; a ``chance_cutoff`` event when children are skipped
        (after the last child the bound is returned without one: nothing is left to prune)."""
        if skipped:
            ids = self.view.rows
            pruned = [ids[c] for c in skipped]
            self._events.append(
                ("chance_cutoff", ids[node], bound_value, relation, wire(bound), pruned)
            )
            self.counters.cutoffs["alpha" if relation == "<=" else "beta"] += 1
        # Fail-soft, and never on the wrong side of the window through rounding.
        return min(bound_value, bound) if relation == "<=" else max(bound_value, bound)


class Star2Search(Star1Search):
    """Star2: Star1 with a probing phase at each chance node."""

    def __init__(self, tree, options):
        super().__init__(tree, options)
        view = self.view
        for node in view.nodes():
            if node == 0 or view.is_terminal(node):
                continue
            parent = tree.parents[node]
            if (view.kinds[node] == CHANCE) == (view.kinds[parent] == CHANCE):
                raise node_error(
                    tree.path(node),
                    f"is a {view.kinds[node]} node under a {view.kinds[parent]} node: star2 "
                    "needs chance levels alternating with MAX/MIN levels (star1 has no such need)",
                )

    def _chance(self, node: int, alpha: float, beta: float, floors=None, ceilings=None) -> float:
        kids = self.tree.children[node]
        weights = self._weights(node)
        probes = [c for c in kids if not self.view.is_terminal(c)]
        if len(probes) != len(kids):
            return super()._chance(node, alpha, beta)
        maximizing = self.view.kinds[kids[0]] == MAX
        if any((self.view.kinds[c] == MAX) != maximizing for c in kids):
            return super()._chance(node, alpha, beta)
        probed = [self.low if maximizing else self.high] * len(kids)
        for index, child in enumerate(kids):
            probed[index] = self._probe(node, child, alpha, beta)
            bound_value = sum(w * b for w, b in zip(weights, probed, strict=True))
            # A cut now skips the children not probed and all but the probed first child of
            # each child probed.
            rest = [*kids[index + 1 :], *(c for k in kids[: index + 1] for c in self.orders[k][1:])]
            if maximizing and bound_value >= beta:
                return self._chance_cut(node, bound_value, ">=", beta, rest)
            if not maximizing and bound_value <= alpha:
                return self._chance_cut(node, bound_value, "<=", alpha, rest)
        if maximizing:
            return super()._chance(node, alpha, beta, floors=probed)
        return super()._chance(node, alpha, beta, ceilings=probed)

    def _probe(self, node: int, child: int, alpha: float, beta: float) -> float:
        """Enter ``child``, search its first child only, and leave it with that bound."""
        row = self.view.rows[child]
        self._seen[child] = 1
        self._entered.append(child)
        self._events.append(("enter", row, self.view.kinds[child], wire(self.low), wire(self.high)))  # fmt: skip  # noqa: E501
        first = self.orders[child][:1]
        value, best = self._minimax(child, self.low, self.high, first)
        self._events.append(("exit", row, value, self.view.rows[best]))
        return value
