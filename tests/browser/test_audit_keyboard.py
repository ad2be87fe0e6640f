"""The accessibility audit's findings on keys and focus, pressed with the
keyboard only: the tree is one Tab stop whose keys only move between nodes (item 2), a skip
link reaches Play in at most 5 Tabs (item 8), P presents only from the page, the tree or the
player, a setting turns single-key shortcuts off and P is no shortcut on a student's page
(item 5), and an edit and its undo keep the focus in place (item 3)."""

from __future__ import annotations

import pytest
from keyboard_focus import ACTIVE, tab_until
from presenting_steps import TEXTBOOK_STEPS, presenting

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1280, "height": 720}


def counter(page) -> str:
    return page.inner_text("#counter")


# ----- item 2: one Tab stop for the tree; keys on it move between nodes only -----


def test_the_tree_is_one_tab_stop_and_its_keys_only_move_between_nodes(prune):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    prune.open("preset=textbook")
    assert counter(page) == f"step 0 of {TEXTBOOK_STEPS}"
    seen = tab_until(page, "a.getAttribute('role') === 'treeitem'")
    assert not [s for s in seen if s["role"] == "tree"], "the tree container took a Tab stop"
    # Tab again: out of the tree at once (one stop), into the player.
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.closest('[role=tree]') === null")
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(ACTIVE)["role"] == "treeitem"
    for key in ["ArrowDown", "ArrowRight", "ArrowLeft", "ArrowUp", "End", "Home"]:
        page.keyboard.press(key)
        assert counter(page) == f"step 0 of {TEXTBOOK_STEPS}", f"{key} on the tree stepped"
        assert page.evaluate(ACTIVE)["role"] == "treeitem"


# ----- item 8: a skip link straight to the player -----


@pytest.mark.parametrize("path", ["/?preset=textbook", "/embed?preset=textbook"])
def test_a_skip_link_reaches_play_in_at_most_5_tabs(prune, path):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    page.goto(path)
    prune.wait_state("done")
    page.keyboard.press("Tab")
    link = page.evaluate(
        "({ text: document.activeElement.textContent, "
        "left: document.activeElement.getBoundingClientRect().left })"
    )
    assert link["text"] == "Skip to the player" and link["left"] >= 0  # shown when focused
    page.keyboard.press("Enter")
    seen = tab_until(page, "a.id === 'btn-play'", limit=5)
    assert len(seen) <= 5
    page.keyboard.press("Space")
    assert page.get_attribute("#btn-play", "aria-pressed") == "true"


# ----- item 5: P only where it belongs, a setting to turn it off, Escape gives the focus back -----


def test_p_presents_only_from_the_page_the_tree_or_the_player(prune):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    prune.open("preset=textbook")
    # On other controls P is no shortcut: a toolbar button, the Follow box, a select.
    for selector in ["#fit", "#follow", "#run", "#share-toggle"]:
        page.focus(selector)
        page.keyboard.press("p")
        assert not presenting(page), f"P on {selector} entered presentation mode"
    # On a tree node it presents, and Escape gives the focus back to that node.
    tab_until(page, "a.getAttribute('role') === 'treeitem'")
    node = page.evaluate("document.activeElement.closest('g.node').dataset.path")
    page.keyboard.press("p")
    assert presenting(page)
    page.keyboard.press("Escape")
    assert not presenting(page)
    assert page.evaluate("document.activeElement.closest('g.node')?.dataset.path") == node
    # On the player: Play presents, Escape comes back to Play; clicker keys step meanwhile.
    page.focus("#btn-play")
    page.keyboard.press("p")
    assert presenting(page)
    page.keyboard.press("PageDown")
    prune.wait_counter(f"step 1 of {TEXTBOOK_STEPS}")
    page.keyboard.press("Escape")
    assert not presenting(page)
    assert page.evaluate("document.activeElement.id") == "btn-play"


