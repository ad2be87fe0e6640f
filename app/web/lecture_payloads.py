"""The big parts of a lecture, fetched once per student over HTTP: a room's view, the view's
trace and its open question (``GET /api/lecture/<code>/views/<version>``, ``…/trace``,
``…/questions/<id>``).

Socket.IO messages carry only a reference to them (docs/protocol.md, "Lecture mode"): a view
of up to 2 MiB broadcast to 300 students would otherwise be queued, encoded and written 300
times, and 300 students running its search would make 300 searches. Here:

* every request checks that the version or question is still the room's: an old view, a
  closed question or an ended room's is a 404 (and the ended room's bodies are dropped);
* a view or question is encoded once per version and kept in the lecture payloads' own
  bounded store (app/web/payload_store.py), never in the trace cache;
* a view's trace is computed once for everyone: it is kept in the trace cache under the hash
  of the view's content (tree document and options), so 300 students asking at the same
  moment wait for one search, and a view shown again (a lesson going back a slide, another
  room with the same tree) is not searched again.

Versions and question ids are random and given only to a room's members, so these answers
are not rate limited. A version never changes, so its answers are ``immutable`` for an hour
(``private``: a room is not for shared caches), with an ``ETag`` (the trace's covers the
engine's version).
"""

from __future__ import annotations

import hashlib
from typing import Any

import orjson
from flask import Blueprint, abort, current_app

from ..engine import EngineError
from ..inputs import limits_from, read_run
from ..lecture.rooms import Room, RoomError, normalize_code
from ..realtime.sockets import take_turns
from ..tracing import document_info
from .payload_store import PayloadStore
from .traces import cached_response, etag_of, not_modified, trace_body, trace_cache

lecture_payloads = Blueprint("lecture_payloads", __name__, url_prefix="/api/lecture")
CACHE_CONTROL = "private, max-age=3600, immutable"  # a version never changes; a room is private
GONE_VIEW = "this lecture view is gone (the lecture moved on or ended)"
GONE_QUESTION = "this question is not open any more"


def init_lecture_payloads(app) -> None:
    """The app's store of lecture payloads, from its settings."""
    app.extensions["prune.lecture.payloads"] = PayloadStore(
        app.config["PRUNE_LECTURE_PAYLOAD_BYTES"], app.config["PRUNE_LECTURE_IDLE_SECONDS"]
    )


def payload_store() -> PayloadStore:
    return current_app.extensions["prune.lecture.payloads"]


@lecture_payloads.get("/<code>/views/<version>")
def view(code: str, version: str):
    room = _room_showing(code, version)
    etag = etag_of("lecture-view", room.code, version)
    unchanged = not_modified(etag, CACHE_CONTROL)
    if unchanged is not None:
        return unchanged
    body = payload_store().body(room.code, "view", version, room.view.encode)
    return cached_response(body, etag, CACHE_CONTROL)


@lecture_payloads.get("/<code>/views/<version>/trace")
def view_trace(code: str, version: str):
    """The view's trace (``POST /api/trace``'s answer, with ``"document"`` as a run's ack has
    it): one search however many students ask."""
    room = _room_showing(code, version)
    key = _trace_key(room)
    etag = etag_of(*key)
    unchanged = not_modified(etag, CACHE_CONTROL)
    if unchanged is not None:
        return unchanged
    body, computed = trace_cache().get_or_compute(key, lambda: _trace_of(_run_of(room.view)))
    headers = {"X-Prune-Trace": "computed" if computed else "cached"}
    return cached_response(body, etag, CACHE_CONTROL, **headers)


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
    run = _run_of(room.view)
    if len(run) > current_app.config["PRUNE_INLINE_TRACE_BYTES"]:
        return carried
    try:
        trace, _ = trace_cache().get_or_compute(_trace_key(room), lambda: _trace_of(run))
    except EngineError:  # over a search limit: its …/trace answer says so to each student
        return carried
    if len(view) + len(trace) <= limit:
        carried["trace"] = orjson.Fragment(trace)
    return carried


@lecture_payloads.get("/<code>/questions/<question>")
def question(code: str, question: str):
    code = _code(code)
    asked = current_app.extensions["prune.questions"].get(code)
    if asked is None or asked.id != question:
        abort(404, description=GONE_QUESTION)
    etag = etag_of("lecture-question", code, question)
    unchanged = not_modified(etag, CACHE_CONTROL)
    if unchanged is not None:
        return unchanged
    body = payload_store().body(code, "question", question, asked.body.encode)
    return cached_response(body, etag, CACHE_CONTROL)


def _room_showing(code: str, version: str) -> Room:
    """Room ``code`` if ``version`` is its view now, else a 404 (an ended room's bodies are
    dropped then)."""
    code = _code(code)
    room = current_app.extensions["prune.rooms"].get(code)
    if room is None:
        payload_store().drop(code)
    if room is None or room.view_version != version:
        abort(404, description=GONE_VIEW)
    return room


def _trace_key(room: Room) -> tuple[str, str]:
    """The trace cache's key of ``room``'s view: the hash of its tree and options."""
    digest = payload_store().body(
        room.code, "view-key", room.view_version, lambda: _address(room.view)
    )
    return ("lecture-trace", digest.decode())


def _code(text: str) -> str:
    try:
        return normalize_code(text)
    except RoomError as err:
        abort(404, description=str(err))


def _run_of(view: str) -> bytes:
    """The run a view makes: its tree and options (not its lesson mark) as compact JSON, the
    trace's content address."""
    parsed = orjson.loads(view)
    return orjson.dumps({"tree": parsed["tree"], "options": parsed.get("options") or {}})


def _address(view: str) -> bytes:
    return hashlib.sha256(_run_of(view)).hexdigest().encode()


def _trace_of(run_json: bytes) -> bytes:
    """The trace of a run (``{"tree", "options"}``), with its document's info."""
    run: dict[str, Any] = orjson.loads(run_json)
    document, options = read_run(run, limits_from(current_app.config), take_turns)
    info = orjson.dumps({"document": document_info(document, options)})
    return info[:-1] + b"," + b"".join(trace_body(run))[1:]
