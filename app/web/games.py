"""The game pages (``/play/…``) and their JSON API (``/api/games/…``).

A decision is a function of its position and options (a Pacman game, of its settings and
seed), so every answer here is a cacheable GET: computed once into the trace cache, then
answered with an ETag, like a preset's trace. A computation is charged to the caller's rate
limit by the time it takes, failing or not; a large answer from the cache by its size. Query
values are validated by the engine (a bad one is a 400 naming it).
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from flask import Blueprint, current_app, render_template

from ..compute.job_pool import run_job
from ..compute.trace_cache import trace_cache
from ..engine import EngineError
from ..engine.errors import N_, Message
from ..experiments import plain_whole
from ..games.options import read_game_options
from ..inputs import limits_from
from ..security import charged_by_time, not_rate_limited
from .traces import (
    SHORT,
    cached_response,
    charge_sending,
    etag_of,
    not_modified,
    query_options,
)

game_pages = Blueprint("games", __name__)
games_api = Blueprint("games_api", __name__, url_prefix="/api/games")


@game_pages.get("/play/tictactoe")
def play_tictactoe():
    return render_template("play_tictactoe.html")


@game_pages.get("/play/pacman")
def play_pacman():
    from ..games.layouts import LAYOUTS
    from ..games.mazes import MAZES

    mazes = [_maze_listing(maze) for maze in MAZES.values()]
    layouts = [_maze_listing(layout) for layout in LAYOUTS.values() if layout.name not in MAZES]
    return render_template("play_pacman.html", mazes=mazes, layouts=layouts)


@games_api.get("/tictactoe/move")
@not_rate_limited
def tictactoe_move_answer():
    """The computer's move on ``board`` (``{"board", "move", "value", "status", "summary"}``)."""
    return _tictactoe("move")


@games_api.get("/tictactoe/trace")
@not_rate_limited
def tictactoe_trace_answer():
    """The trace of the search that chooses the move on ``board``."""
    return _tictactoe("trace")


def _tictactoe(kind: str):
    given = query_options()
    board = given.pop("board", None)
    if board is None:
        says = N_("give the board: {example} (9 cells of X, O or .)")
        raise EngineError(Message(says, example="?board=X...O...."), field="board")
    options = read_game_options(given, _limits())  # a bad option is a 400 here
    limits = asdict(_limits())
    return _cached(("tictactoe", kind, board, options), "tictactoe", [kind, board, given, limits])


@games_api.get("/tictactoe/tree")
@not_rate_limited
def tictactoe_tree():
    """The position's game tree as a tree document, to practise on (small only): cut to
    homework size, or whole with ``size=whole``."""
    given = query_options()
    board = given.pop("board", None)
    size = given.pop("size", "homework")
    if board is None:
        says = N_("give the board: {example} (9 cells of X, O or .)")
        raise EngineError(Message(says, example="?board=XO.XO...."), field="board")
    if given:
        key = next(iter(given))
        says = N_("unknown field {field} (expected {fields})")
        raise EngineError(Message(says, field=repr(key), fields="board, size"), field=key)
    return _cached(("tictactoe", "tree", board, size), "tictactoe.tree", [board, size])


@games_api.get("/pacman/mazes")
def pacman_mazes():
    from ..games.mazes import MAZES

    return [_maze_listing(maze) for maze in MAZES.values()]


@games_api.get("/pacman/layouts")
def pacman_layouts():
    """The built-in layouts for the CS188 rules: the course's and Prune's mazes."""
    from ..games.layouts import LAYOUTS

    return [_maze_listing(layout) for layout in LAYOUTS.values()]


@games_api.get("/pacman/game")
@not_rate_limited
def pacman_game():
    """A whole game: the maze, every agent's move, and each of Pacman's decisions."""
    if _course_rules():
        layout, settings = _course_settings(("moves",))
        key = ("pacman-cs188", "game", layout, *sorted(settings.items()))
        return _cached(key, "cs188.game", [layout, settings])
    maze, settings = _pacman_settings(("moves",))
    key = ("pacman", "game", maze, *sorted(settings.items()))
    return _cached(key, "pacman.game", [maze, settings])


@games_api.get("/pacman/trace")
@not_rate_limited
def pacman_trace():
    """The trace of Pacman's decision ``decision`` (from 0) in the game the settings name."""
    if _course_rules():
        layout, settings = _course_settings(("decision",))
        _need_decision(settings)
        key = ("pacman-cs188", "trace", layout, *sorted(settings.items()))
        return _cached(key, "cs188.trace", [layout, settings])
    maze, settings = _pacman_settings(("decision",))
    _need_decision(settings)
    key = ("pacman", "trace", maze, *sorted(settings.items()))
    return _cached(key, "pacman.trace", [maze, settings])


@games_api.get("/pacman/tree")
@not_rate_limited
def pacman_tree():
    """Pacman's decision ``decision`` as a tree document, to practise on: cut to homework
    size, or whole with ``size=whole``; under the CS188 rules too."""
    if _course_rules():
        layout, settings = _course_settings(("decision", "size"))
        _need_decision(settings)
        key = ("pacman-cs188", "tree", layout, *sorted(settings.items()))
        return _cached(key, "cs188.tree", [layout, settings])
    maze, settings = _pacman_settings(("decision",), words=("ghosts", "evaluation", "size"))
    _need_decision(settings)
    key = ("pacman", "tree", maze, *sorted(settings.items()))
    return _cached(key, "pacman.tree", [maze, settings])


