"""The game interface a search can expand lazily: positions, moves in a documented order, and
their scores. Pure Python, no Flask; a game's positions must be hashable (searches memoise
counts and values by position).

The ``plies`` a game is told are the moves made since the searched position: tic-tac-toe
scores a win by how soon it comes (``10 − d``), Pacman ignores them.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Protocol

from ..engine.tree import Number

State = Hashable
Action = Hashable


class Game(Protocol):
    """One game's rules. ``agents`` names the players in turn order (``players`` gives each
    one's kind: ``max``, ``min`` or ``chance``); ``to_move(state)`` is an index into both."""

    name: str
    agents: tuple[str, ...]
    players: tuple[str, ...]

    def to_move(self, state: State) -> int: ...

    def identity(self, state: State) -> Hashable:
        """What makes two positions one state when the distinct states a search generated
        are counted (``states_explored``; the CS188 autograder's count)."""

    def actions(self, state: State) -> Sequence[Action]:
        """Legal moves in the game's documented order (``given`` ordering tries them so)."""

    def result(self, state: State, action: Action) -> State: ...

    def is_terminal(self, state: State) -> bool: ...

    def utility(self, state: State, plies: int) -> Number:
        """The score of a finished game, for MAX."""

    def evaluate(self, state: State, plies: int) -> Number:
        """The score of an unfinished position where a depth limit stops the search."""

    def heuristic(self, state: State, action: Action) -> Number:
        """How promising ``action`` looks for the player to move (higher is tried first)."""

    def probability(self, state: State, action: Action) -> float | None:
        """The chance of ``action`` at a chance position (``None``: uniform)."""

    def action_name(self, state: State, action: Action) -> str:
        """The move as an edge reads it: ``4``, ``West``."""

    def move_label(self, state: State, action: Action) -> str:
        """The position reached by ``action``, named for people: ``O→5``, ``Ghost 1 West``."""

    def render(self, state: State) -> str:
        """The position as text, one line per row."""
