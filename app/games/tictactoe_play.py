"""Tic-tac-toe decisions for the page, the API and the command line: the computer's move,
and the trace of the search that chose it."""

from __future__ import annotations

from typing import Any

from ..engine.options import SearchOptions
from ..engine.tree import DEFAULT_LIMITS, Limits, Pause
from .homework import homework_document
from .search import GameSearch, game_options
from .tictactoe import TicTacToe, parse_board, status

GAME = TicTacToe()


def decision_search(
    board: str, options: SearchOptions, limits: Limits = DEFAULT_LIMITS
) -> GameSearch:
    """The search for the side to move on ``board`` (validated: a bad board raises)."""
    board = parse_board(board)
    return GameSearch(
        GAME, board, game_options(GAME, board, options, options.depth), limits.max_nodes
    )


def tictactoe_trace(
    board: str, options: SearchOptions, limits: Limits = DEFAULT_LIMITS, pause: Pause | None = None
) -> dict[str, Any]:
    """The decision's trace, with the agents in the order of ``options.players``."""
    search = decision_search(board, options, limits)
    result = search.trace(pause)
    first = GAME.to_move(search.tree.states[0])
    agents = GAME.agents[first:] + GAME.agents[:first]
    return {
        "nodes": result["nodes"],
        "options": search.options.to_data(),
        "agents": list(agents),
        "events": result["events"],
        "summary": result["summary"],
        "board": search.tree.states[0],
    }


def tictactoe_move(
    board: str, options: SearchOptions, limits: Limits = DEFAULT_LIMITS, pause: Pause | None = None
) -> dict[str, Any]:
    """The computer's move: the search's best move (the first strictly best in search order)."""
    search = decision_search(board, options, limits)
    summary = search.decide(pause)
    cell = summary["best_action"]
    after = GAME.result(search.tree.states[0], cell)
    return {
        "board": after,
        "move": cell,
        "value": summary["value"],
        "status": status(after),
        "summary": summary,
    }


def tictactoe_practice_tree(board: str, size: str = "homework") -> dict[str, Any]:
    """The position's game tree as a document to practise on (small positions only), cut to
    homework size or whole (``size``, homework.py)."""
    board = parse_board(board)
    return homework_document(GAME, board, None, f"Tic-tac-toe: {board}", size=size)
