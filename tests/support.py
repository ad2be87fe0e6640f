"""Helpers shared by the web tests (imported as ``support``: tests/ is on sys.path)."""

import contextlib
import functools
import inspect
import io
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from unittest import mock

import socketio
import websocket

from app import create_app
from app.cli import main as cli_main
from app.engine import parse_document, resolve_options, trace
from app.i18n.catalogs import available_locales, browser_catalog

TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def make_app(**config):
    """An app for tests: rate limits off unless a test turns them on."""
    return create_app({"TESTING": True, "RATELIMIT_ENABLED": False, **config})


@functools.cache
def _source(function) -> str:
    try:
        return inspect.getsource(function)
    except (OSError, TypeError):
        return ""


def source_mentions(function, *texts: str) -> bool:
    """Whether a test's or fixture's source mentions one of ``texts`` (read once per function:
    a fixture is shared by hundreds of tests, a test by its parameters)."""
    return any(text in _source(function) for text in texts)


LANGUAGE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def cli_process(*args: str, stdin: str = "", **language: str) -> subprocess.CompletedProcess:
    """The real ``python -m app.engine ARGS``, a process as a teacher runs it, in the language
    ``language`` sets (``LANGUAGE="de"``, ``LANG="es_ES.UTF-8"``; English without one)."""
    environ = {k: v for k, v in os.environ.items() if k not in LANGUAGE_VARIABLES}
    return subprocess.run(
        [sys.executable, "-m", "app.engine", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[1],
        timeout=120,
        env={**environ, **language},
    )


def run_cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    """``python -m app.engine ARGS`` run in this process (``app.cli.main``, what the command
    hands over to): its exit status, stdout and stderr as the command gives them, without an
    interpreter started and the app imported for each call (about a quarter of a second of CPU
    each; the command tests made a hundred). The real process is tested on its own
    (tests/engine/test_cli.py: pipes, exit status, no Flask imported)."""
    out, err = io.StringIO(), io.StringIO()
    with (
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
        mock.patch.object(sys, "stdin", io.StringIO(stdin)),
    ):
        try:
            status = cli_main(list(args))
        except SystemExit as leaving:  # --help
            status = leaving.code or 0
    command = [sys.executable, "-m", "app.engine", *args]
    return subprocess.CompletedProcess(command, status, out.getvalue(), err.getvalue())


def node_test(test_file, timeout: float = 120, **environ: str) -> subprocess.CompletedProcess:
    """``node --test`` of one of tests/js/with-python's files (TAP on stdout), its inputs named
    by ``environ`` (files this test wrote from Python: cases, catalogs)."""
    return subprocess.run(
        ["node", "--test", "--test-reporter=tap", str(test_file)],
        env={**os.environ, **environ},
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[1],
        timeout=timeout,
    )


def browser_catalogs_file(folder: Path) -> Path:
    """Every shipped language's browser catalog, as app/i18n makes it from the .po files, in
    one JSON file under ``folder`` (``{locale: catalog}``) for a Node test to read."""
    path = folder / "catalogs.json"
    data = {locale: browser_catalog(locale) for locale in available_locales()}
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def wire(value):
    """``value`` as it arrives after a JSON round trip (tuples become lists)."""
    return json.loads(json.dumps(value))


def engine_trace(tree, options=None):
    """The engine's own trace of ``tree``, as JSON would carry it."""
    document = parse_document(tree)
    return wire(trace(document.tree, resolve_options(document, options)))


def wait_until(predicate, timeout=10.0, interval=0.005):
    """Poll ``predicate`` until it returns something truthy; fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        result = predicate()
        if result:
            return result
        time.sleep(interval)
    raise AssertionError(f"condition not met within {timeout} s")


class Recorder:
    """A real client that files each message by run id.

    python-socketio's threaded client may run handlers out of order, so batches are put
    back in order by their ``offset``. ``json`` replaces the client's JSON module (for the
    whole process: python-socketio keeps it on its packet class).
    """

    def __init__(self, url, json=None):
        self.lock = threading.Lock()
        self.batches = {}
        self.received = {}
        self.done = {}
        self.errors = []
        self.finished = threading.Condition(self.lock)
        # websocket-client checks UTF-8 in pure Python (~0.5 µs a byte) unless told not to.
        self.client = socketio.Client(
            json=json, websocket_extra_options={"skip_utf8_validation": True}
        )
        self.client.on("events", self._on_events)
        self.client.on("done", self._on_done)
        self.client.on("run_error", self._on_error)
        self.client.connect(url, transports=["websocket"], wait_timeout=10)

    def _on_events(self, body):
        with self.lock:
            self.batches.setdefault(body["run"], []).append(body)
            self.received[body["run"]] = self.received.get(body["run"], 0) + len(body["events"])
            self.finished.notify_all()

    def _on_done(self, body):
        with self.lock:
            self.done[body["run"]] = body
            self.finished.notify_all()

    def _on_error(self, body):
        with self.lock:
            self.errors.append(body)
            self.finished.notify_all()

    def run(self, tree, options=None, timeout=10):
        return self.client.call("run", {"tree": tree, "options": options or {}}, timeout=timeout)

    def wait_done(self, run_id, timeout=10):
        """The done message and the run's events, once all of them have arrived."""

        def complete():
            done = self.done.get(run_id)
            return done is not None and self.received.get(run_id) == done["total_events"]

        with self.lock:
            assert self.finished.wait_for(complete, timeout)
            batches = sorted(self.batches[run_id], key=lambda b: b["offset"])
            return self.done[run_id], [e for b in batches for e in b["events"]]

    def close(self):
        self.client.disconnect()


@contextlib.contextmanager
def raw_socket(base_url):
    """A websocket speaking Engine.IO v4 / Socket.IO v5 by hand, connected to namespace "/".

    Frames: "4" (Engine.IO message) + "0" connect, "2" event or "3" ack, then an ack id.
    """
    url = base_url.replace("http://", "ws://") + "/socket.io/?EIO=4&transport=websocket"
    ws = websocket.create_connection(url, timeout=30, skip_utf8_validation=True)
    try:
        assert ws.recv().startswith("0")  # Engine.IO open
        ws.send("40")
        assert ws.recv().startswith("40")
        yield ws
    finally:
        ws.close()
