// tree/outline-view.js: the outline in place of the node-link picture, on panels too narrow
// for it (README.md, "Phones"). It sits in the tree view's
// container and shows, after every render of the view (view.onRendered, chained), the
// rows tree/outline.js derives from the same state the view draws (view.lastState): one
// <li class="outline-node" data-path data-state data-kind [data-value]> per listed node, in
// preorder, indented by depth, the current node's row kept in sight while Follow is on.
// A tree of up to 600 nodes is listed whole; a bigger one folds as the picture does
// (tree/outline-fold.js): collapsed rows say how many nodes they hold, a tap opens or folds
// one, and rows are built the first time they are listed.
//
// When: automatically on a narrow page (a phone) where the tree's leaves cannot stand side
// by side in the panel at the spacing the picture needs (view.leafSpacingPx(), outline.js
// needsOutline), or by the page's own rule (`wants`: the drill outlines a tree the view cannot
// draw whole); a "Tree / Outline" switch lets the reader choose either, and an embed's
// address may fix it (layout=tree|outline). The container then has class "outline-mode"
// (tree/outline.css hides the picture, its ruler and minimap).
//
// Keyboard: a WAI-ARIA tree (role=tree, treeitems with aria-level, -setsize, -posinset, named
// by their text, described by the tree's sentence for the node; aria-expanded on a folded
// outline's inner rows), one tab stop: ↓ ↑ the next and previous row, → opens a collapsed row
// or goes to the first child, ← folds an open row or goes to the parent, Home and End the
// first and last row (outline-fold.js outlineKey), Enter activates the node as in the tree
// (view.onActivate). Keys handled are preventDefault()ed (the player skips them).
//
// Reads from the view: container, trace, names, levels, lastState, lastFinal, minScale, leafSpacingPx(),
// follow, onRendered, onActivate, resized().

import { _, formatNumber } from "../lib/i18n.js";
import { PANEL_MARGIN_PX } from "./bounds.js";
import { OUTLINE_MAX_NODES, leafCount, needsOutline, outlineRow, outlineSkeleton, pathToCurrent } from "./outline.js";
import { descendantCounts, outlineFold, outlineKey } from "./outline-fold.js";
import { SHAPES, svgEl } from "./shapes.js";

const SCROLL_MARGIN_PX = 8;
// The switch's icons: a node over two leaves; rows indented under a first one.
const SWITCH_ICONS = {
  tree: "M12 2l4.5 6.5h-9zM11.2 8.5h1.6L8.6 16H7zM11.2 8.5h1.6L17 16h-1.6zM3.5 16h6v6h-6zM14.5 16h6v6h-6z",
  outline:
    "M3 3h5v4H3zM4.8 7h1.4v12H4.8zM9 10h5v4H9zM9 17h5v4H9zM10 4h11v2H10zM16 11h6v2h-6zM16 18h6v2h-6zM6 11.3h3v1.4H6zM6 18.3h3v1.4H6z",
};
const FIELDS = ["name", "kind", "value", "window", "status", "note", "folded"];

function el(tag, className, text) {
  const element = document.createElement(tag);
  if (className) element.className = className;
  if (text !== undefined) element.textContent = text;
  return element;
}

export class TreeOutline {
  /**
   * `view`: the TreeView whose container holds the outline. `toggleParent`: where the
   * "Tree / Outline" switch goes (a toolbar, a heading row); none without one (an embed's
   * frame has no room). `layout`: "tree" | "outline" to fix the layout, else by the rule.
   * `wants()`: the page's rule (true: outline), in place of needsOutline's.
   */
  constructor(view, { toggleParent = null, layout = null, wants = null } = {}) {
    this.view = view;
    this.wants = wants;
    // "tree" | "outline" when the reader (or the address) chose; null: by the rule
    this.choice = layout === "tree" || layout === "outline" ? layout : null;
    this.active = false;
    this.trace = null;
    this.element = el("div", "tree-outline");
    this.element.hidden = true;
    this.list = el("ol", "outline-list");
    this.list.setAttribute("role", "tree");
    this.list.setAttribute("aria-label", _("Game tree as an outline: arrow keys move between nodes"));
    this.element.appendChild(this.list);
    view.container.appendChild(this.element);
    this.buttons = {};
    if (toggleParent) toggleParent.appendChild(this.buildSwitch());
    this.list.addEventListener("keydown", (event) => this.onKey(event));
    this.list.addEventListener("click", (event) => {
      const id = this.idOf(event.target);
      if (id < 0) return;
      // A big tree's outline folds (tree/outline-fold.js): a tap opens or folds a row.
      if (this.rows && !this.rows.whole && this.trace.children[id].length) this.toggle(id);
      this.focusRow(id);
    });
    const before = view.onRendered;
    view.onRendered = () => {
      if (before) before();
      this.update();
    };
  }

