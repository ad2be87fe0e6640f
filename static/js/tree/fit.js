// tree/fit.js: where the tree view draws the nodes of a step in a box, as a pure function:
// fit first, fold last (README.md, "Reading big trees").
//
// `fit(trace, s, box, options)` draws the whole tree, nothing folded, whenever it can be drawn
// with its texts at least `floorPx` CSS px in the box. It tries two spacings: "roomy" (the
// view's classic layout: "α=3 β=∞" windows under the nodes, two-line cutoff notes) and
// "compact" (nodes packed towards the floor with d3-hierarchy's nodeSize: windows as intervals
// "[3, ∞]", one-line cutoff notes, shortened labels, texts 15 units so the zoom may go to 0.8),
// and "stacked" (the same, with the window in two lines "α=3" over "β=∞": narrower, taller),
// and takes roomy when it reaches the preferred size (`preferredPx`: 24 while presenting),
// (packed with edge captions, a game's moves, the levels move apart for them and each node is
// as wide as its caption; the rows of cutoff notes under the tree are counted in every mode)
// else whichever draws the texts larger. Only when neither reaches the floor does it fold:
// tree/fold.js's focus-and-context rule, with as many leaf slots as fit at the preferred size
// (at the floor with `fitAll`). Each whole-tree layout is computed once per tree, box and
// options (a cache keyed by the trace), so a step costs nothing more when nothing changed.
//
// The result: {whole, mode, drawn (d3 hierarchy nodes with x, y in tree units, preorder), cut
// (the drawn tree as tree/fold.js describes it), scale (zoom: tree units to CSS px), floorScale
// (the smallest zoom keeping texts at floorPx), transform {x, y, k} (tree units to box pixels:
// the tree centred in the box), textUnits (the smallest mandatory text, in tree units),
// levelGap (tree units between levels), overview and captions (whether the minimap and the
// edges' captions have room: only a folded tree in a short box goes without)}.
//
// A folded cut is drawn roomy where the current node, its parent and its children fit the
// box's height at the floor in it; in a short frame they would not, so it is drawn compact
// (`foldPlan`, laid out by `layoutFolded`), giving up the captions' room and the overview if
// it must.
// Nothing here touches the DOM; d3 is the page's global (tests import the vendored d3.min.js).

/* global d3 */
import { fmt } from "../lib/format.js";
import { directionName } from "../lib/names.js";
import { NODE_EDGES } from "./camera.js";
import { cutoffRows } from "./cutoff-rows.js";
import { foldTree } from "./fold.js";
import { DX, DY, layoutCut } from "./layout.js";
import { R } from "./shapes.js";

export const FLOOR_PX = 12; // no value or window is ever drawn smaller (CSS px)
const FIT_MAX_ZOOM = 1.5; // a small tree is drawn at most 1.5× its preferred size
const WHOLE_LIMIT = 4000; // bigger trees are never laid out whole (they cannot fit anyway)
const CHAR_EM = 0.62; // the width of a character of the bold sans texts, in ems (estimate)
const LONG_VALUE_CHARS = 5; // tree/nodes.js: values this long are drawn at 12 units

/**
 * The two spacings, in tree units. `text`: the smallest mandatory text (values, windows,
 * names) when no value is long; `leafGap`/`cousinGap`: centre distances of neighbouring leaves
 * (same parent / not); `dy`: the level gap; `top`, `bottom`: room above the root's centre and
 * below the deepest centre (names, cutoff notes).
 */
export const MODES = {
  roomy: { name: "roomy", text: 12, dy: DY, top: R + 24, bottom: R + 84 },
  compact: { name: "compact", text: 15, leafGap: 34, cousinGap: 38, dy: 56, top: 24, bottom: R + 46 },
  stacked: { name: "stacked", text: 15, leafGap: 34, cousinGap: 38, dy: 70, top: 24, bottom: R + 46 },
};
// Names longer than this are shortened when packed (roomy draws them whole, as it always did).
export const NAME_CHARS = { roomy: Infinity, compact: 6, stacked: 6 };

