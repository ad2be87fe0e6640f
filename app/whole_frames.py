"""Whole websocket frames, always: a WSGI middleware around the socket simple-websocket uses.

simple-websocket 1.1.0 (the latest release) writes each frame with one ``socket.send`` and
ignores how many bytes went out (its issue #45). Under gevent, a frame larger than the
socket's free send buffer (a 50,000-node table, or any message to a client that reads slowly)
is cut short, the next frame starts in the middle of it, and the client sees a corrupt stream.
The socket gunicorn hands over is wrapped so that ``send`` writes the whole frame, one frame
at a time: simple-websocket's ping task writes to the same socket as the message writer.
"""

from __future__ import annotations

import threading
from typing import Any


class WholeFrameSocket:
    """A socket whose ``send`` is ``sendall`` under a lock; everything else is the socket's."""

    def __init__(self, sock: Any):
        self._sock = sock
        self._sending = threading.Lock()

    def send(self, data: bytes) -> int:
        with self._sending:
            self._sock.sendall(data)
        return len(data)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._sock, name)


def whole_frames(wsgi_app):
    """``wsgi_app``, with gunicorn's socket wrapped for websocket upgrade requests."""

    def app(environ, start_response):
        sock = environ.get("gunicorn.socket")
        if sock is not None and environ.get("HTTP_UPGRADE", "").lower() == "websocket":
            environ["gunicorn.socket"] = WholeFrameSocket(sock)
        return wsgi_app(environ, start_response)

    return app
