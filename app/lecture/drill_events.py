"""Socket.IO handlers of lecture drills (drills.py; docs/protocol.md, "Lecture drills"):
``lecture:drill`` (the presenter starts one: students get ``lecture:drill``),
``lecture:drill-result`` (a student's page reports its counts) and ``lecture:drill-tally``
(the presenter asks for the anonymous counts, every few seconds while a drill runs)."""

from __future__ import annotations

from flask import request
from flask_socketio import emit

from ..engine.errors import N_, Message
from ..realtime.sockets import on
from .drills import read_result, read_start
from .events import _audience, _code, _drills, _handler, _key, _limits, _rooms, audience_room
from .rooms import RoomError


@on("lecture:drill")
@_handler
def start_drill(message):
    """The presenter starts a drill for the room: everyone gets the same level and seed."""
    _limits().message(request.sid)
    code = _code(message)
    _rooms().resume(code, _key(message))  # the presenter only
    level, seed = read_start(message)
    drill = _drills().start(code, level, seed)
    emit("lecture:drill", {"room": code, "drill": drill.public()}, to=audience_room(code))
    return {"room": code, "drill": drill.public()}


@on("lecture:drill-result")
@_handler
def drill_result(message):
    """A student's trees right and done so far in the room's drill (anonymous)."""
    _limits().answer(request.sid)
    code = _code(message)
    if not _audience().watches(request.sid, code):
        raise RoomError(Message(N_("join the lecture before sending drill results")))
    right, done = read_result(message)
    student = _audience().answerer(request.sid, message.get("student"))
    _drills().report(code, message.get("drill"), student, right, done)
    return {"room": code}


@on("lecture:drill-tally")
@_handler
def drill_tally(message):
    """The presenter's counts: students by trees right (``null`` when no drill runs)."""
    _limits().message(request.sid)
    code = _code(message)
    _rooms().resume(code, _key(message))
    return {"room": code, "tally": _drills().tally(code)}
