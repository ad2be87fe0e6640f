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


def texts(page, selector: str) -> list[str]:
    return page.eval_on_selector_all(selector, "els => els.map((el) => el.textContent)")


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


def test_switching_language_in_place_writes_the_folded_captions_again(prune):
    """Issue 36: a switch without a reload turns the folded subtrees' captions, the cutoff
    labels and the tree's accessible names into German at once; the step stays."""
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    prune.open("preset=random-binary-10&step=40")
    english = dict(page.evaluate(FOLDS))
    assert english
    step = page.inner_text("#counter")
    page.keyboard.press("F1")
    page.select_option("#help-language", "de")
    page.wait_for_function("() => document.documentElement.lang === 'de'")
    page.keyboard.press("Escape")
    german = dict(page.evaluate(FOLDS))
    assert german.keys() == english.keys()
    for path, lines in german.items():
        assert lines[0].endswith(" Knoten"), lines
        assert digits(lines[0]) == digits(english[path][0])
        assert lines[1] != english[path][1], lines
    assert digits(page.inner_text("#counter")) == digits(step)
    labels = page.eval_on_selector_all(
        "#tree g.node [role=treeitem]", "items => items.map((n) => n.ariaLabel || '')"
    )
    assert not [label for label in labels if "node" in label or "searched" in label]
    prune.assert_clean()


def test_switching_language_in_place_writes_the_cutoff_labels_again(prune):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    prune.open("preset=textbook&step=30")
    cutoffs = texts(page, "#tree .cutoff-label .cutoff-kind")
    assert cutoffs and all("cutoff" in kind for kind in cutoffs), cutoffs
    best = texts(page, "#tree .best-label")
    page.keyboard.press("F1")
    page.select_option("#help-language", "de")
    page.wait_for_function("() => document.documentElement.lang === 'de'")
    page.keyboard.press("Escape")
    german = texts(page, "#tree .cutoff-label .cutoff-kind")
    assert len(german) == len(cutoffs)
    assert not [kind for kind in german if "cutoff" in kind], german
    assert len(texts(page, "#tree .best-label")) == len(best)
    assert "best move" not in " ".join(texts(page, "#tree text"))
    prune.assert_clean()


def test_switching_language_in_place_names_the_levels_again(prune):
    """The level ruler names a game's players (Pacman's ghosts) in the new language at once."""
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    prune.open("preset=pacman&step=5")
    names = (
        "() => [...document.querySelectorAll('.level-ruler .level-name')].map((n) => n.textContent)"
    )
    english = page.evaluate(names)
    assert "Ghost 1" in english and "Ghost 2" in english
    page.keyboard.press("F1")
    page.select_option("#help-language", "de")
    page.wait_for_function("() => document.documentElement.lang === 'de'")
    page.keyboard.press("Escape")
    page.wait_for_function(f"() => ({names})().includes('Geist 1')")
    german = page.evaluate(names)
    assert len(german) == len(english) and "Ghost 1" not in german and "Geist 2" in german
    prune.assert_clean()
