// http.js: GET a game route's JSON. The games' routes answer errors as 4xx with {"error"}; a
// 429 (a whole class behind one address) is waited out after Retry-After a few times, as
// api.js does for the visualizer's routes (its request() is private, so this is its twin).

const RETRIES = 3;
const BACKOFF_MS = 500;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The JSON at `url`; throws an Error with the server's message on a failure. */
export async function getJson(url, { signal } = {}) {
  let response;
  for (let attempt = 0; ; attempt++) {
    try {
      response = await fetch(url, { headers: { Accept: "application/json" }, signal });
    } catch (err) {
      if (err.name === "AbortError") throw err;
      throw new Error(`the server cannot be reached (${err.message})`);
    }
    if (response.status !== 429 || attempt >= RETRIES) break;
    const header = Number(response.headers.get("Retry-After"));
    await sleep(Number.isFinite(header) && header > 0 ? header * 1000 : BACKOFF_MS * 2 ** attempt);
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) throw new Error((data && data.error) || `${response.status} ${response.statusText}`);
  return data;
}

/** `path` with the query `params` (entries with an empty value left out). */
export function withQuery(path, params) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== "") query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
