"""The practice API (``/api/practice``): grading a student's prediction of a search.

``POST /api/practice/grade`` takes ``{"tree", "options"?, "answer"}``: the tree and options
read exactly as a run's (``read_run``), the answer as app/practice/answers.py reads it. It
answers ``{"score", "max_score", "rule", "items"}`` (app/practice/grade.py). Bad input is
a 400 naming the node or field; the body limit, content type and rate limit are the API's.

``GET /api/practice/question?kind=research|bounds|chance_prune&seed=N`` is the random tree
of a practice question (app/practice/questions/trees.py): ``{"question", "seed", "tree",
"options"}``, the same for the same kind and seed; a bad kind or seed is a 400 naming it.
"""

from __future__ import annotations

from flask import Blueprint, Response, request

from ..compute.grading import grade_run
from ..engine import EngineError
from ..engine.errors import N_, Message
from ..practice.questions.trees import MAX_SEED, QUESTION_KINDS, question_tree
from .api import _body, _limits

practice_api = Blueprint("practice_api", __name__, url_prefix="/api/practice")

GRADE_FIELDS = ("tree", "options", "answer")


@practice_api.post("/grade")
def grade():
    """Grade the answer against the engine's trace: a small tree here, a big one in a worker
    process (app/compute/job_pool.py), so that other clients do not wait for it."""
    body = _body()
    if not isinstance(body, dict):
        raise EngineError(
            Message(
                N_("the request must be an object: {shape}"),
                shape='{"tree": …, "options"?: …, "answer": …}',
            )
        )
    for key in body:
        if key not in GRADE_FIELDS:
            raise EngineError(
                Message(
                    N_("request: unknown field {field} (expected one of {fields})"),
                    field=repr(key),
                    fields=", ".join(GRADE_FIELDS),
                ),
                field=str(key),
            )
    if "answer" not in body:
        raise EngineError(N_('the request has no "answer"'), field="answer")
    run = {key: body[key] for key in ("tree", "options") if key in body}
    graded = grade_run(run, body["answer"], _limits())
    return graded if isinstance(graded, dict) else Response(graded, mimetype="application/json")


@practice_api.get("/question")
def question():
    """The random tree of a practice question and seed, with the options that ask it."""
    kind = request.args.get("kind", "")
    if kind not in QUESTION_KINDS:
        raise EngineError(
            Message(
                N_("kind must be one of {names}, not {kind}"),
                names=", ".join(QUESTION_KINDS),
                kind=repr(kind[:40]),
            ),
            field="kind",
        )
    text = request.args.get("seed", "1")
    if not text.isascii() or not text.isdigit() or not 1 <= int(text[:11]) <= MAX_SEED:
        raise EngineError(
            Message(
                N_("seed must be a whole number from 1 to {limit}, not {text}"),
                limit=MAX_SEED,
                text=repr(text[:40]),
            ),
            field="seed",
        )
    return question_tree(kind, int(text))
