"""Addresses students can reach, trusted proxies, and security headers on every answer.

Issue 10: join links and QR codes from ``PRUNE_PUBLIC_URL`` (never a forged ``Host``), the
client address from ``PRUNE_TRUSTED_PROXIES`` proxies only (the API's rate limit and the
lecture limits per address), the talisman headers on Socket.IO's answers and on error pages,
414 answered by the app (``PRUNE_MAX_URL_CHARS``) rather than by gunicorn, and the address
script/server prints for a class. The gunicorn-level checks run against a live server.
"""

from __future__ import annotations

import contextlib
import http.client
import io
import os
import re
import select
import signal
import socket
import subprocess
import time

import pytest
import segno
import socketio
from conftest_browser import REPO_ROOT, free_port, start_server
from support import TEXTBOOK, make_app

from app.config import Config
from app.security import CONTENT_SECURITY_POLICY, talisman_headers
from app.web.pages import public_limits

PUBLIC_URL = "https://prune.example.edu"
SECURITY_HEADERS = (
    "Content-Security-Policy",
    "X-Frame-Options",
    "X-Content-Type-Options",
    "Referrer-Policy",
)
VIEW = {"tree": TEXTBOOK, "options": {"rule": "standard"}}
CURSOR = {"step": 0, "playing": False, "speed": 1}


def qr_of(link: str) -> bytes:
    """The SVG the app draws for ``link`` (the same segno call as app/web/pages.py)."""
    svg = io.BytesIO()
    segno.make(link, error="m").save(svg, kind="svg", scale=8, border=2, xmldecl=False)
    return svg.getvalue()


def expected_headers() -> dict[str, str]:
    return dict(talisman_headers(make_app()))


def assert_security_headers(headers) -> None:
    expected = expected_headers()
    for name in SECURITY_HEADERS:
        assert headers.get(name) == expected[name], name
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]


# --- settings -------------------------------------------------------------------------------


def test_settings_defaults():
    config = Config({})
    assert config.PRUNE_PUBLIC_URL is None
    assert config.PRUNE_TRUSTED_PROXIES == 0
    assert config.PRUNE_MAX_URL_CHARS == 8000


def test_settings_from_the_environment():
    config = Config(
        {
            "PRUNE_PUBLIC_URL": "https://prune.example.edu/",
            "PRUNE_TRUSTED_PROXIES": "2",
            "PRUNE_MAX_URL_CHARS": "4000",
        }
    )
    assert config.PRUNE_PUBLIC_URL == "https://prune.example.edu"
    assert config.PRUNE_TRUSTED_PROXIES == 2
    assert config.PRUNE_MAX_URL_CHARS == 4000


@pytest.mark.parametrize(
    "environ, name",
    [
        ({"PRUNE_PUBLIC_URL": "prune.example.edu"}, "PRUNE_PUBLIC_URL"),
        ({"PRUNE_PUBLIC_URL": "ftp://prune.example.edu"}, "PRUNE_PUBLIC_URL"),
        ({"PRUNE_PUBLIC_URL": "https://prune.example.edu/?x=1"}, "PRUNE_PUBLIC_URL"),
        ({"PRUNE_TRUSTED_PROXIES": "-1"}, "PRUNE_TRUSTED_PROXIES"),
        ({"PRUNE_TRUSTED_PROXIES": "one"}, "PRUNE_TRUSTED_PROXIES"),
        ({"PRUNE_MAX_URL_CHARS": "0"}, "PRUNE_MAX_URL_CHARS"),
    ],
)
def test_malformed_settings_stop_the_app(environ, name):
    with pytest.raises(ValueError, match=name):
        Config(environ)


def test_the_page_is_told_the_longest_address():
    app = make_app(PRUNE_MAX_URL_CHARS=1234)
    assert public_limits(app.config)["max_url_chars"] == 1234


def test_the_csp_is_written_once_in_security_py():
    """The headers added outside Flask are talisman's own, from CONTENT_SECURITY_POLICY."""
    csp = expected_headers()["Content-Security-Policy"]
    for directive in CONTENT_SECURITY_POLICY:
        assert directive in csp


