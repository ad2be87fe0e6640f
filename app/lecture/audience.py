"""Who is in which lecture room on this instance: the rooms each connection watches or
presents (left or abandoned when it disconnects), and the student each one answers as (a
browser tab's anonymous token), with the connections each student has.
"""

from __future__ import annotations

import re
import threading
from typing import Any

from ..engine.errors import N_, Message
from .rooms import RoomError

STUDENT = re.compile(r"[A-Za-z0-9_-]{16,64}")  # a browser tab's anonymous token


class Audience:
    """Which rooms each connection watches or presents, to leave or abandon them on
    disconnect, and which student (an anonymous token) it answers as."""

    def __init__(self):
        self.lock = threading.Lock()
        self.presenting: dict[str, set[str]] = {}
        self.watching: dict[str, set[str]] = {}
        self.students: dict[str, str] = {}  # sid -> token
        self.connections: dict[str, set[str]] = {}  # token -> sids

    def answerer(self, sid: str, token: Any) -> str:
        """The key a connection's answers are counted under: its tab's ``student`` token
        when it sends one (a reload or reconnect then replaces the answer instead of adding
        one), else the connection. A connection answers as one student only."""
        if token is None:
            with self.lock:
                token = self.students.get(sid)
            return f"s:{token}" if token else f"c:{sid}"
        if not isinstance(token, str) or not STUDENT.fullmatch(token):
            raise RoomError(Message(N_("student must be 16 to 64 letters, digits, - or _")))
        with self.lock:
            bound = self.students.setdefault(sid, token)
            self.connections.setdefault(bound, set()).add(sid)
        if bound != token:
            raise RoomError(Message(N_("this connection already answers as another student")))
        return f"s:{token}"

    def last_of(self, sid: str, code: str) -> str | None:
        """``sid``'s student key if no other connection here is that student in room
        ``code`` (the student is then gone from it), else None."""
        with self.lock:
            token = self.students.get(sid)
            if token is None:
                return f"c:{sid}"
            others = self.connections.get(token, set()) - {sid}
            if any(code in self.watching.get(other, ()) for other in others):
                return None
            return f"s:{token}"

    def add(self, sid: str, code: str) -> None:
        with self.lock:
            self.watching.setdefault(sid, set()).add(code)

    def discard(self, sid: str, code: str) -> bool:
        """Whether ``sid`` was watching ``code``."""
        with self.lock:
            watching = self.watching.get(sid, set())
            was = code in watching
            watching.discard(code)
            return was

    def watches(self, sid: str, code: str) -> bool:
        with self.lock:
            return code in self.watching.get(sid, ())

    def present(self, sid: str, code: str) -> None:
        with self.lock:
            self.presenting.setdefault(sid, set()).add(code)

    def abandoned(self, sid: str) -> set[str]:
        """The rooms ``sid`` presented that no other connection here presents: forgotten."""
        with self.lock:
            mine = self.presenting.pop(sid, set())
            others = set().union(*self.presenting.values()) if self.presenting else set()
            return mine - others

    def rooms(self) -> set[str]:
        """Every room some connection here watches."""
        with self.lock:
            return set().union(*self.watching.values()) if self.watching else set()

    def watched(self, sid: str) -> set[str]:
        with self.lock:
            return set(self.watching.get(sid, ()))

    def forget(self, sid: str) -> None:
        with self.lock:
            token = self.students.pop(sid, None)
            sids = self.connections.get(token, set())
            sids.discard(sid)
            if not sids:
                self.connections.pop(token, None)
            self.watching.pop(sid, None)
