"""Lecture drills in Redis (``RedisDrills``), shared by every app instance: the same
interface, contract and caps as ``RoomDrills`` in drills.py, so a student whose connection is
on another instance than the presenter's reports to the same drill and is counted.

Beside the room, per room: a hash for its drill (``id``, ``level``, ``seed``) and one of
results by student (``"<right> <done>"``). Keys live ``idle_seconds`` (the room's idle time)
after the presenter's last drill message or a student's last result; ending the lecture
deletes them.
"""

from __future__ import annotations

import secrets
from typing import Any

from .drills import FULL, MAX_STUDENTS, NOT_OPEN, Drill
from .rooms import RedisRooms, RoomError

# Report atomically, whichever instance a student is on: check that the drill is still the
# room's and that the cap leaves room for a new student, then keep the result. KEYS: drill,
# results. ARGV: the drill id, the student, "<right> <done>", the cap, the time to live.
REPORT_SCRIPT = r"""
if redis.call('HGET', KEYS[1], 'id') ~= ARGV[1] then return 'closed' end
if redis.call('HEXISTS', KEYS[2], ARGV[2]) == 0
    and redis.call('HLEN', KEYS[2]) >= tonumber(ARGV[4]) then
  return 'full'
end
redis.call('HSET', KEYS[2], ARGV[2], ARGV[3])
redis.call('EXPIRE', KEYS[1], ARGV[5])
redis.call('EXPIRE', KEYS[2], ARGV[5])
return 'ok'
"""


class RedisDrills:
    def __init__(self, client: Any, idle_seconds: float, max_students: int = MAX_STUDENTS):
        self.redis = client
        self.ttl = max(1, int(idle_seconds))
        self.max_students = max_students
        self.report_script = client.register_script(REPORT_SCRIPT)

    def _keys(self, code: str) -> tuple[str, str]:
        base = f"{RedisRooms.PREFIX}{code}"
        return f"{base}:drill", f"{base}:drill-results"

    def start(self, code: str, level: str, seed: int) -> Drill:
        """A new drill for the room: the last one and its results are gone at once (one
        transaction, so a result never lands between the two)."""
        drill = Drill(secrets.token_urlsafe(6), level, seed)
        key, results = self._keys(code)
        pipe = self.redis.pipeline()
        pipe.delete(key, results)
        pipe.hset(key, mapping={"id": drill.id, "level": level, "seed": seed})
        pipe.expire(key, self.ttl)
        pipe.execute()
        return drill

    def get(self, code: str) -> Drill | None:
        """The room's drill, without its results."""
        number, level, seed = self.redis.hmget(self._keys(code)[0], "id", "level", "seed")
        if number is None:
            return None
        return Drill(number.decode(), level.decode(), int(seed))

    def report(self, code: str, drill_id: Any, student: str, right: int, done: int) -> None:
        if not isinstance(drill_id, str) or not drill_id.isascii():  # ids are URL-safe text
            raise RoomError(NOT_OPEN)
        args = [drill_id, student, f"{right} {done}", self.max_students, self.ttl]
        result = self.report_script(keys=self._keys(code), args=args)
        if result == b"closed":
            raise RoomError(NOT_OPEN)
        if result == b"full":
            raise RoomError(FULL)

    def tally(self, code: str) -> dict[str, Any] | None:
        """The presenter's counts, from the drill's results (the presenter asks every few
        seconds while a drill runs: the keys live on while they do)."""
        key, results = self._keys(code)
        pipe = self.redis.pipeline()
        pipe.hmget(key, "id", "level", "seed")
        pipe.hgetall(results)
        pipe.expire(key, self.ttl)
        pipe.expire(results, self.ttl)
        (number, level, seed), kept, _, _ = pipe.execute()
        if number is None:
            return None
        drill = Drill(number.decode(), level.decode(), int(seed))
        for student, counts in kept.items():
            right, done = counts.split()
            drill.results[student.decode()] = (int(right), int(done))
        return drill.tally()

    def forget(self, code: str) -> None:
        self.redis.delete(*self._keys(code))
