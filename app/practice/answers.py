"""A student's answer, read and checked against the node table of the tree it is about.

``{"pruned": [<path>, …], "values": {"<path>": number}, "windows": {"<path>": [α, β]},
"best_move": index}``, every field optional (absent means nothing given; ``best_move``
``null`` too). A path is a dotted string of child indices as the tree is given ("0.1"; ""
is the root), or in ``pruned`` also a list of indices ([0, 1]). Values are finite numbers
no larger than the tree's values may be; window bounds are such numbers or ±∞ (JSON's
``Infinity``, or the strings ``"Infinity"`` and ``"-Infinity"``). Every problem is an
``EngineError`` naming its field and entry: ``answer.pruned[2]: there is no node 0.5``.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from typing import Any

from ..engine import EngineError, Limits
from ..engine.errors import N_, Message
from ..engine.tree import Number
from .truth import Truth

ANSWER_FIELDS = ("pruned", "values", "windows", "best_move")
INDEX = r"(?:0|[1-9][0-9]{0,8})"  # no leading zeros (one spelling per node), no huge numbers
DOTTED = re.compile(rf"{INDEX}(?:\.{INDEX})*")
INFINITIES = {"Infinity": math.inf, "-Infinity": -math.inf}
SHOWN = 40  # characters of a bad entry quoted back in an error


@dataclass(frozen=True)
class Answer:
    """The answer by node-table row: marks in the order given, values, windows, the move."""

    pruned: tuple[int, ...]
    values: dict[int, Number]
    windows: dict[int, tuple[float, float]]
    best_move: int | None


def read_answer(data: Any, truth: Truth, limits: Limits) -> Answer:
    """``data`` as an ``Answer`` about ``truth``'s nodes, or an ``EngineError`` naming the field."""
    if not isinstance(data, dict):
        raise EngineError(
            Message(
                N_("answer must be an object, not {kind}: {shape}"),
                kind=type(data).__name__,
                shape='{"pruned": […], "values": {…}, "windows"?: {…}, "best_move": …}',
            ),
            field="answer",
        )
    for key in data:
        if key not in ANSWER_FIELDS:
            raise EngineError(
                Message(
                    N_("answer: unknown field {field} (expected one of {fields})"),
                    field=quoted(key),
                    fields=", ".join(ANSWER_FIELDS),
                ),
                field=f"answer.{key[:SHOWN]}",
            )
    reader = AnswerReader(truth, limits)
    return Answer(
        pruned=reader.marks(data.get("pruned")),
        values=reader.by_path(data.get("values"), "values", reader.value),
        windows=reader.by_path(data.get("windows"), "windows", reader.window),
        best_move=reader.move(data.get("best_move")),
    )


