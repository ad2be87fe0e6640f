"""End-to-end: permalinks (the tree, options and step packed in the URL), short links that
survive a restart, and downloads of the picture and the trace."""

import json
from pathlib import Path

import pytest
from conftest_browser import start_server
from prune_page import PrunePage
from wire_format import readable

pytestmark = pytest.mark.browser


def open_share(page):
    if page.locator("#share-panel").is_hidden():
        page.click("#share-toggle")
    page.wait_for_selector("#share-panel[data-ready=true]")


def test_permalink_reopens_the_same_picture_and_step(prune, context):
    page = prune.page
    prune.open("preset=textbook")
    # Build [[4, 7], [2, 9]] from scratch, with a label, under the strict rule.
    prune.edited(lambda: page.click("#ed-new"))
    prune.add_children("", 3)
    prune.add_children("0", 2)
    for path, value in (("0.0", "4"), ("0.1", "7"), ("1", "2"), ("2", "9")):
        prune.set_value(path, value)
    page.fill("#ed-label", "Q&A <1>")
    prune.edited(lambda: page.press("#ed-label", "Enter"))
    page.select_option("#opt-rule", "strict")
    prune.wait_state("done")
    page.evaluate("window.prune.seek(0)")
    for _ in range(5):
        page.click("#btn-forward")
    assert prune.counter().startswith("step 5 of")
    picture = prune.picture()

    open_share(page)
    page.click("#share-copy-link")
    page.wait_for_function("() => document.getElementById('share-status').textContent !== ''")
    link = page.input_value("#share-link")
    assert "/?z=" in link and "tree=" not in link
    assert "Copy" not in page.inner_text("#share-status") or "copied" in page.inner_text(
        "#share-status"
    )
    prune.screenshot("share-panel")

    other = PrunePage(context.new_page())
    other.page.goto(link)
    other.wait_state("done")
    assert other.picture() == picture
    assert other.page.input_value("#opt-rule") == "strict"
    assert other.step() == 5
    other.assert_clean()


def test_old_tree_links_still_open(prune):
    prune.open("tree=" + "%5B%5B3%2C5%5D%2C%5B2%2C9%5D%5D&step=end")
    assert prune.node("").get_attribute("data-value") == "3"


def test_save_short_link_copies_it(prune, context):
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = prune.page
    prune.open("preset=textbook&step=3")
    open_share(page)
    page.click("#share-save")
    page.wait_for_function(
        "() => document.getElementById('share-status').textContent.includes('copied')"
    )
    link = page.input_value("#share-link")
    assert "/t/" in link and link.endswith("?step=3")
    assert page.evaluate("navigator.clipboard.readText()") == link
    assert page.inner_text("#share-status") == (
        "Short link saved and copied: it opens this tree for anyone."
    )


def test_short_link_survives_a_restart(browser, tmp_path):
    db = tmp_path / "prune.sqlite3"
    env = {"PRUNE_API_RATE_LIMIT": "6000/minute"}
    first = start_server(env, db_path=db)
    try:
        context = browser.new_context()
        prune = PrunePage(context.new_page())
        prune.page.goto(f"{first.url}/?preset=textbook&rule=strict")
        prune.wait_state("done")
        prune.page.click("#btn-forward")
        prune.page.click("#btn-forward")
        nodes = prune.nodes()
        open_share(prune.page)
        prune.page.click("#share-save")
        prune.page.wait_for_function(
            "() => document.getElementById('share-link').value.includes('/t/')"
        )
        link = prune.page.input_value("#share-link")
        assert "/embed/" in prune.page.input_value("#share-embed")
        prune.assert_clean()
        context.close()
    finally:
        first.stop()
    path = link.split(first.url, 1)[1]
    assert path.startswith("/t/") and path.endswith("?step=2")

    second = start_server(env, db_path=db)
    try:
        context = browser.new_context()
        prune = PrunePage(context.new_page())
        prune.page.goto(second.url + path)
        prune.wait_state("done")
        assert prune.nodes() == nodes
        assert prune.step() == 2
        assert prune.page.input_value("#opt-rule") == "strict"
        prune.assert_clean()
        context.close()
    finally:
        second.stop()


def test_exports_download_picture_and_trace(prune):
    page = prune.page
    prune.open("preset=textbook&step=end")
    open_share(page)
    with page.expect_download() as info:
        page.click("#export-svg")
    svg = Path(info.value.path()).read_text()
    assert info.value.suggested_filename.endswith(".svg")
    assert svg.startswith("<svg") and 'xmlns="http://www.w3.org/2000/svg"' in svg
    assert "viewBox" in svg and "α-cutoff" in svg and "fill:" in svg  # styles are inline

    with page.expect_download() as info:
        page.click("#export-png")
    png = Path(info.value.path()).read_bytes()
    assert info.value.suggested_filename.endswith(".png")
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 5000

    with page.expect_download() as info:
        page.click("#export-trace")
    data = json.loads(Path(info.value.path()).read_text())
    # What the CLI's `trace` writes: the node table, the summary and the event arrays.
    assert list(data) == ["nodes", "summary", "events"]
    assert data["summary"]["value"] == 3
    assert len(data["events"]) == prune.length()
    preset = page.request.get("/api/presets/textbook").json()
    served = page.request.post("/api/trace", data={"tree": preset, "options": {}}).json()
    assert {key: served[key] for key in data} == data
    # Self-contained: its events name rows of its own node table.
    events = readable(data["nodes"], data["events"])
    assert events[0] == {**events[0], "type": "enter", "path": ()}
    assert events[13] == {**events[13], "type": "cutoff", "path": (1,), "pruned": [(1, 1), (1, 2)]}
