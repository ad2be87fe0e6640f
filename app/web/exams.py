"""Exams on the web (docs/exams.md): ``POST /api/exams`` generates an exam from a spec and
keeps it, ``GET /api/exams/<id>`` gives it back (``…/variants/<n>``: one variant); the pages
``/exams`` (build a spec, preview, create), ``/exams/<id>/print`` (a variant's questions,
``?key=1`` with the answer key), ``/exams/<id>/practice`` (the variant to practise, graded by
practice's embed) and ``/exams/<id>/exam.tex`` (the variant and its key as one LaTeX file).

The spec is checked in the server (a bad field is a 400 naming it), then generated in a
worker process (``exam`` in app/jobs.py): a 20-question exam for 200 students takes seconds,
charged to the caller's address by its time as a game's search is. A generated exam is kept
like a lesson, under the hash of its content, so the same spec gives the same id.
"""

from __future__ import annotations

import re
from typing import Any

import orjson
from flask import Blueprint, Response, abort, current_app, render_template, request
from flask_babel import get_translations, gettext

from ..compute.job_pool import run_job
from ..engine import EngineError
from ..engine.errors import N_, Message
from ..exams import ExamLimits, SpecError, read_spec
from ..exams.latex import exam_tex
from ..security import charged_by_time
from ..store import StoreError, view_store
from .api import _body as read_body
from .errors import store_refusal

VARIANT = re.compile(r"[0-9]{1,6}")  # ASCII digits, few enough for int() at once
exams_api = Blueprint("exams_api", __name__, url_prefix="/api/exams")
exam_pages = Blueprint("exams", __name__)


def exam_limits(config) -> ExamLimits:
    """The generator's limits as this app is configured (``PRUNE_EXAM_*``)."""
    return ExamLimits(
        max_questions=config["PRUNE_EXAM_MAX_QUESTIONS"],
        max_variants=config["PRUNE_EXAM_MAX_VARIANTS"],
        max_depth=config["PRUNE_EXAM_MAX_DEPTH"],
        max_branching=config["PRUNE_EXAM_MAX_BRANCHING"],
        max_leaves=config["PRUNE_EXAM_MAX_LEAVES"],
        max_tries=config["PRUNE_EXAM_MAX_TRIES"],
    )


@exams_api.post("")
def create_exam():
    """Generate and keep an exam: ``201 {"id", "print", "key", "tex", "practice"}``."""
    limits = exam_limits(current_app.config)
    try:
        spec = read_spec(read_body(), limits)
    except SpecError as err:
        raise EngineError(err.message, field=err.field) from None
    with charged_by_time() as meter:  # its time, as a game's search is charged
        exam = orjson.loads(run_job("exam", [spec.to_data(), limits.__dict__], meter=meter))
    try:
        identifier = view_store().save(
            exam, kind="exam", max_bytes=current_app.config["PRUNE_MAX_EXAM_BYTES"]
        )
    except StoreError as err:
        return {"error": store_refusal(err), "field": "variants"}, 413
    base = f"/exams/{identifier}"
    links = {
        "print": f"{base}/print",
        "key": f"{base}/print?key=1",
        "tex": f"{base}/exam.tex",
        "practice": f"{base}/practice",
    }
    return {"id": identifier, **links}, 201


@exams_api.get("/<identifier>")
def get_exam(identifier: str):
    return Response(orjson.dumps(_load(identifier)), mimetype="application/json")


@exams_api.get("/<identifier>/variants/<int:number>")
def get_variant(identifier: str, number: int):
    """One variant (from 1): ``{"title", "variant", "variants", "questions"}``, what a printed
    page needs (a whole exam for 300 students is megabytes)."""
    exam = _load(identifier)
    if not 1 <= number <= len(exam["variants"]):
        says = Message(N_("this exam has variants 1 to {count}"), count=len(exam["variants"]))
        abort(404, says.translated(get_translations()))
    body = {
        "title": exam["spec"]["title"],
        "variant": number,
        "variants": len(exam["variants"]),
        "questions": exam["variants"][number - 1]["questions"],
    }
    return Response(orjson.dumps(body), mimetype="application/json")


@exam_pages.get("/exams")
def exams_page():
    """Build a spec, preview its first variant, create the exam (static/js/exams/page.js)."""
    return render_template("exams.html", limits=exam_limits(current_app.config).__dict__)


@exam_pages.get("/exams/<identifier>/print")
def print_exam(identifier: str):
    """One variant's questions (``?variant=N``, from 1), with the key when ``?key=1``."""
    exam = _load(identifier)
    variant = _variant(exam)
    return render_template(
        "exam_print.html",
        exam_id=identifier,
        title=exam["spec"]["title"],
        variant=variant,
        variants=len(exam["variants"]),
        key=request.args.get("key") == "1",
    )


@exam_pages.get("/exams/<identifier>/practice")
def practise_exam(identifier: str):
    """A whole variant to practise, question by question, in practice's embed."""
    exam = _load(identifier)
    return render_template(
        "exam_practice.html",
        exam_id=identifier,
        title=exam["spec"]["title"],
        variant=_variant(exam),
        variants=len(exam["variants"]),
    )


@exam_pages.get("/exams/<identifier>/exam.tex")
def exam_latex(identifier: str):
    """The variant and its key as one LaTeX file (TikZ ``forest`` trees; docs/exams.md);
    ``?variant=all``: every variant's sheet, then every key."""
    exam = _load(identifier)
    every = request.args.get("variant") == "all"
    variant = None if every else _variant(exam)
    text = exam_tex(exam, None if variant is None else variant - 1)
    response = Response(text, mimetype="application/x-tex")
    name = f"exam-{identifier}-{'all' if every else variant}.tex"
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def _load(identifier: str) -> dict[str, Any]:
    exam = view_store().load(identifier, kind="exam")
    if exam is None:
        abort(404, gettext("no exam has this id"))
    return exam


def _variant(exam: dict[str, Any]) -> int:
    """The variant asked for (``?variant=N``, 1 to the number of variants); else a 400."""
    text = request.args.get("variant", "1")
    count = len(exam["variants"])
    if not VARIANT.fullmatch(text) or not 1 <= int(text) <= count:
        says = N_("variant must be a whole number from 1 to {count}")
        raise EngineError(Message(says, count=count), field="variant")
    return int(text)