  /** The "Tree / Outline" switch: two toggle buttons, the one shown pressed; an icon and a
   * word each (outline.css keeps only the icons where the toolbar is one row). */
  buildSwitch() {
    const group = el("div", "view-switch");
    group.setAttribute("role", "group");
    group.setAttribute("aria-label", _("Show the tree as"));
    for (const [mode, text, title] of [
      ["tree", _("Tree"), _("Tree: the node-link picture")],
      ["outline", _("Outline"), _("Outline: one node per row, like a file tree (reads on a narrow screen)")],
    ]) {
      const button = el("button", "tool view-switch-button");
      const icon = svgEl("svg", "icon");
      icon.setAttribute("viewBox", "0 0 24 24");
      icon.setAttribute("aria-hidden", "true");
      icon.appendChild(svgEl("path")).setAttribute("d", SWITCH_ICONS[mode]);
      button.append(icon, el("span", "view-switch-text", text));
      button.type = "button";
      button.title = title;
      button.dataset.layout = mode;
      button.setAttribute("aria-pressed", "false");
      button.addEventListener("click", () => this.choose(mode));
      group.appendChild(button);
      this.buttons[mode] = button;
    }
    return group;
  }

  /** The reader picked "tree" or "outline" (the picture kept following while hidden). */
  choose(mode) {
    this.choice = mode;
    this.update();
  }

  /** After each render of the view: pick the layout, and draw the rows if outlined. */
  update() {
    const view = this.view;
    if (!view.trace) return;
    if (view.trace !== this.trace) this.setTrace(view.trace);
    const was = this.active;
    this.setActive(this.wanted());
    // The picture was folded and fitted while hidden (its ruler measured 0 wide): again now.
    if (was && !this.active) view.resized();
    if (this.active && view.lastState) this.paint(view.lastState, view.lastFinal);
  }

  /** Whether the outline should show now. */
  wanted() {
    if (!this.outlinable) return false;
    if (this.choice) return this.choice === "outline";
    if (this.wants) return this.wants();
    const width = this.view.container.clientWidth - 2 * PANEL_MARGIN_PX;
    const page = document.documentElement.clientWidth;
    return needsOutline(this.leaves, this.view.leafSpacingPx(), width, page);
  }

  /** A new tree: its rows are built when first shown. */
  setTrace(trace) {
    this.trace = trace;
    this.outlinable = trace.size > 0 && trace.size <= OUTLINE_MAX_NODES;
    this.leaves = leafCount(trace);
    this.skeleton = null;
    this.items = null;
    this.shown = null;
    this.rows = null; // what is listed (outlineFold's answer), and where: id → place
    this.index = new Map();
    this.openRows = new Set(); // the reader's choices on a folded outline
    this.foldedRows = new Set();
    this.painted = null;
    this.was = null; // what the rows show, for diffing (changedIds)
    this.stop = -1;
    this.chosen = -1;
    this.followed = -1;
    this.list.replaceChildren();
    if (!this.buttons.outline) return;
    this.buttons.outline.disabled = !this.outlinable;
    this.buttons.outline.title = this.outlinable
      ? _("One node per row, like a file tree: reads on a narrow screen")
      : _("Only trees of up to {most} nodes have an outline", { most: formatNumber(OUTLINE_MAX_NODES) });
  }

  setActive(on) {
    this.active = on;
    // Presenting reads larger (values 24 px, not 12): the rows grow with the picture's floor.
    this.element.style.setProperty("--outline-scale", String(this.view.minScale));
    this.element.hidden = !on;
    this.view.container.classList.toggle("outline-mode", on);
    for (const [mode, button] of Object.entries(this.buttons)) {
      button.setAttribute("aria-pressed", String(on === (mode === "outline")));
    }
  }

