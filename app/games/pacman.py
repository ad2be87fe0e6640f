"""Pacman against two ghosts, with the rules of the Berkeley CS188 multi-agent project.

Agents move in turn: Pacman (MAX), then Ghost 1 and Ghost 2 (both MIN). Coordinates are
screen coordinates (``y`` grows downwards), so North is ``y − 1``.

- Pacman moves North, South, East or West into any open cell, or Stops (allowed, as in the
  course project); moves are listed in that order.
- A ghost moves North, South, East or West (in that order) but never Stops, and never
  reverses its last direction unless that is its only way out (a dead end). At the start a
  ghost has no last direction.
- Every Pacman move, Stop included, costs 1; each food eaten earns 10, and the last food
  earns 500 more and wins. A ghost and Pacman on the same cell, whoever moved there, lose
  500 and end the game; eating the last food wins even on a ghost's cell (the course checks
  the win first). Passing each other between cells is no collision, as in the course.
- There are no capsules (the built-in mazes have none), so ghosts are never scared.

A game's value is its score (the course's ``scoreEvaluationFunction``). The ``better``
evaluation scores an unfinished position as the score, minus the maze distance to the
nearest food (so that Pacman heads for food it cannot yet see within the depth limit),
minus ``GHOST_NEAR`` when a ghost is within one step.
"""

from __future__ import annotations

from typing import NamedTuple

from ..engine.errors import N_, EngineError, Message
from .mazes import STEPS, Cell, Maze, distances_from

DIRECTIONS = ("North", "South", "East", "West")
STOP = "Stop"
REVERSE = {"North": "South", "South": "North", "East": "West", "West": "East"}
ARROWS = {"North": "↑", "South": "↓", "East": "→", "West": "←", STOP: "■"}
EVALUATIONS = ("score", "better")
PLAYING, WIN, LOSS = "playing", "win", "loss"
STEP_COST, FOOD, LAST_FOOD, CAUGHT = 1, 10, 500, 500
GHOST_NEAR = 100


class PacmanState(NamedTuple):
    """A position: immutable and hashable (searches memoise by position). ``directions``
    holds each ghost's last move (``None`` before its first); ``mover`` is the agent index."""

    pacman: Cell
    ghosts: tuple[Cell, ...]
    directions: tuple[str | None, ...]
    food: frozenset[Cell]
    score: int
    mover: int
    status: str


class Pacman:
    """The rules on one maze (see ``Game`` in game.py); a position is a ``PacmanState``."""

    name = "pacman"
    agents = ("Pacman", "Ghost 1", "Ghost 2")
    players = ("max", "min", "min")

    def __init__(self, maze: Maze, evaluation: str = "score"):
        if evaluation not in EVALUATIONS:
            raise EngineError(
                Message(
                    N_("evaluation {name} is not one of {names}"),
                    name=repr(evaluation),
                    names=", ".join(EVALUATIONS),
                ),
                field="evaluation",
            )
        self.maze, self.evaluation = maze, evaluation
        self._exits = {cell: self._open_steps(cell) for cell in distances_from(maze, maze.pacman)}
        self._distances = {cell: distances_from(maze, cell) for cell in self._exits}

    def _open_steps(self, cell: Cell) -> dict[str, Cell]:
        """The cells one move away, by direction, in the order of ``DIRECTIONS``."""
        x, y = cell
        steps = {name: (x + dx, y + dy) for name, (dx, dy) in zip(DIRECTIONS, STEPS, strict=True)}
        return {name: step for name, step in steps.items() if self.maze.is_open(step)}

    def initial(self) -> PacmanState:
        maze = self.maze
        ghosts = len(maze.ghosts)
        return PacmanState(maze.pacman, maze.ghosts, (None,) * ghosts, maze.food, 0, 0, PLAYING)

    def identity(self, state: PacmanState) -> tuple:
        """Everything but whose turn it is and the game's status."""
        return state[:5]

    def to_move(self, state: PacmanState) -> int:
        return state.mover

    def actions(self, state: PacmanState) -> list[str]:
        if state.status != PLAYING:
            return []
        if state.mover == 0:
            return [*self._exits[state.pacman], STOP]
        ghost = state.mover - 1
        exits = list(self._exits[state.ghosts[ghost]])
        last = state.directions[ghost]
        if last is not None and len(exits) > 1 and REVERSE[last] in exits:
            exits.remove(REVERSE[last])
        return exits

    def result(self, state: PacmanState, action: str) -> PacmanState:
        if state.mover == 0:
            return self._pacman_moves(state, action)
        return self._ghost_moves(state, action)

    def _pacman_moves(self, state: PacmanState, action: str) -> PacmanState:
        cell = state.pacman if action == STOP else self._exits[state.pacman][action]
        food, score, status = state.food, state.score - STEP_COST, PLAYING
        if cell in food:
            food, score = food - {cell}, score + FOOD
            if not food:
                score, status = score + LAST_FOOD, WIN
        if status == PLAYING and cell in state.ghosts:
            score, status = score - CAUGHT, LOSS
        return state._replace(pacman=cell, food=food, score=score, mover=1, status=status)

    def _ghost_moves(self, state: PacmanState, action: str) -> PacmanState:
        ghost = state.mover - 1
        cell = self._exits[state.ghosts[ghost]][action]
        ghosts = (*state.ghosts[:ghost], cell, *state.ghosts[ghost + 1 :])
        directions = (*state.directions[:ghost], action, *state.directions[ghost + 1 :])
        score, status = state.score, state.status
        if cell == state.pacman:
            score, status = score - CAUGHT, LOSS
        mover = (state.mover + 1) % len(self.agents)
        return state._replace(
            ghosts=ghosts, directions=directions, score=score, mover=mover, status=status
        )

    def is_terminal(self, state: PacmanState) -> bool:
        return state.status != PLAYING

    def utility(self, state: PacmanState, plies: int) -> int:
        return state.score

    def evaluate(self, state: PacmanState, plies: int) -> int:
        if self.evaluation == "score" or state.status != PLAYING:
            return state.score
        distances = self._distances[state.pacman]
        near = any(distances[ghost] <= 1 for ghost in state.ghosts)
        return state.score - self._nearest_food(state.pacman, state.food) - GHOST_NEAR * near

    def _nearest_food(self, cell: Cell, food: frozenset[Cell]) -> int:
        distances = self._distances[cell]
        return min(distances[f] for f in food) if food else 0

    def heuristic(self, state: PacmanState, action: str) -> int:
        """Pacman: nearer the nearest food (0 when the move eats it). A ghost: nearer Pacman."""
        if state.mover == 0:
            cell = state.pacman if action == STOP else self._exits[state.pacman][action]
            return -self._nearest_food(cell, state.food)
        cell = self._exits[state.ghosts[state.mover - 1]][action]
        return -self._distances[cell][state.pacman]

    def probability(self, state: PacmanState, action: str) -> None:
        return None

    def action_name(self, state: PacmanState, action: str) -> str:
        return action

    def move_label(self, state: PacmanState, action: str) -> str:
        """Short, for the tree view: ``P↑``, ``P■`` (Stop), ``G1←``."""
        mover = state.mover
        return ("P" if mover == 0 else f"G{mover}") + ARROWS[action]

    def render(self, state: PacmanState) -> str:
        """The maze as text; a ghost that caught Pacman is drawn over him."""
        grid = [list(row) for row in self.maze.rows()]
        for x, y in self.maze.food - state.food:
            grid[y][x] = " "
        x, y = state.pacman
        grid[y][x] = "P"
        for x, y in state.ghosts:
            grid[y][x] = "G"
        return "\n".join("".join(row) for row in grid)
