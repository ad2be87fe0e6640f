"""The trace cache: a trace is a function of its tree, its options and the engine's code, so
it is computed once and kept, however many ask for it (a class opening one embed, 300
students on one lecture slide, a socket run of the same big tree).

``TraceCache`` is bounded in entries (``PRUNE_TRACE_CACHE_ENTRIES``, default 64) and bytes
(``PRUNE_TRACE_CACHE_BYTES``, default 64 MiB; a trace larger than that is answered but not
kept), evicts the least recently used, and computes each key once even when many requests
miss at the same moment: the first computes, the others wait for it (``WAIT_SECONDS``).
``trace_cache()`` is the current app's, made on first use. The web's trace routes
(app/web/traces.py) and the socket layer's runs (app/realtime/sockets.py) share it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from flask import current_app

WAIT_SECONDS = 60  # how long a request waits for another's computation of the same trace


class TraceCache:
    """A bounded LRU of trace bodies (bytes) by key, computing each key once at a time."""

    def __init__(self, max_entries: int, max_bytes: int):
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        self.computed = 0  # computations started (tests and /healthz-style probes read it)
        self._lock = threading.Lock()
        self._items: OrderedDict[Any, bytes] = OrderedDict()
        self._bytes = 0
        self._pending: dict[Any, threading.Event] = {}

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: Any) -> bytes | None:
        with self._lock:
            body = self._items.get(key)
            if body is not None:
                self._items.move_to_end(key)
            return body

    def get_or_compute(self, key: Any, compute: Callable[[], bytes]) -> tuple[bytes, bool]:
        """The body for ``key`` and whether this call computed it."""
        while True:
            with self._lock:
                body = self._items.get(key)
                if body is not None:
                    self._items.move_to_end(key)
                    return body, False
                pending = self._pending.get(key)
                mine = pending is None
                if mine:
                    pending = self._pending[key] = threading.Event()
                    self.computed += 1
            if not mine:
                # Someone else computes it: wait, then look again (if it failed or was too big
                # to keep, the next look computes it here).
                pending.wait(WAIT_SECONDS)
                continue
            try:
                body = compute()
                self._keep(key, body)
                return body, True
            finally:
                with self._lock:
                    self._pending.pop(key, None)
                pending.set()

    def _keep(self, key: Any, body: bytes) -> None:
        if len(body) > self.max_bytes:
            return
        with self._lock:
            if key in self._items:
                return
            self._items[key] = body
            self._bytes += len(body)
            while len(self._items) > self.max_entries or self._bytes > self.max_bytes:
                _, dropped = self._items.popitem(last=False)
                self._bytes -= len(dropped)


def trace_cache() -> TraceCache:
    """This app's cache, made on first use from its settings."""
    cache = current_app.extensions.get("prune.traces")
    if cache is None:
        config = current_app.config
        made = TraceCache(config["PRUNE_TRACE_CACHE_ENTRIES"], config["PRUNE_TRACE_CACHE_BYTES"])
        cache = current_app.extensions.setdefault("prune.traces", made)
    return cache
