"""Lecture questions in Redis (``RedisQuestions``), shared by every app instance: the same
interface, contract and caps as ``MemoryQuestions`` in questions.py.

Beside the room, per room: a hash for its question (``asked``, ``id``, ``revealed``,
``body``), one of answers by student (``address`` then the fields, one a line), one of counts
by field, one of tallies (``entries`` and, per address, its students ``a:<address>`` and
their fields ``m:<address>``), and the set of
departed students. Keys live ``idle_seconds`` after the presenter's last question message
(answers renew their own); ending the lecture deletes them.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from .questions import NOT_OPEN, REVEALED, AnswerCaps, Question, tally_body, too_many_questions
from .rooms import RedisRooms, RoomError

# Answer atomically, whichever instance a student is on: check that the question is open and
# not revealed and that the caps allow it, take back the student's previous fields, count the
# new ones. KEYS: question, answers, counts, tallies, departed. ARGV: the question id, the
# student, the fields (one a line), the time to live, the address, the per-address cap, the
# number of fields, the cap on fields, the cap on one address's fields (tallied as m:<address>).
ANSWER_SCRIPT = r"""
local question = redis.call('HMGET', KEYS[1], 'id', 'revealed')
if question[1] ~= ARGV[1] then return 'closed' end
if question[2] == '1' then return 'revealed' end
local old = redis.call('HGET', KEYS[2], ARGV[2])
local old_address = false
local old_fields = {}
if old then
  for line in string.gmatch(old, '[^\n]+') do
    if old_address then table.insert(old_fields, line) else old_address = line end
  end
end
local address = ARGV[5]
if old_address ~= address then
  if tonumber(redis.call('HGET', KEYS[4], 'a:' .. address) or '0') >= tonumber(ARGV[6]) then
    return 'address'
  end
