"""End-to-end: no address the page writes is longer than the server accepts. A pasted tree
too long for ?tree= is packed (?z=); one too long even packed is left out of the address
(a reload still restores it, and the page says so), and "Copy link" saves a short link.
A damaged ?z= link says so where the user is looking."""

import json
import random

import pytest
from prune_page import PrunePage

pytestmark = pytest.mark.browser

MAX_URL_CHARS = 8000  # the server's default PRUNE_MAX_URL_CHARS (app/config.py)


def random_tree(seed: int, branching: int, depth: int) -> list:
    rng = random.Random(seed)

    def node(level):
        if level == depth:
            return rng.randint(-9999, 9999)
        return [node(level + 1) for _ in range(branching)]

    return node(0)


def run_pasted(prune, text: str):
    page = prune.page
    page.check("#source-kind-paste")
    page.fill("#tree-text", text)
    page.click("#run")
    prune.wait_state("done")


def wait_address(page, predicate: str):
    """Wait until the address bar (written at most every 300 ms) satisfies ``predicate``."""
    page.wait_for_function(f"() => {{ const href = window.location.href; return {predicate}; }}")


def test_a_long_pasted_tree_survives_a_reload(prune):
    page = prune.page
    text = json.dumps(random_tree(7, 5, 5))
    assert len(text) >= 20_000
    prune.open("preset=textbook")
    run_pasted(prune, text)
    page.click("#btn-forward")
    page.click("#btn-forward")
    wait_address(page, "!href.includes('preset=') && !href.includes('step=')")
    # The address is written at most every 300 ms: wait for the entry that holds step 2.
    page.wait_for_function("() => history.state && history.state.prune.step === 2")
    assert len(page.url) <= MAX_URL_CHARS
    notice = page.locator("#tree-notice")
    assert notice.is_visible()
    assert "too big for the address bar" in notice.inner_text()
    size, value = page.evaluate("[window.prune.trace.size, window.prune.trace.summary.value]")
    prune.screenshot("long-tree-notice")

    page.reload()
    prune.wait_state("done")
    assert page.evaluate("[window.prune.trace.size, window.prune.trace.summary.value]") == [
        size,
        value,
    ]
    assert prune.step() == 2
    assert json.loads(page.input_value("#tree-text")) == json.loads(text)
    assert len(page.url) <= MAX_URL_CHARS


def test_a_tree_too_long_for_tree_param_is_packed_in_the_address(prune, context):
    page = prune.page
    text = json.dumps(random_tree(3, 4, 5))  # as ?tree=, about 9,600 characters
    prune.open("preset=textbook")
    run_pasted(prune, text)
    wait_address(page, "href.includes('z=')")
    assert len(page.url) <= MAX_URL_CHARS and "tree=" not in page.url
    assert page.locator("#tree-notice").is_hidden()
    value = page.evaluate("window.prune.trace.summary.value")

    other = PrunePage(context.new_page())
    other.page.goto(page.url)
    other.wait_state("done")
    assert other.page.evaluate("window.prune.trace.summary.value") == value
    other.assert_clean()


def test_copy_link_of_a_tree_too_long_for_any_link_saves_a_short_one(prune, context):
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = prune.page
    prune.open("preset=textbook")
    run_pasted(prune, json.dumps(random_tree(7, 5, 5)))
    page.click("#share-toggle")
    page.wait_for_selector("#share-panel[data-ready=true]")
    assert "too big for a link" in page.inner_text("#share-status")
    page.click("#share-copy-link")
    page.wait_for_function(
        "() => document.getElementById('share-status').textContent.includes('copied')"
    )
    link = page.input_value("#share-link")
    assert "/t/" in link and len(link) <= MAX_URL_CHARS
    assert page.evaluate("navigator.clipboard.readText()") == link


def test_damaged_packed_link_shows_its_error_in_the_view(prune):
    page = prune.page
    page.goto("/?z=not-a-real-link")
    prune.wait_state("error")
    narration = page.locator("#narration")
    assert narration.is_visible()
    assert "This link is damaged" in narration.inner_text()
    notice = page.locator("#tree-notice")
    assert notice.is_visible()
    assert "No tree is loaded" in notice.inner_text()
    assert page.locator("g.node").count() == 0
    prune.screenshot("damaged-link")
