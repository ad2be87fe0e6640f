"""The client side of bench/arrival.py: students who arrive at set times and a presenter.

A process of this kind (``arrival_process``, driven through bench/capacity_clients.py's
``Clients``) holds its share of a class. Each student does what the page does when a phone
opens a join link:

1. ``page``: the join link, its redirect, the HTML, then every file the page needs as a
   browser walks it (bench/page_assets.py's ``Page``: what the HTML names together, each
   module's imports once it has arrived) over a keep-alive pool of 6 connections, sending a
   browser's ``Accept-Encoding`` and reading the bytes as they come (no decompression);
2. ``socket``: a Socket.IO connection (websocket, bench/load_clients.py's ``SocketClient``),
   offering permessage-deflate as browsers do (unless told not to);
3. ``join``: ``lecture:join`` with a student token, acknowledged with the view's reference;
4. ``view``: the view fetched over HTTP by that reference (same pool);
5. ``drawn``: the view run over the socket, its ``done`` read (the page then draws it).

A student's time is from its arrival to 5. The first thing that fails ends the student and
is counted by kind (``phase: what``); a student still not drawn ``give_up`` seconds after
arriving counts as ``phase: timeout``. Joined students stay connected and time every cursor
the presenter sends ("cursor, rush" until the main process says the class is in, then
"cursor, steady"). Everything talks to 127.0.0.1 only.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from typing import Any

import aiohttp
from capacity_clients import serve
from load_clients import (
    RunWatcher,
    SocketClient,
    SocketError,
    Tally,
    drive_lecture,
    socket_session,
    start_lecture,
    timestamp_seq,
)
from load_support import TEXTBOOK_VIEW
from page_assets import Page

CONNECTIONS_PER_STUDENT = 6  # a browser's HTTP/1.1 connections per host
ACCEPT_ENCODING = "gzip, deflate, br"


class HttpRefused(Exception):
    """A request answered with something other than 200."""


class Arrivals:
    """One process's students (and, in process 0, the presenter)."""

    def __init__(self, urls: list[str], index: int, procs: int):
        self.url, self.index = urls[0], index
        self.sockets = socket_session()
        self.clients: list[SocketClient] = []
        self.tally = Tally()
        self.phase = "cursor, rush"
        self.bytes_read = 0
        self.presenter: tuple[SocketClient, str, str] | None = None
        self.deflate = True
        self.driving: tuple[asyncio.Task, asyncio.Event] | None = None

    # --- the presenter -----------------------------------------------------------------

    async def present(self) -> str:
        """Open the lecture on the textbook tree; its code."""
        client = await SocketClient.connect(self.sockets, self.url, deflate=True)
        code, key = await start_lecture(client, TEXTBOOK_VIEW)
        self.presenter = (client, code, key)
        return code

    async def drive(self, interval: float) -> None:
        """Step every ``interval`` seconds until ``halt``."""
        client, code, key = self.presenter
        stop = asyncio.Event()
        task = asyncio.create_task(drive_lecture(client, code, key, interval, self.tally, stop))
        self.driving = (task, stop)

    async def halt(self) -> None:
        if self.driving is not None:
            task, stop = self.driving
            stop.set()
            await task
            self.driving = None

    # --- the students --------------------------------------------------------------------

    async def arrive(
        self, room: str, page: Page | None, times: list[float], give_up: float, deflate: bool
    ) -> int:
        """Students arriving at ``times`` (monotonic clock, shared by the processes); returns
        once each is drawn, failed or given up. With no ``page`` they skip loading it."""
        self.deflate = deflate
        await asyncio.gather(*(self._student(room, page, at, give_up) for at in times))
        return len(times)

    async def steady(self) -> None:
        """The class is in: cursors from now on count as the steady state."""
        self.phase = "cursor, steady"

    async def report(self) -> dict[str, Any]:
        return {
            "tally": self.tally.take(),
            "cpu": time.process_time(),
            "held": sum(client.connected for client in self.clients),  # students
            "dropped": sum(client.dropped for client in self.clients),
            "presenter": self.presenter is not None and self.presenter[0].connected,
            "bytes": self.bytes_read,
        }

    async def close(self) -> None:
        await self.halt()
        if self.presenter is not None:
            await self.presenter[0].close()
        await asyncio.gather(*(client.close() for client in self.clients))
        await self.sockets.close()

    async def _student(self, room: str, page: Page | None, at: float, give_up: float) -> None:
        await asyncio.sleep(max(0.0, at - time.monotonic()))
        arrived, phase = time.monotonic(), "page"
        last = [arrived]

        def lap(done: str, starting: str) -> str:
            """Time the phase ``done`` (since the last lap); ``starting`` comes next."""
            now = time.monotonic()
            if page is not None or done != "page":
                self.tally.time(done, now - last[0])
            last[0] = now
            return starting

        connector = aiohttp.TCPConnector(limit=CONNECTIONS_PER_STUDENT)
        async with aiohttp.ClientSession(
            self.url, connector=connector, auto_decompress=False
        ) as http:
            try:
                async with asyncio.timeout(give_up):
                    if page is not None:
                        await self._load(http, page)
                    phase = lap(phase, "socket")
                    client = await SocketClient.connect(
                        self.sockets, self.url, deflate=self.deflate
                    )
                    self.clients.append(client)
                    client.on("lecture:cursor", self._cursor)
                    phase = lap(phase, "join")
                    body = {"room": room, "student": secrets.token_urlsafe(16)}
                    ack = await client.call("lecture:join", body)
                    if not ack.get("ok"):
                        raise SocketError(f"refused: {ack.get('error')}")
                    phase = lap(phase, "view")
                    view = await self._get(http, ack["view"]["href"], decode=True)
                    phase = lap(phase, "run")
                    await RunWatcher(client).run(view["tree"], view["options"])
                    lap(phase, "drawn")
                    self.tally.time("drawn", time.monotonic() - arrived)
            except TimeoutError:
                self.tally.error(f"{phase}: timeout", f"not done {give_up:g} s after arriving")
            except HttpRefused as err:
                self.tally.error(f"{phase}: {err.args[0]}", err.args[1])
            except (SocketError, aiohttp.ClientError, OSError) as err:
                self.tally.error(f"{phase}: {type(err).__name__}", err)

    def _cursor(self, body: dict) -> None:
        self.tally.time(self.phase, (timestamp_seq() - body["seq"]) / 1e6)

    async def _load(self, http: aiohttp.ClientSession, page: Page) -> None:
        """The page as a browser loads it: the HTML, then what it names, together; each
        module's imports as soon as the module has arrived (each file once)."""
        await self._get(http, page.first)  # the join link, its redirect followed
        requested = set(page.roots)

        async def fetch(path: str) -> None:
            await self._get(http, path)
            children = [child for child in page.imports.get(path, ()) if child not in requested]
            requested.update(children)
            await asyncio.gather(*(fetch(child) for child in children))

        await asyncio.gather(*(fetch(root) for root in page.roots))

    async def _get(self, http: aiohttp.ClientSession, path: str, decode: bool = False) -> Any:
        headers = {"Accept-Encoding": ACCEPT_ENCODING}
        async with http.get(path, headers=headers, auto_decompress=decode) as response:
            body = await response.read()
            self.bytes_read += len(body)
            if response.status != 200:
                raise HttpRefused(f"HTTP {response.status}", f"GET {path}: {response.status}")
            return await response.json() if decode else None


def arrival_process(pipe, urls: list[str], index: int, procs: int) -> None:
    """One client process of bench/arrival.py (the target ``Clients`` spawns)."""
    asyncio.run(serve(pipe, lambda: Arrivals(urls, index, procs)))