/** `name` shortened to `chars` characters, ending in "…" when cut. */
export function shortName(name, chars) {
  const text = String(name ?? "");
  return text.length <= chars ? text : `${text.slice(0, Math.max(1, chars - 1))}…`;
}

/** The longest value text the tree can show (leaf values; running values are among them). */
function longestValue(trace) {
  let longest = 2; // "−∞"
  for (const row of trace.nodes) {
    if (row.value !== undefined && row.value !== null) {
      longest = Math.max(longest, fmt(Number(row.value)).length);
    }
  }
  return longest;
}

/** Half the width of what is drawn at a node in a packed mode (shape, window, name). */
function packedHalfWidth(trace, id, mode, valueChars, names, text) {
  const shape = trace.children[id].length ? 1.12 * R : 0.85 * R;
  // "[α, β]": two values, brackets and a comma; stacked: "α=" and a value per line.
  const chars = mode.name === "stacked" ? valueChars + 2 : 2 * valueChars + 4;
  const windowText = trace.children[id].length ? (chars * CHAR_EM * text) / 2 : 0;
  const name = names ? shortName(names[id], NAME_CHARS[mode.name]).length * CHAR_EM * text : 0;
  // A leaf's name is centred under it; an inner node's sits at its top left.
  const nameHalf = trace.children[id].length ? 0 : name / 2;
  return Math.max(shape, windowText, nameHalf);
}

/** d3's tidy tree of `root` in packed `mode`, `half(d)` being the room a node needs each side
 * and `extra(a, b)` any more between `a` and its right neighbour `b`: its nodes, level by level. */
function packTree(root, mode, half, extra = () => 0) {
  d3
    .tree()
    .nodeSize([1, mode.dy])
    .separation((a, b) => {
      const gap = a.parent === b.parent ? mode.leafGap : mode.cousinGap;
      return Math.max(gap, half(a) + half(b) + 4 + extra(a, b));
    })(root);
  return root.descendants();
}

/** The whole tree as nested items {id, children, folded: false, leaf}, as tree/fold.js's cut. */
function wholeCut(trace) {
  const ids = [];
  const build = (id) => {
    ids.push(id);
    const kids = trace.children[id];
    if (!kids.length) return { id, children: null, folded: false, leaf: true };
    return { id, children: kids.map(build), folded: false, leaf: false };
  };
  return { root: build(0), ids, placeholders: [] };
}

/** The whole tree laid out in `mode`: d3 hierarchy nodes and the box {x0, x1, y0, y1}.
 * Packed with `captions` (the edges' moves), each node is as wide as its edge's caption too. */
export function layoutWhole(trace, mode, names = null, captions = false) {
  const cut = wholeCut(trace);
  const valueChars = longestValue(trace);
  const text = valueChars >= LONG_VALUE_CHARS ? 12 : mode.text;
  let drawn;
  if (mode.name === "roomy") {
    drawn = layoutCut(cut);
  } else {
    const caption = (id) => (captions ? captionHalf(trace, id) : 0);
    const half = (d) => Math.max(packedHalfWidth(trace, d.data.id, mode, valueChars, names, text), caption(d.data.id));
    drawn = packTree(
      d3.hierarchy(cut.root, (item) => item.children),
      mode,
      half
    );
  }
  let x0 = Infinity;
  let x1 = -Infinity;
  let y1 = 0;
  for (const d of drawn) {
    const id = d.data.id;
    const inner = trace.children[id].length > 0;
    let left;
    let right;
    if (mode.name === "roomy") {
      left = inner ? R + 44 : R + 14;
      right = inner ? R + 26 : R + 14;
    } else {
      const caption = captions ? captionHalf(trace, id) : 0;
      const half = Math.max(packedHalfWidth(trace, id, mode, valueChars, names, text), caption);
      const name = names ? shortName(names[id], NAME_CHARS[mode.name]).length * CHAR_EM * text : 0;
      left = inner ? Math.max(half, R + 5 + name) : half;
      right = half;
    }
    x0 = Math.min(x0, d.x - left);
    x1 = Math.max(x1, d.x + right);
    y1 = Math.max(y1, d.y);
  }
  // Room for the cutoff notes' extra rows (a note that would run into another goes a row
  // lower): two-line notes roomy, one-line packed (the first two rows are in its bottom).
  const xs = new Float64Array(trace.size);
  for (const d of drawn) xs[d.data.id] = d.x;
  const packed = mode.name !== "roomy";
  const rows = cutoffRows(trace, (id) => xs[id], packed, R);
  const notes = packed ? Math.max(0, rows - 1) * 18 : rows * 48;
  return { cut, drawn, text, bounds: { x0, x1, y0: -mode.top, y1: y1 + mode.bottom + notes } };
}

