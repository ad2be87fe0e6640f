// visualizer/window-options.js: the options form's controls for the windowed searches
// (docs/algorithms.md): fail-soft or fail-hard, a root window "a,b" and aspiration
// "guess,delta", folded in a <details> until opened or set. Shown only for the algorithms
// that search with a window; read as the text the server takes (it names a bad value's
// field: the page shows its message).

const WINDOWED = ["alphabeta", "negamax", "pvs"];

/** The controls, found by id in the page (`$` is the page's getElementById). */
export function windowElements($) {
  return {
    group: $("opt-window-group"),
    fail: $("opt-fail"),
    window: $("opt-window"),
    aspiration: $("opt-aspiration"),
  };
}

/** {fail, window, aspiration} as a request or an address carries them: set ones only. */
export function windowQuery(options) {
  const out = {};
  if (!options) return out;
  if (options.fail && options.fail !== "soft") out.fail = options.fail;
  const { window, aspiration } = options;
  if (window) out.window = Array.isArray(window) ? window.join(",") : String(window);
  if (aspiration) {
    const isPair = typeof aspiration === "object";
    out.aspiration = isPair ? `${aspiration.guess},${aspiration.delta}` : String(aspiration);
  }
  return out;
}

/** The controls' options for `algorithm` (none when it takes no window). */
export function readWindowOptions(els, algorithm) {
  if (!els.group || !WINDOWED.includes(algorithm)) return {};
  return windowQuery({
    fail: els.fail.value,
    window: els.window.value.trim(),
    aspiration: els.aspiration.value.trim(),
  });
}

/** Set the controls from any options (resolved ones carry a list and an object). */
export function writeWindowOptions(els, options) {
  if (!els.group || !options) return;
  const query = windowQuery(options);
  if (options.fail !== undefined) els.fail.value = query.fail || "soft";
  if (options.window !== undefined) els.window.value = query.window || "";
  if (options.aspiration !== undefined) els.aspiration.value = query.aspiration || "";
  if (query.fail || query.window || query.aspiration) els.group.open = true; // shown when set
}

/** Show the controls only for the algorithms that search with a window. */
export function syncWindowOptions(els, algorithm) {
  if (els.group) els.group.hidden = !WINDOWED.includes(algorithm);
}

/** Where a refused option's message goes: the form's error line, beside its control. */
export function windowErrorInputs(els, errorBox) {
  return { fail: [errorBox, els.fail], window: [errorBox, els.window], aspiration: [errorBox, els.aspiration] };
}
