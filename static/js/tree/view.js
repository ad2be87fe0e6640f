// tree/view.js: the D3 tidy tree, readable at every step on any tree up to the node limit.
// Each step tree/fit.js decides what to draw: the whole tree, packed if need be, whenever its
// texts can be 12 CSS px or more; else (the last resort) tree/fold.js's cut around the current
// node with folded summaries for the rest. The view joins elements by node id and per step
// updates only the drawn nodes whose state changed. The zoom never goes below the 12 px
// floor; Follow keeps the current node, its parent and children on screen; Fit all shows as
// much as fits at the floor. The spacing chosen is on the <svg> as data-spacing (roomy |
// compact | stacked; tree.css sizes the texts by it). Layers: nodes.js (g.node[data-path]
// [data-state]), marks.js (cutoffs, strikes, best move), path-marks.js (path, cursor, PV),
// level-ruler.js and minimap.js (in space of their own), camera-control.js (zoom, pan, Fit
// all, Follow, over the pure fit.js, camera.js, bounds.js), fold-controls.js (toggles, "Show
// all", pins, "… N more": <g class="more" data-parent data-side>; a folded root has class
// "collapsed" and a <text class="fold-summary">), panel-size.js (a new size fits again).

/* global d3 */
import { _ } from "../lib/i18n.js";
import { idsOnScreen } from "./bounds.js";
import { FLOOR_PX, MODES, fit, layoutFolded } from "./fit.js";
import { FoldControls } from "./fold-controls.js";
import { LevelRuler } from "./level-ruler.js";
import { levelsOf } from "./levels.js";
import { Minimap } from "./minimap.js";
import { nodeNames } from "../lib/names.js";
import { MarkLayer } from "./marks.js";
import { NodeLayer } from "./nodes.js";
import { R } from "./shapes.js";
import { CameraControl, TWEEN_MS, prefersReducedMotion } from "./camera-control.js";
import { LinkLayer } from "./links.js";
import { PathMarks } from "./path-marks.js";
import { watchPanelSize } from "./panel-size.js";
import { FocusControl } from "./focus.js";

const CALM_MS = 450; // steps closer together than this (playing fast) are not animated

export class TreeView {
  /** @param {HTMLElement} container  holds the <svg>, the level ruler and the minimap */
  constructor(container) {
    this.container = container;
    this.follow = true;
    this.svg = d3.select(container).append("svg").attr("class", "tree-svg").attr("role", "group").attr("aria-label", _("Game tree"));
    this.viewport = this.svg.append("g").attr("class", "viewport");
    this.gLinks = this.viewport.append("g").attr("class", "links");
    this.gMarks = this.viewport.append("g").attr("class", "marks");
    this.gCursor = this.viewport.append("g").attr("class", "cursor").attr("display", "none");
    const ringR = R + 9; // the cursor's halo and ring, around the node
    this.gCursor.append("circle").attr("class", "cursor-halo").attr("r", ringR);
    this.gCursor.append("circle").attr("class", "cursor-ring").attr("r", ringR);
    this.gCaptions = this.viewport.append("g").attr("class", "edge-captions");
    this.gMore = this.viewport.append("g").attr("class", "more-children");
    this.gNodes = this.viewport.append("g").attr("class", "nodes");
    this.gLabels = this.viewport.append("g").attr("class", "labels");
    // Only the nodes speak (an ARIA tree); edges, marks and the cursor repeat what they say.
    const hidden = [this.gLinks, this.gMarks, this.gCursor, this.gCaptions, this.gMore, this.gLabels];
    for (const g of hidden) g.attr("aria-hidden", "true");
    this.gNodes.attr("role", "tree").attr("aria-label", _("Game tree: arrow keys move between nodes"));
    this.onActivate = null; // Enter on a node (visualizer/page.js: open it in the editor)
    this.onRendered = null; // after every render, its own too (a fold, a resize): page marks
    this.focusControl = new FocusControl(this, this.gNodes.node(), {
      onActivate: (id) => this.onActivate && this.onActivate(id),
    });
    this.nodes = new NodeLayer(this);
    this.marks = new MarkLayer(this, this.gMarks.node(), this.gLabels.node());
    this.links = new LinkLayer(this, this.gLinks, this.gMore, this.gCaptions);
    this.path = new PathMarks(this); // the path to the current node, the cursor, the PV
    this.ruler = new LevelRuler(container);
    this.minimap = new Minimap(container, { onJump: (id) => this.reveal(id) });
    this.camera = new CameraControl(this); // zoom and pan: Fit, Follow, keys
    // Without hover (touch screens) toggles are drawn up front.
    this.eagerToggles = window.matchMedia ? window.matchMedia("(hover: none)").matches : false;
    this.foldable = true; // fold toggles and double-click folds (a drill's taps cross out instead)
    this.folds = new FoldControls(this); // the user's folds; listens for toggles and "… N more"
    this.trace = null;
    this.shownIds = [];
    this.spacing = "roomy"; // tree/fit.js's mode, drawn now
    this.fitted = null; // tree/fit.js's last answer
    this.appliedFit = ""; // the whole-tree fit the camera last applied (a new one refits)
    this.fitAllOn = false; // Fit all: fold to what fits at the floor, not the readable size
    this.roomAbove = 0; // tree units kept free above every node (heat badges)
    this.lastRenderAt = -Infinity;
    // Fold and fit again whenever the panel changes size.
    watchPanelSize(container, () => {
      if (this.trace) this.resized();
    });
  }

