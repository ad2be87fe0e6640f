"""Live-server and Playwright fixtures, imported by tests/conftest.py.

Not a conftest itself: tests/conftest.py does

    from conftest_browser import (  # noqa: F401  (fixtures are found by name)
        base_url,
        browser_type_launch_args,
        live_server,
    )

and other tests may call ``start_server()`` to run extra instances.

The app runs in a *subprocess* under gunicorn's gevent worker, as script/server runs it
(a second ``create_app()`` in the test process would break a running server).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent
WSGI_APP = "wsgi:app"
HEALTH_PATH = "/healthz"
STARTUP_TIMEOUT = 20.0  # seconds to wait for /healthz
# Environment variable through which start_server(db_path=...) hands the database file to the
# app: app/config.py must read it.
DB_ENV_VAR = "DATABASE_PATH"

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


def chromium_path(shell: bool = True) -> str | None:
    """The system Chromium (Debian's packages): $PRUNE_CHROMIUM, else its headless shell, else
    `chromium` on PATH. The shell is the same engine without the desktop browser around it
    (Playwright's own headless runs use it): the browser tests take a third less CPU. Benches
    ask for the desktop browser (``shell=False``), as a class's phones and laptops run it."""
    return (
        os.environ.get("PRUNE_CHROMIUM")
        or (shell and shutil.which("chromium-headless-shell"))
        or shutil.which("chromium")
    )


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class LiveServer:
    """A gunicorn process serving the app on 127.0.0.1."""

    url: str
    port: int
    process: subprocess.Popen
    instance_path: Path
    log_dir: Path
    _tmp: tempfile.TemporaryDirectory | None = field(default=None, repr=False)

    def stderr(self) -> str:
        return _read(self.log_dir / "stderr.log")

    def stdout(self) -> str:
        return _read(self.log_dir / "stdout.log")

    def alive(self) -> bool:
        return self.process.poll() is None

    def stop(self, timeout: float = 10.0) -> None:
        """Stop gunicorn (SIGTERM, then SIGKILL of its process group) and remove tmp files."""
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(5)
        if self._tmp is not None:
            self._tmp.cleanup()
            self._tmp = None

    def __enter__(self) -> LiveServer:
        return self

    def __exit__(self, *exc) -> None:
        self.stop()


def _read(path: Path) -> str:
    try:
        return path.read_text(errors="replace")
    except FileNotFoundError:
        return ""


def start_server(
    env_overrides: dict[str, str | None] | None = None,
    db_path: str | os.PathLike | None = None,
    *,
    connections: int = 5000,
    timeout: float = STARTUP_TIMEOUT,
    app: str = WSGI_APP,
    cwd: str | os.PathLike = REPO_ROOT,
) -> LiveServer:
    """Start the app under gunicorn in a subprocess and wait until /healthz answers 200.

    ``env_overrides`` are added to the environment (a value of None removes the variable);
    ``db_path`` is passed as $DATABASE_PATH. INSTANCE_PATH points to a fresh temporary
    directory unless ``env_overrides`` sets it. Call ``.stop()`` (or use ``with``) when done.
    """
    tmp = tempfile.TemporaryDirectory(prefix="prune-live-")
    root = Path(tmp.name)
    instance_path = root / "instance"
    instance_path.mkdir()
    log_dir = root / "logs"
    log_dir.mkdir()

    env = dict(os.environ)
    env["INSTANCE_PATH"] = str(instance_path)
    env["PYTHONUNBUFFERED"] = "1"
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(Path(cwd).resolve()), env.get("PYTHONPATH")) if p
    )
    if db_path is not None:
        env[DB_ENV_VAR] = str(db_path)
    for key, value in (env_overrides or {}).items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = str(value)
    if "INSTANCE_PATH" in env:
        instance_path = Path(env["INSTANCE_PATH"])

    last_error = ""
    for _attempt in range(3):  # a fresh port again if another process took it meanwhile
        port = free_port()
        cmd = [
            sys.executable, "-m", "gunicorn",
            "--worker-class", "gevent",
            "-w", "1",
            "--worker-connections", str(connections),
            "--bind", f"127.0.0.1:{port}",
            "--limit-request-line", "8190",  # as script/server and the Dockerfile
            "--graceful-timeout", "3",
            "--no-control-socket",  # else all instances share ~/.gunicorn/gunicorn.ctl
            "--access-logfile", "-",
            app,
        ]  # fmt: skip
        # Logs go to files, never to pipes: an undrained pipe would block the server.
        with (
            open(log_dir / "stdout.log", "wb") as out,
            open(log_dir / "stderr.log", "wb") as err,
        ):
            proc = subprocess.Popen(
                cmd,
                cwd=cwd,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=err,
                start_new_session=True,  # own process group: stop() reaches the worker too
            )
        server = LiveServer(
            url=f"http://127.0.0.1:{port}",
            port=port,
            process=proc,
            instance_path=instance_path,
            log_dir=log_dir,
            _tmp=tmp,
        )
        if _wait_healthy(server, timeout):
            return server
        last_error = server.stderr()
        exited = proc.poll() is not None
        server._tmp = None  # keep the tmp dir for the next attempt
        server.stop()
        if not (exited and "Address already in use" in last_error):
            break
    tmp.cleanup()
    raise RuntimeError(
        f"live server did not answer 200 on {HEALTH_PATH} within {timeout:.0f}s "
        f"(cmd: {' '.join(cmd)})\n--- server stderr ---\n{last_error}"
    )


def _wait_healthy(server: LiveServer, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not server.alive():
            return False
        try:
            with urllib.request.urlopen(server.url + HEALTH_PATH, timeout=2) as resp:
                if resp.status == 200:
                    return True
        except (urllib.error.URLError, ConnectionError, OSError):
            pass
        time.sleep(0.1)
    return False


@pytest.fixture(scope="session")
def live_server():
    """The app served by gunicorn in a subprocess; ``live_server.url`` is its base URL.

    The whole browser suite shares it from one address, so the per-address API limit and
    lecture rooms are raised (tests/test_api.py and tests/lecture check the limits
    themselves; a room outlives its test by PRUNE_LECTURE_ABANDONED_SECONDS). A refused
    experiment is retried after 1 s rather than 5 (the page's retries are what is tested).
    """
    server = start_server(
        {
            "PRUNE_API_RATE_LIMIT": "6000/minute",
            "PRUNE_LECTURE_ROOMS_PER_ADDRESS": "1000",
            "PRUNE_EXPERIMENT_RETRY_SECONDS": "1",
        }
    )
    yield server
    server.stop()


@pytest.fixture(scope="session")
def base_url(live_server) -> str:
    """pytest-playwright's base URL: lets browser tests call ``page.goto("/")``."""
    return live_server.url


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, request):
    """pytest-playwright's launch args plus Debian's Chromium and the flags this machine needs.

    Playwright's own browser download is never used (nothing runs `playwright install`).
    """
    args = dict(browser_type_launch_args)
    executable = chromium_path()
    if not executable:
        pytest.fail(
            "Chromium not found: install Debian's `chromium` (script/test does) "
            "or set PRUNE_CHROMIUM to its path",
            pytrace=False,
        )
    args["executable_path"] = executable
    args["args"] = [*args.get("args", []), *CHROMIUM_ARGS]
    if isinstance(getattr(request, "param", None), dict):  # indirect parametrization
        args.update(request.param)
    return args
