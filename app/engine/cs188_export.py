"""A tree as a CS188 ``GraphGameTreeTest`` file and its ``.solution``: everything the
autograder reads.

- **States** are named from the node labels, sanitised to tokens (no spaces, quotes or
  ``#``) and made unique; an unlabelled node gets the next free name of A, B, C, … Z, AA, AB…
- **Actions** come from the edge's ``action``, else Left/Right (two moves), Left/Center/
  Right (three), or Move1, Move2, … (any other number); unique at each state.
- **Players**: Pacman then ghosts (``max, min, min…``), or any cycle whose levels alternate
  MAX and MIN down the tree (``max, min, max`` is then ``num_agents: "2"``).
- **Terminal states**: a leaf above the last level the depth reaches would have no moves in
  the autograder's game, so it is listed in ``lose_states`` when its value is negative and in
  ``win_states`` otherwise (the search stops at either).
- **diagram**: the tree drawn in ASCII like the course's files (the autograder reads the
  field unconditionally); a tree of more than ``DIAGRAM_MAX_LEAVES`` leaves says so instead.

The solution is the autograder's: the move the search chooses at the root (alpha-beta by
the strict rule, as the course prunes) and ``generated``, the names of the start state and
of every state the search generates, sorted as Python sorts them, joined by spaces.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from .cs188 import AGENT_OF_ALGORITHM
from .documents import Document
from .errors import N_, EngineError, Message
from .options import SearchOptions
from .search import Search
from .tree import MAX, MIN, Tree

DIAGRAM_MAX_LEAVES = 40
_UNSAFE = re.compile(r"[\s\"#]+")
DIRECTIONS = {2: ("Left", "Right"), 3: ("Left", "Center", "Right")}


def export_cs188(document: Document, options: SearchOptions) -> dict[str, str]:
    """``{"text", "solution"}``: the ``.test`` file and its ``.solution`` file."""
    tree = document.tree
    agents = _agents(tree, options.players)
    if any(p is not None for p in tree.probabilities):
        raise EngineError(N_("CS188 export cannot carry chance probabilities p"))
    if options.depth is not None and options.depth % agents:
        raise EngineError(
            Message(
                N_(
                    "CS188 depth counts whole rounds of {agents} plies; "
                    "depth {depth} is not a multiple"
                ),
                agents=agents,
                depth=options.depth,
            )
        )
    rounds = -(-tree.height // agents) if options.depth is None else options.depth // agents
    names = _state_names(tree)
    moves = _action_names(tree)
    reach = rounds * agents
    wins, losses, successors, evaluation = [], [], [], []
    for node, kids in enumerate(tree.children):
        for child in kids:
            successors.append(f"{names[node]} {moves[child]} {names[child]}")
        value = tree.values[node]
        if value is not None:
            evaluation.append(f"{names[node]} {float(value)!r}")
        if not kids and tree.depths[node] < reach:
            (losses if value < 0 else wins).append(names[node])
    lines = [
        'class: "GraphGameTreeTest"',
        f'alg: "{AGENT_OF_ALGORITHM[options.algorithm]}"',
        f'depth: "{rounds}"',
        "",
        'diagram: """',
        *_diagram(tree, names),
        '"""',
        f'num_agents: "{agents}"',
        "",
        f'start_state: "{names[0]}"',
        f'win_states: "{" ".join(wins)}"',
        f'lose_states: "{" ".join(losses)}"',
        "",
        'successors: """',
        *successors,
        '"""',
        "",
        'evaluation: """',
        *evaluation,
        '"""',
    ]
    search_options = replace(
        options,
        players=(MAX, *(MIN,) * (agents - 1)),
        depth=reach,
        rule="strict" if options.algorithm == "alphabeta" else options.rule,
        ordering="given",
    )
    solution = _solution(tree, search_options, names, moves)
    return {"text": "\n".join(lines) + "\n", "solution": solution}


def _agents(tree: Tree, players: tuple[str, ...]) -> int:
    """``num_agents``: Pacman and his ghosts, or 2 for levels that alternate MAX and MIN."""
    if tree.has_types:
        raise EngineError(
            N_("CS188 export takes kinds from the levels: no node may state its type")
        )
    if players[0] == MAX and all(p == MIN for p in players[1:]):
        return len(players)
    levels = [players[depth % len(players)] for depth in range(max(tree.height, 1))]
    if all(kind == (MAX if depth % 2 == 0 else MIN) for depth, kind in enumerate(levels)):
        return 2
    raise EngineError(
        Message(
            N_(
                "CS188 export needs players max then min (Pacman then ghosts), or levels that "
                "alternate max and min down the tree; these levels go {levels}"
            ),
            levels=", ".join(levels),
        )
    )


