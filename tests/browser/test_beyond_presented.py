"""The "Beyond alpha-beta" lesson presented (issue 34): every slide shows at 1024x768 (a
projector), stepped to the end of its range with the clicker's End, its tree drawn whole and
uncovered, and a node searched again badged and named; the notes slide last."""

from __future__ import annotations

import pytest

from app.lessons.beyond import BEYOND, BEYOND_ID

pytestmark = pytest.mark.browser

UNCOVERED = """() => [...document.querySelectorAll('#tree g.node')].filter((g) => {
  const r = g.querySelector('.shape').getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !(hit && g.contains(hit));
}).map((g) => g.dataset.path)"""


def test_every_slide_steps_to_its_end_drawn_whole_and_told_in_words(prune):
    page = prune.page
    page.set_viewport_size({"width": 1024, "height": 768})
    said = {}
    for index, slide in enumerate(BEYOND["slides"]):
        page.goto(f"/l/{BEYOND_ID}?slide={index}")
        kind = "tree" if "view" in slide else "notes"
        page.locator(f'#slide[data-slide-index="{index}"][data-kind="{kind}"]').wait_for()
        assert page.inner_text("#slide-title") == slide["title"]
        if kind == "notes":
            continue
        page.locator("#stage").focus()
        page.keyboard.press("End")
        page.wait_for_function(
            "() => /step (\\d+) of \\1$/.test(document.getElementById('counter').textContent)"
        )
        assert page.evaluate(UNCOVERED) == [], slide["title"]
        said[slide["title"]] = page.inner_text("#slide")
    assert len(said) == len(BEYOND["slides"]) - 1
    # At the end of PVS's slide: the node it searched again is badged and named.
    index = next(i for i, s in enumerate(BEYOND["slides"]) if s["title"].startswith("PVS: a test"))
    page.goto(f"/l/{BEYOND_ID}?slide={index}")
    page.locator(f'#slide[data-slide-index="{index}"][data-kind="tree"]').wait_for()
    page.locator("#stage").focus()
    page.keyboard.press("End")
    node = page.locator('#tree g.node[data-path="1"]')
    node.wait_for(state="attached")
    page.wait_for_function(
        "() => document.querySelector('#tree g.node[data-path=\"1\"]').dataset.passes === '2'"
    )
    assert node.locator(".passes-badge").text_content() == "×2"
    assert "searched 2 times" in node.locator(".item").get_attribute("aria-label")
