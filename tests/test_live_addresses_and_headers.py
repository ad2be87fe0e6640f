"""Addresses and headers against a live gunicorn (docs/deployment.md, docs/security.md): 414
answered by the app with its headers rather than by gunicorn, the headers on Socket.IO's
polling and websocket answers, the rate limit and the lecture rooms counted by the forwarded
address with one trusted proxy (and not without), and the QR code deaf to a forged ``Host``."""

from __future__ import annotations

import http.client
import socket

import pytest
import socketio
from conftest_browser import start_server
from security_headers import PUBLIC_URL, assert_security_headers, qr_of
from support import TEXTBOOK

VIEW = {"tree": TEXTBOOK, "options": {"rule": "standard"}}
CURSOR = {"step": 0, "playing": False, "speed": 1}


@pytest.fixture(scope="module")
def trusting_server():
    server = start_server(
        {
            "PRUNE_TRUSTED_PROXIES": "1",
            "PRUNE_API_RATE_LIMIT": "3/minute",
            "PRUNE_PUBLIC_URL": PUBLIC_URL,
            "PRUNE_LECTURE_ROOMS_PER_ADDRESS": "1",
        }
    )
    yield server
    server.stop()


@pytest.fixture(scope="module")
def plain_server():
    server = start_server({"PRUNE_TRUSTED_PROXIES": None, "PRUNE_API_RATE_LIMIT": "3/minute"})
    yield server
    server.stop()


def http_get(server, target: str, headers: dict[str, str] | None = None):
    """(status, headers, body) of GET ``target`` sent exactly as written."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        conn.putrequest("GET", target, skip_host="Host" in (headers or {}))
        for name, value in (headers or {}).items():
            conn.putheader(name, value)
        conn.endheaders()
        response = conn.getresponse()
        return response.status, response.headers, response.read()
    finally:
        conn.close()


def test_live_414_is_the_apps_own_with_headers(trusting_server):
    # 8,100 characters: over gunicorn's default 4,094-byte request line and over the app's limit.
    status, headers, body = http_get(trusting_server, "/?z=" + "a" * 8096)
    assert status == 414
    assert_security_headers(headers)
    assert b"Address too long" in body
    status, headers, body = http_get(trusting_server, "/api/views/" + "a" * 8100)
    assert status == 414
    assert b'"error"' in body
    assert_security_headers(headers)
    # Just at the limit gunicorn passes the request on and the app answers it.
    status, _, _ = http_get(trusting_server, "/?z=" + "a" * 7996)
    assert status == 200


def test_live_polling_answers_carry_the_headers(trusting_server):
    status, headers, body = http_get(trusting_server, "/socket.io/?EIO=4&transport=polling")
    assert status == 200
    assert body.startswith(b"0{")
    assert_security_headers(headers)


def test_live_websocket_upgrade_carries_the_headers(trusting_server):
    request = (
        "GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\n"
        f"Host: 127.0.0.1:{trusting_server.port}\r\n"
        "Upgrade: websocket\r\nConnection: Upgrade\r\n"
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    )
    with socket.create_connection(("127.0.0.1", trusting_server.port), timeout=10) as sock:
        sock.sendall(request.encode())
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = sock.recv(4096)
            assert chunk, data
            data += chunk
    head = data.split(b"\r\n\r\n", 1)[0].decode("latin-1")
    lines = head.split("\r\n")
    assert lines[0].startswith("HTTP/1.1 101")
    headers = dict(line.split(": ", 1) for line in lines[1:])
    assert headers["Sec-WebSocket-Accept"] == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="
    assert_security_headers(headers)


def test_live_rate_limit_counts_by_forwarded_address_with_one_proxy(trusting_server):
    def get(address):
        return http_get(trusting_server, "/api/presets", {"X-Forwarded-For": address})[0]

    assert [get("10.1.0.1") for _ in range(4)] == [200, 200, 200, 429]
    assert get("10.1.0.2") == 200  # another client behind the proxy


def test_live_rate_limit_ignores_forwarded_address_without_trusted_proxies(plain_server):
    statuses = [
        http_get(plain_server, "/api/presets", {"X-Forwarded-For": f"10.2.0.{n}"})[0]
        for n in range(4)
    ]
    assert statuses == [200, 200, 200, 429]


def test_live_qr_ignores_a_forged_host(trusting_server):
    status, headers, body = http_get(
        trusting_server, "/lecture/ABCDEF/qr.svg", {"Host": "evil.example"}
    )
    assert status == 200
    assert body == qr_of(f"{PUBLIC_URL}/join/ABCDEF")
    assert_security_headers(headers)


def test_live_lecture_rooms_count_by_forwarded_address(trusting_server):
    """Socket.IO handlers see ProxyFix's address: one room per address (the setting above)."""
    clients = []

    def start_room(address):
        client = socketio.Client(reconnection=False)
        clients.append(client)
        client.connect(
            trusting_server.url,
            headers={"X-Forwarded-For": address},
            transports=["websocket"],
            wait_timeout=10,
        )
        return client.call("lecture:start", {"view": VIEW, "cursor": CURSOR}, timeout=10)

    try:
        assert start_room("10.3.0.1")["ok"] is True
        assert start_room("10.3.0.2")["ok"] is True  # a different student's address
        refused = start_room("10.3.0.1")
        assert refused["ok"] is False
        assert "network address" in refused["error"]
    finally:
        for client in clients:
            client.disconnect()
