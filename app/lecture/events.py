"""Socket.IO handlers of lecture mode: the presenter drives a room, students follow
(questions: question_events.py; drills: drill_events.py).

Students get the room's view (tree document and options) by reference when they join and
whenever it changes, and fetch it once per version over HTTP (app/web/lecture_payloads.py),
with its trace, searched once for the class; a small view and its trace ride in the
``lecture:view`` message itself (``inline_payloads``), so a class on a new slide makes no
request at all. Each step afterwards is a tiny cursor message. The contract is in
docs/protocol.md, "Lecture mode".
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from flask import current_app, request
from flask_babel import get_translations
from flask_socketio import emit, join_room, leave_room

from ..compute.turns import take_turns
from ..engine import Document, EngineError, SearchOptions
from ..engine.errors import N_, Message
from ..inputs import check_size, limits_from, read_run
from ..realtime.message_queue import LectureQueue
from ..realtime.socket_packet import PacketJSON, Refusal
from ..realtime.sockets import answer_error, on, refused, socketio
from .audience import Audience
from .drills import Drills
from .lesson_mark import lesson_mark
from .limits import LectureLimits
from .payloads import inline_payloads
from .questions import Questions, Truths, answer_counts
from .rooms import NoSuchRoom, Room, RoomError, Rooms, normalize_code
from .stores import OUTAGE, STORE_ERRORS, make_stores, quietly

CURSOR_FIELDS = ("step", "playing", "speed")
MAX_STEP = 10_000_000
UNKNOWN_FIELD = N_("unknown field {field} (expected {fields})")
MIN_SPEED, MAX_SPEED = 0.25, 16


def init_lecture(app) -> None:
    """Rooms (and their questions and drills) in the lecture file, or in Redis when
    ``MESSAGE_QUEUE`` shares them between instances (stores.py)."""
    rooms, questions, drills = make_stores(app)
    app.extensions["prune.rooms"] = rooms
    app.extensions["prune.questions"] = questions
    app.extensions["prune.lecture.drills"] = drills
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
    queue = socketio.server.manager
    if isinstance(queue, LectureQueue):  # after a Redis outage: what this instance missed
        queue.on_resubscribed.append(partial(resend_rooms, app))


def _rooms() -> Rooms:
    return current_app.extensions["prune.rooms"]


def _audience() -> Audience:
    return current_app.extensions["prune.lecture"]


def _limits() -> LectureLimits:
    return current_app.extensions["prune.lecture.limits"]


def _questions() -> Questions:
    return current_app.extensions["prune.questions"]


def _drills() -> Drills:
    return current_app.extensions["prune.lecture.drills"]


def _truths() -> Truths:
    return current_app.extensions["prune.lecture.truths"]


def audience_room(code: str) -> str:
    return f"lecture:{code}"


def presenter_room(code: str) -> str:
    return f"lecture:{code}:presenter"


# The fields each lecture message may carry (by its handler's name); others are refused.
FIELDS = {
    "start": ("view", "cursor"),
    "resume": ("room", "key"),
    "end": ("room", "key"),
    "join": ("room", "student"),
    "leave": ("room",),
    "cursor": ("room", "key", "seq", "cursor"),
    "view": ("room", "key", "seq", "view", "cursor"),
    "question": ("room", "key", "question"),
    "answer": ("room", "question", "answer", "student"),
    "reveal": ("room", "key", "question"),
    "close_question": ("room", "key", "question"),
    "start_drill": ("room", "key", "level", "seed"),
    "drill_result": ("room", "drill", "right", "done", "student"),
    "drill_tally": ("room", "key"),
}


def _handler(function):
    """Answer a refused request with ``lecture_error`` and an ``ok: false`` ack."""
    fields = FIELDS[function.__name__]

    def wrapped(message=None):
        try:
            if isinstance(message, Refusal):  # unreadable, or not one JSON argument
                raise refused(message, limits_from(current_app.config))
            if not isinstance(message, Mapping):
                raise RoomError(Message(N_("the message must be an object")))
            for key in message:
                if key not in fields:
                    shown, expected = repr(str(key)[:40]), ", ".join(fields)
                    raise RoomError(Message(UNKNOWN_FIELD, field=shown, fields=expected))
            try:
                answer = {"ok": True, **function(message)}
            except NoSuchRoom:  # a guess at a code, maybe: counted against the address
                _limits().wrong_code(request.remote_addr or "unknown")
                raise
            except STORE_ERRORS as err:  # Redis down, the file locked: one warning line
                raise OUTAGE.failed(err) from None
            OUTAGE.worked()
            return answer
        except (RoomError, EngineError) as err:
            body = {"error": err.translated(get_translations())}
            answer_error("lecture_error", body)
            return {"ok": False, **body}

    wrapped.__name__ = function.__name__
    return wrapped


def _view(message: Mapping[str, Any]) -> str:
    """The message's view, checked like a run, as the compact JSON text the room keeps; a
    lesson's presenter adds ``"lesson"``: where in the lesson it is (``lesson_mark``), kept
    with the view for the students."""
    body = message.get("view")
    mark = None
    if isinstance(body, Mapping) and "lesson" in body:
        body = {key: value for key, value in body.items() if key != "lesson"}
        mark = lesson_mark(message["view"]["lesson"])
    view = _run_request(body, "the lecture view")[0]
    if mark is not None:
        view["lesson"] = mark
    return PacketJSON.dumps(view)


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
        raise RoomError(Message(N_("cursor must be an object with step, playing and speed")))
    step, playing, speed = (
        cursor.get("step", 0),
        cursor.get("playing", False),
        cursor.get("speed", 1),
    )
    if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= MAX_STEP:
        raise RoomError(
            Message(
                N_("cursor step must be a whole number from 0 to {limit}"), limit=f"{MAX_STEP:,}"
            )
        )
    if not isinstance(playing, bool):
        raise RoomError(Message(N_("cursor playing must be true or false")))
    if isinstance(speed, bool) or not isinstance(speed, int | float):
        raise RoomError(Message(N_("cursor speed must be a number")))
    if not MIN_SPEED <= speed <= MAX_SPEED:
        raise RoomError(
            Message(N_("cursor speed must be from {low} to {high}"), low=MIN_SPEED, high=MAX_SPEED)
        )
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
        raise NoSuchRoom(Message(N_("there is no lecture {code} (it may have ended)"), code=code))
    return room


@on("lecture:start")
@_handler
def start(message):
    """A presenter opens a room from the current view; only they learn its key."""
    _limits().request(request.sid)
    view, cursor = _view(message), _cursor(message)
    room, key = _limits().quota.create(
        request.sid,
        request.remote_addr or "unknown",
        lambda: _rooms().create(view, cursor),
        len(view),
    )
    join_room(presenter_room(room.code))
    _audience().present(request.sid, room.code)
    return {**room.public(), "key": key, "audience": 0}


@on("lecture:resume")
@_handler
def resume(message):
    """The presenter is back after a reload or a reconnect: same room, same key."""
    _limits().request(request.sid)
    code = _code(message)
    room = _rooms().resume(code, _key(message))
    join_room(presenter_room(code))
    _audience().present(request.sid, code)
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
    _drills().forget(code)
    _limits().answers.forget(code)
    emit("lecture:ended", {"room": code}, to=audience_room(code))
    return {"room": code}


@on("lecture:join")
@_handler
def join(message):
    """A student follows a room (again, after a reconnect or "Follow the teacher again"):
    the ack carries the open question and the running drill, if any (a late joiner gets
    them too)."""
    _limits().request(request.sid)
    code = _code(message)
    room = _room(code)
    student = _audience().answerer(request.sid, message.get("student"))
    _rooms().join(code, request.sid)
    join_room(audience_room(code))
    _audience().add(request.sid, code)
    _questions().arrive(code, student)
    _limits().counts.changed(code)
    drill = _drills().get(code)
    return {**room.public(), **_asked(code), **({"drill": drill.public()} if drill else {})}


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

    Rooms it presented, if no other connection presents them, are abandoned: they end
    ``PRUNE_LECTURE_ABANDONED_SECONDS`` later unless their presenter resumes them; until
    then they count against its address (see ``RoomQuota``).
    """
    _limits().budgets.forget(sid)
    for code in _audience().watched(sid):
        quietly(_leave, sid, code)
    _audience().forget(sid)
    for code in _audience().abandoned(sid):
        quietly(_rooms().abandon, code)