end
local same = 0
if old_address == address then same = #old_fields end
local marks = tonumber(redis.call('HGET', KEYS[4], 'm:' .. address) or '0')
if marks - same + tonumber(ARGV[7]) > tonumber(ARGV[9]) then return 'address-marks' end
local entries = tonumber(redis.call('HGET', KEYS[4], 'entries') or '0')
if entries - #old_fields + tonumber(ARGV[7]) > tonumber(ARGV[8]) then return 'full' end
if old then
  for _, name in ipairs(old_fields) do
    if redis.call('HINCRBY', KEYS[3], name, -1) <= 0 then redis.call('HDEL', KEYS[3], name) end
  end
  redis.call('HINCRBY', KEYS[4], 'a:' .. old_address, -1)
  redis.call('HINCRBY', KEYS[4], 'm:' .. old_address, -#old_fields)
end
for name in string.gmatch(ARGV[3], '[^\n]+') do redis.call('HINCRBY', KEYS[3], name, 1) end
redis.call('HINCRBY', KEYS[4], 'a:' .. address, 1)
redis.call('HINCRBY', KEYS[4], 'm:' .. address, tonumber(ARGV[7]))
redis.call('HINCRBY', KEYS[4], 'entries', tonumber(ARGV[7]) - #old_fields)
redis.call('HSET', KEYS[2], ARGV[2], address .. '\n' .. ARGV[3])
redis.call('SREM', KEYS[5], ARGV[2])
for i = 2, 5 do redis.call('EXPIRE', KEYS[i], ARGV[4]) end
return 'ok'
"""

# The reveal drops departed students' answers. KEYS: answers, counts, departed.
DROP_DEPARTED_SCRIPT = r"""
for _, student in ipairs(redis.call('SMEMBERS', KEYS[3])) do
  local old = redis.call('HGET', KEYS[1], student)
  if old then
    local first = true
    for line in string.gmatch(old, '[^\n]+') do
      if first then first = false
      elseif redis.call('HINCRBY', KEYS[2], line, -1) <= 0 then redis.call('HDEL', KEYS[2], line)
      end
    end
    redis.call('HDEL', KEYS[1], student)
  end
end
redis.call('DEL', KEYS[3])
return 'ok'
"""

# A student whose connections are gone: departed, if they answered. KEYS: answers, departed.
DEPART_SCRIPT = r"""
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then
  redis.call('SADD', KEYS[2], ARGV[1])
  redis.call('EXPIRE', KEYS[2], ARGV[2])
end
return 'ok'
"""

REFUSALS = {b"closed": NOT_OPEN, b"revealed": REVEALED}


class RedisQuestions:
    def __init__(self, client: Any, idle_seconds: float, per_room: int, caps: AnswerCaps):
        self.redis = client
        self.ttl = max(1, int(idle_seconds))
        self.per_room = per_room
        self.caps = caps
        self.answer_script = client.register_script(ANSWER_SCRIPT)
        self.drop_departed = client.register_script(DROP_DEPARTED_SCRIPT)
        self.depart_script = client.register_script(DEPART_SCRIPT)

    def _keys(self, code: str) -> tuple[str, str, str, str, str]:
        base = f"{RedisRooms.PREFIX}{code}"
        return (
            f"{base}:question",
            f"{base}:answers",
            f"{base}:counts",
            f"{base}:tallies",
            f"{base}:departed",
        )

    def ask(self, code: str, body: str) -> Question:
        question = Question(secrets.token_urlsafe(6), body)
        key, *answer_keys = self._keys(code)

        def attempt(pipe: Any) -> None:
            asked = int(pipe.hget(key, "asked") or 0)
            if asked >= self.per_room:
                raise too_many_questions(self.per_room)
            pipe.multi()
            pipe.delete(*answer_keys)
            pipe.hset(
                key, mapping={"asked": asked + 1, "id": question.id, "revealed": 0, "body": body}
            )
            pipe.expire(key, self.ttl)

        self.redis.transaction(attempt, key)
        return question

    def get(self, code: str) -> Question | None:
        number, revealed, body = self.redis.hmget(self._keys(code)[0], "id", "revealed", "body")
        if number is None:
            return None
        return Question(number.decode(), body.decode(), revealed=revealed == b"1")

    def answer(
        self, code: str, question: str, student: str, fields: tuple[str, ...], address: str
    ) -> None:
        args = [question, student, "\n".join(fields), self.ttl, address]
        args += [self.caps.per_address, len(fields), self.caps.entries]
        args += [self.caps.address_marks]
        result = self.answer_script(keys=self._keys(code), args=args)
        if result in REFUSALS:
            raise RoomError(REFUSALS[result])
        if result == b"address":
            raise self.caps.address_refusal()
        if result == b"address-marks":
            raise self.caps.address_marks_refusal()
        if result == b"full":
            raise self.caps.full_refusal()

    def depart(self, code: str, student: str) -> None:
        _, answers, _, _, departed = self._keys(code)
        self.depart_script(keys=[answers, departed], args=[student, self.ttl])

    def arrive(self, code: str, student: str) -> None:
        self.redis.srem(self._keys(code)[4], student)

    def reveal(self, code: str, question: str) -> None:
        self._change(code, question, lambda pipe, key: pipe.hset(key, "revealed", 1))
        _, answers, counts, _, departed = self._keys(code)
        self.drop_departed(keys=[answers, counts, departed])

    def close(self, code: str, question: str) -> None:
        def remove(pipe: Any, key: str) -> None:
            pipe.hdel(key, "id", "revealed", "body")
            pipe.delete(*self._keys(code)[1:])

        self._change(code, question, remove)

    def _change(self, code: str, question: str, change: Callable[[Any, str], None]) -> None:
        """``change`` the question if ``question`` is still the open one (checked in a
        transaction, so a question asked meanwhile is never the one changed)."""
        key = self._keys(code)[0]

        def attempt(pipe: Any) -> None:
            if pipe.hget(key, "id") != question.encode():
                raise RoomError(NOT_OPEN)
            pipe.multi()
            change(pipe, key)
            pipe.expire(key, self.ttl)

        self.redis.transaction(attempt, key)

    def tally(self, code: str) -> dict[str, Any] | None:
        key, answers, counts, _, _ = self._keys(code)
        pipe = self.redis.pipeline()
        pipe.hget(key, "id")
        pipe.hlen(answers)
        pipe.hgetall(counts)
        number, answered, fields = pipe.execute()
        if number is None:
            return None
        return tally_body(
            number.decode(), answered, ((n.decode(), int(c)) for n, c in fields.items())
        )

    def forget(self, code: str) -> None:
        self.redis.delete(*self._keys(code))
