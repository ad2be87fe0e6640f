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

from .errors import N_, EngineError, Message, node_error
from .evaluation import View
from .events import INF, wire
from .tree import CHANCE, MAX, MIN, Number

SIGN = {MAX: 1, MIN: -1}


def check_two_players(view: View, algorithm: str) -> None:
    """Refuse a chance node, naming the level or the node: a window needs two players."""
    for depth, kind in enumerate(view.level_kinds[: view.depth + 1]):
        if kind == CHANCE and (depth < view.depth or not view.tree.has_types):
            raise EngineError(
                Message(
                    N_(
                        "{algorithm} searches MAX and MIN nodes only, but the players' cycle "
                        "puts chance nodes at depth {depth}: use expectimax"
                    ),
                    algorithm=algorithm,
                    depth=depth,
                ),
                field="players",
            )
    if view.tree.has_types:
        for node in view.nodes():
            if view.kind(node) == CHANCE and not view.is_terminal(node):
                raise node_error(
                    view.tree.path(node),
                    Message(
                        N_("is a chance node, and {algorithm} searches MAX and MIN nodes only"),
                        algorithm=algorithm,
                    ),
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
        # One flat loop with the current frame in local variables, as in search.py: the
        # window as events show it (a_out, b_out) is kept beside α and β and rewritten only
        # when they change, and ``turned`` says whether events show this node's numbers
        # negated (a MIN node in minimax form).
        search = self.search
        tree, view, counters = search.tree, search.view, search.counters
        children, values, depths, ids = tree.children, tree.values, tree.depths, view.rows
        own_kinds, level_kinds, orders = view.own_kinds, view.level_kinds, search.orders
        limit = len(tree) if view.limit is None else view.limit
        mover, hard, strict, above = self.mover_form, self.hard, self.strict, self.above
        window = self.window
        self.best_child, self.pruned = best_child, pruned = {}, []
        relation = ">" if strict else ">="
        level_signs = [SIGN.get(kind, 0) for kind in level_kinds]
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
        turned = sign < 0 and not mover
        a_out, b_out = window(sign, a, b)
        value, best, position, order = (a if hard else -INF), -1, 0, orders[0]
        inner = leaves = 0
        inner += 1
        emit(("enter", 0, kind, a_out, b_out))
        while True:
            if position < len(order):
                child = order[position]
                position += 1
                kids = children[child]
                if kids and depths[child] < limit:
                    child_kind = own_kinds[child] or level_kinds[depths[child]]
                    child_sign = SIGN[child_kind]
                    test_a, test_b = a, b
                    scouting = above is not None and position > 1 and a > -INF
                    if scouting:
                        test_b = above(a)
                    stack.append((node, sign, a, b, a_out, b_out, value, best, position, order, scouting))  # fmt: skip  # noqa: E501
                    if child_sign != sign:
                        test_a, test_b = -test_b, -test_a
                    node, sign, a, b = child, child_sign, test_a, test_b
                    turned = sign < 0 and not mover
                    # window(sign, a, b), written out: this runs on every node entered
                    if mover or sign == 1:
                        a_out = a if -INF < a < INF else wire(a)
                        b_out = b if -INF < b < INF else wire(b)
                    else:
                        a_out = -b if -INF < b < INF else wire(-b)
                        b_out = -a if -INF < a < INF else wire(-a)
                    value, best, position, order = (a if hard else -INF), -1, 0, orders[child]
                    inner += 1
                    emit(("enter", ids[child], child_kind, a_out, b_out))
                    continue
                leaves += 1
                leaf = values[child]
                returned = sign * leaf
                if not mover:
                    event = ("leaf", ids[child], leaf, a_out, b_out)
                elif (SIGN[own_kinds[child]] if own_kinds[child] else level_signs[depths[child]]) == sign:  # fmt: skip  # noqa: E501
                    event = ("leaf", ids[child], returned, a_out, b_out)
                else:
                    event = (
                        "leaf",
                        ids[child],
                        -returned,
                        -b if -INF < b < INF else wire(-b),
                        -a if -INF < a < INF else wire(-a),
                    )
                emit((*event, True) if kids else event)
            else:
                if best >= 0:
                    best_child[node] = best
                emit(("exit", ids[node], -value if turned else value, ids[best] if best >= 0 else None))  # fmt: skip  # noqa: E501
                if not stack:
                    self.inner += inner
                    self.leaves += leaves
                    return value, batch
                child, child_sign, returned = node, sign, value
                (node, sign, a, b, a_out, b_out, value, best, position, order, scouting) = stack.pop()  # fmt: skip  # noqa: E501
                turned = sign < 0 and not mover
                if child_sign != sign:
                    returned = -returned
                if scouting and a < returned < b:
                    # The null-window test failed high inside the window: search it again.
                    self.researches += 1
                    stack.append((node, sign, a, b, a_out, b_out, value, best, position, order, False))  # fmt: skip  # noqa: E501
                    full_a, full_b = (-b, -a) if child_sign != sign else (a, b)
                    node, sign, a, b = child, child_sign, full_a, full_b
                    turned = sign < 0 and not mover
                    a_out, b_out = window(sign, a, b)
                    emit(("research", ids[child], a_out, b_out))
                    value, best, position, order = (a if hard else -INF), -1, 0, orders[child]
                    inner += 1
                    emit(("enter", ids[child], own_kinds[child] or level_kinds[depths[child]], a_out, b_out))  # fmt: skip  # noqa: E501
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
                    if turned:
                        b_out = -a
                    else:
                        a_out = a
            else:
                if value > a:
                    a = value
                    if turned:
                        b_out = -a
                    else:
                        a_out = a
                if a >= b:
                    cut = True
                    if hard:
                        value = b
            if turned:
                emit(("update", ids[node], ids[child], -returned, -value, a_out, b_out))
            else:
                emit(("update", ids[node], ids[child], returned, value, a_out, b_out))
            if cut:
                skipped = order[position:]
                position = len(order)
                pruned.extend(skipped)
                counters.cutoffs["beta" if sign == 1 else "alpha"] += 1
                pruned_ids = [*map(ids.__getitem__, skipped)]
                if turned:
                    cutoff = ("cutoff", ids[node], "alpha", -value, relation.replace(">", "<"), wire(-b), pruned_ids)  # fmt: skip  # noqa: E501
                else:
                    cutoff = ("cutoff", ids[node], "beta", value, relation, wire(b), pruned_ids)
                emit(cutoff)
            if len(batch) >= size:
                yield batch
                batch = []
                emit = batch.append
