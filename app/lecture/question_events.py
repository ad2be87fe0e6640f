"""Socket.IO handlers of lecture questions: the presenter asks about a tree, students answer
anonymously, the presenter reveals or closes it (docs/protocol.md, "Lecture questions").
The room's helpers (its code, key, limits and stores) are events.py's.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from functools import partial
from typing import Any

from flask import current_app, request
from flask_socketio import emit

from ..compute.turns import off_the_loop
from ..engine.errors import N_, Message
from ..inputs import check_size, limits_from
from ..practice import GRADED_ALGORITHMS
from ..practice.truth import Truth
from ..realtime.socket_packet import PacketJSON
from ..realtime.sockets import on
from .events import (
    _audience,
    _code,
    _handler,
    _key,
    _limits,
    _questions,
    _rooms,
    _run_request,
    _truths,
    audience_room,
)
from .questions import NOT_OPEN, answer_fields
from .rooms import RoomError

QUESTION_ID = re.compile(r"[A-Za-z0-9_-]{1,16}")


def _question_id(message: Mapping[str, Any]) -> str:
    question_id = message.get("question")
    if not isinstance(question_id, str) or not QUESTION_ID.fullmatch(question_id):
        raise RoomError(Message(N_("question must be the id of the open question")))
    return question_id


@on("lecture:question")
@_handler
def question(message):
    """The presenter asks about a tree (replacing any open question); students answer it."""
    _limits().message(request.sid)
    code = _code(message)
    _rooms().resume(code, _key(message))  # the presenter only; keeps the room alive
    body, _, options = _run_request(message.get("question"), "the question")
    if options.algorithm not in GRADED_ALGORITHMS or options.aspiration is not None:
        raise RoomError(
            Message(
                N_(
                    "a question needs {algorithms} without aspiration (students predict prunes "
                    "and values), not {algorithm}"
                ),
                algorithms=", ".join(GRADED_ALGORITHMS),
                algorithm=options.algorithm,
            )
        )
    asked = _questions().ask(code, PacketJSON.dumps(body))
    public = {"room": code, "question": asked.public(code)}
    emit("lecture:question", public, to=audience_room(code))
    return {"room": code, "question": asked.id}


@on("lecture:answer")
@_handler
def answer(message):
    """A student answers the open question, or changes their answer until the reveal.

    Anonymous: kept under the tab's random ``student`` token (else the connection's id) and
    counted; only the counts reach the presenter. A student who disconnects stays counted
    until the reveal; one who reloads and answers again replaces it. An answer is at most
    what a complete answer to the question's tree needs, and the caps of ``AnswerCaps``
    (students per address, marks per question) apply.
    """
    _limits().answer(request.sid)
    code = _code(message)
    if not _audience().watches(request.sid, code):
        raise RoomError(Message(N_("join the lecture before answering")))
    question_id = _question_id(message)
    config = current_app.config
    given = message.get("answer")
    limits = limits_from(config)
    check_size(given, config["PRUNE_LECTURE_ANSWER_BYTES"], limits, "the answer")
    truth = _truths().get((code, question_id), partial(_trace, code, question_id))
    full = _truths().full_answer_chars(truth)
    if full < config["PRUNE_LECTURE_ANSWER_BYTES"]:
        check_size(given, full, limits, "the answer (for this tree)")
    fields = answer_fields(given, truth, limits)
    student = _audience().answerer(request.sid, message.get("student"))
    address = request.remote_addr or "unknown"
    _questions().answer(code, question_id, student, fields, address)
    _limits().answers.changed(code)
    return {"room": code, "question": question_id}


def _trace(code: str, question_id: str) -> Truth:
    """The trace of question ``question_id`` if it is still open, computed off the event
    loop (a big tree's takes a moment)."""
    asked = _questions().get(code)
    if asked is None or asked.id != question_id:
        raise RoomError(NOT_OPEN)
    _, document, options = _run_request(json.loads(asked.body), "the question")
    return off_the_loop(Truth, document.tree, options)


@on("lecture:reveal")
@_handler
def reveal(message):
    """The presenter reveals the answer: students grade their own, and answering stops."""
    return _conclude(message, "lecture:reveal", _questions().reveal)


@on("lecture:close-question")
@_handler
def close_question(message):
    """The presenter puts the question away: its answers and counts are deleted."""
    return _conclude(message, "lecture:question-closed", _questions().close)


def _conclude(message: Mapping[str, Any], kind: str, change) -> dict[str, Any]:
    _limits().message(request.sid)
    code = _code(message)
    _rooms().resume(code, _key(message))
    question_id = _question_id(message)
    change(code, question_id)
    body = {"room": code, "question": question_id}
    emit(kind, body, to=audience_room(code))
    return body