def test_a_setting_turns_single_key_shortcuts_off(prune):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    prune.open("preset=textbook")
    page.keyboard.press("p")
    assert presenting(page)
    page.keyboard.press("b")
    assert page.evaluate("document.body.dataset.blank") == "on"
    page.keyboard.press("b")
    page.keyboard.press("Escape")
    # Keyboard only: open More, tick the setting off with Space.
    page.focus(".more-menu > summary")
    page.keyboard.press("Enter")
    tab_until(page, "a.id === 'single-keys'")
    page.keyboard.press("Space")
    assert not page.is_checked("#single-keys")
    page.keyboard.press("Escape")
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("p")
    assert not presenting(page)
    # It stays off on the next visit; the button still presents, and B no longer blanks.
    prune.open("preset=textbook")
    page.keyboard.press("p")
    assert not presenting(page)
    page.click("#present-toggle")
    assert presenting(page)
    page.keyboard.press("b")
    assert page.evaluate("document.body.dataset.blank") is None
    page.keyboard.press("ArrowRight")  # the clicker's step keys are not character keys
    prune.wait_counter(f"step 1 of {TEXTBOOK_STEPS}")


def test_p_is_no_shortcut_on_a_students_page(prune, browser, base_url, wrap_page):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    prune.open("preset=textbook")
    page.get_by_role("button", name="Start lecture").click()
    page.wait_for_selector(".lecture-bar[data-mode=presenter] .lecture-code")
    code = page.evaluate("window.prune.lecture.code")
    context = browser.new_context(base_url=base_url, viewport=PROJECTOR)
    try:
        student = wrap_page(context.new_page())
        student.page.goto(f"/join/{code}")
        student.page.wait_for_selector(".lecture-bar[data-mode=student]")
        student.wait_state("done")
        student.page.evaluate("document.activeElement.blur()")
        student.page.keyboard.press("p")
        assert not presenting(student.page)
        student.assert_clean()
    finally:
        context.close()


# ----- item 3: the focus stays through edits -----

IN_VIEW = """() => {
  const a = document.activeElement, r = a.getBoundingClientRect();
  return { id: a.id, path: a.closest('g.node')?.dataset.path ?? null,
           inView: r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth };
}"""


def wait_name(page, path: str, text: str):
    page.wait_for_function(
        "([p, t]) => (document.querySelector(`g.node[data-path='${p}'] > .item`)"
        "?.getAttribute('aria-label') || '').includes(t)",
        arg=[path, text],
    )


@pytest.mark.parametrize("viewport", [PROJECTOR, {"width": 1024, "height": 768}])
def test_an_edit_and_its_undo_keep_the_focus_in_place(prune, viewport):
    page = prune.page
    page.set_viewport_size(viewport)
    prune.open("preset=textbook")
    # Keyboard only: Tab into the tree, → to node I (path 1.1), Enter opens it in the editor.
    tab_until(page, "a.getAttribute('role') === 'treeitem'")
    for key in ["ArrowDown", "ArrowRight", "ArrowDown", "ArrowRight"]:
        page.keyboard.press(key)
    assert page.evaluate(IN_VIEW)["path"] == "1.1"
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "ed-value"
    page.keyboard.press("Control+a")
    page.keyboard.type("7")
    page.keyboard.press("Enter")
    wait_name(page, "1.1", "value 7")
    prune.wait_state("done")
    assert page.evaluate(IN_VIEW) == {"id": "ed-value", "path": None, "inView": True}
    # Back to the node (Shift+Tab out of the fields is long: the tree's own Tab stop is the
    # node the user chose), then Ctrl+Z there: the re-run keeps the focus on node I.
    page.focus('g.node[data-path="1.1"] > .item')
    page.keyboard.press("Control+z")
    wait_name(page, "1.1", "value 4")
    prune.wait_state("done")
    page.wait_for_function("() => document.activeElement !== document.body")
    assert page.evaluate(IN_VIEW) == {"id": "", "path": "1.1", "inView": True}
