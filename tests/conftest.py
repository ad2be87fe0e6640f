"""Shared fixtures: the app and its HTTP and Socket.IO test clients; the `browser` and
`live` markers, set here at collection so that `script/test --quick` can leave them out.

The live-server and browser fixtures come from conftest_browser.py, the browser tests' shared
context from worker_context.py (both found by name).
"""

import os
import subprocess
from pathlib import Path

import pytest
from conftest_browser import (  # noqa: F401  (fixtures are found by name)
    base_url,
    browser_type_launch_args,
    live_server,
)
from support import make_app, source_mentions
from worker_context import context, worker_context  # noqa: F401  (fixtures, by name)

from app.realtime.sockets import socketio

TESTS_DIR = Path(__file__).resolve().parent

# The CLI writes its errors in the locale's language (LANGUAGE, LC_ALL, LC_MESSAGES, LANG):
# the tests, and the commands they run, speak English unless a test asks for another.
for _name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_name, None)
os.environ["LANG"] = "C.UTF-8"


def pytest_configure(config):
    """The tests run against the front end's production build, as users get it: script/build
    makes it when it is missing or stale (in pytest-xdist's controller, before the workers)."""
    if hasattr(config, "workerinput") or os.environ.get("PRUNE_ASSETS") == "modules":
        return
    subprocess.run([str(TESTS_DIR.parent / "script" / "build")], check=True)


# Calls that run the app under gunicorn in a subprocess: conftest_browser.start_server, and
# tests/test_script_server_address.py's helper that runs script/server itself.
SERVER_CALLS = ("start_server(", "run_script_server(")


def pytest_collection_modifyitems(items):
    """Mark tests/browser/* `browser`, and `live` every test that starts a gunicorn server,
    in its own body or in a fixture it uses (live_server, or a module's own server)."""
    for item in items:
        if Path(item.path).resolve().relative_to(TESTS_DIR).parts[0] == "browser":
            item.add_marker(pytest.mark.browser)
        fixtures = item._fixtureinfo.name2fixturedefs.values()
        functions = [getattr(item, "function", None)] + [d.func for defs in fixtures for d in defs]
        if any(source_mentions(f, *SERVER_CALLS) for f in functions if f is not None):
            item.add_marker(pytest.mark.live)


@pytest.fixture(scope="module")
def app():
    """The app with its defaults, one per test module: making one costs about 25 ms (Werkzeug
    compiling the routes), and most API tests only ask it. A test that changes what an app
    keeps (its limits, its rooms, its caches' counts) makes its own with ``make_app``."""
    return make_app()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def socket_client(app):
    client = socketio.test_client(app)
    yield client
    if client.is_connected():
        client.disconnect()
