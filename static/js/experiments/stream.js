// stream.js: one run of an experiment, read as it streams (GET /api/experiments/<name>).
// The server sends NDJSON: {columns, total}, then {row, done} per row, then {summary}; a bad
// parameter is a 400 {error, field} before the stream, and a busy server sends one line
// {error}. Cancel is the caller's AbortSignal: aborting closes the request, and the server
// stops at its next row (app/web/experiments.py). The page's own words are in its language
// (lib/i18n.js).

import { _, ngettext } from "../lib/i18n.js";

export class ExperimentError extends Error {
  /**
   * field: the query parameter the server blamed (a 400), else null; for a 429, reason: the
   * server's words ("" when it gave none) and retryAfter: the seconds it said to wait (or 0).
   */
  constructor(message, { field = null, status = 0, reason = "", retryAfter = 0 } = {}) {
    super(message);
    this.name = "ExperimentError";
    this.field = field;
    this.status = status;
    this.reason = reason;
    this.retryAfter = retryAfter;
  }
}

/** The address of a run: params is a plain object of query parameters. */
export function experimentUrl(name, params) {
  const query = new URLSearchParams(params).toString();
  return `/api/experiments/${encodeURIComponent(name)}${query ? `?${query}` : ""}`;
}

/**
 * Run experiment `name` and resolve to {columns, total, rows, summary}. onHeader({columns,
 * total}) and onRow(row, done, total) are called as lines arrive. Rejects with an
 * ExperimentError, or with the AbortError of `signal` when the caller cancels.
 */
export async function streamExperiment(name, params, { signal, onHeader, onRow } = {}) {
  let response;
  try {
    response = await fetch(experimentUrl(name, params), {
      headers: { Accept: "application/x-ndjson" },
      signal,
    });
  } catch (err) {
    if (err.name === "AbortError") throw err;
    throw new ExperimentError(_("The server cannot be reached ({error}).", { error: err.message }));
  }
  if (!response.ok) throw await responseError(response);

  const result = { columns: [], total: 0, rows: [], summary: undefined };
  for await (const item of ndjsonLines(response.body)) {
    if (item.error) throw new ExperimentError(item.error, { status: response.status });
    if (item.columns) {
      result.columns = item.columns;
      result.total = item.total;
      if (onHeader) onHeader(result);
    } else if (item.row) {
      result.rows.push(item.row);
      if (onRow) onRow(item.row, item.done, result.total);
    } else if ("summary" in item) {
      result.summary = item.summary;
    }
  }
  // The summary is the last line: without it the connection broke mid-run.
  if (result.summary === undefined) {
    throw new ExperimentError(_("The run stopped before it finished (the connection was lost)."));
  }
  return result;
}

/** The JSON objects of an NDJSON body, one per line, as they arrive. */
async function* ndjsonLines(body) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      buffered += decoder.decode(value || new Uint8Array(), { stream: !done });
      let end;
      while ((end = buffered.indexOf("\n")) >= 0) {
        const line = buffered.slice(0, end).trim();
        buffered = buffered.slice(end + 1);
        if (line) yield JSON.parse(line);
      }
      if (done) break;
    }
    if (buffered.trim()) yield JSON.parse(buffered);
  } finally {
    reader.releaseLock();
  }
}

/** The error a refused request carries: the server's {error, field}, or its status. */
async function responseError(response) {
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (response.status === 429) {
    const wait = Number(response.headers.get("Retry-After")) || 0;
    // The server says why: this address's experiment still runs, or the server is full.
    const reason = (data && data.error) || "";
    const why = reason && `${reason[0].toUpperCase()}${reason.slice(1)}`;
    let message;
    if (why && wait)
      message = ngettext("{reason} (try again in {n} second).", "{reason} (try again in {n} seconds).", wait, { reason: why });
    else if (why) message = _("{reason} (try again in a moment).", { reason: why });
    else if (wait)
      message = ngettext(
        "Too many requests from this address; try again in {n} second.",
        "Too many requests from this address; try again in {n} seconds.",
        wait
      );
    else message = _("Too many requests from this address; try again in a moment.");
    return new ExperimentError(message, { status: 429, reason, retryAfter: wait });
  }
  const message = (data && data.error) || _("The server answered {status} {text}.", { status: response.status, text: response.statusText });
  return new ExperimentError(message, {
    field: (data && data.field) || null,
    status: response.status,
  });
}
