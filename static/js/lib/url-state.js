// lib/url-state.js: the address bar is a link to the current view.
//   ?preset=NAME | ?tree=<tree JSON, URI-encoded> | ?random=<random-tree params JSON>
//   | ?z=<tree document, packed as share.js packs permalinks>
//   &algorithm=…&rule=…&players=max,min,min&depth=N&ordering=…&seed=N&guess=F&bounds=L,U
//   &fail=hard&window=A,B&aspiration=GUESS,DELTA (the windowed searches)
//   &step=N|end&form=minimax (a negamax trace's numbers in minimax form)
// The server refuses longer addresses (414), so no address written here is over the page's
// limit: a pasted tree too long for ?tree= is packed (?z=); one too long even packed is left
// out of the address and kept in the history entry's state, which a reload restores.

import { PACKED_PARAM, packView } from "./packed-view.js";

const OPTION_KEYS = ["algorithm", "rule", "players", "depth", "ordering", "seed", "guess", "bounds"];
OPTION_KEYS.push("fail", "window", "aspiration"); // the windowed searches' (docs/algorithms.md)
// The longest address (origin included) the server accepts when the page does not say
// (index.html's data-max-url-chars, from the server's public limits).
export const DEFAULT_MAX_URL_CHARS = 8000;
const WRITE_INTERVAL_MS = 300; // history.replaceState is rate-limited by browsers
// Kept as they are: lecture mode's own (lecture/storage.js) and the page's language (lang=).
const KEPT_KEYS = ["lecture", "present", "lang"];

/** Read the view from a query string: {source, options, step, form} (step: number | "end" |
 * null; form: "mover" | "minimax"). */
export function readUrl(search = window.location.search) {
  const params = new URLSearchParams(search);
  let source = null;
  if (params.has("preset")) {
    source = { kind: "preset", name: params.get("preset") };
  } else if (params.has("tree")) {
    source = { kind: "paste", text: params.get("tree") };
  } else if (params.has("random")) {
    try {
      source = { kind: "random", params: JSON.parse(params.get("random")) };
    } catch {
      source = null;
    }
  }
  const options = {};
  for (const key of OPTION_KEYS) {
    if (params.has(key) && params.get(key) !== "") options[key] = params.get(key);
  }
  let step = null;
  if (params.has("step")) {
    const raw = params.get("step");
    if (raw === "end") step = "end";
    else if (/^\d+$/.test(raw)) step = Number(raw);
  }
  const form = params.get("form") === "minimax" ? "minimax" : "mover";
  return { source, options, step, form };
}

/** The query string for a view. */
export function buildQuery({ source, options, step, form }) {
  const params = new URLSearchParams();
  if (source) {
    if (source.kind === "preset") params.set("preset", source.name);
    else if (source.kind === "random") params.set("random", JSON.stringify(source.params));
    else if (source.kind === "paste") params.set("tree", compactJson(source.text));
  }
  for (const key of OPTION_KEYS) {
    const value = options ? options[key] : undefined;
    if (value === undefined || value === null || value === "") continue;
    params.set(key, Array.isArray(value) ? value.join(",") : String(value));
  }
  if (step !== null && step !== undefined) params.set("step", String(step));
  if (form === "minimax") params.set("form", form);
  return params.toString();
}

/** Re-serialise JSON text without whitespace (falls back to the text as typed). */
export function compactJson(text) {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return text.trim();
  }
}

/** The history entry's view when its tree was too long for the address; else null. */
export function viewKeptInHistory() {
  const state = window.history.state;
  return state && state.prune && state.prune.source ? state.prune : null;
}

export class UrlState {
  /**
   * maxChars: the longest address to write. onTreeInUrl(inUrl): called when that changes,
   * with false when a tree was too long for any address and was left out.
   */
  constructor({ maxChars = DEFAULT_MAX_URL_CHARS, onTreeInUrl = () => {} } = {}) {
    this.maxChars = maxChars;
    this.onTreeInUrl = onTreeInUrl;
    this.pending = null;
    this.timer = null;
    this.lastWrite = 0;
    this.writes = 0;
    this.treeInUrl = true;
    this.packed = { text: null, value: null }; // the last pasted text packed, and its result
  }

  /** Replace the URL with the view (throttled; the last call always wins). */
  write(view) {
    this.pending = view;
    if (this.timer !== null) return;
    const wait = Math.max(0, this.lastWrite + WRITE_INTERVAL_MS - performance.now());
    this.timer = setTimeout(() => this.flush(), wait);
  }

  async flush() {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const view = this.pending;
    if (!view) return;
    this.pending = null;
    this.lastWrite = performance.now();
    const seq = ++this.writes;
    const { url, inUrl } = await this.address(view);
    if (seq !== this.writes) return; // a newer view was written while this one was packed
    const unchanged = url === `${window.location.pathname}${window.location.search}`;
    if (!unchanged || !inUrl || window.history.state !== null) {
      window.history.replaceState(inUrl ? null : { prune: view }, "", url);
    }
    if (inUrl !== this.treeInUrl) this.onTreeInUrl(inUrl);
    this.treeInUrl = inUrl;
  }

  /** The path and query of a view that fit in maxChars, and whether they hold its tree. */
  async address(view) {
    const url = this.url(new URLSearchParams(buildQuery(view)));
    if (this.fits(url) || !view.source || view.source.kind !== "paste") return { url, inUrl: true };
    const packed = await this.pack(view.source.text);
    if (packed !== null) {
      const params = new URLSearchParams([[PACKED_PARAM, packed]]);
      for (const [key, value] of new URLSearchParams(buildQuery({ ...view, source: null }))) {
        params.set(key, value);
      }
      const packedUrl = this.url(params);
      if (this.fits(packedUrl)) return { url: packedUrl, inUrl: true };
    }
    return { url: this.url(new URLSearchParams()), inUrl: false };
  }

  /** The pasted text as ?z= packs it ({tree: document}); null if it is not JSON. */
  async pack(text) {
    if (this.packed.text !== text) {
      let tree;
      try {
        tree = JSON.parse(text);
      } catch {
        return null;
      }
      this.packed = { text, value: await packView({ tree }) };
    }
    return this.packed.value;
  }

  /** Path and query, with lecture mode's own parameters kept as they are. */
  url(params) {
    const current = new URLSearchParams(window.location.search);
    for (const key of KEPT_KEYS) if (current.has(key)) params.set(key, current.get(key));
    const query = params.toString();
    return `${window.location.pathname}${query ? `?${query}` : ""}`;
  }

  fits(url) {
    return window.location.origin.length + url.length <= this.maxChars;
  }
}
