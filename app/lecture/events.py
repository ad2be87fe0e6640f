"""Socket.IO handlers of lecture mode: the presenter drives a room, students follow
(questions: question_events.py).

Students get the room's view (tree document and options) when they join and whenever it
changes; they run its trace themselves once (``run``), so each step afterwards is a tiny
cursor message. The contract is in docs/protocol.md, "Lecture mode".
"""

from __future__ import annotations

import re
import threading
from collections.abc import Mapping
from functools import partial
from typing import Any

from flask import current_app, request
from flask_socketio import emit, join_room, leave_room

from ..engine import Document, EngineError, SearchOptions
from ..inputs import check_size, limits_from, read_run, refused
from ..socket_packet import Refusal
from ..sockets import answer_error, on, socketio, take_turns
from .limits import LectureLimits
from .questions import (
    MemoryQuestions,
    Questions,
    RedisQuestions,
    Truths,
    answer_counts,
)
from .rooms import MemoryRooms, RedisRooms, Room, RoomError, Rooms, normalize_code

CURSOR_FIELDS = ("step", "playing", "speed")
MAX_STEP = 10_000_000
MIN_SPEED, MAX_SPEED = 0.25, 16
STUDENT = re.compile(r"[A-Za-z0-9_-]{16,64}")  # a browser tab's anonymous token


def init_lecture(app) -> None:
    """Rooms in memory, or in Redis when ``MESSAGE_QUEUE`` shares them between instances."""
    idle = app.config["PRUNE_LECTURE_IDLE_SECONDS"]
    per_room = app.config["PRUNE_LECTURE_QUESTIONS_PER_ROOM"]
    queue = app.config.get("MESSAGE_QUEUE")
    if queue:
        import redis

        client = redis.Redis.from_url(queue)
        rooms: Rooms = RedisRooms(client, idle)
        questions: Questions = RedisQuestions(client, idle, per_room)
    else:
        rooms = MemoryRooms(idle)
        questions = MemoryQuestions(idle, per_room)
    app.extensions["prune.rooms"] = rooms
    app.extensions["prune.questions"] = questions
    app.extensions["prune.lecture.truths"] = Truths()
    app.extensions["prune.lecture"] = Audience()
    # Bound to this app's server: a count may go out later, from a background task.
    server = socketio.server

    def send_count(code: str, count: int) -> None:
        body = {"room": code, "count": count}
        server.emit("lecture:audience", body, to=presenter_room(code), namespace="/")

    def send_answers(code: str, body: dict[str, Any] | None) -> None:
        if body is not None:  # no question is open any more
            server.emit("lecture:answers", body, to=presenter_room(code), namespace="/")

    app.extensions["prune.lecture.limits"] = LectureLimits(
        app.config, rooms, send_count, partial(answer_counts, questions, rooms), send_answers
    )
    app.extensions["prune.on_disconnect"].append(forget_connection)


class Audience:
    """Which rooms each connection watches, to leave them on disconnect, and which student
    (an anonymous token) it answers as."""

    def __init__(self):
        self.lock = threading.Lock()
        self.watching: dict[str, set[str]] = {}
        self.students: dict[str, str] = {}

    def answerer(self, sid: str, token: Any) -> str:
        """The key a connection's answers are counted under: its tab's ``student`` token
        when it sends one (a reload or reconnect then replaces the answer instead of adding
        one), else the connection. A connection answers as one student only."""
        if token is None:
            return f"c:{sid}"
        if not isinstance(token, str) or not STUDENT.fullmatch(token):
            raise RoomError("student must be 16 to 64 letters, digits, - or _")
        with self.lock:
            bound = self.students.setdefault(sid, token)
        if bound != token:
            raise RoomError("this connection already answers as another student")
        return f"s:{token}"

    def add(self, sid: str, code: str) -> None:
        with self.lock:
            self.watching.setdefault(sid, set()).add(code)

    def discard(self, sid: str, code: str) -> bool:
        """Whether ``sid`` was watching ``code``."""
        with self.lock:
            watching = self.watching.get(sid, set())
            was = code in watching
            watching.discard(code)
            return was

    def watches(self, sid: str, code: str) -> bool:
        with self.lock:
            return code in self.watching.get(sid, ())

    def forget(self, sid: str) -> set[str]:
        with self.lock:
            self.students.pop(sid, None)
            return self.watching.pop(sid, set())


