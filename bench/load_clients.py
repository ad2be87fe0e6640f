"""Light asyncio Socket.IO clients for the load benchmarks (capacity, isolation, soak).

``SocketClient`` speaks Engine.IO v4 by hand over an aiohttp websocket (as tests/support.py's
``raw_socket`` does with websocket-client). It decodes only the messages someone listens to,
so one client process can hold thousands of connections without becoming the bottleneck
itself. Around it: a run watcher, a tally of latencies and errors, and the lecture and
search behaviours the benchmarks mix. Everything here talks to 127.0.0.1 only.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import aiohttp

# --- a light Socket.IO client ----------------------------------------------------------------


class SocketError(Exception):
    """The connection failed, closed, or a call got no answer in time."""


class RunFailed(SocketError):
    """A run was refused (``ok: false`` ack) or failed (``run_error``)."""


class SocketClient:
    """One Socket.IO connection (namespace "/") over an aiohttp websocket.

    ``on(event, handler)`` registers ``handler(data)``; messages nobody listens to are only
    counted, never decoded. ``dropped`` is set when the server closes the connection.
    """

    def __init__(self, ws: aiohttp.ClientWebSocketResponse, session, base_url: str):
        self.ws = ws
        self.session, self.base_url = session, base_url  # for what travels over HTTP
        self.handlers: dict[str, Callable[[Any], None]] = {}
        self.acks: dict[int, asyncio.Future] = {}
        self.next_ack = 0
        self.bytes_received = 0
        self.messages_received = 0
        self.closing = False
        self.dropped = False
        self.reader: asyncio.Task | None = None

    @classmethod
    async def connect(
        cls,
        session: aiohttp.ClientSession,
        base_url: str,
        timeout: float = 20,
        deflate: bool = False,
    ) -> SocketClient:
        """Open the websocket and the namespace; raises SocketError on any failure.
        ``deflate`` offers permessage-deflate as every browser does (then both sides
        compress each message)."""
        url = base_url.replace("http://", "ws://") + "/socket.io/?EIO=4&transport=websocket"
        options = {"origin": base_url, "autoping": False, "max_msg_size": 0}
        try:
            async with asyncio.timeout(timeout):
                ws = await session.ws_connect(url, compress=15 if deflate else 0, **options)
                opened = await ws.receive_str()
                if not opened.startswith("0"):
                    raise SocketError(f"unexpected Engine.IO open: {opened[:80]!r}")
                await ws.send_str("40")
                joined = await ws.receive_str()
                if not joined.startswith("40"):
                    raise SocketError(f"namespace refused: {joined[:80]!r}")
        except (aiohttp.ClientError, OSError, TimeoutError, TypeError) as err:
            raise SocketError(f"connect failed: {err!r}") from err
        client = cls(ws, session, base_url)
        client.reader = asyncio.create_task(client._read())
        return client

    def on(self, event: str, handler: Callable[[Any], None]) -> None:
        self.handlers[event] = handler

    async def emit(self, event: str, data: Any) -> None:
        await self._send("42" + json.dumps([event, data], separators=(",", ":")))

    async def call(self, event: str, data: Any, timeout: float = 30) -> Any:
        """Emit with an acknowledgement and return the ack's first argument."""
        self.next_ack += 1
        ack_id = self.next_ack
        future = asyncio.get_running_loop().create_future()
        self.acks[ack_id] = future
        try:
            await self._send(f"42{ack_id}" + json.dumps([event, data], separators=(",", ":")))
            async with asyncio.timeout(timeout):
                return await future
        except TimeoutError:
            raise SocketError(f"no ack to {event!r} within {timeout:g} s") from None
        finally:
            self.acks.pop(ack_id, None)

    @property
    def connected(self) -> bool:
        return not (self.closing or self.dropped or self.ws.closed)

    async def close(self) -> None:
        self.closing = True
        with contextlib.suppress(Exception):
            await self.ws.close()
        if self.reader is not None:
            self.reader.cancel()
            with contextlib.suppress(BaseException):
                await self.reader

    async def _send(self, text: str) -> None:
        if not self.connected:
            raise SocketError("connection closed")
        try:
            await self.ws.send_str(text)
        except (aiohttp.ClientError, ConnectionError, RuntimeError) as err:
            raise SocketError(f"send failed: {err!r}") from err

    async def _read(self) -> None:
        """Answer pings, resolve acks, call handlers; note a close we did not ask for."""
        try:
            async for message in self.ws:
                if message.type != aiohttp.WSMsgType.TEXT:
                    break
                text = message.data
                self.bytes_received += len(text)
                self.messages_received += 1
                if text == "2":
                    await self.ws.send_str("3")
                elif text.startswith("42"):
                    self._dispatch(text)
                elif text.startswith("43"):
                    self._resolve(text)
                elif text.startswith(("41", "1")):
                    break
        except (aiohttp.ClientError, ConnectionError, RuntimeError):
            pass
        finally:
            if not self.closing:
                self.dropped = True
            for future in self.acks.values():
                if not future.done():
                    future.set_exception(SocketError("connection closed"))

    def _dispatch(self, text: str) -> None:
        end = text.find('"', 4)
        handler = self.handlers.get(text[4:end])
        if handler is not None:
            handler(json.loads(text[2:])[1])

    def _resolve(self, text: str) -> None:
        start = text.index("[")
        future = self.acks.get(int(text[2:start]))
        if future is not None and not future.done():
            future.set_result(json.loads(text[start:])[0])


