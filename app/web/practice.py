"""The practice API (``/api/practice``): grading a student's prediction of a search.

``POST /api/practice/grade`` takes ``{"tree", "options"?, "answer"}``: the tree and options
read exactly as a run's (``read_run``), the answer as app/practice/answers.py reads it. It
answers ``{"score", "max_score", "rule", "items"}`` (app/practice/grade.py). Bad input is
a 400 naming the node or field; the body limit, content type and rate limit are the API's.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from ..engine import EngineError, Limits, SearchOptions, Tree
from ..inputs import read_run
from ..practice import grade_answer
from ..sockets import off_the_loop, take_turns
from .api import _body, _limits

practice_api = Blueprint("practice_api", __name__, url_prefix="/api/practice")

GRADE_FIELDS = ("tree", "options", "answer")


@practice_api.post("/grade")
def grade():
    """Grade the answer against the engine's trace, computed off the event loop (a big tree
    takes a moment, and other clients should not wait for it)."""
    body = _body()
    if not isinstance(body, dict):
        raise EngineError('the request must be an object: {"tree": …, "options"?: …, "answer": …}')
    for key in body:
        if key not in GRADE_FIELDS:
            raise EngineError(
                f"request: unknown field {key!r} (expected one of {', '.join(GRADE_FIELDS)})",
                field=str(key),
            )
    limits = _limits()
    run = {key: body[key] for key in ("tree", "options") if key in body}
    document, options = read_run(run, limits, take_turns)
    if "answer" not in body:
        raise EngineError('the request has no "answer"', field="answer")
    graded = off_the_loop(_grade, document.tree, options, body["answer"], limits)
    if isinstance(graded, EngineError):
        raise graded
    return graded


def _grade(tree: Tree, options: SearchOptions, answer: Any, limits: Limits):
    """The grading, or the input error it found returned rather than raised: gevent's thread
    pool logs every exception raised in it as a failure, and a bad answer is no failure."""
    try:
        return grade_answer(tree, options, answer, limits)
    except EngineError as err:
        return err
