// pacman-settings.js: the Pacman page's settings form and the page's address. The form picks
// the rule set (cs188, the course's, by default; prune, Prune's first rules), the layout (the
// course's, Prune's three mazes, or one pasted), Pacman's algorithm (cs188 only), the ghosts
// (directional, random or adversarial; prune: adversarial or random), the seed, the lookahead
// and (prune only) the evaluation. A field the rule set does not use is hidden and disabled.
//
// read() gives the game's API query (docs/games.md): cs188 {rules, layout, ghosts,
// algorithm, seed, depth}, prune {rules, maze, ghosts, seed, depth, evaluation}. The page's
// address is that query plus `pacman` (the moves a person played, West,North,…) and `round`
// (the round shown), so a link reproduces the game: addressQuery() / readAddress().

const PASTE = "paste";
const WORDS = {
  cs188: ["rules", "layout", "ghosts", "algorithm", "seed", "depth"],
  prune: ["rules", "maze", "ghosts", "seed", "depth", "evaluation"],
};

/** The page's address for a game: its query, the moves played and the round shown. */
export function addressQuery(query, { pacman = [], round = 0 } = {}) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  if (pacman.length) params.set("pacman", pacman.join(","));
  if (round > 0) params.set("round", String(round));
  return params.toString().replace(/%2C/g, ","); // commas need no escaping in a query
}

/** What an address asks for: {query (settings only), pacman: [moves], round}. */
export function readAddress(search) {
  const params = new URLSearchParams(search);
  const rules = params.get("rules") === "prune" || (params.has("maze") && !params.has("layout")) ? "prune" : "cs188";
  const query = { rules };
  for (const key of WORDS[rules]) {
    if (key !== "rules" && params.has(key)) query[key] = params.get(key);
  }
  if (rules === "prune" && !query.maze && params.has("layout")) query.maze = params.get("layout");
  const played = params.get("pacman");
  const pacman = played
    ? played
        .split(",")
        .map((move) => move.trim())
        .filter(Boolean)
    : [];
  const round = /^\d+$/.test(params.get("round") || "") ? Number(params.get("round")) : 0;
  return { query, pacman, round };
}

export class PacmanSettings {
  /** `form`: #pacman-settings (fields #pm-rules, #pm-maze, #pm-layout-text, …, #pm-error). */
  constructor(form) {
    this.form = form;
    this.field = (name) => form.querySelector(`#pm-${name}`);
    this.pasteBox = form.querySelector("#pm-paste-box");
    this.error = form.querySelector("#pm-error");
    this.field("rules").addEventListener("change", () => this.fitRules());
    this.field("maze").addEventListener("change", () => this.fitLayout());
    this.fitRules();
  }

  get rules() {
    return this.field("rules").value;
  }

  /** The game's API query from the form. */
  read() {
    const value = (name) => this.field(name).value;
    const layout = value("maze") === PASTE ? this.field("layout-text").value : value("maze");
    const common = { rules: this.rules, ghosts: value("ghosts"), seed: value("seed") || "0", depth: value("depth") };
    if (this.rules === "prune") return { ...common, maze: layout, evaluation: value("evaluation") };
    return { ...common, layout, algorithm: value("algorithm") };
  }

  /** Set the form from a query (an address's): unknown layouts are pasted text. */
  write(query) {
    this.field("rules").value = query.rules === "prune" ? "prune" : "cs188";
    this.fitRules();
    const layout = query.rules === "prune" ? query.maze : query.layout;
    if (layout !== undefined) {
      const known = [...this.field("maze").options].some((o) => o.value === layout && o.value !== PASTE);
      this.field("maze").value = known ? layout : PASTE;
      if (!known) this.field("layout-text").value = layout;
    }
    for (const name of ["ghosts", "algorithm", "seed", "depth", "evaluation"]) {
      if (query[name] !== undefined) this.field(name).value = query[name];
    }
    this.fitRules();
  }

  /** Hide and disable what the rule set does not use; keep the selections possible. */
  fitRules() {
    const rules = this.rules;
    for (const label of this.form.querySelectorAll("[data-rules-only]")) {
      const used = label.dataset.rulesOnly === rules;
      label.hidden = !used;
      for (const control of label.querySelectorAll("select, input, textarea")) control.disabled = !used;
    }
    for (const name of ["maze", "ghosts"]) {
      const select = this.field(name);
      for (const option of select.options) {
        option.disabled = option.dataset.rules !== undefined && option.dataset.rules !== rules;
      }
      if (select.selectedOptions[0] && select.selectedOptions[0].disabled) {
        const fallback = select.querySelector(`option[data-default-for="${rules}"]`);
        select.value = fallback ? fallback.value : [...select.options].find((o) => !o.disabled).value;
      }
    }
    this.fitLayout();
  }

  /** The pasted layout's box shows when "Paste a layout…" is picked. */
  fitLayout() {
    const pasting = this.field("maze").value === PASTE;
    this.pasteBox.hidden = !pasting;
    this.field("layout-text").disabled = !pasting;
  }

  /** Say what is wrong (the API's message); a pasted layout's row and column get the caret. */
  showError(text, field = null) {
    this.error.textContent = text;
    this.error.hidden = !text;
    const box = this.field("layout-text");
    const pasted = field === "layout" && this.field("maze").value === PASTE;
    box.toggleAttribute("aria-invalid", pasted);
    if (!pasted) return;
    const where = /row (\d+), column (\d+)/.exec(text);
    if (!where) return;
    const lines = box.value.split("\n");
    const row = Math.min(Number(where[1]), lines.length) - 1;
    const offset = lines.slice(0, row).reduce((sum, line) => sum + line.length + 1, 0);
    const column = Math.min(Number(where[2]) - 1, lines[row].length);
    box.focus();
    box.setSelectionRange(offset + column, offset + column + 1);
  }
}