class RunWatcher:
    """Runs on one ``SocketClient``: ``await run(tree)`` returns when ``done`` has arrived.

    ``done`` may be read before ``run`` has seen its ack (the reader goes on reading), so
    each run's end is kept by run id until ``run`` collects it.
    """

    def __init__(self, client: SocketClient):
        self.client = client
        self.ended: dict[str, asyncio.Future] = {}  # run id -> when done arrived
        client.on("done", self._done)
        client.on("run_error", self._error)

    async def run(self, tree: Any, options: dict | None = None, timeout: float = 60) -> float:
        """Seconds from emitting ``run`` to reading its ``done``; raises RunFailed if refused."""
        self.ended.clear()  # a connection runs one search at a time
        start = time.perf_counter()
        ack = await self.client.call("run", {"tree": tree, "options": options or {}}, timeout)
        if not ack.get("ok"):
            raise RunFailed(f"run refused: {ack.get('error')}")
        end = self._end(ack["run"])
        try:
            await asyncio.wait(
                {end, self.client.reader}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED
            )
        finally:
            self.ended.pop(ack["run"], None)
        if end.done():
            return end.result() - start  # raises RunFailed after a run_error
        if self.client.reader.done():
            raise SocketError("the connection closed during the run")
        raise SocketError(f"no done within {timeout:g} s")

    def _end(self, run: str) -> asyncio.Future:
        if run not in self.ended:
            self.ended[run] = asyncio.get_running_loop().create_future()
        return self.ended[run]

    def _done(self, body: dict) -> None:
        future = self._end(body.get("run"))
        if not future.done():
            future.set_result(time.perf_counter())

    def _error(self, body: dict) -> None:
        if "run" in body:  # a refused run has no id: its ack says so too
            future = self._end(body["run"])
            if not future.done():
                future.set_exception(RunFailed(f"run_error: {body.get('error')}"))


@dataclass
class Tally:
    """What a group of simulated users met: errors by kind and latencies (seconds) by kind."""

    errors: Counter = field(default_factory=Counter)
    examples: dict[str, str] = field(default_factory=dict)
    times: dict[str, list[float]] = field(default_factory=dict)

    def error(self, kind: str, detail: object = "") -> None:
        self.errors[kind] += 1
        self.examples.setdefault(kind, str(detail)[:200])

    def time(self, kind: str, seconds: float) -> None:
        self.times.setdefault(kind, []).append(seconds)

    def take(self) -> Tally:
        """A copy of what was gathered so far; this tally starts again from nothing."""
        taken = Tally(self.errors, self.examples, self.times)
        self.errors, self.examples, self.times = Counter(), {}, {}
        return taken

    def add(self, other: Tally) -> None:
        self.errors.update(other.errors)
        for kind, detail in other.examples.items():
            self.examples.setdefault(kind, detail)
        for kind, values in other.times.items():
            self.times.setdefault(kind, []).extend(values)


