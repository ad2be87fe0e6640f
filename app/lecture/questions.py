"""Lecture questions: the presenter asks about a tree, students answer, the presenter sees
counts.

A room has at most one open question. Answers are anonymous: each is kept under its
student's key (a browser tab's random token, else the connection), only as the few *fields*
the presenter's counts need (each pruned path, the root value, the move), and only the counts
ever leave the server. Counts are kept up to date as answers arrive (an answer that replaces
one first takes the old one's fields back), so reading them costs the number of distinct
fields, not the number of students.

Bounded (``AnswerCaps``): one answer per student; at most ``per_address`` students answer one
question from one client address, so one address cannot inflate the counts beyond it; at most
``entries`` fields are kept for one question in all (the room's answer memory), and at most
``marks_per_address`` of them (half, by default) come from one address, so one address cannot
fill the question and lock the others out of answering. A student
whose connections have all gone is *departed*: their answer counts until the reveal, which
drops it.

Three stores share one interface, as rooms do: ``SqliteQuestions`` (sqlite_questions.py, the
default), ``RedisQuestions`` (redis_questions.py) when instances share rooms through Redis
(students may answer on another instance than the presenter's), and ``MemoryQuestions`` here.
The contract is in docs/protocol.md, "Lecture questions".
"""

from __future__ import annotations

import secrets
import threading
import time
import weakref
from collections import Counter, OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from ..engine import Limits
from ..engine.errors import N_, Message
from ..practice.answers import read_answer
from ..practice.truth import Truth
from .rooms import RoomError, Rooms

NOT_OPEN = N_("that question is not open (the presenter may have closed or replaced it)")
REVEALED = N_("the answer has been revealed")
ADDRESS_ANSWERED = N_(
    "too many students from your network address have answered ({limit}); ask your teacher"
)
ADDRESS_MARKS = N_(
    "the answers from your network address hold their share of this question ({limit} marks); "
    "send a shorter answer"
)
QUESTION_FULL = N_(
    "this question holds as many answers as it can ({limit} marks in all); send a shorter answer"
)
CAPPED = ("pruned", "values", "windows")
TRUTH_NODES = 100_000  # nodes of the question traces an instance keeps (~50 MB at most)
# The longest JSON of one number (-1.2345678901234567e+308) and of the fixed parts of an answer.
NUMBER_CHARS = 24
ANSWER_FRAME_CHARS = 256


@dataclass(frozen=True)
class AnswerCaps:
    """How many students may answer one question from one address, and how many answer
    fields one question keeps in all."""

    per_address: int
    entries: int
    marks_per_address: int = 0  # 0: half of ``entries``

    @property
    def address_marks(self) -> int:
        """The most marks one address may hold."""
        return self.marks_per_address or self.entries // 2

    def address_refusal(self) -> RoomError:
        return RoomError(Message(ADDRESS_ANSWERED, limit=self.per_address))

    def address_marks_refusal(self) -> RoomError:
        return RoomError(Message(ADDRESS_MARKS, limit=f"{self.address_marks:,}"))

    def full_refusal(self) -> RoomError:
        return RoomError(Message(QUESTION_FULL, limit=f"{self.entries:,}"))


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
            raise RoomError(
                Message(
                    N_("{name} has {count} entries; the tree has {nodes} nodes"),
                    name=name,
                    count=f"{len(entries):,}",
                    nodes=f"{nodes:,}",
                )
            )
    answer = read_answer(given, truth, limits)
    pruned = sorted(".".join(map(str, truth.path_of(row))) for row in answer.pruned)
    root = answer.values.get(0)
    return (
        *(f"p:{path}" for path in pruned),
        *([] if root is None else [f"v:{_number_text(root)}"]),
        *([] if answer.best_move is None else [f"m:{answer.best_move}"]),
    )


def full_answer_chars(truth: Truth) -> int:
    """The most a complete answer about ``truth``'s tree needs, as compact JSON: every node
    crossed out, with a value and a window, and the move. A longer answer says nothing more."""
    total = ANSWER_FRAME_CHARS
    for row in range(len(truth.nodes)):
        path = len(".".join(map(str, truth.path_of(row))))
        # "p",  "p":v,  "p":[a,b],
        total += (path + 3) + (path + 4 + NUMBER_CHARS) + (path + 6 + 2 * NUMBER_CHARS)
    return total


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
        self.sizes: weakref.WeakKeyDictionary[Truth, int] = weakref.WeakKeyDictionary()

    def full_answer_chars(self, truth: Truth) -> int:
        """``full_answer_chars(truth)``, computed once per trace."""
        with self.lock:
            size = self.sizes.get(truth)
        if size is None:
            size = full_answer_chars(truth)
            with self.lock:
                self.sizes[truth] = size
        return size

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


