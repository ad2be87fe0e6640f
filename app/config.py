"""Settings read from the environment, with safe defaults.

Each setting's config key is the name of its environment variable. The limits are
documented in docs/protocol.md ("Limits"); change the two together.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from urllib.parse import urlsplit

MEGABYTE = 1024 * 1024
# The default PRUNE_MAX_URL_CHARS: below what gunicorn reads (--limit-request-line 8190 bytes
# holds "OPTIONS " + a target of 8,173 + " HTTP/1.1"), so the app, not gunicorn, answers 414.
MAX_URL_CHARS = 8000


class Config:
    """The app's settings; ``app.config.from_object(Config())`` loads its upper-case attributes."""

    def __init__(self, environ: Mapping[str, str] = os.environ):
        # A random key per process unless one is given: sessions then last one process's life.
        self.SECRET_KEY = environ.get("SECRET_KEY") or secrets.token_hex(32)
        # Saved views (short links): a SQLite file (default instance/prune.sqlite3) for one
        # machine; PRUNE_VIEW_STORE=redis://host:port/db puts them in a Redis every instance
        # reaches instead (instances on several machines must not share a SQLite file).
        self.DATABASE_PATH = environ.get("DATABASE_PATH") or None
        self.PRUNE_VIEW_STORE = _view_store(environ, "PRUNE_VIEW_STORE")
        # With Redis: refuse to start (or save) when the server says an acknowledged save
        # could be lost in a crash (not appendonly yes + appendfsync always, or allkeys-*
        # eviction). Off: only a warning in the log.
        self.PRUNE_VIEW_STORE_REQUIRE_DURABLE = _flag(
            environ, "PRUNE_VIEW_STORE_REQUIRE_DURABLE", True
        )
        self.PRUNE_MAX_SAVED_BYTES = _integer(environ, "PRUNE_MAX_SAVED_BYTES", 1024 * 1024)
        # Lessons (docs/lessons.md) share the store; one may be this big and hold this many
        # slides. A bigger one is a 413.
        self.PRUNE_MAX_LESSON_BYTES = _integer(environ, "PRUNE_MAX_LESSON_BYTES", 2 * MEGABYTE)
        self.PRUNE_MAX_LESSON_SLIDES = _integer(environ, "PRUNE_MAX_LESSON_SLIDES", 60)
        # Exams (docs/exams.md): the largest spec one request may ask for, how many random
        # trees a question tries before its spec is refused, and a stored exam's bytes.
        self.PRUNE_EXAM_MAX_QUESTIONS = _integer(environ, "PRUNE_EXAM_MAX_QUESTIONS", 40)
        self.PRUNE_EXAM_MAX_VARIANTS = _integer(environ, "PRUNE_EXAM_MAX_VARIANTS", 300)
        self.PRUNE_EXAM_MAX_DEPTH = _integer(environ, "PRUNE_EXAM_MAX_DEPTH", 5)
        self.PRUNE_EXAM_MAX_BRANCHING = _integer(environ, "PRUNE_EXAM_MAX_BRANCHING", 5)
        self.PRUNE_EXAM_MAX_LEAVES = _integer(environ, "PRUNE_EXAM_MAX_LEAVES", 81)
        self.PRUNE_EXAM_MAX_TRIES = _integer(environ, "PRUNE_EXAM_MAX_TRIES", 400)
        self.PRUNE_MAX_EXAM_BYTES = _integer(environ, "PRUNE_MAX_EXAM_BYTES", 32 * MEGABYTE)
        # Traces of presets and saved views, computed once and kept for every student who opens
        # them: at most this many, and this many bytes in all (a larger one is not kept).
        self.PRUNE_TRACE_CACHE_ENTRIES = _integer(environ, "PRUNE_TRACE_CACHE_ENTRIES", 64)
        self.PRUNE_TRACE_CACHE_BYTES = _integer(
            environ, "PRUNE_TRACE_CACHE_BYTES", 64 * 1024 * 1024
        )
        # Lecture payloads (each room's current view and question, encoded once for all its
        # students): this many bytes in all, least recently asked rooms out; never traces.
        self.PRUNE_LECTURE_PAYLOAD_BYTES = _integer(
            environ, "PRUNE_LECTURE_PAYLOAD_BYTES", 64 * 1024 * 1024
        )
        # A lecture view of at most this many bytes of JSON rides in its lecture:view message,
        # and its trace too when both fit: a class on a new slide then makes no request.
        self.PRUNE_LECTURE_INLINE_BYTES = _integer(environ, "PRUNE_LECTURE_INLINE_BYTES", 262_144)
        # Who may frame /embed pages: a space-separated CSP source list ("*" = any site).
        # Every other page refuses to be framed.
        self.PRUNE_EMBED_ORIGINS = environ.get("PRUNE_EMBED_ORIGINS") or "*"

        self.PRUNE_MAX_NODES = _integer(environ, "PRUNE_MAX_NODES", 50_000)
        self.PRUNE_MAX_DEPTH = _integer(environ, "PRUNE_MAX_DEPTH", 200)
        # Flask answers 413 to a larger request body.
        self.MAX_CONTENT_LENGTH = _integer(environ, "PRUNE_MAX_BODY_BYTES", 2 * MEGABYTE)
        # A Socket.IO message over this closes the connection, so it sits above the body limit:
        # a message between the two gets a clear run_error instead.
        self.PRUNE_SOCKET_BUFFER_BYTES = _integer(
            environ, "PRUNE_SOCKET_BUFFER_BYTES", 2 * self.MAX_CONTENT_LENGTH
        )
        self.PRUNE_EVENT_BATCH = _integer(environ, "PRUNE_EVENT_BATCH", 256)
        self.PRUNE_SOCKET_RUNS = _integer(environ, "PRUNE_SOCKET_RUNS", 10)
        self.PRUNE_SOCKET_RUN_SECONDS = _integer(environ, "PRUNE_SOCKET_RUN_SECONDS", 10)
        # Sharing one process among a class: searches streaming at once (the rest wait up to
        # PRUNE_SEARCH_WAIT_SECONDS for a slot), and bytes a client may leave unread before
        # its run pauses (stopped after PRUNE_STALLED_RUN_SECONDS paused).
        self.PRUNE_MAX_SEARCHES = _integer(environ, "PRUNE_MAX_SEARCHES", 8)
        self.PRUNE_SEARCH_WAIT_SECONDS = _integer(environ, "PRUNE_SEARCH_WAIT_SECONDS", 30)
        # Socket.IO connections held open: per client address (a class behind one NAT is one
        # address: keep it above the largest such class), and in all, below gunicorn's
        # --worker-connections (CONNECTIONS, 5,000) so page loads and /healthz keep room.
        self.PRUNE_SOCKETS_PER_ADDRESS = _integer(environ, "PRUNE_SOCKETS_PER_ADDRESS", 1500)
        self.PRUNE_MAX_SOCKETS = _integer(environ, "PRUNE_MAX_SOCKETS", 4500)
        # Experiments compute in processes of their own: at most this many at once (one per
        # client address), each within a time and a memory (address space) budget.
        self.PRUNE_MAX_EXPERIMENTS = _integer(
            environ, "PRUNE_MAX_EXPERIMENTS", max(1, self.PRUNE_MAX_SEARCHES // 2)
        )
        self.PRUNE_EXPERIMENT_SECONDS = _integer(environ, "PRUNE_EXPERIMENT_SECONDS", 120)
        # Finished experiments kept for the next request with the same parameters: so many,
        # and so many bytes in all (least recently asked out).
        self.PRUNE_EXPERIMENT_CACHE_ENTRIES = _integer(
            environ, "PRUNE_EXPERIMENT_CACHE_ENTRIES", 128
        )
        self.PRUNE_EXPERIMENT_CACHE_BYTES = _integer(
            environ, "PRUNE_EXPERIMENT_CACHE_BYTES", 16 * 1024 * 1024
        )
        # How long an experiment waits in the fair queue for a place in a full pool (then 429).
        self.PRUNE_EXPERIMENT_QUEUE_SECONDS = _integer(
            environ, "PRUNE_EXPERIMENT_QUEUE_SECONDS", 30
        )
        # The Retry-After of a refused experiment (the page tries again after it).
        self.PRUNE_EXPERIMENT_RETRY_SECONDS = _integer(environ, "PRUNE_EXPERIMENT_RETRY_SECONDS", 5)
        self.PRUNE_EXPERIMENT_MEGABYTES = _integer(environ, "PRUNE_EXPERIMENT_MEGABYTES", 400)
        # Games, big traces and gradings compute in worker processes kept between requests
        # (app/compute/job_pool.py): this many workers, places per client address and waiting
        # in all, a CPU-time and a memory (address space) budget per job, and how long a job
        # waits for a free worker before a 503.
        self.PRUNE_JOB_WORKERS = _integer(environ, "PRUNE_JOB_WORKERS", 2)
        self.PRUNE_JOBS_PER_ADDRESS = _integer(environ, "PRUNE_JOBS_PER_ADDRESS", 4)
        self.PRUNE_JOB_QUEUE = _integer(environ, "PRUNE_JOB_QUEUE", 8, minimum=0)
        self.PRUNE_JOB_SECONDS = _integer(environ, "PRUNE_JOB_SECONDS", 20)
        self.PRUNE_JOB_MEGABYTES = _integer(environ, "PRUNE_JOB_MEGABYTES", 400)
        self.PRUNE_JOB_WAIT_SECONDS = _integer(environ, "PRUNE_JOB_WAIT_SECONDS", 30)
        # A trace whose run request is at most this many bytes of JSON (the textbook trees)
        # is computed in the server itself: a worker's round trip would cost it more.
        self.PRUNE_INLINE_TRACE_BYTES = _integer(environ, "PRUNE_INLINE_TRACE_BYTES", 16_384)
        self.PRUNE_RUN_PAUSE_BYTES = _integer(environ, "PRUNE_RUN_PAUSE_BYTES", MEGABYTE)
        self.PRUNE_STALLED_RUN_SECONDS = _integer(environ, "PRUNE_STALLED_RUN_SECONDS", 10)
        # Every message to a connection (runs, acks, lecture broadcasts) counts against one
        # backlog: over this many unread bytes the connection is told why and closed. Above
        # the largest single message (a 50,000-node table) and the run pause.
        self.PRUNE_SOCKET_BACKLOG_BYTES = _integer(
            environ, "PRUNE_SOCKET_BACKLOG_BYTES", 16 * MEGABYTE
        )
        # A websocket frame not written within this many seconds (the client stopped
        # reading) ends the connection and frees the frame.
        self.PRUNE_SOCKET_WRITE_SECONDS = _integer(environ, "PRUNE_SOCKET_WRITE_SECONDS", 60)

        # Lecture mode: rooms end after this long without a presenter message; with
        # MESSAGE_QUEUE (redis://…) several app instances share rooms and broadcasts.
        # Where rooms, questions, answers and drills are kept without MESSAGE_QUEUE: a SQLite
        # file (default instance/lecture.sqlite3) that a new worker takes up;
        # PRUNE_LECTURE_STORE=memory keeps them in the process (lost with it).
        self.PRUNE_LECTURE_DATABASE = environ.get("PRUNE_LECTURE_DATABASE") or None
        self.PRUNE_LECTURE_STORE = _lecture_store(environ, "PRUNE_LECTURE_STORE")
        self.PRUNE_LECTURE_IDLE_SECONDS = _integer(environ, "PRUNE_LECTURE_IDLE_SECONDS", 4 * 3600)
        # A room whose presenter has no connection left ends this long after (a reload or a
        # reconnect within it resumes the room).
        self.PRUNE_LECTURE_ABANDONED_SECONDS = _integer(
            environ, "PRUNE_LECTURE_ABANDONED_SECONDS", 600
        )
        self.PRUNE_LECTURE_MESSAGES_PER_SECOND = _integer(
            environ, "PRUNE_LECTURE_MESSAGES_PER_SECOND", 30
        )
        # Rooms alive that were created by one connection, one client address (one teacher's
        # needs), this process; and the views' bytes (compact JSON, each ≤ 2 MiB) rooms of
        # this process may hold in all: a teacher can start a room while that allows one.
        self.PRUNE_LECTURE_ROOMS_PER_CONNECTION = _integer(
            environ, "PRUNE_LECTURE_ROOMS_PER_CONNECTION", 3
        )
        self.PRUNE_LECTURE_ROOMS_PER_ADDRESS = _integer(
            environ, "PRUNE_LECTURE_ROOMS_PER_ADDRESS", 5
        )
        self.PRUNE_LECTURE_ROOMS_PER_PROCESS = _integer(
            environ, "PRUNE_LECTURE_ROOMS_PER_PROCESS", 1000
        )
        self.PRUNE_LECTURE_VIEW_BYTES = _integer(
            environ, "PRUNE_LECTURE_VIEW_BYTES", 256 * MEGABYTE
        )
        # Joins naming no room (guesses at codes) per client address and minute.
        self.PRUNE_LECTURE_CODE_GUESSES_PER_MINUTE = _integer(
            environ, "PRUNE_LECTURE_CODE_GUESSES_PER_MINUTE", 30
        )
        # start, join, leave, resume and end together, per connection: a rate and a burst.
        self.PRUNE_LECTURE_REQUESTS_PER_SECOND = _integer(
            environ, "PRUNE_LECTURE_REQUESTS_PER_SECOND", 5
        )
        self.PRUNE_LECTURE_REQUEST_BURST = _integer(environ, "PRUNE_LECTURE_REQUEST_BURST", 10)
        # Audience counts sent to a room's presenter per second; changes in between are merged.
        self.PRUNE_LECTURE_AUDIENCE_PER_SECOND = _integer(
            environ, "PRUNE_LECTURE_AUDIENCE_PER_SECOND", 4
        )
        # Lecture questions: an answer's size (compact JSON; 64 KiB holds a 3,000-node tree's
        # values), answers per student per minute (changing one's mind included), questions a
        # room may ask, and answer counts sent to the presenter per second (the rest merged).
        self.PRUNE_LECTURE_ANSWER_BYTES = _integer(environ, "PRUNE_LECTURE_ANSWER_BYTES", 65_536)
        self.PRUNE_LECTURE_ANSWERS_PER_MINUTE = _integer(
            environ, "PRUNE_LECTURE_ANSWERS_PER_MINUTE", 20
        )
        self.PRUNE_LECTURE_QUESTIONS_PER_ROOM = _integer(
            environ, "PRUNE_LECTURE_QUESTIONS_PER_ROOM", 100
        )
        # Students who may answer one question from one client address (a class behind one
        # NAT is one address), and answer marks (pruned paths, values, moves) one question
        # keeps in all: about 9 bytes each in memory (measured), so 1,000,000 hold ~10 MB a room.
        self.PRUNE_LECTURE_STUDENTS_PER_ADDRESS = _integer(
            environ, "PRUNE_LECTURE_STUDENTS_PER_ADDRESS", 500
        )
        self.PRUNE_LECTURE_ANSWER_MARKS = _integer(environ, "PRUNE_LECTURE_ANSWER_MARKS", 1_000_000)
        # Of those, the most one client address may hold (0: half of them), so that one
        # address cannot fill a question and lock the others out of answering.
        self.PRUNE_LECTURE_ANSWER_MARKS_PER_ADDRESS = _integer(
            environ, "PRUNE_LECTURE_ANSWER_MARKS_PER_ADDRESS", 0
        )
        self.PRUNE_LECTURE_ANSWER_UPDATES_PER_SECOND = _integer(
            environ, "PRUNE_LECTURE_ANSWER_UPDATES_PER_SECOND", 4
        )
        self.MESSAGE_QUEUE = environ.get("MESSAGE_QUEUE") or None

        # Flask-Limiter, for the JSON API: per client address, counted in this process's memory.
        self.RATELIMIT_ENABLED = _flag(environ, "PRUNE_RATE_LIMIT", True)
        self.PRUNE_API_RATE_LIMIT = environ.get("PRUNE_API_RATE_LIMIT") or "120/minute"
        self.RATELIMIT_STORAGE_URI = "memory://"
        # What a computation or a large cached answer counts against PRUNE_API_RATE_LIMIT:
        # one request per this many milliseconds of computing (failing or not), and one per
        # this many bytes sent beyond the first.
        self.PRUNE_COMPUTE_UNIT_MS = _integer(environ, "PRUNE_COMPUTE_UNIT_MS", 100)
        self.PRUNE_SENT_UNIT_BYTES = _integer(environ, "PRUNE_SENT_UNIT_BYTES", MEGABYTE)
        self.RATELIMIT_HEADERS_ENABLED = True

        # Addresses (docs/protocol.md, "Links and embeds"). The address students are
        # given (join links, QR codes), e.g. https://prune.example.edu; unset, the request's.
        self.PRUNE_PUBLIC_URL = _public_url(environ, "PRUNE_PUBLIC_URL")
        # Reverse proxies in front of the app whose X-Forwarded-For / -Proto are believed
        # (werkzeug's ProxyFix); 0 believes no forwarded header.
        self.PRUNE_TRUSTED_PROXIES = _integer(environ, "PRUNE_TRUSTED_PROXIES", 0, minimum=0)
        # The longest request target (path and query, as sent) answered: longer gets a 414.
        # gunicorn reads request lines up to 8190 bytes (--limit-request-line 8190), i.e. a
        # target of at least 8173 characters, so the app answers every 414 below that.
        self.PRUNE_MAX_URL_CHARS = _integer(environ, "PRUNE_MAX_URL_CHARS", MAX_URL_CHARS)

        # The pages' scripts and sheets (app/assets.py, docs/deployment.md "The build"):
        # "bundle" (the production build in static/dist/, made by `npm run build`; a server
        # without one refuses to start) or "modules" (development: the files as they are).
        self.PRUNE_ASSETS = _choice(environ, "PRUNE_ASSETS", ("bundle", "modules"))
        # Flask-Compress: JSON and HTML answers (traces, game documents, pages) at least this
        # big go out compressed (brotli or gzip, as the browser accepts); Socket.IO is not.
        self.COMPRESS_MIN_SIZE = _integer(environ, "PRUNE_COMPRESS_MIN_BYTES", 1024)


def _integer(environ: Mapping[str, str], name: str, default: int, minimum: int = 1) -> int:
    raw = environ.get(name, "").strip()
    if not raw:
        return default
    try:
        value = int(raw, 10)
    except ValueError:
        raise ValueError(f"{name} must be a whole number, not {raw!r}") from None
    if value < minimum:
        raise ValueError(f"{name} must be at least {minimum}, not {value}")
    return value


def _choice(environ: Mapping[str, str], name: str, choices: tuple[str, ...]) -> str:
    """One of ``choices`` (the first when unset)."""
    raw = environ.get(name, "").strip().lower()
    if not raw:
        return choices[0]
    if raw not in choices:
        raise ValueError(f"{name} must be one of {', '.join(choices)}, not {raw!r}")
    return raw


def _public_url(environ: Mapping[str, str], name: str) -> str | None:
    """An absolute http(s) URL without query or fragment, kept without its trailing slash."""
    raw = environ.get(name, "").strip()
    if not raw:
        return None
    parts = urlsplit(raw)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise ValueError(
            f"{name} must be an http:// or https:// address such as "
            f"https://prune.example.edu, not {raw!r}"
        )
    return raw.rstrip("/")


def _lecture_store(environ: Mapping[str, str], name: str) -> str:
    """Where lecture rooms are kept without MESSAGE_QUEUE: "sqlite" (the default) or "memory"."""
    raw = environ.get(name, "").strip().lower() or "sqlite"
    if raw not in ("sqlite", "memory"):
        raise ValueError(f"{name} must be sqlite (the default) or memory, not {raw[:40]!r}")
    return raw


def _view_store(environ: Mapping[str, str], name: str) -> str | None:
    """A Redis URL (redis://, rediss://, unix://), or None for the SQLite file."""
    raw = environ.get(name, "").strip()
    if not raw or raw.lower() == "sqlite":
        return None
    if urlsplit(raw).scheme not in ("redis", "rediss", "unix"):
        raise ValueError(
            f"{name} must be sqlite (the default) or a Redis URL such as "
            f"redis://redis.internal:6379/1, not a {urlsplit(raw).scheme or 'plain'!r} address"
        )
    return raw


def _flag(environ: Mapping[str, str], name: str, default: bool) -> bool:
    raw = environ.get(name, "").strip().lower()
    if not raw:
        return default
    if raw in ("1", "true", "yes", "on"):
        return True
    if raw in ("0", "false", "no", "off"):
        return False
    raise ValueError(f"{name} must be on or off, not {raw!r}")
