"""Where lecture rooms, questions and drills are kept, and what happens when that place or the
message queue cannot be reached.

- The lecture file (SQLite, ``PRUNE_LECTURE_DATABASE`` or ``instance/lecture.sqlite3``), the
  default: a worker killed and replaced, or a server restarted on the same instance folder,
  takes every room up where it was (sqlite_db.py).
- Redis, when ``MESSAGE_QUEUE`` shares rooms and broadcasts between instances.
- Memory (``PRUNE_LECTURE_STORE=memory``): nothing outlives the process (for tests and
  throwaway servers).

A store that cannot be reached (Redis down, the file locked for longer than its busy
timeout) or a broadcast that cannot be published is answered with ``lecture_error``
``UNAVAILABLE``, and logged as one warning line per outage, never a traceback per message.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from pathlib import Path
from typing import Any

from redis.exceptions import RedisError

from ..engine.errors import N_
from ..realtime.message_queue import QueueUnavailable
from .drills import Drills, RoomDrills
from .questions import AnswerCaps, MemoryQuestions, Questions
from .redis_drills import RedisDrills
from .redis_questions import RedisQuestions
from .rooms import MemoryRooms, RedisRooms, RoomError, Rooms
from .sqlite_db import LectureDatabase
from .sqlite_drills import SqliteDrills
from .sqlite_questions import SqliteQuestions
from .sqlite_rooms import SqliteRooms

log = logging.getLogger(__name__)
STORE_ERRORS = (RedisError, sqlite3.OperationalError, QueueUnavailable)
UNAVAILABLE = N_(
    "the lecture server cannot reach its store right now, so nothing was changed; "
    "try again in a few seconds"
)
REDIS_TIMEOUT_SECONDS = 3  # a Redis that does not answer is an error, never a hang


def make_stores(app) -> tuple[Rooms, Questions, Drills]:
    """The app's rooms, questions and drills, all in one place (see the module's header)."""
    config = app.config
    idle = config["PRUNE_LECTURE_IDLE_SECONDS"]
    abandoned = config["PRUNE_LECTURE_ABANDONED_SECONDS"]
    per_room = config["PRUNE_LECTURE_QUESTIONS_PER_ROOM"]
    caps = AnswerCaps(
        config["PRUNE_LECTURE_STUDENTS_PER_ADDRESS"],
        config["PRUNE_LECTURE_ANSWER_MARKS"],
        config["PRUNE_LECTURE_ANSWER_MARKS_PER_ADDRESS"],
    )
    queue = config.get("MESSAGE_QUEUE")
    if queue:
        import redis

        client = redis.Redis.from_url(
            queue,
            socket_timeout=REDIS_TIMEOUT_SECONDS,
            socket_connect_timeout=REDIS_TIMEOUT_SECONDS,
        )
        return (
            RedisRooms(client, idle, abandoned),
            RedisQuestions(client, idle, per_room, caps),
            RedisDrills(client, idle),
        )
    if config.get("PRUNE_LECTURE_STORE") == "memory":
        return MemoryRooms(idle, abandoned), MemoryQuestions(idle, per_room, caps), RoomDrills()
    path = config.get("PRUNE_LECTURE_DATABASE") or Path(app.instance_path) / "lecture.sqlite3"
    db = LectureDatabase(path)
    return (
        SqliteRooms(db, idle, abandoned),
        SqliteQuestions(db, idle, per_room, caps),
        SqliteDrills(db, idle),
    )


class Outage:
    """Whether this process's lecture store is failing: one warning when it starts failing,
    one when it works again."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.failing = False

    def failed(self, error: BaseException) -> RoomError:
        """The refusal to send for ``error``, logged once per outage."""
        with self.lock:
            first, self.failing = not self.failing, True
        if first:
            log.warning("lecture store unavailable (%s: %s)", type(error).__name__, error)
        return RoomError(UNAVAILABLE)

    def worked(self) -> None:
        if self.failing:
            with self.lock:
                back, self.failing = self.failing, False
            if back:
                log.warning("lecture store available again")


OUTAGE = Outage()


def quietly(action: Any, *args: Any) -> Any:
    """``action(*args)``, or None if the store is unreachable (logged once per outage): for
    what no one waits on (a disconnect's leave, a count sent later)."""
    try:
        result = action(*args)
    except STORE_ERRORS as err:
        OUTAGE.failed(err)
        return None
    OUTAGE.worked()
    return result
