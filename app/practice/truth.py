"""What the engine's trace says about a search, in the terms a student's answer is graded in.

Read from the trace of the tree with the run's options (``app.engine.trace``): the node
table, and events that name its rows. Steps are numbered as in the protocol: step k shows
events[0..k−1], so the event at index i is shown at step i + 1.

* **visited**: the rows with an ``enter`` or ``leaf`` event. Inner visited nodes are the
  ones with ``enter`` (and ``exit``); leaves, nodes at a depth limit among them, are given.
* **engine-pruned roots**: the rows a ``cutoff`` event lists (maximal pruned subtrees). A
  node is pruned iff it lies in the subtree of one of them.
* **value** of a visited inner node: its ``exit`` event's value.
* **window** of a visited inner node that is not a chance node (alpha-beta only): its α and
  β when it returns, from its last ``update`` event, else from its ``enter`` event.
* **best move**: the summary's ``best_move`` (the index among the root's children as given).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine import SearchOptions, Tree
from ..engine.tree import CHANCE, MAX, MIN, Number
from .node_table import NodeTable

INF = float("inf")
START = {MAX: -INF, MIN: INF, CHANCE: 0}  # v before any child returns


def bound(x: Any) -> float | None:
    """An α or β from an event: ``"Infinity"`` strings become floats; ``None`` stays."""
    return float(x) if isinstance(x, str) else x


@dataclass(frozen=True)
class Cutoff:
    """A cutoff event, with the children its node searched before it (in search order)."""

    step: int
    node: int
    kind: str  # "alpha" (at a MIN node) or "beta" (at a MAX node)
    value: Number
    relation: str
    bound: float
    searched: tuple[int, ...]
    pruned: tuple[int, ...]


@dataclass(frozen=True)
class Arrival:
    """The parent's state when the search reached a node: its v, α, β and children done."""

    value: float
    alpha: float | None
    beta: float | None
    searched: int


class Truth(NodeTable):
    """The trace of ``tree`` under ``options``, indexed by node-table row (node_table.py),
    with what alpha-beta's events say of each row."""

    def __init__(self, tree: Tree, options: SearchOptions):
        super().__init__(tree, options)
        self._read(self.events)

    def _read(self, events: list[tuple]) -> None:
        self.reached: dict[int, int] = {}  # row → the step it is entered or evaluated
        self.arrivals: dict[int, Arrival] = {}
        self.entered: dict[int, tuple[float | None, float | None]] = {}  # the window it was given
        self.returned: dict[int, Number] = {}  # what a visited node returned (leaf or exit)
        self.exits: dict[int, int] = {}  # inner row → its exit step
        self.windows: dict[int, tuple[float, float]] = {}
        self.updates: dict[int, list[tuple[int, Number]]] = {}  # row → (child, child value)
        self.cutoffs: dict[int, Cutoff] = {}  # the cut node → its cutoff
        self.pruned_by: dict[int, Cutoff] = {}  # an engine-pruned root → the cutoff
        state: dict[int, tuple[float, float | None, float | None]] = {}
        for index, event in enumerate(events):
            step, kind, row = index + 1, event[0], event[1]
            if kind == "enter" or kind == "leaf":
                self._reach(row, step, state, bound(event[3]), bound(event[4]))
                if kind == "enter":
                    state[row] = (START[event[2]], bound(event[3]), bound(event[4]))
                    self.updates[row] = []
                else:
                    self.returned[row] = event[2]
            elif kind == "update":
                state[row] = (event[4], bound(event[5]), bound(event[6]))
                self.updates[row].append((event[2], event[3]))
            elif kind == "cutoff":
                searched = tuple(child for child, _ in self.updates[row])
                cut = Cutoff(step, row, *event[2:5], bound(event[5]), searched, tuple(event[6]))
                self.cutoffs[row] = cut
                for pruned in cut.pruned:
                    self.pruned_by[pruned] = cut
            else:  # exit
                self.returned[row] = event[2]
                self.exits[row] = step
                _, alpha, beta = state.pop(row)
                if alpha is not None and self.nodes[row]["kind"] != CHANCE:
                    self.windows[row] = (alpha, beta)

    def _reach(self, row, step, state, alpha, beta) -> None:
        self.reached[row] = step
        self.entered[row] = (alpha, beta)
        parent = self.parents[row]
        if parent is not None:
            value, parent_alpha, parent_beta = state[parent]
            done = len(self.updates[parent])
            self.arrivals[row] = Arrival(value, parent_alpha, parent_beta, done)

    @property
    def best_move(self) -> int | None:
        """The root's best move (a child index), or ``None`` (a leaf or chance root)."""
        return self.summary["best_move"]
