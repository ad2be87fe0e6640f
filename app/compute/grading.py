"""A practice answer graded where it should be (docs/deployment.md, "Why gevent"), as
run_traces.py computes a trace: a small run (at most ``PRUNE_INLINE_TRACE_BYTES`` of JSON with
its answer) in the server, giving way to the other clients while its tree is read; a bigger one
in a worker process (``job_pool.py``), which names a bad node or option. Used by the API's
grader (app/web/practice.py) and a lesson's questions answered alone (app/lti/lesson_answers.py).
The explanations are in the request's language.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from flask import current_app
from flask_babel import get_locale, get_translations

from ..engine import Limits
from ..inputs import read_run
from ..practice import grade_answer
from ..tracing import big_payload
from .job_pool import run_job
from .turns import take_turns


def grade_run(run: dict[str, Any], answer: Any, limits: Limits) -> dict[str, Any] | bytes:
    """The practice grader's answer to ``answer`` for ``run`` (its tree and options): a dict
    when graded here, the worker's JSON answer when graded in a worker process."""
    if big_payload({**run, "answer": answer}, current_app.config["PRUNE_INLINE_TRACE_BYTES"]):
        return run_job("grade", [run, answer, asdict(limits), str(get_locale())])
    document, options = read_run(run, limits, take_turns)
    locale = str(get_locale())
    return grade_answer(document.tree, options, answer, limits, get_translations(), locale)
