"""Room state: codes, presenter keys, sequence numbers, audience and expiry, on every store."""

import json

import pytest
import redis

from app.lecture.rooms import (
    CODE_ALPHABET,
    MemoryRooms,
    RedisRooms,
    RoomError,
    normalize_code,
)
from app.lecture.sqlite_db import LectureDatabase
from app.lecture.sqlite_rooms import SqliteRooms

VIEW = json.dumps({"tree": [[3, 12, 8], [2, 4, 6]], "options": {"rule": "standard"}})
CURSOR = {"step": 0, "playing": False, "speed": 1}


def test_create_gives_a_readable_code_and_a_secret_key(rooms):
    room, key = rooms.create(VIEW, CURSOR)
    assert len(room.code) == 6 and set(room.code) <= set(CODE_ALPHABET)
    assert len(key) >= 32 and key not in str(room.public())
    assert rooms.get(room.code).public() == {
        "room": room.code,
        "view": {
            "version": room.view_version,
            "href": f"/api/lecture/{room.code}/views/{room.view_version}",
        },
        "cursor": CURSOR,
        "seq": 0,
    }
    assert rooms.get(room.code).view == VIEW


def test_presenter_changes_with_rising_seq_and_stale_ones_are_dropped(rooms):
    room, key = rooms.create(VIEW, CURSOR)
    assert rooms.change(room.code, key, 2, cursor={"step": 5, "playing": True, "speed": 2}).seq == 2
    assert rooms.change(room.code, key, 1, cursor={"step": 1, "playing": False, "speed": 1}) is None
    assert rooms.change(room.code, key, 2, cursor={"step": 9, "playing": False, "speed": 1}) is None
    assert rooms.get(room.code).cursor["step"] == 5
    first_version = room.view_version
    new_view = json.dumps({"tree": [1, 2], "options": {}})
    rooms.change(room.code, key, 3, view=new_view)
    stored = rooms.get(room.code)
    assert stored.view == new_view and stored.cursor["step"] == 5 and stored.seq == 3
    assert stored.view_version != first_version, "a new view is a new version"


def test_only_the_key_holder_drives(rooms):
    room, _ = rooms.create(VIEW, CURSOR)
    for wrong in ("guess", None, 42):
        with pytest.raises(RoomError, match="only the presenter can drive"):
            rooms.change(room.code, wrong, 1, cursor={"step": 3})
    assert rooms.get(room.code).seq == 0


def test_resume_checks_the_key(rooms):
    room, key = rooms.create(VIEW, CURSOR)
    assert rooms.resume(room.code, key).code == room.code
    with pytest.raises(RoomError, match="only the presenter"):
        rooms.resume(room.code, "nope")
    with pytest.raises(RoomError, match="this lecture has ended"):
        rooms.resume("ZZZZZZ", key)


def test_audience_counts_distinct_members(rooms):
    room, _ = rooms.create(VIEW, CURSOR)
    assert rooms.join(room.code, "a") == 1
    assert rooms.join(room.code, "b") == 2
    assert rooms.join(room.code, "a") == 2
    assert rooms.leave(room.code, "a") == 1
    with pytest.raises(RoomError, match="ended"):
        rooms.join("ZZZZZZ", "a")


def clocked(kind, tmp_path, now, **settings):
    """A store in memory or in a lecture file whose clock reads ``now[0]``."""
    if kind == "memory":
        return MemoryRooms(**settings, clock=lambda: now[0])
    return SqliteRooms(
        LectureDatabase(tmp_path / "lecture.sqlite3"), **settings, clock=lambda: now[0]
    )


@pytest.mark.parametrize("kind", ["memory", "sqlite"])
def test_idle_rooms_expire(kind, tmp_path):
    now = [1000.0]
    rooms = clocked(kind, tmp_path, now, idle_seconds=60)
    room, key = rooms.create(VIEW, CURSOR)
    now[0] += 50
    rooms.change(room.code, key, 1, cursor={"step": 1})
    now[0] += 50
    assert rooms.get(room.code) is not None  # the change kept it alive
    now[0] += 61
    assert rooms.get(room.code) is None
    with pytest.raises(RoomError, match="this lecture has ended"):
        rooms.change(room.code, key, 2, cursor={"step": 2})


def test_idle_rooms_expire_in_redis(redis_url):
    import time

    rooms = RedisRooms(redis.Redis.from_url(redis_url), idle_seconds=1)
    room, _ = rooms.create(VIEW, CURSOR)
    assert rooms.get(room.code) is not None
    time.sleep(2.1)
    assert rooms.get(room.code) is None


@pytest.mark.parametrize("kind", ["memory", "sqlite"])
def test_abandoned_rooms_expire_unless_their_presenter_is_back(kind, tmp_path):
    now = [1000.0]
    rooms = clocked(kind, tmp_path, now, idle_seconds=3600, abandoned_seconds=60)
    left, left_key = rooms.create(VIEW, CURSOR)
    back, back_key = rooms.create(VIEW, CURSOR)
    rooms.abandon(left.code)
    rooms.abandon(back.code)
    now[0] += 50
    rooms.resume(back.code, back_key)  # a reload: the presenter is back
    now[0] += 11
    assert rooms.get(left.code) is None
    assert rooms.get(back.code) is not None
    with pytest.raises(RoomError, match="this lecture has ended"):
        rooms.resume(left.code, left_key)


def test_abandoned_rooms_expire_in_redis(redis_url):
    import time

    rooms = RedisRooms(redis.Redis.from_url(redis_url), idle_seconds=3600, abandoned_seconds=1)
    left, _ = rooms.create(VIEW, CURSOR)
    back, back_key = rooms.create(VIEW, CURSOR)
    rooms.abandon(left.code)
    rooms.abandon(back.code)
    rooms.resume(back.code, back_key)
    time.sleep(2.1)
    assert rooms.get(left.code) is None
    assert rooms.get(back.code) is not None


@pytest.mark.parametrize("typed", ["abc-def", " ABC DEF ", "AbCdEf"])
def test_codes_are_forgiving_to_type(typed):
    assert normalize_code(typed) == "ABCDEF"


@pytest.mark.parametrize("typed", ["ABC", "ABCDE0", 12, "ABCDEFG"])
def test_bad_codes_are_refused(typed):
    with pytest.raises(RoomError):
        normalize_code(typed)


def test_only_the_presenter_ends_a_room(rooms):
    room, key = rooms.create(VIEW, CURSOR)
    rooms.join(room.code, "a")
    with pytest.raises(RoomError, match="only the presenter"):
        rooms.end(room.code, "guess")
    rooms.end(room.code, key)
    assert rooms.get(room.code) is None and rooms.audience(room.code) == 0
    with pytest.raises(RoomError, match="ended"):
        rooms.end(room.code, key)
