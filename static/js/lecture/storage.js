// lecture/storage.js: what of a lecture outlives a reload. The presenter's key (and the last
// seq sent) stays in this browser's localStorage, keyed by room code, never in a link; the
// address bar only says ?present=CODE (presenter) or ?lecture=CODE (student).
// Storage may be unavailable (private mode, full): presenting still works without it.

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
