"""Every connection's unread messages, counted in bytes and bounded: ``BacklogQueue``.

Engine.IO keeps one queue per connection of the packets waiting to be written to it: run
events, acknowledgements, lecture broadcasts, pings, all alike. Each queue here counts the
bytes it holds, and the bytes its writer has taken but not yet finished writing (the writer
takes a batch, writes it, then waits on the queue again: that wait means the batch is out).

``backlog()`` is what streaming reads to pause a run (``PRUNE_RUN_PAUSE_BYTES``). A
connection whose unread messages would pass ``PRUNE_SOCKET_BACKLOG_BYTES`` has stopped
reading: its queue is emptied (its memory freed), and it gets one last message saying why
(``connection_closed``), then Engine.IO's close. A writer stuck on such a client is cut
loose by the write deadline of whole_frames.py.
"""

from __future__ import annotations

import logging
from typing import Any

import orjson
from engineio import packet as eio_packet

log = logging.getLogger(__name__)
CLOSED_EVENT = "connection_closed"


def packet_bytes(pkt: Any) -> int:
    """The size of an Engine.IO packet's payload (its text's length; None ends the writer)."""
    data = getattr(pkt, "data", None)
    return len(data) if isinstance(data, str | bytes) else 0


def closing_notice(limit: int) -> eio_packet.Packet:
    """The Socket.IO event a connection gets when it is closed for not reading."""
    body = {
        "reason": "backlog",
        "error": (
            f"this connection left more than {limit:,} bytes unread, so the server closed it; "
            "reconnect to go on"
        ),
    }
    event = orjson.dumps([CLOSED_EVENT, body]).decode()
    return eio_packet.Packet(eio_packet.MESSAGE, data="2" + event)


class BacklogQueue:
    """An Engine.IO socket's queue (``inner``) that counts its bytes and holds at most
    ``limit`` of them, with those its writer is writing."""

    def __init__(self, inner: Any, empty: type[Exception], limit: int):
        self._inner = inner
        self._empty = empty
        self.limit = limit
        self.queued = 0  # bytes in the queue
        self.writing = 0  # bytes the writer took and has not finished writing
        self.overflowed = False

    def backlog(self) -> int:
        return self.queued + self.writing

    def put(self, pkt: Any, *args: Any, **kwargs: Any) -> None:
        if self.overflowed:
            if pkt is None:  # Engine.IO's own close still ends the writer
                self._inner.put(None)
            return
        size = packet_bytes(pkt)
        if self.queued + self.writing + size > self.limit:
            self._overflow()
            return
        self.queued += size
        self._inner.put(pkt, *args, **kwargs)

    def get(self, block: bool = True, timeout: float | None = None) -> Any:
        if block:  # the writer waits again: what it took before has been written
            self.writing = 0
        pkt = self._inner.get(block, timeout)
        size = packet_bytes(pkt)
        self.queued -= size
        self.writing += size
        return pkt

    def _overflow(self) -> None:
        """Drop what waits, tell the client why, and end the connection."""
        self.overflowed = True
        log.warning("closing a connection that left %s bytes unread", f"{self.backlog():,}")
        while True:
            try:
                self._inner.get(block=False)
                self._inner.task_done()
            except self._empty:
                break
        self.queued = 0
        self._inner.put(closing_notice(self.limit))
        self._inner.put(eio_packet.Packet(eio_packet.CLOSE))
        self._inner.put(None)

    def __getattr__(self, name: str) -> Any:  # task_done, join, qsize, empty: the queue's
        return getattr(self._inner, name)


def bound_backlogs(eio_server: Any, limit: int) -> None:
    """Give every new connection of ``eio_server`` a ``BacklogQueue`` of ``limit`` bytes."""
    make_queue = eio_server.create_queue
    empty = eio_server.get_queue_empty_exception()

    def create_queue(*args: Any, **kwargs: Any) -> BacklogQueue:
        return BacklogQueue(make_queue(*args, **kwargs), empty, limit)

    eio_server.create_queue = create_queue


def unread_bytes(eio_server: Any, eio_sid: str | None) -> int:
    """Bytes waiting to reach the connection ``eio_sid`` (0 once it is gone)."""
    socket = eio_server.sockets.get(eio_sid) if eio_sid else None
    queue = getattr(socket, "queue", None)
    return queue.backlog() if isinstance(queue, BacklogQueue) else 0