PACMAN_WHOLE = ("seed", "depth", "moves", "decision")
PACMAN_WORDS = ("ghosts", "evaluation", "rule", "ordering")
COURSE_WORDS = ("ghosts", "algorithm", "rule", "ordering", "pacman")
PACMAN_RULES = ("prune", "cs188")


def _course_rules(given: dict[str, str] | None = None) -> bool:
    """Whether a Pacman request plays by the CS188 rules: ``rules=cs188``, or a ``layout``
    given without ``rules`` (Prune's own rules, ``rules=prune``, play a ``maze``)."""
    given = query_options() if given is None else given
    rules = given.get("rules")
    if rules is None:
        return "layout" in given
    if rules not in PACMAN_RULES:
        says = N_("{field} {value} is not one of {names}")
        names = ", ".join(PACMAN_RULES)
        raise EngineError(
            Message(says, field="rules", value=repr(rules), names=names), field="rules"
        )
    return rules == "cs188"


def _course_settings(
    extra: tuple[str, ...], query: dict[str, str] | None = None
) -> tuple[str, dict[str, Any]]:
    """The layout (a name, or its text) and the settings of a CS188 Pacman request (its
    query, or ``query``); cs188_play checks their values."""
    given = query_options() if query is None else dict(query)
    given.pop("rules", None)
    layout = given.pop("layout", None)
    if layout is None:
        layout = given.pop("maze", None)
    if layout is None:
        raise EngineError(N_("give the layout: ?layout=smallClassic, or its text"), field="layout")
    allowed = {"seed", "depth", *COURSE_WORDS, *extra}
    settings: dict[str, Any] = {}
    for key, text in given.items():
        if key not in allowed:
            raise EngineError(
                Message(
                    N_("unknown field {field} (expected {fields})"),
                    field=repr(key),
                    fields=", ".join(["layout", "rules", *sorted(allowed)]),
                ),
                field=key,
            )
        settings[key] = _whole(key, text) if key in PACMAN_WHOLE else text
    return layout, settings


def check_pacman_query(query: dict[str, str]) -> None:
    """A Pacman decision's query (a lesson's game slide) checked as ``/api/games/pacman/trace``
    checks it, without playing: every field, the maze or layout, and the decision's range."""
    from ..games.cs188_play import MAX_MOVES, course_settings
    from ..games.decisions import whole_number
    from ..games.pacman_play import check_settings

    if _course_rules(query):
        layout, settings = _course_settings(("decision",), query)
        _need_decision(settings)
        course_settings(layout, **{k: v for k, v in settings.items() if k != "decision"})
    else:
        maze, settings = _pacman_settings(("decision",), query=query)
        _need_decision(settings)
        check_settings(maze, **{k: v for k, v in settings.items() if k != "decision"})
    whole_number(settings["decision"], "decision", 0, MAX_MOVES - 1)


def _need_decision(settings: dict[str, Any]) -> None:
    if "decision" not in settings:
        raise EngineError(
            N_("give the decision: ?decision=0 for Pacman's first move"), field="decision"
        )


def _pacman_settings(
    extra: tuple[str, ...],
    words: tuple[str, ...] = PACMAN_WORDS,
    query: dict[str, str] | None = None,
) -> tuple[str, dict[str, Any]]:
    """The maze and the settings of a Pacman request (its query, or ``query``); pacman_play
    checks their ranges."""
    given = query_options() if query is None else dict(query)
    given.pop("rules", None)
    maze = given.pop("maze", None)
    if maze is None:
        raise EngineError(N_("give the maze: ?maze=small"), field="maze")
    allowed = {*PACMAN_WHOLE, *words} - {"moves", "decision"} | set(extra)
    settings: dict[str, Any] = {}
    for key, text in given.items():
        if key not in allowed:
            raise EngineError(
                Message(
                    N_("unknown field {field} (expected {fields})"),
                    field=repr(key),
                    fields=", ".join(["maze", *sorted(allowed)]),
                ),
                field=key,
            )
        settings[key] = _whole(key, text) if key in PACMAN_WHOLE else text
    rule_and_ordering = {k: settings[k] for k in ("rule", "ordering") if k in settings}
    read_game_options(rule_and_ordering)  # names a bad rule or ordering
    return maze, settings


def _whole(key: str, text: str) -> int:
    try:
        return plain_whole(text)
    except ValueError:
        says = N_("{field} must be a whole number, not {text}")
        raise EngineError(Message(says, field=key, text=repr(text)), field=key) from None


def _cached(key: tuple, kind: str, args: list[Any]):
    """The JSON of job ``kind`` on ``args`` (computed in a worker process, app/jobs.py), kept
    in the trace cache under ``key`` and sent with an ETag."""
    etag = etag_of("game", repr(key))
    unchanged = not_modified(etag, SHORT)
    if unchanged is not None:
        return unchanged

    def body() -> bytes:  # the job's time is charged, not its wait for a worker
        return run_job(kind, args, meter=meter)

    with charged_by_time() as meter:  # by its cost, also when it fails (a 400 after a search)
        content, computed = trace_cache().get_or_compute(("game", key), body)
    charge_sending(content, computed)
    header = "computed" if computed else "cached"
    return cached_response(content, etag, SHORT, **{"X-Prune-Trace": header})


def _maze_listing(maze) -> dict[str, Any]:
    return {"name": maze.name, "title": maze.title, "width": maze.width, "height": maze.height}


def _limits():
    return limits_from(current_app.config)
