"""Where a lesson's presenter is, carried with a lecture view (docs/lessons.md, "In a
lecture"): the lesson's id, the slide shown, how many slides it has and the slide's title,
whether the view's tree is the slide's own (``tree``: false on a slide of notes, a chart or
a game decision not sent as a tree) and, on an experiment slide, the chart's data
(``chart``: the experiment's name, query and rows, which the presenter's page already has,
so students never run the experiment themselves; the server adds the rows' summary, as the
experiment's stream would, so the students' chart is the presenter's). Everything is
checked here, strictly, so that a student's page gets plain data: flat rows of numbers and
short text, never markup (students draw it as text), within limits that keep a view small."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

import orjson

from ..engine.errors import N_, Message
from ..experiments.catalog import FIELDS as EXPERIMENTS
from ..experiments.catalog import summarize
from .rooms import RoomError

LESSON_MARK = {"id": str, "slide": int, "slides": int, "title": str}
OPTIONAL_FIELDS = ("tree", "chart")
LESSON_ID = re.compile(r"^[A-Za-z0-9_-]{1,12}$")

# The chart an experiment slide shows: the experiment's name (one the server runs), its query
# and the rows the presenter's page computed. Limits keep a view small however many students
# follow (static/js/lesson/lecture-views.js keeps within them).
CHART_FIELDS = ("name", "query", "rows")
CHART_NAMES = frozenset(EXPERIMENTS)
MAX_CHART_ROWS = 2_000
MAX_CHART_BYTES = 256 * 1024  # the chart as compact JSON
MAX_ROW_FIELDS = 24
MAX_QUERY_FIELDS = 12
MAX_KEY_CHARS = 40
MAX_TEXT_CHARS = 200
MAX_WHOLE = 2**53  # larger integers are not exact in a browser


def lesson_mark(mark: Any) -> dict[str, Any]:
    """``{"id", "slide", "slides", "title", "tree"?, "chart"?}``: the lesson, the slide shown
    (from 0), how many it has, the slide's title, whether the view's tree is the slide's own
    (default true) and an experiment slide's chart (docs/lessons.md, "In a lecture")."""
    if not isinstance(mark, Mapping):
        raise RoomError(_shape("view.lesson", '{"id", "slide", "slides", "title"}'))
    for key in mark:
        if key not in LESSON_MARK and key not in OPTIONAL_FIELDS:
            expected = ", ".join([*LESSON_MARK, *OPTIONAL_FIELDS])
            raise RoomError(_unknown("view.lesson", key, expected))
    for key, kind in LESSON_MARK.items():
        if key not in mark:
            raise RoomError(_missing(f"view.lesson.{key}"))
        if isinstance(mark[key], bool) or not isinstance(mark[key], kind):
            says = N_("{field} must be text") if kind is str else N_("{field} must be a number")
            raise RoomError(Message(says, field=f"view.lesson.{key}"))
    if not LESSON_ID.match(mark["id"]) or len(mark["title"]) > 200:
        raise RoomError(Message(N_("view.lesson names no lesson")))
    if not 0 <= mark["slide"] < mark["slides"] <= 1000:
        raise RoomError(Message(N_("view.lesson.slide must be a slide of the lesson")))
    checked = {key: mark[key] for key in LESSON_MARK}
    if "tree" in mark:
        if not isinstance(mark["tree"], bool):
            raise RoomError(Message(N_("{field} must be true or false"), field="view.lesson.tree"))
        checked["tree"] = mark["tree"]
    if "chart" in mark:
        checked["chart"] = lesson_chart(mark["chart"])
    return checked


