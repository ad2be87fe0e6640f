"""The game pages (``/play/…``) and their JSON API (``/api/games/…``).

A decision is a function of its position and options (a Pacman game, of its settings and
seed), so every answer here is a cacheable GET: computed once into the trace cache, then
answered with an ETag, like a preset's trace. A computation is charged to the caller's rate
limit by the time it takes, failing or not; a large answer from the cache by its size. Query
values are validated by the engine (a bad one is a 400 naming it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import orjson
from flask import Blueprint, current_app, render_template

from ..engine import EngineError
from ..experiments import plain_whole
from ..games.options import read_game_options
from ..games.tictactoe_play import tictactoe_move, tictactoe_practice_tree, tictactoe_trace
from ..inputs import limits_from
from ..security import charged_by_time, not_rate_limited
from ..sockets import take_turns
from .traces import (
    SHORT,
    cached_response,
    charge_sending,
    etag_of,
    not_modified,
    query_options,
    trace_cache,
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
    return _tictactoe("move", tictactoe_move)


@games_api.get("/tictactoe/trace")
@not_rate_limited
def tictactoe_trace_answer():
    """The trace of the search that chooses the move on ``board``."""
    return _tictactoe("trace", tictactoe_trace)


def _tictactoe(kind: str, answer: Callable[..., dict[str, Any]]):
    given = query_options()
    board = given.pop("board", None)
    if board is None:
        raise EngineError("give the board: ?board=X...O.... (9 cells of X, O or .)", field="board")
    options = read_game_options(given, _limits())
    return _cached(
        ("tictactoe", kind, board, options),
        lambda: answer(board, options, _limits(), take_turns),
    )


@games_api.get("/tictactoe/tree")
@not_rate_limited
def tictactoe_tree():
    """The position's game tree as a tree document, to practise on (small only): cut to
    homework size, or whole with ``size=whole``."""
    given = query_options()
    board = given.pop("board", None)
    size = given.pop("size", "homework")
    if board is None:
        raise EngineError("give the board: ?board=XO.XO.... (9 cells of X, O or .)", field="board")
    if given:
        key = next(iter(given))
        raise EngineError(f"unknown field {key!r} (expected board, size)", field=key)
    return _cached(("tictactoe", "tree", board, size), lambda: tictactoe_practice_tree(board, size))


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
    from ..games.pacman_play import play_pacman

    if _course_rules():
        from ..games.cs188_play import play_course_game

        layout, settings = _course_settings(("moves",))
        return _cached(
            ("pacman-cs188", "game", layout, *sorted(settings.items())),
            lambda: play_course_game(layout, **settings, pause=take_turns),
        )
    maze, settings = _pacman_settings(("moves",))
    return _cached(
        ("pacman", "game", maze, *sorted(settings.items())),
        lambda: play_pacman(maze, **settings, pause=take_turns),
    )


@games_api.get("/pacman/trace")
@not_rate_limited
def pacman_trace():
    """The trace of Pacman's decision ``decision`` (from 0) in the game the settings name."""
    from ..games.pacman_play import pacman_decision

    if _course_rules():
        from ..games.cs188_play import course_decision

        layout, settings = _course_settings(("decision",))
        _need_decision(settings)
        return _cached(
            ("pacman-cs188", "trace", layout, *sorted(settings.items())),
            lambda: course_decision(layout, **settings, pause=take_turns),
        )
    maze, settings = _pacman_settings(("decision",))
    _need_decision(settings)
    return _cached(
        ("pacman", "trace", maze, *sorted(settings.items())),
        lambda: pacman_decision(maze, **settings, pause=take_turns),
    )


@games_api.get("/pacman/tree")
@not_rate_limited
def pacman_tree():
    """Pacman's decision ``decision`` as a tree document, to practise on: cut to homework
    size, or whole with ``size=whole``; under the CS188 rules too."""
    from ..games.pacman_play import pacman_practice_tree

    if _course_rules():
        from ..games.cs188_play import course_practice_tree

        layout, settings = _course_settings(("decision", "size"))
        _need_decision(settings)
        return _cached(
            ("pacman-cs188", "tree", layout, *sorted(settings.items())),
            lambda: course_practice_tree(layout, **settings, pause=take_turns),
        )
    maze, settings = _pacman_settings(("decision",), words=("ghosts", "evaluation", "size"))
    _need_decision(settings)
    return _cached(
        ("pacman", "tree", maze, *sorted(settings.items())),
        lambda: pacman_practice_tree(maze, **settings, pause=take_turns),
    )


