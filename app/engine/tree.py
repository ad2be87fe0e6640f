"""Trees: parse and validate JSON into an immutable, flat ``Tree`` (documents.py wraps one
with its settings).

A tree is stored as parallel tuples indexed by node id (ids in preorder, root 0), so that
parsing, searching and serialising are plain loops: no recursion, hence no recursion limit,
whatever the shape. Each node keeps its parent and its position among its siblings, not its
whole path: a 50,000-node tree 200 levels deep would otherwise hold 10 million path entries.
People see *paths* (child indices from the root), rebuilt on demand by ``Tree.path``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .errors import N_, EngineError, Message, format_path, node_error

MAX, MIN, CHANCE = "max", "min", "chance"
KINDS = (MAX, MIN, CHANCE)
NODE_FIELDS = ("label", "type", "value", "children", "p", "action")
DEFAULT_PLAYERS = (MAX, MIN)
PROBABILITY_TOLERANCE = 1e-6

Path = tuple[int, ...]
Number = int | float
# Called every PAUSE_EVERY nodes of a long loop, so that a server running many clients in one
# thread (gevent) can let the others have a turn; the engine itself never waits.
Pause = Callable[[], None]
PAUSE_EVERY = 2048
# A number field's sentences, whole (docs/translating.md: never glued from parts).
LEAF = {
    "not a number": N_("leaf value {value} is not a number"),
    "not finite": N_("leaf value {value} is not a finite number"),
    "too large": N_("leaf value {value} is larger than {limit} in size"),
}
HEURISTIC = {
    "not a number": N_("heuristic value {value} is not a number"),
    "not finite": N_("heuristic value {value} is not a finite number"),
    "too large": N_("heuristic value {value} is larger than {limit} in size"),
}
PROBABILITY = {
    "not a number": N_("probability p {value} is not a number"),
    "not finite": N_("probability p {value} is not a finite number"),
    "too large": N_("probability p {value} is larger than {limit} in size"),
}


@dataclass(frozen=True)
class Limits:
    """Input limits; the web app narrows them from its configuration."""

    max_nodes: int = 250_000
    max_depth: int = 200
    max_label_length: int = 80
    max_text_length: int = 2_000
    max_abs_value: float = 1e12
    max_players: int = 8
    max_document_chars: int = 20_000_000


DEFAULT_LIMITS = Limits()


@dataclass(frozen=True)
class Level:
    """What one depth of the tree holds: enough to answer size and shape questions without
    walking the tree again for every search."""

    nodes: int
    inner: int
    min_branching: int
    max_branching: int


@dataclass(frozen=True, eq=False)
class Tree:
    """An immutable game tree. Index every tuple by node id (preorder, root = 0).

    ``parents[n]`` is ``n``'s parent (-1 for the root) and ``positions[n]`` its index among
    the parent's children; ``ends[n]`` is one past the last id of ``n``'s subtree, so a
    subtree is ``range(n, ends[n])``; ``levels[d]`` summarises depth ``d``.
    """

    children: tuple[tuple[int, ...], ...]
    values: tuple[Number | None, ...]
    types: tuple[str | None, ...]
    probabilities: tuple[float | None, ...]
    labels: tuple[str | None, ...]
    actions: tuple[str | None, ...]
    parents: tuple[int, ...]
    positions: tuple[int, ...]
    depths: tuple[int, ...]
    ends: tuple[int, ...]
    levels: tuple[Level, ...]

    def __len__(self) -> int:
        return len(self.children)

    @property
    def height(self) -> int:
        return len(self.levels) - 1

    @property
    def has_types(self) -> bool:
        """Whether any node states its own kind (otherwise kinds follow the levels)."""
        return any(self.types)

    def path(self, node: int) -> Path:
        """The child indices from the root to ``node``: how people and errors name it."""
        return _path(self.parents, self.positions, node)

    def node_at(self, path: Path) -> int:
        node = 0
        for index in path:
            kids = self.children[node]
            if not 0 <= index < len(kids):
                raise EngineError(
                    Message(N_("there is no node {path}"), path=format_path(tuple(path)))
                )
            node = kids[index]
        return node

    def kinds(self, players: tuple[str, ...]) -> list[str]:
        """Each node's kind: its own ``type``, else the player whose turn it is at its depth."""
        cycle = len(players)
        return [t or players[d % cycle] for t, d in zip(self.types, self.depths, strict=True)]

    def to_data(self, node: int = 0) -> Any:
        """The subtree at ``node`` as a JSON-ready value, in the most compact form."""
        built: dict[int, Any] = {}
        last = node
        while last + 1 < len(self) and self.depths[last + 1] > self.depths[node]:
            last += 1
        for n in range(last, node - 1, -1):
            kids = self.children[n]
            extra = {
                key: val
                for key, val in (
                    ("label", self.labels[n]),
                    ("type", self.types[n]),
                    ("action", self.actions[n]),
                    ("p", self.probabilities[n] if n != node else None),
                )
                if val is not None
            }
            if not kids:
                built[n] = {**extra, "value": self.values[n]} if extra else self.values[n]
                continue
            subtrees = [built.pop(c) for c in kids]
            if extra or self.values[n] is not None:
                if self.values[n] is not None:
                    extra["value"] = self.values[n]
                built[n] = {**extra, "children": subtrees}
            else:
                built[n] = subtrees
        return built[node]


