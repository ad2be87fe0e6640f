// api.js: the JSON routes (fetch). Errors become ApiError with the server's {error, path, field}.

export class ApiError extends Error {
  constructor(message, { status = 0, path = null, field = null } = {}) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.path = path;
    this.field = field;
  }
}

async function request(url, { method = "GET", body } = {}) {
  const init = { method, headers: { Accept: "application/json" } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(url, init);
  } catch (err) {
    throw new ApiError(`The server cannot be reached (${err.message}).`);
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

export function getPreset(name) {
  return request(`/api/presets/${encodeURIComponent(name)}`);
}

/** A random tree document: {seed, depth, branching (int or [lo, hi]), low, high, real, ragged}. */
export function randomTree(params) {
  return request("/api/random", { method: "POST", body: params });
}

/** The whole trace at once: {nodes, summary, events, options}. */
export function traceTree(tree, options) {
  return request("/api/trace", { method: "POST", body: { tree, options } });
}

/** A saved view (short link /t/<id>): {tree, options}. */
export function getView(id) {
  return request(`/api/views/${encodeURIComponent(id)}`);
}

/** Save a view for a short link: {id, url, embed} (the same view always gets the same id). */
export function saveView(tree, options) {
  return request("/api/views", { method: "POST", body: { tree, options } });
}

/** A CS188 game-tree test file as a tree document (errors name the line). */
export function cs188Import(text) {
  return request("/api/cs188/import", { method: "POST", body: { text } });
}

/** A tree document and options as a CS188 test file: {text}. */
export function cs188Export(tree, options) {
  return request("/api/cs188/export", { method: "POST", body: { tree, options } });
}
