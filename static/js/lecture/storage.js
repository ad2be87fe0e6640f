// lecture/storage.js: what of a lecture outlives a reload. The presenter's key (and the last
// seq sent) stays in this browser's localStorage, keyed by room code, never in a link; the
// address bar only says ?present=CODE (presenter) or ?lecture=CODE (student).
// Storage may be unavailable (private mode, full): presenting still works without it.
// A student's anonymous token (sessionStorage) is sent with lecture:join and lecture:answer.

const STORE_PREFIX = "prune.lecture.";

/** The presenter's {key, seq} for room `code`, or null. */
export function loadKey(code) {
  try {
    const raw = window.localStorage.getItem(STORE_PREFIX + code);
    const data = raw ? JSON.parse(raw) : null;
    if (!data || typeof data.key !== "string") return null;
    return { key: data.key, seq: Number(data.seq) || 0 };
  } catch {
    return null;
  }
}

export function saveKey(code, key, seq) {
  try {
    window.localStorage.setItem(STORE_PREFIX + code, JSON.stringify({ key, seq }));
  } catch {
    // private mode or storage full: presenting still works, only a reload loses the room
  }
}

export function forgetKey(code) {
  try {
    window.localStorage.removeItem(STORE_PREFIX + code);
  } catch {
    // nothing to forget
  }
}

/** The address bar names the room (`name`: "present" or "lecture"), or none (null). */
export function setUrlParam(name, value) {
  const params = new URLSearchParams(window.location.search);
  for (const other of ["lecture", "present"]) params.delete(other);
  if (value) params.set(name, value);
  const query = params.toString();
  window.history.replaceState(null, "", `${window.location.pathname}${query ? `?${query}` : ""}`);
}

const STUDENT_KEY = "prune.lecture.student";

/** This tab's anonymous token: random, kept for the tab's life, never tied to a person. */
let pageToken = null; // the token when sessionStorage cannot keep it (private mode)

export function studentToken() {
  try {
    const kept = window.sessionStorage.getItem(STUDENT_KEY);
    if (kept) return kept;
  } catch {
    // private mode: a token for this page only
  }
  if (pageToken) return pageToken;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const token = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
  pageToken = token;
  try {
    window.sessionStorage.setItem(STUDENT_KEY, token);
  } catch {
    // not kept: a reload answers as a new student
  }
  return token;
}
