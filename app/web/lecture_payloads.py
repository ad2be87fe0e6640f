"""The big parts of a lecture, fetched once per student over HTTP: a room's view and its open
question (``GET /api/lecture/<code>/views/<version>``, ``…/questions/<id>``).

Socket.IO messages carry only a reference to them (docs/protocol.md, "Lecture mode"): a view
of up to 2 MiB broadcast to 300 students would otherwise be queued, encoded and written 300
times. Here each version is encoded once, kept in the trace cache, and written from that one
copy to every student who asks. The version and question id are random and given only to a
room's members, so these answers are not rate limited; a wrong or replaced one is a 404.
"""

from __future__ import annotations

from flask import Blueprint, abort, current_app

from ..lecture.rooms import RoomError, normalize_code
from .traces import cached_response, etag_of, trace_cache

lecture_payloads = Blueprint("lecture_payloads", __name__, url_prefix="/api/lecture")
CACHE_CONTROL = "private, max-age=3600"  # a version never changes; a room is private


@lecture_payloads.get("/<code>/views/<version>")
def view(code: str, version: str):
    code = _code(code)

    def body() -> bytes:
        room = current_app.extensions["prune.rooms"].get(code)
        if room is None or room.view_version != version:
            abort(404, description="this lecture view is gone (the lecture moved on or ended)")
        return room.view.encode()

    return _answer(("lecture-view", code, version), body)


@lecture_payloads.get("/<code>/questions/<question>")
def question(code: str, question: str):
    code = _code(code)

    def body() -> bytes:
        asked = current_app.extensions["prune.questions"].get(code)
        if asked is None or asked.id != question:
            abort(404, description="this question is not open any more")
        return asked.body.encode()

    return _answer(("lecture-question", code, question), body)


def _code(text: str) -> str:
    try:
        return normalize_code(text)
    except RoomError as err:
        abort(404, description=str(err))


def _answer(key: tuple[str, str, str], body):
    content, _ = trace_cache().get_or_compute(key, body)
    return cached_response(content, etag_of(*key), CACHE_CONTROL)
