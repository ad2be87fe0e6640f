"""What the usual speed-ups buy in a real search: tic-tac-toe positions searched bare (no
trace) by minimax and four variants of alpha-beta, counting nodes and time.

Every search is fail-soft alpha-beta under the standard rule (prune when α ≥ β) unless it is
minimax; ``nodes`` counts the searched position and every child a search steps into (a
transposition-table hit included), as the engine's ``nodes_visited`` does. The best move is
the first move, in the order tried, whose value beats all before it. A position's value
depends on the moves made since the searched one (``10 − d``), which the board itself fixes
within one search: so positions are keys, for the table and for iterative deepening.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from time import perf_counter
from typing import Any, ClassVar

from ..engine import EngineError
from ..engine.errors import N_, Message
from ..games.tictactoe import EMPTY_BOARD, TicTacToe, parse_board

GAME = TicTacToe()
INF = math.inf
EXACT, LOWER, UPPER = "exact", "lower", "upper"
DEFAULT_POSITIONS = (EMPTY_BOARD, "X........", "....X....", "X...O....", "XO..X....")
MAX_POSITIONS = 20

Order = Callable[[str], list[int]]


@dataclass(frozen=True)
class Outcome:
    value: int
    best_move: int
    nodes: int
    seconds: float


def cell_order(board: str) -> list[int]:
    return GAME.actions(board)


def heuristic_order(board: str) -> list[int]:
    """Centre, corners, edges (``TicTacToe.heuristic``); cell order among equals."""
    return sorted(GAME.actions(board), key=lambda cell: -GAME.heuristic(board, cell))


def minimax(board: str) -> Outcome:
    """The baseline: every position of the game tree below ``board``."""
    started, nodes = perf_counter(), 1  # the searched position, then every child below

    def search(board: str, plies: int) -> int:
        nonlocal nodes
        nodes += 1
        if GAME.is_terminal(board):
            return GAME.utility(board, plies)
        values = [search(GAME.result(board, cell), plies + 1) for cell in GAME.actions(board)]
        return max(values) if GAME.to_move(board) == 0 else min(values)

    maximising = GAME.to_move(board) == 0
    value, best = -INF if maximising else INF, -1
    for cell in GAME.actions(board):
        child = search(GAME.result(board, cell), 1)
        if child > value if maximising else child < value:
            value, best = child, cell
    return Outcome(value, best, nodes, perf_counter() - started)


def _alphabeta(
    root: str, order: Order, limit: int | None = None, first: dict[str, int] | None = None
) -> tuple[int, dict[str, int], int]:
    """Fail-soft alpha-beta from ``root``: its value, the best move found at every position it
    expanded, and the nodes it visited. ``limit`` stops at that many plies (scored by
    ``TicTacToe.evaluate``); ``first`` names a move to try first at a position."""
    best: dict[str, int] = {}
    nodes = 0

    def search(board: str, plies: int, alpha: float, beta: float) -> int:
        nonlocal nodes
        nodes += 1
        if plies == limit or GAME.is_terminal(board):
            return GAME.evaluate(board, plies)
        moves = order(board)
        if first and board in first:
            moves.remove(first[board])
            moves.insert(0, first[board])
        return _try_moves(board, moves, plies, alpha, beta, best, search)

    return search(root, 0, -INF, INF), best, nodes


def _try_moves(board, moves, plies, alpha, beta, best, search) -> int:
    """The alpha-beta step every variant shares: ``moves`` in turn, fail-soft, until the
    window closes; the best move found is kept in ``best[board]``."""
    maximising = GAME.to_move(board) == 0
    value = -INF if maximising else INF
    for cell in moves:
        child = search(GAME.result(board, cell), plies + 1, alpha, beta)
        if maximising:
            if child > value:
                value, best[board] = child, cell
            alpha = max(alpha, value)
        else:
            if child < value:
                value, best[board] = child, cell
            beta = min(beta, value)
        if alpha >= beta:
            break
    return value


def alphabeta(board: str, order: Order = cell_order) -> Outcome:
    started = perf_counter()
    value, best, nodes = _alphabeta(board, order)
    return Outcome(value, best[board], nodes, perf_counter() - started)


def alphabeta_ordering(board: str) -> Outcome:
    return alphabeta(board, heuristic_order)


def alphabeta_id(board: str) -> Outcome:
    """Iterative deepening: limits 1, 2, … up to the moves left, each iteration trying first,
    at every position, the best move the one before found there. Nodes of every iteration
    count; the last iteration reaches the end of every game, so its value is exact."""
    started, total, previous = perf_counter(), 0, None
    for limit in range(1, board.count(".") + 1):
        value, previous, nodes = _alphabeta(board, cell_order, limit, previous)
        total += nodes
    return Outcome(value, previous[board], total, perf_counter() - started)


def alphabeta_tt(board: str) -> Outcome:
    """Alpha-beta with a transposition table: each position's fail-soft result and what it is
    (exact, a lower bound or an upper bound), judged against the window it was searched
    with. A bound answers a later visit only when it falls outside that visit's window, and
    otherwise narrows the window."""
    started, nodes = perf_counter(), 0
    table: dict[str, tuple[str, int]] = {}
    best: dict[str, int] = {}

    def search(board: str, plies: int, alpha: float, beta: float) -> int:
        nonlocal nodes
        nodes += 1
        if board in table:
            kind, stored = table[board]
            if kind == EXACT:
                return stored
            if kind == LOWER:
                if stored >= beta:
                    return stored
                alpha = max(alpha, stored)
            else:
                if stored <= alpha:
                    return stored
                beta = min(beta, stored)
        if GAME.is_terminal(board):
            return GAME.utility(board, plies)
        low, high = alpha, beta  # the window this visit searches with
        value = _try_moves(board, GAME.actions(board), plies, alpha, beta, best, search)
        table[board] = (UPPER if value <= low else LOWER if value >= high else EXACT, value)
        return value

    value = search(board, 0, -INF, INF)
    return Outcome(value, best[board], nodes, perf_counter() - started)


METHODS: dict[str, Callable[[str], Outcome]] = {
    "minimax": minimax,
    "alphabeta": alphabeta,
    "alphabeta+ordering": alphabeta_ordering,
    "alphabeta+id": alphabeta_id,
    "alphabeta+tt": alphabeta_tt,
}


@dataclass(frozen=True)
class Optimisations:
    """Every method of ``METHODS`` on every board of ``positions``: one row per pair."""

    positions: tuple[str, ...] = DEFAULT_POSITIONS

    columns: ClassVar[tuple[str, ...]] = (
        "position",
        "method",
        "value",
        "best_move",
        "nodes",
        "seconds",
    )

    def __post_init__(self) -> None:
        if isinstance(self.positions, str) or not 1 <= len(self.positions) <= MAX_POSITIONS:
            says = N_("positions: give 1 to {limit} boards")
            raise EngineError(Message(says, limit=MAX_POSITIONS), field="positions")
        boards = []
        for board in self.positions:
            try:
                boards.append(parse_board(board))
            except EngineError as err:
                says = Message(
                    N_("positions: {board}: {problem}"), board=repr(board), problem=err.message
                )
                raise EngineError(says, field="positions") from None
        object.__setattr__(self, "positions", tuple(boards))

    def total_rows(self) -> int:
        return len(self.positions) * len(METHODS)

    def rows(self) -> Iterator[dict[str, Any]]:
        for board in self.positions:
            for method, run in METHODS.items():
                outcome = run(board)
                yield {
                    "position": board,
                    "method": method,
                    "value": outcome.value,
                    "best_move": outcome.best_move,
                    "nodes": outcome.nodes,
                    "seconds": round(outcome.seconds, 6),
                }
