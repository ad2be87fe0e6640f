"""Lecture questions in the lecture database (``SqliteQuestions``, the default store): the
same interface, contract and caps as ``MemoryQuestions`` (questions.py) and
``RedisQuestions``, kept where a new worker finds them: an answer acknowledged to a student
is committed to the file first, so a killed worker loses none.

Per room: a row for its question (how many were asked, the open one's id, body and whether
it is revealed), one per answer (student, address, departed) and one per answer field (and
their number, for the cap); the counts are a ``GROUP BY`` over the fields of the open
question (indexed by room and field).
A room's questions are gone ``idle_seconds`` after the presenter last asked, revealed or
closed one, or when the lecture ends.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from typing import Any

from .questions import NOT_OPEN, REVEALED, AnswerCaps, Question, tally_body, too_many_questions
from .rooms import RoomError
from .sqlite_db import LectureDatabase


class SqliteQuestions:
    def __init__(
        self,
        db: LectureDatabase,
        idle_seconds: float,
        per_room: int,
        caps: AnswerCaps,
        clock: Callable[[], float] = time.time,
    ):
        self.db = db
        self.idle_seconds = idle_seconds
        self.per_room = per_room
        self.caps = caps
        self.clock = clock

    def ask(self, code: str, body: str) -> Question:
        with self.db.transaction() as db:
            self._expire(db)
            row = db.execute("SELECT asked FROM questions WHERE code = ?", (code,)).fetchone()
            asked = row[0] if row else 0
            if asked >= self.per_room:
                raise too_many_questions(self.per_room)
            question = Question(secrets.token_urlsafe(6), body)
            self._drop_answers(db, code)
            db.execute(
                "INSERT OR REPLACE INTO questions (code, asked, id, revealed, body, touched,"
                " entries) VALUES (?, ?, ?, 0, ?, ?, 0)",
                (code, asked + 1, question.id, body, self.clock()),
            )
        return question

    def get(self, code: str) -> Question | None:
        with self.db.read() as db:
            row = self._question(db, code)
        return None if row is None else Question(row[0], row[2], revealed=bool(row[1]))

    def answer(
        self, code: str, question: str, student: str, fields: tuple[str, ...], address: str
    ) -> None:
        with self.db.transaction() as db:
            self._open(db, code, question, revealed_refused=True)
            old = db.execute(
                "SELECT address FROM answers WHERE code = ? AND student = ?", (code, student)
            ).fetchone()
            if old is None or old[0] != address:
                (same,) = db.execute(
                    "SELECT COUNT(*) FROM answers WHERE code = ? AND address = ?", (code, address)
                ).fetchone()
                if same >= self.caps.per_address:
                    raise self.caps.address_refusal()
            (entries,) = db.execute(
                "SELECT entries FROM questions WHERE code = ?", (code,)
            ).fetchone()
            (mine,) = db.execute(
                "SELECT COUNT(*) FROM answer_fields WHERE code = ? AND student = ?",
                (code, student),
            ).fetchone()
            (theirs,) = db.execute(
                "SELECT COUNT(*) FROM answer_fields AS f JOIN answers AS a"
                " ON a.code = f.code AND a.student = f.student"
                " WHERE f.code = ? AND a.address = ? AND f.student != ?",
                (code, address, student),
            ).fetchone()
            if theirs + len(fields) > self.caps.address_marks:
                raise self.caps.address_marks_refusal()
            if entries - mine + len(fields) > self.caps.entries:
                raise self.caps.full_refusal()
            db.execute("DELETE FROM answer_fields WHERE code = ? AND student = ?", (code, student))
            db.execute(
                "INSERT OR REPLACE INTO answers (code, student, address, departed)"
                " VALUES (?, ?, ?, 0)",
                (code, student, address),
            )
            db.executemany(
                "INSERT INTO answer_fields (code, student, name) VALUES (?, ?, ?)",
                [(code, student, name) for name in fields],
            )
            db.execute(
                "UPDATE questions SET entries = ? WHERE code = ?",
                (entries - mine + len(fields), code),
            )

    def depart(self, code: str, student: str) -> None:
        self._mark_departed(code, student, 1)

    def arrive(self, code: str, student: str) -> None:
        self._mark_departed(code, student, 0)

    def _mark_departed(self, code: str, student: str, departed: int) -> None:
        with self.db.transaction() as db:
            db.execute(
                "UPDATE answers SET departed = ? WHERE code = ? AND student = ? AND departed != ?",
                (departed, code, student, departed),
            )

    def reveal(self, code: str, question: str) -> None:
        with self.db.transaction() as db:
            self._open(db, code, question)
            db.execute(
                "UPDATE questions SET revealed = 1, touched = ? WHERE code = ?",
                (self.clock(), code),
            )
            departed = "SELECT student FROM answers WHERE code = ? AND departed = 1"
            db.execute(
                f"DELETE FROM answer_fields WHERE code = ? AND student IN ({departed})",
                (code, code),
            )
            db.execute("DELETE FROM answers WHERE code = ? AND departed = 1", (code,))
            db.execute(
                "UPDATE questions SET entries ="
                " (SELECT COUNT(*) FROM answer_fields WHERE code = ?) WHERE code = ?",
                (code, code),
            )

    def close(self, code: str, question: str) -> None:
        with self.db.transaction() as db:
            self._open(db, code, question)
            self._drop_answers(db, code)
            db.execute(
                "UPDATE questions SET id = NULL, revealed = 0, body = NULL, touched = ?,"
                " entries = 0"
                " WHERE code = ?",
                (self.clock(), code),
            )

    def tally(self, code: str) -> dict[str, Any] | None:
        with self.db.read() as db:
            row = self._question(db, code)
            if row is None:
                return None
            (answered,) = db.execute(
                "SELECT COUNT(*) FROM answers WHERE code = ?", (code,)
            ).fetchone()
            counts = db.execute(
                "SELECT name, COUNT(*) FROM answer_fields WHERE code = ? GROUP BY name", (code,)
            ).fetchall()
        return tally_body(row[0], answered, counts)

    def forget(self, code: str) -> None:
        with self.db.transaction() as db:
            self._drop_answers(db, code)
            db.execute("DELETE FROM questions WHERE code = ?", (code,))

    # ----- rows -----

    def _question(self, db: Any, code: str) -> tuple | None:
        """The open question's (id, revealed, body), if it has not expired."""
        return db.execute(
            "SELECT id, revealed, body FROM questions"
            " WHERE code = ? AND id IS NOT NULL AND touched >= ?",
            (code, self.clock() - self.idle_seconds),
        ).fetchone()

    def _open(self, db: Any, code: str, question: str, revealed_refused: bool = False) -> None:
        row = self._question(db, code)
        if row is None or row[0] != question:
            raise RoomError(NOT_OPEN)
        if revealed_refused and row[1]:
            raise RoomError(REVEALED)

    def _drop_answers(self, db: Any, code: str) -> None:
        db.execute("DELETE FROM answer_fields WHERE code = ?", (code,))
        db.execute("DELETE FROM answers WHERE code = ?", (code,))

    def _expire(self, db: Any) -> None:
        """Delete the questions (and answers) of rooms idle for ``idle_seconds``."""
        cutoff = self.clock() - self.idle_seconds
        gone = db.execute("SELECT code FROM questions WHERE touched < ?", (cutoff,)).fetchall()
        for (code,) in gone:
            self._drop_answers(db, code)
            db.execute("DELETE FROM questions WHERE code = ?", (code,))
