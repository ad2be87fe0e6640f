"""Node names as people read them (docs/protocol.md, "Node names"), made exactly as
static/js/lib/names.js makes them: a node's ``label`` when it has one (not empty), else a
letter name counted in level order over the node table (breadth first, each level in table
order): the root is A, then B, C, …, Z, AA, AB, … Every row takes its place in the count,
labelled or not. The engine's typesetting (typeset.py) and the practice grader's sentences
(app/practice/names.py) both name nodes so.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def letter_name(n: int) -> str:
    """The n-th letter name: 0 → "A", 25 → "Z", 26 → "AA", 702 → "AAA"."""
    name = ""
    k = n + 1
    while k > 0:
        name = chr(65 + (k - 1) % 26) + name
        k = (k - 1) // 26
    return name


def node_names(nodes: Sequence[dict[str, Any]], children: Sequence[Sequence[int]]) -> list[str]:
    """Every row's name; ``children`` lists each row's child rows in table order."""
    names = [""] * len(nodes)
    if not nodes:
        return names
    queue = [0]
    for place, row in enumerate(queue):  # the queue grows as it is read: level order
        label = nodes[row].get("label")
        names[row] = str(label) if label is not None and label != "" else letter_name(place)
        queue.extend(children[row])
    return names
