"""The "Hide answers" setting (README.md, "Presentation mode") in headless Chromium: it keeps
the root value, the best move and the answer in the tree's description off the screen until the
search reaches the end, and it is on by default while presenting and in a lecture (the
presenter may still turn it off)."""

from __future__ import annotations

import pytest
from presenting_steps import TEXTBOOK_STEPS, show, wait_presenting

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1280, "height": 720}
ANSWER_ROWS = ("value", "best", "saved", "knuth")


def stat(page, key) -> str:
    return page.locator(f'#stats .stat[data-stat="{key}"] dd').inner_text()


def test_hide_answers_hides_the_description_and_the_answers_until_the_end(prune):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    prune.open("preset=textbook")
    title = page.locator("#doc-title")
    # The description says what the tree is; its answer waits for the end (issue 21, item 6).
    assert title.inner_text().startswith("Textbook: three MIN nodes: MAX over three MIN nodes")
    assert "answer 3" not in title.inner_text().lower()
    assert not page.is_checked("#hide-answers")

    page.check("#hide-answers")
    assert page.evaluate("document.body.dataset.hideAnswers") == "on"
    for step in (0, 14, TEXTBOOK_STEPS - 1):
        show(prune, step)
        assert "answer" not in title.inner_text().lower(), step
        assert "answer" not in (title.get_attribute("title") or "").lower()
        assert title.inner_text().startswith("Textbook")
        assert not page.locator("#preset-description").is_visible()
        assert page.get_attribute("#preset", "aria-describedby") is None
        for key in ANSWER_ROWS:
            assert stat(page, key) == "—", (step, key)
        # Nothing else on the page says it either.
        assert "answer 3" not in page.evaluate("document.body.innerText").lower()
        assert "answer 3" not in page.title().lower()
    prune.screenshot("hide-answers-before-the-end")

    show(prune, "end")
    assert stat(page, "value") == "3"
    assert stat(page, "best").startswith("B")
    assert stat(page, "saved") != "—"
    assert "answer 3" in title.inner_text().lower()
    prune.screenshot("hide-answers-at-the-end")

    show(prune, 14)
    assert stat(page, "value") == "—"
    page.uncheck("#hide-answers")
    assert page.evaluate("document.body.dataset.hideAnswers") == "off"
    # The description comes back; the answer still waits for the end.
    assert "MAX over three MIN nodes" in title.inner_text()
    assert "answer 3" not in title.inner_text().lower()
    assert "answer 3" not in title.get_attribute("title").lower()
    show(prune, "end")
    assert "answer 3" in title.get_attribute("title").lower()
    show(prune, 14)
    assert page.locator("#preset-description").is_visible()
    assert page.get_attribute("#preset", "aria-describedby") == "preset-description"
    assert stat(page, "saved") != "—"


def test_hide_answers_is_on_by_default_while_presenting(prune):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    prune.open("preset=textbook")
    assert not page.is_checked("#hide-answers")
    page.keyboard.press("p")
    wait_presenting(page)
    assert page.is_checked("#hide-answers")
    assert "MAX over three" not in page.locator("#doc-title").text_content()
    assert page.locator('#stats .stat[data-stat="value"] dd').text_content() == "—"
    page.keyboard.press("Escape")
    wait_presenting(page, on=False)
    assert not page.is_checked("#hide-answers")
    assert "MAX over three" in page.locator("#doc-title").inner_text()


def test_hide_answers_is_on_by_default_in_a_lecture(prune):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    prune.open("preset=textbook")
    assert not page.is_checked("#hide-answers")
    page.get_by_role("button", name="Start lecture").click()
    page.wait_for_selector(".lecture-bar[data-mode=presenter]")
    page.wait_for_function("() => document.getElementById('hide-answers').checked")
    assert "MAX over three" not in page.locator("#doc-title").inner_text()
    # The teacher may still show them.
    page.uncheck("#hide-answers")
    assert "MAX over three" in page.locator("#doc-title").inner_text()
