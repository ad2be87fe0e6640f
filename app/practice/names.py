"""Node names in the practice grader's sentences, made exactly as static/js/lib/names.js makes
them: each row's name (app/engine/names.py: its label, else its letter name in level order).
A move is its node's name with the edge's ``action``: "B (West)", Pacman's moves in the
grading's language ("B (Westen)").
Where labels repeat (a game tree's "G1↓" at every ghost move), a sentence must still name
one node: ``unique_names`` qualifies each repeated name by its parent and its letter name,
"G1↓ under P→ (node K)", and leaves names that occur once as they are. The words are the
grading's language (words.py).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..engine.errors import N_
from ..engine.names import letter_name, node_names
from .words import _, join_names, ngettext

SQUARE_MOVE = re.compile(r"[XO]→\d")  # a tic-tac-toe move's name: it names its square already


def unique_names(nodes: Sequence[dict[str, Any]], children: Sequence[Sequence[int]]) -> list[str]:
    """Every row's name, each told apart from the others: a name that more than one row
    has becomes "name under parent (node K)" (K its letter name; the root's "name (node A)")."""
    names = node_names(nodes, children)
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    if all(count == 1 for count in counts.values()):
        return names
    parents: list[int | None] = [None] * len(nodes)
    places = [0] * len(nodes)
    queue = [0]
    for place, row in enumerate(queue):
        places[row] = place
        for child in children[row]:
            parents[child] = row
        queue.extend(children[row])
    unique = list(names)
    for row, name in enumerate(names):
        if counts[name] > 1:
            parent, node = parents[row], letter_name(places[row])
            if parent is None:
                unique[row] = _("{name} (node {node})", name=name, node=node)
            else:
                unique[row] = _(
                    "{name} under {parent} (node {node})",
                    name=name,
                    parent=names[parent],
                    node=node,
                )
    return unique


# Pacman's moves as CS188 names them (an edge's action), each a catalog message.
DIRECTIONS = {
    "North": N_("North"),
    "South": N_("South"),
    "East": N_("East"),
    "West": N_("West"),
    "Stop": N_("Stop"),
}


def direction_name(action: str) -> str:
    """A move's direction in the grading's language ("West" → "Westen"): Pacman's moves as
    CS188 names them; any other action as it is (lib/names.js's directionName)."""
    return _(DIRECTIONS[action]) if action in DIRECTIONS else action


def move_name(nodes: Sequence[dict[str, Any]], names: Sequence[str], row: int) -> str:
    """A child as a move: "B (West)", or its name alone when the name already says the move
    (a tic-tac-toe "O→5": square 5, the cell 4) or the edge has no action."""
    action = nodes[row].get("action")
    name = names[row]
    if action is None:
        return name
    move = str(action)
    if move == name or SQUARE_MOVE.fullmatch(name):
        return name
    return f"{name} ({direction_name(move)})"


def name_list(names: Sequence[str], rows: Sequence[int], cap: int = 6) -> str:
    """Names as a phrase: "F", "F and G", "F, G and H", "… and 40 more" past ``cap``."""
    shown = [names[row] for row in rows[:cap]]
    more = len(rows) - len(shown)
    if more > 0:
        shown.append(ngettext("{n} more", "{n} more", more))
    return join_names(shown)
