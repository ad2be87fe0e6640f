"""What the tool keeps between requests, in one SQLite file (``PRUNE_LTI_DATABASE``, default
``instance/lti.sqlite3``): short-lived values (a login's state and nonce, a launch's grant,
a platform's cached keys), each course's last scores (the instructor's class summary), the
roster of each lecture followed from a course, and the outbox of scores not yet accepted by
their LMS.

Nothing here is kept in a cookie: the LMS frames Prune on another site, where browsers
drop or partition third-party cookies. A value is found again by a key the request
carries (the OIDC ``state``, a launch's grant).

``claim`` marks a value used, once: the nonce of a launch, so that a replayed id_token is
refused even within its lifetime. Every write commits before it returns (WAL, synchronous
FULL), so a score in the outbox survives a restart.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS lti_values (
        key TEXT PRIMARY KEY, value TEXT NOT NULL, expires REAL NOT NULL,
        used INTEGER NOT NULL DEFAULT 0)""",
    """CREATE TABLE IF NOT EXISTS lti_scores (
        course TEXT NOT NULL, user TEXT NOT NULL, item TEXT NOT NULL, name TEXT NOT NULL,
        given REAL NOT NULL, maximum REAL NOT NULL, at REAL NOT NULL,
        PRIMARY KEY (course, user, item))""",
    """CREATE TABLE IF NOT EXISTS lti_roster (
        room TEXT NOT NULL, user TEXT NOT NULL, name TEXT NOT NULL, question TEXT,
        given REAL, maximum REAL, expires REAL NOT NULL, PRIMARY KEY (room, user))""",
    """CREATE TABLE IF NOT EXISTS lti_outbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT, body TEXT NOT NULL, attempts INTEGER NOT NULL,
        next_try REAL NOT NULL, last_error TEXT)""",
)


