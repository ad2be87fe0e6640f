"""A lecture followed from the LMS (docs/lti.md, "A lecture in the course").

The instructor's course page links a running lecture room to the course (``link_lecture``,
the room's code typed after "Start a lecture"). A learner who then opens Prune from the
course without a placement lands in that room (``/embed/join/<CODE>``) with a grant naming
them. Their page reports, with that grant, that they are there, that they answered a
question, and the score their page gave their answer at the reveal (``POST
/lti/lecture/report``); each is kept in the room's roster under the LMS's user id, and a
score also goes to the course's class summary ("Lecture ABC234, question 2").

A lesson placed as a graded item (deep_linking.py: one point a question slide) opened while
the course follows a lecture *of that lesson* joins it too; each question's score then
moves the learner's total, sent to the gradebook like any score (grades.py's outbox).

The presenter's tallies stay anonymous: the roster's names reach the presenter's page only
when it asks for them (``POST /lti/lecture/names`` with the room's key and ``names: true``,
sent once the teacher turns names on). Names are the LMS's text: pages show them as text.
"""

from __future__ import annotations

import json
import re
from typing import Any

from flask import current_app, jsonify, redirect, request, url_for
from flask_babel import get_translations, gettext

from ..engine.errors import N_, Message
from ..lecture.rooms import ENDED, RoomError, check_key, normalize_code
from .grades import MAX_OWN_POINTS, accept_score, is_graded, queue_and_send
from .grants import course_key, find_grant
from .refusals import launch_needed
from .tool import current_tool

QUESTION_ID = re.compile(r"[A-Za-z0-9_-]{1,16}")
LESSON_TARGET = re.compile(r"/embed/l/[A-Za-z0-9_-]{12}")


def _rooms():
    return current_app.extensions.get("prune.rooms")


def running_room(code: Any) -> str | None:
    """``code`` normalised if it names a lecture room that is running, else None."""
    try:
        code = normalize_code(code)
    except RoomError:
        return None
    return code if _rooms() is not None and _rooms().get(code) is not None else None


def course_lecture(state, grant: dict[str, Any]) -> str | None:
    """The running room the instructor linked to the grant's course, if any."""
    linked = state.get(f"lti-lecture:{course_key(grant)}")
    return running_room(linked) if linked else None


def lesson_questions(identifier: str) -> int | None:
    """How many question slides saved lesson ``identifier`` has (None: no such lesson)."""
    views = current_app.extensions.get("prune.views")
    lesson = views.load(identifier, kind="lesson") if views is not None else None
    if not isinstance(lesson, dict):
        return None
    return sum(1 for slide in lesson.get("slides") or [] if slide.get("question"))


def _lesson_of_room(code: str) -> str | None:
    """The lesson a room's view comes from (its lesson mark), if any."""
    room = _rooms().get(code)
    try:
        return (json.loads(room.view).get("lesson") or {}).get("id") if room else None
    except (ValueError, AttributeError):
        return None


def lecture_landing(state, grant: dict[str, Any]) -> str | None:
    """Where a learner's launch joins the course's lecture: with no placement, any lecture
    the course follows; with a lesson placed (``/embed/l/<id>``), a lecture of that lesson
    (its question slides are answered, and graded, there)."""
    if grant["role"] != "learner":
        return None
    target = grant.get("target")
    if target and not LESSON_TARGET.fullmatch(target):
        return None
    code = course_lecture(state, grant)
    if code and target and _lesson_of_room(code) != target.rsplit("/", 1)[1]:
        return None
    return code


def link_lecture(token: str):
    """The course page's form: ``room``, a running lecture's code, followed by the course."""
    tool = current_tool()
    grant = find_grant(tool.state, token)
    if grant is None or grant["role"] != "instructor":
        raise launch_needed()
    code = running_room(request.form.get("room", ""))
    seconds = tool.settings["PRUNE_LTI_SESSION_SECONDS"]
    if code is None:
        tool.state.put(f"lti-lecture-error:{token}", request.form.get("room", "")[:40], 60)
        return redirect(url_for("lti_teach", token=token, _anchor="lti-lecture"), 303)
    tool.state.put(f"lti-lecture:{course_key(grant)}", code, seconds)
    tool.state.put(f"lti-lecture-course:{code}", course_key(grant), seconds)
    return redirect(url_for("lti_teach", token=token, _anchor="lti-lecture"), 303)


