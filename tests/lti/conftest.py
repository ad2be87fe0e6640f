"""Fixtures for the LTI tests (helpers in lti_flow.py): ``lms``, the platform, and
``prune``, Prune registered with it, each stopped after the test."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from lms import LMS  # noqa: E402
from lti_flow import prune_for  # noqa: E402


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