# --- join link and QR code (test client) ----------------------------------------------------


def test_qr_uses_the_public_url_whatever_the_host_header():
    client = make_app(PRUNE_PUBLIC_URL=PUBLIC_URL).test_client()
    response = client.get("/lecture/abc-def/qr.svg", headers={"Host": "evil.example"})
    assert response.status_code == 200
    assert response.data == qr_of(f"{PUBLIC_URL}/join/ABCDEF")
    assert response.data != qr_of("http://evil.example/join/ABCDEF")
    assert response.headers["Cache-Control"] == "max-age=3600"


def test_qr_without_public_url_is_not_kept_by_shared_caches():
    client = make_app().test_client()
    response = client.get("/lecture/ABCDEF/qr.svg", headers={"Host": "lan.example:8000"})
    assert response.data == qr_of("http://lan.example:8000/join/ABCDEF")
    assert "private" in response.headers["Cache-Control"]
    assert "Host" in response.headers["Vary"]


def test_join_redirect_stays_on_the_address_the_student_opened():
    client = make_app(PRUNE_PUBLIC_URL=PUBLIC_URL).test_client()
    response = client.get("/join/abcdef", headers={"Host": "evil.example"})
    assert response.status_code == 302
    assert response.headers["Location"] == "/?lecture=ABCDEF"


# --- error pages (test client) --------------------------------------------------------------


@pytest.fixture
def failing_app():
    app = make_app(PROPAGATE_EXCEPTIONS=False, MAX_CONTENT_LENGTH=100)

    @app.post("/upload-test")
    def upload():
        from flask import request

        return {"size": len(request.get_data())}

    @app.get("/boom-test")
    def boom():
        raise RuntimeError("a bug")

    return app


@pytest.mark.parametrize(
    "method, path, status",
    [
        ("get", "/no-such-page", 404),
        ("post", "/", 405),
        ("post", "/upload-test", 413),
        ("get", "/" + "a" * 8001, 414),
        ("get", "/boom-test", 500),
    ],
)
def test_error_pages_are_friendly_and_carry_the_headers(failing_app, method, path, status):
    client = failing_app.test_client()
    response = getattr(client, method)(path, data=b"x" * 200 if "upload" in path else None)
    assert response.status_code == status
    assert response.content_type.startswith("text/html")
    assert b"Back to Prune" in response.data
    assert_security_headers(response.headers)
    if status == 405:
        assert "GET" in response.headers["Allow"]


def test_414_says_the_limit_and_counts_the_address_as_sent():
    client = make_app(PRUNE_MAX_URL_CHARS=100).test_client()
    assert client.get("/?x=" + "a" * 96).status_code == 200  # 100 characters: allowed
    response = client.get("/?x=" + "a" * 97)
    assert response.status_code == 414
    assert b"100 characters" in response.data
    # The address as sent: "é" percent-encoded is six characters ("%C3%A9"), not one.
    assert client.get("/?x=" + "%C3%A9" * 16).status_code == 200
    assert client.get("/?x=" + "%C3%A9" * 17).status_code == 414


def test_414_under_api_is_json():
    client = make_app(PRUNE_MAX_URL_CHARS=100).test_client()
    response = client.get("/api/presets?x=" + "a" * 100)
    assert response.status_code == 414
    assert response.json == {"error": "the address is longer than the limit of 100 characters"}
    assert_security_headers(response.headers)


def test_socketio_polling_answers_carry_the_headers():
    client = make_app().test_client()
    response = client.get("/socket.io/?EIO=4&transport=polling")
    assert response.status_code == 200
    assert_security_headers(response.headers)
    bad = client.get("/socket.io/?EIO=4&transport=nonsense")
    assert bad.status_code == 400
    assert_security_headers(bad.headers)


def test_an_embeds_own_policy_is_kept():
    """Embeds may be framed: nothing outside Flask adds the pages' framing headers to them."""
    client = make_app().test_client()
    response = client.get("/embed")
    assert response.status_code == 200
    assert "frame-ancestors 'none'" not in response.headers["Content-Security-Policy"]
    assert "X-Frame-Options" not in response.headers
    assert response.headers.get_all("Content-Security-Policy") == [
        response.headers["Content-Security-Policy"]
    ]