async def pause(stop: asyncio.Event, seconds: float) -> None:
    """Sleep ``seconds``, or less if ``stop`` is set meanwhile."""
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(stop.wait(), seconds)


def timestamp_seq() -> int:
    """A lecture ``seq`` that is also the send time: microseconds on the system-wide
    monotonic clock (comparable across processes), so students measure step → receipt."""
    return time.monotonic_ns() // 1000


async def start_lecture(client: SocketClient, view: dict) -> tuple[str, str]:
    """Open a lecture room from ``view``; its code and the presenter's key."""
    ack = await client.call("lecture:start", {"view": view, "cursor": {"step": 0}})
    if not ack.get("ok"):
        raise SocketError(f"lecture:start refused: {ack.get('error')}")
    return ack["room"], ack["key"]


async def drive_lecture(
    client: SocketClient, code: str, key: str, interval: float, tally: Tally, stop: asyncio.Event
) -> None:
    """Step through the view every ``interval`` seconds until ``stop``; acks timed."""
    step = 0
    while not stop.is_set() and client.connected:
        step = (step + 1) % 28  # the textbook trace has 27 events: steps 0..27
        cursor = {"step": step, "playing": False, "speed": 1}
        start = time.perf_counter()
        try:
            ack = await client.call(
                "lecture:cursor",
                {"room": code, "key": key, "seq": timestamp_seq(), "cursor": cursor},
            )
            tally.time("cursor ack", time.perf_counter() - start)
            if not ack.get("ok"):
                tally.error("lecture_error", ack.get("error"))
        except SocketError as err:
            tally.error("presenter", err)
        await pause(stop, interval)


async def follow_lecture(
    client: SocketClient, code: str, tally: Tally, kind: str = "cursor"
) -> None:
    """Join room ``code``, run its view once (as the page does), then time every cursor
    (as ``kind`` in ``tally``)."""

    def on_cursor(body: dict) -> None:
        tally.time(kind, (timestamp_seq() - body["seq"]) / 1e6)

    client.on("lecture:cursor", on_cursor)
    client.on("lecture_error", lambda body: tally.error("lecture_error", body.get("error")))
    ack = await client.call("lecture:join", {"room": code})
    if not ack.get("ok"):
        raise SocketError(f"lecture:join refused: {ack.get('error')}")
    view = await fetch_view(client, ack["view"])
    tally.time("student run", await RunWatcher(client).run(view["tree"], view["options"]))


async def fetch_view(client: SocketClient, reference: dict) -> dict:
    """A lecture view travels by reference, ``{version, href}`` (docs/protocol.md): fetched
    over HTTP once, as the page does."""
    async with client.session.get(client.base_url + reference["href"]) as response:
        if response.status != 200:
            raise SocketError(f"the lecture view: HTTP {response.status}")
        return await response.json()


async def follow_view(client: SocketClient, reference: dict) -> tuple[dict, dict]:
    """A ``lecture:view`` message's view and trace as the student's page gets them: each
    carried in the message (a small view, docs/protocol.md) or fetched by reference."""
    view = reference.get("view") or await fetch_view(client, reference)
    trace = reference.get("trace")
    if trace is None:
        trace = await fetch_view(client, {"href": reference["href"] + "/trace"})
    return view, trace


async def run_now_and_then(
    watcher: RunWatcher,
    tree: Callable[[], Any],
    every: tuple[float, float],
    tally: Tally,
    stop: asyncio.Event,
    kind: str = "run",
) -> None:
    """Run ``tree()`` every ``every`` seconds (uniformly at random) until ``stop``."""
    await pause(stop, random.uniform(0, every[1]))  # spread the users out
    while not stop.is_set() and watcher.client.connected:
        try:
            tally.time(kind, await watcher.run(tree()))
        except RunFailed as err:
            tally.error("run_error", err)
        except SocketError as err:
            tally.error("socket", err)
        await pause(stop, random.uniform(*every))


def socket_session() -> aiohttp.ClientSession:
    """An aiohttp session for many websockets: no cap on connections."""
    return aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0, force_close=True))
