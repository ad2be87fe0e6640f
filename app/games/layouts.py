"""Pacman layouts as the CS188 project draws them: parsing, checking, and the built-in ones.

A layout is rows of ``%`` (wall), ``.`` (food), ``o`` (capsule), ``P`` (Pacman's start),
``G`` (a ghost's start; 1 to 4) and spaces, at most 30 × 30. As the course reads a ``.lay``
file, every line is stripped and the first row sets the width; a longer row may only go on
with walls (capsuleClassic has one stray ``%``).

Positions inside a ``Layout`` are the course's: ``(x, y)`` with ``y`` counted from the
**bottom** row, so that the rules (rounding of half cells included) are the course's to the
letter; ``to_data`` gives Prune's screen coordinates (``y`` from the top). Ghosts are numbered
as the course numbers them: by start cell sorted on ``(x, y)``.

Built in: the course's layouts in ``cs188_layouts/`` (UC Berkeley's Pacman AI projects,
ai.berkeley.edu; see the README there) and Prune's three mazes from mazes.py.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from pathlib import Path

from ..engine.errors import N_, EngineError, Message
from .mazes import LAYOUTS as PRUNE_MAZES

Cell = tuple[int, int]
LAYOUT_CHARACTERS = "%.oPG "
MAX_SIDE, MAX_GHOSTS = 30, 4
CUSTOM = "custom"
COURSE_FOLDER = Path(__file__).with_name("cs188_layouts")
COURSE_LAYOUTS = (
    ("smallClassic", "the autograder's"),
    ("trappedClassic", "Pacman trapped between two ghosts"),
    ("minimaxClassic", "three ghosts, a small board"),
    ("testClassic", "one ghost"),
    ("mediumClassic", "two ghosts, four capsules"),
    ("openClassic", "one ghost, open ground"),
    ("capsuleClassic", "three ghosts, three capsules"),
    ("trickyClassic", "four ghosts"),
    ("originalClassic", "the arcade board, four ghosts"),
)
NEIGHBOURS = ((-1, 0), (1, 0), (0, 1), (0, -1))


@dataclass(frozen=True)
class Layout:
    """A checked layout; cells in the course's coordinates (``y`` from the bottom)."""

    name: str
    title: str
    width: int
    height: int
    walls: frozenset[Cell]
    food: frozenset[Cell]
    capsules: frozenset[Cell]
    pacman: Cell
    ghosts: tuple[Cell, ...]
    text: str

    def is_wall(self, cell: Cell) -> bool:
        return cell in self.walls

    def screen(self, x: float, y: float) -> list[float]:
        """A position in Prune's screen coordinates, whole numbers kept whole."""
        return [_plain(x), _plain(self.height - 1 - y)]

    def to_data(self) -> dict:
        rows = [
            "".join(self._character((x, self.height - 1 - row)) for x in range(self.width))
            for row in range(self.height)
        ]
        return {
            "name": self.name,
            "title": self.title,
            "width": self.width,
            "height": self.height,
            "rows": rows,
            "pacman": self.screen(*self.pacman),
            "ghosts": [self.screen(*ghost) for ghost in self.ghosts],
            "capsules": [self.screen(*cell) for cell in sorted(self.capsules)],
        }

    def _character(self, cell: Cell) -> str:
        if cell in self.walls:
            return "%"
        if cell in self.capsules:
            return "o"
        return "." if cell in self.food else " "


def _plain(number: float) -> float:
    return int(number) if number == int(number) else number


def parse_layout(text: str, name: str = CUSTOM, title: str = "Your layout") -> Layout:
    """A ``Layout`` from its drawing; an ``EngineError`` names the row and column at fault
    (rows and columns counted from 1, from the top left, as the text is read)."""
    if not isinstance(text, str):
        raise EngineError(Message(N_("the layout must be text")), field="layout")
    lines = [line.strip() for line in text.replace("\r", "").split("\n")]
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    if not lines:
        raise EngineError(Message(N_("the layout is empty")), field="layout")
    width, height = len(lines[0]), len(lines)
    if width > MAX_SIDE or height > MAX_SIDE:
        raise EngineError(
            Message(
                N_("the layout is {width} × {height}; at most {limit} × {limit}"),
                width=width,
                height=height,
                limit=MAX_SIDE,
            ),
            field="layout",
        )
    cells: dict[Cell, str] = {}
    for row, line in enumerate(lines):
        if len(line) < width:
            says = N_("the row ends after {count} characters; the first row has {width}")
            _fail(row, len(line), Message(says, count=len(line), width=width))
        for column, character in enumerate(line):
            if character not in LAYOUT_CHARACTERS:
                says = N_("{mark} is not one of % . o P G or a space")
                _fail(row, column, Message(says, mark=repr(character)))
            if column >= width and character != "%":
                says = N_("the row goes on past the first row's {width} characters")
                _fail(row, column, Message(says, width=width))
            if column < width:
                cells[(column, height - 1 - row)] = character
    return _checked(name, title, width, height, cells, "\n".join(lines))


