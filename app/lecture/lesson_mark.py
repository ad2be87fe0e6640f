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
        raise RoomError('view.lesson must be {"id", "slide", "slides", "title"}')
    for key in mark:
        if key not in LESSON_MARK and key not in OPTIONAL_FIELDS:
            expected = ", ".join([*LESSON_MARK, *OPTIONAL_FIELDS])
            raise RoomError(f"view.lesson: unknown field {_shown(key)} (expected {expected})")
    for key, kind in LESSON_MARK.items():
        if key not in mark:
            raise RoomError(f"view.lesson.{key} is missing")
        if isinstance(mark[key], bool) or not isinstance(mark[key], kind):
            raise RoomError(f"view.lesson.{key} must be {'text' if kind is str else 'a number'}")
    if not LESSON_ID.match(mark["id"]) or len(mark["title"]) > 200:
        raise RoomError("view.lesson names no lesson")
    if not 0 <= mark["slide"] < mark["slides"] <= 1000:
        raise RoomError("view.lesson.slide must be a slide of the lesson")
    checked = {key: mark[key] for key in LESSON_MARK}
    if "tree" in mark:
        if not isinstance(mark["tree"], bool):
            raise RoomError("view.lesson.tree must be true or false")
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
        raise RoomError(f'{where} must be {{"name", "query", "rows"}}')
    for key in chart:
        if key not in CHART_FIELDS:
            raise RoomError(
                f"{where}: unknown field {_shown(key)} (expected {', '.join(CHART_FIELDS)})"
            )
    for key in CHART_FIELDS:
        if key not in chart:
            raise RoomError(f"{where}.{key} is missing")
    name = chart["name"]
    if not isinstance(name, str) or name not in CHART_NAMES:
        raise RoomError(f"{where}.name must be one of {', '.join(sorted(CHART_NAMES))}")
    query = _flat(chart["query"], f"{where}.query", MAX_QUERY_FIELDS, text_only=True)
    rows = chart["rows"]
    if not isinstance(rows, list):
        raise RoomError(f"{where}.rows must be a list of rows")
    if len(rows) > MAX_CHART_ROWS:
        raise RoomError(f"{where}.rows has {len(rows):,} rows; at most {MAX_CHART_ROWS:,}")
    checked = {
        "name": name,
        "query": query,
        "rows": [_flat(row, f"{where}.rows[{k}]", MAX_ROW_FIELDS) for k, row in enumerate(rows)],
    }
    size = len(orjson.dumps(checked))
    if size > MAX_CHART_BYTES:
        raise RoomError(f"{where} is {size:,} bytes as JSON; at most {MAX_CHART_BYTES:,}")
    try:
        summary = summarize(name, checked["rows"])
    except (KeyError, TypeError, ValueError):
        raise RoomError(f"{where}.rows are not rows of the {name} experiment") from None
    if summary is not None:
        checked["summary"] = summary
    return checked


def _flat(value: Any, where: str, most: int, *, text_only: bool = False) -> dict[str, Any]:
    """A flat object of at most ``most`` fields, named by short text, each a plain value."""
    if not isinstance(value, Mapping):
        raise RoomError(f"{where} must be an object")
    if len(value) > most:
        raise RoomError(f"{where} has {len(value)} fields; at most {most}")
    out = {}
    for key, item in value.items():
        if not isinstance(key, str) or not 0 < len(key) <= MAX_KEY_CHARS:
            raise RoomError(f"{where}: field names are text of 1 to {MAX_KEY_CHARS} characters")
        if not _plain(item, text_only):
            kinds = "text" if text_only else "a number, text, true/false or null"
            raise RoomError(f"{where}.{key} must be {kinds} (text of at most {MAX_TEXT_CHARS})")
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
