// visualizer/algorithm-fields.js: the option fields only some algorithms read (docs/protocol.md
// "Search options"): the windowed searches' fail-soft or fail-hard, root window "a,b" and
// aspiration "guess,delta" (folded in a <details> until opened or set), MTD(f)'s first guess
// and Star1/Star2's leaf bounds [L, U]. Each shows only with its algorithms, and is sent only
// then (the server refuses it with another), as the text the server takes (it names a bad
// value's field). The input panel asks here when it reads, sets, checks or clears its options.

const FIELDS = {
  guess: { input: "opt-guess", label: "opt-guess-label", algorithms: ["mtdf"] },
  bounds: { input: "opt-bounds", label: "opt-bounds-label", algorithms: ["star1", "star2"] },
};
const WINDOWED = ["alphabeta", "negamax", "pvs"];
const WINDOW_INPUTS = { fail: "opt-fail", window: "opt-window", aspiration: "opt-aspiration" };

/** {fail, window, aspiration} as a request or an address carries them: the set ones only. */
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

export class AlgorithmFields {
  constructor(onChange) {
    this.inputs = {};
    this.labels = {};
    for (const [key, { input, label }] of Object.entries(FIELDS)) {
      this.inputs[key] = document.getElementById(input);
      this.labels[key] = document.getElementById(label);
      this.inputs[key].addEventListener("change", onChange);
    }
    this.windowGroup = document.getElementById("opt-window-group");
    this.windowInputs = {};
    for (const [key, id] of Object.entries(WINDOW_INPUTS)) {
      this.windowInputs[key] = document.getElementById(id);
      this.windowInputs[key].addEventListener("change", onChange);
    }
  }

  /** The fields that apply to `algorithm`, as the server reads them (text: it says what is wrong). */
  read(algorithm) {
    const options = {};
    for (const [key, { algorithms }] of Object.entries(FIELDS)) {
      const text = this.inputs[key].value.trim();
      if (!algorithms.includes(algorithm) || text === "") continue;
      options[key] = key === "guess" && /^-?\d+$/.test(text) ? Number(text) : text;
    }
    if (!WINDOWED.includes(algorithm)) return options;
    const { fail, window, aspiration } = this.windowInputs;
    return { ...options, ...windowQuery({ fail: fail.value, window: window.value.trim(), aspiration: aspiration.value.trim() }) };
  }

  /** Fill the fields from options that name them (a document, an address, a lesson). */
  set(options) {
    for (const key of Object.keys(FIELDS)) {
      const value = options[key];
      if (value === undefined || value === null) continue;
      this.inputs[key].value = Array.isArray(value) ? value.join(",") : String(value);
    }
    const query = windowQuery(options);
    const { fail, window, aspiration } = this.windowInputs;
    if (options.fail !== undefined) fail.value = query.fail || "soft";
    if (options.window !== undefined) window.value = query.window || "";
    if (options.aspiration !== undefined) aspiration.value = query.aspiration || "";
    if (query.fail || query.window || query.aspiration) this.windowGroup.open = true; // shown when set
  }

  /** Show the fields of `algorithm` only. */
  sync(algorithm) {
    for (const [key, { algorithms }] of Object.entries(FIELDS)) {
      this.labels[key].hidden = !algorithms.includes(algorithm);
    }
    this.windowGroup.hidden = !WINDOWED.includes(algorithm);
  }

  /** [box, input] for an error about `field`, or null when it is not one of these. */
  errorPlace(field, box) {
    if (field in WINDOW_INPUTS) return [box, this.windowInputs[field]];
    return field in FIELDS ? [box, this.inputs[field]] : null;
  }

  clearErrors() {
    for (const input of [...Object.values(this.inputs), ...Object.values(this.windowInputs)]) input.removeAttribute("aria-invalid");
  }
}
