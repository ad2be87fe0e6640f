"""Pacman by the CS188 rules (``rules=cs188``): the course's engine, count for count.

Every rule is in docs/games.md ("Pacman by the CS188 rules"); in short:

- Agent 0 is Pacman (MAX); ghosts are agents 1…n (MIN), numbered by start cell as the course
  numbers them. Positions are the course's ``(x, y)``, ``y`` from the bottom (layouts.py).
- Pacman's actions: West, Stop, East, North, South, less walls. A ghost's: West, East, North,
  South, less walls, less the reverse of its last move unless nothing else is left; between
  cells (a scared ghost moves half a cell) it can only go on.
- A Pacman move costs 1; food +10, the last food +500 more and a win; a capsule scares every
  ghost for 40 of its own moves. A scared ghost moves 0.5 a move and is put on the nearest
  cell when its timer reaches 1.
- Collisions (Manhattan distance ≤ 0.7) after Pacman's move (every ghost) and after a ghost's
  (that ghost): a scared ghost is eaten (+200, back to its start, unscared, no direction); a
  normal one costs 500 **each** and loses the game, unless the move won it.

A position's value is its score. Two positions are the *same state* for the autograder's
count (``identity``) when everything but whose turn it is and the game's status is equal.
"""

from __future__ import annotations

from typing import NamedTuple

from .layouts import Layout

PACMAN_ACTIONS = ("West", "Stop", "East", "North", "South")
GHOST_ACTIONS = ("West", "East", "North", "South")
STOP = "Stop"
VECTORS = {"West": (-1, 0), "Stop": (0, 0), "East": (1, 0), "North": (0, 1), "South": (0, -1)}
REVERSE = {"North": "South", "South": "North", "East": "West", "West": "East", STOP: STOP}
ARROWS = {"North": "↑", "South": "↓", "East": "→", "West": "←", STOP: "■"}
PLAYING, WIN, LOSS = "playing", "win", "loss"
STEP_COST, FOOD, LAST_FOOD, CAUGHT, EAT_GHOST = 1, 10, 500, 500, 200
SCARED_TIME, COLLISION, ON_CELL = 40, 0.7, 0.001

Position = tuple[float, float]


class CourseState(NamedTuple):
    """A position, immutable and hashable. Directions are ``Stop`` before a first move;
    ``scared`` holds each ghost's timer (0: not scared)."""

    pacman: Position
    pacman_direction: str
    ghosts: tuple[Position, ...]
    ghost_directions: tuple[str, ...]
    scared: tuple[int, ...]
    food: frozenset[tuple[int, int]]
    capsules: frozenset[tuple[int, int]]
    score: int
    mover: int
    status: str


def nearest_cell(position: Position) -> tuple[int, int]:
    """The course's ``nearestPoint``: halves round up (in its bottom-up coordinates)."""
    return int(position[0] + 0.5), int(position[1] + 0.5)


def manhattan(a: Position, b: Position) -> float:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def on_a_cell(position: Position) -> bool:
    x, y = nearest_cell(position)
    return abs(position[0] - x) + abs(position[1] - y) <= ON_CELL


