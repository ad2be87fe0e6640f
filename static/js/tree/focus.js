// tree/focus.js: keyboard access to the tree (WAI-ARIA APG tree view). One node's treeitem
// (tree/nodes.js's g.item) at a time is in the tab order (a roving tabindex): the node the step is about, until the user moves
// the focus in the tree; then the node they chose, or its nearest drawn ancestor when a fold
// takes it away. Keys on a node (tree/aria.js nextFocus): arrows move and fold, Home/End,
// Enter "activates" it (the page opens it in the editor), + and − zoom, Shift+arrows pan.
// Every key handled is preventDefault()ed, so the player's shortcuts skip it. The tree group
// itself is never a Tab stop (one stop: the roving node).
//
// Reads from the view: trace, present, folded, shownIds, nodes.itemEl, lastState.

import { nextFocus } from "./aria.js";

const PAN_PX = 80;

export class FocusControl {
  /** `onActivate(id)`: Enter on node `id`. */
  constructor(view, group, { onActivate = null } = {}) {
    this.view = view;
    this.group = group;
    this.onActivate = onActivate;
    this.chosen = -1; // the node the user moved the focus to (-1: follow the search)
    this.stop = -1; // the node with tabindex 0
    group.addEventListener("keydown", (event) => this.onKey(event));
    // On the document, not the group: Chromium makes an SVG element with a focus listener
    // focusable, and the tree itself would become a second Tab stop.
    document.addEventListener("focusin", (event) => {
      if (!group.contains(event.target)) return;
      const id = this.idOf(event.target);
      if (id >= 0) this.chosen = id;
    });
  }

  /**
   * A new tree (view.trace is already the new one; the old nodes are still drawn). If the focus
   * was on a node, it stays on the node at the same path (or its nearest ancestor that is in
   * the new tree) once that is drawn: an edit, an undo or a re-run keeps the user's place.
   */
  reset() {
    this.chosen = -1;
    this.stop = -1;
    const g = this.hasFocus ? document.activeElement.closest("g.node") : null;
    const t = this.view.trace;
    if (!g || !t) return;
    const path = (g.getAttribute("data-path") || "").split(".").filter((part) => part !== "");
    for (let n = path.length; n >= 0 && this.chosen < 0; n--) {
      const id = t.ids.get(path.slice(0, n).join("."));
      if (id !== undefined) this.chosen = id;
    }
  }

  idOf(target) {
    const g = target && target.closest ? target.closest("g.node") : null;
    if (!g || !this.view.trace) return -1;
    const id = this.view.trace.ids.get(g.getAttribute("data-path"));
    return id === undefined ? -1 : id;
  }

  get hasFocus() {
    return this.group.contains(document.activeElement);
  }

  /** After a paint: put the tab stop on the right drawn node (and the focus, if it was lost). */
  update(s) {
    const view = this.view;
    const t = view.trace;
    const hadFocus = this.hasFocus || (this.chosen >= 0 && document.activeElement === document.body);
    let id = hadFocus && this.chosen >= 0 ? this.chosen : s.current >= 0 ? s.current : 0;
    while (id > 0 && !view.present[id]) id = t.parent[id];
    if (!view.present[id]) return;
    // (Its element may be new since: a change of spacing rebuilds every node.)
    if (id !== this.stop || view.nodes.itemEl[id].getAttribute("tabindex") !== "0") {
      const old = this.stop >= 0 ? view.nodes.itemEl[this.stop] : null;
      if (old) old.setAttribute("tabindex", "-1");
      view.nodes.itemEl[id].setAttribute("tabindex", "0");
      this.stop = id;
    }
    if (hadFocus && document.activeElement !== view.nodes.itemEl[id]) {
      this.chosen = id;
      view.nodes.itemEl[id].focus({ preventScroll: true });
    }
  }

  /** Focus node `id`, drawing it first if a fold or a window hides it. */
  focus(id) {
    const view = this.view;
    this.chosen = id;
    if (!view.present[id]) view.pin(id, true);
    this.update(view.lastState);
    const item = view.nodes.itemEl[id];
    if (item) {
      item.focus({ preventScroll: true });
      view.showNode(id);
    }
  }

  onKey(event) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const id = this.idOf(event.target);
    const view = this.view;
    if (id < 0 || !view.trace) return;
    if (event.shiftKey && event.key.startsWith("Arrow")) {
      const dx = { ArrowLeft: PAN_PX, ArrowRight: -PAN_PX }[event.key] || 0;
      const dy = { ArrowUp: PAN_PX, ArrowDown: -PAN_PX }[event.key] || 0;
      view.panBy(dx, dy);
      event.preventDefault();
      return;
    }
    if (event.key === "+" || event.key === "=" || event.key === "-") {
      view.zoomBy(event.key === "-" ? 1 / 1.4 : 1.4);
      event.preventDefault();
      return;
    }
    if (event.key === "Enter") {
      if (this.onActivate) this.onActivate(id);
      event.preventDefault();
      return;
    }
    const last = view.shownIds.length ? view.shownIds[view.shownIds.length - 1] : 0;
    const isOpen = (node) => view.present[node] && !view.folded[node] && !view.folds.collapsed.has(node);
    const move = nextFocus(view.trace, id, event.key, isOpen, last);
    if (!move) return;
    event.preventDefault();
    if (move.open !== undefined || move.fold !== undefined) {
      view.toggle(move.open !== undefined ? move.open : move.fold);
      this.focus(id);
    } else {
      this.focus(move.focus);
    }
  }
}
