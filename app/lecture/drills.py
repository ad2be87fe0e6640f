"""Lecture drills: the presenter starts a drill for the room (a level and a seed: every
student's browser generates the same trees from them, static/js/drill/trees.js); each
student's page reports how many trees it got right; the presenter sees, anonymously, how many
students are in each bucket of trees right.

A room has at most one drill; starting another replaces it and its results; ending the
lecture forgets it. Results are kept under the tab's random student token (as answers are),
only as two counts, and capped in number per drill.

Three stores share one interface (``Drills``), as rooms and questions do: ``SqliteDrills``
(sqlite_drills.py, the default), ``RedisDrills`` (redis_drills.py) when instances share rooms
through Redis (a student may report on another instance than the presenter's), and
``RoomDrills`` in this process. The contract is in
docs/protocol.md, "Lecture drills".
"""

from __future__ import annotations

import secrets
import threading
from collections import Counter, OrderedDict
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..engine.errors import N_, Message
from .rooms import RoomError

# The drill's levels: static/js/drill/trees.js's LEVELS (tests/lecture check they agree).
DRILL_LEVELS = (
    "binary",
    "two-ply",
    "three-ply",
    "ties",
    "strict",
    "ghosts",
    "chance",
    "pvs",
    "star1",
)
MAX_SEED = 2**32 - 1
MAX_TREES = 10_000  # trees one student may report in a drill
MAX_STUDENTS = 5_000  # results kept per drill
MAX_ROOMS = 2_000  # drills kept per instance (least recently started out)
NOT_OPEN = N_("that drill is not open (the presenter may have started another)")
FULL = N_("this drill has as many students as it can count")


@dataclass
class Drill:
    id: str
    level: str
    seed: int
    results: dict[str, tuple[int, int]] = field(default_factory=dict)  # student → (right, done)

    def public(self) -> dict[str, Any]:
        return {"id": self.id, "level": self.level, "seed": self.seed}

    def tally(self) -> dict[str, Any]:
        """Anonymous counts: students, trees done in all, and students by trees right."""
        buckets = Counter(right for right, _ in self.results.values())
        return {
            "drill": self.public(),
            "students": len(self.results),
            "trees": sum(done for _, done in self.results.values()),
            "buckets": [[right, count] for right, count in sorted(buckets.items())],
        }


class Drills(Protocol):
    def start(self, code: str, level: str, seed: int) -> Drill: ...
    def get(self, code: str) -> Drill | None: ...
    def report(self, code: str, drill_id: Any, student: str, right: int, done: int) -> None: ...
    def tally(self, code: str) -> dict[str, Any] | None: ...
    def forget(self, code: str) -> None: ...


def read_start(message: Any) -> tuple[str, int]:
    """The level and seed of a ``lecture:drill`` message, or a ``RoomError`` naming them."""
    level, seed = message.get("level"), message.get("seed")
    if level not in DRILL_LEVELS:
        raise RoomError(Message(N_("level must be one of {names}"), names=", ".join(DRILL_LEVELS)))
    if not _whole(seed) or not 0 <= seed <= MAX_SEED:
        raise RoomError(
            Message(N_("seed must be a whole number from 0 to {limit}"), limit=MAX_SEED)
        )
    return level, seed


def read_result(message: Any) -> tuple[int, int]:
    """The (right, done) of a ``lecture:drill-result`` message."""
    right, done = message.get("right"), message.get("done")
    if not (_whole(right) and _whole(done) and 0 <= right <= done <= MAX_TREES):
        raise RoomError(
            Message(
                N_("right and done must be whole numbers, 0 ≤ right ≤ done ≤ {limit}"),
                limit=MAX_TREES,
            )
        )
    return right, done


class RoomDrills:
    """The drill of each room, in memory (the least recently started out beyond
    ``max_rooms``)."""

    def __init__(self, max_rooms: int = MAX_ROOMS, max_students: int = MAX_STUDENTS):
        self.lock = threading.Lock()
        self.max_rooms = max_rooms
        self.max_students = max_students
        self.drills: OrderedDict[str, Drill] = OrderedDict()

    def start(self, code: str, level: str, seed: int) -> Drill:
        drill = Drill(secrets.token_urlsafe(6), level, seed)
        with self.lock:
            self.drills.pop(code, None)
            self.drills[code] = drill
            while len(self.drills) > self.max_rooms:
                self.drills.popitem(last=False)
        return drill

    def get(self, code: str) -> Drill | None:
        with self.lock:
            return self.drills.get(code)

    def report(self, code: str, drill_id: Any, student: str, right: int, done: int) -> None:
        with self.lock:
            drill = self.drills.get(code)
            if drill is None or drill.id != drill_id:
                raise RoomError(NOT_OPEN)
            if student not in drill.results and len(drill.results) >= self.max_students:
                raise RoomError(FULL)
            drill.results[student] = (right, done)

    def tally(self, code: str) -> dict[str, Any] | None:
        with self.lock:
            drill = self.drills.get(code)
            return None if drill is None else drill.tally()

    def forget(self, code: str) -> None:
        with self.lock:
            self.drills.pop(code, None)


def _whole(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)
