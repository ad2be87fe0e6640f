"""Experiments share the machine fairly: each computes in a process of its own
(app/experiments/worker.py, at a lower priority than the server), at most one per client
address and ``PRUNE_MAX_EXPERIMENTS`` in all, each within a time and a memory budget.

Streaming the process's lines to the client, the server writes an empty line whenever no row
has come for half a second: a client that has gone away is noticed at that write, and its
process is killed at once, so a cancelled or abandoned request frees its place within a
second, however long the current row takes. Blank lines are allowed in the NDJSON stream.
A new experiment from an address whose last one is still ending (the teacher pressed Cancel,
then Run) waits for its place a few seconds before it is refused.
"""

from __future__ import annotations

import contextlib
import functools
import os
import select
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import orjson
from werkzeug.exceptions import TooManyRequests

ROOT = Path(__file__).resolve().parents[2]
HEARTBEAT_SECONDS = 0.5
# How long a request waits for its address's place (a cancelled run gives it back within 1 s).
ADDRESS_WAIT_SECONDS = 3.0


class ExperimentsBusy(TooManyRequests):
    """No place for this experiment now (a 429 with ``Retry-After``, saying why)."""

    says_why = True

    def __init__(self, description: str, retry_after: int = 5):
        super().__init__(description, retry_after=retry_after)


@dataclass(frozen=True)
class Budget:
    seconds: float  # wall-clock time an experiment may take
    megabytes: int  # its process's address space


class ExperimentPool:
    """Which addresses run experiments now: at most ``limit`` in all, ``per_address`` each."""

    def __init__(
        self, limit: int, per_address: int = 1, address_wait: float = ADDRESS_WAIT_SECONDS
    ):
        self.limit = limit
        self.per_address = per_address
        self.address_wait = address_wait
        self.lock = threading.Lock()
        self.released = threading.Condition(self.lock)
        self.by_address: Counter[str] = Counter()

    @property
    def running(self) -> int:
        with self.lock:
            return sum(self.by_address.values())

    def admit(self, address: str) -> None:
        """Take a place for ``address``, or raise ``ExperimentsBusy`` saying why. The address's
        own place is waited for ``address_wait`` seconds (its last experiment may be ending)."""
        deadline = time.monotonic() + self.address_wait
        with self.released:
            while self.by_address[address] >= self.per_address:
                left = deadline - time.monotonic()
                if left > 0:
                    self.released.wait(left)
                    continue
                raise ExperimentsBusy(
                    "an experiment from your address is still running; wait for it to "
                    "finish or cancel it"
                )
            if sum(self.by_address.values()) >= self.limit:
                raise ExperimentsBusy(
                    f"the server runs as many experiments as it can ({self.limit}); "
                    "try again in a moment"
                )
            self.by_address[address] += 1

    def release(self, address: str) -> None:
        with self.released:
            self.by_address[address] -= 1
            if self.by_address[address] <= 0:
                del self.by_address[address]
            self.released.notify_all()


class ExperimentStream:
    """The response body of an admitted experiment: its lines, and its place in the pool
    given back exactly once, when the lines end or when the server closes the body, even
    one never read (a client gone before the first byte)."""

    def __init__(
        self, pool: ExperimentPool, address: str, name: str, given: dict[str, str], budget: Budget
    ):
        self._release = functools.partial(pool.release, address)
        self._released = threading.Lock()
        self._lines = _experiment_lines(name, given, budget, self.release)

    def __iter__(self) -> Iterator[bytes]:
        return self._lines

    def release(self) -> None:
        if self._released.acquire(blocking=False):
            self._release()

    def close(self) -> None:
        try:
            self._lines.close()  # kills the process, if it was started
        finally:
            self.release()


def _experiment_lines(
    name: str, given: dict[str, str], budget: Budget, release: Callable[[], None]
) -> Iterator[bytes]:
    """The experiment's NDJSON lines from its own process, which is killed (and ``release``
    called) when this ends."""
    command = [sys.executable, "-m", "app.experiments.worker", name]
    command += [orjson.dumps(given).decode(), str(budget.megabytes)]
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=ROOT, env=environment
    )
    try:
        yield from _relay(process, budget)
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()
        with contextlib.suppress(OSError):
            process.stdout.close()
        release()


def _relay(process: subprocess.Popen, budget: Budget) -> Iterator[bytes]:
    """Whole lines as the process writes them, an empty line every half second without one,
    and an error line if the budget's time runs out or the process fails."""
    deadline = time.monotonic() + budget.seconds
    pending = b""
    last = b""
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            error = f"this experiment ran out of its {budget.seconds:g} s; ask for less"
            yield _line({"error": error})
            return
        ready, _, _ = select.select([process.stdout], [], [], min(HEARTBEAT_SECONDS, left))
        if not ready:
            yield b"\n"  # nothing new: tells a client that has gone away from one still here
            continue
        chunk = os.read(process.stdout.fileno(), 65536)
        if not chunk:
            break
        pending += chunk
        complete, _, pending = pending.rpartition(b"\n")
        if complete:
            last = complete.rsplit(b"\n", 1)[-1]
            yield complete + b"\n"
    if process.wait() != 0 and b'"error"' not in last:
        yield _line({"error": "the experiment failed on the server"})


def _line(item: dict) -> bytes:
    return orjson.dumps(item) + b"\n"
