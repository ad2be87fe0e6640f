"""Keyboard checks shared by test_keyboard.py and test_keyboard_focus.py: where the focus is
(on a control, not the page's body, and shown), pressing a key on a given control, and the
textbook tree's landmarks (its first cutoff, a node's treeitem)."""

from __future__ import annotations

FIRST_CUTOFF = 14  # the textbook tree's first cutoff
TREE_ITEM = "g.node > .item[role=treeitem]"  # a node's treeitem: its shape, no text

FOCUS = """() => {
  const a = document.activeElement;
  return {
    body: !a || a === document.body,
    visible: !!a && a.matches(':focus-visible'),
    what: a ? `${a.tagName}#${a.id}.${a.getAttribute('class') || ''}` : '',
  };
}"""


def assert_focus(page, selector: str | None = None):
    """The focus is on a control (`selector` if given), not the body, and it shows."""
    state = page.evaluate(FOCUS)
    assert not state["body"], "the focus dropped to the page's body"
    assert state["visible"], f"{state['what']} has the focus but does not show it"
    if selector:
        assert page.evaluate("(s) => document.activeElement.matches(s)", selector), (
            f"the focus is on {state['what']}, not {selector}"
        )


def press_on(page, selector: str, key: str):
    page.focus(selector)
    page.keyboard.press(key)
