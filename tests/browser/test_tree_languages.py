"""The tree's own words in another language, in headless Chromium (issue 36): a folded
subtree's caption, the Tree/Outline switch and the outline's rows, the pass timeline and the
pseudocode's title say it in German, with the same numbers and node names as in English."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1280, "height": 720}
FOLDS = """() => [...document.querySelectorAll('#tree g.node.collapsed')].map((g) =>
  [g.dataset.path, [...g.querySelectorAll('.fold-summary tspan')].map((t) => t.textContent)])"""
PASSES = """() => [...document.querySelectorAll('#pass-timeline .pass-list button')]
  .map((b) => b.innerText.replace(/\\s+/g, ' ').trim())"""


def digits(text: str) -> list[str]:
    return [c for c in text if c.isdigit()]


def test_folded_captions_in_german_with_the_english_counts(prune):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    prune.open("preset=random-binary-10&step=40")
    english = dict(page.evaluate(FOLDS))
    assert english
    prune.open("preset=random-binary-10&step=40&lang=de")
    german = dict(page.evaluate(FOLDS))
    assert german.keys() == english.keys()
    for path, lines in german.items():
        assert lines[0].endswith(" Knoten"), lines
        assert digits(lines[0]) == digits(english[path][0])
        if english[path][1] == "not yet searched":
            assert lines[1] == "noch nicht durchsucht"
    assert page.locator(".view-switch-button[data-layout=outline]").inner_text() == "Gliederung"
    title = page.locator("#pseudocode-variant").inner_text()
    assert title == "Alpha-Beta (Standardregel: abschneiden, wenn α ≥ β)"
    prune.assert_clean()


def test_the_pass_timeline_in_german(prune):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    query = "preset=textbook&algorithm=mtdf&guess=14"
    prune.open(f"{query}&step=68")
    english = page.evaluate(PASSES)
    prune.open(f"{query}&step=68&lang=de")
    german = page.evaluate(PASSES)
    assert len(german) == len(english) == 3
    assert german[0].startswith("Durchgang 1") and "scheitert nach unten: ≤ 5" in german[0]
    for ours, theirs in zip(german, english, strict=True):
        assert digits(ours) == digits(theirs)
    prune.assert_clean()


def test_a_presets_title_and_description_are_in_the_pages_language(prune):
    """The visualizer asks for the preset in its own language (``lang=`` alone, the browser
    itself English): the title above the tree is the German one."""
    page = prune.page
    page.goto("/?preset=tie&lang=de")
    page.wait_for_selector("body[data-run-state=done]")
    assert page.inner_text("#doc-title").startswith("Der Gleichstand, der die beiden Regeln trennt")
