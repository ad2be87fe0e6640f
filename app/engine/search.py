"""The instrumented search: a generator of JSON-ready events (short tuples, see events.py).

One loop serves minimax, alpha-beta (both pruning rules) and expectimax; negamax, pvs and
alpha-beta with a window or fail-hard run aspiration.py's passes instead. It walks the tree
with an explicit stack, so depth never meets Python's recursion limit. Values follow the
course pseudocode: fail-soft (a node returns the best value it found, even after a cutoff).

Event objects are built in events.py; docs/protocol.md documents them.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .aspiration import is_windowed, run_windowed
from .evaluation import make_view
from .events import (
    INF,
    NEGATIVE_INFINITY,
    POSITIVE_INFINITY,
    node_table,
)
from .negamax import check_two_players
from .options import SearchOptions
from .ordering import child_orders
from .summary import Counters, summarize
from .tree import CHANCE, MAX, MIN, Pause, Tree

START_VALUE = {MAX: -INF, MIN: INF, CHANCE: 0}
# algorithm → the ``Search`` subclass that runs it, filled by dispatch.py (which the package
# imports); an algorithm not in it runs in this module's loop.
SEARCH_CLASSES: dict[str, type[Search]] = {}
DEFAULT_BATCH = 256


class Search:
    """One search over one tree. Iterate it once (by event or by batch); then read ``summary``.

    Construction validates what depends on the options (heuristic values at the depth
    limit), so a ``Search`` that exists will run to the end without an input error.
    """

    def __new__(cls, *args: Any, **kwargs: Any):
        # ``Search(tree, options)`` builds the search the options name: an algorithm with a
        # module of its own gets the subclass dispatch.py registers. (Subclasses, such as the
        # games' search, take arguments of their own and are built as they are.)
        if cls is Search:
            options = kwargs.get("options", args[1] if len(args) > 1 else None)
            cls = SEARCH_CLASSES.get(options.algorithm, Search)
        return super().__new__(cls)

    def __init__(self, tree: Tree, options: SearchOptions):
        self.tree = tree
        self.options = options
        self.view = make_view(tree, options.players, options.algorithm, options.depth)
        if is_windowed(options):
            check_two_players(self.view, options.algorithm)
        self.orders = child_orders(self.view, options.ordering, options.seed)
        self.counters = Counters()
        self._summary: dict[str, Any] | None = None
        self._started = False

    def nodes(self, pause: Pause | None = None) -> list[dict[str, Any]]:
        """The node table a client needs to draw the tree before any event arrives."""
        return node_table(self.view, pause)

    @property
    def summary(self) -> dict[str, Any]:
        if self._summary is None:
            raise RuntimeError("the search has not finished")
        return self._summary

    def __iter__(self) -> Iterator[tuple]:
        for batch in self.batches():
            yield from batch

    def batches(self, size: int = DEFAULT_BATCH) -> Iterator[list[tuple]]:
        """The events in lists of about ``size`` (streaming sends one message per batch)."""
        if self._started:
            raise RuntimeError("a Search can be iterated only once")
        self._started = True
        if is_windowed(self.options):
            return self._windowed(size)
        return self._run(size)

    def _windowed(self, size: int) -> Iterator[list[tuple]]:
        """negamax, pvs, and alpha-beta with a window or fail-hard (aspiration.py)."""
        self._summary, last = yield from run_windowed(self, size)
        yield last

    def _run(self, size: int) -> Iterator[list[tuple]]:
        # One flat loop with the current frame in local variables: the hot path of every
        # trace, written for speed (see bench/engine.py) rather than for brevity.
        tree, view = self.tree, self.view
        children, values, depths, ids = tree.children, tree.values, tree.depths, view.rows
        probabilities, orders = tree.probabilities, self.orders
        own_kinds, level_kinds = view.own_kinds, view.level_kinds
        limit = len(tree) if view.limit is None else view.limit
        prune = self.options.algorithm == "alphabeta"
        strict = self.options.rule == "strict"
        open_alpha, open_beta = (NEGATIVE_INFINITY, POSITIVE_INFINITY) if prune else (None, None)
        best_child: dict[int, int] = {}
        pruned: list[int] = []
        inner = leaves = 0
        batch: list[tuple] = []
        emit = batch.append

        if not children[0] or limit == 0:
            root_leaf = ("leaf", 0, values[0], open_alpha, open_beta)
            emit((*root_leaf, True) if children[0] else root_leaf)
            self._finish(values[0], 0, 1, best_child, pruned)
            yield batch
            return

        stack: list[tuple] = []
        node = 0
        kind = own_kinds[0] or level_kinds[0]
        alpha, beta, alpha_out, beta_out = -INF, INF, open_alpha, open_beta
        value, position, order, best, total = START_VALUE[kind], 0, orders[0], -1, 0
        inner += 1
        emit(("enter", 0, kind, alpha_out, beta_out))
        while True:
            if position < len(order):
                child = order[position]
                position += 1
                kids = children[child]
                if kids and depths[child] < limit:
                    stack.append((node, kind, alpha, beta, alpha_out, beta_out, value, position, order, best, total))  # fmt: skip  # noqa: E501
                    if kind == CHANCE:
                        alpha, beta, alpha_out, beta_out = -INF, INF, open_alpha, open_beta
                    node = child
                    kind = own_kinds[child] or level_kinds[depths[child]]
                    value, position, order, best, total = START_VALUE[kind], 0, orders[child], -1, 0
                    inner += 1
                    emit(("enter", ids[child], kind, alpha_out, beta_out))
                    continue
                returned = values[child]
                leaves += 1
                if kind == CHANCE:
                    event = ("leaf", ids[child], returned, open_alpha, open_beta)
                else:
                    event = ("leaf", ids[child], returned, alpha_out, beta_out)
                # An inner node at the depth limit, scored by its heuristic value, says so.
                emit((*event, True) if kids else event)
            else:
                if best >= 0:
                    best_child[node] = best
                emit(("exit", ids[node], value, ids[best] if best >= 0 else None))
                if not stack:
                    self._finish(value, inner, leaves, best_child, pruned)
                    yield batch
                    return
                returned, child = value, node
                (node, kind, alpha, beta, alpha_out, beta_out, value, position, order, best, total) = stack.pop()  # fmt: skip  # noqa: E501

            # ``node`` takes the value ``returned`` by ``child``: the update step of the pseudocode.
            cutoff = None
            if kind == MAX:
                if returned > value:
                    value, best = returned, child
                if prune:
                    if strict:
                        if value > beta:
                            cutoff = ("beta", ">", beta_out)
                        elif value > alpha:
                            alpha = alpha_out = value
                    else:
                        if value > alpha:
                            alpha = alpha_out = value
                        if alpha >= beta:
                            cutoff = ("beta", ">=", beta_out)
            elif kind == MIN:
                if returned < value:
                    value, best = returned, child
                if prune:
                    if strict:
                        if value < alpha:
                            cutoff = ("alpha", "<", alpha_out)
                        elif value < beta:
                            beta = beta_out = value
                    else:
                        if value < beta:
                            beta = beta_out = value
                        if alpha >= beta:
                            cutoff = ("alpha", "<=", alpha_out)
            else:
                weight = probabilities[child]
                if weight is None:
                    total += returned
                    value = total / len(order)
                else:
                    total += weight * returned
                    value = total
            emit(("update", ids[node], ids[child], returned, value, alpha_out, beta_out))
            if cutoff is not None:
                skipped = order[position:]
                position = len(order)
                pruned.extend(skipped)
                relation_kind, relation, bound = cutoff
                pruned_ids = [*map(ids.__getitem__, skipped)]
                emit(("cutoff", ids[node], relation_kind, value, relation, bound, pruned_ids))
                self.counters.cutoffs[cutoff[0]] += 1
            if len(batch) >= size:
                yield batch
                batch = []
                emit = batch.append

    def _finish(self, value, inner, leaves, best_child, pruned) -> None:
        counters = self.counters
        counters.inner, counters.leaves, counters.pruned = inner, leaves, pruned
        self._summary = summarize(self.view, counters, self.options.to_data(), value, best_child)


def trace(tree: Tree, options: SearchOptions) -> dict[str, Any]:
    """The whole trace at once: ``{"nodes": […], "summary": …, "events": […]}``."""
    search = Search(tree, options)
    nodes = search.nodes()
    events: list[tuple] = []
    for batch in search.batches():
        events.extend(batch)
    return {"nodes": nodes, "summary": search.summary, "events": events}
