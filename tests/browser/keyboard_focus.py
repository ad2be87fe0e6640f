"""Keyboard checks shared by the keyboard tests (test_keyboard.py, test_keyboard_focus.py,
test_audit_keyboard.py, test_audit_names_and_display.py): where the focus is (on a control,
not the page's body, and shown), pressing a key on a given control, pressing Tab until the
focus reaches an element, and the textbook tree's landmarks (its first cutoff, a node's
treeitem)."""

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
        check = f"(() => {{ const a = document.activeElement; return !!({predicate}); }})()"
        if page.evaluate(check):
            return seen
    raise AssertionError(f"Tab never reached {predicate}: {seen[-5:]}")
