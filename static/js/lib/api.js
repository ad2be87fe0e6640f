// lib/api.js: the JSON routes (fetch). Errors become ApiError with the server's {error, path, field}.
// A 429 (too many requests from this address: a class behind one NAT) is retried after the
// server's Retry-After, or a short backoff, a few times before it becomes an error. The trees
// and traces of presets and saved views come from cacheable GETs, which the server does not
// rate limit and the browser may keep.

import { language } from "./i18n.js";

const RETRIES = 5; // retries of a 429
const BACKOFF_MS = 500; // the first wait without Retry-After; doubled each time
const MAX_WAIT_MS = 30_000; // the longest single wait
const OPTION_KEYS = ["algorithm", "rule", "players", "depth", "ordering", "seed", "guess", "bounds"];
OPTION_KEYS.push("fail", "window", "aspiration"); // the windowed searches' (docs/algorithms.md)

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long to wait before retry number `attempt` (0-based) after a 429 `response`. */
export function retryDelay(response, attempt) {
  const header = response.headers.get("Retry-After");
  const seconds = header !== null && /^\d+$/.test(header.trim()) ? Number(header) : null;
  const base = seconds !== null ? seconds * 1000 : BACKOFF_MS * 2 ** attempt;
  const jitter = Math.random() * Math.min(base, 1000) * 0.5; // a class should not retry in step
  return Math.min(MAX_WAIT_MS, base + jitter);
}

export class ApiError extends Error {
  constructor(message, { status = 0, path = null, field = null } = {}) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.path = path;
    this.field = field;
  }
}

/** `url` asking for a refusal in the page's language (`lang=` wins over the cookie and the
 * browser's Accept-Language, as the page's own address does). The cacheable GETs keep one
 * address for every language; the POSTs, whose input a person typed, carry it. */
export function inPageLanguage(url, method) {
  if (method === "GET") return url;
  return `${url}${url.includes("?") ? "&" : "?"}lang=${encodeURIComponent(language())}`;
}

async function request(url, { method = "GET", body, onRetry = null, signal } = {}) {
  url = inPageLanguage(url, method);
  const init = { method, headers: { Accept: "application/json" }, signal };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  for (let attempt = 0; ; attempt++) {
    try {
      response = await fetch(url, init);
    } catch (err) {
      if (err.name === "AbortError") throw err; // the caller cancelled: not a failure
      throw new ApiError(`The server cannot be reached (${err.message}).`);
    }
    if (response.status !== 429 || attempt >= RETRIES) break;
    const wait = retryDelay(response, attempt);
    if (onRetry) onRetry({ attempt: attempt + 1, wait });
    await sleep(wait);
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const message = (data && data.error) || `${response.status} ${response.statusText}`;
    throw new ApiError(message, {
      status: response.status,
      path: data && Array.isArray(data.path) ? data.path : null,
      field: (data && data.field) || null,
    });
  }
  return data;
}

/** Any JSON route by GET (the game pages'): `signal` (an AbortSignal) cancels it. */
export function getJson(url, { onRetry, signal } = {}) {
  return request(url, { onRetry, signal });
}

/** A preset's tree document, its title, description and answer in the page's language. */
export function getPreset(name, { onRetry } = {}) {
  const lang = encodeURIComponent(language());
  return request(`/api/presets/${encodeURIComponent(name)}?lang=${lang}`, { onRetry });
}

/** The query of a cacheable trace: the options (in a fixed order) and the engine version. */
function traceQuery(options, version) {
  const params = new URLSearchParams();
  for (const key of OPTION_KEYS) {
    const value = options ? options[key] : undefined;
    if (value === undefined || value === null || value === "") continue;
    params.set(key, Array.isArray(value) ? value.join(",") : String(value));
  }
  if (version) params.set("v", version);
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** A preset's trace with `options` (as POST /api/trace answers), from a cacheable GET. */
export function presetTrace(name, options, { version, onRetry } = {}) {
  const path = `/api/presets/${encodeURIComponent(name)}/trace${traceQuery(options, version)}`;
  return request(path, { onRetry });
}

/** A saved view's trace, `options` over the view's own, from a cacheable GET. */
export function viewTrace(id, options, { version, onRetry } = {}) {
  const path = `/api/views/${encodeURIComponent(id)}/trace${traceQuery(options, version)}`;
  return request(path, { onRetry });
}

/** A random tree document: {seed, depth, branching (int or [lo, hi]), low, high, real, ragged}. */
export function randomTree(params, { onRetry } = {}) {
  return request("/api/random", { method: "POST", body: params, onRetry });
}

/** The whole trace at once: {nodes, summary, events, options}. */
export function traceTree(tree, options, { onRetry } = {}) {
  return request("/api/trace", { method: "POST", body: { tree, options }, onRetry });
}

/** Generate and keep an exam (docs/exams.md): {id, print, key, tex}. */
export function createExam(spec) {
  return request("/api/exams", { method: "POST", body: spec });
}

/** A saved view (short link /t/<id>): {tree, options}. */
export function getView(id, { onRetry } = {}) {
  return request(`/api/views/${encodeURIComponent(id)}`, { onRetry });
}

/** Save a view for a short link: {id, url, embed} (the same view always gets the same id). */
export function saveView(tree, options) {
  return request("/api/views", { method: "POST", body: { tree, options } });
}

/** A tree in any course format (docs/formats.md), CS188's .test included:
 * `{format, tree, document}` (errors name the format, line and column). */
export function importTree(text) {
  return request("/api/import", { method: "POST", body: { text } });
}

/** The tree run with `options`, at `step`, as text in `format` (docs/formats.md): {text}. */
export function exportTree(tree, options, step, format) {
  return request("/api/export", { method: "POST", body: { tree, options, step, format } });
}

/** A tree document and options as a CS188 test file and its solution: {text, solution}. */
export function cs188Export(tree, options) {
  return request("/api/cs188/export", { method: "POST", body: { tree, options } });
}
