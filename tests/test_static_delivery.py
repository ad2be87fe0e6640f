"""How the pages' files reach a browser (docs/deployment.md): the build's manifest in the
templates, WhiteNoise's cache headers and precompressed copies, compressed pages and JSON, and
the two asset modes (app/assets.py, app/static_files.py). The page weights in a real browser:
tests/browser/test_page_weight.py."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from support import make_app

import app.assets
from app.assets import MissingBuild

STATIC = Path(__file__).resolve().parent.parent / "static"
MANIFEST = json.loads((STATIC / "dist" / "manifest.json").read_text())
IMMUTABLE = "max-age=31536000, public, immutable"
PAGES = ["/", "/practice/drill", "/play/pacman", "/play/tictactoe", "/l/alpha-beta-1", "/lessons"]


def tags(html: str, pattern: str) -> list[str]:
    return re.findall(pattern, html)


def scripts(html: str) -> list[str]:
    return tags(html, r'<script[^>]*src="([^"]+)"')


def sheets(html: str) -> list[str]:
    return tags(html, r'<link rel="stylesheet" href="([^"]+)"')


@pytest.mark.parametrize("path", PAGES)
def test_a_page_loads_the_builds_hashed_files_one_script_and_one_sheet(client, path):
    html = client.get(path).get_data(as_text=True)
    assert len(sheets(html)) == 1 and sheets(html)[0].startswith("/static/dist/styles/")
    assert scripts(html) and all(src.startswith("/static/dist/") for src in scripts(html))
    assert "vendor/d3" not in html  # d3 is inside the bundle
    for url in scripts(html) + sheets(html):
        assert re.search(r"-[A-Z0-9]{8}\.(js|css)$", url), url
        assert client.get(url).status_code == 200, url


def test_every_entry_and_sheet_set_the_templates_name_is_in_the_manifest():
    text = "".join(p.read_text() for p in (STATIC.parent / "templates").glob("*.html"))
    named = set(re.findall(r"page_scripts\('([^']+)'\)", text))
    assert named and named <= set(MANIFEST["scripts"])
    assert "+" in MANIFEST["styles"]  # the pages with no sheet of their own (errors)
    for file in [*MANIFEST["scripts"].values(), *MANIFEST["styles"].values()]:
        assert (STATIC / file).is_file(), file


def test_hashed_files_are_immutable_and_go_out_compressed_as_the_browser_accepts(client):
    url = "/static/" + MANIFEST["scripts"]["visualizer/page.js"]
    plain = client.get(url, headers={"Accept-Encoding": "identity"})
    assert plain.headers["Cache-Control"] == IMMUTABLE
    assert "Content-Encoding" not in plain.headers
    assert plain.headers["Vary"] == "Accept-Encoding"
    for accepted, coding in (("br, gzip", "br"), ("gzip", "gzip")):
        answer = client.get(url, headers={"Accept-Encoding": accepted})
        assert answer.headers["Content-Encoding"] == coding
        assert answer.headers["Cache-Control"] == IMMUTABLE
        assert len(answer.data) < len(plain.data) / 2
    # Static files carry the security headers as pages do.
    assert "script-src 'self'" in plain.headers["Content-Security-Policy"]
    assert plain.headers["X-Content-Type-Options"] == "nosniff"


def test_unhashed_files_are_revalidated(client):
    for url in ("/static/js/lib/keys.js", "/static/dist/manifest.json", "/static/css/app.css"):
        first = client.get(url)
        assert first.headers["Cache-Control"] == "max-age=0, public", url
        again = client.get(url, headers={"If-None-Match": first.headers["ETag"]})
        assert again.status_code == 304, url


def test_a_missing_static_file_is_flasks_404_page(client):
    answer = client.get("/static/dist/nothing-ABCDEFGH.js")
    assert answer.status_code == 404 and "Content-Security-Policy" in answer.headers


def test_pages_and_big_json_are_compressed_and_their_etags_still_revalidate(client):
    page = client.get("/", headers={"Accept-Encoding": "br, gzip"})
    assert page.headers["Content-Encoding"] == "br"
    url = "/api/games/pacman/game?rules=cs188&ghosts=directional&seed=0&depth=2&layout=smallClassic"
    game = client.get(url, headers={"Accept-Encoding": "gzip"})
    assert game.headers["Content-Encoding"] == "gzip" and game.headers["Vary"] == "Accept-Encoding"
    etag = game.headers["ETag"]
    assert etag.endswith(':gzip"')
    unchanged = client.get(url, headers={"Accept-Encoding": "gzip", "If-None-Match": etag})
    assert unchanged.status_code == 304 and unchanged.headers["ETag"] == etag
    small = client.get("/healthz", headers={"Accept-Encoding": "br, gzip"})
    assert "Content-Encoding" not in small.headers  # under COMPRESS_MIN_SIZE


def test_socket_io_answers_are_not_compressed(client):
    answer = client.get("/socket.io/?EIO=4&transport=polling", headers={"Accept-Encoding": "br"})
    assert answer.status_code == 200 and "Content-Encoding" not in answer.headers


def test_modules_mode_writes_d3_once_then_the_entries_and_every_sheet_in_order():
    client = make_app(PRUNE_ASSETS="modules").test_client()
    html = client.get("/embed").get_data(as_text=True)
    assert scripts(html) == [
        "/static/vendor/d3.min.js",
        "/static/js/embed/page.js",
        "/static/js/embed/frame-resize.js",
    ]
    assert sheets(html) == [
        f"/static/css/{name}"
        for name in (
            "app.css",
            "tree.css",
            "outline.css",
            "a11y.css",
            "help.css",
            "projector.css",
            "embed.css",
            "print.css",
        )
    ]


def test_bundle_mode_without_a_build_refuses_to_start_and_says_what_to_run(monkeypatch):
    monkeypatch.setattr(app.assets, "MANIFEST", Path("no-build") / "manifest.json")
    with pytest.raises(MissingBuild, match=r"npm run build.*PRUNE_ASSETS=modules"):
        make_app()


def test_an_unknown_assets_mode_is_refused_by_name(monkeypatch):
    monkeypatch.setenv("PRUNE_ASSETS", "webpack")
    with pytest.raises(ValueError, match="PRUNE_ASSETS must be one of bundle, modules"):
        make_app()
