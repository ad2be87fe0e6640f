"""Experiments share the machine fairly: each computes in a process of its own
(app/experiments/worker.py, at a lower priority than the server), at most one per client
address and ``PRUNE_MAX_EXPERIMENTS`` in all, each within a time and a memory budget.

Streaming the process's lines to the client, the server writes an empty line whenever no row
has come for half a second: a client that has gone away is noticed at that write, and its
process is killed at once, so a cancelled or abandoned request frees its place within a
second, however long the current row takes. Blank lines are allowed in the NDJSON stream.
A new experiment from an address whose last one is still ending (the teacher pressed Cancel,
then Run) waits for its place a few seconds before it is refused. When every place is taken,
a request waits in a fair queue (``PRUNE_EXPERIMENT_QUEUE_SECONDS``, then a 429): the address
served longest ago goes first, and an address refused keeps its turn while it retries, so
addresses that each hold the largest experiment again and again cannot starve another.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import os
import select
import subprocess
import sys
import threading
import time
from collections import Counter, OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import orjson
from werkzeug.exceptions import TooManyRequests

from ..engine.errors import N_, Message
from ..experiments.error_lines import error_line

ROOT = Path(__file__).resolve().parents[2]
HEARTBEAT_SECONDS = 0.5
# How long a request waits for its address's place (a cancelled run gives it back within 1 s).
ADDRESS_WAIT_SECONDS = 3.0
RETRY_SECONDS = 5  # a refusal's Retry-After (PRUNE_EXPERIMENT_RETRY_SECONDS)
CLAIM_POLL_SECONDS = 1.0  # how often a queued request looks whether a kept claim has lapsed


ALL_RUNNING = N_("the server runs as many experiments as it can ({limit}); try again in a moment")


class ExperimentsBusy(TooManyRequests):
    """No place for this experiment now (a 429 with ``Retry-After``, saying why: its
    ``message``, said in the asker's language by the error handler; the description English)."""

    says_why = True

    def __init__(self, message: Message, retry_after: int = RETRY_SECONDS):
        super().__init__(str(message), retry_after=retry_after)
        self.message = message


@dataclass(frozen=True)
class Budget:
    seconds: float  # wall-clock time an experiment may take
    megabytes: int  # its process's address space


class ExperimentPool:
    """Which addresses run experiments now: at most ``limit`` in all, ``per_address`` each,
    and who goes next when all places are taken (``FairQueue``; a refused address's turn is
    kept ``claim_hold`` seconds)."""

    def __init__(
        self,
        limit: int,
        per_address: int = 1,
        address_wait: float = ADDRESS_WAIT_SECONDS,
        queue_wait: float = 0.0,
        claim_hold: float | None = None,
        clock: Callable[[], float] = time.monotonic,
        retry_seconds: int = RETRY_SECONDS,
    ):
        self.limit = limit
        self.retry_seconds = retry_seconds
        self.per_address = per_address
        self.address_wait = address_wait
        self.queue_wait = queue_wait
        self.clock = clock
        self.lock = threading.Lock()
        self.released = threading.Condition(self.lock)
        self.by_address: Counter[str] = Counter()
        # A refused address's turn is kept through its wait, and twice the Retry-After given.
        self.queue = FairQueue(queue_wait + 2 * retry_seconds if claim_hold is None else claim_hold)

    @property
    def running(self) -> int:
        with self.lock:
            return sum(self.by_address.values())

    def admit(self, address: str) -> None:
        """Take a place for ``address``, or raise ``ExperimentsBusy`` saying why. The address's
        own place is waited for ``address_wait`` seconds (its last experiment may be ending);
        a place in a full pool ``queue_wait`` seconds, in the fair queue's order."""
        deadline = self.clock() + self.address_wait
        with self.released:
            while self.by_address[address] >= self.per_address:
                left = deadline - self.clock()
                if left > 0:
                    self.released.wait(left)
                    continue
                says = N_(
                    "an experiment from your address is still running; wait for it to finish "
                    "or cancel it"
                )
                raise ExperimentsBusy(Message(says), self.retry_seconds)
            deadline = self.clock() + self.queue_wait
            ticket = self.queue.join(address)
            try:
                while not self.queue.is_turn(ticket, self._free(), self.clock()):
                    left = deadline - self.clock()
                    if left <= 0:
                        self.queue.refused(address, self.clock())
                        said = Message(ALL_RUNNING, limit=self.limit)
                        raise ExperimentsBusy(said, self.retry_seconds)
                    self.released.wait(min(left, CLAIM_POLL_SECONDS))  # a claim may lapse
            finally:
                self.queue.leave(ticket)
            self.queue.served(address, self.clock())
            self.by_address[address] += 1
            self.released.notify_all()  # the next in the queue may go too

    def release(self, address: str) -> None:
        with self.released:
            self.by_address[address] -= 1
            if self.by_address[address] <= 0:
                del self.by_address[address]
            self.released.notify_all()

    def _free(self) -> int:
        return self.limit - sum(self.by_address.values())


class FairQueue:
    """The order in which addresses waiting for a place get one: the address served longest
    ago first (one never served before any), then the earliest to ask. An address refused
    after waiting keeps its claim for ``hold`` seconds more, as if it still waited (a client
    retrying after ``Retry-After`` finds its turn kept), so an address that was just served
    and asks again at once waits behind it. At most ``MAX_ADDRESSES`` addresses are
    remembered (the longest ago served are forgotten first). Not locked: the pool locks."""

    MAX_ADDRESSES = 10_000

    def __init__(self, hold: float):
        self.hold = hold
        self.waiting: dict[int, str] = {}  # ticket → address, in the order they came
        self.last_served: OrderedDict[str, float] = OrderedDict()
        self.claims: dict[str, float] = {}  # refused address → until when its claim holds
        self.tickets = itertools.count()

    def join(self, address: str) -> int:
        ticket = next(self.tickets)
        self.waiting[ticket] = address
        self.claims.pop(address, None)
        return ticket

    def leave(self, ticket: int) -> None:
        self.waiting.pop(ticket, None)

    def is_turn(self, ticket: int, free: int, now: float) -> bool:
        """Whether ``ticket`` is among the first ``free`` in line."""
        if free <= 0:
            return False
        for address, until in list(self.claims.items()):
            if until <= now:
                del self.claims[address]
        line = [(self._since(a), 1, t) for t, a in self.waiting.items()]
        line += [(self._since(a), 0, -1) for a in self.claims]  # a claim is older than a wait
        line.sort()
        return any(entry[2] == ticket for entry in line[:free])

    def refused(self, address: str, now: float) -> None:
        self.claims[address] = now + self.hold

    def served(self, address: str, now: float) -> None:
        self.last_served[address] = now
        self.last_served.move_to_end(address)
        while len(self.last_served) > self.MAX_ADDRESSES:
            self.last_served.popitem(last=False)
        while len(self.claims) > self.MAX_ADDRESSES:
            self.claims.pop(next(iter(self.claims)))

    def _since(self, address: str) -> float:
        return self.last_served.get(address, float("-inf"))


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
            says = N_("this experiment ran out of its {seconds} s; ask for less")
            yield error_line(Message(says, seconds=f"{budget.seconds:g}"))
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
        yield error_line(Message(N_("the experiment failed on the server")))
