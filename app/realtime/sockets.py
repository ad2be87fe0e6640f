"""The Socket.IO server and its handlers: check a run request, answer it, stream its events.

The contract (messages, acknowledgements, errors) is in docs/protocol.md, "Socket.IO"; why
the server runs on gevent is in docs/deployment.md. A search shares the server with every
other client: it streams in batches, gives way to the others after each one, waits for a
free slot (``PRUNE_MAX_SEARCHES``) and pauses while its reader falls behind. Every message
to a connection counts against its backlog in bytes (backlog.py); only large messages
are compressed, and a small one is framed once for all its recipients (ws_frames.py).
"""

from __future__ import annotations

import functools
import hashlib
import logging
import threading
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from functools import partial

import orjson
from flask import current_app, request
from flask_babel import get_translations
from flask_socketio import SocketIO, emit
from werkzeug.exceptions import HTTPException

from ..compute.job_pool import ClientGone, run_job
from ..compute.trace_cache import trace_cache
from ..compute.turns import take_turns
from ..engine import EngineError, Limits, Search
from ..engine.errors import N_, Language, Message
from ..inputs import check_size as _check_size
from ..inputs import error_body, limits_from, read_run, refuse_lone_surrogates, too_deep
from ..tracing import big_payload, run_head
from .backlog import bound_backlogs, unread_bytes
from .message_queue import LectureQueue
from .runs import Connection, Connections, Run, SearchSlots, TokenBucket
from .socket_packet import TOO_DEEP, UNREADABLE, Packet, Refusal, log_bad_packets_in_one_line
from .ws_frames import frame_messages

log = logging.getLogger(__name__)
socketio = SocketIO()
READER_POLL_SECONDS = 0.05


@dataclass(frozen=True)
class StreamSettings:
    batch: int  # events per message
    max_backlog: int  # bytes a connection may leave unread before its run pauses
    stall_seconds: float  # how long a run stays paused before it is stopped
    slot_seconds: float  # how long a run waits for a free search slot


def async_mode() -> str:
    """``gevent`` when the server patched the process for it (``gunicorn -k gevent``), else
    ``threading`` (tests, ``flask run``). Named explicitly: Flask-SocketIO would otherwise
    pick any installed gevent silently, even in an unpatched process."""
    try:
        from gevent import monkey
    except ImportError:
        return "threading"
    return "gevent" if monkey.is_module_patched("socket") else "threading"


def init_socketio(app) -> None:
    """Serve Socket.IO for ``app``, and keep its connections and search slots."""
    config = app.config
    app.extensions["prune.connections"] = Connections()
    app.extensions["prune.on_disconnect"] = []
    app.extensions["prune.searches"] = SearchSlots(config["PRUNE_MAX_SEARCHES"])
    app.extensions["prune.stream"] = StreamSettings(
        batch=config["PRUNE_EVENT_BATCH"],
        max_backlog=config["PRUNE_RUN_PAUSE_BYTES"],
        stall_seconds=config["PRUNE_STALLED_RUN_SECONDS"],
        slot_seconds=config["PRUNE_SEARCH_WAIT_SECONDS"],
    )
    queue = app.config.get("MESSAGE_QUEUE")
    # A broadcast that cannot be published is an error, not a silent loss (message_queue.py);
    # no manager stays behind from an earlier app of this process (tests make many).
    socketio.server_options.pop("client_manager", None)
    socketio.init_app(
        app,
        async_mode=async_mode(),
        message_queue=queue,
        **({"client_manager": LectureQueue(queue, channel="flask-socketio")} if queue else {}),
        max_http_buffer_size=app.config["PRUNE_SOCKET_BUFFER_BYTES"],
        serializer=Packet,
    )
    bound_backlogs(socketio.server.eio, config["PRUNE_SOCKET_BACKLOG_BYTES"])
    frame_messages(socketio.server.eio)
    log_bad_packets_in_one_line(socketio.server.eio.logger, socketio.server.logger)


def _connections() -> Connections:
    return current_app.extensions["prune.connections"]


