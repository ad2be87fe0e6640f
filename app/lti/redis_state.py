"""The tool's store in Redis, for Prune scaled out (several workers or machines behind a load
balancer): ``PRUNE_LTI_STORE=redis://…``, or, without it, the ``MESSAGE_QUEUE`` Redis the
lecture rooms already share (docs/lti.md, "Operating").

The same contract as ``LtiState`` (state.py), so that a login on one instance and its
launch on another find the same state and nonce, a nonce is claimed once whichever instance
sees the replay, and any instance's loop sends any score of the outbox:

- short-lived values are keys with a time to live; ``claim`` and ``count`` are Lua scripts
  (one atomic step); a claimed value's mark lives as long as the value;
- the class summary is one hash per course (kept ``SCORES_SECONDS`` after its last score);
- a lecture's roster is one hash per room, by the LMS's user id (gone ``seconds`` after its
  last report);
- the outbox is a hash of jobs and a sorted set of their next tries: ``take`` leases a due
  job atomically, so two instances never send the same score at once.

Every key starts with ``prune:lti:``. Scores in the outbox are only as durable as Redis
makes them: run it with ``appendonly yes`` and ``appendfsync always`` (docs/deployment.md).
"""

from __future__ import annotations

import json
import time
from typing import Any

PREFIX = "prune:lti:"
SCORES_SECONDS = 400 * 86400
JOBS, DUE, NEXT_ID = PREFIX + "outbox:jobs", PREFIX + "outbox:due", PREFIX + "outbox:next"

CLAIM = """
local ttl = redis.call('PTTL', KEYS[1])
if ttl <= 0 then return 0 end
if redis.call('SET', KEYS[2], '1', 'NX', 'PX', ttl) then return 1 end
return 0
"""
COUNT = """
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n
"""
# A report without a question keeps the question (and score) the roster had.
NOTE_STUDENT = """
local new = cjson.decode(ARGV[2])
local old = redis.call('HGET', KEYS[1], ARGV[1])
if old and new['question'] == cjson.null then
  local was = cjson.decode(old)
  new['question'] = was['question']; new['given'] = was['given']; new['maximum'] = was['maximum']
end
redis.call('HSET', KEYS[1], ARGV[1], cjson.encode(new))
redis.call('PEXPIRE', KEYS[1], ARGV[3])
"""
TAKE = """
local next_try = redis.call('ZSCORE', KEYS[1], ARGV[1])
if next_try and tonumber(next_try) <= tonumber(ARGV[2]) then
  redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
  return 1
end
return 0
"""


def _ms(seconds: float) -> int:
    return max(1, int(seconds * 1000))