def tally_body(question: str, answered: int, counts: Iterable[tuple[str, int]]) -> dict[str, Any]:
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
    def answer(
        self, code: str, question: str, student: str, fields: tuple[str, ...], address: str
    ) -> None: ...
    def depart(self, code: str, student: str) -> None: ...
    def arrive(self, code: str, student: str) -> None: ...
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


def too_many_questions(per_room: int) -> RoomError:
    return RoomError(
        Message(
            N_("this lecture has asked its {limit} questions; start a new lecture to ask more"),
            limit=per_room,
        )
    )


@dataclass
class _Asked:
    """One room's questions in memory: how many were asked, the open one and its answers
    (student -> (address, fields)), their counts by field, by address and in all, the
    departed students, and one shared copy of each field's text."""

    touched: float
    asked: int = 0
    question: Question | None = None
    answers: dict[str, tuple[str, tuple[str, ...]]] = field(default_factory=dict)
    counts: Counter[str] = field(default_factory=Counter)
    by_address: Counter[str] = field(default_factory=Counter)
    marks_by_address: Counter[str] = field(default_factory=Counter)
    entries: int = 0
    departed: set[str] = field(default_factory=set)
    names: dict[str, str] = field(default_factory=dict)

    def take_back(self, student: str) -> None:
        """Remove ``student``'s answer from the counts."""
        popped = self.answers.pop(student, None)
        if popped is None:
            return
        address, old = popped
        self.counts.subtract(old)
        for name in old:
            if self.counts[name] <= 0:
                del self.counts[name]
                self.names.pop(name, None)
        self.by_address[address] -= 1
        if self.by_address[address] <= 0:
            del self.by_address[address]
        self.marks_by_address[address] -= len(old)
        if self.marks_by_address[address] <= 0:
            del self.marks_by_address[address]
        self.entries -= len(old)


class MemoryQuestions:
    """Questions in this process's memory; a room's are gone ``idle_seconds`` after the
    presenter last asked, revealed or closed one (as in Redis), or when the lecture ends."""

    def __init__(
        self,
        idle_seconds: float,
        per_room: int,
        caps: AnswerCaps,
        clock: Callable[[], float] = time.time,
    ):
        self.idle_seconds = idle_seconds
        self.per_room = per_room
        self.caps = caps
        self.clock = clock
        self._rooms: dict[str, _Asked] = {}
        self._lock = threading.Lock()

    def ask(self, code: str, body: str) -> Question:
        with self._lock:
            self._expire()
            room = self._rooms.setdefault(code, _Asked(self.clock()))
            if room.asked >= self.per_room:
                raise too_many_questions(self.per_room)
            question = Question(secrets.token_urlsafe(6), body)
            self._rooms[code] = _Asked(self.clock(), room.asked + 1, question)
            return question

    def get(self, code: str) -> Question | None:
        with self._lock:
            self._expire()
            room = self._rooms.get(code)
            return room.question if room else None

    def answer(
        self, code: str, question: str, student: str, fields: tuple[str, ...], address: str
    ) -> None:
        with self._lock:
            room = self._open(code, question)
            if room.question.revealed:
                raise RoomError(REVEALED)
            old_address, old = room.answers.get(student, (None, ()))
            if old_address != address and room.by_address[address] >= self.caps.per_address:
                raise self.caps.address_refusal()
            same = len(old) if old_address == address else 0
            if room.marks_by_address[address] - same + len(fields) > self.caps.address_marks:
                raise self.caps.address_marks_refusal()
            if room.entries - len(old) + len(fields) > self.caps.entries:
                raise self.caps.full_refusal()
            room.take_back(student)
            fields = tuple(room.names.setdefault(name, name) for name in fields)
            room.counts.update(fields)
            room.answers[student] = (address, fields)
            room.by_address[address] += 1
            room.marks_by_address[address] += len(fields)
            room.entries += len(fields)
            room.departed.discard(student)

    def depart(self, code: str, student: str) -> None:
        with self._lock:
            room = self._rooms.get(code)
            if room is not None and student in room.answers:
                room.departed.add(student)

    def arrive(self, code: str, student: str) -> None:
        with self._lock:
            room = self._rooms.get(code)
            if room is not None:
                room.departed.discard(student)

    def reveal(self, code: str, question: str) -> None:
        with self._lock:
            room = self._open(code, question)
            room.question = replace(room.question, revealed=True)
            room.touched = self.clock()
            for student in room.departed:
                room.take_back(student)
            room.departed.clear()

    def close(self, code: str, question: str) -> None:
        with self._lock:
            room = self._open(code, question)
            self._rooms[code] = _Asked(self.clock(), room.asked)

    def tally(self, code: str) -> dict[str, Any] | None:
        with self._lock:
            room = self._rooms.get(code)
            if room is None or room.question is None:
                return None
            return tally_body(room.question.id, len(room.answers), room.counts.items())

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
