"""The node table of a traced search, by row: what the graders of practice read a trace
through (truth.py for minimax, alpha-beta and expectimax; questions/ for PVS, MTD(f) and
Star1).

Rows, parents, children in order, each row's position among its siblings, unique names (a
sentence names one node), the events and the first step each row is reached; ``row_at`` and
``path_of`` turn a path into a row and back, so answers name nodes the same way everywhere
(answers.py's path reader). What each grader makes of the events is its own (truth.py reads
alpha-beta's; each question reads the events it asks about).
"""

from __future__ import annotations

from typing import Any

from ..engine import SearchOptions, Tree, trace
from .names import unique_names


def bound(x: Any) -> Any:
    """A number from an event: the strings ``"Infinity"``/``"-Infinity"`` become floats."""
    return float(x) if isinstance(x, str) else x


class NodeTable:
    """The trace of ``tree`` under ``options``: its events and node table, by row."""

    def __init__(self, tree: Tree, options: SearchOptions):
        result = trace(tree, options)
        self.options = options
        self.events: list[tuple] = result["events"]
        self.summary: dict[str, Any] = result["summary"]
        self.nodes: list[dict[str, Any]] = result["nodes"]
        self.parents: list[int | None] = [row["parent"] for row in self.nodes]
        self.children: list[list[int]] = [[] for _ in self.nodes]
        self.positions = [0] * len(self.nodes)
        for row, parent in enumerate(self.parents):
            if parent is not None:
                self.positions[row] = len(self.children[parent])
                self.children[parent].append(row)
        self.names = unique_names(self.nodes, self.children)
        self.reached: dict[int, int] = {}  # row → the first step it is entered or evaluated
        for index, event in enumerate(self.events):
            if event[0] in ("enter", "leaf"):
                self.reached.setdefault(event[1], index + 1)

    @property
    def last_step(self) -> int:
        return len(self.events)

    def row_at(self, path: tuple[int, ...] | list[int]) -> int | None:
        """The row of the node at ``path`` (child indices as given), or ``None``."""
        row = 0
        for position in path:
            kids = self.children[row]
            if not 0 <= position < len(kids):
                return None
            row = kids[position]
        return row

    def path_of(self, row: int) -> list[int]:
        path = []
        while row:
            path.append(self.positions[row])
            row = self.parents[row]
        path.reverse()
        return path

    def inside(self, row: int, roots: set[int] | dict[int, Any]) -> int | None:
        """The proper ancestor of ``row`` among ``roots`` nearest the root, or ``None``."""
        found = None
        row = self.parents[row]
        while row is not None:
            if row in roots:
                found = row
            row = self.parents[row]
        return found
