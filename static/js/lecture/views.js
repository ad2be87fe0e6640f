// lecture/views.js: a lecture view ({tree, options}: what a presenter sends and students run),
// pure (no DOM at import time: importable in plain Node). Which options a view carries, what
// a view runs with, and the key that tells two views apart.

import { DEFAULT_OPTIONS } from "../lib/search-options.js";

/** Two views with the same key show the same trace. */
export function viewKey(view) {
  return view ? JSON.stringify([view.tree, view.options]) : null;
}

/** The search options a view carries: the known ones that are set. */
export function viewOptions(options) {
  if (!options) return {};
  const out = {};
  for (const key of Object.keys(DEFAULT_OPTIONS)) {
    if (options[key] !== undefined) out[key] = options[key];
  }
  return out;
}

/** The options a view runs with: the defaults, then the document's own, then the view's. */
export function runOptions(view) {
  const doc = view.tree;
  const own = {};
  if (doc && typeof doc === "object" && !Array.isArray(doc) && "tree" in doc) {
    if (doc.options && typeof doc.options === "object") Object.assign(own, doc.options);
    if (doc.players) own.players = doc.players;
  }
  return { ...DEFAULT_OPTIONS, ...own, ...(view.options || {}) };
}
