// tree/camera-control.js: the tree view's zoom and pan, wired to the page. It owns the d3 zoom
// behaviour on the view's <svg> (its transform; the floor, the smallest zoom keeping texts at
// 12 CSS px in the spacing tree/fit.js chose; the readable size to aim for, 24 px while
// presenting; what the panel's bottom keeps free; the box tree/fit.js fits into) and the
// camera's moves: Fit (the whole tree as fitted, else what is drawn), Follow
// (keepFocusInView), pan to a node, centre on a node, pan and zoom by keys. Where to look is
// worked out by the pure functions of tree/fit.js, tree/camera.js and tree/bounds.js; this
// module only applies their transforms.
//
// It reads from the view: svg, viewport, width, height, measure(), trace, lastState, pos,
// present, spacing, shownIds, fitted, fitAllOn, ruler, minimap.height; each zoom calls
// view.updateOverlays().

/* global d3 */
import { PANEL_MARGIN_PX, freeArea, zoomExtent } from "./bounds.js";
import { MINIMAP_HEIGHT_PX } from "./minimap.js";
import { fitTransform, focusBox, nodeBox, shrinkToHold, withinView } from "./camera.js";

const SMALLEST_VALUE_PX = 12; // .val.long in tree.css: the smallest value text
const READABLE_PX = 12; // values are never drawn below this many CSS px (presentation: more)
const MAX_SCALE = 4;
const FIT_MAX_SCALE = 1.3; // Fit zooms in at most this much past the readable scale
const FIT_MS = 350;
const ZOOM_STEP_MS = 200;
export const TWEEN_MS = 260; // a step's moves: nodes gliding, and Follow's pan with them

const sameTransform = (a, b) => Math.abs(a.k - b.k) < 1e-9 && Math.abs(a.x - b.x) < 0.5 && Math.abs(a.y - b.y) < 0.5;

export function prefersReducedMotion() {
  return window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)").matches : false;
}

export class CameraControl {
  constructor(view) {
    this.view = view;
    this.bottomInset = 0; // screen px at the panel's bottom that something covers
    this.readablePx = READABLE_PX;
    this.zoom = d3
      .zoom()
      .scaleExtent([READABLE_PX / SMALLEST_VALUE_PX, MAX_SCALE])
      .extent(() => zoomExtent(view.width, view.height)) // the measured panel, never 0 × 0
      .on("zoom", (event) => {
        this.transform = event.transform;
        view.viewport.attr("transform", event.transform);
        view.updateOverlays();
      });
    this.transform = d3.zoomIdentity;
    view.svg.call(this.zoom).on("dblclick.zoom", null);
  }

  /** The zoom drawing values at the readable size (12 CSS px; presentation mode: 24). */
  get minScale() {
    return this.readablePx / SMALLEST_VALUE_PX;
  }

  /** The smallest zoom the user may reach: texts at 12 CSS px in the spacing drawn. */
  get floorScale() {
    return this.zoom.scaleExtent()[0];
  }

  /** Aim for values of `px` CSS px (tree/fit.js draws the whole tree smaller if it must). */
  setReadablePx(px) {
    this.readablePx = px;
    this.setFloorScale(this.floorScale);
  }

  /** Never zoom out below `k` (tree/fit.js's floor for the spacing drawn). */
  setFloorScale(k) {
    const max = Math.max(MAX_SCALE, (2 * this.readablePx) / SMALLEST_VALUE_PX);
    const [min, top] = this.zoom.scaleExtent();
    if (min !== k || top !== max) this.zoom.scaleExtent([k, max]);
  }

  /**
   * The box tree/fit.js fits the tree into: the panel less its margins and the bottom inset,
   * with the level ruler's width in each spacing (names in roomy, icons only when packed);
   * `foldHeight`: its height once folded, when the minimap takes the bottom strip.
   */
  fitBox() {
    const view = this.view;
    const widths = view.ruler.widths();
    return {
      width: view.width - 2 * PANEL_MARGIN_PX,
      height: view.height - 2 * PANEL_MARGIN_PX - this.bottomInset,
      foldHeight: view.height - 2 * PANEL_MARGIN_PX - Math.max(MINIMAP_HEIGHT_PX, this.bottomInset),
      left: { roomy: widths.names, compact: widths.icons, stacked: widths.icons },
    };
  }

  /** The free part of the panel, in screen pixels (the ruler and the minimap cover the rest). */
  freeArea() {
    const view = this.view;
    return freeArea(view.width, view.height, {
      left: view.ruler.width,
      bottom: Math.max(view.minimap.height, this.bottomInset),
    });
  }