def on(event: str):
    """``socketio.on(event)``, for handlers that must not outlive their event.

    Flask-SocketIO gives each event a request context, and Flask routes its path
    (``/socket.io/``) to a 404 that it keeps on the request. The 404's traceback holds the
    frames that made the context, so the event's arguments and reply (a whole tree and its
    node table) sit in a reference cycle that only Python's rare full collection frees:
    about 10 MB of dead objects per run of the largest tree. Dropping the 404 breaks it.

    A handler that fails is still answered (every message gets its acknowledgement): with
    an error in its event's family, ``lecture_error`` or ``run_error``.
    """

    def register(handler):
        @functools.wraps(handler)
        def handle(*args):
            request.routing_exception = None
            if event in ("connect", "disconnect"):
                return handler(*args)
            try:
                if args:
                    refuse_lone_surrogates(args[0], take_turns)
            except EngineError as err:  # named here for every event: none can store one
                body = error_body(err, get_translations())
                answer_error("lecture_error" if event.startswith("lecture:") else "run_error", body)
                return {"ok": False, **body}
            try:
                return handler(*args)
            except Exception:  # a bug: logged, and the sender still gets its answer
                log.exception("the %s handler failed", event)
                return _failed(event)

        return socketio.on(event)(handle)

    return register


@on("connect")
def on_connect(auth=None):
    config = current_app.config
    bucket = TokenBucket(config["PRUNE_SOCKET_RUNS"], config["PRUNE_SOCKET_RUN_SECONDS"])
    # Bound to this app's server: a later create_app() (tests) re-creates ``socketio.server``.
    # A run streams to a client of this process, so its messages skip the message queue.
    send = partial(socketio.server.emit, to=request.sid, namespace="/", ignore_queue=True)
    backlog = partial(_unread_bytes, socketio.server, request.sid)
    _connections().open(request.sid, Connection(send, backlog, bucket))


def _unread_bytes(server, sid: str) -> int:
    """How many bytes wait for the client ``sid`` to read them."""
    return unread_bytes(server.eio, server.manager.eio_sid_from_sid(sid, "/"))


@on("disconnect")
def on_disconnect(reason=None):
    _connections().close(request.sid)
    for forget in current_app.extensions["prune.on_disconnect"]:
        forget(request.sid)


@on("run")
def on_run(message=None):
    """Validate, acknowledge with the node table, then stream the events in the background."""
    connection = _connections().get(request.sid)
    if connection is None:  # the client left while this message waited
        return None
    config = current_app.config
    settings: StreamSettings = current_app.extensions["prune.stream"]
    if connection.backlog() > settings.max_backlog:
        unread = N_("this connection has not read what it was sent; read it, then run again")
        return _refuse(EngineError(Message(unread)))
    if not connection.admit():
        return _refuse(EngineError(Message(N_("too many runs; wait a moment"))))
    limits = limits_from(config)
    try:
        _check_size(message, config["MAX_CONTENT_LENGTH"], limits)
        head, search = _prepared(message, limits, settings.batch, connection)
    except EngineError as err:
        return _refuse(err)
    except HTTPException as err:  # no place or budget for it in the job pool: says why
        return _refuse(EngineError(getattr(err, "message", None) or Message(err.description)))
    except ClientGone:
        return None
    started = connection.start()
    # With async handlers this handler runs in its own thread, which sends the ack and ends:
    # the stream waits for it so that the ack always arrives before the first events.
    handler = _current_task() if socketio.server.async_handlers else None
    slots = current_app.extensions["prune.searches"]
    # The stream's own refusals, in the asker's language (it runs outside this request).
    say = get_translations()
    socketio.start_background_task(stream, started, search, settings, slots, handler, say)
    return {"ok": True, "run": started.id, **head}


def _prepared(message, limits: Limits, batch: int, connection: Connection):
    """The run's acknowledgement (``run_head``) and its search. A small run (at most
    ``PRUNE_INLINE_TRACE_BYTES`` of JSON: the textbook trees) is searched here, batch by
    batch as it streams; a bigger one whole in a worker process (app/compute/job_pool.py),
    whose batches then stream from memory, so the search never holds the event loop. The
    worker's answer is kept in the trace cache by the message's hash: a class running the
    same big tree (a lecture's slide) computes it once."""
    payload = big_payload(message, current_app.config["PRUNE_INLINE_TRACE_BYTES"])
    if payload is None:
        document, options = read_run(message, limits, take_turns)
        search = Search(document.tree, options)
        return run_head(document, options, search, take_turns), search

    def search_in_a_worker() -> bytes:
        job = [orjson.Fragment(payload), asdict(limits), batch]
        return run_job("run", job, still_wanted=lambda: not connection.closed)

    # A class running the same tree (a lecture's slide) computes it once: the others wait.
    key = ("socket-run", hashlib.sha256(payload).hexdigest(), batch)
    lines = trace_cache().get_or_compute(key, search_in_a_worker)[0].split(b"\n")
    return orjson.loads(lines[0]), Searched(lines[1:-1], orjson.loads(lines[-1]))


