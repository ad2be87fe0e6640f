"""Writing a tree back in a course's format: ``brackets``, ``mit6034`` and ``aima``
(course_formats.py reads them; CS188's writer is cs188_export.py).

A format that cannot hold something in the tree refuses it with an ``EngineError`` naming
the feature and the node (chance nodes, per-node types, moves, values at inner nodes),
rather than writing a tree that reads back differently.
"""

from __future__ import annotations

import json
import re

from .errors import N_, EngineError, Message, format_path
from .tree import Tree

_BRACKET_LABEL = re.compile(r"[A-Za-z_][\w'.-]*")


def write_brackets(tree: Tree) -> str:
    """``A(B(b1:3 12) C(2 4))``: labels where the tree has them."""
    _refuse(tree, "brackets", ("type", "p", "action", "inner value"))
    parts: list[str] = []
    _walk(tree, parts, _bracket_open, _bracket_leaf, ")")
    return "".join(parts)


def write_mit6034(tree: Tree) -> str:
    """ToyTree lists ``["A", [["B", 3], …]]`` (nested numbers where a node has no label)."""
    _refuse(tree, "mit6034", ("type", "p", "action", "inner value"))

    def text(node: int) -> str:
        label = tree.labels[node]
        kids = tree.children[node]
        if not kids:
            value = _number(tree.values[node])
            return f"[{json.dumps(label)}, {value}]" if label is not None else value
        inner = ", ".join(text(k) for k in kids)
        return f"[{json.dumps(label)}, [{inner}]]" if label is not None else f"[{inner}]"

    _check_depth(tree)
    return text(0)


def write_aima(tree: Tree) -> str:
    """aima-python's ``succs`` and ``utils`` dictionaries, as in its figure 5.2 game."""
    _refuse(tree, "aima", ("type", "p", "inner value"))
    names = [label if label is not None else f"S{n}" for n, label in enumerate(tree.labels)]
    if len(set(names)) != len(names):
        seen: set[str] = set()
        twice = next(name for name in names if name in seen or seen.add(name))
        raise EngineError(
            Message(
                N_("aima cannot hold two states named {name}: state names are keys"),
                name=repr(twice),
            )
        )
    succs, utils = {}, {}
    for node in range(len(tree)):
        kids = tree.children[node]
        if not kids:
            utils[names[node]] = tree.values[node]
            continue
        moves = {}
        for position, kid in enumerate(kids):
            action = tree.actions[kid] or f"{names[node].lower()}{position + 1}"
            if action in moves:
                raise EngineError(
                    Message(
                        N_("aima cannot hold two moves named {action} at {state}"),
                        action=repr(action),
                        state=repr(names[node]),
                    )
                )
            moves[action] = names[kid]
        succs[names[node]] = moves
    return (
        f"succs = {json.dumps(succs)}\nutils = {json.dumps(utils)}\n"
        f"initial = {json.dumps(names[0])}\n"
    )


def _walk(tree: Tree, parts: list[str], opener, leaf, closer: str) -> None:
    """Preorder text without recursion: ``opener(node)``, the children, ``closer``."""
    stack: list[tuple[int, bool]] = [(0, False)]
    while stack:
        node, closing = stack.pop()
        if closing:
            parts.append(closer)
            continue
        kids = tree.children[node]
        if node and tree.positions[node]:
            parts.append(" ")
        if not kids:
            parts.append(leaf(tree, node))
            continue
        parts.append(opener(tree, node))
        stack.append((node, True))
        stack.extend((kid, False) for kid in reversed(kids))


def _bracket_open(tree: Tree, node: int) -> str:
    return f"{_bracket_label(tree, node)}("


def _bracket_leaf(tree: Tree, node: int) -> str:
    value = _number(tree.values[node])
    return f"{_bracket_label(tree, node)}:{value}" if tree.labels[node] is not None else value


def _bracket_label(tree: Tree, node: int) -> str:
    label = tree.labels[node]
    if label is None:
        return ""
    if not _BRACKET_LABEL.fullmatch(label):
        raise EngineError(
            Message(
                N_(
                    "node {path}: brackets hold labels of letters, digits, "
                    "_ ' . - starting with a letter, not {label}"
                ),
                path=format_path(tree.path(node)),
                label=repr(label),
            ),
            path=tree.path(node),
        )
    return label


def _refuse(tree: Tree, fmt: str, features: tuple[str, ...]) -> None:
    for node in range(len(tree)):
        found = None
        if "type" in features and tree.types[node] is not None:
            found = Message(N_("node types ({kind}); chance nodes included"), kind=tree.types[node])
        elif "p" in features and tree.probabilities[node] is not None:
            found = Message(N_("chance probabilities (p)"))
        elif "action" in features and tree.actions[node] is not None:
            found = Message(N_("moves (action)"))
        elif "inner value" in features and tree.children[node] and tree.values[node] is not None:
            found = Message(N_("values at inner nodes"))
        if found:
            path = tree.path(node)
            raise EngineError(
                Message(
                    N_("{format} cannot hold {found}: node {path}"),
                    format=fmt,
                    found=found,
                    path=format_path(path),
                ),
                path=path,
            )


def _check_depth(tree: Tree) -> None:
    if tree.height > 400:
        raise EngineError(N_("mit6034 writes trees at most 400 levels deep"))


def _number(value) -> str:
    return json.dumps(value)
