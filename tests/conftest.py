"""Shared fixtures: the app and its HTTP and Socket.IO test clients.

The live-server and browser fixtures come from conftest_browser.py (found by name).
"""

import pytest
from conftest_browser import (  # noqa: F401  (fixtures are found by name)
    base_url,
    browser_type_launch_args,
    live_server,
)
from support import make_app

from app.sockets import socketio


@pytest.fixture
def app():
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
