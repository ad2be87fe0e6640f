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

from .errors import N_, EngineError, Message, node_error
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
                Message(
                    N_("{algorithm} needs bounds [L, U]: the range every leaf value lies in"),
                    algorithm=options.algorithm,
                ),
                field="bounds",
            )
        self.low, self.high = options.bounds
        if all(self.low <= v <= self.high for v in tree.values if v is not None):
            return  # the common case, without a walk over the nodes
        for node in self.view.nodes():
            if self.view.is_terminal(node) and not self.low <= tree.values[node] <= self.high:
                raise node_error(
                    tree.path(node),
                    Message(
                        N_("has the value {value}, outside the bounds [{low}, {high}]"),
                        value=tree.values[node],
                        low=self.low,
                        high=self.high,
                    ),
                )

    probes = False  # Star2 probes a chance node's children first

    def _run(self, size: int) -> Iterator[list[tuple]]:
        # One set of closures over local names: the hot path, written for speed
        # (bench/engine_passes.py) rather than for brevity.
        tree, view = self.tree, self.view
        children, values, depths, ids = tree.children, tree.values, tree.depths, view.rows
        own_kinds, level_kinds, orders = view.own_kinds, view.level_kinds, self.orders
        probabilities = tree.probabilities
        limit = -1 if view.limit is None else view.limit
        low_bound, high_bound = self.low, self.high
        entered, evaluated, best_child = [], [], {}  # inner nodes entered, leaves evaluated
        cutoffs = self.counters.cutoffs
        events: list[tuple] = []
        emit = events.append

        def kind_of(node):
            return own_kinds[node] or level_kinds[depths[node]]

        def inner(node):
            return children[node] and depths[node] != limit

        def visit(node, alpha, beta):
            """The node's value, or a fail-soft bound on it outside (α, β)."""
            row = ids[node]
            kids = children[node]
            if not kids or depths[node] == limit:
                value = values[node]
                evaluated.append(node)
                emit(("leaf", row, value, wire(alpha), wire(beta), True) if kids else ("leaf", row, value, wire(alpha), wire(beta)))  # fmt: skip  # noqa: E501
                return value
            kind = own_kinds[node] or level_kinds[depths[node]]
            entered.append(node)
            emit(("enter", row, kind, wire(alpha), wire(beta)))
            if kind == CHANCE:
                value = chance(node, alpha, beta)
                emit(("exit", row, value, None))
                return value
            value, best = minimax(node, kind == MAX, alpha, beta, orders[node])
            best_child[node] = best
            emit(("exit", row, value, ids[best]))
            return value

        def minimax(node, maximizing, alpha, beta, order):
            """Fail-soft alpha-beta over ``order`` (a MAX or MIN node's children)."""
            row = ids[node]
            value, best = (-INF if maximizing else INF), order[0]
            for position, child in enumerate(order):
                returned = visit(child, alpha, beta)
                if maximizing:
                    if returned > value:
                        value, best = returned, child
                    if value > alpha:
                        alpha = value
                elif returned < value:
                    value, best = returned, child
                    if value < beta:
                        beta = value
                emit(("update", row, ids[child], returned, value, wire(alpha), wire(beta)))
                if alpha >= beta:
                    side, relation, bound = ("beta", ">=", beta) if maximizing else ("alpha", "<=", alpha)  # fmt: skip  # noqa: E501
                    pruned = [ids[c] for c in order[position + 1 :]]
                    emit(("cutoff", row, side, value, relation, wire(bound), pruned))
                    cutoffs[side] += 1
                    break
            return value, best

        def cut(node, bound_value, relation, bound, skipped):
            """The node's fail-soft bound; a ``chance_cutoff`` event when children are skipped
            (after the last child nothing is left to prune, and no event says so)."""
            if skipped:
                pruned = [ids[c] for c in skipped]
                emit(("chance_cutoff", ids[node], bound_value, relation, wire(bound), pruned))
                cutoffs["alpha" if relation == "<=" else "beta"] += 1
            # Never on the wrong side of the window through rounding.
            return min(bound_value, bound) if relation == "<=" else max(bound_value, bound)

        def chance(node, alpha, beta):
            """Star1 at a chance node (after Star2's probes, when they apply)."""
            kids = children[node]
            count = len(kids)
            uniform = probabilities[kids[0]] is None
            weights = [1 / count] * count if uniform else [probabilities[c] for c in kids]
            floors, ceilings = [low_bound] * count, [high_bound] * count
            probing = self.probes and all(inner(c) for c in kids)
            if probing:
                maximizing = kind_of(kids[0]) == MAX
                probing = all((kind_of(c) == MAX) == maximizing for c in kids)
                if probing:
                    probed = floors if maximizing else ceilings
                    for index, child in enumerate(kids):
                        probed[index] = probe(child, maximizing)
                        bound_value = sum(w * b for w, b in zip(weights, probed, strict=True))
                        # A cut skips the unprobed children and all but the probed first
                        # child of each child probed.
                        if (bound_value >= beta) if maximizing else (bound_value <= alpha):
                            rest = [*kids[index + 1 :], *(c for k in kids[: index + 1] for c in orders[k][1:])]  # fmt: skip  # noqa: E501
                            relation, bound = (">=", beta) if maximizing else ("<=", alpha)
                            return cut(node, bound_value, relation, bound, rest)
            # The weighted bounds of the children after each one: a formula when uniform
            # and unprobed (the common case), else suffix sums.
            plain = uniform and not probing
            if not plain:
                rest_low, rest_high = [0.0] * count, [0.0] * count
                for index in range(count - 2, -1, -1):
                    after = index + 1
                    rest_low[index] = rest_low[after] + weights[after] * floors[after]
                    rest_high[index] = rest_high[after] + weights[after] * ceilings[after]
            row = ids[node]
            total = 0.0  # Σ v (uniform) or Σ p·v of the children searched
            known = 0.0
            for index, child in enumerate(kids):
                weight = weights[index]
                if plain:
                    left = (count - index - 1) * weight
                    after_low, after_high = left * low_bound, left * high_bound
                else:
                    after_low, after_high = rest_low[index], rest_high[index]
                # The child's values for which the node's bound reaches α or β.
                raw_alpha = (alpha - known - after_high) / weight if weight else -INF
                raw_beta = (beta - known - after_low) / weight if weight else INF
                returned = visit(
                    child,
                    raw_alpha if raw_alpha > low_bound else low_bound,
                    raw_beta if raw_beta < high_bound else high_bound,
                )
                total += returned if uniform else weight * returned
                known = total / count if uniform else total
                emit(("update", row, ids[child], returned, known, wire(alpha), wire(beta)))
                if returned <= raw_alpha or returned >= raw_beta:
                    # The rest cannot matter; of a child probed, only its first child was seen.
                    rest = kids[index + 1 :]
                    if probing:
                        rest = [c for k in rest for c in orders[k][1:]]
                    if returned <= raw_alpha:  # a fail-low child: the value is at most α
                        return cut(node, known + after_high, "<=", alpha, rest)
                    return cut(node, known + after_low, ">=", beta, rest)  # a fail-high child
            return known

        def probe(child, maximizing):
            """Enter ``child``, search its first child only, and leave it with that bound."""
            row = ids[child]
            entered.append(child)
            emit(("enter", row, kind_of(child), wire(low_bound), wire(high_bound)))
            value, best = minimax(child, maximizing, low_bound, high_bound, orders[child][:1])
            emit(("exit", row, value, ids[best]))
            return value

        value = visit(0, -INF, INF)
        counters = self.counters
        counters.inner, counters.leaves = len(entered), len(evaluated)
        seen = {*entered, *evaluated}
        counters.pruned = [c for n in set(entered) for c in children[n] if c not in seen]
        self._summary = summarize(view, counters, self.options.to_data(), value, best_child)
        for start in range(0, len(events), size):
            yield events[start : start + size]


class Star2Search(Star1Search):
    """Star2: Star1 with a probing phase at each chance node."""

    probes = True

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
                    Message(
                        N_(
                            "is a {kind} node under a {parent} node: star2 needs chance levels "
                            "alternating with MAX/MIN levels (star1 has no such need)"
                        ),
                        kind=view.kinds[node],
                        parent=view.kinds[parent],
                    ),
                )
