"""The JSON API (``/api``): traces, presets and random trees, for scripts and the pages.

The GETs of presets, saved views and their traces are cacheable (ETag, Cache-Control; see
``traces.py``) and not counted by the per-address rate limit: a class behind one address
opens one embed a thousand times a minute. POSTs, which compute, are counted.

Bodies are read by hand (``get_data`` + ``parse_json``), not with ``request.get_json``, so
that any malformed input, however deeply nested, becomes a 400 that says what is wrong.
A big request (a CS188 file or tree over ``PRUNE_INLINE_TRACE_BYTES``, a random tree of more
than ``SMALL_RANDOM_NODES``) is computed in a worker process (``job_pool.py``).
"""

from __future__ import annotations

import hashlib
from dataclasses import asdict
from typing import Any

import orjson
from flask import Blueprint, Response, abort, current_app, request
from flask_babel import get_translations

from ..compute.job_pool import run_job
from ..compute.run_traces import trace_body
from ..compute.turns import take_turns
from ..engine import EngineError, Limits
from ..engine.course_formats import import_tree
from ..engine.cs188 import parse_cs188
from ..engine.cs188_export import export_cs188
from ..engine.errors import N_, Message
from ..engine.exports import export
from ..engine.presets import PRESETS
from ..inputs import (
    SMALL_RANDOM_NODES,
    limits_from,
    parse_json,
    random_nodes_at_most,
    read_random,
    read_run,
    refuse_lone_surrogates,
)
from ..security import not_rate_limited
from ..store import StoreError, view_store
from .errors import store_refusal
from .preset_words import preset_document, preset_listing
from .traces import (
    IMMUTABLE,
    SHORT,
    cached_response,
    etag_of,
    json_response,
    not_modified,
    trace_response,
    view_cache_control,
)

api = Blueprint("api", __name__, url_prefix="/api")


@api.post("/trace")
def trace():
    """The whole trace as one JSON object, written out batch by batch: a big tree neither
    holds its whole trace in memory nor keeps the server's other clients waiting."""
    return Response(trace_body(_body()), mimetype="application/json")


@api.get("/presets")
def presets():
    return [preset_listing(preset) for preset in PRESETS.values()]


@api.get("/presets/<name>")
@not_rate_limited
def preset(name: str):
    """A preset's tree document: cacheable (an hour, with an ETag of its content)."""
    document = _preset_document(name)
    body = orjson.dumps(document)
    etag = etag_of("preset", name, hashlib.sha256(body).hexdigest())
    response = not_modified(etag, SHORT) or cached_response(body, etag, SHORT)
    response.vary.update(("Accept-Language", "Cookie"))  # its words are the reader's language
    return response


@api.get("/presets/<name>/trace")
@not_rate_limited
def preset_trace(name: str):
    """``POST /api/trace``'s answer for a preset, options from the query; computed once."""
    document = _preset_document(name)
    content = hashlib.sha256(orjson.dumps(document)).hexdigest()
    return trace_response(
        ("preset", name, content), lambda options: {"tree": document, "options": options}, SHORT
    )


def _preset_document(name: str) -> dict[str, Any]:
    found = PRESETS.get(name)
    if found is None:
        says = Message(
            N_("no preset named {name} (try: {names})"), name=repr(name), names=", ".join(PRESETS)
        )
        abort(404, says.translated(get_translations()))
    return preset_document(found)


@api.post("/views")
def save_view():
    """Save a view (tree + options) for a short link; the same view always gets the same id."""
    body = _body()
    read_run(body, _limits())  # only valid views are saved
    view = {"tree": body["tree"], "options": body.get("options") or {}}
    try:
        identifier = view_store().save(view)
    except StoreError as err:
        abort(413, store_refusal(err))
    return {"id": identifier, "url": f"/t/{identifier}", "embed": f"/embed/{identifier}"}, 201


@api.get("/views/<identifier>")
@not_rate_limited
def load_view(identifier: str):
    """A saved view: its id is the hash of its content, so it is cached for good."""
    return json_response(etag_of("view", identifier), IMMUTABLE, lambda: _saved_view(identifier))


@api.get("/views/<identifier>/trace")
@not_rate_limited
def view_trace(identifier: str):
    """``POST /api/trace``'s answer for a saved view, the query's options over the view's."""

    def run(options: dict[str, str]) -> dict[str, Any]:
        view = _saved_view(identifier)
        return {"tree": view["tree"], "options": {**(view.get("options") or {}), **options}}

    return trace_response(("view", identifier), run, view_cache_control())


