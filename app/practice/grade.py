"""Grading a student's answer against the truth of the trace (truth.py, answers.py).

The result is ``{"score", "max_score", "rule", "items"}``: ``rule`` is the run's pruning
rule (reported under minimax and expectimax too, where nothing is pruned). Items are
``{"kind", "path", "explanation", "step"}``, ``path`` the node's (the root's ``[]`` for
the move):

* **Marks** (the ``pruned`` paths). A mark strictly inside another mark is dropped: neither
  right nor wrong, no item. Each other mark m is ``correct_prune`` if the engine prunes it
  as a root (a node a cutoff lists), ``over_prune`` if the search visits it, and gets no
  item if it lies strictly inside an engine-pruned subtree (that subtree's root is judged on
  its own). Each engine-pruned root that is neither marked nor inside a mark is a
  ``missed_prune``; one inside a mark (an over-pruned one) gets no item.
* **Values**: each visited inner node not in a marked subtree (the mark itself included) is
  ``correct_value``, ``wrong_value`` or ``missing_value``. A value given for a node the
  search never reaches (inside an engine-pruned subtree) and not in a marked subtree is a
  ``value_for_pruned``: "the search still looks at it" is the misconception it catches.
  Values given for visited leaves or inside marked subtrees are ignored.
* **Windows**: each window given at a visited inner node that is not a chance node and not
  in a marked subtree is ``correct_window`` or ``wrong_window`` (alpha-beta only; other
  windows are ignored).
* **Move**: ``correct_move``, ``wrong_move``, or ``missing_move`` (``best_move`` absent or
  null); not graded when the search names no move (a chance root, or a root evaluated as a
  leaf).

Numbers compare exactly, ints and floats alike (2 == 2.0); a value the engine computed as a
float (chance averages, and what they reach) is right within 1e-9 relative (or 1e-12
absolute, for sums that cancel to almost 0), or when it reads the same as the page writes
numbers (the 1.667 shown for 5/3).

``max_score`` = engine-pruned roots + visited inner nodes + windows graded + 1 for the move
(when graded); ``score`` = correct items − over prunes − values for pruned nodes, never
below 0. So the engine's own answer (every engine-pruned root, every value, true windows,
the best move) scores ``max_score`` with correct items only.

``step`` is where "Show me" opens the visualizer (step k shows events[0..k−1]): the pruning
cutoff's step for correct and missed prunes and for a value for a pruned node, the step a
node is entered or evaluated for an over prune, the node's exit step for values and
windows, the root's exit (the last step) for the move. Items are listed by step, then node
(preorder), then prune, value, window.
"""

from __future__ import annotations

import math
from typing import Any

from ..engine.tree import Number
from . import explain
from .answers import Answer
from .truth import Truth

CORRECT = ("correct_prune", "correct_value", "correct_window", "correct_move")
PENALTIES = ("over_prune", "value_for_pruned")  # each costs a point
# Items of one step: prunes, then the value, then the window (a node's exit shows both).
ORDER = {"prune": 0, "value": 1, "window": 2, "move": 3}


def _group(kind: str) -> str:
    """The part of the answer an item grades: "value_for_pruned" → "value"."""
    return kind.split("_")[0] if kind == "value_for_pruned" else kind.split("_")[1]


def grade(truth: Truth, answer: Answer) -> dict[str, Any]:
    """``{"score", "max_score", "rule", "items"}`` for ``answer`` against ``truth``."""
    marks = set(answer.pruned)
    inside = _strictly_inside(truth.parents, marks)
    items: list[tuple[int, int, int, str, str]] = []  # (step, row, order, kind, explanation)

    def add(step: int, row: int, kind: str, explanation: str) -> None:
        items.append((step, row, ORDER[_group(kind)], kind, explanation))

    for row in answer.pruned:
        if inside[row]:
            continue
        if row in truth.pruned_by:
            add(truth.pruned_by[row].step, row, "correct_prune", explain.pruned(truth, row))
        elif row in truth.reached:
            add(truth.reached[row], row, "over_prune", explain.searched(truth, row))
    for row, cut in truth.pruned_by.items():
        if row not in marks and not inside[row]:
            add(cut.step, row, "missed_prune", explain.pruned(truth, row))

    for row in answer.values:
        if row not in truth.reached and row not in marks and not inside[row]:
            root = _pruned_root(truth, row)
            cut = truth.pruned_by[root]
            add(cut.step, row, "value_for_pruned", explain.value_for_pruned(truth, row, root))

    windows = 0
    for row, step in truth.exits.items():
        if row in marks or inside[row]:
            continue
        given = answer.values.get(row)
        right = given is not None and _same(truth.returned[row], given)
        add(step, row, _verdict(right, given) + "_value", explain.value(truth, row, given, right))
        if row in answer.windows and row in truth.windows:
            windows += 1
            given_window = answer.windows[row]
            right = all(map(_same, truth.windows[row], given_window))
            text = explain.window(truth, row, given_window, right)
            add(step, row, _verdict(right, given_window) + "_window", text)

    moves = 0
    if truth.best_move is not None:
        moves = 1
        given_move = answer.best_move
        right = given_move == truth.best_move
        text = explain.move(truth, given_move, right)
        add(truth.last_step, 0, _verdict(right, given_move) + "_move", text)

    items.sort(key=lambda item: item[:3])
    kinds = [item[3] for item in items]
    correct = sum(kind in CORRECT for kind in kinds)
    return {
        "score": max(0, correct - sum(kind in PENALTIES for kind in kinds)),
        "max_score": len(truth.pruned_by) + len(truth.exits) + windows + moves,
        "rule": truth.options.rule,
        "items": [
            {"kind": kind, "path": truth.path_of(row), "explanation": text, "step": step}
            for step, row, _, kind, text in items
        ],
    }


def _verdict(right: bool, given: Any) -> str:
    return "correct" if right else "missing" if given is None else "wrong"


def _pruned_root(truth: Truth, row: int) -> int:
    """The engine-pruned root whose subtree holds the unvisited ``row``."""
    while row not in truth.pruned_by:
        row = truth.parents[row]
    return row


def _strictly_inside(parents: list[int | None], marks: set[int]) -> list[bool]:
    """Per row: whether a proper ancestor is marked (rows are in preorder: parents first)."""
    inside = [False] * len(parents)
    for row in range(1, len(parents)):
        parent = parents[row]
        inside[row] = inside[parent] or parent in marks
    return inside


def _same(truth: Number, given: Number) -> bool:
    """Equal, or (a chance node's average) equal as the page writes numbers: a student who
    types the 1.667 the page shows for 5/3 is right."""
    if truth == given:
        return True
    if not isinstance(truth, float):
        return False
    close = math.isclose(truth, given, rel_tol=1e-9, abs_tol=1e-12)
    return close or explain.fmt(truth) == explain.fmt(given)