def is_text(text: str) -> bool:
    """Whether ``text`` can be written as UTF-8: JSON's ``"\\ud800"`` reads as a lone
    surrogate, which no encoder of the trace (nor a browser's text) accepts."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def parse_tree(data: Any, limits: Limits = DEFAULT_LIMITS, pause: Pause | None = None) -> Tree:
    """Validate a tree given in shorthand or full form; iterative, so any depth is safe."""
    children: list[list[int]] = []
    values: list[Number | None] = []
    types: list[str | None] = []
    probabilities: list[float | None] = []
    labels: list[str | None] = []
    actions: list[str | None] = []
    parents: list[int] = []
    positions: list[int] = []
    depths: list[int] = []

    max_nodes, max_depth, max_abs = limits.max_nodes, limits.max_depth, limits.max_abs_value
    pending: list[tuple[Any, int, int]] = [(data, -1, 0)]
    while pending:
        item, parent, position = pending.pop()
        node = len(values)
        if node >= max_nodes:
            raise EngineError(
                Message(
                    N_("the tree has more than {count} nodes, the limit"), count=f"{max_nodes:,}"
                )
            )
        if pause is not None and node % PAUSE_EVERY == PAUSE_EVERY - 1:
            pause()
        parents.append(parent)
        positions.append(position)
        depth = depths[parent] + 1 if parent >= 0 else 0
        if depth > max_depth:
            raise node_error(
                _path(parents, positions, node),
                Message(
                    N_("is at depth {depth}; trees may be at most {limit} levels deep"),
                    depth=depth,
                    limit=max_depth,
                ),
            )
        # Shorthand (a list, or a plain number) is most of any big tree: handle it inline.
        if type(item) is list and item:
            kids, value, fields = item, None, None
        elif type(item) in (int, float) and -max_abs <= item <= max_abs:
            kids, value, fields = None, item, None
        else:
            try:
                fields = _node_fields(item, limits)
            except _Invalid as problem:
                raise node_error(_path(parents, positions, node), problem.args[0]) from None
            kids, value = fields.get("children"), fields.get("value")
        children.append([])
        values.append(value)
        depths.append(depth)
        if fields is None:
            types.append(None)
            probabilities.append(None)
            labels.append(None)
            actions.append(None)
        else:
            types.append(fields.get("type"))
            probabilities.append(fields.get("p"))
            labels.append(fields.get("label"))
            actions.append(fields.get("action"))
        if parent >= 0:
            children[parent].append(node)
        if kids is not None:
            for index in range(len(kids) - 1, -1, -1):
                pending.append((kids[index], node, index))

    if probabilities[0] is not None:
        raise node_error((), N_("the root has no incoming edge, so it cannot have a probability p"))
    if any(p is not None for p in probabilities):
        for node, kids in enumerate(children):
            try:
                _check_probabilities([probabilities[c] for c in kids])
            except _Invalid as problem:
                raise node_error(_path(parents, positions, node), problem.args[0]) from None

    ends = list(range(1, len(children) + 1))
    for node in range(len(children) - 1, -1, -1):
        if children[node]:
            ends[node] = ends[children[node][-1]]
    return Tree(
        children=tuple(tuple(kids) for kids in children),
        values=tuple(values),
        types=tuple(types),
        probabilities=tuple(probabilities),
        labels=tuple(labels),
        actions=tuple(actions),
        parents=tuple(parents),
        positions=tuple(positions),
        depths=tuple(depths),
        ends=tuple(ends),
        levels=_levels(children, depths),
    )


class _Invalid(Exception):
    """A problem with one node (its one argument a ``Message``), raised where its path is not
    at hand; the parse loop adds it."""

    def __init__(self, template: str, **values: Any):
        super().__init__(Message(template, **values))


def _path(parents: list[int] | tuple[int, ...], positions, node: int) -> Path:
    path = []
    while node > 0:
        path.append(positions[node])
        node = parents[node]
    return tuple(reversed(path))


def _levels(children: list[list[int]], depths: list[int]) -> tuple[Level, ...]:
    counts: list[list[int]] = []
    for kids, depth in zip(children, depths, strict=True):
        if depth == len(counts):
            counts.append([0, 0, len(kids) or 1_000_000, 0])
        level = counts[depth]
        level[0] += 1
        if kids:
            level[1] += 1
            level[2] = min(level[2], len(kids))
            level[3] = max(level[3], len(kids))
    return tuple(
        Level(nodes, inner, low if inner else 0, high) for nodes, inner, low, high in counts
    )


def _node_fields(item: Any, limits: Limits) -> dict[str, Any]:
    """Normalise one node (number, list or object) to a dict of checked fields."""
    if isinstance(item, list):
        if not item:
            raise _Invalid(N_("an inner node needs at least one child (got an empty list)"))
        return {"children": item}
    if not isinstance(item, dict):
        return {"value": _number(item, LEAF, limits)}

    unknown = [key for key in item if key not in NODE_FIELDS]
    if unknown:
        raise _Invalid(
            N_("unknown field {field} (expected one of {fields})"),
            field=repr(unknown[0]),
            fields=", ".join(NODE_FIELDS),
        )
    fields: dict[str, Any] = {}
    kids = item.get("children")
    if kids is not None:
        if not isinstance(kids, list):
            raise _Invalid(N_("children must be a list"))
        if not kids:
            raise _Invalid(N_("an inner node needs at least one child (children is empty)"))
        fields["children"] = kids
    if item.get("value") is not None:
        fields["value"] = _number(item["value"], HEURISTIC if kids else LEAF, limits)
    elif not kids:
        raise _Invalid(N_("a leaf needs a value (or give the node children)"))
    node_type = item.get("type")
    if node_type is not None:
        if node_type not in KINDS:
            raise _Invalid(N_("type {type} is not one of max, min, chance"), type=repr(node_type))
        fields["type"] = node_type
    if item.get("p") is not None:
        p = _number(item["p"], PROBABILITY, limits)
        if not 0 <= p <= 1:
            raise _Invalid(N_("probability p = {p} is not between 0 and 1"), p=p)
        fields["p"] = float(p)
    for key in ("label", "action"):
        text = item.get(key)
        if text is None:
            continue
        if not isinstance(text, str):
            raise _Invalid(N_("{field} must be a string"), field=key)
        if len(text) > limits.max_label_length:
            raise _Invalid(
                N_("{field} is longer than {limit} characters"),
                field=key,
                limit=limits.max_label_length,
            )
        if not is_text(text):
            raise _Invalid(
                N_("{field} holds half of a UTF-16 surrogate pair, which is not text"), field=key
            )
        fields[key] = text
    return fields


def _number(value: Any, what: dict[str, str], limits: Limits) -> Number:
    """``value`` if it is a number within the limits; ``what`` is the field's sentences."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise _Invalid(what["not a number"], value=_preview(value))
    if isinstance(value, float) and not math.isfinite(value):
        raise _Invalid(what["not finite"], value=value)
    if abs(value) > limits.max_abs_value:
        raise _Invalid(what["too large"], value=_preview(value), limit=f"{limits.max_abs_value:g}")
    return value


def _preview(value: Any) -> str:
    text = (
        json.dumps(value)
        if isinstance(value, str | int | float | bool) or value is None
        else type(value).__name__
    )
    return text if len(text) <= 30 else text[:27] + "..."


def _check_probabilities(probabilities: list[float | None]) -> None:
    given = [p for p in probabilities if p is not None]
    if not given:
        return
    if len(given) != len(probabilities):
        raise _Invalid(N_("either all children have a probability p or none does"))
    total = sum(given)
    if abs(total - 1) > PROBABILITY_TOLERANCE:
        raise _Invalid(
            N_("the children's probabilities add up to {total}, not 1"), total=f"{total:g}"
        )