def _saved_view(identifier: str) -> dict[str, Any]:
    view = view_store().load(identifier)
    if view is None:
        abort(
            404,
            Message(N_("no saved view {id}"), id=repr(identifier)).translated(get_translations()),
        )
    return view


@api.post("/cs188/import")
def cs188_import():
    """A CS188 game-tree test file ``{"text"}`` as a tree document (errors name the line)."""
    body = _body()
    text = body.get("text") if isinstance(body, dict) else None
    if not isinstance(text, str):
        says = Message(N_("send {shape}"), shape='{"text": "<the .test file>"}')
        raise EngineError(says, field="text")
    for key in body:
        if key != "text":
            says = N_("unknown field {field} (expected {fields})")
            raise EngineError(Message(says, field=repr(key[:40]), fields="text"), field=key[:40])
    if len(text) <= _inline_bytes():
        return parse_cs188(text, _limits())
    return _json(run_job("cs188.import", [text, asdict(_limits())]))


@api.post("/cs188/export")
def cs188_export():
    """A tree document and options ``{"tree", "options"?}`` as a CS188 test file and the
    autograder's solution for it: ``{"text", "solution"}``."""
    body = _body()
    if len(request.get_data()) > _inline_bytes():  # a big tree: in a worker process
        return _json(run_job("cs188.export", [body, asdict(_limits())]))
    document, options = read_run(body, _limits())
    return export_cs188(document, options)


@api.post("/import")
def import_any():
    """A tree in any course format ``{"text"}`` as ``{"format", "tree", "document"}``
    (docs/formats.md); a bad text is a 400 naming the format tried, line and column."""
    body = _body()
    if not isinstance(body, dict) or set(body) != {"text"}:
        says = N_("send exactly {shape}")
        shape = '{"text": "<the tree in any format>"}'
        raise EngineError(Message(says, shape=shape), field="text")
    if len(request.get_data()) > _inline_bytes():  # a big text: parsed in a worker process
        return _json(run_job("formats.import", [body["text"], asdict(_limits())]))
    return import_tree(body["text"], _limits())


@api.post("/export")
def export_any():
    """``{"tree", "options"?, "step"?, "windows"?, "format"}`` as ``{"text"}`` in ``format``."""
    body = _body()
    if not isinstance(body, dict):
        raise EngineError(Message(N_("send {shape}"), shape='{"tree": …, "format": …}'))
    run = {key: body[key] for key in ("tree", "options") if key in body}
    extra = set(body) - {"tree", "options", "step", "windows", "format"}
    if extra:
        first = sorted(extra)[0][:40]
        raise EngineError(Message(N_("unknown field {field}"), field=repr(first)), field=first)
    if len(request.get_data()) > _inline_bytes():  # a big tree: searched in a worker process
        return _json(run_job("formats.export", [body, asdict(_limits())]))
    document, options = read_run(run, _limits())
    windows = body.get("windows", True) is not False
    return {"text": export(document, options, body.get("format"), body.get("step"), windows)}


@api.post("/random")
def random():
    """A random tree; one of more than ``SMALL_RANDOM_NODES`` nodes made in a worker process."""
    body = _body()
    if random_nodes_at_most(body) <= SMALL_RANDOM_NODES:
        return read_random(body, _limits())
    return _json(run_job("random", [body, asdict(_limits())]))


def _inline_bytes() -> int:
    """Requests up to this size (JSON or text) are computed in the server itself."""
    return current_app.config["PRUNE_INLINE_TRACE_BYTES"]


def _json(body: bytes) -> Response:
    return Response(body, mimetype="application/json")


def _limits() -> Limits:
    return limits_from(current_app.config)


def _body() -> Any:
    if not request.is_json:
        abort(415, 'send JSON with the header "Content-Type: application/json"')
    _refuse_cut_body(len(request.get_data()))
    body = parse_json(request.get_data(as_text=True), _limits())  # the cached bytes, decoded
    refuse_lone_surrogates(body, take_turns)
    return body


def _refuse_cut_body(length: int) -> None:
    """A chunked body (no Content-Length) is read only up to the limit, and werkzeug ends it
    there without a word: if one more byte follows, it was cut, so it is a 413."""
    cap = request.max_content_length
    cut = request.content_length is None and cap is not None and length >= cap
    if cut and request.environ["wsgi.input"].read(1):
        abort(413)
