"""The game pages (``/play/…``) and their JSON API (``/api/games/…``).

A decision is a function of its position and options (a Pacman game, of its settings and
seed), so every answer here is a cacheable GET: computed once into the trace cache, then
answered with an ETag, like a preset's trace. Only a computation is charged to the caller's
rate limit. Query values are validated by the engine (a bad one is a 400 naming it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import orjson
from flask import Blueprint, current_app, render_template

from ..engine import EngineError
from ..games.options import read_game_options
from ..games.tictactoe_play import tictactoe_move, tictactoe_trace
from ..inputs import limits_from
from ..security import charge_computation, not_rate_limited
from ..sockets import take_turns
from .traces import SHORT, cached_response, etag_of, not_modified, query_options, trace_cache

game_pages = Blueprint("games", __name__)
games_api = Blueprint("games_api", __name__, url_prefix="/api/games")


@game_pages.get("/play/tictactoe")
def play_tictactoe():
    return render_template("play_tictactoe.html")


@game_pages.get("/play/pacman")
def play_pacman():
    from ..games.mazes import MAZES

    mazes = [_maze_listing(maze) for maze in MAZES.values()]
    return render_template("play_pacman.html", mazes=mazes)


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


def _cached(key: tuple, compute: Callable[[], Any]):
    """``compute()``'s JSON, kept in the trace cache under ``key`` and sent with an ETag."""
    etag = etag_of("game", repr(key))
    unchanged = not_modified(etag, SHORT)
    if unchanged is not None:
        return unchanged

    def body() -> bytes:
        result = compute()  # bad input raises first: a 400, not a charge
        charge_computation()
        return orjson.dumps(result)

    content, computed = trace_cache().get_or_compute(("game", key), body)
    header = "computed" if computed else "cached"
    return cached_response(content, etag, SHORT, **{"X-Prune-Trace": header})


def _maze_listing(maze) -> dict[str, Any]:
    return {"name": maze.name, "title": maze.title, "width": maze.width, "height": maze.height}


def _limits():
    return limits_from(current_app.config)
