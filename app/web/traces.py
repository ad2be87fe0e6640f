"""Cacheable traces of presets and saved views: what a class opening one embed or short link
asks for, a thousand times a minute from one address.

A trace is a function of its tree, its options and the engine's code. Presets change only
with a deploy and saved views never (their id is the hash of their content), so the trace
of one with given options is computed once, kept in a small in-process cache, and answered
with an ``ETag`` (revalidated with ``If-None-Match`` → 304, without computing or reading
anything) and ``Cache-Control`` that lets the browser, and any shared cache between it and
the class, keep it:

* a saved view's trace, asked for with ``v=<ENGINE_VERSION>`` (as the embed does): the
  content is addressed by hash, so ``public, max-age=31536000, immutable``; without ``v``
  or with an old one, ``public, max-age=3600`` (a deploy that changes the engine changes
  the ETag, which then revalidates);
* a preset's trace and document (addressed by name): ``public, max-age=3600``; the ETag
  covers the preset's content and the engine version, so a deploy shows after an hour.

The cache (``TraceCache``) is bounded in entries (``PRUNE_TRACE_CACHE_ENTRIES``, default
64) and bytes (``PRUNE_TRACE_CACHE_BYTES``, default 64 MiB; a trace larger than that is
answered but not kept), evicts the least recently used, and computes each key once even
when many requests miss at the same moment: the first computes, the others wait for it.
Only a computation counts against the caller's rate limit, by the time it takes, failing or
not, and a large answer from the cache by its size (``charge_computation``).
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import asdict
from pathlib import Path
from typing import Any

import orjson
from flask import Response, current_app, request

from ..engine import EngineError
from ..inputs import limits_from
from ..realtime.sockets import take_turns
from ..security import Meter, charge_computation, charged_by_time, cost_of
from ..static_files import CODINGS
from ..tracing import big_payload, trace_chunks
from .job_pool import run_job

YEAR = 31_536_000
IMMUTABLE = f"public, max-age={YEAR}, immutable"
SHORT = "public, max-age=3600"
VERSION_PARAM = "v"
WAIT_SECONDS = 60  # how long a request waits for another's computation of the same trace


def _engine_version() -> str:
    """A hash of the code a trace depends on: the engine and the games, and the reading of
    requests."""
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    engine = [*root.joinpath("engine").glob("*.py"), *root.joinpath("games").glob("*.py")]
    for path in sorted([*engine, root / "inputs.py", root / "tracing.py", Path(__file__)]):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]


ENGINE_VERSION = _engine_version()


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


def query_options() -> dict[str, str]:
    """A run's options from the query (``v`` aside); validated later by ``read_run``.

    An empty value means "not given" (as the page's address reads it); a key given twice is
    an error."""
    given: dict[str, str] = {}
    for key in request.args:
        if key == VERSION_PARAM:
            continue
        values = request.args.getlist(key)
        if len(values) > 1:
            raise EngineError(f"options: {key!r} is given {len(values)} times", field=key)
        if values[0] != "":
            given[key] = values[0]
    return given


def etag_of(*parts: Any) -> str:
    return hashlib.sha256(orjson.dumps([ENGINE_VERSION, *parts])).hexdigest()[:32]


def cached_response(body: bytes, etag: str, cache_control: str, **headers: str) -> Response:
    response = Response(body, mimetype="application/json", headers=headers)
    response.set_etag(etag)
    response.headers["Cache-Control"] = cache_control
    return response


def not_modified(etag: str, cache_control: str) -> Response | None:
    """A 304 when the client already holds ``etag``, as sent or compressed (Flask-Compress
    appends the coding to a compressed answer's ETag: app/static_files.py); the 304 names the
    form the client holds."""
    held = request.if_none_match
    for form in (etag, *(f"{etag}:{coding}" for coding in CODINGS)):
        if held.contains(form):
            response = Response(status=304)
            response.set_etag(form)
            response.headers["Cache-Control"] = cache_control
            return response
    return None


def json_response(etag: str, cache_control: str, load: Callable[[], Any]) -> Response:
    """``load()`` as JSON under ``etag``; a 304 (``load`` not called) when the client has it."""
    unchanged = not_modified(etag, cache_control)
    if unchanged is not None:
        return unchanged
    return cached_response(orjson.dumps(load()), etag, cache_control)


def trace_response(
    source: tuple[str, ...], run: Callable[[dict[str, str]], Any], cache_control: str
):
    """The trace of the run request ``run(query options)`` makes, for a source that never
    changes under the key ``source`` (kind, name, content hash)."""
    options = query_options()
    key = (*source, tuple(sorted(options.items())))
    etag = etag_of("trace", *key)
    unchanged = not_modified(etag, cache_control)
    if unchanged is not None:
        return unchanged

    def compute() -> bytes:
        work = prepared_trace(run(options))  # bad options are a 400 here, before the meter
        return work(meter)

    with charged_by_time() as meter:  # the search by its cost, also when it fails
        body, computed = trace_cache().get_or_compute(key, compute)
    charge_sending(body, computed)
    return cached_response(
        body, etag, cache_control, **{"X-Prune-Trace": "computed" if computed else "cached"}
    )


def charge_sending(body: bytes, computed: bool) -> None:
    """A large answer sent from the cache costs by its size (computing it was charged)."""
    cost = 0 if computed else cost_of(sent_bytes=len(body))
    if cost:
        charge_computation(cost)


def trace_body(run: Any) -> Iterator[bytes]:
    """A run request's whole trace as JSON (app/tracing.py), validated first: a bad request
    raises before the first byte. A small request (at most ``PRUNE_INLINE_TRACE_BYTES`` of
    JSON, such as the textbook trees) is computed here, giving way to the other clients
    between batches; a bigger one in a worker process (app/web/job_pool.py), which names a
    bad node or option."""
    limits = limits_from(current_app.config)
    payload = _worker_payload(run)
    if payload is None:
        return trace_chunks(run, limits, take_turns)
    return iter([run_job("trace", [payload, asdict(limits)])])


def prepared_trace(run: Any) -> Callable[[Meter], bytes]:
    """What computes the trace of ``run`` (as ``trace_body`` does), timed by the meter it is
    given: a small request's search, a big one's job (not its wait for a worker)."""
    limits = limits_from(current_app.config)
    payload = _worker_payload(run)
    if payload is None:
        chunks = trace_chunks(run, limits, take_turns)  # validated now
        return lambda meter: meter.run(lambda: b"".join(chunks))
    return lambda meter: run_job("trace", [payload, asdict(limits)], meter=meter)


def _worker_payload(run: Any) -> orjson.Fragment | None:
    """``run`` as JSON for a worker process when it is too big to compute here, else None."""
    payload = big_payload(run, current_app.config["PRUNE_INLINE_TRACE_BYTES"])
    return None if payload is None else orjson.Fragment(payload)


def view_cache_control() -> str:
    """Immutable for the current engine's version; an hour otherwise."""
    return IMMUTABLE if request.args.get(VERSION_PARAM) == ENGINE_VERSION else SHORT