class LtiState:
    """One SQLite file; a connection per thread."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._local = threading.local()
        with self._connect() as connection:
            connection.execute("PRAGMA journal_mode=WAL")
            for statement in SCHEMA:
                connection.execute(statement)

    def _connect(self) -> sqlite3.Connection:
        connection = getattr(self._local, "connection", None)
        if connection is None:
            connection = sqlite3.connect(self.path, timeout=10)
            connection.execute("PRAGMA synchronous=FULL")
            self._local.connection = connection
        return connection

    # Short-lived values

    def put(self, key: str, value: Any, seconds: float) -> None:
        with self._connect() as connection:
            connection.execute(
                "INSERT OR REPLACE INTO lti_values (key, value, expires, used) VALUES (?, ?, ?, 0)",
                (key, json.dumps(value), time.time() + seconds),
            )
            connection.execute("DELETE FROM lti_values WHERE expires < ?", (time.time(),))

    def get(self, key: str) -> Any:
        row = (
            self._connect()
            .execute(
                "SELECT value FROM lti_values WHERE key = ? AND expires >= ?", (key, time.time())
            )
            .fetchone()
        )
        return json.loads(row[0]) if row else None

    def put_new(self, key: str, value: Any, seconds: float) -> bool:
        """Keep ``value`` under ``key`` unless a live value is there; True if kept."""
        now = time.time()
        with self._connect() as connection:
            connection.execute("DELETE FROM lti_values WHERE key = ? AND expires < ?", (key, now))
            cursor = connection.execute(
                "INSERT OR IGNORE INTO lti_values (key, value, expires) VALUES (?, ?, ?)",
                (key, json.dumps(value), now + seconds),
            )
        return cursor.rowcount == 1

    def claim(self, key: str) -> bool:
        """Mark ``key``'s value used; True only the first time, for a value not expired."""
        with self._connect() as connection:
            cursor = connection.execute(
                "UPDATE lti_values SET used = 1 WHERE key = ? AND used = 0 AND expires >= ?",
                (key, time.time()),
            )
        return cursor.rowcount == 1

    def count(self, key: str, seconds: float) -> int:
        """Add one to ``key``'s count (a new count lasts ``seconds``); the count now."""
        now = time.time()
        with self._connect() as connection:
            connection.execute("DELETE FROM lti_values WHERE key = ? AND expires < ?", (key, now))
            connection.execute(
                "INSERT INTO lti_values (key, value, expires) VALUES (?, '1', ?)"
                " ON CONFLICT(key) DO UPDATE SET value = CAST(value AS INTEGER) + 1",
                (key, now + seconds),
            )
            (value,) = connection.execute(
                "SELECT value FROM lti_values WHERE key = ?", (key,)
            ).fetchone()
        return int(value)

    def forget(self, key: str) -> None:
        with self._connect() as connection:
            connection.execute("DELETE FROM lti_values WHERE key = ?", (key,))

    # The class summary: each person's last score per item of a course

    def note_score(self, course: str, user: str, item: str, name: str, given, maximum) -> None:
        with self._connect() as connection:
            connection.execute(
                "INSERT OR REPLACE INTO lti_scores VALUES (?, ?, ?, ?, ?, ?, ?)",
                (course, user, item, name, given, maximum, time.time()),
            )

    def course_scores(self, course: str, limit: int = 2000) -> list[dict[str, Any]]:
        rows = self._connect().execute(
            "SELECT name, user, item, given, maximum, at FROM lti_scores WHERE course = ?"
            " ORDER BY name, user, item LIMIT ?",
            (course, limit),
        )
        keys = ("name", "user", "item", "given", "maximum", "at")
        return [dict(zip(keys, row, strict=True)) for row in rows]

    # A lecture's roster: the learners the LMS named in a room, and their last answer

    def note_student(self, room, user, name, question, given, maximum, seconds) -> None:
        """``user`` (named ``name``) is in ``room``; with ``question``, answered it (scored
        ``given`` of ``maximum``, when not None)."""
        now = time.time()
        with self._connect() as connection:
            connection.execute("DELETE FROM lti_roster WHERE expires < ?", (now,))
            connection.execute(
                "INSERT INTO lti_roster VALUES (?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (room, user) DO UPDATE SET name = excluded.name,"
                " expires = excluded.expires, question = COALESCE(excluded.question, question),"
                " given = CASE WHEN excluded.question IS NULL THEN given ELSE excluded.given END,"
                " maximum = CASE WHEN excluded.question IS NULL THEN maximum"
                " ELSE excluded.maximum END",
                (room, user, name, question, given, maximum, now + seconds),
            )

    def roster(self, room: str, limit: int = 5000) -> list[dict[str, Any]]:
        rows = self._connect().execute(
            "SELECT user, name, question, given, maximum FROM lti_roster"
            " WHERE room = ? AND expires >= ? LIMIT ?",
            (room, time.time(), limit),
        )
        keys = ("user", "name", "question", "given", "maximum")
        return [dict(zip(keys, row, strict=True)) for row in rows]

    # The outbox of scores

    def enqueue(self, job: dict[str, Any]) -> int:
        with self._connect() as connection:
            cursor = connection.execute(
                "INSERT INTO lti_outbox (body, attempts, next_try) VALUES (?, 0, ?)",
                (json.dumps(job), time.time()),
            )
        return int(cursor.lastrowid)

    def due(self, limit: int = 100) -> list[tuple[int, dict[str, Any], int]]:
        """Jobs whose time to try has come, oldest first: (id, job, attempts so far)."""
        rows = (
            self._connect()
            .execute(
                "SELECT id, body, attempts FROM lti_outbox WHERE next_try <= ? ORDER BY id LIMIT ?",
                (time.time(), limit),
            )
            .fetchall()
        )
        return [(row[0], json.loads(row[1]), row[2]) for row in rows]

    def waiting(self) -> list[dict[str, Any]]:
        """Every job in the outbox, with its attempts and last error (for operators, tests)."""
        rows = self._connect().execute(
            "SELECT id, body, attempts, last_error FROM lti_outbox ORDER BY id"
        )
        return [
            {"id": row[0], "job": json.loads(row[1]), "attempts": row[2], "last_error": row[3]}
            for row in rows
        ]

    def take(self, job_id: int, lease_seconds: float) -> bool:
        """Take a due job for ``lease_seconds`` (so that another worker does not send it
        too); False if another took it first."""
        now = time.time()
        with self._connect() as connection:
            cursor = connection.execute(
                "UPDATE lti_outbox SET next_try = ? WHERE id = ? AND next_try <= ?",
                (now + lease_seconds, job_id, now),
            )
        return cursor.rowcount == 1

    def make_due(self, job_id: int) -> None:
        with self._connect() as connection:
            connection.execute(
                "UPDATE lti_outbox SET next_try = ? WHERE id = ?", (time.time(), job_id)
            )

    def sent(self, job_id: int) -> None:
        with self._connect() as connection:
            connection.execute("DELETE FROM lti_outbox WHERE id = ?", (job_id,))

    def failed(self, job_id: int, error: str, retry_in: float) -> None:
        with self._connect() as connection:
            connection.execute(
                "UPDATE lti_outbox SET attempts = attempts + 1, next_try = ?, last_error = ?"
                " WHERE id = ?",
                (time.time() + retry_in, error[:500], job_id),
            )
