"""Help on every page (issue 36): "?" and F1 open a dialog with the page's keys, the clicker's
and the tree's legend, with a link to /help; "?" obeys the "Single-key shortcuts" setting, F1
does not; the dialog keeps the focus while open (Tab never leaves it, the page's keys rest),
Escape and Close close it and give the focus back; it fits the screen and axe finds nothing
serious in it."""

from __future__ import annotations

import pytest
from axe_checks import assert_no_serious

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1024, "height": 768}
PHONE = {"width": 390, "height": 844}

# Each page, what it waits for, and the topics its dialog must list.
PAGES = {
    "visualizer": (
        "/?preset=textbook",
        "#counter",
        {"player", "present", "view", "tree", "editor", "clicker"},
    ),
    "compare": ("/compare?preset=textbook", "#counter", {"player", "tree"}),
    "practice": ("/practice", "g.node", {"practice", "tree"}),
    "drill": ("/practice/drill", "g.node", {"drill"}),
    "lesson": ("/l/alpha-beta-1", "g.node", {"lesson", "clicker", "tree"}),
    "lessons": ("/lessons", "main", {"lesson", "clicker"}),
    "experiments": ("/experiments", "main", set()),
    "tictactoe": ("/play/tictactoe", "main", {"player", "present", "tree"}),
    "embed": ("/embed?preset=textbook", "#counter", {"player", "tree"}),
    "help page": ("/help", "main", {"player", "present", "tree"}),
}

IS_OPEN = "() => document.getElementById('help').open"
FOCUS_INSIDE = "() => document.getElementById('help').contains(document.activeElement)"


def open_page(page, key):
    path, ready, _ = PAGES[key]
    page.goto(path)
    page.wait_for_selector(ready)
    page.wait_for_function("() => document.readyState === 'complete'")


@pytest.mark.parametrize("key", sorted(PAGES))
def test_question_mark_opens_the_pages_keys_and_escape_gives_the_focus_back(prune, key):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    open_page(page, key)
    page.locator("body").focus()
    page.keyboard.press("?")
    page.wait_for_function(IS_OPEN)
    topics = set(
        page.eval_on_selector_all(
            "#help [data-help-topic]", "els => els.map(e => e.dataset.helpTopic)"
        )
    )
    assert topics == PAGES[key][2] | {"legend"}
    assert page.locator("#help h2").inner_text() == "Help: keys and pictures"
    assert page.locator("#help a[href='/help']").count() == 1
    # Focus stays in the dialog however far one tabs.
    for _ in range(25):
        page.keyboard.press("Tab")
        assert page.evaluate(FOCUS_INSIDE), "Tab left the open help dialog"
    page.keyboard.press("Escape")
    assert not page.evaluate(IS_OPEN)
    page.wait_for_function(f"() => !({FOCUS_INSIDE})()")


def test_the_help_button_opens_it_and_close_returns_to_the_button(prune):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    open_page(page, "practice")
    button = page.locator("header [data-action='help']")
    assert button.get_attribute("aria-expanded") == "false"
    button.click()
    page.wait_for_function(IS_OPEN)
    assert button.get_attribute("aria-expanded") == "true"
    page.locator("#help [data-action='help-close']").click()
    assert not page.evaluate(IS_OPEN)
    page.wait_for_function("() => document.activeElement.dataset.action === 'help'")
    assert button.get_attribute("aria-expanded") == "false"


def test_the_player_keys_rest_while_help_is_open(prune):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    prune.open("preset=textbook")
    before = prune.counter()
    page.keyboard.press("F1")
    page.wait_for_function(IS_OPEN)
    for key in ["ArrowRight", "PageDown", "End", "p", "f"]:
        page.keyboard.press(key)
    assert prune.counter() == before
    assert page.evaluate("() => document.body.dataset.present") != "on"
    page.keyboard.press("Escape")
    page.keyboard.press("ArrowRight")
    assert prune.counter() != before, "the player's keys work again once help is closed"


def test_with_single_key_shortcuts_off_only_f1_opens_help(prune):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    open_page(page, "drill")
    page.evaluate("() => localStorage.setItem('prune.singleKeyShortcuts', 'off')")
    open_page(page, "drill")
    page.locator("body").focus()
    page.keyboard.press("?")
    assert not page.evaluate(IS_OPEN), "? is a single-key shortcut: it must obey the setting"
    page.keyboard.press("F1")
    page.wait_for_function(IS_OPEN)


def test_typing_a_question_mark_in_a_field_is_text(prune):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    page.goto("/lessons/new")
    field = page.locator("#lesson-title")
    field.fill("Why prune")
    field.press("End")
    page.keyboard.type("?")
    assert not page.evaluate(IS_OPEN)
    assert field.input_value() == "Why prune?"


@pytest.mark.parametrize(
    "viewport", [PHONE, {"width": 320, "height": 240}, {"width": 1280, "height": 720}], ids=str
)
def test_the_dialog_fits_the_screen_and_axe_finds_nothing_serious(prune, viewport):
    page = prune.page
    page.set_viewport_size(viewport)
    path = "/embed?preset=textbook" if viewport["height"] < 400 else "/?preset=textbook"
    page.goto(path)
    page.wait_for_selector("#counter")
    page.keyboard.press("F1")
    page.wait_for_function(IS_OPEN)
    box = page.locator("#help").bounding_box()
    assert box["x"] >= 0 and box["y"] >= 0
    assert box["x"] + box["width"] <= viewport["width"]
    assert box["y"] + box["height"] <= viewport["height"]
    # The dialog scrolls inside itself: its Close button and the last line can be reached.
    page.locator("#help .help-more a").scroll_into_view_if_needed()
    assert page.locator("#help .help-more a").is_visible()
    assert_no_serious(page, f"the help dialog at {viewport['width']}x{viewport['height']}")