def _rooms() -> Rooms:
    return current_app.extensions["prune.rooms"]


def _audience() -> Audience:
    return current_app.extensions["prune.lecture"]


def _limits() -> LectureLimits:
    return current_app.extensions["prune.lecture.limits"]


def _questions() -> Questions:
    return current_app.extensions["prune.questions"]


def _truths() -> Truths:
    return current_app.extensions["prune.lecture.truths"]


def audience_room(code: str) -> str:
    return f"lecture:{code}"


def presenter_room(code: str) -> str:
    return f"lecture:{code}:presenter"


def _handler(function):
    """Answer a refused request with ``lecture_error`` and an ``ok: false`` ack."""

    def wrapped(message=None):
        try:
            if isinstance(message, Refusal):  # unreadable, or not one JSON argument
                raise refused(message, limits_from(current_app.config))
            if not isinstance(message, Mapping):
                raise RoomError("the message must be an object")
            return {"ok": True, **function(message)}
        except (RoomError, EngineError) as err:
            body = {"error": str(err)}
            answer_error("lecture_error", body)
            return {"ok": False, **body}

    wrapped.__name__ = function.__name__
    return wrapped


def _view(message: Mapping[str, Any]) -> dict[str, Any]:
    """The view, checked like a run; a lesson's presenter adds ``"lesson"``: where in the
    lesson it is (``lesson_mark``), kept with the view for the students."""
    body = message.get("view")
    mark = None
    if isinstance(body, Mapping) and "lesson" in body:
        body = {key: value for key, value in body.items() if key != "lesson"}
        mark = lesson_mark(message["view"]["lesson"])
    view = _run_request(body, "the lecture view")[0]
    if mark is not None:
        view["lesson"] = mark
    return view


LESSON_MARK = {"id": str, "slide": int, "slides": int, "title": str}
LESSON_ID = re.compile(r"^[A-Za-z0-9_-]{1,12}$")


def lesson_mark(mark: Any) -> dict[str, Any]:
    """``{"id", "slide", "slides", "title"}``: the lesson, the slide shown (from 0), how many
    it has, and the slide's title (docs/lessons.md, "In a lecture")."""
    if not isinstance(mark, Mapping) or set(mark) != set(LESSON_MARK):
        raise RoomError('view.lesson must be {"id", "slide", "slides", "title"}')
    for key, kind in LESSON_MARK.items():
        if isinstance(mark[key], bool) or not isinstance(mark[key], kind):
            raise RoomError(f"view.lesson.{key} must be {'text' if kind is str else 'a number'}")
    if not LESSON_ID.match(mark["id"]) or len(mark["title"]) > 200:
        raise RoomError("view.lesson names no lesson")
    if not 0 <= mark["slide"] < mark["slides"] <= 1000:
        raise RoomError("view.lesson.slide must be a slide of the lesson")
    return {key: mark[key] for key in LESSON_MARK}


def _run_request(body: Any, what: str) -> tuple[dict[str, Any], Document, SearchOptions]:
    """A view or a question is a run request: the same checks, the same limits (size too)."""
    config = current_app.config
    limits = limits_from(config)
    check_size(body, config["MAX_CONTENT_LENGTH"], limits, what=what)
    document, options = read_run(body, limits, take_turns)
    return {"tree": body["tree"], "options": body.get("options") or {}}, document, options


def _cursor(message: Mapping[str, Any]) -> dict[str, Any]:
    cursor = message.get("cursor")
    if not isinstance(cursor, Mapping) or any(key not in CURSOR_FIELDS for key in cursor):
        raise RoomError("cursor must be an object with step, playing and speed")
    step, playing, speed = (
        cursor.get("step", 0),
        cursor.get("playing", False),
        cursor.get("speed", 1),
    )
    if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= MAX_STEP:
        raise RoomError(f"cursor step must be a whole number from 0 to {MAX_STEP:,}")
    if not isinstance(playing, bool):
        raise RoomError("cursor playing must be true or false")
    if isinstance(speed, bool) or not isinstance(speed, int | float):
        raise RoomError("cursor speed must be a number")
    if not MIN_SPEED <= speed <= MAX_SPEED:
        raise RoomError(f"cursor speed must be from {MIN_SPEED} to {MAX_SPEED}")
    return {"step": step, "playing": playing, "speed": speed}