  /** Row `id`'s element, built the first time it is listed. */
  rowItem(id) {
    if (this.items[id]) return this.items[id];
    const row = this.skeleton[id];
    const item = el("li", `outline-node kind-${row.kind}`);
    item.setAttribute("role", "treeitem");
    item.setAttribute("tabindex", "-1");
    item.setAttribute("aria-level", String(row.depth + 1));
    item.setAttribute("aria-setsize", String(row.setSize));
    item.setAttribute("aria-posinset", String(row.position));
    item.dataset.path = row.path;
    item.dataset.kind = row.kind;
    item.style.setProperty("--depth", String(row.depth));
    const glyph = svgEl("svg", "outline-glyph");
    glyph.setAttribute("viewBox", "-22 -22 44 44");
    glyph.setAttribute("aria-hidden", "true");
    glyph.appendChild(svgEl("path", "shape")).setAttribute("d", SHAPES[row.kind]);
    item.appendChild(glyph);
    item.fields = {};
    for (const field of FIELDS) {
      const span = el("span", `outline-${field}`);
      item.appendChild(span);
      item.fields[field] = span;
    }
    item.fields.name.textContent = row.name;
    item.fields.kind.textContent = row.kindText;
    this.shown[id] = {};
    this.items[id] = item;
    return item;
  }

  /**
   * List the rows outlineFold picks at state `s`, in preorder: rows leaving are removed, rows
   * joining inserted in place (the rows staying are never moved: a focused row keeps its
   * focus). Returns the ids listed now that were not before (their text is written next).
   */
  listRows(s, final) {
    const rows = outlineFold(this.trace, s, { open: this.openRows, folded: this.foldedRows, final });
    const before = this.index;
    this.index = new Map(rows.ids.map((id, place) => [id, place]));
    const joined = rows.ids.filter((id) => !before.has(id));
    if (joined.length || before.size !== this.index.size) {
      for (const id of before.keys()) if (!this.index.has(id)) this.items[id].remove();
      let cursor = this.list.firstChild;
      for (const id of rows.ids) {
        const item = this.rowItem(id);
        if (item === cursor) cursor = cursor.nextSibling;
        else this.list.insertBefore(item, cursor);
      }
    }
    if (!rows.whole) {
      for (const id of rows.ids) {
        if (!this.trace.children[id].length) continue;
        const collapsed = rows.collapsed.has(id);
        this.items[id].setAttribute("aria-expanded", String(!collapsed));
        this.items[id].fields.folded.textContent = collapsed ? `+${this.counts[id]} folded` : "";
      }
    }
    this.rows = rows;
    return joined;
  }

  /** Open (or fold) row `id` of a folded outline, as the reader asked. */
  toggle(id, open = this.rows.collapsed.has(id)) {
    (open ? this.openRows : this.foldedRows).add(id);
    (open ? this.foldedRows : this.openRows).delete(id);
    this.painted = null;
    this.paint(this.view.lastState, this.view.lastFinal);
  }

  /** Show state `s`: update the rows that changed, move the tab stop, follow the current. */
  paint(s, final) {
    if (!this.skeleton) {
      this.skeleton = outlineSkeleton(this.trace, this.view.names);
      this.items = new Array(this.trace.size);
      this.shown = new Array(this.trace.size);
      this.counts = descendantCounts(this.trace);
    }
    const key = `${s.step}|${final}`;
    if (this.painted === key) return;
    this.painted = key;
    const t = this.trace;
    const view = this.view;
    const path = pathToCurrent(t, s);
    const pv = final && s.done[0] ? new Set([0, ...t.principalVariation(s)]) : new Set();
    const context = { names: view.names, levels: view.levels, path, pv };
    const ids = this.changedIds(s, path, pv);
    for (const id of this.listRows(s, final)) ids.add(id);
    for (const id of ids) if (this.index.has(id)) this.paintRow(id, outlineRow(t, s, id, context), s);
    this.path = path;
    this.pv = pv;
    this.placeStop(s);
    if (view.follow && s.current !== this.followed) this.scrollToRow(Math.max(0, s.current));
    this.followed = s.current;
  }

