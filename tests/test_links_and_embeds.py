"""Saved views (short links) and the embed pages' framing policy."""

import re

import pytest
from support import TEXTBOOK, make_app

VIEW = {"tree": TEXTBOOK, "options": {"rule": "strict"}}


@pytest.fixture
def app(tmp_path):
    return make_app(DATABASE_PATH=str(tmp_path / "prune.sqlite3"))


def test_saving_a_view_gives_a_stable_short_link(client):
    first = client.post("/api/views", json=VIEW)
    assert first.status_code == 201
    body = first.get_json()
    assert body["url"] == f"/t/{body['id']}" and body["embed"] == f"/embed/{body['id']}"
    assert client.post("/api/views", json=VIEW).get_json()["id"] == body["id"]
    assert client.get(f"/api/views/{body['id']}").get_json() == VIEW
    page = client.get(body["url"])
    assert page.status_code == 200 and f'data-saved-id="{body["id"]}"'.encode() in page.data


def test_invalid_views_are_not_saved(client):
    response = client.post("/api/views", json={"tree": [[1, "x"]]})
    assert response.status_code == 400
    assert response.get_json()["error"] == 'node [0, 1]: leaf value "x" is not a number'


def test_oversized_views_are_refused(tmp_path):
    small = make_app(DATABASE_PATH=str(tmp_path / "p.sqlite3"), PRUNE_MAX_SAVED_BYTES=50)
    response = small.test_client().post("/api/views", json=VIEW)
    assert response.status_code == 413
    english = response.get_json()["error"]
    assert "saved views may be at most 50 bytes" in english
    german = small.test_client().post("/api/views?lang=de", json=VIEW)
    assert german.status_code == 413
    said = german.get_json()["error"]
    assert said.startswith("die Ansicht hat ") and "höchstens 50 Bytes" in said
    assert re.findall(r"[\d,]+", said) == re.findall(r"[\d,]+", english)  # the same sizes


def test_missing_short_links_get_a_friendly_404(client):
    response = client.get("/t/AAAAAAAAAAAA")
    assert response.status_code == 404 and b"<html" in response.data
    assert client.get("/api/views/AAAAAAAAAAAA").status_code == 404
    assert client.get("/embed/AAAAAAAAAAAA").status_code == 404


def test_only_embeds_may_be_framed(client):
    saved = client.post("/api/views", json=VIEW).get_json()["id"]
    for path in ("/embed", f"/embed/{saved}", "/embed?preset=textbook&step=4&controls=0"):
        response = client.get(path)
        assert response.status_code == 200
        assert "X-Frame-Options" not in response.headers
        csp = response.headers["Content-Security-Policy"]
        assert "frame-ancestors *" in csp and "script-src 'self'" in csp
        assert "Set-Cookie" not in response.headers
    for path in ("/", f"/t/{saved}"):
        response = client.get(path)
        assert response.headers["X-Frame-Options"] == "DENY"
        assert "frame-ancestors 'none'" in response.headers["Content-Security-Policy"]


def test_embed_allowlist_is_configurable(tmp_path):
    app = make_app(
        DATABASE_PATH=str(tmp_path / "p.sqlite3"),
        PRUNE_EMBED_ORIGINS="https://course.example.edu",
    )
    csp = app.test_client().get("/embed").headers["Content-Security-Policy"]
    assert "frame-ancestors https://course.example.edu" in csp
    assert (
        "frame-ancestors 'none'"
        in make_app().test_client().get("/").headers["Content-Security-Policy"]
    )
