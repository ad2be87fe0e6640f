"""Lecture questions: the presenter asks about a tree, students answer, the presenter sees
counts.

A room has at most one open question. Answers are anonymous: each is kept under its Socket.IO
session id, only as the few *fields* the presenter's counts need (each pruned path, the root
value, the move), and only the counts ever leave the server. Counts are kept up to date as
answers arrive (an answer that replaces one first takes the old one's fields back), so reading
them costs the number of distinct fields, not the number of students.

Two stores share one interface, as rooms do: ``MemoryQuestions`` in this process, and
``RedisQuestions`` when instances share rooms through Redis (students may answer on another
instance than the presenter's). The contract is in docs/protocol.md, "Lecture questions".
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import Counter, OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from ..engine import Limits
from ..practice.answers import read_answer
from ..practice.truth import Truth
from .rooms import RedisRooms, RoomError, Rooms

NOT_OPEN = "that question is not open (the presenter may have closed or replaced it)"
REVEALED = "the answer has been revealed"
CAPPED = ("pruned", "values", "windows")
TRUTH_NODES = 100_000  # nodes of the question traces an instance keeps (~50 MB at most)


@dataclass(frozen=True)
class Question:
    """An asked question: its ``body`` ({"tree", "options"}) is compact JSON text, sent to no
    one in a message: students fetch it once (``href``, app/web/lecture_payloads.py)."""

    id: str
    body: str
    revealed: bool = False

    def public(self, code: str) -> dict[str, Any]:
        return {"id": self.id, "revealed": self.revealed, "href": question_href(code, self.id)}


def question_href(code: str, question: str) -> str:
    return f"/api/lecture/{code}/questions/{question}"


def answer_fields(given: Any, truth: Truth, limits: Limits) -> tuple[str, ...]:
    """The fields of an answer that the counts need: each pruned path, the root's value, the
    move. The answer is read as the grader reads it (app/practice/answers.py), after lecture
    mode's own cap: no list or object with more entries than the tree has nodes."""
    nodes = len(truth.nodes)
    for name in CAPPED:
        entries = given.get(name) if isinstance(given, dict) else None
        if isinstance(entries, list | dict) and len(entries) > nodes:
            raise RoomError(f"{name} has {len(entries):,} entries; the tree has {nodes:,} nodes")
    answer = read_answer(given, truth, limits)
    pruned = sorted(".".join(map(str, truth.path_of(row))) for row in answer.pruned)
    root = answer.values.get(0)
    return (
        *(f"p:{path}" for path in pruned),
        *([] if root is None else [f"v:{_number_text(root)}"]),
        *([] if answer.best_move is None else [f"m:{answer.best_move}"]),
    )


def _number_text(value: int | float) -> str:
    """One text per number, whatever its JSON spelling: 3, 3.0 and 3e0 are all "3"."""
    return str(int(value)) if float(value).is_integer() else repr(float(value))


class Truths:
    """The traces of recent questions (as the grader reads them), by room and question: an
    instance computes each once, when its first answer arrives, however many arrive at once.

    Bounded by their nodes in all (least recently used out; the newest is always kept).
    """

    def __init__(self, max_nodes: int = TRUTH_NODES):
        self.max_nodes = max_nodes
        self.lock = threading.Lock()
        self.kept: OrderedDict[tuple[str, str], Truth] = OrderedDict()
        self.loading: dict[tuple[str, str], threading.Lock] = {}

    def get(self, key: tuple[str, str], load: Callable[[], Truth]) -> Truth:
        with self.lock:
            truth = self._hit(key)
            loading = truth is None and self.loading.setdefault(key, threading.Lock())
        if truth is not None:
            return truth
        try:
            with loading:  # the first computes; the others wait, then find it kept
                with self.lock:
                    truth = self._hit(key)
                if truth is None:
                    truth = load()
                    with self.lock:
                        self._keep(key, truth)
            return truth
        finally:  # also when ``load`` refuses (a question no longer open): nothing stays
            with self.lock:
                self.loading.pop(key, None)

    def _hit(self, key: tuple[str, str]) -> Truth | None:
        truth = self.kept.get(key)
        if truth is not None:
            self.kept.move_to_end(key)
        return truth

    def _keep(self, key: tuple[str, str], truth: Truth) -> None:
        self.kept[key] = truth
        while len(self.kept) > 1 and sum(len(t.nodes) for t in self.kept.values()) > self.max_nodes:
            self.kept.popitem(last=False)


