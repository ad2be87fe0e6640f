"""The projector theme (issue 36's option: "thicker lines and higher contrast"), a third
choice beside light and dark in the theme switch: chosen in the help dialog (or More, or
`theme=projector` for one page), the page is light with the tree's edges and outlines drawn
thicker and its greys darker; the step stays; axe finds nothing serious; every text of the
tree is at least 4.5:1 and each mark at least 3:1; nothing covers a node's value at the
classroom sizes."""

from __future__ import annotations

import pytest
from axe_checks import assert_no_serious
from contrast_checks import contrast, tree_contrasts
from scene_checks import covered_or_small_values
from test_dark_theme import MARKS

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1280, "height": 720}
SIZES = [(1280, 720), (1024, 768), (390, 844)]
WIDTHS = """() => {
  const width = (selector) =>
    parseFloat(getComputedStyle(document.querySelector(selector)).strokeWidth);
  return { link: width('#tree .link'), shape: width('#tree g.node.inner .shape') };
}"""


def widths(prune, theme):
    prune.open(f"preset=textbook&step=14&theme={theme}")
    return prune.page.evaluate(WIDTHS)


def test_the_projector_draws_the_tree_thicker_than_light(prune):
    prune.page.set_viewport_size(PROJECTOR)
    light, projector = widths(prune, "light"), widths(prune, "projector")
    assert prune.page.evaluate("() => document.documentElement.dataset.theme") == "projector"
    assert projector["link"] >= 1.5 * light["link"], (light, projector)
    assert projector["shape"] >= 1.5 * light["shape"], (light, projector)
    prune.assert_clean()


def test_chosen_in_the_help_dialog_it_keeps_the_step_and_holds_for_the_next_page(prune):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    prune.open("preset=textbook&step=14")
    before = prune.counter()
    page.keyboard.press("F1")
    page.select_option("#help-theme", "projector")
    assert page.evaluate("() => document.documentElement.dataset.theme") == "projector"
    assert prune.counter() == before
    assert page.input_value("#theme-switch") == "projector", "the More menu's switch follows"
    page.keyboard.press("Escape")
    page.goto("/practice")
    page.wait_for_selector("g.node", state="attached")
    assert page.evaluate("() => document.documentElement.dataset.theme") == "projector"


@pytest.mark.parametrize(("preset", "step"), [("textbook", 14), ("chance", 9), ("pacman", 30)])
def test_every_text_and_mark_of_the_tree_is_clear_and_axe_finds_nothing_serious(
    prune, preset, step
):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    prune.open(f"preset={preset}&step={step}&theme=projector")
    for row in tree_contrasts(page):
        assert row["ratio"] >= 4.5, f"{row['kind']} {row['text']!r}: {row['ratio']:.2f}:1"
    for mark in page.evaluate(MARKS):
        ratio = contrast(mark["stroke"], mark["panel"])
        assert ratio >= 3, f"{mark['kind']} ({mark['state']}) outline {ratio:.2f}:1"
    assert_no_serious(page, f"projector, {preset}")


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_nothing_covers_a_node_at_classroom_sizes(prune, width, height):
    page = prune.page
    page.set_viewport_size({"width": width, "height": height})
    prune.open("preset=textbook&step=14&theme=projector")
    assert covered_or_small_values(page, "#tree") == []
    prune.screenshot(f"projector-{width}x{height}")  # kept with PRUNE_SCREENSHOTS=1


@pytest.mark.parametrize(("width", "height"), [(640, 360), (320, 240)])
def test_nothing_covers_a_node_in_an_embed(prune, width, height):
    page = prune.page
    page.set_viewport_size({"width": width, "height": height})
    page.goto("/embed?preset=textbook&step=14&theme=projector")
    page.wait_for_selector("#counter")
    page.wait_for_function("() => document.readyState === 'complete'")
    assert page.evaluate("() => document.documentElement.dataset.theme") == "projector"
    assert covered_or_small_values(page, "#tree") == []
    prune.screenshot(f"projector-embed-{width}x{height}")
