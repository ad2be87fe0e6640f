"""The drill in the page's language (issue 36): with ?lang=de its status line (a node crossed
out, the verdict and the score), the level's name and the sitting's summary are German, with
the same numbers as the English page; axe finds nothing serious on it in German and Chinese."""

from __future__ import annotations

import re

import pytest
from axe_checks import assert_no_serious

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1280, "height": 720}
FIRST_PRUNED = """() => {
  const t = window.prune.trace;
  const cut = t.events.flatMap((e, k) => (e.type === 'cutoff' ? t.prunedIds[k] : []));
  return t.keys[cut[0]];
}"""


def numbers(text: str) -> list[str]:
    return re.findall(r"\d+(?:[.,]\d+)?", text)


def sitting(prune, lang: str) -> dict[str, object]:
    """One tree checked with nothing crossed out, one with the first pruned node crossed out,
    then End sitting: what the page said at each stage."""
    page = prune.page
    page.goto(f"/practice/drill?level=binary&seed=11&lang={lang}")
    prune.wait_state("done")
    said = {"level": page.locator("#drill-level option:checked").inner_text()}
    page.click("#drill-check")
    said["wrong"] = page.locator("#drill-status").inner_text()
    page.click("#drill-next")
    page.wait_for_function(
        "() => window.prune.sitting.done === 1 && !document.getElementById('drill-why').open"
    )
    said["new"] = page.locator("#drill-status").inner_text()
    path = page.evaluate(FIRST_PRUNED)
    prune.node(path).click()
    said["crossed"] = page.locator("#drill-status").inner_text()
    page.click("#drill-check")
    said["checked"] = page.locator("#drill-status").inner_text()
    page.click("#drill-finish")
    said["summary"] = page.locator("#summary-lines li").all_inner_texts()
    return said


def test_the_drill_speaks_german_with_the_english_numbers(prune):
    prune.page.set_viewport_size(PROJECTOR)
    english = sitting(prune, "en")
    german = sitting(prune, "de")
    assert english["wrong"] == "Not quite: 1 missed. Score: 0 of 1 tree right."
    assert german["wrong"] == "Nicht ganz: 1 übersehen. Punkte: 0 von 1 Baum richtig."
    assert german["level"] == "2 Halbzüge, binär"
    assert german["new"] == (
        "Ein neuer Baum (2 Halbzüge, binär): Streiche die Zweige, die Alpha-Beta nie durchsucht."
    )
    node = english["crossed"].removesuffix(" crossed out.")
    assert german["crossed"] == f"{node} gestrichen.", "the same node, named as the tree shows it"
    for said in ("wrong", "checked"):
        assert numbers(german[said]) == numbers(english[said]), said
    assert german["checked"] == (
        "Richtig: 1 abgeschnittener Zweig gefunden. Punkte: 1 von 2 Bäumen richtig."
    )
    right, time, mistakes = german["summary"]
    assert numbers(right) == numbers(english["summary"][0])
    assert re.fullmatch(r"Zeit je Baum: im Mittel \d+,\d s, am schnellsten \d+,\d s\.", time)
    assert mistakes == "Fehler: 1 übersehener Schnitt."


def test_switching_language_says_the_verdict_and_summary_again(prune):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    page.goto("/practice/drill?level=binary&seed=11")
    prune.wait_state("done")
    page.click("#drill-check")
    page.click("#drill-finish")
    assert page.inner_text("#drill-status") == "Not quite: 1 missed. Score: 0 of 1 tree right."
    page.keyboard.press("F1")
    page.select_option("#help-language", "de")
    page.wait_for_function("() => document.documentElement.lang === 'de'")
    page.keyboard.press("Escape")
    assert page.inner_text("#drill-status") == (
        "Nicht ganz: 1 übersehen. Punkte: 0 von 1 Baum richtig."
    )
    lines = page.locator("#summary-lines li").all_inner_texts()
    assert lines[0] == "0 von 1 Baum richtig; beste Serie 0."
    assert lines[2] == "Fehler: 1 übersehener Schnitt."
    assert page.locator("#drill-level option:checked").inner_text() == "2 Halbzüge, binär"


@pytest.mark.parametrize("lang", ["de", "zh-Hans"])
def test_axe_finds_nothing_serious_on_a_checked_drill(prune, lang):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    page.emulate_media(reduced_motion="reduce")
    page.goto(f"/practice/drill?level=three-ply&seed=5&ask=value,move&lang={lang}")
    prune.wait_state("done")
    page.click("#drill-check")
    page.click("#drill-finish")
    assert page.evaluate("() => document.documentElement.lang") == lang
    assert_no_serious(page, f"drill, {lang}")
