"""Security headers on every answer (docs/security.md), with the test client: the CSP is
written once (app/security.py), error pages are friendly and carry the headers, 414 is answered
by the app with the limit it applies (``PRUNE_MAX_URL_CHARS``, JSON under /api), Socket.IO's
polling answers carry the headers, and an embed keeps its own framing policy."""

from __future__ import annotations

import pytest
from security_headers import assert_security_headers, expected_headers
from support import make_app

from app.security import CONTENT_SECURITY_POLICY


def test_the_csp_is_written_once_in_security_py():
    """The headers added outside Flask are talisman's own, from CONTENT_SECURITY_POLICY."""
    csp = expected_headers()["Content-Security-Policy"]
    for directive in CONTENT_SECURITY_POLICY:
        assert directive in csp


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
