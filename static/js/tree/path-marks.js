// tree/path-marks.js: what the tree view marks along the search at a step: the path from the
// root to the current node (class "on-path" on its nodes and edges), the cursor ring on the
// current node (or its nearest drawn ancestor), and once the search is over the principal
// variation (class "pv") with "best move" on the root's chosen edge (tree/marks.js draws it).
//
// Reads from the view: trace, present, pos, nodes.gEl, links.linkEl, marks, gCursor.

export class PathMarks {
  constructor(view) {
    this.view = view;
    this.pathIds = [];
    this.pvIds = [];
  }

  /** Forget the marked nodes (a new tree or a new layout): the next paint marks them again. */
  clear() {
    for (const id of this.pathIds) this.mark(id, "on-path", false);
    for (const id of this.pvIds) this.mark(id, "pv", false);
    this.pathIds = [];
    this.pvIds = [];
  }

  /** Node `id` and the edge into it get (or lose) class `name`. */
  mark(id, name, on) {
    const g = this.view.nodes.gEl[id];
    if (g) g.classList.toggle(name, on);
    const link = this.view.links.linkEl[id];
    if (link) link.classList.toggle(name, on);
  }

  /** The path, the cursor and (when `final`) the principal variation as of state `s`. */
  paint(s, final) {
    const view = this.view;
    const t = view.trace;
    const path = [];
    for (let i = s.current; i >= 0; i = t.parent[i]) if (view.present[i]) path.push(i);
    const onPath = new Set(path);
    for (const id of this.pathIds) if (!onPath.has(id)) this.mark(id, "on-path", false);
    for (const id of path) this.mark(id, "on-path", true);
    this.pathIds = path;
    this.placeCursor(s.current);

    const pv = final ? t.principalVariation(s) : [];
    const pvSet = new Set(pv.filter((id) => view.present[id]));
    if (final && pv.length) pvSet.add(0);
    for (const id of this.pvIds) if (!pvSet.has(id)) this.mark(id, "pv", false);
    for (const id of pvSet) this.mark(id, "pv", true);
    this.pvIds = [...pvSet];
    view.marks.bestMove(final && pv.length ? pv[0] : -1);
  }

  placeCursor(cur) {
    const view = this.view;
    let id = cur;
    while (id >= 0 && !view.present[id]) id = view.trace.parent[id];
    if (id < 0) {
      view.gCursor.attr("display", "none");
      return;
    }
    view.gCursor.attr("display", null);
    view.gCursor.attr("transform", `translate(${view.pos[2 * id]},${view.pos[2 * id + 1]})`);
  }
}
