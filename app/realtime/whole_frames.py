"""The socket a websocket is served on: whole frames, and the security headers on its 101.

simple-websocket 1.1.0 (the latest release) writes each frame with one ``socket.send`` and
ignores how many bytes went out (its issue #45). Under gevent, a frame larger than the
socket's free send buffer (a 50,000-node table, or any message to a client that reads slowly)
is cut short, the next frame starts in the middle of it, and the client sees a corrupt stream.
The socket gunicorn hands over is wrapped so that ``send`` writes the whole frame, one frame
at a time: simple-websocket's ping task writes to the same socket as the message writer.

A client that stops reading leaves such a ``sendall`` waiting for ever, holding its frame:
a frame not written within ``write_seconds`` (``PRUNE_SOCKET_WRITE_SECONDS``) shuts the
socket down, which ends the connection and frees it (gevent only: with threads, no server
writes websockets here). Under gevent a frame is first offered to the socket without
waiting: one that fits its send buffer (a lecture step to each of a class, nearly every
frame) goes out in one system call, and only the rest of one that does not fit is written
under the deadline (arming a timer per frame cost a lecture step about a tenth of its time).

simple-websocket also writes the upgrade's ``101`` answer straight to that socket, not
through ``start_response``, so the same wrapper adds the pages' security headers to it.
"""

from __future__ import annotations

import contextlib
import functools
import socket
import threading
from typing import Any


class WebsocketSocket:
    """A socket whose ``send`` writes the whole frame under a lock, and whose first write,
    the 101 answer, gets ``upgrade_headers`` (raw header lines); everything else is the
    socket's."""

    def __init__(self, sock: Any, upgrade_headers: bytes = b"", write_seconds: float | None = None):
        self._sock = sock
        self._sending = threading.Lock()
        self._upgrade_headers = upgrade_headers
        self._write_seconds = write_seconds

    def send(self, data: bytes) -> int:
        with self._sending:
            frame = self._with_headers(data)
            sent = self._send_at_once(frame)
            if sent < len(frame):
                try:
                    with _deadline(self._write_seconds):
                        self._sock.sendall(memoryview(frame)[sent:])
                except WriteStalled:
                    with contextlib.suppress(OSError):
                        self._sock.shutdown(socket.SHUT_RDWR)
                    raise OSError(
                        f"the client read nothing for {self._write_seconds:g} s: connection closed"
                    ) from None
        return len(data)  # the caller counts what it gave, not the headers added

    def _send_at_once(self, data: bytes) -> int:
        """How much of ``data`` the socket takes now, without waiting (gevent's ``send``
        with a zero timeout); 0 with threads, whose ``sendall`` simply blocks."""
        if _gevent_timeout() is None:
            return 0
        try:
            return self._sock.send(data, 0, timeout=0.0)
        except BlockingIOError:  # the send buffer is full: all of it waits
            return 0

    def _with_headers(self, data: bytes) -> bytes:
        headers, self._upgrade_headers = self._upgrade_headers, b""
        end = data.find(b"\r\n\r\n")
        if headers and data.startswith(b"HTTP/1.1 101") and end >= 0:
            return data[: end + 2] + headers + data[end + 2 :]
        return data

    def __getattr__(self, name: str) -> Any:
        return getattr(self._sock, name)


class WriteStalled(Exception):
    """A frame was not written in time: the client has stopped reading."""


def _deadline(seconds: float | None):
    """A gevent timeout raising ``WriteStalled`` after ``seconds``, when the process runs on
    gevent and a deadline is set; otherwise nothing."""
    timeout = _gevent_timeout()
    if not seconds or timeout is None:
        return contextlib.nullcontext()
    return timeout(seconds, WriteStalled)


@functools.cache
def _gevent_timeout() -> type | None:
    """gevent's ``Timeout`` when gevent has patched the process's sockets, else None."""
    try:
        from gevent import Timeout, monkey
    except ImportError:
        return None
    return Timeout if monkey.is_module_patched("socket") else None


def websocket_sockets(wsgi_app, upgrade_headers: bytes = b"", write_seconds: float | None = None):
    """``wsgi_app``, with gunicorn's socket wrapped for websocket upgrade requests."""

    def app(environ, start_response):
        sock = environ.get("gunicorn.socket")
        if sock is not None and environ.get("HTTP_UPGRADE", "").lower() == "websocket":
            environ["gunicorn.socket"] = WebsocketSocket(sock, upgrade_headers, write_seconds)
        return wsgi_app(environ, start_response)

    return app