  /** Keep the bottom `px` of the panel free (presentation mode's floating controls). */
  setBottomInset(px) {
    this.bottomInset = px;
    if (this.view.trace) this.fit(false, true);
  }

  /**
   * The whole tree as tree/fit.js fitted it; else zoom so the drawn part fits the panel, never
   * below the readable scale (the floor after Fit all, and while presenting: 24 px when it can,
   * else smaller down to 12 px, since a row under the minimap or a ruler chip reads at no size).
   */
  fit(animate = true, measured = false) {
    const view = this.view;
    if (!view.trace || !view.shownIds.length) return;
    if (!measured) view.measure();
    let transform = this.wholeFit();
    if (!transform) {
      const focus = view.lastState ? focusBox(view.trace, view.lastState, view.pos, view.present, view.spacing) : null;
      // Presenting (values of 24 px wanted), a fold that does not fit at 24 px goes down to the
      // floor rather than leave a row under the minimap or a ruler chip.
      const presenting = this.readablePx > READABLE_PX;
      const least = view.fitAllOn || presenting ? this.floorScale : this.minScale;
      transform = fitTransform(view.shownIds, view.pos, this.freeArea(), focus, {
        minScale: least,
        maxScale: Math.max(least, this.minScale * FIT_MAX_SCALE),
      });
    }
    const target = animate && !prefersReducedMotion() ? view.svg.transition().duration(FIT_MS) : view.svg;
    target.call(this.zoom.transform, transform);
  }

  /** The whole tree as tree/fit.js fitted it, as a zoom transform; null when it is not whole. */
  wholeFit() {
    const fitted = this.view.fitted;
    if (!fitted || !fitted.whole) return null;
    const t = fitted.transform;
    return d3.zoomIdentity.translate(PANEL_MARGIN_PX + t.x, PANEL_MARGIN_PX + t.y).scale(t.k);
  }

  /** Zoom by `factor` about the panel's centre. */
  zoomBy(factor) {
    const svg = this.view.svg;
    const target = prefersReducedMotion() ? svg : svg.transition().duration(ZOOM_STEP_MS);
    target.call(this.zoom.scaleBy, factor);
  }

  /** Pan by (dx, dy) screen pixels. */
  panBy(dx, dy) {
    const k = this.transform.k;
    this.view.svg.interrupt().call(this.zoom.translateBy, dx / k, dy / k);
  }

  /** Pan (no zoom) so node `id` is on screen. */
  showNode(id) {
    const view = this.view;
    if (!view.present[id]) return;
    const box = nodeBox(view.pos, id, view.spacing);
    const target = withinView(this.transform, { node: box, near: box }, this.freeArea());
    // Stop a Follow glide first: it would carry on and take the node away again.
    if (target !== this.transform) view.svg.interrupt().call(this.zoom.transform, target);
  }

  /** Pan (no zoom) so the point (x, y) in tree units is at the middle of the panel. */
  centreOn(x, y) {
    const view = this.view;
    const target = d3.zoomIdentity
      .translate(view.width / 2, view.height / 2)
      .scale(this.transform.k)
      .translate(-x, -y);
    view.svg.interrupt().call(this.zoom.transform, target);
  }

  /**
   * Follow: pan when the current node, its parent or its children leave the view, zooming out
   * (never below the floor) when they no longer fit at this zoom. `tween`: glide with the nodes.
   */
  keepFocusInView(tween) {
    const view = this.view;
    if (!view.lastState) return;
    // The whole tree as fitted is on screen, every node, window and note: nothing to follow (the
    // focus box's margins are a roomy window's, wider than a compact one's, and panning for them
    // would push the far side off screen).
    const whole = this.wholeFit();
    if (whole && sameTransform(whole, this.transform)) return;
    const focus = focusBox(view.trace, view.lastState, view.pos, view.present, view.spacing);
    if (!focus) return;
    const area = this.freeArea();
    // Zoom out no further than the whole tree as fitted; folded, down to the floor (12 px) when
    // the node, its parent and its children need it (presenting at 24 px, a short screen).
    const fitted = view.fitted;
    const least = fitted && fitted.whole ? fitted.scale : this.floorScale;
    const target = withinView(shrinkToHold(this.transform, focus.near, area, least), focus, area);
    if (target === this.transform) return;
    const sel = tween ? view.svg.transition().duration(TWEEN_MS) : view.svg;
    sel.call(this.zoom.transform, target);
  }
}
