"""Printing: the visualizer prints the whole tree at the step shown, the
narration and the pseudocode, and no controls; the practice page prints a worksheet, and
"Print answer key" adds the engine's answers. Print media is emulated (the layout a printer
gets) and Chromium's print to PDF is run (it fires beforeprint/afterprint); the PDF's text is
not read here (no pdftotext on the test machines), its page count is."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import quote

import pytest

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots-pictures-print")
RANDOM_TREE = {"seed": 4, "depth": 4, "branching": [3, 4], "low": -20, "high": 20}

# What a printed page shows: visible elements by what they are.
PRINTED = """
() => {
  const shown = (el) => !!el && el.checkVisibility() && el.getClientRects().length > 0;
  const picture = document.querySelector('figure.print-tree svg');
  return {
    buttons: [...document.querySelectorAll('button, select, [role=button], summary')]
      .filter(shown).map((b) => b.textContent.trim()),
    liveTree: shown(document.getElementById('tree')),
    picture: shown(picture),
    pictureNodes: picture ? picture.querySelectorAll('g.node[data-path]').length : 0,
    pictureWidth: picture ? picture.getBoundingClientRect().width : 0,
    pageWidth: document.documentElement.clientWidth,
    scrollWidth: document.documentElement.scrollWidth,
    text: document.body.innerText,
  };
}
"""


def emulate_print(page):
    """Print media, once the page has drawn its printed tree (a media query's change is
    reported at the next rendering step)."""
    page.emulate_media(media="print")
    page.wait_for_selector("figure.print-tree svg", state="attached")


def page_count(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


def test_the_visualizer_prints_the_tree_narration_and_pseudocode(prune):
    page = prune.page
    page.set_viewport_size({"width": 1280, "height": 720})
    prune.open("preset=textbook&step=14")
    narration = page.inner_text("#narration")
    assert "α-cutoff" in narration
    emulate_print(page)
    printed = page.evaluate(PRINTED)
    assert printed["buttons"] == []
    assert not printed["liveTree"] and printed["picture"]
    assert printed["pictureNodes"] == 13
    assert printed["scrollWidth"] <= printed["pageWidth"]
    text = printed["text"]
    assert narration in text
    assert "def max-value" in text and "PSEUDOCODE" in text.upper()
    for label in ("Share", "Present", "Run", "Hide inputs", "Statistics", "Show all"):
        assert label not in text.split("\n"), label
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "test-print-visualizer.png"), full_page=True)
    page.emulate_media(media="screen")
    # Back on screen: the printed picture is gone, the view is as it was.
    page.wait_for_selector("figure.print-tree svg", state="detached")
    assert len(prune.nodes()) == 13


def test_a_folded_view_prints_every_node(prune):
    page = prune.page
    page.set_viewport_size({"width": 800, "height": 600})
    prune.open("random=" + quote(json.dumps(RANDOM_TREE)) + "&step=80")
    size = page.evaluate("window.prune.trace.size")
    assert len(prune.nodes()) < size
    emulate_print(page)
    printed = page.evaluate(PRINTED)
    assert printed["pictureNodes"] == size
    assert 0 < printed["pictureWidth"] <= printed["pageWidth"]  # shrunk to the page
    page.emulate_media(media="screen")


def test_print_to_pdf_draws_the_picture_and_takes_it_away(prune):
    page = prune.page
    prune.open("preset=textbook&step=end")
    # Listeners added after the page's own: they see what the printout gets.
    page.evaluate(
        """() => {
          window.__printed = [];
          const count = () => document.querySelectorAll('figure.print-tree g.node').length;
          addEventListener('beforeprint', () => window.__printed.push(count()));
          addEventListener('afterprint', () => window.__printed.push(count()));
        }"""
    )
    pdf = page.pdf(format="A4")
    assert pdf[:5] == b"%PDF-"
    assert 1 <= page_count(pdf) <= 2
    assert page.evaluate("window.__printed") == [13, 0]
    assert page.locator("figure.print-tree *").count() == 0


def test_the_practice_page_prints_a_worksheet(prune):
    page = prune.page
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto("/practice?preset=textbook")
    prune.wait_state("done")
    emulate_print(page)
    printed = page.evaluate(PRINTED)
    assert printed["buttons"] == []
    assert not printed["liveTree"] and printed["pictureNodes"] == 13
    values = page.evaluate(
        """() => [...document.querySelectorAll('figure.print-tree g.node')].map((g) =>
             [g.dataset.path, g.classList.contains('terminal'),
              (g.querySelector('.val') || {}).textContent || ''])"""
    )
    leaves = {path: text for path, terminal, text in values if terminal}
    assert leaves["0.0"] == "3" and leaves["1.1"] == "4" and leaves["2.2"] == "2"
    assert all(text == "" for _, terminal, text in values if not terminal)  # to be worked out
    text = printed["text"]
    assert "Your answer" in text and "children pruned:" in text
    assert "BEST MOVE AT A" in text.upper()
    assert "Answer key" not in text
    assert page.locator("#sheet-rows input[type=text]").first.is_visible()
    page.screenshot(path=str(SHOTS / "test-print-practice.png"), full_page=True)
    page.emulate_media(media="screen")


def test_print_answer_key_adds_the_engines_answers(prune):
    page = prune.page
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto("/practice?preset=textbook")
    prune.wait_state("done")
    assert page.locator("#print-key").is_visible()
    assert page.locator("#answer-key").is_hidden()
    page.evaluate("() => { window.__prints = 0; window.print = () => { window.__prints += 1; }; }")
    page.click("#print-key")
    assert page.evaluate("window.__prints") == 1
    assert page.evaluate("document.body.dataset.print") == "key"
    emulate_print(page)
    page.wait_for_selector("#answer-key svg")
    key = page.locator("#answer-key")
    assert key.is_visible()
    text = key.inner_text()
    assert "Answer key" in text
    assert "A (MAX, root) = 3, α=3 β=∞" in text
    assert "C (MIN) = 2" in text
    assert "I (α-cutoff at C)" in text and "J (α-cutoff at C)" in text
    assert re.search(r"Best move\s+B\b", text)
    # The key's tree is the search's end: the root's value and the cutoff drawn.
    end = page.evaluate(
        """() => { const svg = document.querySelector('#answer-key svg');
                   return [svg.querySelectorAll('g.node').length,
                           svg.querySelector('g.node[data-path=""]').dataset.value,
                           svg.querySelectorAll('.cutoff-label').length]; }"""
    )
    assert end == [13, "3", 2]
    page.screenshot(path=str(SHOTS / "test-print-answer-key.png"), full_page=True)
    # The worksheet comes first: the key starts on a page of its own.
    style = "getComputedStyle(document.getElementById('answer-key')).breakBefore"
    assert page.evaluate(style) == "page"
    page.emulate_media(media="screen")
    page.wait_for_function("() => document.body.dataset.print === undefined")
    assert key.inner_text() == ""

    # "Print worksheet" prints without the key.
    page.click("#print-sheet")
    assert page.evaluate("window.__prints") == 2
    page.emulate_media(media="print")
    assert page.locator("#answer-key").is_hidden()
    page.emulate_media(media="screen")


def test_the_answer_key_prints_to_pdf_after_the_worksheet(prune):
    page = prune.page
    page.goto("/practice?preset=textbook")
    prune.wait_state("done")
    worksheet = page.pdf(format="A4")
    page.evaluate("document.body.dataset.print = 'key'")
    with_key = page.pdf(format="A4")
    assert page_count(with_key) >= page_count(worksheet) + 1
    # After printing, the page is back to itself: no key mode, no key written.
    assert page.evaluate("document.body.dataset.print") is None
    assert page.locator("#answer-key").inner_text() == ""
