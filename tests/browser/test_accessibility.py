"""Accessibility (issue 12): axe-core finds nothing serious on any page; every text of the tree
is at least 4.5:1 against what is behind it, light and dark, pruned nodes included; small
embeds (320×240, 640×360) draw readable values and keep the narration reachable; the current
pseudocode line is marked by a glyph as well as by colour.

axe-core is vendored for the tests only (script/vendor: tests/browser/vendor/axe.min.js,
never served). The pages' CSP forbids inline scripts; ``page.evaluate`` runs through the
DevTools protocol, which the CSP does not govern, so axe is injected with it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

VENDOR = Path(__file__).resolve().parent / "vendor"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
PROJECTOR = {"width": 1280, "height": 720}
PHONE = {"width": 390, "height": 844}
MIN_CONTRAST = 4.5


# ----- WCAG 2.2 contrast (https://www.w3.org/TR/WCAG22/#dfn-relative-luminance) -----


def channel(c8: float) -> float:
    """An sRGB channel (0–255) made linear."""
    c = c8 / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(rgb) -> float:
    """Relative luminance: 0.2126 R + 0.7152 G + 0.0722 B of the linear channels."""
    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(fg, bg) -> float:
    """(L1 + 0.05) / (L2 + 0.05), L1 the lighter."""
    hi, lo = sorted((luminance(fg), luminance(bg)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


# Colours in the page: parse "rgb(…)"/"rgba(…)" to [r, g, b, a]; composite a colour over another.
COLOUR_HELPERS = r"""
  const parse = (c) => {
    const m = c && c.match(/rgba?\(([^)]+)\)/);
    if (!m) return null;
    const p = m[1].split(/[\s,\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top, alpha, bottom) =>
    top.slice(0, 3).map((c, i) => c * alpha + bottom[i] * (1 - alpha));
"""

# Every text drawn in the tree panel, with the opaque colours it is seen in: its fill (or CSS
# colour) and what is behind it, each composited (source-over, in sRGB as browsers do) with
# the opacities of the text, its shape and their groups. Behind a node's value: the node's
# shape; behind "… N more": its box; behind everything else (names, windows, captions, cutoff
# labels, halos included: a halo is not a background): the panel. The level ruler's rows: their
# own (translucent) background over the panel.
TREE_TEXTS = r"""
() => {
  COLOUR_HELPERS
  const solid = (el) => {  // the opaque colour behind an HTML element: its backgrounds, composited
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
    }
    let rgb = [255, 255, 255];
    for (const c of layers.reverse()) rgb = over(c, c[3], rgb);
    return rgb;
  };
  const container = document.getElementById('tree');
  const svg = container.querySelector('svg.tree-svg');
  const panel = solid(container);
  const area = container.getBoundingClientRect();
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.right > area.left && r.left < area.right &&
      r.bottom > area.top && r.top < area.bottom;
  };
  const visible = (el) => {
    for (let e = el; e && e !== svg; e = e.parentNode) {
      const cs = getComputedStyle(e);
      if (cs.display === 'none' || cs.visibility === 'hidden') return false;
    }
    return true;
  };
  const ownAlpha = (el) => {
    const cs = getComputedStyle(el);
    const fill = parse(cs.fill);
    return Number(cs.opacity) * Number(cs.fillOpacity) * (fill ? fill[3] : 1);
  };
  const groupAlpha = (el) => {  // the opacity of every group above el (up to the svg)
    let a = 1;
    for (let e = el.parentNode; e && e !== container; e = e.parentNode) {
      a *= Number(getComputedStyle(e).opacity);
    }
    return a;
  };
  const kindOf = (el) => {
    const node = el.closest('g.node');
    const cls = el.getAttribute('class') || (el.closest('.cutoff-label') ? 'cutoff' : 'text');
    if (!node) return cls.split(' ')[0];
    const state = node.dataset.state;
    const terminal = node.classList.contains('terminal');
    const done = node.classList.contains('done');
    const variant = node.classList.contains('variant') ? '-2' : '';
    const name = cls.includes('leaf-name') ? 'leaf-name' : cls.split(' ')[0];
    if (state === 'pruned') return `${name} (pruned ${terminal ? 'leaf' : 'inner'})`;
    if (name === 'val') {
      if (terminal) return `val (${done ? 'visited' : 'unvisited'} leaf)`;
      return `val (${done ? 'done' : state} ${node.dataset.kind}${variant})`;
    }
    if (name === 'win') return `win (${state})`;
    return name;
  };
  const out = [];
  const texts = [...svg.querySelectorAll('text')].flatMap((t) => {
    const spans = [...t.querySelectorAll('tspan')].filter((s) => s.textContent.trim());
    return spans.length && t.closest('.cutoff-label') ? spans : [t];
  });
  for (const el of texts) {
    if (!el.textContent.trim() || !visible(el) || !shown(el)) continue;
    const cs = getComputedStyle(el);
    const fill = parse(cs.fill);
    if (!fill) continue;
    const node = el.closest('g.node');
    let back = null;  // the shape behind the text, if any
    if (node && el.classList.contains('val')) back = node.querySelector('.shape');
    if (el.classList.contains('more-text')) back = el.closest('g.more').querySelector('.more-box');
    let bgLocal = panel;
    if (back) {
      const f = parse(getComputedStyle(back).fill);
      if (f) bgLocal = over(f, ownAlpha(back), panel);
    }
    const fgLocal = over(fill, ownAlpha(el), bgLocal);
    const g = groupAlpha(el);
    out.push({kind: kindOf(el), text: el.textContent, path: node ? node.dataset.path : null,
              fg: over(fgLocal, g, panel), bg: over(bgLocal, g, panel)});
  }
  for (const row of container.querySelectorAll('.level-ruler .level')) {
    if (row.hidden || !shown(row)) continue;
    const name = row.querySelector('.level-name') || row;
    const fg = parse(getComputedStyle(name).color);
    out.push({kind: 'level', text: name.textContent, path: null,
              fg: over(fg, fg[3], solid(row)), bg: solid(row)});
  }
  for (const item of container.querySelectorAll('.legend li')) {
    if (!item.offsetParent || !shown(item)) continue;
    const fg = parse(getComputedStyle(item).color);
    out.push({kind: 'legend', text: item.textContent, path: null,
              fg: over(fg, fg[3], solid(item)), bg: solid(item)});
  }
  return out;
}
""".replace("  COLOUR_HELPERS\n", COLOUR_HELPERS.lstrip("\n"))


def tree_contrasts(page) -> list[dict]:
    """TREE_TEXTS with each text's contrast ratio."""
    rows = page.evaluate(TREE_TEXTS)
    for row in rows:
        row["ratio"] = contrast(row["fg"], row["bg"])
    return rows


