"""Small embeds (docs/deployment.md, "Embedding in a course page"): a 320×240 embed draws
values of at least 11 px, keeps the tree, its controls on one row and nothing scrolled, and its
narration (a line) opens whole on focus over the tree; a 640×360 embed draws values of 12 px
and windows of 11 at every step, light and dark."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


# What a small frame shows: the smallest value and window text drawn in the tree panel (CSS px
# on screen), whether the current node's value and window are inside the panel, the panel's
# height, the player's controls (one row: their boxes all overlap vertically), the page's
# scroll size and the narration's.
FRAME = """() => {
  const p = window.prune;
  const k = p.view.transform.k;
  const tree = document.getElementById('tree').getBoundingClientRect();
  const inside = (r) => r.left >= tree.left - 0.5 && r.right <= tree.right + 0.5 &&
    r.top >= tree.top - 0.5 && r.bottom <= tree.bottom + 0.5;
  const drawn = (sel) => [...document.querySelectorAll(sel)]
    .filter((t) => t.textContent.trim() && t.getBoundingClientRect().width > 0)
    .filter((t) => inside(t.getBoundingClientRect()))
    .map((t) => parseFloat(getComputedStyle(t).fontSize) * k);
  const s = p.trace.seek(p.step);
  const id = s.current >= 0 ? s.current : 0;
  const g = document.querySelector(`#tree g.node[data-path="${p.trace.keys[id]}"]`);
  const part = (sel) => {
    const el = g && g.querySelector(sel);
    return el && el.textContent.trim() ? inside(el.getBoundingClientRect()) : null;
  };
  const controls = [...document.querySelectorAll(
      '#player button, #player input, #player select, #player output, #player a')]
    .filter((el) => el.getClientRects().length)
    .map((el) => { const r = el.getBoundingClientRect();
                   return {id: el.id, top: r.top, bottom: r.bottom, right: r.right}; });
  const narration = document.getElementById('narration');
  const n = narration.getBoundingClientRect();
  return {
    values: drawn('#tree .val'), windows: drawn('#tree .win'),
    currentValue: part('.val'), currentWindow: part('.win'), node: p.trace.keys[id],
    treeHeight: tree.height, controls,
    player: document.getElementById('player').getBoundingClientRect().height,
    scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight],
    narration: {client: narration.clientHeight, scroll: narration.scrollHeight, top: n.top,
                bottom: n.bottom, tabindex: narration.getAttribute('tabindex'),
                text: narration.textContent},
  };
}"""


def one_row(controls: list[dict]) -> bool:
    return max(c["top"] for c in controls) < min(c["bottom"] for c in controls)


def frame_page(browser, base_url, wrap_page, size, query):
    context = browser.new_context(
        base_url=base_url, viewport=size, reduced_motion="reduce", has_touch=False
    )
    prune = wrap_page(context.new_page())
    prune.page.set_default_timeout(15_000)
    prune.page.goto(f"/embed?{query}")
    prune.wait_state("done")
    return context, prune


def settle(page):
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => r()))")


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_320x240_embed_reads_and_its_narration_opens(browser, base_url, wrap_page, theme):
    width, height = 320, 240
    context, prune = frame_page(
        browser, base_url, wrap_page, {"width": width, "height": height},
        f"preset=textbook&theme={theme}&layout=tree",  # the picture (not the outline)
    )  # fmt: skip
    page = prune.page
    try:
        n = prune.length()
        for k in range(1, n + 1):
            page.evaluate("(k) => window.prune.player.show(k)", k)
            settle(page)
            f = page.evaluate(FRAME)
            where = f"step {k} (node {f['node']!r})"
            assert f["values"] and min(f["values"]) >= 11, (where, f["values"])
            assert f["currentValue"] in (True, None), where  # on screen when it has one
            assert f["treeHeight"] >= 0.65 * height, where  # the tree keeps the frame
            assert one_row(f["controls"]), (where, f["controls"])
            assert f["player"] <= 40, where
            assert max(c["right"] for c in f["controls"]) <= width, where
            assert f["scroll"][0] <= width and f["scroll"][1] <= height, where
        if theme == "light":
            prune.screenshot("a11y-embed-320x240")
        # The narration: a line (it ends in "…" when longer), whole on focus (Tab, a tap).
        page.evaluate("() => window.prune.player.show(14)")  # the longest sentence
        settle(page)
        closed = page.evaluate(FRAME)
        before = closed["narration"]
        assert before["tabindex"] == "0"
        assert before["bottom"] <= height and before["client"] >= 14
        page.focus("#narration")
        page.wait_for_function(
            "() => getComputedStyle(document.getElementById('narration')).display === 'block'"
        )
        now = page.evaluate(FRAME)
        opened = now["narration"]
        assert opened["client"] > before["client"]  # it opened over the tree
        assert opened["scroll"] <= opened["client"] + 1, opened  # the whole sentence shows
        assert opened["top"] >= 0 and opened["bottom"] <= height, opened
        assert now["treeHeight"] == closed["treeHeight"]  # over it: the tree does not move
        prune.screenshot(f"a11y-embed-320x240-{theme}-narration-open")
        prune.assert_clean()
    finally:
        context.close()


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_640x360_embed_draws_values_of_12_px_and_windows_of_11(
    browser, base_url, wrap_page, theme
):
    width, height = 640, 360
    context, prune = frame_page(
        browser, base_url, wrap_page, {"width": width, "height": height},
        f"preset=textbook&theme={theme}",
    )  # fmt: skip
    page = prune.page
    try:
        for k in range(1, prune.length() + 1):
            page.evaluate("(k) => window.prune.player.show(k)", k)
            settle(page)
            f = page.evaluate(FRAME)
            where = f"step {k} (node {f['node']!r})"
            assert f["values"] and min(f["values"]) >= 12, (where, f["values"])
            assert f["windows"] and min(f["windows"]) >= 11, (where, f["windows"])
            assert f["currentValue"] in (True, None), where
            assert f["treeHeight"] >= 0.65 * height, where
            assert one_row(f["controls"]) and f["player"] <= 48, (where, f["controls"])
            assert f["scroll"][0] <= width and f["scroll"][1] <= height, where
            if k == 20:
                prune.screenshot(f"a11y-embed-640x360-{theme}")
        prune.assert_clean()
    finally:
        context.close()
