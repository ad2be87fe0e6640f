"""Star1's question: "which chance children are pruned, given bounds [L, U]?" (tap them).

Read from Star1's trace (app/engine/star.py): after some children of a chance node C the
value of C is at most Σ p·v (seen) + (unseen mass)·U and at least Σ p·v (seen) + (unseen
mass)·L; when the first is ≤ α or the second ≥ β, a ``chance_cutoff`` event lists the
children left. The truth is those children, each at its event's step. The sentences spell
the arithmetic with the values seen: "(2 + 10) / 2 = 6 ≤ α = 7" (uniform) or
"0.5 × 2 + 0.5 × 10 = 6 ≤ α = 7" (weighted).
"""

from __future__ import annotations

from ...engine.tree import CHANCE
from ..explain import fmt
from ..names import name_list
from ..node_table import NodeTable, bound
from ..words import _


class ChancePrune:
    """The chance cutoffs of a Star1 trace, and what each chance node saw before each child."""

    def __init__(self, table: NodeTable):
        self.table = table
        self.low, self.high = table.options.bounds
        self.cut: dict[int, tuple[int, tuple]] = {}  # pruned chance child → (step, event)
        self.pruned_roots: set[int] = set()  # every pruned subtree's root, any cutoff
        self.seen: dict[int, list[tuple[int, float]]] = {}  # chance row → (child, value)
        self.arrived: dict[int, tuple[list[tuple[int, float]], float, float]] = {}
        window: dict[int, tuple[float, float]] = {}
        for index, event in enumerate(table.events):
            kind, row = event[0], event[1]
            if kind in ("enter", "leaf"):
                parent = table.parents[row]
                if parent is not None and table.nodes[parent]["kind"] == CHANCE:
                    self.arrived[row] = (list(self.seen[parent]), *window[parent])
                if kind == "enter":
                    window[row] = (bound(event[3]), bound(event[4]))
                    self.seen[row] = []
            elif kind == "update" and row in self.seen:
                if table.nodes[row]["kind"] == CHANCE:
                    self.seen[row].append((event[2], event[3]))
            elif kind == "chance_cutoff":
                for child in event[5]:
                    self.cut[child] = (index + 1, event)
                self.pruned_roots.update(event[5])
            elif kind == "cutoff":
                self.pruned_roots.update(event[6])

    def truth(self) -> dict[int, int]:
        return {row: step for row, (step, _) in self.cut.items()}

    def explain(self, row: int) -> str:
        """Why ``row`` is pruned at its chance node, or not."""
        table = self.table
        names, node = table.names, table.names[row]
        parent = table.parents[row]
        if parent is None or table.nodes[parent]["kind"] != CHANCE:
            return _(
                "{node} is not a chance node's child: only chance nodes' children are asked about.",
                node=node,
            )
        at = names[parent]
        if row in self.cut:
            event = self.cut[row][1]
            seen = self.seen[parent]
            at_most = event[3] == "<="
            searched = [child for child, _value in seen]
            after = (
                _("{node}'s first child {child}", node=at, child=names[searched[0]])
                if len(searched) == 1
                else _("{node}'s children {children}", node=at, children=name_list(names, searched))
            )
            values = {
                "node": node,
                "parent": at,
                "after": after,
                "sum": self._sum(parent, seen, self.high if at_most else self.low),
                "value": fmt(event[2]),
                "bound": fmt(bound(event[4])),
            }
            if at_most:
                return _(
                    "{node} is pruned: after {after}, {parent}'s value is at most {sum} = {value} "
                    "≤ α = {bound}, so the rest of {parent}'s children cannot matter.",
                    **values,
                )
            return _(
                "{node} is pruned: after {after}, {parent}'s value is at least {sum} = {value} "
                "≥ β = {bound}, so the rest of {parent}'s children cannot matter.",
                **values,
            )
        if row in self.arrived:
            seen, alpha, beta = self.arrived[row]
            return _(
                "{node} is searched: when {parent} came to it, {parent}'s value could still be "
                "anything from {least} to {most}, neither at most α = {alpha} nor at least "
                "β = {beta}.",
                node=node,
                parent=at,
                least=fmt(self._total(parent, seen, self.low)),
                most=fmt(self._total(parent, seen, self.high)),
                alpha=fmt(alpha),
                beta=fmt(beta),
            )
        above = table.inside(row, self.pruned_roots)
        return _(
            "{node} is never reached: {skipped} is pruned above it, before {parent} could come "
            "to it.",
            node=node,
            skipped=names[row if above is None else above],
            parent=at,
        )

    def _rest(self, parent: int, seen: list) -> list[int]:
        """The chance node's children not yet seen, in table order."""
        done = {child for child, _ in seen}
        return [child for child in self.table.children[parent] if child not in done]

    def _total(self, parent: int, seen: list, extreme: float) -> float:
        """The chance node's value if every child not yet seen had the value ``extreme``."""
        nodes, count = self.table.nodes, len(self.table.children[parent])
        if nodes[self.table.children[parent][0]].get("p") is None:
            total = sum(value for _, value in seen) + (count - len(seen)) * extreme
            return total / count
        total = sum(nodes[child]["p"] * value for child, value in seen)
        return total + sum(nodes[child]["p"] * extreme for child in self._rest(parent, seen))

    def _sum(self, parent: int, seen: list, extreme: float) -> str:
        """The arithmetic of the chance node's bound, written out."""
        nodes, count = self.table.nodes, len(self.table.children[parent])
        if nodes[self.table.children[parent][0]].get("p") is None:
            unseen = count - len(seen)
            terms = [fmt(value) for _, value in seen]
            terms.append(fmt(extreme) if unseen == 1 else f"{unseen} × {fmt(extreme)}")
            return f"({' + '.join(terms)}) / {count}"
        terms = [f"{fmt(nodes[child]['p'])} × {fmt(value)}" for child, value in seen]
        rest = self._rest(parent, seen)
        terms += [f"{fmt(nodes[child]['p'])} × {fmt(extreme)}" for child in rest]
        return " + ".join(terms)
