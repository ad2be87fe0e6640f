"""Computations that could stall the server run in worker processes instead: the gevent
worker's one thread only sends a job down a pipe and waits, cooperatively, for its answer,
so ``/healthz``, page loads and sockets are served meanwhile.

``run_job(kind, args)`` runs one of app/jobs.py's kinds and returns its JSON bytes. The
workers are kept between jobs (``PRUNE_JOB_WORKERS`` of them, started when first needed and
shared by every app in the process), each at a lower priority than the server, its address
space capped at ``PRUNE_JOB_MEGABYTES`` and each job's CPU time at ``PRUNE_JOB_SECONDS``. A
job over its budget (or whose process dies, as Python may when memory runs out) answers a 422
saying so ("ask for less"), and its process is replaced.

Places: at most ``PRUNE_JOBS_PER_ADDRESS`` jobs per client address, running or waiting
(beyond that, a 429), and ``PRUNE_JOB_WORKERS + PRUNE_JOB_QUEUE`` in all; a job waits up to
``PRUNE_JOB_WAIT_SECONDS`` for a free worker. Beyond that, a 503. Both carry ``Retry-After``
and say why. While it waits for an answer, the server checks every half second that the
client is still connected: a client gone ends its job (the process is replaced).
"""

from __future__ import annotations

import atexit
import contextlib
import os
import select
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import orjson
from flask import Response, current_app, request
from werkzeug.exceptions import ServiceUnavailable, TooManyRequests, UnprocessableEntity

from ..engine import EngineError
from ..engine.errors import N_, Message
from ..jobs import HEADER

ROOT = Path(__file__).resolve().parents[2]
TICK_SECONDS = 0.5  # how often a waiting request checks that its client is still there
WALL_FACTOR = 3  # a job's wall-clock limit, in CPU budgets (its process runs at a low priority)


class JobsBusy(TooManyRequests):
    """This address has as many jobs as it may (a 429 with ``Retry-After``, saying why: its
    ``message``, said in the asker's language by the error handler; the description English)."""

    says_why = True

    def __init__(self, message: Message, retry_after: int = 5):
        super().__init__(str(message), retry_after=retry_after)
        self.message = message


FULL = N_("the server is computing as much as it can; try again shortly")
ADDRESS_FULL = N_(
    "your address already has {count} computations running or waiting; wait for them to finish"
)


class ServerBusy(ServiceUnavailable):
    """No place for a job now, or its worker failed (a 503 with ``Retry-After``)."""

    says_why = True

    def __init__(self, message: Message, retry_after: int = 5):
        super().__init__(str(message), retry_after=retry_after)
        self.message = message


OVER_BUDGET = {  # what a worker's answer says ran out (its "budget")
    "time": N_(
        "this needs more than the {seconds} s of computing a request may have; ask for less"
    ),
    "memory": N_("this needs more than the {megabytes} MB a request may have; ask for less"),
    "died": N_(
        "this stopped before its answer: it needs more than the {megabytes} MB or the {seconds} s"
        " of computing a request may have; ask for less"
    ),
}


class OverBudget(UnprocessableEntity):
    """The job needs more time or memory than a job may have (a 422 saying which: its
    ``message``, said in the asker's language by the error handler)."""

    says_why = True

    def __init__(self, message: Message):
        super().__init__(str(message))
        self.message = message


class ClientGone(Exception):
    """The client closed its connection while its job ran."""


class Timer(Protocol):
    """What times a job once it has a worker (app/security.py's ``Meter``)."""

    def run(self, compute: Callable[[], bytes]) -> bytes: ...


@dataclass(frozen=True)
class JobSettings:
    workers: int
    per_address: int
    queue: int
    seconds: int  # CPU time per job
    megabytes: int  # a worker's address space
    wait_seconds: float  # how long a job waits for a free worker

    @classmethod
    def from_config(cls, config) -> JobSettings:
        return cls(
            workers=config["PRUNE_JOB_WORKERS"],
            per_address=config["PRUNE_JOBS_PER_ADDRESS"],
            queue=config["PRUNE_JOB_QUEUE"],
            seconds=config["PRUNE_JOB_SECONDS"],
            megabytes=config["PRUNE_JOB_MEGABYTES"],
            wait_seconds=config["PRUNE_JOB_WAIT_SECONDS"],
        )


