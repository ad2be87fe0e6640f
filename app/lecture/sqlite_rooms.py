"""Lecture rooms in the lecture database (``SqliteRooms``, the default store): the same
interface and contract as ``MemoryRooms`` and ``RedisRooms`` in rooms.py, kept where a new
worker finds them (sqlite_db.py says how and why).

A room is one small row (presenter key's hash, view version, cursor, seq, times); its view
(up to 2 MiB) is a row of its own, written only when the view changes, so a step rewrites a
few dozen bytes. A view's text is immutable per version: this process keeps the text of each
room's current version, and reads it from the file only when another process wrote it.

Who watches a room (``join``/``leave``, the audience count) stays in this process's memory:
those are live connections, gone with the worker that held them; students re-join the new
worker on their own.
"""

from __future__ import annotations

import json
import secrets
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any

from .rooms import ENDED, NoSuchRoom, Room, _apply, check_key, hash_key, new_code
from .sqlite_db import LectureDatabase

SWEEP_SECONDS = 60  # how often expired rows are deleted (reads never see them meanwhile)
COLUMNS = "code, key_hash, view_version, cursor, seq, updated, abandoned"


class SqliteRooms:
    """Rooms in the lecture file; a room idle for ``idle_seconds``, or abandoned by its
    presenter for ``abandoned_seconds``, is gone."""

    def __init__(
        self,
        db: LectureDatabase,
        idle_seconds: float,
        abandoned_seconds: float | None = None,
        clock: Callable[[], float] = time.time,
    ):
        self.db = db
        self.idle_seconds = idle_seconds
        self.abandoned_seconds = abandoned_seconds or idle_seconds
        self.clock = clock
        self._views: dict[str, tuple[str, str]] = {}  # code -> (version, text)
        self._members: dict[str, set[str]] = {}
        self._lock = threading.Lock()
        self._swept = 0.0

    def create(self, view: str, cursor: dict[str, Any]) -> tuple[Room, str]:
        key = secrets.token_urlsafe(24)
        with self.db.transaction() as db:
            self._sweep(db)
            room = Room(new_code(), hash_key(key), view, cursor, updated=self.clock())
            while db.execute("SELECT 1 FROM rooms WHERE code = ?", (room.code,)).fetchone():
                room.code = new_code()
            self._write(db, room)
            self._write_view(db, room)
        with self._lock:
            self._members[room.code] = set()
        return room, key

    def get(self, code: str) -> Room | None:
        with self.db.read() as db:
            return self._load(db, code)

    def change(self, code: str, key: str, seq: int, **changes: Any) -> Room | None:
        """The changed room, or None when ``seq`` is stale."""
        with self.db.transaction() as db:
            room = self._load(db, code)
            if room is None:
                raise NoSuchRoom(ENDED)
            if not _apply(room, key, seq, changes, self.clock()):
                return None
            self._write(db, room)
            if changes.get("view") is not None:
                self._write_view(db, room)
        return room

    def resume(self, code: str, key: str) -> Room:
        """The presenter is back (reload, reconnect, a new worker): check the key and keep
        the room alive."""
        with self.db.transaction() as db:
            room = self._load(db, code)
            if room is None:
                raise NoSuchRoom(ENDED)
            check_key(room, key)
            room.updated, room.abandoned = self.clock(), None
            db.execute(
                "UPDATE rooms SET updated = ?, abandoned = NULL WHERE code = ?",
                (room.updated, code),
            )
        return room

    def abandon(self, code: str) -> None:
        with self.db.transaction() as db:
            db.execute("UPDATE rooms SET abandoned = ? WHERE code = ?", (self.clock(), code))

    def end(self, code: str, key: str) -> None:
        with self.db.transaction() as db:
            room = self._load(db, code)
            if room is None:
                raise NoSuchRoom(ENDED)
            check_key(room, key)
            self._delete(db, [code])

    def join(self, code: str, member: str) -> int:
        if self.get(code) is None:
            raise NoSuchRoom(ENDED)
        with self._lock:
            members = self._members.setdefault(code, set())
            members.add(member)
            return len(members)

    def leave(self, code: str, member: str) -> int:
        with self._lock:
            members = self._members.get(code, set())
            members.discard(member)
            return len(members)

    def audience(self, code: str) -> int:
        with self._lock:
            return len(self._members.get(code, ()))

    def alive(self, codes: Iterable[str]) -> set[str]:
        """Which of ``codes`` are rooms that have neither ended nor expired."""
        codes = list(codes)
        with self.db.read() as db:
            return {code for code in codes if self._row(db, code) is not None}

    # ----- rows -----

    def _row(self, db: Any, code: str) -> tuple | None:
        now = self.clock()
        return db.execute(
            f"SELECT {COLUMNS} FROM rooms WHERE code = ? AND updated >= ?"
            " AND (abandoned IS NULL OR abandoned >= ?)",
            (code, now - self.idle_seconds, now - self.abandoned_seconds),
        ).fetchone()

    def _load(self, db: Any, code: str) -> Room | None:
        row = self._row(db, code)
        if row is None:
            return None
        code, key_hash, version, cursor, seq, updated, abandoned = row
        with self._lock:
            kept = self._views.get(code)
        if kept is None or kept[0] != version:
            found = db.execute(
                "SELECT body FROM room_views WHERE code = ? AND version = ?", (code, version)
            ).fetchone()
            kept = (version, found[0] if found else "{}")
            with self._lock:
                self._views[code] = kept
        return Room(code, key_hash, kept[1], json.loads(cursor), seq, updated, version, abandoned)

    def _write(self, db: Any, room: Room) -> None:
        db.execute(
            f"INSERT OR REPLACE INTO rooms ({COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                room.code,
                room.key_hash,
                room.view_version,
                json.dumps(room.cursor, separators=(",", ":")),
                room.seq,
                room.updated,
                room.abandoned,
            ),
        )

    def _write_view(self, db: Any, room: Room) -> None:
        db.execute(
            "INSERT OR REPLACE INTO room_views (code, version, body) VALUES (?, ?, ?)",
            (room.code, room.view_version, room.view),
        )
        with self._lock:
            self._views[room.code] = (room.view_version, room.view)

    def _delete(self, db: Any, codes: list[str]) -> None:
        for code in codes:
            db.execute("DELETE FROM rooms WHERE code = ?", (code,))
            db.execute("DELETE FROM room_views WHERE code = ?", (code,))
        with self._lock:
            for code in codes:
                self._views.pop(code, None)
                self._members.pop(code, None)

    def _sweep(self, db: Any) -> None:
        """Delete expired rooms and their views, at most once a ``SWEEP_SECONDS``."""
        now = self.clock()
        if now - self._swept < SWEEP_SECONDS:
            return
        self._swept = now
        gone = db.execute(
            "SELECT code FROM rooms WHERE updated < ? OR abandoned < ?",
            (now - self.idle_seconds, now - self.abandoned_seconds),
        ).fetchall()
        self._delete(db, [code for (code,) in gone])