def report():
    """A learner's page in the course's lecture: ``{"grant", "question"?, "given"?,
    "maximum"?}``: there (no question), answered ``question``, or scored ``given`` of
    ``maximum`` on it (after the reveal)."""
    tool = current_tool()
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        return jsonify(error='send JSON: {"grant", "question", "given", "maximum"}'), 400
    grant = find_grant(tool.state, body.get("grant"))
    if grant is None or not grant.get("lecture"):
        return jsonify(error="the launch is unknown or has expired: open Prune again"), 403
    limit = tool.settings["PRUNE_LTI_SCORES_PER_HOUR"]
    if tool.state.count(f"lti-reports:{body['grant']}", 3600) > limit:
        return jsonify(error=f"at most {limit} reports an hour from one launch"), 429
    question, given, maximum = body.get("question"), body.get("given"), body.get("maximum")
    if question is not None and not (isinstance(question, str) and QUESTION_ID.fullmatch(question)):
        return jsonify(error="question must be the id of the lecture's question"), 400
    scored = given is not None or maximum is not None
    if scored and (question is None or not _score_ok(given, maximum)):
        return jsonify(
            error=f"given must be from 0 to maximum, maximum from 1 to {MAX_OWN_POINTS}"
        ), 400
    room, seconds = grant["lecture"], tool.settings["PRUNE_LTI_SESSION_SECONDS"]
    tool.state.note_student(room, grant["user"], grant["name"], question, given, maximum, seconds)
    if scored:
        number = _question_number(tool.state, room, question, seconds)
        item = f"Lecture {room}, question {number}"
        tool.state.note_score(course_key(grant), grant["user"], item, grant["name"], given, maximum)
        if is_graded(grant):  # a lesson placed as graded: its questions' total, through AGS
            return jsonify(
                room=room, kept=True, **_grade_lesson(tool, grant, question, given / maximum)
            )
    return jsonify(room=room, kept=True)


def names():
    """The presenter's page: ``{"room", "key", "question", "names"}``. Whether the room is
    followed from a course (``linked``) and how many learners it names; with ``names: true``
    (the teacher turned names on), each of them, and whether and how well they answered
    ``question``. A server without registrations answers ``linked: false``."""
    tool = current_tool()
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        shape = '{"room", "key", "question", "names"}'
        return jsonify(
            error=Message(N_("send JSON: {shape}"), shape=shape).translated(get_translations())
        ), 400
    if tool is None:  # this server has no LMS: no lecture of it is followed from a course
        return jsonify(room=body.get("room"), linked=False)
    try:
        code = normalize_code(body.get("room"))
    except RoomError as err:
        says = Message(N_("room: {problem}"), problem=err.message)
        return jsonify(error=says.translated(get_translations())), 400
    room = _rooms().get(code) if _rooms() is not None else None
    if room is None:
        return jsonify(error=gettext(ENDED)), 404
    try:
        check_key(room, body.get("key"))
    except RoomError as err:
        return jsonify(error=err.translated(get_translations())), 403
    if tool.state.get(f"lti-lecture-course:{code}") is None:
        return jsonify(room=code, linked=False)
    roster = tool.state.roster(code)
    answer = {"room": code, "linked": True, "named": len(roster)}
    if body.get("names") is True:
        question = body.get("question")
        answer["students"] = [
            {
                "name": row["name"] or row["user"],
                "answered": question is not None and row["question"] == question,
                "given": row["given"] if row["question"] == question else None,
                "maximum": row["maximum"] if row["question"] == question else None,
            }
            for row in sorted(roster, key=lambda row: (row["name"].casefold(), row["user"]))
        ]
    return jsonify(answer)


def _grade_lesson(tool, grant: dict[str, Any], question: str, fraction: float) -> dict:
    """The learner's total over the lesson's questions answered in this room (one point a
    question, the latest score of each), sent like any score (the outbox, "best" kept)."""
    key = f"lti-lesson-answers:{grant['lecture']}:{grant['user']}"
    answers = tool.state.get(key) or {}
    answers[question] = fraction
    tool.state.put(key, answers, tool.settings["PRUNE_LTI_SESSION_SECONDS"])
    points = int(grant["custom"]["prune_points"])
    total = round(min(points, sum(answers.values())), 4)
    job = accept_score(tool.state, grant, total, points)
    if job is None:
        return {"sent": False, "queued": False}
    tool.state.note_score(
        course_key(grant), grant["user"], job["label"], grant["name"], total, points
    )
    return {"sent": queue_and_send(tool, job), "given": total, "maximum": points}


def _score_ok(given: Any, maximum: Any) -> bool:
    numbers = all(
        isinstance(value, int | float) and not isinstance(value, bool) and value == value
        for value in (given, maximum)
    )
    return numbers and 0 < maximum <= MAX_OWN_POINTS and 0 <= given <= maximum


def _question_number(state, room: str, question: str, seconds: int) -> int:
    """The question's number in the room (1, 2, …), given at its first score."""
    key = f"lti-lecture-question:{room}:{question}"
    if state.get(key) is None:
        state.put_new(key, state.count(f"lti-lecture-questions:{room}", seconds), seconds)
    return state.get(key)
