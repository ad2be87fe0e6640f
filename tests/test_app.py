"""The application factory, its settings, security headers and pages."""

import pytest
from flask import template_rendered
from support import TEXTBOOK, make_app

from app import create_app
from app.config import Config
from app.engine.presets import PRESETS
from app.realtime.sockets import socketio


def test_factory_without_config_reads_safe_defaults(monkeypatch):
    for name in ("PRUNE_MAX_NODES", "PRUNE_MAX_DEPTH", "PRUNE_MAX_BODY_BYTES", "SECRET_KEY"):
        monkeypatch.delenv(name, raising=False)
    app = create_app()
    assert not app.testing
    assert app.config["PRUNE_MAX_NODES"] == 50_000
    assert app.config["PRUNE_MAX_DEPTH"] == 200
    assert app.config["MAX_CONTENT_LENGTH"] == 2 * 1024 * 1024
    assert app.config["PRUNE_SOCKET_BUFFER_BYTES"] > app.config["MAX_CONTENT_LENGTH"]
    assert app.config["RATELIMIT_ENABLED"] is True
    assert len(app.config["SECRET_KEY"]) >= 32
    assert socketio.async_mode == "threading"


def test_factory_config_overrides_the_environment(monkeypatch):
    monkeypatch.setenv("PRUNE_MAX_NODES", "123")
    assert create_app().config["PRUNE_MAX_NODES"] == 123
    app = create_app({"TESTING": True, "PRUNE_MAX_NODES": 5})
    assert app.testing
    response = app.test_client().post("/api/trace", json={"tree": TEXTBOOK})
    assert response.status_code == 400
    assert "more than 5 nodes" in response.get_json()["error"]


def test_secret_key_comes_from_the_environment_else_is_random(monkeypatch):
    monkeypatch.delenv("SECRET_KEY", raising=False)
    assert create_app().secret_key != create_app().secret_key
    monkeypatch.setenv("SECRET_KEY", "from-the-environment")
    assert create_app().secret_key == "from-the-environment"


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("PRUNE_MAX_NODES", "lots", "PRUNE_MAX_NODES must be a whole number"),
        ("PRUNE_MAX_DEPTH", "0", "PRUNE_MAX_DEPTH must be at least 1"),
        ("PRUNE_RATE_LIMIT", "maybe", "PRUNE_RATE_LIMIT must be on or off"),
        ("PRUNE_LECTURE_STORE", "redis", "PRUNE_LECTURE_STORE must be sqlite .* or memory"),
    ],
)
def test_bad_settings_fail_at_start_naming_the_variable(name, value, message):
    with pytest.raises(ValueError, match=message):
        Config({name: value})


def test_a_bad_rate_limit_fails_at_start(monkeypatch):
    monkeypatch.setenv("PRUNE_API_RATE_LIMIT", "often")
    with pytest.raises(ValueError):
        create_app()


def test_rate_limit_can_be_switched_off_from_the_environment():
    assert Config({"PRUNE_RATE_LIMIT": "off"}).RATELIMIT_ENABLED is False


def csp(response):
    """The Content-Security-Policy header as {directive: [sources]}."""
    policy = {}
    for part in response.headers["Content-Security-Policy"].split(";"):
        name, *sources = part.split()
        policy[name] = sources
    return policy


@pytest.mark.parametrize("path", ["/", "/healthz", "/api/presets", "/no-such-page"])
def test_security_headers_on_every_response(client, path):
    response = client.get(path)
    policy = csp(response)
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'"]
    assert policy["style-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert "'unsafe-inline'" not in response.headers["Content-Security-Policy"]
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "same-origin"


def test_plain_http_is_served_not_redirected(client):
    response = client.get("/", base_url="http://classroom.example")
    assert response.status_code == 200
    assert "Strict-Transport-Security" not in response.headers


def test_healthz(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    expected = {"ok": True, "connections": 0, "searches": 0, "experiments": 0, "jobs": 0}
    assert response.get_json() == expected


def test_index_gets_presets_and_limits(app, client):
    rendered = []

    def record(sender, template, context, **extra):
        rendered.append((template.name, context))

    with template_rendered.connected_to(record, app):
        response = client.get("/")
    assert response.status_code == 200
    assert response.mimetype == "text/html"
    name, context = rendered[0]
    assert name == "index.html"
    assert [p["name"] for p in context["presets"]] == list(PRESETS)
    assert set(context["presets"][0]) == {"name", "title", "description"}
    assert context["limits"] == {
        "max_nodes": 50_000,
        "max_depth": 200,
        "max_message_bytes": 2 * 1024 * 1024,
        "max_url_chars": 8000,
    }


def test_unknown_page_is_a_friendly_html_404(client):
    response = client.get("/no-such-page")
    assert response.status_code == 404
    assert response.mimetype == "text/html"
    assert b"Page not found" in response.data


def test_unknown_api_route_is_a_json_404(client):
    response = client.get("/api/no-such-route")
    assert response.status_code == 404
    assert response.get_json() == {"error": "not found: GET /api/no-such-route"}


def test_health_is_not_rate_limited():
    app = make_app(RATELIMIT_ENABLED=True, PRUNE_API_RATE_LIMIT="2/minute")
    client = app.test_client()
    assert all(client.get("/healthz").status_code == 200 for _ in range(5))