def lesson_chart(chart: Any) -> dict[str, Any]:
    """``{"name", "query", "rows"}``: an experiment's name, its query (text by text) and its
    rows, each a flat object of numbers, short text, true/false or null; checked, with
    ``"summary"`` added where the experiment's stream sends one (random-binary)."""
    where = "view.lesson.chart"
    if not isinstance(chart, Mapping):
        raise RoomError(_shape(where, '{"name", "query", "rows"}'))
    for key in chart:
        if key not in CHART_FIELDS:
            raise RoomError(_unknown(where, key, ", ".join(CHART_FIELDS)))
    for key in CHART_FIELDS:
        if key not in chart:
            raise RoomError(_missing(f"{where}.{key}"))
    name = chart["name"]
    if not isinstance(name, str) or name not in CHART_NAMES:
        names = ", ".join(sorted(CHART_NAMES))
        raise RoomError(
            Message(N_("{field} must be one of {names}"), field=f"{where}.name", names=names)
        )
    query = _flat(chart["query"], f"{where}.query", MAX_QUERY_FIELDS, text_only=True)
    rows = chart["rows"]
    if not isinstance(rows, list):
        raise RoomError(Message(N_("{field} must be a list of rows"), field=f"{where}.rows"))
    if len(rows) > MAX_CHART_ROWS:
        raise RoomError(
            Message(
                N_("{field} has {count} rows; at most {limit}"),
                field=f"{where}.rows",
                count=f"{len(rows):,}",
                limit=f"{MAX_CHART_ROWS:,}",
            )
        )
    checked = {
        "name": name,
        "query": query,
        "rows": [_flat(row, f"{where}.rows[{k}]", MAX_ROW_FIELDS) for k, row in enumerate(rows)],
    }
    size = len(orjson.dumps(checked))
    if size > MAX_CHART_BYTES:
        raise RoomError(
            Message(
                N_("{field} is {count} bytes as JSON; at most {limit}"),
                field=where,
                count=f"{size:,}",
                limit=f"{MAX_CHART_BYTES:,}",
            )
        )
    try:
        summary = summarize(name, checked["rows"])
    except (KeyError, TypeError, ValueError):
        raise RoomError(
            Message(
                N_("{field} are not rows of the {name} experiment"),
                field=f"{where}.rows",
                name=name,
            )
        ) from None
    if summary is not None:
        checked["summary"] = summary
    return checked


def _flat(value: Any, where: str, most: int, *, text_only: bool = False) -> dict[str, Any]:
    """A flat object of at most ``most`` fields, named by short text, each a plain value."""
    if not isinstance(value, Mapping):
        raise RoomError(Message(N_("{field} must be an object"), field=where))
    if len(value) > most:
        raise RoomError(
            Message(
                N_("{field} has {count} fields; at most {limit}"),
                field=where,
                count=len(value),
                limit=most,
            )
        )
    out = {}
    for key, item in value.items():
        if not isinstance(key, str) or not 0 < len(key) <= MAX_KEY_CHARS:
            raise RoomError(
                Message(
                    N_("{field}: field names are text of 1 to {limit} characters"),
                    field=where,
                    limit=MAX_KEY_CHARS,
                )
            )
        if not _plain(item, text_only):
            says = (
                N_("{field} must be text (text of at most {limit})")
                if text_only
                else N_(
                    "{field} must be a number, text, true/false or null (text of at most {limit})"
                )
            )
            raise RoomError(Message(says, field=f"{where}.{key}", limit=MAX_TEXT_CHARS))
        out[key] = item
    return out


def _plain(item: Any, text_only: bool) -> bool:
    if isinstance(item, str):
        return len(item) <= MAX_TEXT_CHARS
    if text_only:
        return False
    if item is None or isinstance(item, bool):
        return True
    if isinstance(item, int):
        return abs(item) <= MAX_WHOLE
    return isinstance(item, float) and math.isfinite(item)


def _shown(key: Any) -> str:
    return repr(str(key)[:40])


def _shape(field: str, shape: str) -> Message:
    return Message(N_("{field} must be {shape}"), field=field, shape=shape)


def _unknown(where: str, key: Any, expected: str) -> Message:
    says = N_("{where}: unknown field {field} (expected {fields})")
    return Message(says, where=where, field=_shown(key), fields=expected)


def _missing(field: str) -> Message:
    return Message(N_("{field} is missing"), field=field)
