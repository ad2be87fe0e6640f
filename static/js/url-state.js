// url-state.js: the address bar is a link to the current view.
//   ?preset=NAME | ?tree=<tree JSON, URI-encoded> | ?random=<random-tree params JSON>
//   &algorithm=…&rule=…&players=max,min,min&depth=N&ordering=…&seed=N&step=N|end

const OPTION_KEYS = ["algorithm", "rule", "players", "depth", "ordering", "seed"];
const MAX_TREE_URL_CHARS = 6000; // beyond this the tree is not put in the URL
const WRITE_INTERVAL_MS = 300; // history.replaceState is rate-limited by browsers
const KEPT_KEYS = ["lecture", "present"]; // lecture mode's own (lecture.js): kept as they are

/** Read the view from a query string: {source, options, step} (step: number | "end" | null). */
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
  return { source, options, step };
}

/** The query string for a view. */
export function buildQuery({ source, options, step }) {
  const params = new URLSearchParams();
  if (source) {
    if (source.kind === "preset") params.set("preset", source.name);
    else if (source.kind === "random") params.set("random", JSON.stringify(source.params));
    else if (source.kind === "paste" && source.text.length <= MAX_TREE_URL_CHARS) {
      params.set("tree", compactJson(source.text));
    }
  }
  for (const key of OPTION_KEYS) {
    const value = options ? options[key] : undefined;
    if (value === undefined || value === null || value === "") continue;
    params.set(key, Array.isArray(value) ? value.join(",") : String(value));
  }
  if (step !== null && step !== undefined) params.set("step", String(step));
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

export class UrlState {
  constructor() {
    this.pending = null;
    this.timer = null;
    this.lastWrite = 0;
  }

  /** Replace the URL with the view (throttled; the last call always wins). */
  write(view) {
    this.pending = view;
    if (this.timer !== null) return;
    const wait = Math.max(0, this.lastWrite + WRITE_INTERVAL_MS - performance.now());
    this.timer = setTimeout(() => this.flush(), wait);
  }

  flush() {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (!this.pending) return;
    const params = new URLSearchParams(buildQuery(this.pending));
    const current = new URLSearchParams(window.location.search);
    for (const key of KEPT_KEYS) if (current.has(key)) params.set(key, current.get(key));
    const query = params.toString();
    this.pending = null;
    this.lastWrite = performance.now();
    const url = `${window.location.pathname}${query ? `?${query}` : ""}`;
    if (url !== `${window.location.pathname}${window.location.search}`) {
      window.history.replaceState(null, "", url);
    }
  }
}
