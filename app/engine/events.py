"""The wire format: a node table with parent links, and events as short JSON arrays.

An event is ``[type, node, …]``, its fields in the fixed order docs/protocol.md gives, and it
names nodes by their row in the node table. Paths and keyed objects made the worst legal
tree's trace 90 MB (every event repeated a path of up to 200 indices and its field names);
rows and arrays make it about 6 MB and cost the search less to build.

JSON has no infinity, and α/β start at ±∞, so ``"Infinity"`` and ``"-Infinity"`` stand in
for them (JavaScript's ``Number("Infinity")`` reads them back).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .tree import PAUSE_EVERY, Number, Pause

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


def node_table(view: View, pause: Pause | None = None) -> list[dict[str, Any]]:
    """The nodes a client draws, in preorder: only what the search can reach (the depth limit
    hides deeper nodes). ``parent`` is the parent's row (``None`` for the root); a node's
    path is its parent's path and its position among the parent's rows. Optional fields are
    omitted when absent."""
    tree, rows = view.tree, view.rows
    table = []
    for node in view.nodes():
        if pause is not None and node % PAUSE_EVERY == PAUSE_EVERY - 1:
            pause()
        row: dict[str, Any] = {
            "parent": rows[tree.parents[node]] if node else None,
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
