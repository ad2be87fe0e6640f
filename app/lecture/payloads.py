"""A lecture's payloads as the server computes them (docs/protocol.md, "Lecture mode"): each
room's view and open question encoded once per version, kept in their own bounded store
(payload_store.py, never in the trace cache), and each view's trace computed once for the
whole class, kept in the trace cache under the hash of the view's tree and options (so a
view shown again, a lesson going back a slide or another room with the same tree, is not
searched again). ``inline_payloads`` says what of a view rides in its ``lecture:view``
message; the routes that answer the rest are app/web/lecture_payloads.py.
"""

from __future__ import annotations

import hashlib
from typing import Any

import orjson
from flask import current_app

from ..compute.run_traces import trace_body
from ..compute.trace_cache import trace_cache
from ..compute.turns import take_turns
from ..engine import EngineError
from ..inputs import limits_from, read_run
from ..tracing import document_info
from .payload_store import PayloadStore
from .rooms import Room


def init_lecture_payloads(app) -> None:
    """The app's store of lecture payloads, from its settings."""
    app.extensions["prune.lecture.payloads"] = PayloadStore(
        app.config["PRUNE_LECTURE_PAYLOAD_BYTES"], app.config["PRUNE_LECTURE_IDLE_SECONDS"]
    )


def payload_store() -> PayloadStore:
    return current_app.extensions["prune.lecture.payloads"]


def inline_payloads(room: Room) -> dict[str, orjson.Fragment]:
    """What of ``room``'s view rides in its ``lecture:view`` message (docs/protocol.md,
    "Lecture mode"): ``{"view"}`` when the view is at most ``PRUNE_LECTURE_INLINE_BYTES`` of
    JSON, ``{"view", "trace"}`` when its trace fits too (searched here, once, into the same
    cache its ``…/trace`` answer reads: only a run small enough to be searched in the server
    itself, ``PRUNE_INLINE_TRACE_BYTES``; a bigger one is a worker's job, fetched by
    reference as before), else nothing: the students fetch what is not carried."""
    limit = current_app.config["PRUNE_LECTURE_INLINE_BYTES"]
    view = payload_store().body(room.code, "view", room.view_version, room.view.encode)
    if len(view) > limit:
        return {}
    carried = {"view": orjson.Fragment(view)}
    run = run_of(room.view)
    if len(run) > current_app.config["PRUNE_INLINE_TRACE_BYTES"]:
        return carried
    try:
        trace, _ = trace_cache().get_or_compute(trace_key(room), lambda: trace_of(run))
    except EngineError:  # over a search limit: its …/trace answer says so to each student
        return carried
    if len(view) + len(trace) <= limit:
        carried["trace"] = orjson.Fragment(trace)
    return carried


def trace_key(room: Room) -> tuple[str, str]:
    """The trace cache's key of ``room``'s view: the hash of its tree and options."""
    digest = payload_store().body(
        room.code, "view-key", room.view_version, lambda: _address(room.view)
    )
    return ("lecture-trace", digest.decode())


def run_of(view: str) -> bytes:
    """The run a view makes: its tree and options (not its lesson mark) as compact JSON, the
    trace's content address."""
    parsed = orjson.loads(view)
    return orjson.dumps({"tree": parsed["tree"], "options": parsed.get("options") or {}})


def _address(view: str) -> bytes:
    return hashlib.sha256(run_of(view)).hexdigest().encode()


def trace_of(run_json: bytes) -> bytes:
    """The trace of a run (``{"tree", "options"}``), with its document's info."""
    run: dict[str, Any] = orjson.loads(run_json)
    document, options = read_run(run, limits_from(current_app.config), take_turns)
    info = orjson.dumps({"document": document_info(document, options)})
    return info[:-1] + b"," + b"".join(trace_body(run))[1:]