/** The zoom that fits `bounds` in a `width` × `height` box, and the transform centring it. */
function centred(bounds, width, height, maxScale) {
  const bw = bounds.x1 - bounds.x0;
  const bh = bounds.y1 - bounds.y0;
  const k = Math.min(width / bw, height / bh, maxScale);
  return {
    k,
    x: width / 2 - (k * (bounds.x0 + bounds.x1)) / 2,
    y: height / 2 - (k * (bounds.y0 + bounds.y1)) / 2,
  };
}

const wholeCache = new WeakMap(); // trace → Map(key → a mode's whole layout)

/** A mode's whole-tree layout, computed once per trace, mode, names and room above. */
function cachedLayout(trace, mode, names, captions) {
  let byKey = wholeCache.get(trace);
  if (!byKey) {
    byKey = new Map();
    wholeCache.set(trace, byKey);
  }
  const key = `${mode.name}|${mode.dy}|${names ? names.length : 0}|${captions}`;
  if (!byKey.has(key)) byKey.set(key, layoutWhole(trace, mode, names, captions));
  return byKey.get(key);
}

const captionCache = new WeakMap(); // trace → whether its edges have captions

function captionsOf(trace) {
  if (!captionCache.has(trace)) captionCache.set(trace, hasCaptions(trace));
  return captionCache.get(trace);
}

const shapeCache = new WeakMap(); // trace → {leaves, deepest}

/** A quick bound: can the tree's leaves stand side by side in `width` at the floor at all? */
function mightFit(trace, width, height, floorPx) {
  if (trace.size > WHOLE_LIMIT) return false;
  if (!shapeCache.has(trace)) {
    let leaves = 0;
    let deepest = 0;
    for (let i = 0; i < trace.size; i++) {
      if (!trace.children[i].length) leaves++;
      if (trace.depth[i] > deepest) deepest = trace.depth[i];
    }
    shapeCache.set(trace, { leaves, deepest });
  }
  const { leaves, deepest } = shapeCache.get(trace);
  const k = floorPx / MODES.compact.text; // the smallest zoom any mode allows
  return (leaves - 1) * MODES.compact.leafGap * k <= width && deepest * MODES.compact.dy * k <= height;
}

/**
 * Where to draw state `s` of `trace` in a box of `box.width` × `box.height` CSS px
 * (`box.left`: {roomy, compact, stacked} px at the left kept for the level ruler in each).
 * Options: preferredPx (the value size to aim for), floorPx, names (the nodes' full names,
 * for their widths), fitAll (fold to what fits at the floor, not at the preferred size),
 * roomAbove (tree units kept free above every node, for an overlay's badges),
 * final and the user's folds (tree/fold.js's open, folded, pinned, all).
 */
