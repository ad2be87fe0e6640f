"""The wire format of events: flat JSON-ready objects, infinities spelled as strings.

JSON has no infinity, and α/β start at ±∞, so ``"Infinity"`` and ``"-Infinity"`` stand in
for them (JavaScript's ``Number("Infinity")`` reads them back). See docs/protocol.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .tree import Number, Path

if TYPE_CHECKING:
    from .evaluation import View

INF = float("inf")
POSITIVE_INFINITY = "Infinity"
NEGATIVE_INFINITY = "-Infinity"


def wire(x: Number) -> Number | str:
    """A number as it travels in JSON: infinities become strings."""
    if x == INF:
        return POSITIVE_INFINITY
    if x == -INF:
        return NEGATIVE_INFINITY
    return x


def enter_event(
    path: Path, kind: str, alpha: Number | str | None, beta: Number | str | None
) -> dict[str, Any]:
    """The search calls a node with the window (α, β), already in wire form."""
    return {"type": "enter", "path": path, "kind": kind, "alpha": alpha, "beta": beta}


def leaf_event(
    path: Path,
    value: Number,
    alpha: Number | str | None,
    beta: Number | str | None,
    heuristic: bool,
) -> dict[str, Any]:
    """A leaf, or a node cut by the depth limit (``heuristic``, present only when true), is
    evaluated."""
    event = {"type": "leaf", "path": path, "value": value, "alpha": alpha, "beta": beta}
    if heuristic:
        event["heuristic"] = True
    return event


def node_table(view: View) -> list[dict[str, Any]]:
    """The nodes a client draws, in preorder: only what the search can reach (the depth limit
    hides deeper nodes). Optional fields are omitted when absent."""
    tree = view.tree
    table = []
    for node in view.nodes():
        row: dict[str, Any] = {
            "path": tree.paths[node],
            "kind": view.kinds[node],
            "terminal": view.is_terminal(node),
        }
        for key, column in (
            ("value", tree.values),
            ("label", tree.labels),
            ("action", tree.actions),
            ("p", tree.probabilities),
        ):
            if column[node] is not None:
                row[key] = column[node]
        table.append(row)
    return table
