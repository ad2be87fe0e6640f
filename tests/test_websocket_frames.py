"""Websocket frames as a browser gets them (app/realtime/ws_frames.py and whole_frames.py).

A browser offers permessage-deflate: small messages (a lecture step, to a whole class) come
uncompressed, in a frame built once and shared; large ones (a run's node table, its events)
come deflated, each on its own (no zlib stream kept between messages). A frame too large for
the socket's buffer still arrives whole to a reader that reads slowly.
"""

import base64
import json
import os
import socket
import struct
import time
import urllib.request
import zlib

import pytest
from conftest_browser import start_server
from support import TEXTBOOK
from test_capacity import worst_legal_tree
from wsproto import ConnectionType, WSConnection
from wsproto.events import AcceptConnection, Request, TextMessage
from wsproto.extensions import PerMessageDeflate

from app.engine.generators import random_tree
from app.realtime.ws_frames import (
    DEFLATE_MIN_BYTES,
    LargeMessagesDeflated,
    deflated,
    text_frame,
)

BROWSER_OFFER = "permessage-deflate; client_max_window_bits"
RSV1 = 0x40


# --- in memory: wsproto on both sides ---------------------------------------------------------


def deflating_pair(offered=None):
    """A wsproto server (accepting with ``LargeMessagesDeflated``) and a client that offered
    permessage-deflate (``offered``, with its parameters), handshake done."""
    client = WSConnection(ConnectionType.CLIENT)
    server = WSConnection(ConnectionType.SERVER)
    offered = offered or PerMessageDeflate()
    offer = client.send(Request(host="x", target="/", extensions=[offered]))
    server.receive_data(offer)
    request = next(server.events())
    assert isinstance(request, Request)
    accepted = server.send(AcceptConnection(extensions=[LargeMessagesDeflated()]))
    assert b"server_no_context_takeover" in accepted
    client.receive_data(accepted)
    assert isinstance(next(client.events()), AcceptConnection)
    return server, client


def read(client, frame):
    client.receive_data(frame)
    return "".join(event.data for event in client.events() if isinstance(event, TextMessage))


def test_small_messages_go_plain_and_large_ones_deflated_and_both_read_back():
    server, client = deflating_pair()
    small = '42["lecture:cursor",{"room":"ABC234","seq":7,"cursor":{"step":3}}]'
    large = "42" + json.dumps(["events", {"events": [[i, i % 7] for i in range(400)]}])
    assert len(large) > DEFLATE_MIN_BYTES
    frames = [server.send(TextMessage(data=text)) for text in (small, large, large, small)]
    assert [frame[0] & RSV1 for frame in frames] == [0, RSV1, RSV1, 0]
    assert len(frames[1]) < len(large) / 3, "a large message is compressed"
    assert frames[1] == frames[2], "each compressed on its own: no stream kept between them"
    assert frames[0] == frames[3] == text_frame(small), "a small one is the shared frame"
    assert [read(client, frame) for frame in frames] == [small, large, large, small]


def test_a_large_message_compressed_once_decodes_on_every_connection_in_its_window():
    """The compressed payload is shared between connections of the same window; a client
    that asked for a smaller server window gets its own, which its window reads."""
    large = "42" + json.dumps(["lecture:view", {"events": [[i, i % 7] for i in range(3000)]}])
    deflated.cache_clear()
    pairs = [deflating_pair() for _ in range(3)]
    frames = [server.send(TextMessage(data=large)) for server, _ in pairs]
    assert frames[0] == frames[1] == frames[2] and frames[0][0] & RSV1
    assert deflated.cache_info().misses == 1 and deflated.cache_info().hits == 2
    assert [read(client, frame) for (_, client), frame in zip(pairs, frames, strict=True)] == [
        large
    ] * 3
    small_window = PerMessageDeflate(server_max_window_bits=9)
    server, client = deflating_pair(small_window)
    frame = server.send(TextMessage(data=large))
    assert frame != frames[0] and deflated.cache_info().misses == 2
    assert read(client, frame) == large


