"""The visualizer's "More" menu reaches every page, and "Practice this tree" and "Compare two
searches" carry the tree and options on screen (not the step, nor a lecture)."""

import pytest
from prune_page import PrunePage

pytestmark = pytest.mark.browser


def test_the_more_menu_links_the_pages_with_the_current_tree(page):
    prune = PrunePage(page).open("preset=pacman&rule=strict&step=4")
    page.click(".more-menu summary")
    practice = page.get_by_role("link", name="Practice this tree")
    compare = page.get_by_role("link", name="Compare two searches")
    for link, path in ((practice, "/practice?"), (compare, "/compare?")):
        href = link.get_attribute("href")
        assert href.startswith(path) and "preset=pacman" in href and "rule=strict" in href
        assert "step=" not in href
    for name in ("Tic-tac-toe against alpha-beta", "Pacman with two ghosts", "Experiments"):
        assert page.get_by_role("link", name=name).is_visible()
    compare.click()
    page.wait_for_url("**/compare?**")
    assert not prune.errors


@pytest.mark.parametrize("size", [(1280, 720), (390, 844)])
def test_the_header_fits_the_screen_with_its_menu(page, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    PrunePage(page).open("preset=textbook")
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
    page.click(".more-menu summary")
    box = page.locator(".more-menu nav").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= size[0]
