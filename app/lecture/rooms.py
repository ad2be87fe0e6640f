"""Lecture rooms: who presents, what the room shows, and who is watching.

A room holds a *view* (tree document and options as compact JSON text, up to 2 MiB, changed
rarely) and a *cursor* (step, playing, speed: sent on every step). Messages never carry the
view itself, only its *version* and where to fetch it (``GET /api/lecture/<code>/views/
<version>``, app/web/lecture_payloads.py): the server keeps one copy of a view however many
students follow it, and a student fetches each version once.

Every change carries the presenter's sequence number; a change whose number is not above the
room's is stale and dropped, so late or reordered messages never move anyone backwards.

Three stores share one interface: ``SqliteRooms`` (sqlite_rooms.py, the default: a file a
new worker takes up), ``RedisRooms`` when several app instances share rooms through Redis,
and ``MemoryRooms`` for a process whose rooms may die with it (stores.py picks one).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

from ..engine.errors import N_, Language, Message

# Unambiguous when read off a projector: no 0/O, 1/I/L.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
# Browsers read seq as a JavaScript number: above this, two values may read as one.
MAX_SEQ = 2**53 - 1
ENDED = N_("this lecture has ended")


class RoomError(Exception):
    """A request the room refuses; the message is shown to the user: ``str(err)`` in English,
    ``err.translated(language)`` in the asker's language (a ``Message``, as EngineError's)."""

    def __init__(self, message: str | Message):
        self.message = message if isinstance(message, Message) else Message(message)
        super().__init__(str(self.message))

    def translated(self, language: Language | None = None) -> str:
        return self.message.translated(language)


class NoSuchRoom(RoomError):
    """The code names no room (never was, ended or expired): a guess, if it was one."""


@dataclass
class Room:
    code: str
    key_hash: str
    view: str  # {"tree", "options"} as compact JSON
    cursor: dict[str, Any]
    seq: int = 0
    updated: float = field(default_factory=time.time)
    view_version: str = field(default_factory=lambda: new_version())
    abandoned: float | None = None  # when its presenter's last connection closed

    def public(self) -> dict[str, Any]:
        """What students are sent: the cursor, and the view by reference (never the key's hash)."""
        return {"room": self.code, "view": self.view_ref(), "cursor": self.cursor, "seq": self.seq}

    def view_ref(self) -> dict[str, str]:
        return {"version": self.view_version, "href": view_href(self.code, self.view_version)}


def new_version() -> str:
    """A view's version: random, so that knowing a view does not reveal where it is."""
    return secrets.token_urlsafe(12)


def view_href(code: str, version: str) -> str:
    return f"/api/lecture/{code}/views/{version}"


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalize_code(text: Any) -> str:
    """Codes are typed by hand: ignore case, spaces and dashes."""
    if not isinstance(text, str):
        raise RoomError(Message(N_("a lecture code is six letters and digits")))
    code = "".join(ch for ch in text.upper() if ch not in " -")
    if len(code) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in code):
        raise RoomError(Message(N_("{code} is not a lecture code"), code=repr(text[:20])))
    return code


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def check_key(room: Room, key: Any) -> None:
    if not isinstance(key, str) or not hmac.compare_digest(room.key_hash, hash_key(key)):
        raise RoomError(Message(N_("only the presenter can drive this lecture")))


class Rooms(Protocol):
    def create(self, view: str, cursor: dict[str, Any]) -> tuple[Room, str]: ...
    def get(self, code: str) -> Room | None: ...
    def change(self, code: str, key: str, seq: int, **changes: Any) -> Room | None: ...
    def resume(self, code: str, key: str) -> Room: ...
    def end(self, code: str, key: str) -> None: ...
    def join(self, code: str, member: str) -> int: ...
    def leave(self, code: str, member: str) -> int: ...
    def audience(self, code: str) -> int: ...
    def alive(self, codes: Iterable[str]) -> set[str]: ...
    def abandon(self, code: str) -> None: ...


def _apply(room: Room, key: Any, seq: Any, changes: dict[str, Any], now: float) -> bool:
    """Check the presenter and the sequence number; apply ``changes`` if fresh."""
    check_key(room, key)
    if isinstance(seq, bool) or not isinstance(seq, int) or not 0 <= seq <= MAX_SEQ:
        raise RoomError(
            Message(N_("seq must be a whole number from 0 to {limit}"), limit=f"{MAX_SEQ:,}")
        )
    if seq <= room.seq:
        return False
    for name, value in changes.items():
        if value is not None:
            setattr(room, name, value)
    if changes.get("view") is not None:
        room.view_version = new_version()
    room.seq = seq
    room.updated = now
    room.abandoned = None
    return True


