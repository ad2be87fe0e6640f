"""The compare page in German (issue 36): the panes' titles, the line saying where the two
searches are, the summary of the nodes only one search visits and the marks' descriptions,
with the same node names as in English."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1280, "height": 720}


def open_compare(prune, query: str):
    prune.page.goto(f"/compare?{query}")
    prune.wait_state("done")


def test_the_compare_page_speaks_german_with_the_english_names(prune):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    open_compare(prune, "preset=textbook&step=7&lang=de")
    assert page.locator("#left-title").text_content() == "Minimax"
    assert page.locator("#right-title").text_content() == "Alpha-Beta, Standardregel"
    assert page.locator("#compare-now-text").text_content() == "Gleicher Knoten: Beide erreichen H."
    page.click("#btn-forward")
    assert page.locator("#compare-now-text").text_content() == (
        "Verschiedene Knoten: Minimax erreicht I, Alpha-Beta erreicht D."
    )
    page.click("#btn-last")
    summary = page.locator("#compare-summary").text_content()
    assert summary == "Nur Minimax besucht: I und J. Nur Alpha-Beta besucht: keine."
    description = page.locator('#left-tree g.node[data-path="1.1"] .item')
    assert description.get_attribute("aria-description") == "Nur Minimax besucht diesen Knoten."
    assert page.title() == "Prune: Minimax gegen Alpha-Beta, Standardregel"
    prune.assert_clean()


def test_the_strict_rule_named_in_german(prune):
    open_compare(prune, "preset=textbook&left=rule:standard&right=rule:strict&lang=de")
    assert prune.page.locator("#right-title").text_content() == "Alpha-Beta, strenge Regel"
    prune.page.keyboard.press("Home")
    assert prune.page.locator("#compare-now-text").text_content() == (
        "Schritt 0: Keine der beiden Suchen hat begonnen. Drücke →, um in beiden den ersten "
        "Knoten zu erreichen."
    )
    prune.assert_clean()
