"""Questions answered by tapping nodes: "which children are re-searched?" (PVS,
research.py) and "which chance children are pruned?" (Star1, chance_prune.py).

The answer is ``{"tapped": [<path>, …]}`` (paths as answers.py reads them; a node tapped
twice is refused naming the entry). Each node the question's truth holds is a ``correct_tap``
when tapped and a ``missed_tap`` when not; each other node tapped is an ``over_tap`` (costs a
point). ``max_score`` = the truth's nodes; ``score`` = correct taps − over taps, never below
0. Items are listed by step, then node; an item's step is where "Show me" opens the
visualizer (the truth's own event for right and missed taps, the node's first step for an
over tap, else the last step).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine import EngineError, Limits
from ...engine.errors import N_, Message
from ..answers import AnswerReader
from ..node_table import NodeTable

TAP_FIELDS = ("tapped",)


def read_taps(data: Any, table: NodeTable, limits: Limits) -> tuple[int, ...]:
    """The rows ``data`` taps, or an ``EngineError`` naming the field."""
    if not isinstance(data, dict):
        raise EngineError(
            Message(
                N_("answer must be an object, not {kind}: {shape}"),
                kind=type(data).__name__,
                shape='{"tapped": […]}',
            ),
            field="answer",
        )
    for key in data:
        if key not in TAP_FIELDS:
            raise EngineError(
                Message(
                    N_("answer: unknown field {field} (this question reads only {only})"),
                    field=repr(str(key)[:40]),
                    only="tapped",
                ),
                field=f"answer.{str(key)[:40]}",
            )
    return AnswerReader(table, limits).marks(data.get("tapped"), "tapped")


def grade_taps(
    table: NodeTable,
    tapped: tuple[int, ...],
    truth: dict[int, int],
    explain: Callable[[int], str],
) -> dict[str, Any]:
    """``{"score", "max_score", "items"}``: ``truth`` maps each right node to its step,
    ``explain(row)`` says why a node is (or is not) in it."""
    items: list[tuple[int, int, str, str]] = []
    for row in tapped:
        if row in truth:
            items.append((truth[row], row, "correct_tap", explain(row)))
        else:
            step = table.reached.get(row, table.last_step)
            items.append((step, row, "over_tap", explain(row)))
    for row, step in truth.items():
        if row not in tapped:
            items.append((step, row, "missed_tap", explain(row)))
    items.sort(key=lambda item: item[:2])
    kinds = [item[2] for item in items]
    score = kinds.count("correct_tap") - kinds.count("over_tap")
    return {
        "score": max(0, score),
        "max_score": len(truth),
        "items": [
            {"kind": kind, "path": table.path_of(row), "explanation": text, "step": step}
            for step, row, kind, text in items
        ],
    }
