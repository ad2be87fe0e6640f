"""The limits of lecture mode: how many rooms, how many requests, how often counts go out.

One instance serves a whole class, so no one connection, address or burst of joins may use
it up. The settings are in app/config.py; docs/protocol.md ("Lecture mode") has the contract.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ..engine.errors import N_, Message
from ..realtime.runs import TokenBucket
from ..realtime.sockets import socketio
from .rooms import Room, RoomError, Rooms
from .stores import OUTAGE, STORE_ERRORS

log = logging.getLogger(__name__)


class RoomQuota:
    """Rooms alive, counted by the connection and the client address that created them, and
    in all of this process, with the bytes of their views (``view_bytes`` in all).

    A room counts until it ends (``end``) or expires (idle, or abandoned by its presenter),
    even after its creator disconnects: a presenter who reloads resumes the same room from a
    new connection, which creates nothing.
    Ended and expired rooms are found lazily: only when a cap would refuse are the records
    checked against the store (one call), so creating a room usually costs no extra trip.
    """

    def __init__(
        self,
        per_connection: int,
        per_address: int,
        per_process: int,
        alive: Callable[[Iterable[str]], set[str]],
        view_bytes: int | None = None,
    ):
        self.per_connection = per_connection
        self.per_address = per_address
        self.per_process = per_process
        self.view_bytes = view_bytes
        self.alive = alive
        self.lock = threading.Lock()
        self.owners: dict[str, tuple[str, str]] = {}  # room code -> (sid, address)
        self.sizes: dict[str, int] = {}  # room code -> its view's bytes

    def create(
        self, sid: str, address: str, make: Callable[[], tuple[Room, str]], size: int = 0
    ) -> tuple[Room, str]:
        """``make()`` a room (its view of ``size`` bytes) if every cap allows it, and count it."""
        with self.lock:
            refusal = self._refusal(sid, address, size)
            if refusal is not None:
                self._forget_gone()
                refusal = self._refusal(sid, address, size)
            if refusal is not None:
                raise RoomError(refusal)
            room, key = make()
            self.owners[room.code] = (sid, address)
            self.sizes[room.code] = size
            return room, key

    def resize(self, code: str, size: int, change: Callable[[], Any]) -> Any:
        """``change()`` room ``code``'s view to one of ``size`` bytes, if the budget allows."""
        with self.lock:
            if self._over_budget(size - self.sizes.get(code, 0)):
                self._forget_gone()
                if self._over_budget(size - self.sizes.get(code, 0)):
                    raise RoomError(self._budget_refusal())
            changed = change()
            if changed is not None and code in self.sizes:
                self.sizes[code] = size
            return changed

    def release(self, code: str) -> None:
        """The room ended: it no longer counts."""
        with self.lock:
            self.owners.pop(code, None)
            self.sizes.pop(code, None)

    def _forget_gone(self) -> None:
        alive = self.alive(list(self.owners))
        self.owners = {code: owner for code, owner in self.owners.items() if code in alive}
        self.sizes = {code: size for code, size in self.sizes.items() if code in alive}

    def _over_budget(self, more: int) -> bool:
        return self.view_bytes is not None and sum(self.sizes.values()) + more > self.view_bytes

    def _budget_refusal(self) -> Message:
        return Message(
            N_(
                "this server's lecture rooms hold all the views they may ({limit} bytes); try "
                "again later, or with a smaller tree"
            ),
            limit=f"{self.view_bytes:,}",
        )

    def _refusal(self, sid: str, address: str, size: int = 0) -> Message | None:
        owners = self.owners.values()
        if sum(1 for owner in owners if owner[0] == sid) >= self.per_connection:
            return Message(
                N_("too many lecture rooms from this connection ({limit}); end one first"),
                limit=self.per_connection,
            )
        if sum(1 for owner in owners if owner[1] == address) >= self.per_address:
            return Message(
                N_(
                    "too many lecture rooms from your network address ({limit}); end one first "
                    "or try again later"
                ),
                limit=self.per_address,
            )
        if len(self.owners) >= self.per_process:
            return Message(
                N_("this server holds too many lecture rooms ({limit}); try again later"),
                limit=self.per_process,
            )
        if self._over_budget(size):
            return self._budget_refusal()
        return None


