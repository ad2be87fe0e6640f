"""A textbook alpha-beta and minimax over nested lists, written for the exam tests alone.

It shares no code with the engine: a recursive search as the course pseudocode has it, with
both pruning rules, fail-soft values, players cycling per level and chance nodes averaging
their children (searched with an open window). It logs what a teacher marks on a tree: the
leaves evaluated, each cutoff, the edges crossed out, the window at every node when it
returns and when it is entered, and the parent's value when the search came to a node.
Nodes are named as a person reads the tree: A, B, C… in level order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

INF = float("inf")


@dataclass
class Log:
    leaves: list[tuple] = field(default_factory=list)
    cutoffs: list[dict] = field(default_factory=list)
    crossed: list[tuple] = field(default_factory=list)
    windows: dict[tuple, tuple] = field(default_factory=dict)
    entered: dict[tuple, tuple] = field(default_factory=dict)
    values: dict[tuple, Any] = field(default_factory=dict)
    inner_visited: list[tuple] = field(default_factory=list)


def kind_at(players, depth):
    return players[depth % len(players)]


def alphabeta(tree, players, rule="standard", order=None):
    """The root's value and the log. ``order`` maps a path to its children's search order."""
    log = Log()

    def search(node, path, depth, alpha, beta, parent_v):
        log.entered[path] = (alpha, beta, parent_v)
        if not isinstance(node, list):
            log.leaves.append(path)
            return node
        log.inner_visited.append(path)
        kind = kind_at(players, depth)
        indices = order.get(path, range(len(node))) if order else range(len(node))
        if kind == "chance":
            values = [search(node[i], (*path, i), depth + 1, -INF, INF, None) for i in indices]
            log.values[path] = sum(values) / len(values)
            return log.values[path]
        v = -INF if kind == "max" else INF
        indices = list(indices)
        for place, i in enumerate(indices):
            r = search(node[i], (*path, i), depth + 1, alpha, beta, v)
            cut = False
            if kind == "max":
                v = max(v, r)
                if rule == "standard":
                    alpha = max(alpha, v)
                    cut = alpha >= beta
                elif v > beta:
                    cut = True
                else:
                    alpha = max(alpha, v)
            else:
                v = min(v, r)
                if rule == "standard":
                    beta = min(beta, v)
                    cut = alpha >= beta
                elif v < alpha:
                    cut = True
                else:
                    beta = min(beta, v)
            if cut:
                rest = indices[place + 1 :]
                bound = beta if kind == "max" else alpha
                log.cutoffs.append({"path": path, "kind": kind, "value": v, "bound": bound})
                log.crossed.extend((*path, j) for j in rest)
                break
        log.windows[path] = (alpha, beta)
        log.values[path] = v
        return v

    value = search(tree, (), 0, -INF, INF, None)
    return value, log


def minimax(tree, players, depth=0, path=(), values=None):
    """Every node's exact value, by path."""
    values = {} if values is None else values
    if not isinstance(tree, list):
        values[path] = tree
        return tree, values
    kids = [minimax(c, players, depth + 1, (*path, i), values)[0] for i, c in enumerate(tree)]
    kind = kind_at(players, depth)
    if kind == "max":
        values[path] = max(kids)
    elif kind == "min":
        values[path] = min(kids)
    else:
        values[path] = sum(kids) / len(kids)
    return values[path], values


def perfect_order(tree, players):
    """Each MAX/MIN node's children, best first by exact value (ties keep the given order)."""
    _, values = minimax(tree, players)
    order = {}
    for path, node in walk(tree):
        if isinstance(node, list):
            kind = kind_at(players, len(path))
            if kind == "chance":
                continue
            keys = [values[(*path, i)] for i in range(len(node))]
            order[path] = sorted(range(len(node)), key=keys.__getitem__, reverse=kind == "max")
    return order


def walk(tree, path=()):
    yield path, tree
    if isinstance(tree, list):
        for i, child in enumerate(tree):
            yield from walk(child, (*path, i))


def names(tree):
    """Path → A, B, C… in level order."""
    named, queue, place = {}, [((), tree)], 0
    while queue:
        path, node = queue.pop(0)
        k, name = place + 1, ""
        while k > 0:
            name = chr(65 + (k - 1) % 26) + name
            k = (k - 1) // 26
        named[path] = name
        place += 1
        if isinstance(node, list):
            queue.extend(((*path, i), child) for i, child in enumerate(node))
    return named


def leaf_count(tree):
    return sum(1 for _, node in walk(tree) if not isinstance(node, list))


def shape(tree):
    return None if not isinstance(tree, list) else [shape(child) for child in tree]


def deep_cutoffs(tree, players, log):
    """Cutoffs whose bound the parent did not set: a same-kind parent, or a parent whose own
    value had not reached the bound when the search came to the cut node."""
    deep = []
    for cut in log.cutoffs:
        path = cut["path"]
        if not path or cut["bound"] in (INF, -INF):
            continue
        parent_kind = kind_at(players, len(path) - 1)
        parent_v = log.entered[path][2]
        if parent_kind == "chance":
            continue
        if (
            parent_kind == cut["kind"]
            or (parent_kind == "max" and parent_v < cut["bound"])
            or (parent_kind == "min" and parent_v > cut["bound"])
        ):
            deep.append(path)
    return deep