class RedisLtiState:
    """``LtiState``'s methods over one Redis client."""

    def __init__(self, client):
        self.redis = client
        self._claim = client.register_script(CLAIM)
        self._count = client.register_script(COUNT)
        self._note_student = client.register_script(NOTE_STUDENT)
        self._take = client.register_script(TAKE)

    @classmethod
    def from_url(cls, url: str, timeout: float = 3) -> RedisLtiState:
        import redis

        return cls(
            redis.Redis.from_url(url, socket_timeout=timeout, socket_connect_timeout=timeout)
        )

    # Short-lived values

    def put(self, key: str, value: Any, seconds: float) -> None:
        with self.redis.pipeline() as pipe:
            pipe.set(PREFIX + key, json.dumps(value), px=_ms(seconds))
            pipe.delete(PREFIX + "used:" + key)
            pipe.execute()

    def put_new(self, key: str, value: Any, seconds: float) -> bool:
        return bool(self.redis.set(PREFIX + key, json.dumps(value), px=_ms(seconds), nx=True))

    def get(self, key: str) -> Any:
        raw = self.redis.get(PREFIX + key)
        return json.loads(raw) if raw is not None else None

    def claim(self, key: str) -> bool:
        return self._claim(keys=[PREFIX + key, PREFIX + "used:" + key]) == 1

    def count(self, key: str, seconds: float) -> int:
        return int(self._count(keys=[PREFIX + "count:" + key], args=[_ms(seconds)]))

    def forget(self, key: str) -> None:
        self.redis.delete(PREFIX + key, PREFIX + "used:" + key)

    # The class summary

    def note_score(self, course: str, user: str, item: str, name: str, given, maximum) -> None:
        row = {"name": name, "user": user, "item": item, "given": given, "maximum": maximum}
        key = PREFIX + "scores:" + course
        with self.redis.pipeline() as pipe:
            pipe.hset(key, json.dumps([user, item]), json.dumps({**row, "at": time.time()}))
            pipe.expire(key, SCORES_SECONDS)
            pipe.execute()

    def course_scores(self, course: str, limit: int = 2000) -> list[dict[str, Any]]:
        rows = [json.loads(raw) for raw in self.redis.hvals(PREFIX + "scores:" + course)]
        rows.sort(key=lambda row: (row["name"], row["user"], row["item"]))
        return rows[:limit]

    # A lecture's roster

    def note_student(self, room, user, name, question, given, maximum, seconds) -> None:
        row = {"user": user, "name": name, "question": question, "given": given}
        row["maximum"] = maximum
        self._note_student(
            keys=[PREFIX + "roster:" + room], args=[user, json.dumps(row), _ms(seconds)]
        )

    def roster(self, room: str, limit: int = 5000) -> list[dict[str, Any]]:
        rows = [json.loads(raw) for raw in self.redis.hvals(PREFIX + "roster:" + room)]
        return rows[:limit]

    # The outbox of scores

    def enqueue(self, job: dict[str, Any]) -> int:
        job_id = int(self.redis.incr(NEXT_ID))
        record = {"job": job, "attempts": 0, "last_error": None}
        with self.redis.pipeline() as pipe:  # MULTI: the job and its try, or neither
            pipe.hset(JOBS, str(job_id), json.dumps(record))
            pipe.zadd(DUE, {str(job_id): time.time()})
            pipe.execute()
        return job_id

    def _records(self, ids) -> list[tuple[int, dict[str, Any]]]:
        ids = [int(job_id) for job_id in ids]
        raws = self.redis.hmget(JOBS, [str(job_id) for job_id in ids]) if ids else []
        found = [(job_id, json.loads(raw)) for job_id, raw in zip(ids, raws, strict=True) if raw]
        return sorted(found)

    def due(self, limit: int = 100) -> list[tuple[int, dict[str, Any], int]]:
        ids = self.redis.zrangebyscore(DUE, "-inf", time.time(), start=0, num=limit)
        return [(job_id, rec["job"], rec["attempts"]) for job_id, rec in self._records(ids)]

    def waiting(self) -> list[dict[str, Any]]:
        return [{"id": job_id, **rec} for job_id, rec in self._records(self.redis.hkeys(JOBS))]

    def take(self, job_id: int, lease_seconds: float) -> bool:
        now = time.time()
        return self._take(keys=[DUE], args=[str(job_id), now, now + lease_seconds]) == 1

    def make_due(self, job_id: int) -> None:
        self.redis.zadd(DUE, {str(job_id): time.time()}, xx=True)

    def sent(self, job_id: int) -> None:
        with self.redis.pipeline() as pipe:
            pipe.zrem(DUE, str(job_id))
            pipe.hdel(JOBS, str(job_id))
            pipe.execute()

    def failed(self, job_id: int, error: str, retry_in: float) -> None:
        """The job is leased to this instance (``take``): no other writes it meanwhile."""
        raw = self.redis.hget(JOBS, str(job_id))
        if raw is None:
            return
        record = json.loads(raw)
        record.update(attempts=record["attempts"] + 1, last_error=error[:500])
        with self.redis.pipeline() as pipe:
            pipe.hset(JOBS, str(job_id), json.dumps(record))
            pipe.zadd(DUE, {str(job_id): time.time() + retry_in})
            pipe.execute()