def _tally(question: str, answered: int, counts: Iterable[tuple[str, int]]) -> dict[str, Any]:
    """The presenter's counts, from the stored fields' counts: never one student's answer."""
    by_kind: dict[str, dict[str, int]] = {"p": {}, "v": {}, "m": {}}
    for name, count in counts:
        kind, _, key = name.partition(":")
        if count > 0 and kind in by_kind:
            by_kind[kind][key] = count
    return {
        "question": question,
        "answered": answered,
        "pruned": by_kind["p"],
        "values": by_kind["v"],
        "moves": by_kind["m"],
    }


class Questions(Protocol):
    def ask(self, code: str, body: str) -> Question: ...
    def get(self, code: str) -> Question | None: ...
    def answer(self, code: str, question: str, sid: str, fields: tuple[str, ...]) -> None: ...
    def reveal(self, code: str, question: str) -> None: ...
    def close(self, code: str, question: str) -> None: ...
    def tally(self, code: str) -> dict[str, Any] | None: ...
    def forget(self, code: str) -> None: ...


def answer_counts(questions: Questions, rooms: Rooms, code: str) -> dict[str, Any] | None:
    """What ``lecture:answers`` tells the presenter, or None when no question is open."""
    counts = questions.tally(code)
    if counts is None:
        return None
    return {"room": code, **counts, "students": rooms.audience(code)}


def _too_many_questions(per_room: int) -> RoomError:
    return RoomError(
        f"this lecture has asked its {per_room} questions; start a new lecture to ask more"
    )


@dataclass
class _Asked:
    """One room's questions in memory: how many were asked, the open one and its answers."""

    touched: float
    asked: int = 0
    question: Question | None = None
    answers: dict[str, tuple[str, ...]] = field(default_factory=dict)
    counts: Counter[str] = field(default_factory=Counter)


class MemoryQuestions:
    """Questions in this process's memory; a room's are gone ``idle_seconds`` after the
    presenter last asked, revealed or closed one (as in Redis), or when the lecture ends."""

    def __init__(self, idle_seconds: float, per_room: int, clock: Callable[[], float] = time.time):
        self.idle_seconds = idle_seconds
        self.per_room = per_room
        self.clock = clock
        self._rooms: dict[str, _Asked] = {}
        self._lock = threading.Lock()

    def ask(self, code: str, body: str) -> Question:
        with self._lock:
            self._expire()
            room = self._rooms.setdefault(code, _Asked(self.clock()))
            if room.asked >= self.per_room:
                raise _too_many_questions(self.per_room)
            question = Question(secrets.token_urlsafe(6), body)
            self._rooms[code] = _Asked(self.clock(), room.asked + 1, question)
            return question

    def get(self, code: str) -> Question | None:
        with self._lock:
            self._expire()
            room = self._rooms.get(code)
            return room.question if room else None

    def answer(self, code: str, question: str, sid: str, fields: tuple[str, ...]) -> None:
        with self._lock:
            room = self._open(code, question)
            if room.question.revealed:
                raise RoomError(REVEALED)
            old = room.answers.get(sid, ())
            room.counts.subtract(old)
            for name in old:
                if room.counts[name] <= 0:
                    del room.counts[name]
            room.counts.update(fields)
            room.answers[sid] = fields

    def reveal(self, code: str, question: str) -> None:
        with self._lock:
            room = self._open(code, question)
            room.question = replace(room.question, revealed=True)
            room.touched = self.clock()

    def close(self, code: str, question: str) -> None:
        with self._lock:
            room = self._open(code, question)
            self._rooms[code] = _Asked(self.clock(), room.asked)

    def tally(self, code: str) -> dict[str, Any] | None:
        with self._lock:
            room = self._rooms.get(code)
            if room is None or room.question is None:
                return None
            return _tally(room.question.id, len(room.answers), room.counts.items())

    def forget(self, code: str) -> None:
        with self._lock:
            self._rooms.pop(code, None)

    def _open(self, code: str, question: str) -> _Asked:
        self._expire()
        room = self._rooms.get(code)
        if room is None or room.question is None or room.question.id != question:
            raise RoomError(NOT_OPEN)
        return room

    def _expire(self) -> None:
        cutoff = self.clock() - self.idle_seconds
        for code in [c for c, room in self._rooms.items() if room.touched < cutoff]:
            del self._rooms[code]


