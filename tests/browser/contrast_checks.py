"""Contrast measured in a test's page (WCAG 2.2): the relative luminance and contrast ratio
of two colours, the page-side helpers that parse and composite CSS colours, and
``tree_contrasts(page)``: every text drawn in the tree panel with the opaque colours it is
seen in and its contrast ratio. Used by the contrast and presentation accessibility tests."""

from __future__ import annotations

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
