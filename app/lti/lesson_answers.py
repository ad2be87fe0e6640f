"""A placed lesson's questions answered at the learner's own pace (docs/lti.md, "A lesson's
questions, graded").

A lesson placed as a graded item (deep_linking.py: one point a question slide) and opened
outside a lecture lands on ``/embed/l/<id>``. Its page sends each answer to ``POST
/lti/lesson/answer`` (``{"lesson", "slide", "answer", "grant"?}``): the server reads the
slide's tree and options from the lesson as saved (never from the browser) and grades the
answer with the practice grader (app/practice, the lecture's question panel's rules), its
explanations in the page's language. With a grant for that lesson, each question's score
(its fraction of the slide's points) is kept under the grant; once every question slide has
one, their total goes to the gradebook like any score (grades.py: "best" kept, the outbox),
and again whenever a new answer changes the total. Without a grant (a plain embed) the
answer is graded for practice and nothing is kept or sent.
"""

from __future__ import annotations

import re
from typing import Any

import orjson
from flask import current_app, jsonify, request
from flask_babel import get_translations

from ..compute.grading import grade_run
from ..engine import EngineError
from ..engine.errors import N_, Message
from ..engine.presets import PRESETS
from ..inputs import limits_from
from ..lessons import BUILTIN_LESSONS
from .grades import accept_score, is_graded, queue_and_send
from .grants import course_key, find_grant
from .tool import current_tool

LESSON_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
FIELDS = ("lesson", "slide", "answer", "grant")


class AnswerRefused(Exception):
    """An answer that cannot be taken: the status and the message saying why (a ``Message``,
    or an ``EngineError`` of the grader, said in the learner's language)."""

    def __init__(self, status: int, says: Message | EngineError, field: str | None = None):
        super().__init__(str(says))
        self.status, self.says, self.field = status, says, field


def answer():
    """Grade one answer; with a grant, keep its score and send the lesson's total when every
    question slide is answered. ``{"score", "max_score", "rule", "items", "answered",
    "questions", "sent"?, "queued"?, "given"?, "maximum"?}``."""
    try:
        return jsonify(_answer(request.get_json(silent=True)))
    except AnswerRefused as refused:
        body = {"error": refused.says.translated(get_translations())} | (
            {"field": refused.field} if refused.field else {}
        )
        return jsonify(body), refused.status


def _answer(body: Any) -> dict[str, Any]:
    if not isinstance(body, dict):
        shape = '{"lesson", "slide", "answer", "grant"?}'
        raise AnswerRefused(400, Message(N_("send JSON: {shape}"), shape=shape))
    for key in body:
        if key not in FIELDS:
            says = Message(
                N_("unknown field {field} (expected {fields})"),
                field=repr(str(key)[:40]),
                fields=", ".join(FIELDS),
            )
            raise AnswerRefused(400, says, str(key)[:40])
    tool, token = current_tool(), body.get("grant")
    grant = None
    if token is not None:
        grant = find_grant(tool.state, token) if tool is not None else None
        if grant is None:
            says = N_("the launch is unknown or has expired: open the item again")
            raise AnswerRefused(403, Message(says))
        limit = tool.settings["PRUNE_LTI_SCORES_PER_HOUR"]
        if tool.state.count(f"lti-reports:{token}", 3600) > limit:
            says = N_("at most {limit} answers an hour from one launch")
            raise AnswerRefused(429, Message(says, limit=limit))
    lesson_id, lesson = _lesson(body.get("lesson"))
    if grant is not None and grant.get("target") != f"/embed/l/{lesson_id}":
        says = N_("this launch is for another item: open it from your course")
        raise AnswerRefused(403, Message(says))
    questions = question_slides(lesson)
    slide = body.get("slide")
    if isinstance(slide, bool) or not isinstance(slide, int) or slide not in questions:
        says = N_("slide must be the number of a question slide ({slides})")
        slides = ", ".join(map(str, questions))
        raise AnswerRefused(400, Message(says, slides=slides), "slide")
    if "answer" not in body:
        raise AnswerRefused(400, Message(N_('the request has no "answer"')), "answer")
    graded = _grade(lesson["slides"][slide]["view"], body["answer"])
    result = {**graded, "questions": len(questions), "answered": None}
    if grant is not None and is_graded(grant):
        result |= _keep(tool, token, grant, slide, graded, questions)
    return result


def question_slides(lesson: dict[str, Any]) -> list[int]:
    """The indexes of the lesson's question slides, in order."""
    return [k for k, slide in enumerate(lesson.get("slides") or []) if slide.get("question")]


def _lesson(identifier: Any) -> tuple[str, dict[str, Any]]:
    if not isinstance(identifier, str) or not LESSON_ID.fullmatch(identifier):
        raise AnswerRefused(400, Message(N_("lesson must be a lesson's id")), "lesson")
    if identifier in BUILTIN_LESSONS:
        return identifier, BUILTIN_LESSONS[identifier]
    views = current_app.extensions.get("prune.views")
    lesson = views.load(identifier, kind="lesson") if views is not None else None
    if not isinstance(lesson, dict):
        says = Message(N_("no lesson {id}"), id=repr(identifier))
        raise AnswerRefused(404, says, "lesson")
    return identifier, lesson


def _grade(view: dict[str, Any], given: Any) -> dict[str, Any]:
    """The practice grader's answer for the slide's tree and options (as the lesson says)."""
    tree = PRESETS[view["preset"]].document if "preset" in view else view["tree"]
    limits = limits_from(current_app.config)
    try:
        graded = grade_run({"tree": tree, "options": view.get("options")}, given, limits)
    except EngineError as err:
        raise AnswerRefused(400, err, err.field or "answer") from None
    return graded if isinstance(graded, dict) else orjson.loads(graded)


def _keep(tool, token: str, grant: dict, slide: int, graded: dict, questions: list[int]) -> dict:
    """Keep this question's score under the grant; the total, sent once all are answered."""
    key, seconds = f"lti-lesson-self:{token}", tool.settings["PRUNE_LTI_SESSION_SECONDS"]
    scores = tool.state.get(key) or {}
    fraction = graded["score"] / graded["max_score"] if graded["max_score"] else 1.0
    scores[str(slide)] = round(fraction, 4)
    tool.state.put(key, scores, seconds)
    answered = sum(1 for k in questions if str(k) in scores)
    kept = {"answered": answered}
    if answered < len(questions):
        return kept
    points = int(grant["custom"]["prune_points"])
    total = round(min(points, sum(scores[str(k)] for k in questions) * points / len(questions)), 4)
    job = accept_score(tool.state, grant, total, points)
    if job is None:
        better = {"sent": False, "queued": False, "kept": True}  # a better total is in the course
        return kept | {"given": total, "maximum": points} | better
    tool.state.note_score(
        course_key(grant), grant["user"], job["label"], grant["name"], total, points
    )
    sent = queue_and_send(tool, job)
    return kept | {"given": total, "maximum": points, "sent": sent, "queued": not sent}
