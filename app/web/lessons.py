"""Lessons on the web: the JSON API (``/api/lessons``) and the pages (``/lessons``,
``/lessons/new``, ``/lessons/<id>/edit``, ``/l/<id>``, ``/l/<id>/print``); the embed
(``/embed/l/<id>``) is registered with the other embeds (``embeds.py``).

A lesson is saved like a view: its id is the hash of its content, it is never overwritten
(saving an edit gives a new id) and it loads with a cacheable GET. A tree slide's trace has
its own cacheable GET (``/api/lessons/<id>/slides/<k>/trace``), so a class opening a lesson
computes each trace once; a game slide uses the game's GETs and an experiment slide the
experiment's stream. The built-in lessons (``app/lessons/builtin.py``) answer under their
fixed ids and are never stored.
"""

from __future__ import annotations

import re
from typing import Any

import orjson
from flask import Blueprint, abort, current_app, render_template
from flask_babel import get_locale, get_translations
from flask_babel import gettext as translate  # a name Babel does not extract: it reads data

from ..engine import EngineError
from ..engine.errors import N_, Message
from ..engine.presets import PRESETS
from ..experiments.catalog import FIELDS as EXPERIMENT_FIELDS
from ..games.options import read_game_options
from ..games.tictactoe import parse_board
from ..inputs import limits_from
from ..lessons import BUILTIN_LESSONS, LessonTooBig, read_lesson
from ..lessons.words import translated
from ..security import not_rate_limited
from ..store import StoreError, view_store
from .api import _body as read_body  # the API's careful reader: 415, a cut body, bad JSON
from .errors import store_refusal
from .experiments import build as build_experiment
from .games import check_pacman_query
from .traces import (
    ENGINE_VERSION,
    IMMUTABLE,
    SHORT,
    VERSION_PARAM,
    etag_of,
    json_response,
    trace_response,
    view_cache_control,
)

lessons_api = Blueprint("lessons_api", __name__, url_prefix="/api/lessons")
lesson_pages = Blueprint("lessons", __name__)

BOARD = re.compile(r"^[XO.]{9}$")
PACMAN_FIELDS = {
    "maze", "layout", "rules", "seed", "depth", "decision",
    "ghosts", "evaluation", "rule", "ordering", "algorithm", "pacman",
}  # fmt: skip


def check_game(game: str, query: dict[str, str], where: str) -> None:
    """A game slide's query, checked as far as it can be without searching."""
    if game == "tictactoe":
        options = dict(query)
        board = options.pop("board", "")
        if not BOARD.match(board):
            says = N_("{field} must be 9 cells of X, O or .")
            raise EngineError(Message(says, field=f"{where}.board"), field=f"{where}.board")
        try:
            parse_board(board)  # an impossible board (XXXXXXXXX) or a finished game
            read_game_options(options, limits_from(current_app.config))
        except EngineError as err:
            raise EngineError(_within(where, err), field=f"{where}.{err.field}") from None
        return
    for key in query:
        if key not in PACMAN_FIELDS:
            says = Message(N_("{where}: unknown field {field}"), where=where, field=repr(key))
            raise EngineError(says, field=f"{where}.{key}")
    if "maze" not in query and "layout" not in query:
        says = Message(N_("{where} needs a maze or a layout"), where=where)
        raise EngineError(says, field=f"{where}.maze")
    try:  # as /api/games/pacman/trace checks it (a maze, depth=99, decision=٥ are refused)
        check_pacman_query(query)
    except EngineError as err:
        raise EngineError(_within(where, err), field=f"{where}.{err.field or 'query'}") from None


def check_experiment(name: str, query: dict[str, str], where: str) -> None:
    """An experiment slide's name and query, checked as ``/api/experiments/<name>?…`` checks
    them (an empty value is "not given" there, and ``v`` is not a parameter)."""
    if name not in EXPERIMENT_FIELDS:
        raise EngineError(
            Message(
                N_("{field} must be one of {names}"),
                field=f"{where}.name",
                names=", ".join(EXPERIMENT_FIELDS),
            ),
            field=f"{where}.name",
        )
    given = {key: text for key, text in query.items() if text != "" and key != VERSION_PARAM}
    try:
        build_experiment(name, given)
    except (EngineError, TypeError, ValueError) as err:
        field = getattr(err, "field", None) or "query"
        raise EngineError(_within(where, err), field=f"{where}.query.{field}") from None


def _within(where: str, err: Exception) -> Message:
    """``err``'s message after the slide's field, as the lesson's checks say it."""
    problem = err.message if isinstance(err, EngineError) else str(err)
    return Message(N_("{where}: {problem}"), where=where, problem=problem)