class AnswerReader:
    """Reads an answer's parts about ``truth``'s nodes (a Truth, or any table with ``nodes``,
    ``row_at``, ``path_of`` and ``options``: node_table.py's), naming each bad entry."""

    def __init__(self, truth: Truth, limits: Limits):
        self.truth = truth
        self.limit = limits.max_abs_value
        self.size = len(truth.nodes)

    def marks(self, given: Any, name: str = "pruned") -> tuple[int, ...]:
        """The rows of a list of paths (``answer.pruned``, or a question's ``tapped``)."""
        if given is None:
            return ()
        if not isinstance(given, list):
            says = Message(N_("{field} must be a list of paths"), field=f"answer.{name}")
            raise EngineError(says, field=f"answer.{name}")
        self._cap(given, name)
        rows: dict[int, int] = {}
        for index, path in enumerate(given):
            where = f"answer.{name}[{index}]"
            row = self.node(path, where)
            if row in rows:
                raise EngineError(
                    Message(
                        N_("{where}: node {node} is given twice (also {other})"),
                        where=where,
                        node=_dotted(self.truth.path_of(row)),
                        other=f"answer.{name}[{rows[row]}]",
                    ),
                    field=where,
                )
            rows[row] = index
        return tuple(rows)

    def by_path(self, given: Any, name: str, read) -> dict[int, Any]:
        if given is None:
            return {}
        if not isinstance(given, dict):
            raise EngineError(
                Message(
                    N_('{field} must be an object by path: {shape} ("" is the root)'),
                    field=f"answer.{name}",
                    shape='{"0.1": …}',
                ),
                field=f"answer.{name}",
            )
        self._cap(given, name)
        entries = {}
        for key, value in given.items():
            where = f"answer.{name}[{quoted(key)}]"
            entries[self.node(key, where)] = read(value, where)
        return entries

    def node(self, path: Any, where: str) -> int:
        """The row at ``path``, a dotted string or a list of child indices."""
        if isinstance(path, str) and (path == "" or DOTTED.fullmatch(path)):
            steps = [int(step) for step in path.split(".")] if path else []
        elif isinstance(path, list) and all(_whole(step) and step >= 0 for step in path):
            steps = path
        else:
            raise EngineError(
                Message(
                    N_(
                        '{where}: {path} is not a path: child indices such as "0.1" or [0, 1] '
                        '("" or [] for the root)'
                    ),
                    where=where,
                    path=quoted(path),
                ),
                field=where,
            )
        row = self.truth.row_at(steps)
        if row is None:
            depth = self.truth.options.depth
            says = (
                N_("{where}: there is no node {node}")
                if depth is None
                else N_("{where}: there is no node {node} within the depth limit {depth}")
            )
            message = Message(says, where=where, node=_dotted(steps), depth=depth)
            raise EngineError(message, field=where)
        return row

    def value(self, value: Any, where: str) -> Number:
        if not self._number(value) or not abs(value) <= self.limit:
            raise EngineError(
                Message(
                    N_(
                        "{where}: a value must be a finite number of size at most {limit}, "
                        "not {value}"
                    ),
                    where=where,
                    limit=f"{self.limit:g}",
                    value=quoted(value),
                ),
                field=where,
            )
        return value

    def window(self, value: Any, where: str) -> tuple[float, float]:
        if isinstance(value, list) and len(value) == 2:
            bounds = [INFINITIES.get(x, x) if isinstance(x, str) else x for x in value]
            if all(self.bound(x) for x in bounds):
                return bounds[0], bounds[1]
        raise EngineError(
            Message(
                N_("{where}: a window is [α, β], each a number or ±Infinity, not {value}"),
                where=where,
                value=quoted(value),
            ),
            field=where,
        )

    def move(self, given: Any) -> int | None:
        if given is None:
            return None
        moves = len(self.truth.children[0])
        if not moves:
            raise EngineError(
                Message(
                    N_(
                        "answer.best_move: the search makes no move here (the root is evaluated "
                        "as a leaf); give null"
                    )
                ),
                field="answer.best_move",
            )
        if not _whole(given) or not 0 <= given < moves:
            raise EngineError(
                Message(
                    N_(
                        "answer.best_move must be the index of one of the root's children (0 to "
                        "{last}), not {given}"
                    ),
                    last=moves - 1,
                    given=quoted(given),
                ),
                field="answer.best_move",
            )
        return given

    def _cap(self, given: list | dict, name: str) -> None:
        if len(given) > self.size:
            raise EngineError(
                Message(
                    N_("{field} has {count} entries; the tree has only {nodes} nodes"),
                    field=f"answer.{name}",
                    count=f"{len(given):,}",
                    nodes=f"{self.size:,}",
                ),
                field=f"answer.{name}",
            )

    def bound(self, x: Any) -> bool:
        return self._number(x) and (abs(x) <= self.limit or x in INFINITIES.values())

    @staticmethod
    def _number(x: Any) -> bool:
        """A JSON number (not a boolean); NaN fails every comparison that follows."""
        return isinstance(x, int | float) and not isinstance(x, bool)


def _whole(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _dotted(path: list[int]) -> str:
    if not path:
        return '"" (the root)'
    text = ".".join(map(str, path))
    return text if len(text) <= SHOWN else f"{text[: SHOWN - 1]}…"


def quoted(x: Any) -> str:
    """Bad input quoted back, cut short: it may be megabytes long."""
    try:
        text = json.dumps(x, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = type(x).__name__
    return text if len(text) <= SHOWN else f"{text[: SHOWN - 1]}…"