class CoursePacman:
    """The rules on one layout (see ``Game`` in game.py). ``stop=False`` takes Stop from
    Pacman's actions: the autograder's second count is of that search."""

    name = "pacman"

    def __init__(self, layout: Layout, stop: bool = True):
        self.layout, self.stop = layout, stop
        ghosts = len(layout.ghosts)
        self.agents = ("Pacman", *(f"Ghost {i}" for i in range(1, ghosts + 1)))
        self.players = ("max", *("min",) * ghosts)

    def initial(self) -> CourseState:
        layout, ghosts = self.layout, len(self.layout.ghosts)
        return CourseState(
            layout.pacman, STOP, layout.ghosts, (STOP,) * ghosts, (0,) * ghosts,
            layout.food, layout.capsules, 0, 0, PLAYING,
        )  # fmt: skip

    def identity(self, state: CourseState) -> tuple:
        return state[:8]

    def to_move(self, state: CourseState) -> int:
        return state.mover

    def _open(self, position: Position, action: str) -> bool:
        x, y = nearest_cell(position)
        dx, dy = VECTORS[action]
        return not self.layout.is_wall((x + dx, y + dy))

    def actions(self, state: CourseState) -> list[str]:
        if state.status != PLAYING:
            return []
        if state.mover == 0:
            pacman, stop = state.pacman, self.stop
            return [a for a in PACMAN_ACTIONS if (stop if a == STOP else self._open(pacman, a))]
        ghost = state.mover - 1
        position, last = state.ghosts[ghost], state.ghost_directions[ghost]
        if not on_a_cell(position):
            return [last]
        possible = [a for a in GHOST_ACTIONS if self._open(position, a)]
        if REVERSE[last] in possible and len(possible) > 1:
            possible.remove(REVERSE[last])
        return possible

    def result(self, state: CourseState, action: str) -> CourseState:
        if state.mover == 0:
            return self._pacman_moves(state, action)
        return self._ghost_moves(state, action)

    def _pacman_moves(self, state: CourseState, action: str) -> CourseState:
        (x, y), (dx, dy) = state.pacman, VECTORS[action]
        cell = (x + dx, y + dy)
        food, capsules, scared = state.food, state.capsules, state.scared
        change, status = -STEP_COST, PLAYING
        if cell in food:
            food, change = food - {cell}, change + FOOD
            if not food:
                change, status = change + LAST_FOOD, WIN
        if cell in capsules:
            capsules, scared = capsules - {cell}, (SCARED_TIME,) * len(scared)
        moved = state._replace(
            pacman=cell,
            pacman_direction=state.pacman_direction if action == STOP else action,
            food=food,
            capsules=capsules,
            scared=scared,
            mover=1,
            status=status,
        )
        for ghost in range(len(state.ghosts)):
            moved, change = self._collide(moved, ghost, change)
        return moved._replace(score=state.score + change)

    def _ghost_moves(self, state: CourseState, action: str) -> CourseState:
        ghost = state.mover - 1
        timer = state.scared[ghost]
        speed = 0.5 if timer > 0 else 1
        (x, y), (dx, dy) = state.ghosts[ghost], VECTORS[action]
        position: Position = (x + dx * speed, y + dy * speed)
        if timer == 1:
            position = nearest_cell(position)
        moved = state._replace(
            ghosts=_put(state.ghosts, ghost, position),
            ghost_directions=_put(state.ghost_directions, ghost, action),
            scared=_put(state.scared, ghost, max(0, timer - 1)),
            mover=(state.mover + 1) % len(self.agents),
        )
        moved, change = self._collide(moved, ghost, 0)
        return moved._replace(score=state.score + change) if change else moved

    def _collide(self, state: CourseState, ghost: int, change: int) -> tuple[CourseState, int]:
        """The course's ``checkDeath`` for one ghost: the state and the score change so far."""
        if manhattan(state.pacman, state.ghosts[ghost]) > COLLISION:
            return state, change
        if state.scared[ghost] > 0:
            eaten = state._replace(
                ghosts=_put(state.ghosts, ghost, self.layout.ghosts[ghost]),
                ghost_directions=_put(state.ghost_directions, ghost, STOP),
                scared=_put(state.scared, ghost, 0),
            )
            return eaten, change + EAT_GHOST
        if state.status == WIN:
            return state, change
        return state._replace(status=LOSS), change - CAUGHT

    def is_terminal(self, state: CourseState) -> bool:
        return state.status != PLAYING

    def utility(self, state: CourseState, plies: int) -> int:
        return state.score

    def evaluate(self, state: CourseState, plies: int) -> int:
        return state.score

    def heuristic(self, state: CourseState, action: str) -> float:
        """Pacman: nearer the nearest food. A ghost: nearer Pacman (for ``heuristic`` order)."""
        (x, y), (dx, dy) = state.pacman, VECTORS[action]
        if state.mover == 0:
            cell = (x + dx, y + dy)
            return -min((manhattan(cell, f) for f in state.food), default=0)
        gx, gy = state.ghosts[state.mover - 1]
        return -manhattan((gx + dx, gy + dy), state.pacman)

    def probability(self, state: CourseState, action: str) -> None:
        return None

    def action_name(self, state: CourseState, action: str) -> str:
        return action

    def move_label(self, state: CourseState, action: str) -> str:
        """Short, for the tree view: ``P←``, ``P■`` (Stop), ``G1→``."""
        mover = state.mover
        return ("P" if mover == 0 else f"G{mover}") + ARROWS[action]

    def render(self, state: CourseState) -> str:
        """The board as text, top row first: ``G`` a ghost, ``g`` a scared one."""
        layout = self.layout
        grid = [list(row) for row in layout.to_data()["rows"]]
        top = layout.height - 1
        for x, y in layout.food - state.food:
            grid[top - y][x] = " "
        for x, y in layout.capsules - state.capsules:
            grid[top - y][x] = " "
        x, y = state.pacman
        grid[top - y][x] = "P"
        for position, timer in zip(state.ghosts, state.scared, strict=True):
            x, y = nearest_cell(position)
            grid[top - y][x] = "g" if timer else "G"
        return "\n".join("".join(row) for row in grid)


def _put(values: tuple, index: int, value) -> tuple:
    return (*values[:index], value, *values[index + 1 :])
