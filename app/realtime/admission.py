"""Who may hold a Socket.IO connection: at most ``per_address`` from one client address, and
at most ``total`` in all, below what the worker accepts (``--worker-connections``), so that
page loads and ``/healthz`` always find room beside the sockets.

A WSGI layer in front of Socket.IO (inside ``ProxyFix``, so a trusted proxy's client address
is the one counted). It counts the requests that hold a connection open for long: websocket
sessions and long-polling ``GET``s, from their start until Engine.IO returns. One over a cap
is answered at once with a 429 (per address) or a 503 (the server), ``Connection: close``
and a line saying why, before Engine.IO spends anything on it.

Engine.IO ends a websocket session by raising when a frame cannot be read as a packet
(transport garbage); that is the client's fault, so it is logged here in one line instead of
reaching gunicorn's traceback.
"""

from __future__ import annotations

import logging
import threading
from collections import Counter
from urllib.parse import parse_qs

import orjson

SOCKET_PATH = "/socket.io"
log = logging.getLogger(__name__)


class SocketAdmission:
    def __init__(self, wsgi_app, per_address: int, total: int):
        self.wsgi_app = wsgi_app
        self.per_address = per_address
        self.total = total
        self.lock = threading.Lock()
        self.by_address: Counter[str] = Counter()
        self.open = 0

    def __call__(self, environ, start_response):
        if not _holds_a_connection(environ):
            return self.wsgi_app(environ, start_response)
        address = environ.get("REMOTE_ADDR") or "unknown"
        refusal = self._admit(address)
        if refusal is not None:
            return _refuse(start_response, *refusal)
        try:
            return self.wsgi_app(environ, start_response)
        except ValueError as err:  # an unreadable frame ended a websocket session
            if environ.get("HTTP_UPGRADE", "").lower() != "websocket":
                raise
            log.warning("a websocket from %s sent an unreadable frame: %s", address, err)
            # How a finished websocket tells its server to close the socket (as Engine.IO's
            # own websocket wrapper does): gunicorn stops on StopIteration.
            if environ.get("gunicorn.socket") is not None:
                raise StopIteration from None
            raise ConnectionError from None
        finally:
            self._release(address)

    def _admit(self, address: str) -> tuple[str, str] | None:
        with self.lock:
            if self.by_address[address] >= self.per_address:
                why = f"too many connections from your network address ({self.per_address})"
                return "429 Too Many Requests", why
            if self.open >= self.total:
                return (
                    "503 Service Unavailable",
                    f"this server holds all the connections it can ({self.total})",
                )
            self.by_address[address] += 1
            self.open += 1
            return None

    def _release(self, address: str) -> None:
        with self.lock:
            self.open -= 1
            self.by_address[address] -= 1
            if self.by_address[address] <= 0:
                del self.by_address[address]


def _holds_a_connection(environ) -> bool:
    if not environ.get("PATH_INFO", "").startswith(SOCKET_PATH):
        return False
    if environ.get("HTTP_UPGRADE", "").lower() == "websocket":
        return True
    query = parse_qs(environ.get("QUERY_STRING", ""))
    return environ.get("REQUEST_METHOD") == "GET" and query.get("transport") == ["polling"]


def _refuse(start_response, status: str, why: str):
    body = orjson.dumps({"error": f"{why}; try again later"})
    start_response(
        status,
        [
            ("Content-Type", "application/json"),
            ("Content-Length", str(len(body))),
            ("Retry-After", "10"),
            ("Connection", "close"),
        ],
    )
    return [body]
