// compare/load.js: the tree the address names and its two searches, fetched whole (no
// socket), as the embed fetches one: a preset's tree and traces from cacheable GETs
// (/api/presets/<name>[/trace]); any other tree (random=, tree=, z=) once, then its two
// traces from POST /api/trace. A 429 is retried after Retry-After (api.js).

import { getPreset, presetTrace, randomTree, traceTree } from "../lib/api.js";
import { _ } from "../lib/i18n.js";
import { PACKED_PARAM, unpackView } from "../lib/packed-view.js";
import { Trace } from "../trace/trace.js";
import { readUrl } from "../lib/url-state.js";

export const DEFAULT_PRESET = "textbook";

/** A complete Trace from a trace answer ({nodes, options, events, summary}). */
function toTrace(result) {
  const trace = new Trace(result.nodes, result.options);
  trace.append(result.events);
  trace.finish(result.summary);
  return trace;
}

/**
 * What the address names: {source, shared, step, presetName} where `source` is readUrl's
 * (null for a packed tree), `shared` the options both sides start from (a packed link's own,
 * then the address's), `presetName` the preset (or null).
 */
export function readTreeSource(search = window.location.search) {
  const url = readUrl(search);
  const params = new URLSearchParams(search);
  const packed = !url.source && params.get(PACKED_PARAM);
  const source = url.source || (packed ? null : { kind: "preset", name: DEFAULT_PRESET });
  return {
    source,
    packed: packed || null,
    shared: url.options,
    step: url.step,
    presetName: source && source.kind === "preset" ? source.name : null,
  };
}

/**
 * The tree and both traces: {doc, left, right} (Traces). `sides`: {left, right} option sets
 * over the shared ones; `version`: the engine version for the cacheable GETs.
 */
export async function loadComparison(where, sides, { version = "", onRetry = null } = {}) {
  let shared = { ...where.shared };
  const optionsOf = (side) => ({ ...shared, ...sides[side] });
  if (where.presetName) {
    const name = where.presetName;
    const [doc, left, right] = await Promise.all([
      getPreset(name, { onRetry }),
      presetTrace(name, optionsOf("left"), { version, onRetry }),
      presetTrace(name, optionsOf("right"), { version, onRetry }),
    ]);
    return { doc, left: toTrace(left), right: toTrace(right) };
  }
  let doc;
  if (where.packed) {
    const saved = await unpackView(where.packed);
    doc = saved.tree;
    shared = { ...(saved.options || {}), ...shared };
  } else if (where.source.kind === "random") {
    doc = (await randomTree(where.source.params, { onRetry })).tree;
  } else {
    try {
      doc = JSON.parse(where.source.text);
    } catch {
      throw new Error(_("The tree in this link is not valid JSON."));
    }
  }
  const [left, right] = await Promise.all([
    traceTree(doc, optionsOf("left"), { onRetry }),
    traceTree(doc, optionsOf("right"), { onRetry }),
  ]);
  return { doc, left: toTrace(left), right: toTrace(right) };
}
