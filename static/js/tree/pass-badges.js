// tree/pass-badges.js: a node searched more than once (a later pass of MTD(f), SSS* or an
// aspiration search, a PVS re-search) says so: data-passes on its g.node (the CSS rings it
// thicker) and a "×2" badge at its right, so the earlier pass is not mistaken for the
// current one. The badge is text for the eye only (aria-hidden: tree/aria.js's name says
// "searched 2 times").

import { R, svgEl } from "./shapes.js";

/** Mark `g` (a g.node) as searched `count` times (the badge and data-passes from 2 on). */
export function markPasses(g, count) {
  let badge = g.querySelector(":scope > .passes-badge");
  if (count <= 1) {
    g.removeAttribute("data-passes");
    if (badge) badge.remove();
    return;
  }
  g.setAttribute("data-passes", String(count));
  if (!badge) {
    badge = svgEl("text", "passes-badge");
    badge.setAttribute("aria-hidden", "true");
    badge.setAttribute("x", R + 10); // clear of the cursor ring
    badge.setAttribute("y", 0);
    g.appendChild(badge);
  }
  badge.textContent = `×${count}`;
}