export function fit(trace, s, box, options = {}) {
  const { preferredPx = FLOOR_PX, floorPx = FLOOR_PX, names = null, fitAll = false } = options;
  const above = options.roomAbove || 0;
  const left = box.left || { roomy: 0, compact: 0, stacked: 0 };
  const candidates = [];
  const captions = captionsOf(trace);
  if (trace.size && !options.foldedByUser && mightFit(trace, box.width, box.height, floorPx)) {
    for (const base of [MODES.roomy, MODES.compact, MODES.stacked]) {
      // Room above every node for an overlay (question heat badges), and packed, between the
      // levels for the edges' captions under the parent's window: packed levels move apart.
      const extra = base === MODES.roomy ? 0 : above + (captions ? WHOLE_CAPTION_ROOM[base.name] : 0);
      const mode = extra ? { ...base, dy: base.dy + extra, top: base.top + above } : base;
      const laid = cachedLayout(trace, mode, names, captions && base !== MODES.roomy);
      const width = Math.max(1, box.width - left[mode.name]);
      const maxScale = (preferredPx / laid.text) * FIT_MAX_ZOOM;
      const view = centred(laid.bounds, width, box.height, maxScale);
      candidates.push({ mode, laid, view, px: view.k * laid.text, offset: left[mode.name] });
    }
  }
  const roomy = candidates[0];
  let best = roomy && roomy.px >= preferredPx ? roomy : null;
  if (!best) {
    for (const c of candidates) if (c.px >= floorPx - 1e-9 && (!best || c.px > best.px)) best = c;
  }
  if (best) {
    const { laid, view, mode } = best;
    return {
      whole: true,
      mode: mode.name,
      overview: true,
      captions: true,
      captionRoom: captions && mode.name !== MODES.roomy.name, // levels apart, captions 14 units
      drawn: laid.drawn,
      cut: laid.cut,
      scale: view.k,
      floorScale: floorPx / laid.text,
      textUnits: laid.text,
      levelGap: mode.dy,
      transform: { k: view.k, x: view.x + best.offset, y: view.y },
    };
  }
  return foldToFit(trace, s, box, { ...options, preferredPx, floorPx, fitAll, left });
}

/** Leaf slots that fit across `width` px at `px` CSS px values (in `mode`'s spacing). */
export function slotsAcross(width, px, mode = MODES.roomy) {
  const gap = mode === MODES.roomy ? DX : mode.leafGap;
  return Math.max(5, Math.floor(width / (gap * (px / mode.text))));
}

// Packed, the edges' captions (a game's moves, "G1 up") stand between a parent's window and
// its children: the levels move apart by this much, and the captions are CAPTION_UNITS tall.
const CAPTION_ROOM = 18;
const CAPTION_UNITS = 14;
// The whole tree packed: a stacked window is two lines, so its captions need more room.
const WHOLE_CAPTION_ROOM = { compact: CAPTION_ROOM, stacked: CAPTION_ROOM + 6 };
const CAPTIONED = { ...MODES.compact, dy: MODES.compact.dy + CAPTION_ROOM };
// What the context of a step needs in height beyond its two level gaps, in tree units: the
// room tree/camera.js's nodeBox keeps above the parent and below the deepest child.
const contextEdges = (mode) => {
  const { above, below } = NODE_EDGES[mode === MODES.roomy ? "roomy" : "packed"];
  return above + below;
};

/** Half the width of node `id`'s edge caption drawn packed (CAPTION_UNITS), 0 without one. */
function captionHalf(trace, id) {
  const row = trace.nodes[id];
  const action = row.action === undefined ? undefined : directionName(String(row.action));
  const parts = [action, row.p === undefined ? undefined : `p=${fmt(row.p)}`];
  const chars = parts.filter((part) => part !== undefined).join(" · ").length;
  return chars ? (chars * CHAR_EM * CAPTION_UNITS) / 2 + 4 : 0;
}

/** Whether any edge of the tree has a caption (a move, a probability: tree/links.js). */
export function hasCaptions(trace) {
  return trace.nodes.some((row) => row.action !== undefined || row.p !== undefined);
}

/**
 * How a folded cut is drawn in a box: `box.foldHeight` px tall with the overview (minimap)
 * under it, `box.height` without. The current node, its parent and its children (three
 * levels) must fit at the floor. Roomy when they do in it with the overview, as on every
 * screen but a short frame; else compact (texts down to 0.8, levels about half as far apart),
 * with room for the edges' captions (when the tree has any) and the overview while they fit,
 * the overview given up first. {mode, overview, captions}.
 */
