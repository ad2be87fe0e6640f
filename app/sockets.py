"""The Socket.IO server and its handlers: check a run request, answer it, stream its events.

The contract (messages, acknowledgements, errors) is in docs/protocol.md, "Socket.IO".
"""

from __future__ import annotations

import json
import logging
import threading
from functools import partial

from flask import current_app, request
from flask_socketio import SocketIO, emit

from .engine import EngineError, Limits, Search
from .inputs import error_body, limits_from, read_run, too_deep
from .runs import Connection, Connections, Run, TokenBucket
from .socket_packet import UNREADABLE, Packet

log = logging.getLogger(__name__)
socketio = SocketIO()


def init_socketio(app) -> None:
    """Serve Socket.IO for ``app``: threading mode (never a silently picked gevent/eventlet)."""
    app.extensions["prune.connections"] = Connections()
    app.extensions["prune.on_disconnect"] = []
    socketio.init_app(
        app,
        async_mode="threading",
        message_queue=app.config.get("MESSAGE_QUEUE"),
        max_http_buffer_size=app.config["PRUNE_SOCKET_BUFFER_BYTES"],
        serializer=Packet,
    )


def _connections() -> Connections:
    return current_app.extensions["prune.connections"]


@socketio.on("connect")
def on_connect(auth=None):
    config = current_app.config
    bucket = TokenBucket(config["PRUNE_SOCKET_RUNS"], config["PRUNE_SOCKET_RUN_SECONDS"])
    # Bound to this app's server: a later create_app() (tests) re-creates ``socketio.server``.
    send = partial(socketio.server.emit, to=request.sid, namespace="/")
    _connections().open(request.sid, Connection(send, bucket))


@socketio.on("disconnect")
def on_disconnect(reason=None):
    _connections().close(request.sid)
    for forget in current_app.extensions["prune.on_disconnect"]:
        forget(request.sid)


@socketio.on("run")
def on_run(message=None):
    """Validate, acknowledge with the node table, then stream the events in the background."""
    connection = _connections().get(request.sid)
    if connection is None:  # the client left while this message waited
        return None
    if not connection.admit():
        return _refuse(EngineError("too many runs; wait a moment"))
    config = current_app.config
    limits = limits_from(config)
    try:
        _check_size(message, config["MAX_CONTENT_LENGTH"], limits)
        document, options = read_run(message, limits)
        search = Search(document.tree, options)
        nodes = search.nodes()
    except EngineError as err:
        return _refuse(err)
    started = connection.start()
    # With async handlers this handler runs in its own thread, which sends the ack and ends:
    # the stream waits for it so that the ack always arrives before the first events.
    handler = threading.current_thread() if socketio.server.async_handlers else None
    socketio.start_background_task(stream, started, search, config["PRUNE_EVENT_BATCH"], handler)
    return {
        "ok": True,
        "run": started.id,
        "nodes": nodes,
        "options": options.to_data(),
        "document": {
            "name": document.name,
            "description": document.description,
            "source": document.source,
        },
    }


@socketio.on(UNREADABLE)
def on_unreadable():
    limits = limits_from(current_app.config)
    return _refuse(
        EngineError(
            "the message could not be read: it nests too deeply or holds a number too long; "
            f"trees may be at most {limits.max_depth} levels deep"
        )
    )


def stream(run: Run, search: Search, batch_size: int, after: threading.Thread | None) -> None:
    """Send the search's events in batches (one emit per batch, not per event), then done.

    ``offset`` and ``total_events`` let a client whose handlers may run out of order (such as
    python-socketio's threaded client) put the trace together. Stops as soon as the run is
    cancelled (a newer run, or a disconnect).
    """
    if after is not None:
        after.join()
    offset = 0
    try:
        for batch in search.batches(batch_size):
            if not run.send("events", {"run": run.id, "offset": offset, "events": batch}):
                return
            offset += len(batch)
        run.send("done", {"run": run.id, "total_events": offset, "summary": search.summary})
    except Exception:
        log.exception("run %s failed", run.id)
        run.send("run_error", {"run": run.id, "error": "the server failed during this search"})


def _check_size(message, cap: int, limits: Limits) -> None:
    """Refuse a message over the body limit (the transport's own cap is higher, see config)."""
    try:
        size = len(json.dumps(message, separators=(",", ":")))
    except RecursionError:
        raise too_deep(limits) from None
    if size > cap:
        raise EngineError(f"the run request has {size:,} bytes; the limit is {cap:,}")


def _refuse(err: EngineError) -> dict:
    body = error_body(err)
    emit("run_error", body)
    return {"ok": False, **body}
