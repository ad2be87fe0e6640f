"""Saved views in one SQLite file: the store for one machine (the default).

Each save is committed before its id is returned, in WAL mode, so a saved link survives any
restart. WAL needs memory shared between the processes using the file, i.e. one host: for
instances on several machines use the Redis store (``PRUNE_VIEW_STORE=redis://…``), never a
file on a network volume.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

from .common import COLLISION, ID_PATTERN, StoreError, checked_body

SCHEMA = """
CREATE TABLE IF NOT EXISTS {table} (
    id TEXT PRIMARY KEY,
    body TEXT NOT NULL,
    created REAL NOT NULL
)
"""
TABLES = {"view": "views", "lesson": "lessons", "exam": "exams"}  # common.KINDS: one table each


class ViewStore:
    """One SQLite file; a connection per thread (sqlite3 connections are not shared)."""

    kind = "sqlite"

    def __init__(self, path: str | Path, max_bytes: int):
        self.path = Path(path)
        self.max_bytes = max_bytes
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._local = threading.local()
        with self._connect() as connection:
            connection.execute("PRAGMA journal_mode=WAL")
            for table in TABLES.values():
                connection.execute(SCHEMA.format(table=table))

    def _connect(self) -> sqlite3.Connection:
        connection = getattr(self._local, "connection", None)
        if connection is None:
            connection = sqlite3.connect(self.path, timeout=10)
            connection.execute("PRAGMA synchronous=FULL")
            self._local.connection = connection
        return connection

    def save(self, view: dict[str, Any], kind: str = "view", max_bytes: int | None = None) -> str:
        """Keep ``view`` (a saved view, or a lesson with ``kind="lesson"``) and return its id;
        ``max_bytes`` replaces the store's cap (lessons have their own)."""
        body, identifier = checked_body(view, max_bytes or self.max_bytes, kind)
        table = TABLES[kind]
        with self._connect() as connection:
            connection.execute(
                f"INSERT OR IGNORE INTO {table} (id, body, created) VALUES (?, ?, ?)",
                (identifier, body, time.time()),
            )
            (stored,) = connection.execute(
                f"SELECT body FROM {table} WHERE id = ?", (identifier,)
            ).fetchone()
        if stored != body:  # a hash prefix collision: never overwrite what was saved
            raise StoreError(COLLISION)
        return identifier

    def load(self, identifier: str, kind: str = "view") -> dict[str, Any] | None:
        if not ID_PATTERN.match(identifier):
            return None
        query = f"SELECT body FROM {TABLES[kind]} WHERE id = ?"
        row = self._connect().execute(query, (identifier,)).fetchone()
        return json.loads(row[0]) if row else None