  /**
   * The rows whose text may differ from what they show: a node whose state, value, window or
   * cutoff changed (diffed against typed arrays of what is shown), and the nodes joining or
   * leaving the path to the current node and the principal variation.
   */
  changedIds(s, path, pv) {
    const n = this.trace.size;
    if (!this.was) {
      this.was = {
        state: new Uint8Array(n).fill(255),
        done: new Uint8Array(n),
        value: new Float64Array(n),
        alpha: new Float64Array(n),
        beta: new Float64Array(n),
        cut: new Int32Array(n).fill(-2),
      };
      this.path = new Set();
      this.pv = new Set();
    }
    const was = this.was;
    const ids = new Set();
    for (let id = 0; id < n; id++) {
      if (
        was.state[id] !== s.state[id] ||
        was.done[id] !== s.done[id] ||
        !Object.is(was.value[id], s.value[id]) ||
        !Object.is(was.alpha[id], s.alpha[id]) ||
        !Object.is(was.beta[id], s.beta[id]) ||
        was.cut[id] !== s.cut[id]
      ) {
        ids.add(id);
        was.state[id] = s.state[id];
        was.done[id] = s.done[id];
        was.value[id] = s.value[id];
        was.alpha[id] = s.alpha[id];
        was.beta[id] = s.beta[id];
        was.cut[id] = s.cut[id];
      }
    }
    for (const set of [this.path, path, this.pv, pv]) for (const id of set) ids.add(id);
    return ids;
  }

  /** Write row `id`'s texts, classes and name where they differ from what it shows. */
  paintRow(id, row, s) {
    const was = this.shown[id];
    const item = this.items[id];
    if (was.state !== row.state) item.dataset.state = row.state;
    if (was.current !== row.current) item.classList.toggle("current", row.current);
    if (was.onPath !== row.onPath) item.classList.toggle("on-path", row.onPath);
    if (was.pv !== row.pv) item.classList.toggle("pv", row.pv);
    // Its name is its text (WCAG 2.5.3); the tree's sentence for it, its description.
    if (was.label !== row.label) item.setAttribute("aria-description", row.label);
    for (const field of ["value", "window", "status", "note"]) {
      if (was[field] !== row[field]) item.fields[field].textContent = row[field];
    }
    if (row.state === "visited" && s.done[id]) item.dataset.value = String(s.value[id]);
    else delete item.dataset.value;
    this.shown[id] = row;
  }

  /** One row in the tab order: the one the reader moved to, else the current node's. */
  placeStop(s) {
    const chosen = this.chosen >= 0 && this.index.has(this.chosen);
    const id = chosen ? this.chosen : Math.max(0, s.current);
    if (id === this.stop) return;
    if (this.stop >= 0) this.items[this.stop].setAttribute("tabindex", "-1");
    this.items[id].setAttribute("tabindex", "0");
    this.stop = id;
  }

  /** Scroll the outline (not the page) so row `id` is in sight: a third of the way down
   * when it was out of sight, so the rows after it show too. */
  scrollToRow(id) {
    const item = this.items[id];
    const box = this.element;
    const top = item.offsetTop;
    const bottom = top + item.offsetHeight;
    if (top < box.scrollTop + SCROLL_MARGIN_PX || bottom > box.scrollTop + box.clientHeight - SCROLL_MARGIN_PX) {
      box.scrollTop = Math.max(0, top - Math.max(SCROLL_MARGIN_PX, box.clientHeight / 3));
    }
  }

  idOf(target) {
    const item = target && target.closest ? target.closest("li.outline-node") : null;
    if (!item || !this.trace) return -1;
    const id = this.trace.ids.get(item.dataset.path);
    return id === undefined ? -1 : id;
  }

  focusRow(id) {
    if (!this.index.has(id)) return;
    this.chosen = id;
    if (this.stop >= 0 && this.stop !== id) this.items[this.stop].setAttribute("tabindex", "-1");
    this.items[id].setAttribute("tabindex", "0");
    this.stop = id;
    this.items[id].focus();
  }

  onKey(event) {
    const id = this.idOf(event.target);
    if (id < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "Enter") {
      if (this.view.onActivate) this.view.onActivate(id);
      event.preventDefault();
      return;
    }
    const action = outlineKey(event.key, id, this.trace, this.rows, this.index, this.path);
    if (!action) return;
    event.preventDefault();
    if (action.open !== undefined) this.toggle(action.open, true);
    else if (action.fold !== undefined) this.toggle(action.fold, false);
    this.focusRow(action.to === undefined ? id : action.to);
  }
}
