"""The dark theme (issue 36): every page follows the system's dark setting, a switch (light,
dark, as the system) in the help dialog and the visualizer's More menu is kept for every page
of the browser, `theme=` sets it for one page (an embed matching its course page), changing it
keeps the step and fetches nothing, prints stay light; in both themes axe finds no serious
issue (its contrast rules included) and the tree's marks (the nodes' outlines, each kind's and
a pruned node's) are at least 3:1 against the panel."""

from __future__ import annotations

import pytest
from axe_checks import assert_no_serious
from contrast_checks import COLOUR_HELPERS, contrast

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1280, "height": 720}

# Each page, and what shows it is ready.
PAGES = {
    "visualizer": ("/?preset=chance&step=9", "#counter"),
    "compare": ("/compare?preset=textbook&step=12", "#counter"),
    "practice": ("/practice", "g.node"),
    "drill": ("/practice/drill", "g.node"),
    "experiments": ("/experiments", "body[data-experiments-ready=true]"),
    "lessons": ("/lessons", "main"),
    "lesson": ("/l/alpha-beta-1?slide=3&step=14", "g.node"),
    "lesson editor": ("/lessons/new", "body[data-ready=true]"),
    "handouts": ("/l/alpha-beta-1/print", "svg.tree-picture"),
    "tic-tac-toe": ("/play/tictactoe", "main"),
    "pacman": ("/play/pacman", "main[data-game-load=ready]"),
    "help": ("/help", "main"),
    "embed": ("/embed?preset=textbook&step=14", "#counter"),
    "practice embed": ("/embed/practice", "g.node"),
    "drill embed": ("/embed/practice/drill", "g.node"),
}

BACKGROUND = """() => getComputedStyle(document.body).backgroundColor"""


def luminance_of(page) -> float:
    colour = page.evaluate(BACKGROUND)
    rgb = [int(part) for part in colour[colour.index("(") + 1 : -1].split(",")[:3]]
    return sum(rgb) / 3


def open_page(page, name):
    path, ready = PAGES[name]
    page.goto(path)
    page.wait_for_selector(ready, state="attached")
    page.wait_for_function("() => document.readyState === 'complete'")


@pytest.mark.parametrize("name", list(PAGES))
def test_every_page_follows_a_dark_system_and_axe_finds_nothing_serious(prune, name):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    page.emulate_media(color_scheme="dark", reduced_motion="reduce")
    open_page(page, name)
    assert luminance_of(page) < 40, "a dark system gets a dark page"
    assert page.evaluate("() => document.documentElement.dataset.theme") is None
    assert_no_serious(page, f"{name}, dark")


MARKS = (
    """() => {
  """
    + COLOUR_HELPERS
    + """
  const panel = parse(getComputedStyle(document.getElementById('tree')).backgroundColor);
  return [...document.querySelectorAll('#tree g.node')].map((g) => {
    const shape = g.querySelector('.shape');
    const kind = g.classList.contains('terminal') ? 'leaf' : g.dataset.kind;
    return { kind, state: g.dataset.state, stroke: parse(getComputedStyle(shape).stroke), panel };
  });
}"""
)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_trees_marks_are_at_least_3_to_1_in_both_themes(prune, theme):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    # MAX, MIN, chance, leaves, the second ghost's darker MIN, and pruned nodes of each.
    seen = set()
    for preset, step in [("textbook", 14), ("chance", 9), ("pacman", 30)]:
        prune.open(f"preset={preset}&step={step}&theme={theme}")
        for mark in page.evaluate(MARKS):
            ratio = contrast(mark["stroke"], mark["panel"])
            seen.add((mark["kind"], mark["state"] == "pruned"))
            assert ratio >= 3, f"{theme}: {mark['kind']} ({mark['state']}) outline {ratio:.2f}:1"
    assert {("max", False), ("min", False), ("chance", False), ("leaf", False)} <= seen
    assert any(pruned for _, pruned in seen)


def test_the_switch_is_kept_for_every_page_and_keeps_the_step(prune):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    page.emulate_media(color_scheme="dark")
    prune.open("preset=textbook&step=14")
    before = prune.counter()
    fetched = []
    page.on("request", lambda request: fetched.append(request.url))
    page.keyboard.press("F1")
    page.select_option("#help-theme", "light")
    assert page.evaluate("() => document.documentElement.dataset.theme") == "light"
    assert luminance_of(page) > 200
    assert prune.counter() == before
    assert page.input_value("#theme-switch") == "light", "the More menu's switch follows"
    assert not [url for url in fetched if "/api/" in url], "a theme change fetches nothing"
    page.keyboard.press("Escape")
    # Another page of this browser: the choice holds.
    open_page(page, "practice")
    assert luminance_of(page) > 200
    page.keyboard.press("F1")
    assert page.input_value("#help-theme") == "light"
    page.select_option("#help-theme", "system")
    assert page.evaluate("() => document.documentElement.dataset.theme") is None
    assert luminance_of(page) < 40


def test_theme_in_the_address_sets_one_page_and_prints_stay_light(prune):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    page.emulate_media(color_scheme="dark")
    page.goto("/embed?preset=textbook&theme=light")
    page.wait_for_selector("#counter")
    assert luminance_of(page) > 200
    page.goto("/embed?preset=textbook")
    page.wait_for_selector("#counter")
    assert luminance_of(page) < 40, "theme= is for its page only: nothing was stored"
    page.goto("/?preset=textbook&theme=dark")
    page.wait_for_selector("#counter")
    page.emulate_media(media="print", color_scheme="dark")
    assert page.evaluate(BACKGROUND) == "rgb(255, 255, 255)"
    assert page.evaluate("() => getComputedStyle(document.body).color") == "rgb(0, 0, 0)"
