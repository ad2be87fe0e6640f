"""Socket.IO connections are admitted per client address and in all, below what the worker
accepts: one address cannot take the server, and pages keep room (app/realtime/admission.py)."""

import json
import time

import pytest
import requests
import websocket
from conftest_browser import start_server
from test_capacity import socketio_url

pytestmark = pytest.mark.slow


def open_socket(server, address):
    """A websocket through the Socket.IO handshake, from ``address`` (via the trusted proxy's
    X-Forwarded-For), or the refusal's (status, body)."""
    try:
        ws = websocket.create_connection(
            socketio_url(server.url), timeout=10, header=[f"X-Forwarded-For: {address}"]
        )
    except websocket.WebSocketBadStatusException as refused:
        return refused.status_code, json.loads(refused.resp_body)
    ws.recv()
    ws.send("40")
    assert ws.recv().startswith("40")
    return ws


def test_one_address_holds_at_most_its_cap_and_the_server_keeps_room_for_pages():
    env = {"PRUNE_TRUSTED_PROXIES": "1", "PRUNE_SOCKETS_PER_ADDRESS": "5", "PRUNE_MAX_SOCKETS": "8"}
    with start_server(env, connections=20) as server:
        held = [open_socket(server, "10.0.0.1") for _ in range(5)]
        assert all(isinstance(ws, websocket.WebSocket) for ws in held)
        status, body = open_socket(server, "10.0.0.1")
        assert status == 429
        assert body["error"].startswith("too many connections from your network address (5)")
        held += [open_socket(server, "10.0.0.2") for _ in range(3)]  # another address: room
        assert all(isinstance(ws, websocket.WebSocket) for ws in held)
        status, body = open_socket(server, "10.0.0.3")
        assert status == 503 and "all the connections it can (8)" in body["error"]
        # Below the worker's 20 connections: pages and /healthz still answer.
        assert requests.get(server.url + "/", timeout=5).status_code == 200
        health = requests.get(server.url + "/healthz", timeout=5).json()
        assert health["connections"] == 8
        held.pop().close()  # one leaves: its place is free again
        for _ in range(50):
            ws = open_socket(server, "10.0.0.3")
            if isinstance(ws, websocket.WebSocket):
                break
            time.sleep(0.1)
        assert isinstance(ws, websocket.WebSocket), "a freed place is admitted again"
        for each in [*held, ws]:
            each.close()