# --- trusted proxies (test client) ----------------------------------------------------------


def limited_app(proxies: int):
    return make_app(
        RATELIMIT_ENABLED=True, PRUNE_API_RATE_LIMIT="2/minute", PRUNE_TRUSTED_PROXIES=proxies
    )


def test_one_trusted_proxy_counts_by_forwarded_address():
    client = limited_app(1).test_client()
    for _ in range(2):
        assert (
            client.get("/api/presets", headers={"X-Forwarded-For": "10.0.0.1"}).status_code == 200
        )
    assert client.get("/api/presets", headers={"X-Forwarded-For": "10.0.0.1"}).status_code == 429
    # Another student behind the same proxy has a budget of their own.
    assert client.get("/api/presets", headers={"X-Forwarded-For": "10.0.0.2"}).status_code == 200
    # Only the last hop is believed: a client cannot prepend an address of its choice.
    spoofed = {"X-Forwarded-For": "10.9.9.9, 10.0.0.1"}
    assert client.get("/api/presets", headers=spoofed).status_code == 429


def test_no_trusted_proxy_ignores_forwarded_addresses():
    client = limited_app(0).test_client()
    for n in range(2):
        headers = {"X-Forwarded-For": f"10.0.0.{n}"}
        assert client.get("/api/presets", headers=headers).status_code == 200
    assert client.get("/api/presets", headers={"X-Forwarded-For": "10.0.0.7"}).status_code == 429


def test_trusted_proxy_tells_the_scheme():
    client = make_app(PRUNE_TRUSTED_PROXIES=1).test_client()
    response = client.get(
        "/lecture/ABCDEF/qr.svg", headers={"X-Forwarded-Proto": "https", "Host": "lan.example"}
    )
    assert response.data == qr_of("https://lan.example/join/ABCDEF")


# --- a live gunicorn ------------------------------------------------------------------------


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


# --- script/server --------------------------------------------------------------------------


def lan_addresses() -> list[str]:
    try:
        out = subprocess.run(["hostname", "-I"], capture_output=True, text=True, timeout=5).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    return [
        a
        for a in out.split()
        if re.fullmatch(r"\d+\.\d+\.\d+\.\d+", a) and not a.startswith("127.")
    ]


def run_script_server(env_overrides: dict[str, str], until: str, timeout: float = 60.0) -> str:
    """Start script/server, read its output until ``until`` appears, then stop its group."""
    env = {**os.environ, **env_overrides}
    proc = subprocess.Popen(
        ["script/server"],
        cwd=REPO_ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    output = b""
    try:
        deadline = time.monotonic() + timeout
        while until.encode() not in output and time.monotonic() < deadline:
            ready, _, _ = select.select([proc.stdout], [], [], 0.5)
            if ready:
                chunk = os.read(proc.stdout.fileno(), 65536)
                if not chunk:
                    break
                output += chunk
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(5)
        proc.stdout.close()
    return output.decode(errors="replace")


def test_script_server_prints_the_address_to_share():
    port = free_port()
    output = run_script_server(
        {"HOST": "0.0.0.0", "PORT": str(port), "PRUNE_PUBLIC_URL": ""}, until="Listening at"
    )
    assert "Listening at" in output, output
    printed = re.findall(r"Students can join at http://([\d.]+):(\d+)", output)
    expected = lan_addresses()
    if not expected:  # hostname -I found none: the routed address, or the script says so
        assert printed or "(no LAN address found)" in output, output
        return
    assert {address for address, _ in printed} == set(expected), output
    assert {int(p) for _, p in printed} == {port}
    assert not any(address.startswith("127.") for address, _ in printed)
    assert "PRUNE_PUBLIC_URL" in output


def test_script_server_prints_the_public_url_when_set():
    port = free_port()
    output = run_script_server(
        {"HOST": "0.0.0.0", "PORT": str(port), "PRUNE_PUBLIC_URL": PUBLIC_URL + "/"},
        until="Listening at",
    )
    assert f"Students can join at {PUBLIC_URL}\n" in output, output
    assert "Listening at" in output