class Worker:
    """One worker process (``python -m app.jobs``) and its pipes."""

    def __init__(self, megabytes: int):
        self.megabytes = megabytes
        command = [sys.executable, "-m", "app.jobs", str(megabytes)]
        environment = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            cwd=ROOT,
            env=environment,
        )
        self.jobs = self.process.stdin.fileno()
        self.answers = self.process.stdout.fileno()
        os.set_blocking(self.jobs, False)

    def send(self, frame: bytes) -> None:
        """Write the frame, waiting (cooperatively) while the pipe is full."""
        view = memoryview(HEADER.pack(len(frame)) + frame)
        while view:
            try:
                view = view[os.write(self.jobs, view) :]
            except BlockingIOError:
                select.select([], [self.jobs], [], TICK_SECONDS)

    def receive(self, deadline: float, still_wanted: Callable[[], bool]) -> bytes | None:
        """The answer frame; None if the process ended. Raises ``TimeoutError`` past the
        deadline and ``ClientGone`` when ``still_wanted()`` says no."""
        received = b""
        needed = HEADER.size
        while True:
            while len(received) < needed:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError
                ready, _, _ = select.select([self.answers], [], [], min(TICK_SECONDS, left))
                if not ready:
                    if not still_wanted():
                        raise ClientGone
                    continue
                chunk = os.read(self.answers, max(65536, needed - len(received)))
                if not chunk:
                    return None
                received += chunk
            if needed == HEADER.size:
                needed += HEADER.unpack(received[: HEADER.size])[0]
                continue
            return received[HEADER.size :]

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        for pipe in (self.process.stdin, self.process.stdout):
            with contextlib.suppress(OSError):
                pipe.close()