export function foldPlan(box, floorPx = FLOOR_PX, captions = false) {
  const fits = (mode, height) => (2 * mode.dy + contextEdges(mode)) * (floorPx / mode.text) <= height;
  const withOverview = box.foldHeight ?? box.height;
  if (fits(MODES.roomy, withOverview)) return { mode: MODES.roomy, overview: true, captions };
  const plans = [
    { mode: CAPTIONED, overview: true, captions: true },
    { mode: CAPTIONED, overview: false, captions: true },
    { mode: MODES.compact, overview: true, captions: false },
  ];
  const fitting = plans.find((plan) => (captions || !plan.captions) && fits(plan.mode, plan.overview ? withOverview : box.height));
  return fitting || { mode: MODES.compact, overview: false, captions: false };
}

const MIN_BUDGET = 10; // leaf slots drawn however narrow the box: the path and its siblings

/**
 * The last resort: tree/fold.js's focus-and-context cut, roomy unless the box is short. Its
 * answer also says whether the overview (`overview`) and the edges' captions (`captions`)
 * have room.
 */
function foldToFit(trace, s, box, options) {
  const { preferredPx, floorPx, fitAll, final = false, left } = options;
  const { mode, overview, captions } = foldPlan(box, floorPx, captionsOf(trace));
  const px = fitAll ? floorPx : preferredPx;
  const slots = slotsAcross(Math.max(1, box.width - left[mode.name]), px, mode);
  const cut = foldTree(trace, s, {
    budget: Math.max(MIN_BUDGET, slots),
    maxSiblings: slots,
    final,
    all: options.all,
    open: options.open,
    folded: options.folded,
    pinned: options.pinned,
  });
  return {
    whole: false,
    mode: mode.name,
    overview,
    captions,
    captionRoom: mode === CAPTIONED, // levels moved apart for the captions (drawn 14 units)
    cut,
    drawn: null, // laid out by the caller when the cut changes (layoutFolded): cheap, and rare
    scale: px / mode.text,
    floorScale: floorPx / mode.text,
    textUnits: mode.text,
    levelGap: mode.dy,
    transform: null,
  };
}

// Packed, a folded node's summary ("1,234 nodes", "unsearched") hangs under it, 15 units a
// line, as wide as this either side; a spacer child keeps the level below it free for it.
const PACKED_SUMMARY_HALF = 52;
const PACKED_MORE_HALF = 44; // "… 12 more" at 15 units

/**
 * fit()'s folded answer (`folded`: its cut, mode and levelGap) laid out: roomy, as
 * tree/layout.js places it; packed, at its level gap with each node as wide as what it shows
 * (its edge's caption too, when drawn). d3 hierarchy nodes with x, y in tree units.
 */
export function layoutFolded(trace, folded, names = null) {
  const { cut, mode: modeName, levelGap, captions } = folded;
  if (modeName === MODES.roomy.name) return layoutCut(cut);
  const mode = { ...MODES[modeName], dy: levelGap };
  const valueChars = longestValue(trace);
  const text = valueChars >= LONG_VALUE_CHARS ? 12 : mode.text;
  const spacer = { id: -2, spacer: true, children: null };
  const root = d3.hierarchy(cut.root, (item) => (item.folded ? [spacer] : item.children));
  const half = (d) => {
    if (d.data.spacer) return PACKED_SUMMARY_HALF;
    if (d.data.id < 0) return PACKED_MORE_HALF;
    const id = d.data.id;
    const caption = captions ? captionHalf(trace, id) : 0;
    const own = Math.max(packedHalfWidth(trace, id, mode, valueChars, names, text), caption);
    return d.data.folded ? Math.max(own, PACKED_SUMMARY_HALF) : own;
  };
  // An inner node's name sits at its top left (tree/nodes.js), where a folded node's summary
  // hangs from the level above: its spacer, on the left in d3's apportion, keeps clear of it.
  const nameReach = (d) => {
    const id = d.data.id;
    if (!names || id < 0 || !trace.children[id].length) return 0;
    return R + 5 + shortName(names[id], NAME_CHARS[modeName]).length * CHAR_EM * text;
  };
  const clearOfName = (a, b) => (a.data.spacer ? Math.max(0, nameReach(b) - half(b)) : 0);
  const drawn = [];
  for (const d of packTree(root, mode, half, clearOfName)) {
    if (!d.data.spacer) drawn.push(d);
    else delete d.parent.children; // the spacer only held room: its folded node is a leaf here
  }
  return drawn;
}
