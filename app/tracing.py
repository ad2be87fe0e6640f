"""A run request's whole trace as JSON, batch by batch: ``{"nodes", "options", "events",
"summary"}``, and a socket run's acknowledgement and batches. Flask-free, so the server
(app/compute/run_traces.py, app/realtime/sockets.py) and its worker processes (app/jobs.py)
make the same.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import orjson

from .engine import Document, Limits, Search, SearchOptions
from .engine.tree import Pause
from .inputs import read_run


def big_payload(run: Any, inline_bytes: int) -> bytes | None:
    """``run`` as JSON when it is too big to compute in the server (over ``inline_bytes``, the
    ``PRUNE_INLINE_TRACE_BYTES`` setting), for a worker process; None when it is small (or
    holds a value JSON cannot carry, which reading it in the server names)."""
    try:
        payload = orjson.dumps(run)
    except orjson.JSONEncodeError:
        return None
    return payload if len(payload) > inline_bytes else None


def trace_chunks(run: Any, limits: Limits, pause: Pause) -> Iterator[bytes]:
    """The trace, validated first: a bad request raises before the first chunk. ``pause``
    runs between batches (the server gives way to its other clients there)."""
    document, options = read_run(run, limits, pause)
    search = Search(document.tree, options)
    head = orjson.dumps({"nodes": search.nodes(pause), "options": options.to_data()})
    return _batches(head, search, pause)


def run_head(document: Document, options: SearchOptions, search: Search, pause: Pause) -> dict:
    """What a socket run's acknowledgement carries besides ``ok`` and ``run`` (docs/protocol.md):
    the node table, the options and the document's description."""
    return {
        "nodes": search.nodes(pause),
        "options": options.to_data(),
        "document": document_info(document, options),
    }


def document_info(document: Document, options: SearchOptions) -> dict:
    """What a page shows of a run's document besides its tree (a run's ack carries it, and so
    does a lecture view's trace)."""
    return {
        "name": document.name,
        "description": document.description,
        "answer": document.answer,
        "source": document.source,
        "agents": _agents(document, options),
    }


def run_lines(run: Any, limits: Limits, batch: int, pause: Pause) -> bytes:
    """A socket run computed whole, as lines of JSON: ``run_head``, then each batch of about
    ``batch`` events, then the summary (orjson writes no newline inside a value)."""
    document, options = read_run(run, limits, pause)
    search = Search(document.tree, options)
    lines = [orjson.dumps(run_head(document, options, search, pause))]
    lines.extend(orjson.dumps(events) for events in search.batches(batch))
    lines.append(orjson.dumps(search.summary))
    return b"\n".join(lines)


def _agents(document: Document, options: SearchOptions) -> list[str] | None:
    """The document's names of its players, or None when it has none or when the run's
    ``players`` option replaced its cycle (the names would then name the wrong levels)."""
    if document.agents is None or options.players != document.players:
        return None
    return list(document.agents)


def _batches(head: bytes, search: Search, pause: Pause) -> Iterator[bytes]:
    """``head`` (an object's JSON) extended with ``"events"`` and, last, ``"summary"``."""
    yield head[:-1] + b',"events":['
    separator = b""
    for batch in search.batches():
        yield separator + orjson.dumps(batch)[1:-1]
        separator = b","
        pause()
    yield b'],"summary":' + orjson.dumps(search.summary) + b"}"
