"""An exam's spec, read and checked: the seed, the number of variants and each question's
kind, tree shape, value range and the properties its tree must have (docs/exams.md).

Pure: no Flask. A bad field is a ``SpecError`` (a ``ValueError``) whose ``field`` names it
as the API reports it (``questions[2].branching``); the limits come in an ``ExamLimits``
(app/config.py fills one from the ``PRUNE_EXAM_*`` settings).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from ..engine.errors import N_, Language, Message

KINDS = ("prune", "values", "windows", "best_move", "leaves", "reorder", "rules", "counts")
PLAYERS = ("max", "min", "chance")
RULES = ("standard", "strict")
# The properties a question's tree can be asked to have (booleans, except the two counts).
FLAGS = ("both_cutoffs", "ties", "equal_window", "ordering_matters", "deep_cutoff")
COUNTS = ("min_pruned", "min_pruned_branches")
QUESTION_FIELDS = (
    "kind", "depth", "branching", "players", "rule", "values", "integers", "asked",
    *COUNTS, *FLAGS,
)  # fmt: skip
EXAM_FIELDS = ("seed", "variants", "questions", "title")
MAX_SEED = 2**63 - 1
MAX_TITLE = 200


class SpecError(ValueError):
    """A spec the generator refuses; ``field`` names where (``questions[0].depth``)."""

    def __init__(self, message: str | Message, field: str):
        self.message = message if isinstance(message, Message) else Message(message)
        super().__init__(str(self.message))
        self.field = field

    def translated(self, language: Language | None = None) -> str:
        return self.message.translated(language)


@dataclass(frozen=True)
class ExamLimits:
    """The largest exam one request may ask for (docs/exams.md, "Limits")."""

    max_questions: int = 40
    max_variants: int = 300
    max_depth: int = 5
    max_branching: int = 5
    max_leaves: int = 81
    max_abs_value: int = 1000
    max_tries: int = 400  # random trees tried per question (and per variant) before refusing


@dataclass(frozen=True)
class QuestionSpec:
    kind: str
    depth: int
    branching: tuple[tuple[int, int], ...]  # per level, an inclusive range of children
    players: tuple[str, ...] = ("max", "min")
    rule: str = "standard"
    values: tuple[int, int] = (0, 20)
    integers: bool = True
    asked: int = 3
    min_pruned: int = 0
    min_pruned_branches: int = 0
    flags: frozenset[str] = field(default_factory=frozenset)

    def to_data(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "depth": self.depth,
            "branching": [list(pair) for pair in self.branching],
            "players": list(self.players),
            "rule": self.rule,
            "values": list(self.values),
            "integers": self.integers,
            "asked": self.asked,
            "min_pruned": self.min_pruned,
            "min_pruned_branches": self.min_pruned_branches,
            **{flag: flag in self.flags for flag in FLAGS},
        }


@dataclass(frozen=True)
class ExamSpec:
    seed: int
    variants: int
    questions: tuple[QuestionSpec, ...]
    title: str = "Alpha-beta pruning"

    def to_data(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "variants": self.variants,
            "title": self.title,
            "questions": [question.to_data() for question in self.questions],
        }


def read_spec(data: Any, limits: ExamLimits | None = None) -> ExamSpec:
    """The spec in ``data`` (parsed JSON), every field checked against ``limits``."""
    limits = limits or ExamLimits()
    if not isinstance(data, dict):
        raise SpecError(Message(N_("the exam must be a JSON object")), "exam")
    _unknown(data, EXAM_FIELDS, "")
    seed = _integer(data.get("seed", 0), "seed", -MAX_SEED, MAX_SEED)
    variants = _integer(data.get("variants", 1), "variants", 1, limits.max_variants)
    title = data.get("title", "Alpha-beta pruning")
    if not isinstance(title, str) or not title.strip() or len(title) > MAX_TITLE:
        says = N_("title must be text of 1 to {limit} characters")
        raise SpecError(Message(says, limit=MAX_TITLE), "title")
    questions = data.get("questions")
    if not isinstance(questions, list) or not 1 <= len(questions) <= limits.max_questions:
        raise SpecError(
            Message(
                N_("questions must be a list of 1 to {limit} questions"),
                limit=limits.max_questions,
            ),
            "questions",
        )
    read = tuple(_question(item, f"questions[{i}]", limits) for i, item in enumerate(questions))
    return ExamSpec(seed, variants, read, title.strip())


def _question(data: Any, where: str, limits: ExamLimits) -> QuestionSpec:
    if not isinstance(data, dict):
        raise SpecError(Message(N_("{field} must be an object"), field=where), where)
    _unknown(data, QUESTION_FIELDS, f"{where}.")
    kind = data.get("kind")
    if kind not in KINDS:
        says = Message(
            N_("{field} must be one of {names}"), field=f"{where}.kind", names=", ".join(KINDS)
        )
        raise SpecError(says, f"{where}.kind")
    depth = _integer(data.get("depth", 2), f"{where}.depth", 1, limits.max_depth)
    branching = _branching(data.get("branching", 2), depth, f"{where}.branching", limits)
    players = _players(data.get("players", ["max", "min"]), f"{where}.players", limits)
    rule = data.get("rule", "standard")
    if rule not in RULES:
        says = N_("{field} must be standard or strict")
        raise SpecError(Message(says, field=f"{where}.rule"), f"{where}.rule")
    integers = data.get("integers", True)
    if not isinstance(integers, bool):
        raise SpecError(_true_or_false(f"{where}.integers"), f"{where}.integers")
    values = _values(data.get("values", [0, 20]), f"{where}.values", limits)
    leaves = _most_leaves(branching)
    counts = {name: _integer(data.get(name, 0), f"{where}.{name}", 0, leaves) for name in COUNTS}
    flags = set()
    for name in FLAGS:
        flag = data.get(name, False)
        if not isinstance(flag, bool):
            raise SpecError(_true_or_false(f"{where}.{name}"), f"{where}.{name}")
        if flag:
            flags.add(name)
    if kind == "rules":
        flags.add("ties")  # a rules question whose answer is "none" asks nothing
    asked = _integer(data.get("asked", 3), f"{where}.asked", 1, limits.max_leaves)
    return QuestionSpec(
        kind, depth, branching, players, rule, values, integers, asked, **counts,
        flags=frozenset(flags),
    )  # fmt: skip


def _unknown(data: dict, known: tuple[str, ...], prefix: str) -> None:
    for key in data:
        if key not in known:
            raise SpecError(
                Message(
                    N_("{field} is not a field (expected one of {fields})"),
                    field=f"{prefix}{key}",
                    fields=", ".join(known),
                ),
                f"{prefix}{key}",
            )


def _integer(value: Any, where: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        says = N_("{field} must be a whole number from {low} to {high}")
        raise SpecError(Message(says, field=where, low=low, high=high), where)
    return value


def _branching(value: Any, depth: int, where: str, limits: ExamLimits) -> tuple:
    """A count for every level, or a list with one item per level: a count, or a
    ``[low, high]`` range of counts (a ragged level; below the root, low may be 0)."""
    if _is_int(value):
        levels, per_level = [value] * depth, False
    elif isinstance(value, list) and len(value) == depth:
        levels, per_level = value, True
    else:
        raise SpecError(
            Message(
                N_(
                    "{field} must be a count or a list of {depth} counts or [low, high] ranges, "
                    "one per level"
                ),
                field=where,
                depth=depth,
            ),
            where,
        )
    read = []
    for level, item in enumerate(levels):
        at = f"{where}[{level}]" if per_level else where
        floor = 2 if level == 0 else 0  # a root with one move asks nothing
        if _is_int(item):
            pair = (item, item)
        elif isinstance(item, list) and len(item) == 2 and all(_is_int(x) for x in item):
            pair = (item[0], item[1])
        else:
            raise SpecError(
                Message(N_("{field} must be a count or a [low, high] range"), field=at), at
            )
        if not floor <= pair[0] <= pair[1] <= limits.max_branching or pair[1] < 1:
            raise SpecError(
                Message(
                    N_("{field} must be counts from {low} to {high} (low ≤ high)"),
                    field=at,
                    low=max(floor, 1),
                    high=limits.max_branching,
                ),
                at,
            )
        read.append(pair)
    branching = tuple(read)
    if _most_leaves(branching) > limits.max_leaves:
        raise SpecError(
            Message(
                N_(
                    "{field}: a tree of this shape can have {count} leaves; a question may have "
                    "at most {limit}"
                ),
                field=where,
                count=f"{_most_leaves(branching):,}",
                limit=limits.max_leaves,
            ),
            where,
        )
    return branching


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _most_leaves(branching: tuple[tuple[int, int], ...]) -> int:
    return math.prod(high for _, high in branching)


def _players(value: Any, where: str, limits: ExamLimits) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [part.strip() for part in value.split(",")]
    if (
        not isinstance(value, list)
        or not 1 <= len(value) <= limits.max_depth + 1
        or any(item not in PLAYERS for item in value)
    ):
        raise SpecError(
            Message(
                N_("{field} must be a list of max, min and chance, one per level (a cycle)"),
                field=where,
            ),
            where,
        )
    if value[0] == "chance":
        raise SpecError(Message(N_("{field}: the root must be max or min"), field=where), where)
    if "max" not in value and "min" not in value:
        raise SpecError(Message(N_("{field} needs a max or min level"), field=where), where)
    return tuple(value)


def _values(value: Any, where: str, limits: ExamLimits) -> tuple[int, int]:
    top = limits.max_abs_value
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(_is_int(x) for x in value)
        or not -top <= value[0] < value[1] <= top
    ):
        raise SpecError(
            Message(
                N_("{field} must be [low, high], whole numbers from {low} to {high}, low < high"),
                field=where,
                low=-top,
                high=top,
            ),
            where,
        )
    return value[0], value[1]


def _true_or_false(field: str) -> Message:
    return Message(N_("{field} must be true or false"), field=field)