def _leave(sid: str, code: str) -> None:
    """``sid`` stops watching ``code`` (already out of the Audience's rooms): if it was the
    last connection of its student there, the student's answer counts until the reveal."""
    student = _audience().last_of(sid, code)
    if student is not None:
        _questions().depart(code, student)
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

    def change():
        return _rooms().change(code, _key(message), message.get("seq"), **changes)

    if "view" in changes:  # a new view counts against the rooms' budget of view bytes
        changed = _limits().quota.resize(code, len(changes["view"]), change)
    else:
        changed = change()
    if changed is None:
        return {"room": code, "stale": True}
    if "view" in changes:
        body = changed.public()
        if _rooms().audience(code):  # a small view and its trace ride along to the students
            body["view"].update(inline_payloads(changed))
        emit("lecture:view", body, to=audience_room(code))
    else:
        body = {"room": code, "seq": changed.seq, "cursor": changed.cursor}
        emit("lecture:cursor", body, to=audience_room(code))
    return {"room": code, "seq": changed.seq, "stale": False}


def _asked(code: str) -> dict[str, Any]:
    """``{"question": …}`` while the room has an open question, else nothing."""
    asked = _questions().get(code)
    return {"question": asked.public(code)} if asked else {}


def resend_rooms(app) -> None:
    """The latest view and cursor of every room watched on this instance, to its students
    here only: sent when the message queue listens again after an outage, so that a step
    published while it was not listening is not lost (a student drops what it already has:
    the seq is not above its own)."""
    with app.app_context():
        for code in _audience().rooms():
            room = quietly(_rooms().get, code)
            if room is not None:
                socketio.server.emit(
                    "lecture:view", room.public(), to=audience_room(code), ignore_queue=True
                )
