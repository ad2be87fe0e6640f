"""Checks of what a class sees in the tree view (README.md, "Reading big trees"): every drawn
node's value and α/β window is readable (at least 12 CSS px), inside the window, and the
topmost thing at its own centre (``document.elementFromPoint``), so no player bar, caption,
ruler, legend, minimap, cutoff note or other node covers it.

``covered_or_small_values(page)`` returns a list of problems (empty when the scene is
right); browser tests import it as ``from scene_checks import covered_or_small_values``.
"""

from __future__ import annotations

MIN_TEXT_PX = 12

# For each drawn node: its value text (else its shape, when it has no value yet) and its
# window text. The check makes every element hit-testable for a moment (texts and overlays
# often have pointer-events: none, which elementFromPoint would look through) and walks
# document.elementsFromPoint at the text's centre from the top: the centre of "α=3 β=∞" is a
# space, where the hits start with what is under the text.
SCENE_PROBLEMS = """
([minPx, root, paths]) => {
  const scope = root ? document.querySelector(root) : document;
  const wanted = paths ? new Set(paths) : null;
  // A constructed style sheet: the page's CSP refuses a <style> element.
  const sheet = new CSSStyleSheet();
  sheet.replaceSync('* { pointer-events: auto !important; }');
  const before = document.adoptedStyleSheets;
  document.adoptedStyleSheets = [...before, sheet];
  // The first element painted over `el` at (x, y): above it in the stack of hits, not its
  // own node, not one of its ancestors, and not drawn before it in the same <svg> (an edge
  // passing behind a window text is under it). Null when nothing covers it.
  const coverAt = (el, g, x, y) => {
    const svg = el.ownerSVGElement;
    for (const hit of document.elementsFromPoint(x, y)) {
      if (hit === el || g.contains(hit) || hit.contains(el)) return null;
      const under = hit.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING;
      if (svg && svg.contains(hit) && under) continue;
      return hit;
    }
    return null;
  };
  const describe = (hit) => (hit.id ? `#${hit.id}` : '') +
    `<${hit.tagName.toLowerCase()} class="${hit.getAttribute('class') || ''}">` +
    (hit.closest('g.node') ? ` of node "${hit.closest('g.node').dataset.path}"` : '') +
    (hit.parentElement && hit.parentElement.closest('[id]') ?
      ` in #${hit.parentElement.closest('[id]').id}` : '');
  const problems = [];
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  try {
    for (const g of scope.querySelectorAll('g.node[data-path]')) {
      const path = g.dataset.path;
      if (wanted && !wanted.has(path)) continue;
      const targets = [];
      const val = g.querySelector(':scope > .val');
      if (val && val.textContent.trim()) targets.push(['value', val]);
      else targets.push(['shape', g.querySelector('.shape')]);
      const win = g.querySelector(':scope > .win');
      if (win && win.textContent.trim()) targets.push(['window', win]);
      for (const [what, el] of targets) {
        const text = el.textContent;
        const box = el.getBoundingClientRect();
        const where = `${what} of node ${JSON.stringify(path)} (${JSON.stringify(text)})`;
        if (el.tagName === 'text') {
          const ctm = el.getScreenCTM();
          const scale = ctm ? Math.hypot(ctm.a, ctm.b) : 1;
          const px = parseFloat(getComputedStyle(el).fontSize) * scale;
          if (px < minPx - 0.01) problems.push(`${where}: ${px.toFixed(1)} px font`);
        }
        if (box.left < -0.5 || box.top < -0.5 || box.right > vw + 0.5 || box.bottom > vh + 0.5) {
          problems.push(`${where}: outside the ${vw}x${vh} window at ` +
            `[${Math.round(box.left)}, ${Math.round(box.top)}, ${Math.round(box.right)}, ` +
            `${Math.round(box.bottom)}]`);
          continue;
        }
        const cover = coverAt(el, g, (box.left + box.right) / 2, (box.top + box.bottom) / 2);
        if (cover) problems.push(`${where}: covered by ${describe(cover)}`);
      }
    }
  } finally {
    document.adoptedStyleSheets = before;
  }
  return problems;
}
"""


def covered_or_small_values(
    page, root: str | None = None, min_px: float = MIN_TEXT_PX, paths: list[str] | None = None
) -> list[str]:
    """Problems with the drawn nodes' values and windows (under ``root``, a CSS selector, or
    the whole page; only the nodes at ``paths`` when given): font under ``min_px`` CSS px,
    outside the viewport, or not topmost at its centre (another element, or another node,
    drawn over it). Empty when the scene is right."""
    return page.evaluate(SCENE_PROBLEMS, [min_px, root, paths])


# The dotted paths of the node the step is about (the root before the search), its parent and
# its children, and which of them are drawn; on a lesson's page, of its tree slide.
CONTEXT = """
(lesson) => {
  const p = window.prune;
  const t = lesson ? p.stage.content.trace : p.trace;
  const s = t.seek(lesson ? p.position.step : p.step);
  const id = s.current >= 0 ? s.current : 0;
  const ids = [id, ...t.children[id]];
  if (t.parent[id] >= 0) ids.push(t.parent[id]);
  return ids.map((i) => [t.keys[i],
    !!document.querySelector(`#tree g.node[data-path="${t.keys[i]}"]`)]);
}
"""


def context_problems(page, min_px: float = MIN_TEXT_PX, lesson: bool = False) -> list[str]:
    """Problems with the step's context (issue 21, item 4): the current node and its parent
    must be drawn, and they and its drawn children readable, on screen and uncovered.
    ``lesson``: the page is a lesson's (its tree slide's trace and step)."""
    rows = page.evaluate(CONTEXT, lesson)
    problems = [f"node {path!r} is not drawn" for path, drawn in rows[:1] + rows[-1:] if not drawn]
    paths = [path for path, drawn in rows if drawn]
    return problems + covered_or_small_values(page, "#tree", min_px, paths)


# Two animation frames: what a step changed has been laid out and painted (with reduced
# motion, the camera's pan too), without sleeping a fixed time at every step. A page that
# draws no frame for 5 s fails the test rather than hanging it.
TWO_FRAMES = """() => new Promise((done, fail) => {
  const late = setTimeout(() => fail(new Error("the page drew no frame in 5 s")), 5000);
  requestAnimationFrame(() => requestAnimationFrame(() => { clearTimeout(late); done(); }));
})"""


def settled(page) -> None:
    """Wait until the page has drawn what the last step changed (two animation frames)."""
    page.evaluate(TWO_FRAMES)


def drawn_node_count(page, root: str = "#tree") -> int:
    """How many nodes the tree view draws (``g.node[data-path]``) under ``root``."""
    return page.locator(f"{root} g.node[data-path]").count()
