// panels/pseudocode.js: the pseudocode panel: the listing of trace/pseudocode.js as list items,
// the line of the current event highlighted and scrolled into view. The current line is marked
// by more than its colour: a "▶" in the gutter (a secondary line, "▷"), hidden from assistive
// technology, which reads aria-current="true" on the line.

import { _ } from "../lib/i18n.js";
import { CURRENT_MARK, SECONDARY_MARK, linesFor, listing } from "../trace/pseudocode.js";

export class Pseudocode {
  constructor(listElement, titleElement) {
    this.list = listElement;
    this.title = titleElement;
    this.lines = new Map();
    this.aliases = {};
    this.lit = [];
    this.offsets = null;
    // A scrolling listing must be reachable by keyboard (reveal() sets its tabindex): name it.
    if (!listElement.hasAttribute("aria-label") && !listElement.hasAttribute("aria-labelledby")) {
      listElement.setAttribute("aria-label", _("Pseudocode"));
    }
    listElement.addEventListener("scroll", () => {
      this.scrollTop = listElement.scrollTop;
    });
  }

  /** The listing for `options` (a negamax search's in `form`: "mover" or "minimax"). */
  show(options, hasChance, form = "mover") {
    const { title, lines, aliases } = listing(options, hasChance, form);
    this.aliases = aliases || {}; // an event's line id → the line that stands for it here
    if (this.title) this.title.textContent = title;
    this.list.replaceChildren();
    this.lines = new Map();
    this.lit = [];
    this.invalidate();
    for (const [id, indent, text] of lines) {
      const li = document.createElement("li");
      li.className = `line indent-${indent}${indent === 0 ? " def" : ""}`;
      li.dataset.line = id;
      const mark = document.createElement("span");
      mark.className = "line-mark";
      mark.setAttribute("aria-hidden", "true");
      li.appendChild(mark);
      const code = document.createElement("code");
      code.textContent = text;
      li.appendChild(code);
      this.list.appendChild(li);
      this.lines.set(id, li);
    }
  }

  /** Scroll the listing (only if needed) so `li` shows; line offsets are read once. */
  reveal(li) {
    const list = this.list;
    if (!this.offsets) {
      if (!list.clientHeight) return; // hidden
      this.offsets = new Map();
      for (const el of this.lines.values()) {
        this.offsets.set(el, [el.offsetTop - list.offsetTop, el.offsetHeight]);
      }
      this.viewHeight = list.clientHeight;
      this.scrollable = list.scrollHeight > this.viewHeight + 1;
      // axe's scrollable-region-focusable: a listing that scrolls takes keyboard focus.
      if (this.scrollable) list.tabIndex = 0;
      else list.removeAttribute("tabindex");
    }
    const [top, height] = this.offsets.get(li) || [0, 0];
    if (!this.scrollable) return;
    const scroll = this.scrollTop ?? list.scrollTop;
    if (top < scroll || top + height > scroll + this.viewHeight) {
      this.scrollTop = Math.max(0, top - this.viewHeight / 3);
      list.scrollTop = this.scrollTop;
    }
  }

  /** Forget cached positions (after a resize). */
  invalidate() {
    this.offsets = null;
    this.scrollTop = undefined;
  }

  /** Highlight the lines of `event` (null: none). */
  highlight(event, kind) {
    for (const li of this.lit) {
      li.classList.remove("current", "secondary");
      li.removeAttribute("aria-current");
      li.firstChild.textContent = "";
    }
    this.lit = [];
    const ids = linesFor(event, kind);
    ids.forEach((id, index) => {
      const li = this.lines.get(this.aliases[id] || id);
      if (!li) return;
      const current = index === 0;
      li.classList.add(current ? "current" : "secondary");
      if (current) li.setAttribute("aria-current", "true");
      li.firstChild.textContent = current ? CURRENT_MARK : SECONDARY_MARK;
      this.lit.push(li);
    });
    const first = this.lit[0];
    if (first) this.reveal(first);
  }
}
