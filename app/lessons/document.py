"""A lesson document, checked before it is saved: its shape, its limits and its slides' views.

A lesson is ``{"title", "slides": [{"title", "notes", "view"?, "question"?}]}`` (see
docs/lessons.md). Everything here turns bad input into an ``EngineError`` naming the field
(``slides[3].notes``), answered as a 400, or a ``LessonTooBig`` for a lesson over a limit
(more slides than allowed), answered as a 413. Notes are plain text with a small markup that
the browser parses into elements itself (static/js/lesson/notes.js): nothing here or there
ever treats them as HTML, so ``<script>`` in notes is shown as the eight characters it is.

A slide's view is checked by kind:

- ``{"kind": "tree", "preset": name | "tree": document, "options"?, "from"?, "to"?}``: what
  a share link holds, with the slide's step range (``to`` may be ``"end"``); the tree and
  options are read as ``POST /api/trace`` reads them. ``print`` (a step in the range, or
  ``"end"``) is the step the handout draws (default: the range's first step).
- ``{"kind": "game", "game": "tictactoe" | "pacman", "query": {…}, "from"?, "to"?, "print"?}``:
  a game decision, the query of ``/api/games/<game>/trace``.
- ``{"kind": "experiment", "name": …, "query": {…}}``: an experiment's chart, the name and
  query of ``/api/experiments/<name>`` (random-binary, ordering, rules, pruning-family,
  optimisations).

The game and experiment checks are the callers' (``check_game``, ``check_experiment``):
the web layer owns those routes, their names and their fields.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine import EngineError, Limits
from ..engine.errors import N_, Message
from ..engine.presets import PRESETS
from ..inputs import read_run

LESSON_FIELDS = ("title", "slides")
SLIDE_FIELDS = ("title", "notes", "view", "question")
TITLE_CHARS = 200
NOTES_CHARS = 20_000
PROMPT_CHARS = 1_000
QUERY_KEYS = 20
QUERY_VALUE_CHARS = 10_000  # a Pacman layout given as text
VIEW_KINDS = ("tree", "game", "experiment")
GAMES = ("tictactoe", "pacman")


class LessonTooBig(Exception):
    """A lesson over a limit: an HTTP 413 naming the field."""

    def __init__(self, message: Message, field: str):
        super().__init__(str(message))
        self.message = message
        self.field = field

    def translated(self, language=None) -> str:
        return self.message.translated(language)


Checker = Callable[[str, dict[str, str], str], None]


def read_lesson(
    body: Any,
    limits: Limits,
    max_slides: int,
    check_game: Checker,
    check_experiment: Checker,
) -> dict[str, Any]:
    """The lesson ``body`` if it is valid (unchanged: its id is the hash of what was sent)."""
    if not isinstance(body, dict):
        raise EngineError(
            Message(N_("a lesson is an object: {shape}"), shape='{"title": …, "slides": […]}')
        )
    _known(body, LESSON_FIELDS, "")
    _text(body.get("title"), "title", TITLE_CHARS, required=True)
    slides = body.get("slides")
    if not isinstance(slides, list) or not slides:
        raise EngineError(
            Message(N_("slides must be a list of at least one slide")), field="slides"
        )
    if len(slides) > max_slides:
        raise LessonTooBig(
            Message(
                N_("the lesson has {count} slides; a lesson may have at most {limit}"),
                count=f"{len(slides):,}",
                limit=max_slides,
            ),
            field="slides",
        )
    for index, slide in enumerate(slides):
        _read_slide(slide, f"slides[{index}]", limits, check_game, check_experiment)
    return body


# The searches a lecture question can ask (students predict prunes and values): app/practice's
# GRADED_ALGORITHMS (tests/test_hostile_lessons.py checks they agree). PVS, MTD(f) and Star1
# are asked their own questions in practice (docs/practice.md), not in a lecture.
QUESTION_ALGORITHMS = ("minimax", "alphabeta", "expectimax")


def _read_slide(slide: Any, where: str, limits: Limits, check_game, check_experiment) -> None:
    if not isinstance(slide, dict):
        raise EngineError(
            Message(N_("{where} must be an object with a title and notes"), where=where),
            field=where,
        )
    _known(slide, SLIDE_FIELDS, where + ".")
    _text(slide.get("title"), f"{where}.title", TITLE_CHARS, required=True)
    _text(slide.get("notes", ""), f"{where}.notes", NOTES_CHARS)
    question = slide.get("question")
    if question is not None and not isinstance(question, bool):
        if not isinstance(question, dict):
            raise EngineError(
                Message(
                    N_("{field} must be true, false or {shape}"),
                    field=f"{where}.question",
                    shape='{"prompt": "…"}',
                ),
                field=f"{where}.question",
            )
        _known(question, ("prompt",), f"{where}.question.")
        _text(question.get("prompt", ""), f"{where}.question.prompt", PROMPT_CHARS)
    view = slide.get("view")
    if view is None:
        if question:
            raise EngineError(
                Message(N_("{where} asks a question but has no tree to ask it on"), where=where),
                field=f"{where}.view",
            )
        return
    kind = _read_view(view, f"{where}.view", limits, check_game, check_experiment)
    if question and kind != "tree":
        raise EngineError(
            Message(
                N_("{where}: a question needs a tree view (students predict its values)"),
                where=where,
            ),
            field=f"{where}.question",
        )
    options = view.get("options") if isinstance(view.get("options"), dict) else {}
    algorithm = options.get("algorithm", "alphabeta")
    if question and (algorithm not in QUESTION_ALGORITHMS or options.get("aspiration")):
        raise EngineError(
            Message(
                N_(
                    "{where}: a question needs {algorithms} without aspiration (students "
                    "predict prunes and values), not {algorithm}; practice asks PVS, MTD(f) "
                    "and Star1 their own questions"
                ),
                where=where,
                algorithms=", ".join(QUESTION_ALGORITHMS),
                algorithm=str(algorithm)[:40],
            ),
            field=f"{where}.question",
        )


def _read_view(view: Any, where: str, limits: Limits, check_game, check_experiment) -> str:
    if not isinstance(view, dict):
        raise EngineError(
            Message(N_("{where} must be an object with a kind"), where=where), field=where
        )
    kind = view.get("kind")
    if kind not in VIEW_KINDS:
        raise EngineError(_one_of(f"{where}.kind", VIEW_KINDS), field=f"{where}.kind")
    if kind == "tree":
        _known(view, ("kind", "preset", "tree", "options", "from", "to", "print"), where + ".")
        _read_tree_view(view, where, limits)
    elif kind == "game":
        _known(view, ("kind", "game", "query", "from", "to", "print"), where + ".")
        if view.get("game") not in GAMES:
            raise EngineError(_one_of(f"{where}.game", GAMES), field=f"{where}.game")
        check_game(view["game"], _query(view.get("query"), f"{where}.query"), f"{where}.query")
        _range(view, where)
    else:
        _known(view, ("kind", "name", "query"), where + ".")
        if not isinstance(view.get("name"), str):
            raise EngineError(
                Message(N_("{field} must be an experiment's name"), field=f"{where}.name"),
                field=f"{where}.name",
            )
        check_experiment(view["name"], _query(view.get("query"), f"{where}.query"), where)
    return kind


def _read_tree_view(view: dict[str, Any], where: str, limits: Limits) -> None:
    has_preset, has_tree = "preset" in view, "tree" in view
    if has_preset == has_tree:
        raise EngineError(
            Message(N_("{where} needs a preset or a tree (one of them)"), where=where),
            field=f"{where}.tree",
        )
    if has_preset:
        found = PRESETS.get(view["preset"]) if isinstance(view["preset"], str) else None
        if found is None:
            raise EngineError(_one_of(f"{where}.preset", PRESETS), field=f"{where}.preset")
        tree = found.document
    else:
        tree = view["tree"]
    try:
        read_run({"tree": tree, "options": view.get("options")}, limits)
    except EngineError as err:
        field = f"{where}.{err.field or 'tree'}"
        raise EngineError(
            Message(N_("{where}: {problem}"), where=where, problem=err.message),
            path=err.path,
            field=field,
        ) from None
    _range(view, where)


def _range(view: dict[str, Any], where: str) -> None:
    """``from``, ``to`` and ``print``: whole steps from 0 (``to`` and ``print`` may be "end"),
    ``from`` ≤ ``to``, and the printed step inside [``from``, ``to``]."""
    start = view.get("from", 0)
    end = view.get("to", "end")
    printed = view.get("print", start)
    for name, value in (("from", start), ("to", end), ("print", printed)):
        if name != "from" and value == "end":
            continue
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 10**9:
            says = (
                N_("{field} must be a step number from 0")
                if name == "from"
                else N_('{field} must be a step number from 0 or "end"')
            )
            raise EngineError(Message(says, field=f"{where}.{name}"), field=f"{where}.{name}")
    if end != "end" and start > end:
        raise EngineError(
            Message(
                N_("{where}: from ({start}) is after to ({end})"), where=where, start=start, end=end
            ),
            field=f"{where}.from",
        )
    if printed != "end" and not (start <= printed and (end == "end" or printed <= end)):
        raise EngineError(
            Message(
                N_("{where}: print ({printed}) is outside the slide's steps ({start} to {end})"),
                where=where,
                printed=printed,
                start=start,
                end=end,
            ),
            field=f"{where}.print",
        )


def _query(query: Any, where: str) -> dict[str, str]:
    """A route's query: an object of at most QUERY_KEYS strings (or whole numbers)."""
    if query is None:
        return {}
    if not isinstance(query, dict) or len(query) > QUERY_KEYS:
        raise EngineError(
            Message(
                N_("{where} must be an object of at most {count} fields"),
                where=where,
                count=QUERY_KEYS,
            ),
            field=where,
        )
    out = {}
    for key, value in query.items():
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            raise EngineError(
                Message(N_("{field} must be text or a whole number"), field=f"{where}.{key}"),
                field=f"{where}.{key}",
            )
        text = str(value)
        if len(text) > QUERY_VALUE_CHARS:
            raise EngineError(
                Message(N_("{field} is too long"), field=f"{where}.{key}"), field=f"{where}.{key}"
            )
        out[key] = text
    return out


def _known(obj: dict[str, Any], fields: tuple[str, ...], prefix: str) -> None:
    for key in obj:
        if key not in fields:
            raise EngineError(
                Message(
                    N_("unknown field {field} (expected {fields})"),
                    field=f"{prefix}{key}",
                    fields=", ".join(fields),
                ),
                field=f"{prefix}{key}",
            )


def _text(value: Any, field: str, limit: int, required: bool = False) -> None:
    if not isinstance(value, str):
        raise EngineError(Message(N_("{field} must be text"), field=field), field=field)
    if required and not value.strip():
        raise EngineError(Message(N_("{field} must not be empty"), field=field), field=field)
    if len(value) > limit:
        raise EngineError(
            Message(
                N_("{field} has {count} characters; the limit is {limit}"),
                field=field,
                count=f"{len(value):,}",
                limit=f"{limit:,}",
            ),
            field=field,
        )


def _one_of(field: str, names) -> Message:
    return Message(N_("{field} must be one of {names}"), field=field, names=", ".join(names))
