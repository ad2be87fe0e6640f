"""The experiments' API (``/api/experiments/<name>``) and page (``/experiments``).

An experiment may take tens of seconds, so its rows stream as they are computed, one JSON
object a line (``application/x-ndjson``): ``{"columns", "total"}`` first, then
``{"row", "done"}`` per row, then ``{"summary"}`` (``null`` but for random-binary). The
page shows progress from them and cancels by closing the request: the server stops at the
next row. Each run holds one of the process's search slots (``PRUNE_MAX_SEARCHES``, shared
with streamed searches) and computes off the event loop, so other users are not kept
waiting. Parameters are the command line's (docs/experiments.md); a bad one is a 400 naming
its field, before anything is computed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import orjson
from flask import Blueprint, Response, current_app, render_template, stream_with_context

from ..engine import EngineError
from ..experiments import parse_span
from ..experiments.optimisations import DEFAULT_POSITIONS, Optimisations
from ..experiments.ordering import MoveOrdering
from ..experiments.random_binary import RandomBinary
from ..experiments.rules import PruningRules
from ..experiments.stats import distribution
from ..sockets import off_the_loop
from .traces import query_options

experiment_pages = Blueprint("experiments", __name__)
experiments_api = Blueprint("experiments_api", __name__, url_prefix="/api/experiments")

# Per experiment: its query fields, each read as a whole number, a span ("A-B") or a word.
WHOLE, SPAN, WORD = "whole", "span", "word"
FIELDS: dict[str, dict[str, str]] = {
    "random-binary": {"depth": WHOLE, "seeds": SPAN, "rule": WORD},
    "ordering": {"branching": WHOLE, "depths": SPAN, "trials": WHOLE, "seed": WHOLE, "rule": WORD},
    "rules": {
        "branching": WHOLE,
        "depths": SPAN,
        "trials": WHOLE,
        "seed": WHOLE,
        "values": WHOLE,
        "ordering": WORD,
    },
    "optimisations": {"positions": WORD},
}
MAKERS: dict[str, Callable[..., Any]] = {
    "random-binary": RandomBinary,
    "ordering": MoveOrdering,
    "rules": PruningRules,
    "optimisations": lambda positions=None: Optimisations(
        tuple(positions.split(",")) if positions else DEFAULT_POSITIONS
    ),
}
# The columns whose spread random-binary summarises (mean, median, percentiles, histogram).
SPREAD = ("alphabeta_nodes", "alphabeta_leaves", "percent_saved")


@experiment_pages.get("/experiments")
def experiments_page():
    return render_template("experiments.html")


@experiments_api.get("/<name>")
def run_experiment(name: str):
    experiment = build(name, query_options())
    slots = current_app.extensions["prune.searches"]
    wait = current_app.config["PRUNE_SEARCH_WAIT_SECONDS"]
    lines = _lines(name, experiment, slots, wait)
    return Response(stream_with_context(lines), mimetype="application/x-ndjson")


def build(name: str, given: dict[str, str]) -> Any:
    """The experiment ``name`` with the query's parameters (checked: an EngineError)."""
    if name not in FIELDS:
        raise EngineError(
            f"no experiment named {name!r} (try: {', '.join(FIELDS)})", field="experiment"
        )
    fields = FIELDS[name]
    parameters: dict[str, Any] = {}
    for key, text in given.items():
        if key not in fields:
            raise EngineError(
                f"{name}: unknown field {key!r} (expected one of {', '.join(fields)})", field=key
            )
        parameters[key] = _read(key, text, fields[key])
    return MAKERS[name](**parameters)


def _read(key: str, text: str, kind: str) -> Any:
    try:
        if kind == WHOLE:
            return int(text, 10)
        if kind == SPAN:
            return parse_span(text)
    except ValueError:
        expected = "a whole number" if kind == WHOLE else "a range A-B"
        raise EngineError(f"{key} must be {expected}, not {text!r}", field=key) from None
    return text


def _lines(name: str, experiment: Any, slots, wait: float) -> Iterator[bytes]:
    with slots.claim(wait) as claimed:
        if not claimed:
            yield _line({"error": "the server is busy with other searches; try again in a moment"})
            return
        yield _line({"columns": list(experiment.columns), "total": experiment.total_rows()})
        rows = experiment.rows()
        kept: list[dict[str, Any]] = []
        while True:
            row = off_the_loop(next, rows, None)
            if row is None:
                break
            kept.append(row)
            yield _line({"row": row, "done": len(kept)})
        yield _line({"summary": summarize(name, kept)})


def summarize(name: str, rows: list[dict[str, Any]]) -> dict[str, Any] | None:
    if name != "random-binary" or not rows:
        return None
    return {column: distribution([row[column] for row in rows]) for column in SPREAD}


def _line(item: dict[str, Any]) -> bytes:
    return orjson.dumps(item) + b"\n"