class Budgets:
    """Per-connection token buckets, one per kind of message; dropped when it disconnects."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.buckets: dict[str, dict[str, TokenBucket]] = {}

    def take(self, sid: str, kind: str, capacity: int, period: float) -> bool:
        with self.lock:
            mine = self.buckets.setdefault(sid, {})
            bucket = mine.get(kind) or mine.setdefault(kind, TokenBucket(capacity, period))
            return bucket.take()

    def forget(self, sid: str) -> None:
        with self.lock:
            self.buckets.pop(sid, None)


class AddressBudget:
    """A token bucket per client address (``capacity`` per ``period``), for what one address
    may do across all its connections; buckets full again are dropped when many are kept."""

    SWEEP_AT = 1024

    def __init__(self, capacity: int, period: float, clock: Callable[[], float] = time.monotonic):
        self.capacity = capacity
        self.period = period
        self.clock = clock
        self.lock = threading.Lock()
        self.buckets: dict[str, TokenBucket] = {}

    def take(self, address: str) -> bool:
        with self.lock:
            bucket = self.buckets.get(address)
            if bucket is None:
                if len(self.buckets) >= self.SWEEP_AT:
                    self._sweep()
                bucket = self.buckets[address] = TokenBucket(self.capacity, self.period, self.clock)
            return bucket.take()

    def _sweep(self) -> None:
        now = self.clock()
        for address in [a for a, b in self.buckets.items() if now - b.updated >= self.period]:
            del self.buckets[address]


class AudienceCounts:
    """Audience counts to each room's presenter, at most ``rate`` a second per room.

    The first ``rate`` changes go out at once (students trickling in are shown one by one);
    later changes are merged, and one message follows a window (1/``rate`` s) later. Counts
    are read from the store when sent, and sends are serialised, so the last message a
    presenter gets carries the current count.
    """

    SWEEP_AT = 256  # rooms tracked before idle ones are dropped
    WHAT = "the audience"  # what is sent, for the log

    def __init__(
        self,
        rate: int,
        count: Callable[[str], int],
        send: Callable[[str, int], None],
        clock: Callable[[], float] = time.monotonic,
    ):
        self.rate = rate
        self.count = count
        self.send = send
        self.clock = clock
        self.lock = threading.Lock()
        self.buckets: dict[str, TokenBucket] = {}
        self.pending: set[str] = set()

    def changed(self, code: str) -> None:
        """Someone joined or left room ``code``: tell its presenter now or after the window."""
        with self.lock:
            if code in self.pending:  # the coming message will carry this change too
                return
            bucket = self.buckets.get(code)
            if bucket is None:
                self._sweep()
                bucket = self.buckets[code] = TokenBucket(self.rate, 1.0, self.clock)
            if bucket.take():
                self._send(code)
                return
            self.pending.add(code)
        socketio.start_background_task(self._send_later, code)

    def forget(self, code: str) -> None:
        """The room ended: a merged count still waiting is not sent."""
        with self.lock:
            self.pending.discard(code)
            self.buckets.pop(code, None)

    def _send_later(self, code: str) -> None:
        socketio.sleep(1 / self.rate)
        with self.lock:
            if code not in self.pending:
                return
            self.pending.discard(code)
            bucket = self.buckets.get(code)
            if bucket is not None:
                bucket.take()  # a token has refilled during the wait: spend it
            self._send(code)

    def _send(self, code: str) -> None:
        try:
            self.send(code, self.count(code))
        except STORE_ERRORS as err:  # the store or the queue is down: one warning per outage
            OUTAGE.failed(err)
        except Exception:  # a count is worth a log line, never a failed join or leave
            log.exception("could not send %s of lecture %s", self.WHAT, code)

    def _sweep(self) -> None:
        """Drop rooms whose bucket is full again (idle for a second): a new one is the same."""
        if len(self.buckets) < self.SWEEP_AT:
            return
        now = self.clock()
        for code in [c for c, b in self.buckets.items() if now - b.updated >= 1.0]:
            if code not in self.pending:
                del self.buckets[code]


class AnswerUpdates(AudienceCounts):
    """Answer counts to each room's presenter, merged exactly as audience counts are: ``count``
    reads the room's counts (or None, sent as nothing) when they go out, so the last message
    carries the current counts."""

    WHAT = "the answers"


class LectureLimits:
    """All of a lecture app's limits, built from its settings."""

    def __init__(
        self,
        config: Mapping[str, Any],
        rooms: Rooms,
        send: Callable[[str, int], None],
        answers: Callable[[str], Any],
        send_answers: Callable[[str, Any], None],
    ):
        self.quota = RoomQuota(
            config["PRUNE_LECTURE_ROOMS_PER_CONNECTION"],
            config["PRUNE_LECTURE_ROOMS_PER_ADDRESS"],
            config["PRUNE_LECTURE_ROOMS_PER_PROCESS"],
            rooms.alive,
            config["PRUNE_LECTURE_VIEW_BYTES"],
        )
        self.counts = AudienceCounts(
            config["PRUNE_LECTURE_AUDIENCE_PER_SECOND"], rooms.audience, send
        )
        self.budgets = Budgets()
        burst = config["PRUNE_LECTURE_REQUEST_BURST"]
        self.request_budget = (burst, burst / config["PRUNE_LECTURE_REQUESTS_PER_SECOND"])
        self.messages_per_second = config["PRUNE_LECTURE_MESSAGES_PER_SECOND"]
        self.answers = AnswerUpdates(
            config["PRUNE_LECTURE_ANSWER_UPDATES_PER_SECOND"], answers, send_answers
        )
        self.answers_per_minute = config["PRUNE_LECTURE_ANSWERS_PER_MINUTE"]
        self.guesses_per_minute = config["PRUNE_LECTURE_CODE_GUESSES_PER_MINUTE"]
        self.guesses = AddressBudget(self.guesses_per_minute, 60.0)

    def request(self, sid: str) -> None:
        """start, join, leave, resume, end: a small budget (each guess at a code is one)."""
        if not self.budgets.take(sid, "request", *self.request_budget):
            raise RoomError(Message(N_("too many lecture requests; wait a moment")))

    def message(self, sid: str) -> None:
        """A presenter's cursor, view, question, reveal or close."""
        if not self.budgets.take(sid, "message", self.messages_per_second, 1.0):
            raise RoomError(Message(N_("too many lecture messages; slow down")))

    def answer(self, sid: str) -> None:
        """A student's answer: a budget per minute, roomy enough to change one's mind."""
        if not self.budgets.take(sid, "answer", self.answers_per_minute, 60.0):
            raise RoomError(
                Message(
                    N_("too many answers ({limit} a minute); wait a moment"),
                    limit=self.answers_per_minute,
                )
            )

    def wrong_code(self, address: str) -> None:
        """A join named no room: one guess of the address's budget (a class joining a room
        that exists spends nothing). Raises once the address has guessed too often."""
        if not self.guesses.take(address):
            raise RoomError(
                Message(
                    N_(
                        "too many lecture codes that name no room from your network address "
                        "({limit} a minute); check the code and wait a moment"
                    ),
                    limit=self.guesses_per_minute,
                )
            )
