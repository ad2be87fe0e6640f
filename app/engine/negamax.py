"""Alpha-beta in negamax form, one pass over the root with a given window.

Inside, every value and window is from the side of the node's mover (MAX keeps the minimax
value, MIN negates it, and a window (α, β) passed across a change of mover becomes (−β, −α)),
so one rule serves every node: raise α, cut off when α ≥ β. ``RootPass`` runs one pass and
emits the classic events (docs/protocol.md) either in that mover's form (``negamax``) or
turned back into minimax form (alpha-beta with ``fail``, ``window`` or ``aspiration``, and
``pvs``). Options it honours: ``fail`` hard (a node's value starts at α and a cutoff returns
β: the result is clamped to the window), ``rule`` strict (cut off only when α > β), and
PVS's null-window tests with re-searches (``scout``; the null window is pvs.py's).

It walks the tree with an explicit stack, as search.py does, so depth never meets Python's
recursion limit. aspiration.py drives the passes and builds the summary.
"""

from __future__ import annotations

from collections.abc import Callable, Generator

from .errors import EngineError, node_error
from .evaluation import View
from .events import INF, wire
from .tree import CHANCE, MAX, MIN, Number

SIGN = {MAX: 1, MIN: -1}


def check_two_players(view: View, algorithm: str) -> None:
    """Refuse a chance node, naming the level or the node: a window needs two players."""
    for depth, kind in enumerate(view.level_kinds[: view.depth + 1]):
        if kind == CHANCE and (depth < view.depth or not view.tree.has_types):
            raise EngineError(
                f"{algorithm} searches MAX and MIN nodes only, but the players' cycle puts "
                f"chance nodes at depth {depth}: use expectimax",
                field="players",
            )
    if view.tree.has_types:
        for node in view.nodes():
            if view.kind(node) == CHANCE and not view.is_terminal(node):
                raise node_error(
                    view.tree.path(node),
                    f"is a chance node, and {algorithm} searches MAX and MIN nodes only",
                )