  /**
   * Draw a new tree (a Trace with its node table); nothing visited yet. `cutByLimit`: ids of
   * the nodes a depth limit cuts (trace.js cutByDepthLimit), drawn apart from true leaves;
   * `agents`: the document's names for the players (levels.js).
   */
  setTree(trace, { cutByLimit = new Set(), agents = null } = {}) {
    this.trace = trace;
    this.measure();
    this.fitted = null;
    this.appliedFit = "";
    this.fitAllOn = false;
    const n = trace.size;
    this.names = nodeNames(trace);
    this.levels = levelsOf(trace, { players: trace.options && trace.options.players, agents });
    this.ruler.setLevels(this.levels);
    this.minimap.setTree(trace);
    this.folds.reset();
    this.nodes.reset(n);
    this.marks.reset(n);
    this.focusControl.reset();
    this.links.reset(n);
    this.pos = new Float64Array(2 * n).fill(NaN);
    this.present = new Uint8Array(n);
    this.folded = new Uint8Array(n); // drawn without its children
    this.path.clear();
    this.shownIds = [];
    this.lastState = null;
    this.signature = null;
    this.deepest = 0;
    for (const g of [this.gLinks, this.gNodes, this.gMarks, this.gLabels, this.gMore]) {
      g.selectAll("*").remove();
    }
    this.gCursor.attr("display", "none");
    this.cutByLimit = cutByLimit;
    this.needsFit = true;
  }

  /** The smallest zoom: values at least `px` CSS px (12 by default; presentation mode: 24). */
  get minScale() {
    return this.camera.minScale;
  }

  /** The zoom now (a d3 ZoomTransform: tree units to screen pixels). */
  get transform() {
    return this.camera.transform;
  }

  /** Aim for values of `px` CSS px (presenting: 24); fit or fold for it again. */
  setReadablePx(px) {
    this.camera.setReadablePx(px);
    this.fitAllOn = false;
    if (this.trace) this.resized();
  }

  measure() {
    this.width = this.container.clientWidth || 800;
    this.height = this.container.clientHeight || 500;
  }

  /** CSS px between two leaves' centres in the tightest spacing fit() draws whole, at the
   * 12 px floor: the picture needs leaves × this across, or a narrow panel shows the outline
   * (tree/outline-view.js). */
  leafSpacingPx() {
    return (MODES.compact.leafGap * FLOOR_PX) / MODES.compact.text;
  }

  /** The panel changed size: fit (or fold) for the new size. */
  resized() {
    this.measure();
    this.ruler.remeasure();
    this.needsFit = true;
    if (this.lastState) this.render(this.lastState, this.lastFinal);
  }

