"""Lecture drills in the lecture database (``SqliteDrills``, the default store): the same
interface, contract and caps as ``RoomDrills`` (drills.py) and ``RedisDrills``, kept where a
new worker finds them.

Per room: a row for its drill (id, level, seed, when it started) and one per student's
result. At most ``max_rooms`` drills are kept (the least recently started out), and a drill
is gone ``idle_seconds`` (the room's idle time) after it started.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from typing import Any

from .drills import FULL, MAX_ROOMS, MAX_STUDENTS, NOT_OPEN, Drill
from .rooms import RoomError
from .sqlite_db import LectureDatabase


class SqliteDrills:
    def __init__(
        self,
        db: LectureDatabase,
        idle_seconds: float,
        max_rooms: int = MAX_ROOMS,
        max_students: int = MAX_STUDENTS,
        clock: Callable[[], float] = time.time,
    ):
        self.db = db
        self.idle_seconds = idle_seconds
        self.max_rooms = max_rooms
        self.max_students = max_students
        self.clock = clock

    def start(self, code: str, level: str, seed: int) -> Drill:
        """A new drill for the room: the last one and its results are gone in the same
        transaction, so a result never lands between the two."""
        drill = Drill(secrets.token_urlsafe(6), level, seed)
        with self.db.transaction() as db:
            self._drop(db, code)
            db.execute(
                "INSERT INTO drills (code, id, level, seed, started) VALUES (?, ?, ?, ?, ?)",
                (code, drill.id, level, seed, self.clock()),
            )
            old = db.execute(
                "SELECT code FROM drills WHERE started < ?", (self.clock() - self.idle_seconds,)
            ).fetchall()
            beyond = db.execute(
                "SELECT code FROM drills ORDER BY started DESC, rowid DESC LIMIT -1 OFFSET ?",
                (self.max_rooms,),
            ).fetchall()
            for (gone,) in {*old, *beyond}:
                self._drop(db, gone)
        return drill

    def get(self, code: str) -> Drill | None:
        """The room's drill, without its results."""
        with self.db.read() as db:
            row = self._drill(db, code)
        return None if row is None else Drill(*row)

    def report(self, code: str, drill_id: Any, student: str, right: int, done: int) -> None:
        with self.db.transaction() as db:
            row = self._drill(db, code)
            if row is None or row[0] != drill_id:
                raise RoomError(NOT_OPEN)
            known = db.execute(
                "SELECT 1 FROM drill_results WHERE code = ? AND student = ?", (code, student)
            ).fetchone()
            if known is None:
                (students,) = db.execute(
                    "SELECT COUNT(*) FROM drill_results WHERE code = ?", (code,)
                ).fetchone()
                if students >= self.max_students:
                    raise RoomError(FULL)
            db.execute(
                "INSERT OR REPLACE INTO drill_results (code, student, right_trees, done_trees)"
                " VALUES (?, ?, ?, ?)",
                (code, student, right, done),
            )

    def tally(self, code: str) -> dict[str, Any] | None:
        with self.db.read() as db:
            row = self._drill(db, code)
            if row is None:
                return None
            drill = Drill(*row)
            results = db.execute(
                "SELECT student, right_trees, done_trees FROM drill_results WHERE code = ?",
                (code,),
            ).fetchall()
        drill.results = {student: (right, done) for student, right, done in results}
        return drill.tally()

    def forget(self, code: str) -> None:
        with self.db.transaction() as db:
            self._drop(db, code)

    def _drill(self, db: Any, code: str) -> tuple | None:
        return db.execute(
            "SELECT id, level, seed FROM drills WHERE code = ? AND started >= ?",
            (code, self.clock() - self.idle_seconds),
        ).fetchone()

    def _drop(self, db: Any, code: str) -> None:
        db.execute("DELETE FROM drills WHERE code = ?", (code,))
        db.execute("DELETE FROM drill_results WHERE code = ?", (code,))