class RootPass:
    """Searches the root with a window, as often as asked; accumulates counts across passes.

    ``mover_form`` chooses how events show values; ``above(α)`` (or ``None``) gives PVS's
    null window (α, above(α)) for every child after the first.
    """

    def __init__(
        self,
        search,
        *,
        mover_form: bool,
        hard: bool,
        strict: bool,
        above: Callable[[Number], Number] | None,
    ):
        self.search = search
        self.mover_form, self.hard, self.strict, self.above = mover_form, hard, strict, above
        self.inner = self.leaves = self.researches = 0
        self.best_child: dict[int, int] = {}
        self.pruned: list[int] = []

    def window(self, sign: int, alpha: Number, beta: Number) -> tuple:
        """A node's window (α, β) from its mover's side, as events show it."""
        if self.mover_form or sign == 1:
            return wire(alpha), wire(beta)
        return wire(-beta), wire(-alpha)

    def run(self, alpha: Number, beta: Number, batch: list, size: int) -> Generator:
        """One pass with the root's window (α, β) from the root mover's side. Yields full
        batches; returns ``(value, batch)``: the root's value from its mover's side and the
        batch still being filled."""
        search = self.search
        tree, view, counters = search.tree, search.view, search.counters
        children, values, depths, ids = tree.children, tree.values, tree.depths, view.rows
        own_kinds, level_kinds, orders = view.own_kinds, view.level_kinds, search.orders
        limit = len(tree) if view.limit is None else view.limit
        mover, hard, strict, above = self.mover_form, self.hard, self.strict, self.above
        window = self.window
        self.best_child, self.pruned = best_child, pruned = {}, []
        emit = batch.append

        kind = own_kinds[0] or level_kinds[0]
        sign = SIGN[kind]
        if not children[0] or limit == 0:
            self.leaves += 1
            event = ("leaf", 0, values[0] * (sign if mover else 1), *window(sign, alpha, beta))
            emit((*event, True) if children[0] else event)
            value = sign * values[0]
            return (min(max(value, alpha), beta) if hard else value), batch

        stack: list[tuple] = []
        node, a, b, scouting = 0, alpha, beta, False
        value, best, position, order = (a if hard else -INF), -1, 0, orders[0]
        self.inner += 1
        emit(("enter", 0, kind, *window(sign, a, b)))
        while True:
            if position < len(order):
                child = order[position]
                position += 1
                child_kind = own_kinds[child] or level_kinds[depths[child]]
                child_sign = SIGN[child_kind]
                kids = children[child]
                if kids and depths[child] < limit:
                    test_a, test_b = a, b
                    scouting = above is not None and position > 1 and a > -INF
                    if scouting:
                        test_b = above(a)
                    stack.append((node, sign, a, b, value, best, position, order, scouting))
                    if child_sign != sign:
                        test_a, test_b = -test_b, -test_a
                    node, sign, a, b = child, child_sign, test_a, test_b
                    value, best, position, order = (a if hard else -INF), -1, 0, orders[child]
                    self.inner += 1
                    emit(("enter", ids[child], child_kind, *window(sign, a, b)))
                    continue
                self.leaves += 1
                leaf = values[child]
                returned = sign * leaf
                if mover:
                    shown = child_sign * leaf
                    leaf_window = (-b, -a) if child_sign != sign else (a, b)
                    event = ("leaf", ids[child], shown, wire(leaf_window[0]), wire(leaf_window[1]))
                else:
                    event = ("leaf", ids[child], leaf, *window(sign, a, b))
                emit((*event, True) if kids else event)
            else:
                if best >= 0:
                    best_child[node] = best
                emit(("exit", ids[node], wire(value if mover else sign * value), _row(ids, best)))
                if not stack:
                    return value, batch
                child, child_sign, returned = node, sign, value
                (node, sign, a, b, value, best, position, order, scouting) = stack.pop()
                if child_sign != sign:
                    returned = -returned
                if scouting and a < returned < b:
                    # The null-window test failed high inside the window: search it again.
                    self.researches += 1
                    stack.append((node, sign, a, b, value, best, position, order, False))
                    full_a, full_b = (-b, -a) if child_sign != sign else (a, b)
                    emit(("research", ids[child], *window(child_sign, full_a, full_b)))
                    node, sign, a, b = child, child_sign, full_a, full_b
                    value, best, position, order = (a if hard else -INF), -1, 0, orders[child]
                    self.inner += 1
                    emit(("enter", ids[child], own_kinds[child] or level_kinds[depths[child]], *window(sign, a, b)))  # fmt: skip  # noqa: E501
                    continue

            # The update step: ``node`` takes the value ``returned`` by ``child``.
            if returned > value:
                value, best = returned, child
            cut = False
            if strict:
                if value > b:
                    cut = True
                elif value > a:
                    a = value
            else:
                if value > a:
                    a = value
                if a >= b:
                    cut = True
                    if hard:
                        value = b
            shown = returned if mover else sign * returned
            emit(("update", ids[node], ids[child], wire(shown), wire(value if mover else sign * value), *window(sign, a, b)))  # fmt: skip  # noqa: E501
            if cut:
                skipped = order[position:]
                position = len(order)
                pruned.extend(skipped)
                relation = ">" if strict else ">="
                counters.cutoffs["beta" if sign == 1 else "alpha"] += 1
                if mover or sign == 1:
                    cutoff = ("beta", wire(value), relation, wire(b))
                else:
                    cutoff = ("alpha", wire(-value), relation.replace(">", "<"), wire(-b))
                emit(("cutoff", ids[node], *cutoff, [*map(ids.__getitem__, skipped)]))
            if len(batch) >= size:
                yield batch
                batch = []
                emit = batch.append


def _row(ids: list[int], best: int) -> int | None:
    return ids[best] if best >= 0 else None
