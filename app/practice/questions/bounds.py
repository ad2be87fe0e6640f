"""MTD(f)'s question: "what are the bounds after each pass?" (the first guess given).

Each pass tests the root with a null window (β − 1, β): a result g ≥ β (a fail high) makes
g the lower bound, g < β (a fail low) the upper bound; the search stops when they meet
(app/engine/mtdf.py; the summary's ``passes``). The answer is ``{"bounds": [[lower, upper],
…]}``, one pair per pass in order (``null``, or a list shorter than the passes, leaves
passes unanswered); a bound is a number or ±∞ (``"Infinity"``, ``"-Infinity"``). Each pass
is ``correct_bounds``, ``wrong_bounds`` or ``missing_bounds``, at the step that ends it;
``max_score`` = the passes, ``score`` = the correct ones.
"""

from __future__ import annotations

from typing import Any

from ...engine import EngineError, Limits
from ...engine.errors import N_, Message
from ..answers import INFINITIES, AnswerReader, quoted
from ..explain import fmt
from ..node_table import NodeTable, bound
from ..words import _

BOUNDS_FIELDS = ("bounds",)


def read_bounds(data: Any, table: NodeTable, limits: Limits) -> list[tuple[float, float] | None]:
    """The pairs ``data`` gives, one per pass (``None``: not given), or an ``EngineError``."""
    if not isinstance(data, dict):
        raise EngineError(
            Message(
                N_("answer must be an object, not {kind}: {shape}"),
                kind=type(data).__name__,
                shape='{"bounds": [[lower, upper], …]}',
            ),
            field="answer",
        )
    for key in data:
        if key not in BOUNDS_FIELDS:
            raise EngineError(
                Message(
                    N_("answer: unknown field {field} (this question reads only {only})"),
                    field=quoted(key),
                    only="bounds",
                ),
                field=f"answer.{str(key)[:40]}",
            )
    given = data.get("bounds")
    if given is None:
        return []
    passes = len(table.summary["passes"])
    if not isinstance(given, list):
        raise EngineError(
            Message(N_("answer.bounds must be a list of [lower, upper] pairs")),
            field="answer.bounds",
        )
    if len(given) > passes:
        raise EngineError(
            Message(
                N_("answer.bounds has {count} pairs; MTD(f) makes {passes} passes here"),
                count=f"{len(given):,}",
                passes=passes,
            ),
            field="answer.bounds",
        )
    reader = AnswerReader(table, limits)
    pairs: list[tuple[float, float] | None] = []
    for index, pair in enumerate(given):
        where = f"answer.bounds[{index}]"
        if pair is None:
            pairs.append(None)
            continue
        if isinstance(pair, list) and len(pair) == 2:
            bounds = [INFINITIES.get(x, x) if isinstance(x, str) else x for x in pair]
            if all(reader.bound(x) for x in bounds):
                pairs.append((bounds[0], bounds[1]))
                continue
        raise EngineError(
            Message(
                N_(
                    "{where}: a pass's bounds are [lower, upper], each a number or ±Infinity, "
                    "not {value}"
                ),
                where=where,
                value=quoted(pair),
            ),
            field=where,
        )
    return pairs


def grade_bounds(table: NodeTable, pairs: list) -> dict[str, Any]:
    """``{"score", "max_score", "items"}``: one item per pass, at the step that ends it."""
    ends = [index for index, event in enumerate(table.events) if event[0] == "pass"][1:]
    ends.append(table.last_step)
    items = []
    for number, done in enumerate(table.summary["passes"]):
        given = pairs[number] if number < len(pairs) else None
        truth = (bound(done["lower"]), bound(done["upper"]))
        right = given is not None and given == truth
        kind = "correct_bounds" if right else "missing_bounds" if given is None else "wrong_bounds"
        text = explain_pass(table, number, given, right)
        items.append(
            {
                "kind": kind,
                "path": [],
                "explanation": text,
                "step": ends[number],
                "pass": number + 1,
            }
        )
    return {
        "score": sum(item["kind"] == "correct_bounds" for item in items),
        "max_score": len(items),
        "items": items,
    }


def explain_pass(table: NodeTable, number: int, given, right: bool) -> str:
    """What pass ``number`` (from 0) tests, what the root returned, and the bounds after it."""
    done = table.summary["passes"][number]
    root = table.names[0]
    alpha, beta, value = bound(done["alpha"]), bound(done["beta"]), bound(done["value"])
    lower, upper = bound(done["lower"]), bound(done["upper"])
    values = {"number": number + 1, "root": root, "alpha": fmt(alpha), "beta": fmt(beta)}
    asks = _(
        "Pass {number} searches {root} with the null window ({alpha}, {beta}): "
        "is {root} at least {beta}?",
        **values,
    )
    pair = f"[{fmt(lower)}, {fmt(upper)}]"
    if not right and given is not None:
        pair = _("{bounds}, not {given}", bounds=pair, given=f"[{fmt(given[0])}, {fmt(given[1])}]")
    values.update(value=fmt(value), bounds=pair, lower=fmt(lower))
    if value >= beta and lower == upper:
        said = _(
            "It returned {value} ≥ {beta}, a fail high, so {root} is at least {value}: the "
            "bounds are {bounds}; they meet, so {root}'s value is {lower}.",
            **values,
        )
    elif value >= beta:
        said = _(
            "It returned {value} ≥ {beta}, a fail high, so {root} is at least {value}: the "
            "bounds are {bounds}.",
            **values,
        )
    elif lower == upper:
        said = _(
            "It returned {value} < {beta}, a fail low, so {root} is at most {value}: the "
            "bounds are {bounds}; they meet, so {root}'s value is {lower}.",
            **values,
        )
    else:
        said = _(
            "It returned {value} < {beta}, a fail low, so {root} is at most {value}: the "
            "bounds are {bounds}.",
            **values,
        )
    return f"{asks} {said}"
