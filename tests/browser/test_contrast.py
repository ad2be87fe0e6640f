"""Contrast: every text of the tree is at least 4.5:1 against what is behind it,
light and dark, on the main page, the embed and a phone, pruned and finished nodes included;
every text of the panels too; the current pseudocode line is marked by a glyph as well as by
colour, and the glyph stands out from the line's highlight (3:1). Measured in the page
(contrast_checks.py)."""

from __future__ import annotations

import pytest
from contrast_checks import COLOUR_HELPERS, MIN_CONTRAST, contrast, tree_contrasts

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1280, "height": 720}
PHONE = {"width": 390, "height": 844}


def sampled_steps(n: int, count: int = 9) -> list[int]:
    """`count` steps spread over 0..n, the first and the last included."""
    return sorted({round(i * n / (count - 1)) for i in range(count)})


def still(page):
    """Steps and fits without animation: what is measured is where it stays."""
    page.emulate_media(reduced_motion="reduce")


CONTRAST_PAGES = {
    # name: (address, viewport)
    "textbook-light": ("/?preset=textbook", PROJECTOR),
    "pacman-light": ("/?preset=pacman", PROJECTOR),
    "chance-light": ("/?preset=chance", PROJECTOR),
    "textbook-phone": ("/?preset=textbook", PHONE),
    "textbook-embed-light": ("/embed?preset=textbook", PROJECTOR),
    "textbook-dark": ("/embed?preset=textbook&theme=dark", PROJECTOR),
    "pacman-dark": ("/embed?preset=pacman&theme=dark", PROJECTOR),
    "chance-dark": ("/embed?preset=chance&theme=dark", PROJECTOR),
    "textbook-dark-phone": ("/embed?preset=textbook&theme=dark&layout=tree", PHONE),
    "textbook-dark-640x360": ("/embed?preset=textbook&theme=dark", {"width": 640, "height": 360}),
}


@pytest.mark.parametrize("name", list(CONTRAST_PAGES))
def test_every_text_in_the_tree_is_at_least_4_5_to_1(prune, name):
    address, viewport = CONTRAST_PAGES[name]
    page = prune.page
    page.set_viewport_size(viewport)
    still(page)
    page.goto(address)
    prune.wait_state("done")
    # The picture's texts: on a phone the main page would show the outline, whose texts
    # axe measures (test_axe_main_page_on_a_phone).
    if page.locator('[data-layout="tree"]').count():
        page.click('[data-layout="tree"]')
    n = prune.length()
    seen: dict[str, float] = {}
    failures = []
    for k in sampled_steps(n):
        page.evaluate("(k) => window.prune.player.show(k)", k)
        page.evaluate("() => new Promise((r) => requestAnimationFrame(() => r()))")
        for row in tree_contrasts(page):
            seen[row["kind"]] = min(seen.get(row["kind"], 99), row["ratio"])
            if row["ratio"] < MIN_CONTRAST:
                failures.append((k, row))
    print(f"\n{name}: lowest contrast by text kind")
    for kind, ratio in sorted(seen.items()):
        print(f"  {kind:32s} {ratio:5.2f}:1")
    assert not failures, "\n".join(
        f"step {k}: {row['kind']} {row['text']!r} at {row['path']!r}: {row['ratio']:.2f}:1 "
        f"(fg {[round(c) for c in row['fg']]}, bg {[round(c) for c in row['bg']]})"
        for k, row in failures[:20]
    )
    shown = 20 if name.startswith("textbook") else n // 2  # pruned and finished nodes
    page.evaluate("(k) => window.prune.player.show(k)", shown)
    prune.screenshot(f"a11y-contrast-{name}")
    # The steps sampled reach what used to fail: pruned leaves and finished MIN nodes.
    if name.startswith("textbook"):
        assert "val (pruned leaf)" in seen and "val (done min)" in seen, sorted(seen)
        assert "val (unvisited leaf)" in seen and "level" in seen, sorted(seen)
    if name.startswith("pacman"):
        assert "val (done min-2)" in seen, sorted(seen)
    if name.startswith("chance"):
        assert "val (done chance)" in seen, sorted(seen)


