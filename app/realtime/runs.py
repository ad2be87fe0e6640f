"""Per-connection state of the Socket.IO server, and the process's share of search work.

A connection has at most one live run. Starting another, or disconnecting, cancels it; a
cancelled run sends nothing more. ``Run.send`` checks and emits under the connection's lock,
so once ``start`` has returned, the run it replaced can no longer emit: nothing of the old
run follows the new run's acknowledgement.

``SearchSlots`` caps the searches a process streams at once, so a crowd of runs shares the
CPU (and the memory their trees hold) in turns instead of all at once.

The locks are ``threading``'s: under gevent (``gunicorn -k gevent``) the worker has patched
them into greenlet locks, so the same code serves both servers.
"""

from __future__ import annotations

import contextlib
import secrets
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

Emit = Callable[[str, dict[str, Any]], None]


class TokenBucket:
    """``capacity`` runs at once, refilled at ``capacity`` per ``period`` seconds."""

    def __init__(self, capacity: int, period: float, clock: Callable[[], float] = time.monotonic):
        self.capacity = capacity
        self.rate = capacity / period
        self.clock = clock
        self.tokens = float(capacity)
        self.updated = clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.capacity, self.tokens + (now - self.updated) * self.rate)
        self.updated = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Run:
    """One search streaming to one connection."""

    def __init__(self, connection: Connection):
        self.id = secrets.token_urlsafe(9)
        self.connection = connection
        self.cancelled = False

    def send(self, event: str, data: dict[str, Any]) -> bool:
        """Emit unless cancelled; False tells the streaming task to stop."""
        with self.connection.lock:
            if self.cancelled:
                return False
            self.connection.emit(event, data)
            return True


class Connection:
    """A connected client: where its messages go, how many of them wait unread
    (``backlog()``, in bytes), its run budget, and its current run."""

    def __init__(self, emit: Emit, backlog: Callable[[], int], bucket: TokenBucket):
        self.emit = emit
        self.backlog = backlog
        self.bucket = bucket
        self.lock = threading.Lock()
        self.run: Run | None = None
        self.closed = False

    def admit(self) -> bool:
        """Whether the run budget allows one more run now."""
        with self.lock:
            return self.bucket.take()

    def start(self) -> Run:
        """A new run, replacing (cancelling) the current one."""
        run = Run(self)
        with self.lock:
            if self.run is not None:
                self.run.cancelled = True
            run.cancelled = self.closed
            self.run = run
        return run

    def close(self) -> None:
        with self.lock:
            self.closed = True
            if self.run is not None:
                self.run.cancelled = True


class SearchSlots:
    """At most ``limit`` searches stream at once in this process; a run beyond that waits
    for a slot, first come first served."""

    def __init__(self, limit: int):
        self.limit = limit
        self.running = 0
        self._turns = threading.Condition()

    @contextlib.contextmanager
    def claim(self, timeout: float) -> Iterator[bool]:
        """Hold a slot for the ``with`` block; yields False if none came free in time."""
        with self._turns:
            claimed = self._turns.wait_for(lambda: self.running < self.limit, timeout)
            if claimed:
                self.running += 1
        try:
            yield claimed
        finally:
            if claimed:
                with self._turns:
                    self.running -= 1
                    self._turns.notify()


class Connections:
    """The connected clients of one app, by Socket.IO session id."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._by_sid: dict[str, Connection] = {}

    def open(self, sid: str, connection: Connection) -> None:
        with self._lock:
            self._by_sid[sid] = connection

    def get(self, sid: str) -> Connection | None:
        with self._lock:
            return self._by_sid.get(sid)

    def close(self, sid: str) -> None:
        with self._lock:
            connection = self._by_sid.pop(sid, None)
        if connection is not None:
            connection.close()

    def __len__(self) -> int:
        with self._lock:
            return len(self._by_sid)