PACMAN_WHOLE = ("seed", "depth", "moves", "decision")
PACMAN_WORDS = ("ghosts", "evaluation", "rule", "ordering")
COURSE_WORDS = ("ghosts", "algorithm", "rule", "ordering", "pacman")
PACMAN_RULES = ("prune", "cs188")


def _course_rules() -> bool:
    """Whether a Pacman request plays by the CS188 rules: ``rules=cs188``, or a ``layout``
    given without ``rules`` (Prune's own rules, ``rules=prune``, play a ``maze``)."""
    given = query_options()
    rules = given.get("rules")
    if rules is None:
        return "layout" in given
    if rules not in PACMAN_RULES:
        raise EngineError(f"rules {rules!r} is not one of {', '.join(PACMAN_RULES)}", field="rules")
    return rules == "cs188"


def _course_settings(extra: tuple[str, ...]) -> tuple[str, dict[str, Any]]:
    """The layout (a name, or its text) and the settings of a CS188 Pacman request;
    cs188_play checks their values."""
    given = query_options()
    given.pop("rules", None)
    layout = given.pop("layout", None)
    if layout is None:
        layout = given.pop("maze", None)
    if layout is None:
        raise EngineError("give the layout: ?layout=smallClassic, or its text", field="layout")
    allowed = {"seed", "depth", *COURSE_WORDS, *extra}
    settings: dict[str, Any] = {}
    for key, text in given.items():
        if key not in allowed:
            raise EngineError(
                f"unknown field {key!r} (expected layout, rules, {', '.join(sorted(allowed))})",
                field=key,
            )
        settings[key] = _whole(key, text) if key in PACMAN_WHOLE else text
    return layout, settings


def _need_decision(settings: dict[str, Any]) -> None:
    if "decision" not in settings:
        raise EngineError(
            "give the decision: ?decision=0 for Pacman's first move", field="decision"
        )


def _pacman_settings(
    extra: tuple[str, ...], words: tuple[str, ...] = PACMAN_WORDS
) -> tuple[str, dict[str, Any]]:
    """The maze and the settings of a Pacman request; pacman_play checks their ranges."""
    given = query_options()
    given.pop("rules", None)
    maze = given.pop("maze", None)
    if maze is None:
        raise EngineError("give the maze: ?maze=small", field="maze")
    allowed = {*PACMAN_WHOLE, *words} - {"moves", "decision"} | set(extra)
    settings: dict[str, Any] = {}
    for key, text in given.items():
        if key not in allowed:
            raise EngineError(
                f"unknown field {key!r} (expected maze, {', '.join(sorted(allowed))})", field=key
            )
        settings[key] = _whole(key, text) if key in PACMAN_WHOLE else text
    rule_and_ordering = {k: settings[k] for k in ("rule", "ordering") if k in settings}
    read_game_options(rule_and_ordering)  # names a bad rule or ordering
    return maze, settings


def _whole(key: str, text: str) -> int:
    try:
        return plain_whole(text)
    except ValueError:
        raise EngineError(f"{key} must be a whole number, not {text!r}", field=key) from None


def _cached(key: tuple, compute: Callable[[], Any]):
    """``compute()``'s JSON, kept in the trace cache under ``key`` and sent with an ETag."""
    etag = etag_of("game", repr(key))
    unchanged = not_modified(etag, SHORT)
    if unchanged is not None:
        return unchanged

    def body() -> bytes:
        return orjson.dumps(compute())

    with charged_by_time() as meter:  # by its cost, also when it fails (a 400 after a search)
        content, computed = trace_cache().get_or_compute(("game", key), lambda: meter.run(body))
    charge_sending(content, computed)
    header = "computed" if computed else "cached"
    return cached_response(content, etag, SHORT, **{"X-Prune-Trace": header})


def _maze_listing(maze) -> dict[str, Any]:
    return {"name": maze.name, "title": maze.title, "width": maze.width, "height": maze.height}


def _limits():
    return limits_from(current_app.config)
