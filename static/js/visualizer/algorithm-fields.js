// visualizer/algorithm-fields.js: the option fields only some algorithms read (docs/protocol.md
// "Search options"): MTD(f)'s first guess and Star1/Star2's leaf bounds [L, U]. Each shows
// only with its algorithms, and is sent only then (the server refuses it with another). The
// input panel asks here when it reads, sets, checks or clears its options.

const FIELDS = {
  guess: { input: "opt-guess", label: "opt-guess-label", algorithms: ["mtdf"] },
  bounds: { input: "opt-bounds", label: "opt-bounds-label", algorithms: ["star1", "star2"] },
};

export class AlgorithmFields {
  constructor(onChange) {
    this.inputs = {};
    this.labels = {};
    for (const [key, { input, label }] of Object.entries(FIELDS)) {
      this.inputs[key] = document.getElementById(input);
      this.labels[key] = document.getElementById(label);
      this.inputs[key].addEventListener("change", onChange);
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
    return options;
  }

  /** Fill the fields from options that name them (a document, an address, a lesson). */
  set(options) {
    for (const key of Object.keys(FIELDS)) {
      const value = options[key];
      if (value === undefined || value === null) continue;
      this.inputs[key].value = Array.isArray(value) ? value.join(",") : String(value);
    }
  }

  /** Show the fields of `algorithm` only. */
  sync(algorithm) {
    for (const [key, { algorithms }] of Object.entries(FIELDS)) {
      this.labels[key].hidden = !algorithms.includes(algorithm);
    }
  }

  /** [box, input] for an error about `field`, or null when it is not one of these. */
  errorPlace(field, box) {
    return field in FIELDS ? [box, this.inputs[field]] : null;
  }

  clearErrors() {
    for (const input of Object.values(this.inputs)) input.removeAttribute("aria-invalid");
  }
}