class MemoryRooms:
    """Rooms in this process's memory; a room idle for ``idle_seconds``, or abandoned by its
    presenter for ``abandoned_seconds``, is gone."""

    def __init__(
        self,
        idle_seconds: float,
        abandoned_seconds: float | None = None,
        clock: Callable[[], float] = time.time,
    ):
        self.idle_seconds = idle_seconds
        self.abandoned_seconds = abandoned_seconds or idle_seconds
        self.clock = clock
        self._rooms: dict[str, Room] = {}
        self._members: dict[str, set[str]] = {}
        self._lock = threading.Lock()

    def create(self, view: str, cursor: dict[str, Any]) -> tuple[Room, str]:
        key = secrets.token_urlsafe(24)
        with self._lock:
            self._expire()
            code = new_code()
            while code in self._rooms:
                code = new_code()
            room = Room(code, hash_key(key), view, cursor, updated=self.clock())
            self._rooms[code] = room
            self._members[code] = set()
        return room, key

    def get(self, code: str) -> Room | None:
        with self._lock:
            self._expire()
            return self._rooms.get(code)

    def change(self, code: str, key: str, seq: int, **changes: Any) -> Room | None:
        """The changed room, or None when ``seq`` is stale."""
        with self._lock:
            self._expire()
            room = self._rooms.get(code)
            if room is None:
                raise NoSuchRoom(ENDED)
            return room if _apply(room, key, seq, changes, self.clock()) else None

    def resume(self, code: str, key: str) -> Room:
        """The presenter is back (reload, reconnect): check the key and keep the room alive."""
        with self._lock:
            self._expire()
            room = self._rooms.get(code)
            if room is None:
                raise NoSuchRoom(ENDED)
            check_key(room, key)
            room.updated = self.clock()
            room.abandoned = None
            return room

    def abandon(self, code: str) -> None:
        """The presenter's last connection closed: the room ends unless they are back (a
        ``resume``) within ``abandoned_seconds``."""
        with self._lock:
            room = self._rooms.get(code)
            if room is not None:
                room.abandoned = self.clock()

    def end(self, code: str, key: str) -> None:
        """The presenter closes the room: it is gone at once, for everyone."""
        with self._lock:
            room = self._rooms.get(code)
            if room is None:
                raise NoSuchRoom(ENDED)
            check_key(room, key)
            del self._rooms[code]
            self._members.pop(code, None)

    def join(self, code: str, member: str) -> int:
        with self._lock:
            members = self._members.get(code)
            if members is None:
                raise NoSuchRoom(ENDED)
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
        with self._lock:
            self._expire()
            return {code for code in codes if code in self._rooms}

    def _expire(self) -> None:
        now = self.clock()
        cutoff, left = now - self.idle_seconds, now - self.abandoned_seconds
        gone = [
            code
            for code, room in self._rooms.items()
            if room.updated < cutoff or (room.abandoned is not None and room.abandoned < left)
        ]
        for code in gone:
            del self._rooms[code]
            self._members.pop(code, None)


class RedisRooms:
    """Rooms in Redis, shared by every app instance; Redis's own expiry ends idle rooms.

    Changes go through WATCH/MULTI, so two instances never interleave a read-check-write.
    """

    PREFIX = "prune:lecture:"

    def __init__(self, client: Any, idle_seconds: float, abandoned_seconds: float | None = None):
        self.redis = client
        self.ttl = max(1, int(idle_seconds))
        self.abandoned_ttl = min(self.ttl, max(1, int(abandoned_seconds or idle_seconds)))

    def _key(self, code: str) -> str:
        return f"{self.PREFIX}{code}"

    def create(self, view: str, cursor: dict[str, Any]) -> tuple[Room, str]:
        key = secrets.token_urlsafe(24)
        while True:
            room = Room(new_code(), hash_key(key), view, cursor)
            if self.redis.set(self._key(room.code), json.dumps(asdict(room)), nx=True, ex=self.ttl):
                return room, key

    def get(self, code: str) -> Room | None:
        raw = self.redis.get(self._key(code))
        return Room(**json.loads(raw)) if raw else None

    def change(self, code: str, key: str, seq: int, **changes: Any) -> Room | None:
        result: list[Room | None] = []

        def attempt(pipe: Any) -> None:
            raw = pipe.get(self._key(code))
            if raw is None:
                raise NoSuchRoom(ENDED)
            room = Room(**json.loads(raw))
            fresh = _apply(room, key, seq, changes, time.time())
            pipe.multi()
            if fresh:
                pipe.set(self._key(code), json.dumps(asdict(room)), ex=self.ttl)
                pipe.expire(self._members_key(code), self.ttl)
            result[:] = [room if fresh else None]

        self.redis.transaction(attempt, self._key(code))
        return result[0]

    def resume(self, code: str, key: str) -> Room:
        room = self.get(code)
        if room is None:
            raise NoSuchRoom(ENDED)
        check_key(room, key)
        self.redis.expire(self._key(code), self.ttl)
        self.redis.expire(self._members_key(code), self.ttl)
        return room

    def abandon(self, code: str) -> None:
        """The presenter's last connection (on this instance) closed: the room's keys now
        expire after ``abandoned_seconds`` unless a ``resume`` renews them."""
        pipe = self.redis.pipeline(transaction=False)
        pipe.expire(self._key(code), self.abandoned_ttl)
        pipe.expire(self._members_key(code), self.abandoned_ttl)
        pipe.execute()

    def end(self, code: str, key: str) -> None:
        room = self.get(code)
        if room is None:
            raise NoSuchRoom(ENDED)
        check_key(room, key)
        self.redis.delete(self._key(code), self._members_key(code))

    def _members_key(self, code: str) -> str:
        return f"{self.PREFIX}{code}:members"

    def join(self, code: str, member: str) -> int:
        if not self.redis.exists(self._key(code)):
            raise NoSuchRoom(ENDED)
        members = self._members_key(code)
        pipe = self.redis.pipeline()
        pipe.sadd(members, member)
        pipe.expire(members, self.ttl)
        pipe.scard(members)
        return int(pipe.execute()[-1])

    def leave(self, code: str, member: str) -> int:
        members = self._members_key(code)
        pipe = self.redis.pipeline()
        pipe.srem(members, member)
        pipe.scard(members)
        return int(pipe.execute()[-1])

    def audience(self, code: str) -> int:
        return int(self.redis.scard(self._members_key(code)))

    def alive(self, codes: Iterable[str]) -> set[str]:
        """Which of ``codes`` are rooms that have neither ended nor expired (one round trip)."""
        codes = list(codes)
        pipe = self.redis.pipeline(transaction=False)
        for code in codes:
            pipe.exists(self._key(code))
        return {code for code, found in zip(codes, pipe.execute(), strict=True) if found}
