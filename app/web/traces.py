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

The cache (``TraceCache``, app/compute/trace_cache.py) computes each trace once however
many ask; only a computation counts against the caller's rate limit, by the time it takes,
failing or not, and a large answer from the cache by its size (``charge_computation``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson
from flask import Response, request

from ..compute.run_traces import prepared_trace
from ..compute.trace_cache import trace_cache
from ..engine import EngineError
from ..engine.errors import N_, Message
from ..security import charge_computation, charged_by_time, cost_of
from ..static_files import CODINGS

YEAR = 31_536_000
IMMUTABLE = f"public, max-age={YEAR}, immutable"
SHORT = "public, max-age=3600"
VERSION_PARAM = "v"


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


def query_options() -> dict[str, str]:
    """A run's options from the query (``v`` and ``lang`` aside: the response's language is the
    request's); validated later by ``read_run``.

    An empty value means "not given" (as the page's address reads it); a key given twice is
    an error."""
    given: dict[str, str] = {}
    for key in request.args:
        if key in (VERSION_PARAM, "lang"):
            continue
        values = request.args.getlist(key)
        if len(values) > 1:
            says = N_("options: {name} is given {count} times")
            raise EngineError(Message(says, name=repr(key), count=len(values)), field=key)
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


def view_cache_control() -> str:
    """Immutable for the current engine's version; an hour otherwise."""
    return IMMUTABLE if request.args.get(VERSION_PARAM) == ENGINE_VERSION else SHORT