# Answer atomically, whichever instance a student is on: check that the question is open and
# not revealed, take back the student's previous fields, count the new ones.
# KEYS: the question, the answers (sid -> fields, one a line), the counts (field -> count).
# ARGV: the question id, the sid, the fields, the time to live.
ANSWER_SCRIPT = r"""
local question = redis.call('HMGET', KEYS[1], 'id', 'revealed')
if question[1] ~= ARGV[1] then return 'closed' end
if question[2] == '1' then return 'revealed' end
local old = redis.call('HGET', KEYS[2], ARGV[2])
if old then
  for name in string.gmatch(old, '[^\n]+') do
    if redis.call('HINCRBY', KEYS[3], name, -1) <= 0 then redis.call('HDEL', KEYS[3], name) end
  end
end
for name in string.gmatch(ARGV[3], '[^\n]+') do redis.call('HINCRBY', KEYS[3], name, 1) end
redis.call('HSET', KEYS[2], ARGV[2], ARGV[3])
redis.call('EXPIRE', KEYS[2], ARGV[4])
redis.call('EXPIRE', KEYS[3], ARGV[4])
return 'ok'
"""


class RedisQuestions:
    """Questions in Redis, beside their room: a hash for the room's question (``asked``,
    ``id``, ``revealed``, ``body``), one of answers by sid, one of counts by field.

    Keys live ``idle_seconds`` after the presenter's last question message (answers renew
    their own); ending the lecture deletes them.
    """

    def __init__(self, client: Any, idle_seconds: float, per_room: int):
        self.redis = client
        self.ttl = max(1, int(idle_seconds))
        self.per_room = per_room
        self.script = client.register_script(ANSWER_SCRIPT)

    def _keys(self, code: str) -> tuple[str, str, str]:
        base = f"{RedisRooms.PREFIX}{code}"
        return f"{base}:question", f"{base}:answers", f"{base}:counts"

    def ask(self, code: str, body: str) -> Question:
        question = Question(secrets.token_urlsafe(6), body)
        key, answers, counts = self._keys(code)

        def attempt(pipe: Any) -> None:
            asked = int(pipe.hget(key, "asked") or 0)
            if asked >= self.per_room:
                raise _too_many_questions(self.per_room)
            pipe.multi()
            pipe.delete(answers, counts)
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

    def answer(self, code: str, question: str, sid: str, fields: tuple[str, ...]) -> None:
        result = self.script(
            keys=self._keys(code), args=[question, sid, "\n".join(fields), self.ttl]
        )
        if result == b"closed":
            raise RoomError(NOT_OPEN)
        if result == b"revealed":
            raise RoomError(REVEALED)

    def reveal(self, code: str, question: str) -> None:
        self._change(code, question, lambda pipe, key: pipe.hset(key, "revealed", 1))

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
        key, answers, counts = self._keys(code)
        pipe = self.redis.pipeline()
        pipe.hget(key, "id")
        pipe.hlen(answers)
        pipe.hgetall(counts)
        number, answered, fields = pipe.execute()
        if number is None:
            return None
        return _tally(number.decode(), answered, ((n.decode(), int(c)) for n, c in fields.items()))

    def forget(self, code: str) -> None:
        self.redis.delete(*self._keys(code))
