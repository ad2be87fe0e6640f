"""axe-core (WCAG 2.0–2.2 A and AA) on the lesson pages: presenting (a tree slide, the chart
slide, a phone), the embed, the handouts, the list and the editor with slides in it."""

import pytest
from axe_checks import assert_no_serious

pytestmark = pytest.mark.browser

PAGES = {
    "present, tree": ("/l/alpha-beta-1?slide=2&step=12", {"width": 1280, "height": 720}),
    "present, chart": ("/l/alpha-beta-1?slide=8", {"width": 1280, "height": 720}),
    "present, phone": ("/l/alpha-beta-1?slide=4", {"width": 390, "height": 844}),
    "embed": ("/embed/l/alpha-beta-1?slide=1", {"width": 640, "height": 360}),
    "handouts": ("/l/alpha-beta-1/print", {"width": 1024, "height": 768}),
}


@pytest.mark.parametrize("name", list(PAGES))
def test_axe_lesson_pages(prune, base_url, name):
    address, viewport = PAGES[name]
    page = prune.page
    page.set_viewport_size(viewport)
    page.goto(f"{base_url}{address}")
    prune.wait_state("done", timeout=60_000)
    if name == "present, chart":
        page.locator("#slide-chart svg.chart-svg").wait_for(timeout=60_000)
    assert_no_serious(page, f"{address} ({viewport['width']}×{viewport['height']})")


def test_axe_lessons_list_and_editor(prune, base_url):
    page = prune.page
    page.goto(f"{base_url}/lessons/alpha-beta-1/edit")
    page.locator("body[data-ready=true]").wait_for()
    assert_no_serious(page, "/lessons/alpha-beta-1/edit")
    page.locator("#btn-save").click()
    # Saved, or refused with a sentence: either ends "Saving…" (a slow machine may take a while).
    page.locator("#saved-link, #editor-result .error").first.wait_for(timeout=30_000)
    assert page.locator("#saved-link").count() == 1, page.inner_text("#editor-result")
    page.goto(f"{base_url}/lessons")
    page.locator("#my-lessons li").first.wait_for()
    assert_no_serious(page, "/lessons")
