"""The lecture database: one SQLite file (``instance/lecture.sqlite3`` by default) where rooms,
their views, open questions, answers and drills outlive the worker that wrote them.

A worker killed and replaced by gunicorn's master, or a server restarted on the same instance
folder, finds every room as it was: the presenter resumes with the key in their browser, the
students re-join with their codes and tokens, and the open question keeps its answers.

Every write is one short transaction (``BEGIN IMMEDIATE`` … ``COMMIT``) in WAL mode with
``synchronous=NORMAL``: a commit is in the file's write-ahead log before the caller is
answered, so a process killed at any moment loses nothing that was acknowledged (only a power
cut may lose the last commits: no fsync per step, which keeps a cursor step at tens of
microseconds; bench/rooms.py measures it). One connection per process, behind a lock: a
write never waits on another greenlet's half-done transaction, and transactions stay small
(no view is rewritten by a step). WAL needs shared memory between the processes using the
file: one host, never a network volume (several machines share rooms through Redis).
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    code TEXT PRIMARY KEY,
    key_hash TEXT NOT NULL,
    view_version TEXT NOT NULL,
    cursor TEXT NOT NULL,
    seq INTEGER NOT NULL,
    updated REAL NOT NULL,
    abandoned REAL
);
CREATE TABLE IF NOT EXISTS room_views (
    code TEXT PRIMARY KEY,
    version TEXT NOT NULL,
    body TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS questions (
    code TEXT PRIMARY KEY,
    asked INTEGER NOT NULL,
    id TEXT,
    revealed INTEGER NOT NULL DEFAULT 0,
    body TEXT,
    touched REAL NOT NULL,
    entries INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS answers (
    code TEXT NOT NULL,
    student TEXT NOT NULL,
    address TEXT NOT NULL,
    departed INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (code, student)
);
CREATE INDEX IF NOT EXISTS answers_by_address ON answers (code, address);
CREATE TABLE IF NOT EXISTS answer_fields (
    code TEXT NOT NULL,
    student TEXT NOT NULL,
    name TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS answer_fields_by_student ON answer_fields (code, student);
CREATE INDEX IF NOT EXISTS answer_fields_by_name ON answer_fields (code, name);
CREATE TABLE IF NOT EXISTS drills (
    code TEXT PRIMARY KEY,
    id TEXT NOT NULL,
    level TEXT NOT NULL,
    seed INTEGER NOT NULL,
    started REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS drill_results (
    code TEXT NOT NULL,
    student TEXT NOT NULL,
    right_trees INTEGER NOT NULL,
    done_trees INTEGER NOT NULL,
    PRIMARY KEY (code, student)
);
"""
TABLES = ("rooms", "room_views", "questions", "answers", "answer_fields", "drills", "drill_results")
# Rooms live hours, not releases: a file written by another version of SCHEMA is emptied and
# made again (PRAGMA user_version), never read with the wrong columns.
SCHEMA_VERSION = 1
BUSY_SECONDS = 5  # how long a write waits for another process's (short) transaction


class LectureDatabase:
    """One connection to the lecture file, shared by this process's rooms, questions and
    drills; ``transaction()`` for writes (and reads that must agree with them), ``read()``
    for a lone query."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.lock = threading.RLock()
        self.connection = sqlite3.connect(
            self.path, timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False
        )
        self.connection.execute("PRAGMA journal_mode=WAL")
        self.connection.execute("PRAGMA synchronous=NORMAL")
        with self.transaction() as db:
            (version,) = db.execute("PRAGMA user_version").fetchone()
            if version != SCHEMA_VERSION:
                for table in TABLES:
                    db.execute(f"DROP TABLE IF EXISTS {table}")
                db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    db.execute(statement)

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """The connection inside one write transaction: committed when the block ends, rolled
        back if it raises (a refusal changes nothing)."""
        with self.lock:
            self.connection.execute("BEGIN IMMEDIATE")
            try:
                yield self.connection
                self.connection.execute("COMMIT")
            except BaseException:
                if self.connection.in_transaction:  # never left open for the next one
                    self.connection.execute("ROLLBACK")
                raise

    @contextmanager
    def read(self) -> Iterator[sqlite3.Connection]:
        with self.lock:
            yield self.connection

    def close(self) -> None:
        with self.lock:
            self.connection.close()
