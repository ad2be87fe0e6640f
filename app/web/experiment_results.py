"""Experiments' results, computed once per query: a class opening a lesson's chart slides, or
a handout of them, asks for the same few experiments again and again.

An experiment is a function of its name, its parameters and the code, so its finished NDJSON
(the lines of a run that ended with its ``{"summary"}``) is kept under ``(name, parameters)``
in a bounded LRU (``PRUNE_EXPERIMENT_CACHE_ENTRIES``, ``PRUNE_EXPERIMENT_CACHE_BYTES``) and
answered from there. A request for one being computed follows it (``Shared``): it gets the
lines computed so far, then the rest as they come, with the same empty heartbeat lines, and
takes no place in the experiments' pool. A run that fails, runs out of its budget or is
cancelled is not kept; whoever followed it reads an error line and may ask again.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterator
from typing import Any

from ..engine.errors import N_, Message
from ..experiments.error_lines import error_line

Key = tuple[str, tuple[tuple[str, str], ...]]
HEARTBEAT_SECONDS = 0.5
STOPPED = Message(
    N_("the run these rows came from stopped before the end (cancelled or failed); run it again")
)


class Shared:
    """One experiment's lines as they are computed, for every request that asked for it."""

    def __init__(self) -> None:
        self.lines: list[bytes] = []
        self.finished = False
        self._changed = threading.Condition()

    def add(self, chunk: bytes) -> None:
        with self._changed:
            self.lines.append(chunk)
            self._changed.notify_all()

    def finish(self) -> bytes | None:
        """End it; the whole body if it is complete (its last line a summary), else None."""
        with self._changed:
            self.finished = True
            self._changed.notify_all()
            body = b"".join(self.lines)
        last = body.rstrip(b"\n").rsplit(b"\n", 1)[-1]
        return body if last.startswith(b'{"summary"') else None

    def follow(self) -> Iterator[bytes]:
        """Its lines, those already computed first; an empty line every half second without a
        new one (a client gone away is then noticed); an error line if it stopped short."""
        sent = 0
        while True:
            with self._changed:
                if sent == len(self.lines) and not self.finished:
                    self._changed.wait(HEARTBEAT_SECONDS)
                new, finished = self.lines[sent:], self.finished
            sent += len(new)
            if new:
                yield b"".join(new)
            elif finished:
                break
            else:
                yield b"\n"
        last = b"".join(self.lines).rstrip(b"\n").rsplit(b"\n", 1)[-1]
        if not last.startswith(b'{"summary"') and b'"error"' not in last:
            yield error_line(STOPPED)


class ExperimentResults:
    """Finished experiments' bodies (an LRU bounded in entries and bytes) and the ones being
    computed now, by key."""

    def __init__(self, max_entries: int, max_bytes: int):
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        self.started = 0  # computations started (tests read it)
        self._lock = threading.Lock()
        self._done: OrderedDict[Key, bytes] = OrderedDict()
        self._bytes = 0
        self._running: dict[Key, Shared] = {}

    @staticmethod
    def key(name: str, given: dict[str, str]) -> Key:
        return name, tuple(sorted(given.items()))

    def find(self, key: Key) -> bytes | Shared | None:
        """The finished body, the run to follow, or None (not asked for yet)."""
        with self._lock:
            body = self._done.get(key)
            if body is not None:
                self._done.move_to_end(key)
                return body
            return self._running.get(key)

    def start(self, key: Key) -> tuple[Shared, bool]:
        """The run of ``key`` and whether the caller computes it (else it follows another's)."""
        with self._lock:
            running = self._running.get(key)
            if running is not None:
                return running, False
            shared = self._running[key] = Shared()
            self.started += 1
            return shared, True

    def end(self, key: Key, shared: Shared) -> None:
        """The run of ``key`` is over: its body kept if it completed; no longer followed."""
        body = shared.finish()
        with self._lock:
            self._running.pop(key, None)
            if body is not None:
                self._keep(key, body)

    def _keep(self, key: Key, body: bytes) -> None:
        if len(body) > self.max_bytes:
            return
        self._done[key] = body
        self._bytes += len(body)
        while len(self._done) > self.max_entries or self._bytes > self.max_bytes:
            _, dropped = self._done.popitem(last=False)
            self._bytes -= len(dropped)


class Recording:
    """A response body: ``lines`` (an experiment's stream) passed on and kept for its
    followers. Closed by the server even if never read, it closes ``lines`` (which frees the
    pool's place) and ends the run exactly once."""

    def __init__(self, results: ExperimentResults, key: Key, shared: Shared, lines: Any):
        self.results, self.key, self.shared, self.lines = results, key, shared, lines
        self._ended = threading.Lock()

    def __iter__(self) -> Iterator[bytes]:
        try:
            for chunk in self.lines:
                if chunk.strip():
                    self.shared.add(chunk)
                yield chunk
        finally:
            self.close()

    def close(self) -> None:
        if not self._ended.acquire(blocking=False):
            return
        try:
            self.lines.close()
        finally:
            self.results.end(self.key, self.shared)