@lessons_api.post("")
def save_lesson():
    """Save a lesson: ``{"id", "url", "embed", "print"}``; the same lesson gets the same id."""
    body = read_body()
    config = current_app.config
    try:
        lesson = read_lesson(
            body,
            limits_from(config),
            config["PRUNE_MAX_LESSON_SLIDES"],
            check_game,
            check_experiment,
        )
    except LessonTooBig as err:
        return {"error": err.translated(get_translations()), "field": err.field}, 413
    try:
        identifier = view_store().save(
            lesson, kind="lesson", max_bytes=config["PRUNE_MAX_LESSON_BYTES"]
        )
    except StoreError as err:
        return {"error": store_refusal(err), "field": "lesson"}, 413
    links = {
        "url": f"/l/{identifier}",
        "embed": f"/embed/l/{identifier}",
        "print": f"/l/{identifier}/print",
    }
    return {"id": identifier, **links}, 201


@lessons_api.get("/<identifier>")
@not_rate_limited
def load_lesson_route(identifier: str):
    """A lesson: a saved one is cached for good (its id is its content's hash); a built-in
    one is in the request's language (``?lang=``, the cookie, ``Accept-Language``)."""
    builtin = identifier in BUILTIN_LESSONS
    cache = SHORT if builtin else IMMUTABLE
    language = str(get_locale()) if builtin else ""
    etag = etag_of("lesson", identifier, ENGINE_VERSION if builtin else "", language)
    response = json_response(etag, cache, lambda: load_lesson(identifier))
    if builtin:
        response.vary.update(("Accept-Language", "Cookie"))
    return response


@lessons_api.get("/<identifier>/slides/<int:index>/trace")
@not_rate_limited
def slide_trace(identifier: str, index: int):
    """A tree slide's trace (``POST /api/trace``'s answer), computed once for a class."""

    def run(options: dict[str, str]) -> dict[str, Any]:
        view = tree_view(load_lesson(identifier), index)
        tree = PRESETS[view["preset"]].document if "preset" in view else view["tree"]
        return {"tree": tree, "options": {**(view.get("options") or {}), **options}}

    tree_view(load_lesson(identifier), index)  # a 404 before anything is cached
    cache = SHORT if identifier in BUILTIN_LESSONS else view_cache_control()
    return trace_response(("lesson", identifier, str(index)), run, cache)


def load_lesson(identifier: str) -> dict[str, Any]:
    """The lesson ``identifier``, or a 404: a built-in one in the request's language, a saved
    one as its teacher wrote it."""
    if identifier in BUILTIN_LESSONS:
        return translated(BUILTIN_LESSONS[identifier], translate)
    lesson = view_store().load(identifier, kind="lesson")
    if lesson is None:
        abort(
            404, Message(N_("no lesson {id}"), id=repr(identifier)).translated(get_translations())
        )
    return lesson


def tree_view(lesson: dict[str, Any], index: int) -> dict[str, Any]:
    slides = lesson["slides"]
    view = slides[index].get("view") if 0 <= index < len(slides) else None
    if not view or view.get("kind") != "tree":
        abort(
            404,
            Message(N_("slide {index} has no tree"), index=index).translated(get_translations()),
        )
    return view


@lesson_pages.get("/lessons")
def lessons_page():
    """The built-in lessons and (from localStorage, in the browser) this browser's own."""
    builtin = [
        {"id": key, "title": translate(lesson["title"]), "slides": len(lesson["slides"])}
        for key, lesson in BUILTIN_LESSONS.items()
    ]
    return render_template("lessons.html", builtin=builtin)


@lesson_pages.get("/lessons/new")
def new_lesson():
    return render_template("lesson_editor.html", lesson_id=None)


@lesson_pages.get("/lessons/<identifier>/edit")
def edit_lesson(identifier: str):
    load_lesson(identifier)
    return render_template("lesson_editor.html", lesson_id=identifier)


@lesson_pages.get("/l/<identifier>")
def present_lesson(identifier: str):
    return _lesson_page(identifier, embed=False)


def _lesson_page(identifier: str, embed: bool):
    """The presented lesson; the lesson's JSON rides in a data attribute (escaped by Jinja,
    read with JSON.parse), so the first slide's trace is asked for at once."""
    lesson = load_lesson(identifier)
    return render_template(
        "lesson.html", lesson_id=identifier, title=lesson["title"], embed=embed,
        trace_version=ENGINE_VERSION, lesson_json=orjson.dumps(lesson).decode(),
        public_url=current_app.config["PRUNE_PUBLIC_URL"],
    )  # fmt: skip


@lesson_pages.get("/l/<identifier>/print")
def print_lesson(identifier: str):
    lesson = load_lesson(identifier)
    return render_template(
        "lesson_print.html", lesson_id=identifier, title=lesson["title"],
        trace_version=ENGINE_VERSION,
    )  # fmt: skip


def embed_lesson(identifier: str):
    """``/embed/l/<id>``: the whole lesson in one frame (registered in embeds.py)."""
    return _lesson_page(identifier, embed=True)