class Searched:
    """A search a worker process made: its batches (JSON lines), read as they are sent."""

    def __init__(self, batches: list[bytes], summary: dict):
        self._batches = batches
        self.summary = summary

    def batches(self, _size: int) -> Iterator[list]:
        for line in self._batches:
            yield orjson.loads(line)


@on(UNREADABLE)
def on_unreadable(refusal: Refusal = TOO_DEEP):
    """A message the packet layer could not hand to ``run`` as sent (socket_packet.py)."""
    return _refuse(refused(refusal, limits_from(current_app.config)))


def refused(refusal: Refusal, limits: Limits) -> EngineError:
    """The error that answers a socket message the packet layer refused."""
    return too_deep(limits) if refusal.too_deep else EngineError(refusal.error)


def _current_task():
    """The greenlet or thread running this handler, which ``stream`` joins."""
    if socketio.async_mode == "gevent":
        import gevent

        return gevent.getcurrent()
    return threading.current_thread()


def stream(
    run: Run,
    search: Search,
    settings: StreamSettings,
    slots: SearchSlots,
    after,
    language: Language | None = None,
) -> None:
    """Send the search's events in batches (one emit per batch, not per event), then done.

    ``offset`` and ``total_events`` let a client whose handlers may run out of order (such as
    python-socketio's threaded client) put the trace together. Stops as soon as the run is
    cancelled (a newer run, or a disconnect). ``after`` (the handler, which sends the ack) is
    joined first, so the ack always comes before the events. ``language`` (the request's
    translations) writes its refusals in the client's language.
    """
    if after is not None:
        after.join()
    with slots.claim(settings.slot_seconds) as claimed:
        if not claimed:
            busy = N_("the server is busy with other searches; run again in a moment")
            _fail(run, Message(busy), language)
            return
        offset = 0
        try:
            for batch in search.batches(settings.batch):
                if not _reader_keeps_up(run, settings):
                    unread = N_("stopped: the events went unread for {seconds} s")
                    _fail(run, Message(unread, seconds=f"{settings.stall_seconds:g}"), language)
                    return
                if not run.send("events", {"run": run.id, "offset": offset, "events": batch}):
                    return
                offset += len(batch)
                take_turns()
            run.send("done", {"run": run.id, "total_events": offset, "summary": search.summary})
        except Exception:
            log.exception("run %s failed", run.id)
            _fail(run, Message(N_("the server failed during this search")), language)


def _reader_keeps_up(run: Run, settings: StreamSettings) -> bool:
    """Wait while the client has more than ``max_backlog`` bytes unread; False if it
    stays behind for ``stall_seconds`` (the run is then stopped and its search freed)."""
    deadline = time.monotonic() + settings.stall_seconds
    while run.connection.backlog() > settings.max_backlog and not run.cancelled:
        if time.monotonic() >= deadline:
            return False
        socketio.sleep(READER_POLL_SECONDS)
    return True


def _fail(run: Run, error: Message, language: Language | None) -> None:
    run.send("run_error", {"run": run.id, "error": error.translated(language)})


def _failed(event: str) -> dict:
    failed = Message(N_("the server failed to handle this {event} message"), event=event)
    body = {"error": failed.translated(get_translations())}
    answer_error("lecture_error" if event.startswith("lecture:") else "run_error", body)
    return {"ok": False, **body}


def _refuse(err: EngineError) -> dict:
    body = error_body(err, get_translations())
    answer_error("run_error", body)
    return {"ok": False, **body}


def answer_error(event: str, body: dict) -> None:
    """Also send a refusal as ``event`` (run_error, lecture_error), after the message's ack:
    every message gets its acknowledgement before any other message about it. The ack goes
    out when the handler's task ends, so a background task joins it first (as ``stream``
    does). The test client runs handlers inline (no task to join): it gets the event at once.
    """
    if not socketio.server.async_handlers:
        emit(event, body)
        return
    send = partial(socketio.server.emit, event, body, to=request.sid, namespace="/")
    socketio.start_background_task(_after, _current_task(), send)


def _after(task, send) -> None:
    task.join()
    send(ignore_queue=True)
