"""Checks that every label of a drawn tree can be read (README.md, "Reading big trees"): each
text of the tree view — node values, α/β windows, node names, move captions on the edges,
cutoff notes, fold summaries — and each level-ruler chip is inside the window, inside the
tree's panel (no row clipped under the caption or the player), and the topmost thing at its
centre (``document.elementFromPoint``): no window, caption, cutoff note, chip, node or part of
the page is drawn over it. A folded tree whose camera shows a part of it is checked in the part
on screen (the labels wholly in it). ``label_problems(page)`` returns the problems (empty when
right);
``value_sizes(page)`` the CSS px of every drawn value."""

from __future__ import annotations

# Every text in the tree's <svg> and every ruler chip: its box must lie in the window and in
# the panel, and the hits at its centre (every element made hit-testable for a moment) must
# reach it before anything painted over it. Within one <svg>, what is drawn before it (an edge
# behind a caption) is under it; the text's own node and its ancestors are not covers.
LABEL_PROBLEMS = """
([root, panned]) => {
  const panel = document.querySelector(root);
  if (!panel) return [`no ${root}`];
  const sheet = new CSSStyleSheet();
  sheet.replaceSync('* { pointer-events: auto !important; }');
  const before = document.adoptedStyleSheets;
  document.adoptedStyleSheets = [...before, sheet];
  const own = (el) => el.closest('g.node') || el.closest('.level') || el;
  const coverAt = (el, x, y) => {
    const svg = el.ownerSVGElement;
    const group = own(el);
    for (const hit of document.elementsFromPoint(x, y)) {
      if (hit === el || group.contains(hit) || hit.contains(el)) return null;
      const under = hit.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING;
      if (svg && svg.contains(hit) && under) continue;
      return hit;
    }
    return null;
  };
  const describe = (hit) => (hit.id ? `#${hit.id}` : '') +
    `<${hit.tagName.toLowerCase()} class="${hit.getAttribute('class') || ''}">` +
    (hit.textContent && hit.textContent.length < 40 ? ` "${hit.textContent.trim()}"` : '') +
    (hit.closest('g.node') ? ` of node "${hit.closest('g.node').dataset.path}"` : '');
  const frame = panel.getBoundingClientRect();
  // A folded tree's camera shows a part of it, between the level ruler at the panel's left and
  // the overview at its foot: a label it has panned away or that one of those edges cuts is
  // not a label on screen; every other is checked (the chips themselves too).
  const overview = panel.querySelector('.minimap:not([hidden])');
  const foot = overview && overview.getBoundingClientRect().height ?
    Math.min(frame.bottom, overview.getBoundingClientRect().top) : frame.bottom;
  const chips = [...panel.querySelectorAll('.level-ruler .level')]
    .map((c) => c.getBoundingClientRect());
  const side = Math.max(frame.left, ...chips.filter((c) => c.width).map((c) => c.right));
  const away = (b) => b.top < frame.top - 0.5 || b.bottom > foot + 0.5 ||
    b.left < side - 0.5 || b.right > frame.right + 0.5;
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  const problems = [];
  try {
    const labels = [...panel.querySelectorAll('svg text'), ...panel.querySelectorAll('.level')];
    for (const el of labels) {
      const text = el.textContent.trim();
      const box = el.getBoundingClientRect();
      if (!text || box.width === 0 || box.height === 0) continue;
      if (getComputedStyle(el).visibility === 'hidden' || el.closest('[hidden]')) continue;
      if (panned && !el.closest('.level') && away(box)) continue;
      const node = el.closest('g.node');
      const where = `${el.getAttribute('class') || el.tagName} ${JSON.stringify(text)}` +
        (node ? ` of node ${JSON.stringify(node.dataset.path)}` : '');
      const out = (b, r) => b.left < r.left - 0.5 || b.top < r.top - 0.5 ||
        b.right > r.right + 0.5 || b.bottom > r.bottom + 0.5;
      if (out(box, {left: 0, top: 0, right: vw, bottom: vh}) || out(box, frame)) {
        problems.push(`${where}: clipped at [${Math.round(box.left)}, ${Math.round(box.top)}, ` +
          `${Math.round(box.right)}, ${Math.round(box.bottom)}]`);
        continue;
      }
      const cover = coverAt(el, (box.left + box.right) / 2, (box.top + box.bottom) / 2);
      if (cover) problems.push(`${where}: covered by ${describe(cover)}`);
    }
  } finally {
    document.adoptedStyleSheets = before;
  }
  return problems;
}
"""

VALUE_SIZES = """
(root) => [...document.querySelectorAll(`${root} g.node[data-path] > .val`)]
  .filter((el) => el.textContent.trim())
  .map((el) => {
    const ctm = el.getScreenCTM();
    return parseFloat(getComputedStyle(el).fontSize) * (ctm ? Math.hypot(ctm.a, ctm.b) : 1);
  })
"""


def label_problems(page, root: str = "#tree", panned: bool = False) -> list[str]:
    """Labels of the tree under ``root`` that are clipped (by the window or the panel) or not
    topmost at their centre. ``panned``: the tree is folded and its camera shows a part of it:
    only the labels wholly inside the panel, right of the level ruler and above the overview,
    are checked (the camera moves
    the rest out of view, and a label cut at that edge comes whole with the next pan)."""
    return page.evaluate(LABEL_PROBLEMS, [root, panned])


def value_sizes(page, root: str = "#tree") -> list[float]:
    """The CSS px of each drawn value under ``root``."""
    return page.evaluate(VALUE_SIZES, root)
