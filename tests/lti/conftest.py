"""Fixtures for the LTI tests (helpers in lti_flow.py): ``lms``, the platform, ``prune``,
Prune registered with it (in this process), and ``served``, Prune under gunicorn (its
Socket.IO lecture rooms) registered with it; each stopped after the test."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from conftest_browser import start_server  # noqa: E402
from lms import LMS  # noqa: E402
from lti_flow import prune_for, tool_key_pem  # noqa: E402


@pytest.fixture
def lms():
    platform = LMS()
    yield platform
    platform.stop()


@pytest.fixture
def prune(lms, tmp_path):
    served = prune_for(lms, tmp_path)
    yield served
    served.tool.stop_sender.set()  # the outbox's loop, if a score started it
    served.server.shutdown()


@pytest.fixture
def served(lms, tmp_path):
    """Prune under gunicorn, registered with the LMS."""
    (tmp_path / "keys").mkdir()
    (tmp_path / "keys" / "current.pem").write_text(tool_key_pem())
    (tmp_path / "lti.json").write_text(json.dumps({"platforms": [lms.registration_for_prune()]}))
    env = {
        "PRUNE_LTI_CONFIG": str(tmp_path / "lti.json"),
        "PRUNE_LTI_KEYS_DIR": str(tmp_path / "keys"),
        "PRUNE_LTI_DATABASE": str(tmp_path / "lti.sqlite3"),
    }
    with start_server(env) as server:
        lms.connect_tool(server.url)
        yield server
