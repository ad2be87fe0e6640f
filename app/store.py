"""Saved views for short links: SQLite, content-addressed, immutable.

A saved view's id is derived from its content (a hash of its canonical JSON), so saving the
same view twice gives the same id and nothing is ever overwritten. Each save is committed
before its id is returned, in WAL mode, so a saved link survives any restart.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

from flask import current_app

ID_LENGTH = 12
ID_PATTERN = re.compile(rf"^[A-Za-z0-9_-]{{{ID_LENGTH}}}$")
SCHEMA = """
CREATE TABLE IF NOT EXISTS views (
    id TEXT PRIMARY KEY,
    body TEXT NOT NULL,
    created REAL NOT NULL
)
"""


class StoreError(Exception):
    """A save the store refuses; the message is shown to the user."""


def canonical(view: dict[str, Any]) -> str:
    return json.dumps(view, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def view_id(body: str) -> str:
    digest = hashlib.sha256(body.encode()).digest()
    return base64.urlsafe_b64encode(digest).decode()[:ID_LENGTH]


class ViewStore:
    """One SQLite file; a connection per thread (sqlite3 connections are not shared)."""

    def __init__(self, path: str | Path, max_bytes: int):
        self.path = Path(path)
        self.max_bytes = max_bytes
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._local = threading.local()
        with self._connect() as connection:
            connection.execute("PRAGMA journal_mode=WAL")
            connection.execute(SCHEMA)

    def _connect(self) -> sqlite3.Connection:
        connection = getattr(self._local, "connection", None)
        if connection is None:
            connection = sqlite3.connect(self.path, timeout=10)
            connection.execute("PRAGMA synchronous=FULL")
            self._local.connection = connection
        return connection

    def save(self, view: dict[str, Any]) -> str:
        body = canonical(view)
        size = len(body.encode())
        if size > self.max_bytes:
            raise StoreError(
                f"the view is {size:,} bytes; saved views may be at most {self.max_bytes:,} bytes"
            )
        identifier = view_id(body)
        with self._connect() as connection:
            connection.execute(
                "INSERT OR IGNORE INTO views (id, body, created) VALUES (?, ?, ?)",
                (identifier, body, time.time()),
            )
            (stored,) = connection.execute(
                "SELECT body FROM views WHERE id = ?", (identifier,)
            ).fetchone()
        if stored != body:  # a hash prefix collision: never overwrite what was saved
            raise StoreError("this view cannot be saved (id collision); change it slightly")
        return identifier

    def load(self, identifier: str) -> dict[str, Any] | None:
        if not ID_PATTERN.match(identifier):
            return None
        row = (
            self._connect().execute("SELECT body FROM views WHERE id = ?", (identifier,)).fetchone()
        )
        return json.loads(row[0]) if row else None


def init_store(app) -> None:
    """One store per app, at ``DATABASE_PATH`` or ``instance/prune.sqlite3``."""
    path = app.config.get("DATABASE_PATH") or Path(app.instance_path) / "prune.sqlite3"
    app.extensions["prune.views"] = ViewStore(path, app.config["PRUNE_MAX_SAVED_BYTES"])


def view_store() -> ViewStore:
    return current_app.extensions["prune.views"]
