"""A run request's whole trace as JSON, batch by batch: ``{"nodes", "options", "events",
"summary"}``. Flask-free, so the server (app/web/traces.py) and its worker processes
(app/jobs.py) make the same bytes.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import orjson

from .engine import Limits, Search
from .engine.tree import Pause
from .inputs import read_run


def trace_chunks(run: Any, limits: Limits, pause: Pause) -> Iterator[bytes]:
    """The trace, validated first: a bad request raises before the first chunk. ``pause``
    runs between batches (the server gives way to its other clients there)."""
    document, options = read_run(run, limits, pause)
    search = Search(document.tree, options)
    head = orjson.dumps({"nodes": search.nodes(pause), "options": options.to_data()})
    return _batches(head, search, pause)


def _batches(head: bytes, search: Search, pause: Pause) -> Iterator[bytes]:
    """``head`` (an object's JSON) extended with ``"events"`` and, last, ``"summary"``."""
    yield head[:-1] + b',"events":['
    separator = b""
    for batch in search.batches():
        yield separator + orjson.dumps(batch)[1:-1]
        separator = b","
        pause()
    yield b'],"summary":' + orjson.dumps(search.summary) + b"}"
