"""The encoded bodies of lecture payloads (a room's view, its open question), kept apart from
the trace cache so that a presenter's large views never evict a class's warm traces.

Each room keeps at most one body of each kind: its current one. A body is kept under the id
it was asked for (the view's version, the question's id); asking for another id of the same
kind replaces it, so an old version is dropped as soon as a newer one is asked for. A room is
dropped when a request finds it gone (``drop``), when it has not been asked for within
``idle_seconds`` (the rooms' own idle time), or, least recently used first, when the bodies of
all rooms pass ``max_bytes`` (``PRUNE_LECTURE_PAYLOAD_BYTES``). A body larger than that is
answered but not kept. The store only keeps what it is given: whether an id is still the
room's is checked by the route (app/web/lecture_payloads.py) on every request; what goes in
it is app/lecture/payloads.py's.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class _RoomBodies:
    touched: float
    bodies: dict[str, tuple[str, bytes]] = field(default_factory=dict)  # kind → (id, body)

    @property
    def size(self) -> int:
        return sum(len(body) for _, body in self.bodies.values())


class PayloadStore:
    """Bounded bodies of lecture payloads, by room and kind."""

    def __init__(
        self, max_bytes: int, idle_seconds: float, clock: Callable[[], float] = time.monotonic
    ):
        self.max_bytes = max_bytes
        self.idle_seconds = idle_seconds
        self.clock = clock
        self.encoded = 0  # bodies encoded (tests read it: one per version, not per student)
        self._lock = threading.Lock()
        self._rooms: OrderedDict[str, _RoomBodies] = OrderedDict()
        self._bytes = 0

    @property
    def size(self) -> int:
        """The bytes of all bodies kept."""
        with self._lock:
            return self._bytes

    def body(self, code: str, kind: str, ident: str, encode: Callable[[], bytes]) -> bytes:
        """Room ``code``'s body of ``kind`` under ``ident``: kept, or ``encode()``d and kept."""
        with self._lock:
            room = self._rooms.get(code)
            if room is not None:
                room.touched = self.clock()
                self._rooms.move_to_end(code)
                kept = room.bodies.get(kind)
                if kept is not None and kept[0] == ident:
                    return kept[1]
        body = encode()
        with self._lock:
            self.encoded += 1
            self._keep(code, kind, ident, body)
        return body

    def drop(self, code: str) -> None:
        """Forget room ``code``'s bodies (the room has ended)."""
        with self._lock:
            room = self._rooms.pop(code, None)
            if room is not None:
                self._bytes -= room.size

    def _keep(self, code: str, kind: str, ident: str, body: bytes) -> None:
        now = self.clock()
        room = self._rooms.get(code)
        if room is None:
            room = self._rooms[code] = _RoomBodies(now)
        self._bytes -= room.size
        if len(body) <= self.max_bytes:
            room.bodies[kind] = (ident, body)
        else:
            room.bodies.pop(kind, None)  # too large to keep: the old one is gone all the same
        self._bytes += room.size
        room.touched = now
        self._rooms.move_to_end(code)
        while self._rooms:
            oldest_code, oldest = next(iter(self._rooms.items()))
            idle = now - oldest.touched > self.idle_seconds
            if not idle and self._bytes <= self.max_bytes:
                break
            del self._rooms[oldest_code]
            self._bytes -= oldest.size