  /**
   * Show state `s` (a Trace state). `final`: the search is over at this step (show the
   * principal variation and best move).
   */
  render(s, final = false) {
    const t = this.trace;
    if (!t || t.size === 0) return;
    this.lastState = s;
    this.lastFinal = final;
    const now = performance.now();
    const tween = now - this.lastRenderAt > CALM_MS && !prefersReducedMotion() && !this.needsFit;
    this.lastRenderAt = now;
    const fitted = fit(t, s, this.camera.fitBox(), {
      preferredPx: this.camera.readablePx,
      floorPx: FLOOR_PX,
      names: this.names,
      fitAll: this.fitAllOn,
      roomAbove: this.roomAbove,
      final,
      foldedByUser: this.folds.collapsed.size > 0,
      ...this.folds.cutOptions(),
    });
    this.fitted = fitted;
    this.setSpacing(fitted.mode);
    this.svg.attr("data-captions", fitted.captions ? (fitted.captionRoom ? "spaced" : null) : "off");
    this.camera.setFloorScale(fitted.floorScale);
    const cut = fitted.cut;
    const signature =
      `${fitted.mode}${fitted.levelGap}${fitted.captions}:` +
      cut.ids.join(",") +
      cut.placeholders.map((p) => `|${p.parent}${p.side}${p.hidden.length}`).join("");
    if (signature !== this.signature) {
      this.signature = signature;
      this.layout(cut, tween, fitted.drawn || layoutFolded(t, fitted, this.names));
    }
    // A new fit of the whole tree (a new tree, box or spacing) is applied; a step keeps the
    // user's zoom.
    if (fitted.whole) {
      const key = `${fitted.transform.k},${fitted.transform.x},${fitted.transform.y}`;
      if (key !== this.appliedFit) {
        this.appliedFit = key;
        this.needsFit = true;
      }
    } else {
      this.appliedFit = "";
    }
    this.paint(s, final);
    this.focusControl.update(s);
    if (this.needsFit) {
      this.needsFit = false;
      this.fit(false, true);
    }
    if (this.follow) this.camera.keepFocusInView(tween);
    this.updateOverlays();
    if (this.onRendered) this.onRendered();
  }

  /** Draw in spacing `mode` (tree/fit.js): a change rebuilds every node (its texts differ). */
  setSpacing(mode) {
    if (mode === this.spacing) return;
    this.spacing = mode;
    this.svg.attr("data-spacing", mode);
    this.ruler.setIconsOnly(mode !== "roomy");
    const drop = (d) => this.nodes.drop(d.data.id);
    this.gNodes.selectAll("g.node").each(drop).remove();
    this.present.fill(0);
    this.shownIds = [];
    this.signature = null;
  }

  /** The level gap of the spacing drawn (tree units). */
  get levelGap() {
    return this.fitted ? this.fitted.levelGap : MODES.roomy.dy;
  }

  /** Keep `units` free above every node (an overlay's badges: lecture/heat.js); refit. */
  setRoomAbove(units) {
    if (units === this.roomAbove) return;
    this.roomAbove = units;
    if (this.trace) this.resized();
  }

  /** Join the drawn nodes (`drawn`: d3 hierarchy nodes with x, y) keyed by node id. */
  layout(cut, tween, drawn) {
    const real = drawn.filter((d) => d.data.id >= 0);
    for (const id of this.shownIds) this.present[id] = 0;
    this.deepest = 0;
    for (const d of real) {
      const id = d.data.id;
      this.present[id] = 1;
      this.pos[2 * id] = d.x;
      this.pos[2 * id + 1] = d.y;
      if (d.depth > this.deepest) this.deepest = d.depth;
      const folded = d.data.folded ? 1 : 0;
      if (this.folded[id] !== folded) {
        this.folded[id] = folded;
        if (this.nodes.gEl[id]) this.nodes.markFolded(id);
      }
    }
    this.shownIds = cut.ids;
    const view = this;
    const move = (sel) => (tween ? sel.transition().duration(TWEEN_MS) : sel);

    let entered = null;
    this.gNodes
      .selectAll("g.node")
      .data(real, (d) => d.data.id)
      .join(
        (enter) => {
          entered = enter.append((d) => {
            const from = tween && d.parent ? d.parent : d;
            return view.nodes.build(d.data.id, from.x, from.y);
          });
          return entered;
        },
        (update) => {
          move(update).attr("transform", (d) => `translate(${d.x},${d.y})`);
          return update;
        },
        (exit) => exit.each((d) => view.nodes.drop(d.data.id)).remove()
      )
      .order(); // document order = preorder, for reading order and stable tests
    if (tween && entered) move(entered).attr("transform", (d) => `translate(${d.x},${d.y})`);
    this.links.join(drawn, tween, move);
    // Marks and labels depend on positions: rebuild them at this paint.
    this.clearMarks();
  }

