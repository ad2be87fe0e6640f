"""The accessibility audit's remaining findings (issue 26), one or more tests per item: keys
are pressed with the keyboard only, names are read from the accessibility tree (ARIA
attributes and Playwright's aria snapshots), and forced colours are emulated."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1280, "height": 720}
TEXTBOOK_STEPS = 27

ACTIVE = """() => {
  const a = document.activeElement;
  return { id: a.id, role: a.getAttribute('role'), tag: a.tagName,
           label: a.getAttribute('aria-label') || '', body: a === document.body };
}"""


def counter(page) -> str:
    return page.inner_text("#counter")


def tab_until(page, predicate: str, limit: int = 60) -> list[dict]:
    """Press Tab until `predicate` (a JS expression on `a`, the focused element) holds; the
    elements focused on the way, the last one included."""
    seen = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        seen.append(page.evaluate(ACTIVE))
        if page.evaluate(f"(() => {{ const a = document.activeElement; return !!({predicate}); }})()"):
            return seen
    raise AssertionError(f"Tab never reached {predicate}: {seen[-5:]}")


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
        assert counter(page) == f"step 0 of {TEXTBOOK_STEPS}", f"{key} on the tree stepped the search"
        assert page.evaluate(ACTIVE)["role"] == "treeitem"


# ----- item 8: a skip link straight to the player -----


@pytest.mark.parametrize("path", ["/?preset=textbook", "/embed?preset=textbook"])
def test_a_skip_link_reaches_play_in_at_most_5_tabs(prune, path):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    page.goto(path)
    prune.wait_state("done")
    page.keyboard.press("Tab")
    link = page.evaluate("({ text: document.activeElement.textContent, "
                         "left: document.activeElement.getBoundingClientRect().left })")
    assert link["text"] == "Skip to the player" and link["left"] >= 0  # shown when focused
    page.keyboard.press("Enter")
    seen = tab_until(page, "a.id === 'btn-play'", limit=5)
    assert len(seen) <= 5
    page.keyboard.press("Space")
    assert page.get_attribute("#btn-play", "aria-pressed") == "true"
