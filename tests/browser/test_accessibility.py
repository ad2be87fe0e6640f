"""Accessibility, axe-core: nothing serious on the main page (projector and phone),
the embed (light and dark), a lecture's presenter and student pages, and presentation mode;
a tree node's accessible name holds its visible text. Contrast is checked in
test_contrast.py, small embeds in test_embed_small_frames.py; axe runs through
axe_checks.py."""

from __future__ import annotations

import pytest
from axe_checks import AXE_RUN, assert_no_serious
from contrast_checks import MIN_CONTRAST, tree_contrasts

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1280, "height": 720}
PHONE = {"width": 390, "height": 844}


def test_tree_node_names_hold_their_visible_text(prune):
    """WCAG 2.5.3 (label in name): a node's accessible name ("MIN node B: value 3, α −∞, β 3")
    says more than the texts drawn in it, which are hidden from assistive technology (they
    would be read twice); axe finds no mismatch."""
    prune.page.set_viewport_size(PROJECTOR)
    prune.open("preset=textbook&step=9")
    assert_no_serious(prune.page, "/?preset=textbook&step=9, tree nodes")
    assert prune.page.locator("#tree g.node > .item[role=treeitem] text").count() == 0
    texts = prune.page.locator("#tree g.node text")
    assert texts.count() >= 13
    assert texts.evaluate_all("(els) => els.every((el) => el.getAttribute('aria-hidden'))")


@pytest.mark.parametrize(
    "query", ["preset=textbook&step=9", "preset=textbook&step=end", "preset=pacman&step=60"]
)
def test_axe_main_page(prune, query):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    prune.open(query)
    assert_no_serious(page, f"/?{query}")
    prune.screenshot(f"a11y-main-{query.replace('&', '-').replace('=', '-')}-1280x720")


def test_axe_main_page_on_a_phone(prune):
    page = prune.page
    page.set_viewport_size(PHONE)
    prune.open("preset=textbook&step=14")
    assert_no_serious(page, "/?preset=textbook&step=14 (390×844)")
    prune.screenshot("a11y-main-textbook-14-390x844")


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_axe_embed(prune, theme):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    page.goto(f"/embed?preset=textbook&step=14&theme={theme}")
    prune.wait_state("done")
    assert page.locator("h1").count() == 1  # page-has-heading-one
    assert page.locator("h1").text_content().strip()
    assert_no_serious(page, f"/embed?theme={theme}")
    # Best practices axe reported on the embed (not WCAG criteria, not in the run above).
    rules = ["page-has-heading-one", "scrollable-region-focusable", "landmark-one-main"]
    found = page.evaluate(AXE_RUN, {"type": "rule", "values": rules})
    assert not found["violations"], found["violations"]
    prune.screenshot(f"a11y-embed-{theme}-1280x720")


def start_lecture(prune, query: str = "preset=textbook") -> str:
    prune.page.set_viewport_size(PROJECTOR)
    prune.open(query)
    prune.page.get_by_role("button", name="Start lecture").click()
    prune.page.wait_for_selector(".lecture-bar[data-mode=presenter] .lecture-code")
    return prune.page.evaluate("window.prune.lecture.code")


def test_axe_lecture_presenter_and_student(prune, browser, base_url, wrap_page):
    code = start_lecture(prune)
    prune.page.click("#btn-forward")
    prune.page.click("#btn-forward")
    prune.page.wait_for_selector("img.lecture-qr")
    assert_no_serious(prune.page, "lecture presenter")
    prune.screenshot("a11y-lecture-presenter-1280x720")

    context = browser.new_context(base_url=base_url, viewport=PHONE)
    try:
        student = wrap_page(context.new_page())
        student.page.set_default_timeout(15_000)
        student.page.goto(f"/join/{code}")
        student.page.wait_for_selector(".lecture-bar[data-mode=student]")
        student.wait_state("done")
        student.page.wait_for_function("() => window.prune.step === 2")
        assert_no_serious(student.page, "lecture student (390×844)")
        student.screenshot("a11y-lecture-student-390x844")
        student.assert_clean()
    finally:
        context.close()


def test_axe_presentation_mode(prune):
    """Presentation mode (body[data-present=on]: the "Present" button or the key P)."""
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    prune.open("preset=textbook&step=14")
    page.locator("#stage").focus()
    page.keyboard.press("p")
    page.wait_for_selector("body[data-present=on]")
    page.wait_for_timeout(400)  # the refit at the presentation size
    assert_no_serious(page, "presentation mode")
    for row in tree_contrasts(page):
        assert row["ratio"] >= MIN_CONTRAST, row
    prune.screenshot("a11y-presentation-1280x720")