def test_the_panels_have_no_text_below_4_5_to_1(prune):
    """The panels' texts (pseudocode lines current and secondary, statistics, hints, the
    narration, buttons, disabled ones included: WCAG exempts them, they stay legible)."""
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    prune.open("preset=textbook&step=2")  # a current and a secondary pseudocode line
    rows = page.evaluate(PANEL_TEXTS)
    low = [row for row in rows if contrast(row["fg"], row["bg"]) < MIN_CONTRAST]
    assert rows and not low, "\n".join(
        f"{row['where']} {row['text']!r}: {contrast(row['fg'], row['bg']):.2f}:1" for row in low
    )


# The text of every visible text node outside the tree's SVG, with its colour and the colour
# behind it, both opaque: the backgrounds behind the text composited (from the nearest opaque
# one), and an element faded by opacity (a disabled button) composited with its own
# background over what is behind it.
PANEL_TEXTS = r"""
() => {
  COLOUR_HELPERS
  const flatten = (layers, base) => {  // innermost first; stops at the first opaque one
    const upto = layers.findIndex((c) => c[3] >= 1);
    const used = upto < 0 ? layers : layers.slice(0, upto + 1);
    let rgb = upto < 0 ? base : [0, 0, 0];
    for (const c of used.reverse()) rgb = over(c, c[3], rgb);
    return {rgb, opaque: upto >= 0};
  };
  const skip = 'svg, .visually-hidden, [aria-hidden=true], option, script, .tree-container';
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    const el = t.parentElement;
    if (!t.textContent.trim() || el.closest(skip)) continue;
    if (!el.getClientRects().length || getComputedStyle(el).visibility === 'hidden') continue;
    const r = el.getBoundingClientRect();
    if (r.bottom < 0 || r.top > innerHeight || r.right < 0 || r.left > innerWidth) continue;
    const inner = [];
    const outer = [];
    let fade = 1;
    for (let e = el; e; e = e.parentElement) {
      const cs = getComputedStyle(e);
      const c = parse(cs.backgroundColor);
      (fade < 1 ? outer : inner).push(...(c && c[3] > 0 ? [c] : []));
      fade *= Number(cs.opacity);
    }
    if (fade === 0) continue;  // faded out (presentation mode's idle controls)
    const fg = parse(getComputedStyle(el).color);
    const behind = flatten(outer, [255, 255, 255]).rgb;
    const back = flatten(inner, behind);
    const name = el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
      (typeof el.className === 'string' && el.className ? '.' + el.className.split(' ')[0] : '');
    out.push({where: name, text: t.textContent.trim().slice(0, 40),
              fg: over(over(fg, fg[3], back.rgb), fade, behind),
              bg: over(back.rgb, fade, behind)});
  }
  return out;
}
""".replace("  COLOUR_HELPERS\n", COLOUR_HELPERS.lstrip("\n"))


LINES = """() => [...document.querySelectorAll('#pseudocode .line')].map((li) => {
  const mark = li.querySelector('.line-mark');
  const box = mark.getBoundingClientRect();
  return {id: li.dataset.line, cls: li.className, current: li.getAttribute('aria-current'),
          mark: mark.textContent, hidden: mark.getAttribute('aria-hidden'),
          drawn: box.width > 0 && box.height > 0, colour: getComputedStyle(mark).color,
          background: getComputedStyle(li).backgroundColor};
})"""


def rgb(css: str) -> tuple[float, ...]:
    return tuple(float(c) for c in css[css.index("(") + 1 : css.index(")")].split(",")[:3])


def test_the_current_pseudocode_line_is_marked_by_a_glyph_too(prune):
    prune.page.set_viewport_size(PROJECTOR)
    prune.open("preset=textbook")
    for k in [0, 1, 2, 5, 9, 14, 27]:
        prune.page.evaluate("(k) => window.prune.player.show(k)", k)
        lines = prune.page.evaluate(LINES)
        current = [line for line in lines if "current" in line["cls"].split()]
        others = [line for line in lines if "current" not in line["cls"].split()]
        assert all("▶" not in line["mark"] and line["current"] is None for line in others), k
        assert all(line["hidden"] == "true" for line in lines)  # the glyph is not read out
        if k == 0:  # nothing has happened yet: no line is current
            assert not current
            continue
        [line] = current
        assert line["mark"] == "▶" and line["current"] == "true" and line["drawn"], (k, line)
        # the glyph itself stands out from the line's highlight (non-text: 3:1)
        assert contrast(rgb(line["colour"]), rgb(line["background"])) >= 3, line
        for other in others:
            assert other["mark"] == ("▷" if "secondary" in other["cls"].split() else ""), other
    assert prune.page.locator("#pseudocode [aria-current=true]").count() == 1