def _fail(row: int, column: int, problem: Message) -> None:
    raise EngineError(
        Message(
            N_("layout row {row}, column {column}: {problem}"),
            row=row + 1,
            column=column + 1,
            problem=problem,
        ),
        field="layout",
    )


def _fail_at(height: int, cell: Cell, problem: Message) -> None:
    _fail(height - 1 - cell[1], cell[0], problem)


def _checked(name, title, width, height, cells: dict[Cell, str], text: str) -> Layout:
    """One Pacman, 1 to 4 ghosts, walls all round, food, and all of it within reach."""
    pacmen = sorted(cell for cell, c in cells.items() if c == "P")
    ghosts = sorted(cell for cell, c in cells.items() if c == "G")
    if not pacmen:
        raise EngineError(Message(N_("the layout has no P (Pacman's start)")), field="layout")
    if len(pacmen) > 1:
        _fail_at(height, pacmen[1], Message(N_("a second P: the layout has one Pacman")))
    if not ghosts:
        raise EngineError(
            Message(
                N_("the layout has no G (a ghost's start): give 1 to {limit}"), limit=MAX_GHOSTS
            ),
            field="layout",
        )
    if len(ghosts) > MAX_GHOSTS:
        _fail_at(
            height,
            ghosts[MAX_GHOSTS],
            Message(N_("a G too many: at most {limit} ghosts"), limit=MAX_GHOSTS),
        )
    walls = frozenset(cell for cell, c in cells.items() if c == "%")
    for cell in sorted(cells, key=lambda c: (height - 1 - c[1], c[0])):
        x, y = cell
        if (x in (0, width - 1) or y in (0, height - 1)) and cell not in walls:
            _fail_at(height, cell, Message(N_("the border must be all wall (%)")))
    food = frozenset(cell for cell, c in cells.items() if c == ".")
    if not food:
        raise EngineError(Message(N_("the layout has no food (.) to eat")), field="layout")
    reachable = _reachable(walls, pacmen[0])
    for cell in sorted(food | set(ghosts), key=lambda c: (height - 1 - c[1], c[0])):
        if cell not in reachable:
            _fail_at(height, cell, Message(N_("Pacman cannot reach this cell")))
    return Layout(
        name=name,
        title=title,
        width=width,
        height=height,
        walls=walls,
        food=food,
        capsules=frozenset(cell for cell, c in cells.items() if c == "o"),
        pacman=pacmen[0],
        ghosts=tuple(ghosts),
        text=text,
    )


def _reachable(walls: frozenset[Cell], start: Cell) -> set[Cell]:
    found, queue = {start}, deque([start])
    while queue:
        x, y = queue.popleft()
        for dx, dy in NEIGHBOURS:
            step = (x + dx, y + dy)
            if step not in found and step not in walls:
                found.add(step)
                queue.append(step)
    return found


def load_layout(given: str) -> Layout:
    """A built-in layout by name, or a layout's text (anything with more than one line)."""
    if not isinstance(given, str):
        raise EngineError(
            Message(N_("the layout must be a name or the layout's text")), field="layout"
        )
    if given in LAYOUTS:
        return LAYOUTS[given]
    if "\n" in given.strip() or not given.strip():
        return parse_layout(given)
    raise EngineError(
        Message(
            N_("layout {name} is not one of {names} (or give a layout's text)"),
            name=repr(given),
            names=", ".join(LAYOUTS),
        ),
        field="layout",
    )


def _built_in() -> dict[str, Layout]:
    layouts = {}
    for name, about in COURSE_LAYOUTS:
        text = (COURSE_FOLDER / f"{name}.lay").read_text()
        layouts[name] = parse_layout(text, name, f"{name}: {about} (CS188)")
    for name, title, text in PRUNE_MAZES:
        layouts[name] = parse_layout(text, name, title)
    return layouts


LAYOUTS: dict[str, Layout] = _built_in()