def sampled_steps(n: int, count: int = 9) -> list[int]:
    """`count` steps spread over 0..n, the first and the last included."""
    return sorted({round(i * n / (count - 1)) for i in range(count)})


# ----- axe-core -----

AXE_RUN = """async (runOnly) => {
  const result = await axe.run(document, {
    runOnly,
    resultTypes: ['violations', 'incomplete'],
    elementRef: true,
  });
  const brief = (list) => list.map((rule) => ({
    id: rule.id, impact: rule.impact, help: rule.help,
    nodes: rule.nodes.map((node) => ({
      target: node.target.join(' '), summary: (node.failureSummary || '').slice(0, 300),
    })),
  }));
  return {violations: brief(result.violations), incomplete: brief(result.incomplete)};
}"""


def run_axe(page, name: str) -> list[dict]:
    """axe-core on the page as it is (WCAG 2.0–2.2 A and AA rules); prints what it found and
    returns the serious and critical violations."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        # DevTools evaluation: the page's CSP (no inline scripts) does not apply to it.
        page.evaluate((VENDOR / "axe.min.js").read_text() + "\n;void 0")
    result = page.evaluate(AXE_RUN, {"type": "tag", "values": AXE_TAGS})
    print(
        f"\naxe on {name}: {len(result['violations'])} violations, "
        f"{len(result['incomplete'])} to review"
    )
    for kind in ("violations", "incomplete"):
        for rule in result[kind]:
            print(
                f"  {kind[:-1] if kind == 'violations' else 'review'}: {rule['id']} "
                f"({rule['impact']}): {rule['help']} ({len(rule['nodes'])} nodes)"
            )
            for node in rule["nodes"][:3]:
                why = (node["summary"].splitlines() or [""])[-1].strip()
                print(f"    {node['target']}: {why}")
    return [v for v in result["violations"] if v["impact"] in ("serious", "critical")]


def assert_no_serious(page, name: str):
    serious = run_axe(page, name)
    assert not serious, json.dumps(serious, indent=1, ensure_ascii=False)


def test_tree_node_names_hold_their_visible_text(prune):
    """WCAG 2.5.3 (label in name): a node's accessible name ("MIN node B: value 3, α −∞, β 3")
    says more than the texts drawn in it, which are hidden from assistive technology (they
    would be read twice); axe finds no mismatch."""
    prune.page.set_viewport_size(PROJECTOR)
    prune.open("preset=textbook&step=9")
    assert_no_serious(prune.page, "/?preset=textbook&step=9, tree nodes")
    assert prune.page.locator("#tree g.node > .item[role=treeitem] text").count() == 0
    texts = prune.page.locator("#tree g.node text")
    assert texts.count() >= 13
    assert texts.evaluate_all("(els) => els.every((el) => el.getAttribute('aria-hidden'))")


def still(page):
    """Steps and fits without animation: what is measured is where it stays."""
    page.emulate_media(reduced_motion="reduce")


@pytest.mark.parametrize(
    "query", ["preset=textbook&step=9", "preset=textbook&step=end", "preset=pacman&step=60"]
)
def test_axe_main_page(prune, query):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    prune.open(query)
    assert_no_serious(page, f"/?{query}")
    prune.screenshot(f"a11y-main-{query.replace('&', '-').replace('=', '-')}-1280x720")


def test_axe_main_page_on_a_phone(prune):
    page = prune.page
    page.set_viewport_size(PHONE)
    prune.open("preset=textbook&step=14")
    assert_no_serious(page, "/?preset=textbook&step=14 (390×844)")
    prune.screenshot("a11y-main-textbook-14-390x844")


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_axe_embed(prune, theme):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    page.goto(f"/embed?preset=textbook&step=14&theme={theme}")
    prune.wait_state("done")
    assert page.locator("h1").count() == 1  # page-has-heading-one
    assert page.locator("h1").text_content().strip()
    assert_no_serious(page, f"/embed?theme={theme}")
    # Best practices axe reported on the embed (not WCAG criteria, not in the run above).
    rules = ["page-has-heading-one", "scrollable-region-focusable", "landmark-one-main"]
    found = page.evaluate(AXE_RUN, {"type": "rule", "values": rules})
    assert not found["violations"], found["violations"]
    prune.screenshot(f"a11y-embed-{theme}-1280x720")


def start_lecture(prune, query: str = "preset=textbook") -> str:
    prune.page.set_viewport_size(PROJECTOR)
    prune.open(query)
    prune.page.get_by_role("button", name="Start lecture").click()
    prune.page.wait_for_selector(".lecture-bar[data-mode=presenter] .lecture-code")
    return prune.page.evaluate("window.prune.lecture.code")


def test_axe_lecture_presenter_and_student(prune, browser, base_url, wrap_page):
    code = start_lecture(prune)
    prune.page.click("#btn-forward")
    prune.page.click("#btn-forward")
    prune.page.wait_for_selector("img.lecture-qr")
    assert_no_serious(prune.page, "lecture presenter")
    prune.screenshot("a11y-lecture-presenter-1280x720")

    context = browser.new_context(base_url=base_url, viewport=PHONE)
    try:
        student = wrap_page(context.new_page())
        student.page.set_default_timeout(15_000)
        student.page.goto(f"/join/{code}")
        student.page.wait_for_selector(".lecture-bar[data-mode=student]")
        student.wait_state("done")
        student.page.wait_for_function("() => window.prune.step === 2")
        assert_no_serious(student.page, "lecture student (390×844)")
        student.screenshot("a11y-lecture-student-390x844")
        student.assert_clean()
    finally:
        context.close()


def test_axe_presentation_mode(prune):
    """Presentation mode (body[data-present=on]: the "Present" button or the key P)."""
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    prune.open("preset=textbook&step=14")
    page.locator("#stage").focus()
    page.keyboard.press("p")
    page.wait_for_selector("body[data-present=on]")
    page.wait_for_timeout(400)  # the refit at the presentation size
    assert_no_serious(page, "presentation mode")
    for row in tree_contrasts(page):
        assert row["ratio"] >= MIN_CONTRAST, row
    prune.screenshot("a11y-presentation-1280x720")


# ----- contrast of every text in the tree, measured in the page -----

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


# ----- small embeds -----

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


# ----- the current pseudocode line -----

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
