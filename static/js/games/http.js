// http.js: the game routes' addresses, and api.js's GET (errors with the server's message,
// a 429 waited out after Retry-After).

export { getJson } from "../lib/api.js";

/** `path` with the query `params` (entries with an empty value left out). */
export function withQuery(path, params) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== "") query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
