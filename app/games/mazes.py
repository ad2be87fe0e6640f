"""Pacman's built-in mazes, kept as text so a maze reads as it is drawn.

A layout is rows of ``%`` (wall), ``.`` (food), ``P`` (Pacman's start), ``G`` (a ghost's
start, two per maze, numbered in reading order) and spaces. Coordinates are screen
coordinates: ``x`` is the column from the left, ``y`` the row from the top. The built-in
mazes have no capsules, so ghosts are never scared.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from ..engine.errors import N_, EngineError, Message

Cell = tuple[int, int]
STEPS: tuple[Cell, ...] = ((0, -1), (0, 1), (1, 0), (-1, 0))  # North, South, East, West
LAYOUT_CHARACTERS = "%. PG"
GHOST_COUNT = 2


@dataclass(frozen=True)
class Maze:
    """A maze and where its agents start; positions are ``(x, y)`` cells."""

    name: str
    title: str
    width: int
    height: int
    walls: frozenset[Cell]
    food: frozenset[Cell]
    pacman: Cell
    ghosts: tuple[Cell, ...]

    def is_open(self, cell: Cell) -> bool:
        return cell not in self.walls

    def rows(self) -> list[str]:
        """Walls and food only (the agents' starts are drawn by whoever draws the agents)."""
        return [
            "".join(self._character((x, y)) for x in range(self.width)) for y in range(self.height)
        ]

    def _character(self, cell: Cell) -> str:
        if cell in self.walls:
            return "%"
        return "." if cell in self.food else " "

    def to_data(self) -> dict:
        return {
            "name": self.name,
            "title": self.title,
            "width": self.width,
            "height": self.height,
            "rows": self.rows(),
            "pacman": list(self.pacman),
            "ghosts": [list(ghost) for ghost in self.ghosts],
        }


def distances_from(maze: Maze, start: Cell) -> dict[Cell, int]:
    """Steps from ``start`` to every cell it can reach (breadth-first search)."""
    found = {start: 0}
    queue = deque([start])
    while queue:
        x, y = cell = queue.popleft()
        for dx, dy in STEPS:
            step = (x + dx, y + dy)
            if step not in found and maze.is_open(step):
                found[step] = found[cell] + 1
                queue.append(step)
    return found


def parse_maze(name: str, title: str, layout: str) -> Maze:
    """A ``Maze`` from its drawing; refuses one a game could not be played on."""
    rows = layout.strip("\n").split("\n")
    width, height = len(rows[0]), len(rows)
    cells = {(x, y): c for y, row in enumerate(rows) for x, c in enumerate(row)}
    if any(len(row) != width for row in rows):
        raise EngineError(
            Message(N_("maze {name}: rows differ in length"), name=repr(name)), field="maze"
        )
    if set(cells.values()) - set(LAYOUT_CHARACTERS):
        raise EngineError(
            Message(
                N_("maze {name}: cells are one of {cells}"),
                name=repr(name),
                cells=repr(LAYOUT_CHARACTERS),
            ),
            field="maze",
        )
    pacmen = [cell for cell, c in cells.items() if c == "P"]
    ghosts = sorted((cell for cell, c in cells.items() if c == "G"), key=_reading_order)
    if len(pacmen) != 1 or len(ghosts) != GHOST_COUNT:
        raise EngineError(
            Message(
                N_("maze {name}: needs one P and {count} G"), name=repr(name), count=GHOST_COUNT
            ),
            field="maze",
        )
    maze = Maze(
        name=name,
        title=title,
        width=width,
        height=height,
        walls=frozenset(cell for cell, c in cells.items() if c == "%"),
        food=frozenset(cell for cell, c in cells.items() if c == "."),
        pacman=pacmen[0],
        ghosts=tuple(ghosts),
    )
    _check_playable(maze)
    return maze


def _reading_order(cell: Cell) -> tuple[int, int]:
    return cell[1], cell[0]


def _check_playable(maze: Maze) -> None:
    """Walled all round (no step leaves the grid), with food, all of it and both ghosts
    within Pacman's reach."""
    border = {(x, y) for x in range(maze.width) for y in (0, maze.height - 1)}
    border |= {(x, y) for y in range(maze.height) for x in (0, maze.width - 1)}
    if not border <= maze.walls:
        raise EngineError(
            Message(N_("maze {name}: the border must be all wall"), name=repr(maze.name)),
            field="maze",
        )
    reachable = distances_from(maze, maze.pacman)
    if not maze.food:
        raise EngineError(
            Message(N_("maze {name}: there is no food to eat"), name=repr(maze.name)),
            field="maze",
        )
    if not (maze.food | set(maze.ghosts)) <= reachable.keys():
        raise EngineError(
            Message(N_("maze {name}: Pacman cannot reach it all"), name=repr(maze.name)),
            field="maze",
        )


LAYOUTS = (
    (
        "small",
        "Small: 5 × 5, one room with a corner walled off",
        """
%%%%%
%P.G%
%..%%
%..G%
%%%%%
""",
    ),
    (
        "corridor",
        "Corridor: 7 × 7, two loops of corridor",
        """
%%%%%%%
%P...%%
%.%%.%%
%.....%
%%.%%.%
%%G..G%
%%%%%%%
""",
    ),
    (
        "open",
        "Open: 9 × 7, three long rows joined by crossings",
        """
%%%%%%%%%
%P......%
%.%%.%%.%
%.......%
%.%%.%%.%
%G.....G%
%%%%%%%%%
""",
    ),
)

MAZES: dict[str, Maze] = {name: parse_maze(name, title, layout) for name, title, layout in LAYOUTS}
