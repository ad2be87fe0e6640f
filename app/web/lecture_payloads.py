"""The big parts of a lecture, fetched once per student over HTTP: a room's view, the view's
trace and its open question (``GET /api/lecture/<code>/views/<version>``, ``…/trace``,
``…/questions/<id>``).

Socket.IO messages carry only a reference to them (docs/protocol.md, "Lecture mode"): a view
of up to 2 MiB broadcast to 300 students would otherwise be queued, encoded and written 300
times, and 300 students running its search would make 300 searches. Here:

* every request checks that the version or question is still the room's: an old view, a
  closed question or an ended room's is a 404 (and the ended room's bodies are dropped);
* a view or question is encoded once per version and kept in the lecture payloads' own
  bounded store (app/lecture/payload_store.py, app/lecture/payloads.py), never in the
  trace cache;
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

from flask import Blueprint, abort, current_app
from flask_babel import get_translations, gettext

from ..compute.trace_cache import trace_cache
from ..engine.errors import N_
from ..lecture.payloads import payload_store, run_of, trace_key, trace_of
from ..lecture.rooms import Room, RoomError, normalize_code
from .traces import cached_response, etag_of, not_modified

lecture_payloads = Blueprint("lecture_payloads", __name__, url_prefix="/api/lecture")
CACHE_CONTROL = "private, max-age=3600, immutable"  # a version never changes; a room is private
GONE_VIEW = N_("this lecture view is gone (the lecture moved on or ended)")
GONE_QUESTION = N_("this question is not open any more")


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
    key = trace_key(room)
    etag = etag_of(*key)
    unchanged = not_modified(etag, CACHE_CONTROL)
    if unchanged is not None:
        return unchanged
    body, computed = trace_cache().get_or_compute(key, lambda: trace_of(run_of(room.view)))
    headers = {"X-Prune-Trace": "computed" if computed else "cached"}
    return cached_response(body, etag, CACHE_CONTROL, **headers)


@lecture_payloads.get("/<code>/questions/<question>")
def question(code: str, question: str):
    code = _code(code)
    asked = current_app.extensions["prune.questions"].get(code)
    if asked is None or asked.id != question:
        abort(404, description=gettext(GONE_QUESTION))
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
        abort(404, description=gettext(GONE_VIEW))
    return room


def _code(text: str) -> str:
    try:
        return normalize_code(text)
    except RoomError as err:
        abort(404, description=err.translated(get_translations()))
