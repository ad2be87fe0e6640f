"""The client side of bench/capacity.py: processes of light asyncio websockets (``Fleet``),
each holding its share of the connections in the ramp's mix (idle, lecture students, small
searches), driven from the main process through pipes (``Clients``: present, grow, report,
stop). Connections are numbered across the processes so that every role is spread over
them, and over the instances when there are several.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import random
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

from load_clients import (
    RunWatcher,
    SocketClient,
    SocketError,
    Tally,
    drive_lecture,
    follow_lecture,
    run_now_and_then,
    socket_session,
    start_lecture,
)
from load_support import TEXTBOOK, TEXTBOOK_VIEW

from app.engine.generators import random_tree

ROLES = ["idle"] * 5 + ["student"] * 4 + ["runner"]  # by connection number, modulo 10
PRESENTER_INTERVAL = 0.5
RUN_EVERY = (10.0, 20.0)
CONNECTS_AT_ONCE = 50
REPLY_TIMEOUT = 600.0  # a client process must answer a command within this


class Fleet:
    """One client process's share of the connections, and what they met."""

    def __init__(self, urls: list[str], index: int, procs: int):
        self.urls, self.index, self.procs = urls, index, procs
        self.clients: list[SocketClient] = []
        self.tasks: set[asyncio.Task] = set()
        self.tally = Tally()
        self.users = 0  # connections asked for (the presenter aside)
        self.failed = 0
        self.stop = asyncio.Event()
        self.session = socket_session()

    async def present(self) -> str:
        """Open the lecture and step through it every 0.5 s; the room's code."""
        client = await SocketClient.connect(self.session, self.urls[0])
        self.clients.append(client)
        code, key = await start_lecture(client, TEXTBOOK_VIEW)
        self._spawn(drive_lecture(client, code, key, PRESENTER_INTERVAL, self.tally, self.stop))
        return code

    async def grow(self, count: int, room: str) -> dict[str, Any]:
        """Open connections until this process holds ``count`` (besides a presenter)."""
        gate = asyncio.Semaphore(CONNECTS_AT_ONCE)
        numbers = [self.index + k * self.procs for k in range(self.users, count)]
        self.users = max(self.users, count)
        await asyncio.gather(*(self._add(number, room, gate) for number in numbers))
        return self.status()

    async def report(self) -> dict[str, Any]:
        return {**self.status(), "tally": self.tally.take(), "cpu": time.process_time()}

    def status(self) -> dict[str, Any]:
        return {
            "held": sum(client.connected for client in self.clients),
            "failed": self.failed,
            "dropped": sum(client.dropped for client in self.clients),
        }

    async def close(self) -> None:
        self.stop.set()
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        await asyncio.gather(*(client.close() for client in self.clients))
        await self.session.close()

    async def _add(self, number: int, room: str, gate: asyncio.Semaphore) -> None:
        role = ROLES[number % len(ROLES)]
        instance = (number + number // len(ROLES)) % len(self.urls)
        async with gate:
            try:
                client = await SocketClient.connect(self.session, self.urls[instance])
            except SocketError as err:
                self.failed += 1
                self.tally.error("connect", err)
                return
        self.clients.append(client)
        if role == "student":
            try:
                kind = "cursor" if instance == 0 else "cursor, other"
                await follow_lecture(client, room, self.tally, kind)
            except SocketError as err:
                self.tally.error("join", err)
        elif role == "runner":
            rng = random.Random(number)
            trees = [TEXTBOOK, random_tree(seed=number, depth=4, branching=3)]
            watcher = RunWatcher(client)
            self._spawn(
                run_now_and_then(
                    watcher, lambda: rng.choice(trees), RUN_EVERY, self.tally, self.stop
                )
            )

    def _spawn(self, coroutine) -> None:
        task = asyncio.create_task(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)


async def serve(pipe: Connection, make_fleet: Callable[[], Any]) -> None:
    """Carry out the main process's commands on ``make_fleet()`` (made inside the loop: it
    opens aiohttp sessions) until told to stop. A command is a coroutine method's name."""
    fleet = make_fleet()
    loop = asyncio.get_running_loop()
    try:
        while True:
            command, arguments = await loop.run_in_executor(None, pipe.recv)
            if command == "stop":
                break
            try:
                pipe.send(await getattr(fleet, command)(*arguments))
            except Exception as err:  # the main process prints it and stops the ramp
                pipe.send({"error": repr(err)})
    finally:
        await fleet.close()


def client_process(pipe: Connection, urls: list[str], index: int, procs: int) -> None:
    asyncio.run(serve(pipe, lambda: Fleet(urls, index, procs)))


class Clients:
    """The client processes, driven through pipes. ``run(pipe, urls, index, procs)`` is
    what each runs (a module-level function, for the spawn start method): ``client_process``
    (the capacity ramp's ``Fleet``) unless told otherwise."""

    def __init__(self, urls: list[str], procs: int, run: Callable = client_process):
        context = multiprocessing.get_context("spawn")
        self.pipes, self.processes = [], []
        for index in range(procs):
            ours, theirs = context.Pipe()
            process = context.Process(target=run, args=(theirs, urls, index, procs), daemon=True)
            process.start()
            self.pipes.append(ours)
            self.processes.append(process)

    def ask(self, index: int, command: str, *arguments) -> Any:
        return self.ask_each(command, {index: arguments})[0]

    def ask_all(self, command: str, arguments=()) -> list[Any]:
        return self.ask_each(command, dict.fromkeys(range(len(self.pipes)), arguments))

    def ask_each(self, command: str, arguments: dict[int, tuple]) -> list[Any]:
        """Send a command to some processes (index -> its arguments) and wait for the replies."""
        pipes = [self.pipes[index] for index in arguments]
        for pipe, each in zip(pipes, arguments.values(), strict=True):
            pipe.send((command, each))
        replies = []
        for pipe in pipes:
            if not pipe.poll(REPLY_TIMEOUT):
                raise RuntimeError(f"a client process did not answer {command!r}")
            reply = pipe.recv()
            if isinstance(reply, dict) and "error" in reply:
                raise RuntimeError(f"client process failed on {command!r}: {reply['error']}")
            replies.append(reply)
        return replies

    def stop(self) -> None:
        for pipe, process in zip(self.pipes, self.processes, strict=True):
            if process.is_alive():
                pipe.send(("stop", ()))
        for process in self.processes:
            process.join(30)
            if process.is_alive():
                process.terminate()
                process.join(5)