  clearMarks() {
    this.marks.clear();
    this.path.clear();
  }

  /** Draw again after a fold changed (the user's, or the panel's size). */
  refresh() {
    if (this.lastState) this.render(this.lastState, this.lastFinal);
  }

  /** Fold the subtree below node `id`, or open it (its children drawn). */
  toggle(id) {
    this.folds.toggle(id);
  }

  /** Draw every node (when `canShowAll`); `false`: fold automatically again. */
  setShowAll(on) {
    this.folds.setShowAll(on);
  }

  /** Whether "Show all" is on. */
  get showAll() {
    return this.folds.showAll;
  }

  /** Whether "Show all" may draw every node of this tree. */
  get canShowAll() {
    return this.folds.canShowAll;
  }

  /** Fold every pruned subtree (as of the picture shown) to its root. */
  collapsePruned() {
    this.folds.collapsePruned();
  }

  /** Draw node `id` (opening its ancestors); `alone`: forget nodes pinned before. */
  pin(id, alone = false) {
    this.folds.pin(id, alone);
  }

  /** Show node `id` (opening its ancestors) and bring it to the middle of the view. */
  reveal(id) {
    if (!this.trace) return;
    this.pin(id, true);
    const [x, y] = this.positionOf(id);
    if (!Number.isNaN(x)) this.camera.centreOn(x, y);
  }

  /** Ids of the drawn nodes that are inside the panel now (for the minimap's frame). */
  onScreenIds() {
    return idsOnScreen(this.shownIds, this.pos, this.transform, this.width, this.height);
  }

  /** The ruler and the minimap, shown only while part of the tree is folded or off screen. */
  updateOverlays() {
    if (!this.trace) return;
    const onScreen = this.onScreenIds();
    const hidden = this.shownIds.length < this.trace.size || onScreen.length < this.shownIds.length;
    // A short frame gives the overview up for the current node's context (tree/fit.js foldPlan).
    this.minimap.setShown(hidden && (!this.fitted || this.fitted.overview));
    this.ruler.update(this.transform, this.levelGap, this.deepest, this.height - this.minimap.height);
    if (this.lastState) this.minimap.schedule(this.lastState, onScreen);
  }

  /** Pan (no zoom) so node `id` is on screen. */
  showNode(id) {
    this.camera.showNode(id);
  }

  /** Pan by (dx, dy) screen pixels. */
  panBy(dx, dy) {
    this.camera.panBy(dx, dy);
  }

  /** Zoom by `factor` about the panel's centre. */
  zoomBy(factor) {
    this.camera.zoomBy(factor);
  }

  /** Zoom so the drawn tree fits the panel, never below the readable scale. */
  fit(animate = true, measured = false) {
    this.camera.fit(animate, measured);
  }

  /** Fit all (key F): the whole tree if it fits, else as much of it as fits at the floor. */
  fitAll() {
    if (!this.trace) return;
    this.fitAllOn = true;
    this.needsFit = true;
    this.lastRenderAt = -Infinity;
    this.refresh();
  }

  /** Keep the bottom `px` of the panel free (presentation mode's floating controls). */
  setBottomInset(px) {
    this.camera.setBottomInset(px);
  }

  /** Update the drawn nodes, marks, path and cursor to state `s`. */
  paint(s, final) {
    for (const i of this.shownIds) {
      this.nodes.paint(i, s);
      this.marks.paint(i, s);
    }
    this.path.paint(s, final);
  }

  /** Position of a node in tree units (NaN when it is not drawn). */
  positionOf(id) {
    return [this.pos[2 * id], this.pos[2 * id + 1]];
  }
}