def _code(message: Mapping[str, Any]) -> str:
    return normalize_code(message.get("room"))


def _key(message: Mapping[str, Any]) -> str | None:
    """The presenter's key, if it is text at all (a lone surrogate cannot be hashed): any
    other key is simply wrong, and refused as such."""
    key = message.get("key")
    if not isinstance(key, str):
        return None
    try:
        key.encode()
    except UnicodeEncodeError:
        return None
    return key


def _room(code: str) -> Room:
    room = _rooms().get(code)
    if room is None:
        raise RoomError(f"there is no lecture {code} (it may have ended)")
    return room


@on("lecture:start")
@_handler
def start(message):
    """A presenter opens a room from the current view; only they learn its key."""
    _limits().request(request.sid)
    view, cursor = _view(message), _cursor(message)
    room, key = _limits().quota.create(
        request.sid, request.remote_addr or "unknown", lambda: _rooms().create(view, cursor)
    )
    join_room(presenter_room(room.code))
    return {**room.public(), "key": key, "audience": 0}


@on("lecture:resume")
@_handler
def resume(message):
    """The presenter is back after a reload or a reconnect: same room, same key."""
    _limits().request(request.sid)
    code = _code(message)
    room = _rooms().resume(code, _key(message))
    join_room(presenter_room(code))
    asked = _asked(code)
    if asked:
        asked["answers"] = answer_counts(_questions(), _rooms(), code)
    return {**room.public(), "audience": _rooms().audience(code), **asked}


@on("lecture:end")
@_handler
def end(message):
    """The presenter ends the lecture: students are told, and the code stops working."""
    _limits().request(request.sid)
    code = _code(message)
    _rooms().end(code, _key(message))
    _limits().quota.release(code)
    _limits().counts.forget(code)
    _questions().forget(code)
    _limits().answers.forget(code)
    emit("lecture:ended", {"room": code}, to=audience_room(code))
    return {"room": code}


@on("lecture:join")
@_handler
def join(message):
    """A student follows a room (again, after a reconnect or "Follow the teacher again")."""
    _limits().request(request.sid)
    code = _code(message)
    room = _room(code)
    _rooms().join(code, request.sid)
    join_room(audience_room(code))
    _audience().add(request.sid, code)
    _limits().counts.changed(code)
    return {**room.public(), **_asked(code)}


@on("lecture:leave")
@_handler
def leave(message):
    _limits().request(request.sid)
    code = _code(message)
    if _audience().discard(request.sid, code):
        _leave(request.sid, code)
    return {"room": code}


def forget_connection(sid: str) -> None:
    """A connection closed: it watches no room any more (called from the disconnect handler).

    Rooms it created still count against its address until they end: see ``RoomQuota``.
    """
    _limits().budgets.forget(sid)
    for code in _audience().forget(sid):
        _leave(sid, code)


def _leave(sid: str, code: str) -> None:
    _rooms().leave(code, sid)
    leave_room(audience_room(code), sid=sid)
    _limits().counts.changed(code)


@on("lecture:cursor")
@_handler
def cursor(message):
    """A step, play or pause: stored, then relayed to every student if it is fresh."""
    return _drive(message, cursor=_cursor(message))


@on("lecture:view")
@_handler
def view(message):
    """A new tree or new options: students re-run the trace once, then follow the cursor."""
    changes = {"view": _view(message)}
    if "cursor" in message:
        changes["cursor"] = _cursor(message)
    return _drive(message, **changes)


def _drive(message: Mapping[str, Any], **changes: Any) -> dict[str, Any]:
    _limits().message(request.sid)
    code = _code(message)
    changed = _rooms().change(code, _key(message), message.get("seq"), **changes)
    if changed is None:
        return {"room": code, "stale": True}
    kind = "lecture:view" if "view" in changes else "lecture:cursor"
    body = (
        changed.public()
        if kind == "lecture:view"
        else {
            "room": code,
            "seq": changed.seq,
            "cursor": changed.cursor,
        }
    )
    emit(kind, body, to=audience_room(code))
    return {"room": code, "seq": changed.seq, "stale": False}


def _asked(code: str) -> dict[str, Any]:
    """``{"question": …}`` while the room has an open question, else nothing."""
    asked = _questions().get(code)
    return {"question": asked.public()} if asked else {}
