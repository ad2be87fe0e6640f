"""A lean bench student: one websocket speaking Engine.IO v4 / Socket.IO v5 itself.

bench/slide_changes.py's python-socketio clients cost ~3 ms of CPU per student for a 77 KB
slide (python-socketio, engine.io and aiohttp layered on one another), far more than a
phone's network stack costs, and they share the server's cores. This client opens the
websocket with aiohttp (offering permessage-deflate, as every browser does), answers the
server's pings, joins the room with ``lecture:join`` and reads ``lecture:view`` events:

* **delivered**: the moment the whole message is read off the socket (aiohttp returns a
  message once its last frame is in and inflated);
* **decoded**: the moment its JSON is parsed and checked: the view's tree is the slide's
  tree, and the trace's node table has one row per node of it, with its events and
  summary (a trace the message does not carry is fetched by reference, as the page does).

Parsing 77 KB of trace into Python objects costs ~2 ms (orjson); 300 students doing so on the
server's own 2 cores is 600 ms of CPU a change that a class's phones spend each on its own.
So a client process parses and checks the first copy of each message in full, and every
other student proves it holds the same message by its BLAKE2 digest (the server sends every
student the same bytes): a copy that differs in one byte is parsed and checked on its own.
``parse_ms`` keeps what each full parse-and-check cost, to set beside the times.

Each view gives the bench one record ``(seq, delivered, decoded, statuses, how)``, the
statuses ``[200, 200]`` when both parts were held and right (else the failure, named).
"""

from __future__ import annotations

import asyncio
import hashlib
import time
from collections.abc import Callable

import aiohttp
import orjson

PING, PONG, MESSAGE = "2", "3", "4"
CONNECT, EVENT, ACK = "0", "2", "3"  # Socket.IO packet types, after the Engine.IO "4"


def count_nodes(tree) -> int:
    """Nodes in a tree in shorthand (nested lists; a number is a leaf)."""
    count, stack = 0, [tree]
    while stack:
        node = stack.pop()
        count += 1
        if isinstance(node, list):
            stack.extend(node)
        elif isinstance(node, dict):
            stack.extend(node.get("children", []))
    return count


class LeanStudent:
    """One student on one websocket; ``expected(seq)`` gives slide ``seq``'s tree."""

    # Digests of ``lecture:view`` messages parsed and checked in this process, and the cost.
    verified: dict[bytes, int] = {}
    parse_ms: list[float] = []

    def __init__(self, url: str, http: aiohttp.ClientSession, record: Callable, expected):
        self.url, self.http, self.record, self.expected = url, http, record, expected
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.reader: asyncio.Task | None = None
        self.acks: dict[int, asyncio.Future] = {}

    @property
    def connected(self) -> bool:
        return self.ws is not None and not self.ws.closed

    async def connect(self, code: str) -> dict:
        """Open the websocket, connect to the default namespace, join room ``code``."""
        address = self.url.replace("http", "ws", 1) + "/socket.io/?EIO=4&transport=websocket"
        self.ws = await self.http.ws_connect(address, compress=15, max_msg_size=0)
        opening = await self.ws.receive_str()
        assert opening.startswith("0"), opening
        await self.ws.send_str(MESSAGE + CONNECT)
        connected = await self.ws.receive_str()
        assert connected.startswith(MESSAGE + CONNECT), connected
        self.reader = asyncio.create_task(self.read())
        return await self.call(1, "lecture:join", {"room": code})

    async def call(self, ack_id: int, event: str, data: dict) -> dict:
        self.acks[ack_id] = asyncio.get_running_loop().create_future()
        await self.ws.send_str(f"{MESSAGE}{EVENT}{ack_id}" + orjson.dumps([event, data]).decode())
        return (await asyncio.wait_for(self.acks[ack_id], 30))[0]

    async def read(self) -> None:
        async for message in self.ws:
            if message.type != aiohttp.WSMsgType.TEXT:
                break
            delivered = time.monotonic()
            text = message.data
            if text == PING:
                await self.ws.send_str(PONG)
            elif text.startswith(MESSAGE + ACK):
                digits = text[2:].split("[", 1)[0]
                self.acks[int(digits)].set_result(orjson.loads(text[2 + len(digits) :]))
            elif text.startswith(MESSAGE + EVENT):
                digest = hashlib.blake2b(text.encode(), digest_size=16).digest()
                if digest in self.verified:
                    self.record(
                        self.verified[digest], delivered, time.monotonic(), [200, 200], "carried"
                    )
                    continue
                name, data = orjson.loads(text[2:])
                if name == "lecture:view":
                    statuses, how = await self.on_view(data, delivered)
                    if statuses == [200, 200] and how == "carried":
                        self.verified[digest] = data["seq"]
                        self.parse_ms.append((time.monotonic() - delivered) * 1000)

    async def on_view(self, message: dict, delivered: float) -> tuple[list, str]:
        """Check the slide (fetching what the message does not carry), then record it."""
        reference, seq = message["view"], message["seq"]
        statuses, how = [], "carried"
        parts = {}
        for part, path in (("view", reference["href"]), ("trace", reference["href"] + "/trace")):
            if part in reference:
                parts[part] = reference[part]
                statuses.append(200)
                continue
            async with self.http.get(self.url + path) as answer:
                body = await answer.read()
                statuses.append(answer.status)
                how = answer.headers.get("X-Prune-Trace", how)
                parts[part] = orjson.loads(body) if answer.status == 200 else None
        if statuses == [200, 200]:
            statuses = self.check(seq, parts["view"], parts["trace"]) or statuses
        self.record(seq, delivered, time.monotonic(), statuses, how)
        return statuses, how

    def check(self, seq: int, view: dict, trace: dict) -> list[str] | None:
        """None when ``view`` and ``trace`` are slide ``seq``'s, else what is wrong."""
        tree = self.expected(seq)
        if view.get("tree") != tree:
            return [f"the view is not slide {seq}'s tree"]
        nodes = count_nodes(tree)
        rows = len(trace.get("nodes", ()))
        if rows != nodes or not trace.get("events") or "summary" not in trace:
            return [f"the trace has {rows} of {nodes} nodes, or no events or summary"]
        return None

    async def disconnect(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self.reader is not None:
            await asyncio.gather(self.reader, return_exceptions=True)
