"""A lesson presented (/l/<id>): the slide on screen is marked [data-slide-index], #counter
keeps the step, PageDown crosses from a slide's last step to the next slide's first, notes
are the caption (text, never HTML), experiment slides show their chart, and the measures:
the first slide in ≤ 1 s, the next slide (tree drawn) in ≤ 300 ms."""

import pytest
from lesson_lectures import save

pytestmark = pytest.mark.browser

LESSON = {
    "title": "Three slides",
    "slides": [
        {
            "title": "First two steps",
            "notes": "**Watch** the *root*\n\n- one\n- `two`",
            "view": {"kind": "tree", "preset": "textbook", "from": 1, "to": 3},
        },
        {"title": "Words", "notes": '<img src=x onerror="window.hacked=1"><b>bold?</b>'},
        {
            "title": "The tie",
            "notes": "",
            "view": {"kind": "tree", "preset": "tie", "options": {"rule": "strict"}, "to": 4},
        },
    ],
}


def slide_index(page):
    return page.locator("#slide").get_attribute("data-slide-index")


def wait_slide(page, index, kind=None):
    selector = f'#slide[data-slide-index="{index}"]'
    if kind:
        selector += f'[data-kind="{kind}"]'
    page.locator(selector).wait_for()


def test_pagedown_steps_through_each_range_and_across_slides(prune, base_url):
    page = prune.page
    lesson_id = save(base_url, LESSON)
    page.goto(f"{base_url}/l/{lesson_id}")
    prune.wait_state("done")
    wait_slide(page, 0, "tree")
    assert page.locator("#counter").inner_text() == "step 1 of 27"  # the range starts at 1
    assert page.locator("#slide-title").inner_text() == "First two steps"
    assert page.locator("#slide-number").inner_text() == "Slide 1 of 3"
    notes = page.locator("#slide-notes")
    assert notes.locator("strong").inner_text() == "Watch"
    assert notes.locator("em").inner_text() == "root"
    assert notes.locator("li").count() == 2 and notes.locator("code").inner_text() == "two"

    page.keyboard.press("PageDown")
    page.keyboard.press("PageDown")
    assert page.locator("#counter").inner_text() == "step 3 of 27"
    assert slide_index(page) == "0"
    page.keyboard.press("PageDown")  # at the slide's last step: the next slide
    wait_slide(page, 1, "notes")
    # HTML in notes is text: no element from it, no script run.
    assert page.locator("#slide-notes img, #slide-notes b").count() == 0
    assert '<img src=x onerror="window.hacked=1">' in notes.inner_text()
    assert page.evaluate("window.hacked") is None

    page.keyboard.press("PageDown")
    wait_slide(page, 2, "tree")
    assert page.locator("#counter").inner_text() == "step 0 of 15"
    for _ in range(4):
        page.keyboard.press("PageDown")
    assert page.locator("#counter").inner_text() == "step 4 of 15"
    page.keyboard.press("PageDown")  # the last step of the last slide: nothing further
    assert page.locator("#counter").inner_text() == "step 4 of 15"
    assert page.locator("#btn-forward").is_disabled()

    page.keyboard.press("PageUp")
    page.keyboard.press("PageUp")
    page.keyboard.press("PageUp")
    page.keyboard.press("PageUp")
    page.keyboard.press("PageUp")  # from the tie's first step: back to the words
    wait_slide(page, 1, "notes")
    page.keyboard.press("PageUp")  # and back to the first slide's last step
    wait_slide(page, 0, "tree")
    assert page.locator("#counter").inner_text() == "step 3 of 27"
    # The address keeps the position: a reload opens there.
    assert "slide=0" in page.url and "step=3" in page.url
    # Every node of the tree is drawn (the tree view's contract).
    assert page.locator("#tree g.node[data-path]").count() == 13


def test_the_slide_menu_buttons_and_fit_all(prune, base_url):
    page = prune.page
    lesson_id = save(base_url, LESSON)
    page.goto(f"{base_url}/l/{lesson_id}?slide=2&step=2")
    prune.wait_state("done")
    wait_slide(page, 2, "tree")
    assert page.locator("#counter").inner_text() == "step 2 of 15"
    page.locator("#slide-select").select_option("0")
    wait_slide(page, 0, "tree")
    assert page.locator("#counter").inner_text() == "step 1 of 27"
    page.locator("#btn-next-slide").click()
    wait_slide(page, 1, "notes")
    page.locator("#btn-prev-slide").click()
    wait_slide(page, 0, "tree")
    page.locator("#btn-fit").click()
    page.wait_for_timeout(500)
    box = page.locator("#tree").bounding_box()
    for node in page.locator("#tree g.node[data-path]").all():
        b = node.bounding_box()
        assert box["x"] - 1 <= b["x"] and b["x"] + b["width"] <= box["x"] + box["width"] + 1
        assert box["y"] - 1 <= b["y"] and b["y"] + b["height"] <= box["y"] + box["height"] + 1


def test_the_builtin_lesson_steps_through_its_slides_and_shows_its_chart(prune, base_url):
    # (How fast: bench/lessons.py and docs/benchmarks.md; tests assert no timings.)
    page = prune.page
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{base_url}/l/alpha-beta-1")
    page.locator('#slide[data-slide-index="0"][data-kind="tree"]').wait_for()
    assert page.locator("#tree g.node[data-path]").count() == 13
    for k in (1, 2, 3):
        page.evaluate("(k) => window.prune.goTo(window.prune.deck.start(k))", k)
        page.locator(f'#slide[data-slide-index="{k}"][data-kind="tree"]').wait_for()
    page.locator("#slide-select").select_option("8")
    page.locator('#slide[data-slide-index="8"][data-kind="experiment"]').wait_for(timeout=60_000)
    chart = page.locator("#slide-chart svg.chart-svg")
    chart.wait_for()
    assert page.locator("#slide-chart .chart-legend li").count() == 5
    assert "Move ordering" in page.locator("#slide-chart .chart-title").inner_text()
