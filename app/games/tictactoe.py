"""Tic-tac-toe: X is MAX and moves first, O is MIN.

A position is the board as 9 characters, row-major, of ``X``, ``O`` and ``.`` (cell 0 is the
top left, cell 8 the bottom right); the side to move follows from the counts. Moves are the
empty cells in cell order. A finished game scores ``10 − d`` for an X win, ``d − 10`` for an
O win and 0 for a draw, ``d`` being the moves made since the searched position, so the
search prefers the quickest win and the slowest loss.
"""

from __future__ import annotations

from ..engine.errors import N_, EngineError, Message

EMPTY_BOARD = "." * 9
LINES = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),  # rows
    (0, 3, 6), (1, 4, 7), (2, 5, 8),  # columns
    (0, 4, 8), (2, 4, 6),  # diagonals
)  # fmt: skip
CENTRE, CORNERS = 4, (0, 2, 6, 8)
WIN = 10


def winner(board: str) -> str | None:
    """``X`` or ``O`` if that side has three in a row, else ``None``."""
    for a, b, c in LINES:
        if board[a] != "." and board[a] == board[b] == board[c]:
            return board[a]
    return None


GAME_OVER = {
    "x-wins": N_("the game is over (X has won): there is no move to search"),
    "o-wins": N_("the game is over (O has won): there is no move to search"),
    "draw": N_("the game is over (a draw): there is no move to search"),
}


def status(board: str) -> str:
    """``x-wins``, ``o-wins``, ``draw`` or ``playing`` (the page's ``data-game-status``)."""
    won = winner(board)
    if won:
        return f"{won.lower()}-wins"
    return "draw" if "." not in board else "playing"


def parse_board(text: str, *, playable: bool = True) -> str:
    """A board from 9 characters of X, O and ``.``; an ``EngineError`` names what is wrong.

    ``playable`` also refuses a finished game (there is no move to search for)."""
    if not isinstance(text, str):
        raise EngineError(Message(N_("the board must be a string of 9 characters")), field="board")
    board = text.strip().upper()
    if len(board) != 9:
        raise EngineError(
            Message(N_("the board has {count} characters, not 9"), count=len(board)), field="board"
        )
    wrong = sorted({c for c in board if c not in "XO."})
    if wrong:
        raise EngineError(
            Message(N_("the board holds {mark}: cells are X, O or . (empty)"), mark=repr(wrong[0])),
            field="board",
        )
    xs, os_ = board.count("X"), board.count("O")
    if not 0 <= xs - os_ <= 1:
        raise EngineError(
            Message(
                N_(
                    "the board has {xs} X and {os} O: X moves first, so X has as many marks as O "
                    "or one more"
                ),
                xs=xs,
                os=os_,
            ),
            field="board",
        )
    x_won, o_won = _has_line(board, "X"), _has_line(board, "O")
    if (x_won and xs == os_) or (o_won and xs > os_) or (x_won and o_won):
        raise EngineError(
            Message(N_("the board cannot happen: play stops at the first line")), field="board"
        )
    if playable and status(board) != "playing":
        raise EngineError(Message(GAME_OVER[status(board)]))
    return board


def _has_line(board: str, mark: str) -> bool:
    return any(board[a] == board[b] == board[c] == mark for a, b, c in LINES)


class TicTacToe:
    """The rules (see ``Game`` in game.py); a position is a board string."""

    name = "tictactoe"
    agents = ("X", "O")
    players = ("max", "min")

    def initial(self) -> str:
        return EMPTY_BOARD

    def identity(self, board: str) -> str:
        return board

    def to_move(self, board: str) -> int:
        return 0 if board.count("X") == board.count("O") else 1

    def actions(self, board: str) -> list[int]:
        if winner(board):
            return []
        return [cell for cell in range(9) if board[cell] == "."]

    def result(self, board: str, cell: int) -> str:
        mark = self.agents[self.to_move(board)]
        return board[:cell] + mark + board[cell + 1 :]

    def is_terminal(self, board: str) -> bool:
        return winner(board) is not None or "." not in board

    def utility(self, board: str, plies: int) -> int:
        won = winner(board)
        if won == "X":
            return WIN - plies
        if won == "O":
            return plies - WIN
        return 0

    def evaluate(self, board: str, plies: int) -> int:
        """At a depth limit: lines still open to X minus lines still open to O."""
        if self.is_terminal(board):
            return self.utility(board, plies)
        open_to = {
            mark: sum(1 for line in LINES if all(board[c] in (mark, ".") for c in line))
            for mark in "XO"
        }
        return open_to["X"] - open_to["O"]

    def heuristic(self, board: str, cell: int) -> int:
        """Centre first, then corners, then edges."""
        return 2 if cell == CENTRE else 1 if cell in CORNERS else 0

    def probability(self, board: str, cell: int) -> None:
        return None

    def action_name(self, board: str, cell: int) -> str:
        return str(cell)

    def move_label(self, board: str, cell: int) -> str:
        """The move for people: squares are numbered 1 to 9 row by row, as the page numbers
        them ("X→5" is the centre); the action stays the cell's index 0 to 8."""
        return f"{self.agents[self.to_move(board)]}→{cell + 1}"

    def render(self, board: str) -> str:
        return "\n".join(board[row : row + 3] for row in (0, 3, 6))