def _state_names(tree: Tree) -> list[str]:
    """Labels as tokens, unique (a repeat gets ``_2``, ``_3``…); A, B, C… for the rest."""
    names: list[str | None] = []
    taken: set[str] = set()
    for label in tree.labels:
        token = _UNSAFE.sub("_", label.strip()) if label and label.strip() else None
        if token is not None:
            base, count = token, 1
            while token in taken:
                count += 1
                token = f"{base}_{count}"
            taken.add(token)
        names.append(token)
    letters = _letter_names()
    for node, name in enumerate(names):
        if name is None:
            name = next(letters)
            while name in taken:
                name = next(letters)
            taken.add(name)
            names[node] = name
    return names  # type: ignore[return-value]


def _letter_names():
    """A, B, … Z, AA, AB, … as spreadsheet columns are named."""
    number = 0
    while True:
        number += 1
        name, rest = "", number
        while rest:
            rest, digit = divmod(rest - 1, 26)
            name = chr(ord("A") + digit) + name
        yield name


def _action_names(tree: Tree) -> list[str]:
    """Each node's move from its parent (the root's is unused)."""
    moves = [""] * len(tree)
    for kids in tree.children:
        defaults = DIRECTIONS.get(len(kids)) or tuple(f"Move{i}" for i in range(1, len(kids) + 1))
        taken: set[str] = set()
        for index, child in enumerate(kids):
            action = tree.actions[child]
            move = _UNSAFE.sub("_", action.strip()) if action and action.strip() else ""
            if not move or move in taken:
                move = defaults[index] if defaults[index] not in taken else f"Move{index + 1}"
            taken.add(move)
            moves[child] = move
    return moves


def _solution(tree: Tree, options: SearchOptions, names: list[str], moves: list[str]) -> str:
    """The autograder's ``.solution``: the chosen action and the states generated."""
    search = Search(tree, options)
    node_of_row = {row: node for node, row in enumerate(search.view.rows)}
    generated = {names[0]}
    for event in search:
        if event[0] in ("enter", "leaf"):
            generated.add(names[node_of_row[event[1]]])
    best = search.summary["best_move"]
    action = moves[tree.children[0][best]] if best is not None else ""
    return (
        "\n".join(
            [
                "# The solution the CS188 autograder's GraphGameTreeTest writes for this test.",
                f'action: "{action}"',
                f'generated: "{" ".join(sorted(generated))}"',
            ]
        )
        + "\n"
    )


def _diagram(tree: Tree, names: list[str]) -> list[str]:
    """The tree level by level: names, leaf values below them, and / | \\ to the children."""
    leaves = [node for node, kids in enumerate(tree.children) if not kids]
    if len(leaves) > DIAGRAM_MAX_LEAVES:
        return [f"    ({len(tree)} states, {len(leaves)} leaves: too many to draw)"]
    centre: dict[int, int] = {}
    cursor = 4
    for node in leaves:  # leaves left to right, each as wide as its name or value
        width = max(len(names[node]), len(_value(tree.values[node])))
        centre[node] = cursor + width // 2
        cursor += width + 3
    for node in range(len(tree) - 1, -1, -1):  # children before parents (preorder ids)
        kids = tree.children[node]
        if kids:
            centre[node] = (centre[kids[0]] + centre[kids[-1]]) // 2
    lines = []
    for depth in range(tree.height + 1):
        level = [n for n in range(len(tree)) if tree.depths[n] == depth]
        lines.append(_row({centre[n]: names[n] for n in level}))
        ends = {centre[n]: _value(tree.values[n]) for n in level if not tree.children[n]}
        if ends:
            lines.append(_row(ends))
        links = {}
        for parent in level:
            for child in tree.children[parent]:
                offset = centre[child] - centre[parent]
                mark = "|" if offset == 0 else ("/" if offset < 0 else "\\")
                links[centre[parent] + offset // 2] = mark
        if links:
            lines.append(_row(links))
    return lines


def _row(items: dict[int, str]) -> str:
    line = ""
    for middle in sorted(items):
        text = items[middle]
        start = max(middle - len(text) // 2, len(line) + 1 if line else 0)
        line = line.ljust(start) + text
    return line.rstrip()


def _value(value: Any) -> str:
    if value is None:
        return ""
    return str(int(value)) if float(value).is_integer() else str(value)