@pytest.mark.parametrize("size", [0, 1, 125, 126, 1000, DEFLATE_MIN_BYTES - 1])
def test_the_shared_frame_is_the_frame_wsproto_writes(size):
    server = WSConnection(ConnectionType.SERVER)
    client = WSConnection(ConnectionType.CLIENT)
    server.receive_data(client.send(Request(host="x", target="/")))
    next(server.events())
    client.receive_data(server.send(AcceptConnection()))
    next(client.events())
    text = "é" * (size // 2) + "x" * (size % 2)  # multibyte characters count as their bytes
    assert text_frame(text) == server.send(TextMessage(data=text))


def test_a_message_of_the_threshold_or_more_has_no_shared_frame():
    assert text_frame("x" * DEFLATE_MIN_BYTES) is None
    assert text_frame("é" * (DEFLATE_MIN_BYTES // 2)) is None  # its bytes, not its characters


# --- against a real server, as a browser ------------------------------------------------------


class RawSocket:
    """A websocket by hand, offering permessage-deflate as browsers do; reads whole frames
    and says whether each came compressed."""

    def __init__(self, base_url, receive_buffer=None, offer=BROWSER_OFFER):
        host, port = base_url.removeprefix("http://").split(":")
        self.sock = socket.socket()
        if receive_buffer:
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
        self.sock.settimeout(30)
        self.sock.connect((host, int(port)))
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(
            (
                "GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\n"
                f"Host: {host}:{port}\r\nOrigin: {base_url}\r\n"
                "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                + (f"Sec-WebSocket-Extensions: {offer}\r\n" if offer else "")
                + "\r\n"
            ).encode()
        )
        self.buffer = b""
        head = self._until(b"\r\n\r\n").decode()
        assert head.startswith("HTTP/1.1 101"), head
        self.extensions = [
            line.split(":", 1)[1].strip()
            for line in head.split("\r\n")
            if line.lower().startswith("sec-websocket-extensions:")
        ]

    def _until(self, marker):
        while marker not in self.buffer:
            self._fill()
        head, self.buffer = self.buffer.split(marker, 1)
        return head

    def _fill(self):
        chunk = self.sock.recv(65536)
        assert chunk, "the server closed the connection"
        self.buffer += chunk

    def _take(self, count):
        while len(self.buffer) < count:
            self._fill()
        taken, self.buffer = self.buffer[:count], self.buffer[count:]
        return taken

    def frame(self):
        """The next frame: (its bytes as they came, compressed?, its text)."""
        head = self._take(2)
        length = head[1] & 0x7F
        extended = b""
        if length == 126:
            extended = self._take(2)
            length = struct.unpack("!H", extended)[0]
        elif length == 127:
            extended = self._take(8)
            length = struct.unpack("!Q", extended)[0]
        raw = self._take(length)
        compressed = bool(head[0] & RSV1)
        payload = raw
        if compressed:  # a fresh stream each time: the server keeps none between messages
            inflater = zlib.decompressobj(-15)
            payload = inflater.decompress(raw + b"\x00\x00\xff\xff") + inflater.flush()
        return head + extended + raw, compressed, payload.decode()

    def text(self):
        """The next message that is not a ping (pings are answered)."""
        while True:
            _, _, text = self.frame()
            if text != "2":
                return text
            self.send("3")

    def send(self, text):
        data, mask = text.encode(), os.urandom(4)
        length = len(data)
        if length < 126:
            head = bytes((0x81, 0x80 | length))
        elif length < 65536:
            head = bytes((0x81, 0x80 | 126)) + struct.pack("!H", length)
        else:
            head = bytes((0x81, 0x80 | 127)) + struct.pack("!Q", length)
        masked = bytes(byte ^ mask[i % 4] for i, byte in enumerate(data))
        self.sock.sendall(head + mask + masked)

    def join_namespace(self):
        assert self.text().startswith("0")  # Engine.IO open
        self.send("40")
        assert self.text().startswith("40")

    def close(self):
        self.sock.close()


@pytest.fixture(scope="module")
def server():
    with start_server() as live:
        yield live


def test_a_browser_gets_small_messages_plain_and_a_runs_large_ones_deflated(server):
    ws = RawSocket(server.url)
    try:
        assert ws.extensions and ws.extensions[0].startswith("permessage-deflate")
        assert "server_no_context_takeover" in ws.extensions[0]
        _, compressed, opened = ws.frame()
        assert opened.startswith("0") and not compressed
        ws.send("40")
        _, compressed, joined = ws.frame()
        assert joined.startswith("40") and not compressed
        tree = random_tree(seed=3, depth=6, branching=3)  # 1,093 nodes
        ws.send("421" + json.dumps(["run", {"tree": tree}]))
        frames = []
        while not frames or '"done"' not in frames[-1][2][:12]:
            frames.append(ws.frame())
        _, ack_compressed, ack = frames[0]
        assert ack.startswith("431[") and ack_compressed, "the node table comes deflated"
        assert len(json.loads(ack[3:])[0]["nodes"]) == 1093
        for raw, compressed, text in frames:
            assert compressed == (len(text.encode()) >= DEFLATE_MIN_BYTES), (len(raw), text[:40])
        done = json.loads(frames[-1][2][2:])[1]
        events = sum(len(json.loads(f[2][2:])[1]["events"]) for f in frames[1:-1])
        assert events == done["total_events"] > 0
    finally:
        ws.close()


def test_a_step_reaches_every_student_as_the_same_plain_frame(server):
    presenter = RawSocket(server.url)
    students = [RawSocket(server.url) for _ in range(5)]
    try:
        for ws in (presenter, *students):
            ws.join_namespace()
        view = {"tree": TEXTBOOK, "options": {}}
        presenter.send("421" + json.dumps(["lecture:start", {"view": view, "cursor": {}}]))
        started = json.loads(presenter.text()[3:])[0]
        for student in students:
            student.send("421" + json.dumps(["lecture:join", {"room": started["room"]}]))
            assert json.loads(student.text()[3:])[0]["ok"] is True
        for seq, step in ((1, 4), (2, 9)):
            cursor = {"step": step, "playing": False, "speed": 1}
            body = {"room": started["room"], "key": started["key"], "seq": seq, "cursor": cursor}
            presenter.send("422" + json.dumps(["lecture:cursor", body]))
            got = [student.frame() for student in students]
            assert len({raw for raw, _, _ in got}) == 1, "one frame, the same bytes for all"
            raw, compressed, text = got[0]
            assert not compressed and raw == text_frame(text)
            assert json.loads(text[2:]) == [
                "lecture:cursor",
                {"room": started["room"], "seq": seq, "cursor": cursor},
            ]
    finally:
        for ws in (presenter, *students):
            ws.close()


def test_a_carried_lecture_view_reaches_every_student_as_one_compressed_frame(server):
    """A slide change with its trace carried (a 1,093-node tree): the same deflated frame
    for every student that offered permessage-deflate, the same text plain for one that did
    not, and the trace in it is the one its address answers."""
    presenter = RawSocket(server.url)
    students = [RawSocket(server.url) for _ in range(4)]
    plain = RawSocket(server.url, offer=None)
    try:
        for ws in (presenter, *students, plain):
            ws.join_namespace()
        start = {"view": {"tree": TEXTBOOK, "options": {}}, "cursor": {}}
        presenter.send("421" + json.dumps(["lecture:start", start]))
        started = json.loads(presenter.text()[3:])[0]
        for student in (*students, plain):
            student.send("421" + json.dumps(["lecture:join", {"room": started["room"]}]))
            assert json.loads(student.text()[3:])[0]["ok"] is True
        tree = random_tree(seed=3, depth=6, branching=3)
        body = {"room": started["room"], "key": started["key"], "seq": 1}
        presenter.send("422" + json.dumps(["lecture:view", {**body, "view": {"tree": tree}}]))
        got = [student.frame() for student in students]
        assert len({raw for raw, _, _ in got}) == 1, "one compressed frame, the same bytes"
        raw, compressed, text = got[0]
        assert compressed and len(raw) < len(text) / 3
        assert plain.frame()[2] == text
        name, message = json.loads(text[2:])
        carried = message["view"]
        assert name == "lecture:view" and carried["view"] == {"tree": tree, "options": {}}
        with urllib.request.urlopen(server.url + carried["href"] + "/trace") as answer:
            assert answer.headers["X-Prune-Trace"] == "cached"
            assert json.loads(answer.read()) == carried["trace"]
        assert len(carried["trace"]["nodes"]) == 1093
    finally:
        for ws in (presenter, *students, plain):
            ws.close()


def run_frames(ws, tree):
    """Run ``tree``; every frame up to its ``done``, checked whole: the ack's node table and
    every event batch read, their events counted against ``done``."""
    ws.send("421" + json.dumps(["run", {"tree": tree}]))
    time.sleep(1.0)  # the server fills the socket's buffers and waits on the rest
    frames = [ws.frame()]
    while '"done"' not in frames[-1][2][:12]:
        frames.append(ws.frame())
    ack = json.loads(frames[0][2][3:])[0]
    batches = [json.loads(text[2:])[1] for _, _, text in frames[1:]]
    assert sum(len(batch.get("events", ())) for batch in batches) == batches[-1]["total_events"]
    return ack, frames


@pytest.mark.parametrize("offer", [None, BROWSER_OFFER])
def test_frames_larger_than_the_socket_buffers_reach_a_slow_reader_whole(server, offer):
    ws = RawSocket(server.url, receive_buffer=4096, offer=offer)
    try:
        ws.join_namespace()
        ack, frames = run_frames(ws, worst_legal_tree())
        assert len(ack["nodes"]) == 50_000
        if offer is None:  # more than Linux lets a socket buffer (4 MiB): partial writes
            assert sum(len(raw) for raw, _, _ in frames) > 4 * 1024 * 1024
    finally:
        ws.close()
