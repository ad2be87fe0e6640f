// tree/fold-controls.js: the user's say in what the tree view folds. It holds the nodes the
// user opened, folded and asked to see (pinned: the minimap, "… N more", a key press) and the
// "Show all" switch, hands them to tree/fold.js through `cutOptions()`, and listens (one
// delegated set for all nodes) for the toggles, a fold summary, a double-click and the
// "… N more" boxes. Each change draws the view again through `view.refresh()`.
//
// It reads from the view: trace, lastState, present, folded, shownIds, nodes (the toggles),
// gNodes and gMore (where it listens).

const SHOW_ALL_LIMIT = 5000; // "Show all" draws every node up to this size

/**
 * The child to pin when "… N more" is pressed at `side` ("before" | "after") of the window of
 * `kids` drawn now (`isShown(id)`): half a window past its edge, clamped to the first or last
 * child; undefined when none of them is drawn.
 */
export function childPastWindow(kids, isShown, side) {
  const shown = kids.filter(isShown);
  if (!shown.length) return undefined;
  const edge = kids.indexOf(side === "before" ? shown[0] : shown[shown.length - 1]);
  const step = Math.max(1, Math.floor(shown.length / 2));
  return kids[Math.max(0, Math.min(kids.length - 1, edge + (side === "before" ? -step : step)))];
}

export class FoldControls {
  constructor(view) {
    this.view = view;
    this.reset();
    this.listen();
  }

  /** A new tree: nothing opened, folded or pinned by the user; "Show all" off. */
  reset() {
    this.open = new Set(); // opened by the user
    this.collapsed = new Set(); // folded by the user
    this.pinned = new Set(); // asked for (minimap, "… N more"): kept on screen
    this.showAll = false;
  }

  /** The user's folds, as tree/fold.js's foldTree takes them. */
  cutOptions() {
    return { all: this.showAll, open: this.open, folded: this.collapsed, pinned: this.pinned };
  }

  /** Whether "Show all" may draw every node of the view's tree. */
  get canShowAll() {
    return !!this.view.trace && this.view.trace.size <= SHOW_ALL_LIMIT;
  }

  /** One set of listeners for all nodes (event delegation), not two per node. */
  listen() {
    const view = this.view;
    const idOf = (event) => {
      const g = event.target.closest ? event.target.closest("g.node") : null;
      if (!g || !view.trace) return -1;
      const id = view.trace.ids.get(g.getAttribute("data-path"));
      return id === undefined ? -1 : id;
    };
    const group = view.gNodes.node();
    group.addEventListener("pointerover", (event) => {
      const id = idOf(event);
      if (id >= 0) view.nodes.ensureToggle(id);
    });
    group.addEventListener("click", (event) => {
      if (!event.target.closest || !event.target.closest(".toggle, .fold-summary")) return;
      const id = idOf(event);
      if (id < 0) return;
      event.stopPropagation();
      this.toggle(id);
    });
    group.addEventListener("dblclick", (event) => {
      const id = idOf(event);
      if (id < 0 || !view.foldable) return;
      event.stopPropagation();
      event.preventDefault();
      this.toggle(id);
    });
    view.gMore.node().addEventListener("click", (event) => {
      const g = event.target.closest ? event.target.closest("g.more") : null;
      if (!g || !view.trace) return;
      event.stopPropagation();
      this.showMore(view.trace.ids.get(g.getAttribute("data-parent")), g.getAttribute("data-side"));
    });
  }

  /** Fold the subtree below node `id`, or open it (its children drawn). */
  toggle(id) {
    const view = this.view;
    if (!view.trace || view.trace.children[id].length === 0) return;
    const foldedNow = view.present[id] ? !!view.folded[id] : this.collapsed.has(id);
    if (foldedNow) {
      this.collapsed.delete(id);
      this.open.add(id);
    } else {
      this.open.delete(id);
      this.collapsed.add(id);
    }
    view.lastRenderAt = -Infinity; // a user's fold animates
    view.refresh();
  }

  /** Draw every node (up to SHOW_ALL_LIMIT nodes); `false`: fold automatically again. */
  setShowAll(on) {
    const view = this.view;
    if (!view.trace || (on && !this.canShowAll)) return;
    this.showAll = on;
    this.collapsed.clear();
    this.open.clear();
    view.lastRenderAt = -Infinity;
    view.refresh();
    view.fit(false, true);
  }

  /** Fold every pruned subtree (as of the picture shown) to its root. */
  collapsePruned() {
    const view = this.view;
    const s = view.lastState;
    if (!s) return;
    const t = view.trace;
    for (const id of view.shownIds) {
      if (s.prunedBy[id] >= 0 && t.children[id].length > 0) {
        this.collapsed.add(id);
        this.open.delete(id);
      }
    }
    view.lastRenderAt = -Infinity;
    view.refresh();
  }

  /** The next children past a window's edge ("… N more" pressed): move the window there. */
  showMore(parent, side) {
    const view = this.view;
    if (parent === undefined) return;
    const kids = view.trace.children[parent];
    const target = childPastWindow(kids, (c) => view.present[c], side);
    if (target === undefined) return;
    for (const c of kids) this.pinned.delete(c);
    this.pinned.add(target);
    view.refresh();
  }

  /** Draw node `id` (opening its ancestors); `alone`: forget nodes pinned before. */
  pin(id, alone = false) {
    const trace = this.view.trace;
    if (alone) this.pinned = new Set();
    this.pinned.add(id);
    for (let i = trace.parent[id]; i >= 0; i = trace.parent[i]) this.collapsed.delete(i);
    this.view.refresh();
  }
}