class Idle:
    """Workers waiting for a job, shared by every pool of the process (tests make many
    apps; each need not start processes of its own)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.workers: list[Worker] = []

    def take(self, megabytes: int) -> Worker:
        with self.lock:
            for worker in self.workers:
                if worker.megabytes == megabytes:
                    self.workers.remove(worker)
                    if worker.process.poll() is None:
                        return worker
        return Worker(megabytes)

    def give(self, worker: Worker, keep: int) -> None:
        with self.lock:
            if worker.process.poll() is None and len(self.workers) < keep:
                self.workers.append(worker)
                return
        worker.stop()

    def stop_all(self) -> None:
        with self.lock:
            workers, self.workers = self.workers, []
        for worker in workers:
            worker.stop()


IDLE = Idle()
atexit.register(IDLE.stop_all)


class JobPool:
    """Which jobs hold or wait for a worker now: ``per_address`` per address, ``workers``
    running and ``queue`` waiting in all."""

    def __init__(self, settings: JobSettings):
        self.settings = settings
        self.lock = threading.Lock()
        self.freed = threading.Condition(self.lock)
        self.by_address: Counter[str] = Counter()
        self.running = 0

    def run(
        self,
        kind: str,
        args: list[Any],
        address: str,
        still_wanted: Callable[[], bool] = lambda: True,
        timed: Callable[[Callable[[], bytes]], bytes] = lambda job: job(),
    ) -> bytes:
        """The JSON answer of job ``kind`` on ``args``; its input error re-raised. ``timed``
        runs the job once it has a worker (a ``Meter``'s ``run`` times it, not the wait)."""
        frame = orjson.dumps({"kind": kind, "args": args, "seconds": self.settings.seconds})
        self._admit(address)
        try:
            worker = self._worker(still_wanted)
            try:
                return timed(lambda: self._result_of(worker, frame, still_wanted))
            finally:
                self._done(worker)
        finally:
            self._leave(address)

    def _admit(self, address: str) -> None:
        settings = self.settings
        with self.lock:
            if self.by_address[address] >= settings.per_address:
                raise JobsBusy(Message(ADDRESS_FULL, count=settings.per_address))
            if sum(self.by_address.values()) >= settings.workers + settings.queue:
                raise ServerBusy(Message(FULL))
            self.by_address[address] += 1

    def _leave(self, address: str) -> None:
        with self.lock:
            self.by_address[address] -= 1
            if self.by_address[address] <= 0:
                del self.by_address[address]

    def _worker(self, still_wanted: Callable[[], bool]) -> Worker:
        """A worker for this job, waited for ``wait_seconds`` at most (a client that leaves
        meanwhile gives up its place within half a second)."""
        deadline = time.monotonic() + self.settings.wait_seconds
        with self.freed:
            while self.running >= self.settings.workers:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise ServerBusy(Message(FULL))
                self.freed.wait(min(TICK_SECONDS, left))
                if not still_wanted():
                    raise ClientGone
            self.running += 1
        try:
            return IDLE.take(self.settings.megabytes)
        except BaseException:
            self._done(None)
            raise

    def _done(self, worker: Worker | None) -> None:
        if worker is not None:
            IDLE.give(worker, self.settings.workers)
        with self.freed:
            self.running -= 1
            self.freed.notify()

    def _result_of(self, worker: Worker, frame: bytes, still_wanted) -> bytes:
        return _result(self._answer(worker, frame, still_wanted), self.settings)

    def _answer(self, worker: Worker, frame: bytes, still_wanted) -> bytes:
        deadline = time.monotonic() + self.settings.seconds * WALL_FACTOR + 1
        try:
            worker.send(frame)
            answer = worker.receive(deadline, still_wanted)
        except TimeoutError:
            worker.stop()
            answer = b"e" + orjson.dumps({"error": "time", "budget": "time"})
        except BaseException:  # the client went away, or the request was ended
            worker.stop()
            raise
        if answer is None:  # the process died: Python aborts when memory runs out mid-way
            worker.stop()
            answer = b"e" + orjson.dumps({"error": "died", "budget": "died"})
        if answer.startswith(b'e{"error":"memory"') or answer.startswith(b'e{"error":"time"'):
            worker.stop()  # a fresh process for the next job
        return answer


def _result(answer: bytes, settings: JobSettings) -> bytes:
    if answer[:1] == b"o":
        return answer[1:]
    error = orjson.loads(answer[1:])
    budget = error.get("budget")
    if budget in OVER_BUDGET:
        says = OVER_BUDGET[budget]
        raise OverBudget(
            Message(says, seconds=settings.seconds, megabytes=f"{settings.megabytes:,}")
        )
    path = error.get("path")
    message = Message.from_data(error["message"]) if "message" in error else error["error"]
    raise EngineError(
        message, field=error.get("field"), path=tuple(path) if path is not None else None
    )


def init_jobs(app) -> None:
    """The app's job pool, from its settings. A request whose client left while its job ran
    is answered with nothing (status 499, nginx's "client closed request"), not a 500."""
    app.extensions["prune.jobs"] = JobPool(JobSettings.from_config(app.config))
    app.register_error_handler(ClientGone, lambda err: Response(status=499))


def run_job(
    kind: str,
    args: list[Any],
    still_wanted: Callable[[], bool] | None = None,
    meter: Timer | None = None,
) -> bytes:
    """Job ``kind`` on ``args`` (JSON values) for the current request, in a worker process;
    its JSON answer. Ends (``ClientGone``) when the client goes away: when its HTTP
    connection closes, or when ``still_wanted()`` says so (a socket's handler knows).
    ``meter`` (app/security.py) times the job, to charge the caller by its cost."""
    pool: JobPool = current_app.extensions["prune.jobs"]
    address = request.remote_addr or "unknown"
    wanted = _client_here(request.environ) if still_wanted is None else still_wanted
    if meter is None:
        return pool.run(kind, args, address, wanted)
    return pool.run(kind, args, address, wanted, meter.run)


def _client_here(environ) -> Callable[[], bool]:
    """Whether the request's client is still connected (gunicorn's socket: readable with
    nothing to read means it closed). Without a socket to look at, assume it is."""
    client = environ.get("gunicorn.socket")
    if client is None:
        return lambda: True

    def here() -> bool:
        try:
            readable, _, _ = select.select([client], [], [], 0)
            return not readable or client.recv(1, socket.MSG_PEEK) != b""
        except OSError:
            return False

    return here
