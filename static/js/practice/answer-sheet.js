// answer-sheet.js: the student's answer as a form, and the only place it is kept. One row
// per inner node, in search order (preorder), indented by depth: its name and kind, the
// value it returns, optionally its α/β window when it returns (behind the "windows"
// toggle; never at chance nodes), and a "pruned" checkbox for each of its children, so
// every node but the root can be crossed out where the cutoff happens. The root's children
// are also the choices of the best move. Rows inside a branch marked pruned are disabled:
// a pruned node returns nothing.
//
// read() turns the form into the grader's answer ({pruned, values, windows?, best_move})
// and lists the fields that are not numbers; setAnswer() fills it back in.

import { fmt, kindName } from "../lib/format.js";
import { _ } from "../lib/i18n.js";
import { moveName, uniqueNames } from "../lib/names.js";

const KIND_ICONS = { max: "▲", min: "▼", chance: "●" };
const MAX_INDENT = 6; // depth classes in practice.css

/** A number typed by a student: 3, −2.5, 25/3, ∞, -inf; null when empty, NaN when not one. */
export function parseNumber(text) {
  const t = String(text)
    .trim()
    .replace(/\u2212/g, "-")
    .replace(/\s+/g, "");
  if (t === "") return null;
  const inf = /^([+-]?)(∞|inf|infinity)$/i.exec(t);
  if (inf) return inf[1] === "-" ? -Infinity : Infinity;
  const decimal = "[+-]?(?:\\d+\\.?\\d*|\\.\\d+)(?:e[+-]?\\d+)?";
  const fraction = new RegExp(`^(${decimal})/(${decimal})$`, "i").exec(t);
  if (fraction) {
    const q = Number(fraction[1]) / Number(fraction[2]);
    return Number.isFinite(q) ? q : NaN;
  }
  return new RegExp(`^${decimal}$`, "i").test(t) ? Number(t) : NaN;
}

/** A number as the form shows it: fmt's text when that reads back as exactly the number
 * (graded exactly, an engine's 25/3 must not become 8.333). */
export function numberText(x) {
  const shown = fmt(x);
  return parseNumber(shown) === x ? shown : String(x);
}

function el(tag, attrs = {}, text = null) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text !== null) node.textContent = text;
  return node;
}

export class AnswerSheet {
  /**
   * `els`: {rows (an <ol>), windowsToggle (a checkbox), bestMove (a <fieldset>)};
   * `onChange()`: any answer changed.
   */
  constructor(els, { onChange = () => {} } = {}) {
    this.els = els;
    this.onChange = onChange;
    this.trace = null;
    els.rows.addEventListener("input", () => this.onChange());
    els.rows.addEventListener("change", (event) => {
      if (event.target.type === "checkbox") this.covered();
      this.onChange();
    });
    els.bestMove.addEventListener("change", () => this.onChange());
    els.windowsToggle.addEventListener("change", () => this.showWindows(els.windowsToggle.checked));
  }

  /** Build the form for `trace`; `windows`: whether the search has α/β windows to give. */
  build(trace, { windows }) {
    this.trace = trace;
    this.names = uniqueNames(trace); // a repeated label is qualified: a row names one node
    this.checks = new Map(); // node id → its "pruned" checkbox
    this.rowsById = new Map();
    const rows = [];
    for (let id = 0; id < trace.size; id++) if (!trace.nodes[id].terminal) rows.push(this.row(id, windows));
    this.els.rows.replaceChildren(...rows);
    this.buildBestMove();
    this.els.windowsToggle.closest("label").hidden = !windows;
    this.showWindows(windows && this.els.windowsToggle.checked);
    this.covered();
  }

  row(id, windows) {
    const t = this.trace;
    const kind = t.nodes[id].kind;
    const li = el("li", {
      class: `sheet-row depth-${Math.min(t.depth[id], MAX_INDENT)}`,
      "data-path": t.keys[id],
      "data-kind": kind,
    });
    const head = el("div", { class: "row-head" });
    head.append(
      el("span", { class: "row-name", id: `row-name-${id}` }, this.names[id]),
      el("span", { class: "row-kind" }, this.kindText(id)),
      el("span", { class: "row-note", id: `row-note-${id}` })
    );
    const fields = el("div", { class: "row-fields" });
    fields.append(this.field(id, "value", _("value")));
    if (windows && kind !== "chance") {
      const pair = el("span", { class: "window-fields" });
      pair.append(this.field(id, "alpha", "α"), this.field(id, "beta", "β"));
      fields.append(pair);
    }
    const prunes = el("div", { class: "row-prunes", role: "group", "aria-labelledby": `row-name-${id} prunes-label-${id}` });
    prunes.append(el("span", { class: "prunes-label", id: `prunes-label-${id}` }, _("children pruned:")));
    for (const child of t.children[id]) {
      const box = el("input", { type: "checkbox", "data-path": t.keys[child] });
      const label = el("label", { class: "check prune-check", "data-path": t.keys[child] });
      label.append(box, " ", el("span", { class: "prune-name" }, this.names[child]));
      const row = t.nodes[child];
      if (row.terminal && row.value !== undefined) label.append(el("span", { class: "leaf-value" }, ` = ${fmt(row.value)}`));
      prunes.append(label);
      this.checks.set(child, box);
    }
    li.append(head, fields, prunes);
    this.rowsById.set(id, li);
    return li;
  }

  /** A row's kind: "▲ MAX · root", "▼ MIN". */
  kindText(id) {
    const kind = this.trace.nodes[id].kind;
    return (KIND_ICONS[kind] || "") + " " + (id === 0 ? _("{kind} · root", { kind: kindName(kind) }) : kindName(kind));
  }

  /** The words the form built from the tree (each row's kind, the best move's legend) again,
   * in the page's language now (a language switch in place); the answer typed stays. */
  retell() {
    if (!this.trace) return;
    for (const [id, li] of this.rowsById) li.querySelector(".row-kind").textContent = this.kindText(id);
    this.els.bestMove.querySelector("legend").textContent = _("Best move at {node}", { node: this.names[0] });
  }

  /** One labelled input: its name is the node's and the field's ("C value", "C α"). */
  field(id, name, text) {
    const wrap = el("span", { class: `field field-${name}`, "data-field": name });
    const labelId = `${name}-label-${id}`;
    const input = el("input", {
      type: "text",
      id: `${name}-${id}`,
      class: `answer-${name}`,
      "data-field": name,
      autocomplete: "off",
      spellcheck: "false",
      "aria-labelledby": `row-name-${id} ${labelId}`,
      "aria-describedby": `row-note-${id}`,
    });
    wrap.append(el("label", { for: input.id, id: labelId }, text), input);
    return wrap;
  }

  buildBestMove() {
    const t = this.trace;
    const fieldset = this.els.bestMove;
    const legend = el("legend", {}, _("Best move at {node}", { node: this.names[0] }));
    const choices = el("div", { class: "move-choices" });
    t.children[0].forEach((child, index) => {
      const label = el("label", { class: "check move-choice" });
      label.append(el("input", { type: "radio", name: "best-move", value: String(index) }), ` ${moveName(t, child, this.names)}`);
      choices.append(label);
    });
    fieldset.replaceChildren(legend, choices);
    // A chance root, or a root evaluated as a leaf, makes no move to grade.
    fieldset.hidden = t.children[0].length === 0 || t.nodes[0].kind === "chance";
  }

  showWindows(on) {
    this.els.rows.classList.toggle("windows-shown", on); // practice.css hides them otherwise
  }

  get windowsShown() {
    return this.els.rows.classList.contains("windows-shown") && !this.els.windowsToggle.closest("label").hidden;
  }

  /** Ids crossed out and not inside another crossed-out branch. */
  marked() {
    const out = new Set();
    for (const [id, box] of this.checks) if (box.checked && !box.disabled) out.add(id);
    return out;
  }

  /** The mark at or above node `id` (-1: none). */
  markAbove(id, strict = false) {
    const t = this.trace;
    for (let i = strict ? t.parent[id] : id; i >= 0; i = t.parent[i]) {
      const box = this.checks.get(i);
      if (box && box.checked) return i;
    }
    return -1;
  }

  /** Cross node `id` out, or take the mark back; false when a marked branch holds it. */
  toggle(id) {
    const box = this.checks.get(id);
    if (!box || box.disabled) return false;
    box.checked = !box.checked;
    this.covered();
    this.onChange();
    return true;
  }

  isMarked(id) {
    const box = this.checks.get(id);
    return !!box && box.checked;
  }

  /** Disable what a mark covers, and say why beside the node's name. */
  covered() {
    for (const [id, li] of this.rowsById) {
      const mark = this.markAbove(id);
      li.toggleAttribute("data-covered", mark >= 0);
      const note = li.querySelector(".row-note");
      if (mark === id) note.textContent = _("you marked it pruned");
      else note.textContent = mark >= 0 ? _("inside {node}, marked pruned", { node: this.names[mark] }) : "";
      for (const input of li.querySelectorAll(".row-fields input")) input.disabled = mark >= 0;
    }
    for (const [id, box] of this.checks) box.disabled = this.markAbove(id, true) >= 0;
  }

  /** The answer in the form: {answer, errors: [{input, message}]}. */
  read() {
    const t = this.trace;
    const answer = { pruned: [], values: {}, best_move: null };
    const errors = [];
    for (const id of this.marked()) answer.pruned.push(t.keys[id]);
    const windows = this.windowsShown;
    if (windows) answer.windows = {};
    for (const [id, li] of this.rowsById) {
      if (li.hasAttribute("data-covered")) continue;
      const path = t.keys[id];
      const name = this.names[id];
      const value = this.readField(li, "value", _("{node}'s value", { node: name }), errors);
      if (value !== null) answer.values[path] = value;
      if (!windows || !li.querySelector(".field-alpha")) continue;
      const a = this.readField(li, "alpha", _("α at {node}", { node: name }), errors);
      const b = this.readField(li, "beta", _("β at {node}", { node: name }), errors);
      if (a !== null && b !== null) answer.windows[path] = [a, b];
      else if (a !== null || b !== null) {
        const input = li.querySelector(a === null ? ".answer-alpha" : ".answer-beta");
        input.setAttribute("aria-invalid", "true");
        errors.push({ input, message: _("{node}'s window needs both α and β (or neither).", { node: name }) });
      }
    }
    const move = this.els.bestMove.querySelector("input:checked");
    if (move) answer.best_move = Number(move.value);
    return { answer, errors };
  }

  readField(li, field, what, errors) {
    const input = li.querySelector(`.answer-${field}`);
    const value = parseNumber(input.value);
    // A window's bounds may be ±∞; a value never is (every leaf is finite).
    const bad = Number.isNaN(value) || (field === "value" && value !== null && !Number.isFinite(value));
    if (bad) {
      const values = { field: what, text: input.value.trim() };
      const message = Number.isNaN(value)
        ? _("{field}: “{text}” is not a number.", values)
        : _("{field}: “{text}” is not a finite number.", values);
      errors.push({ input, message });
    }
    if (bad) input.setAttribute("aria-invalid", "true");
    else input.removeAttribute("aria-invalid");
    return bad ? null : value;
  }

  /** Fill the form with `answer` (the grader's shape): the engine's, or one kept. */
  setAnswer(answer) {
    const t = this.trace;
    const pruned = new Set(answer.pruned || []);
    for (const [id, box] of this.checks) box.checked = pruned.has(t.keys[id]);
    this.covered();
    for (const [id, li] of this.rowsById) {
      const path = t.keys[id];
      const value = answer.values ? answer.values[path] : undefined;
      li.querySelector(".answer-value").value = value === undefined ? "" : numberText(value);
      const pair = answer.windows ? answer.windows[path] : undefined;
      for (const [i, field] of ["alpha", "beta"].entries()) {
        const input = li.querySelector(`.answer-${field}`);
        if (input) input.value = pair ? numberText(pair[i]) : "";
      }
      for (const input of li.querySelectorAll("input[aria-invalid]")) input.removeAttribute("aria-invalid");
    }
    for (const radio of this.els.bestMove.querySelectorAll("input")) {
      radio.checked = answer.best_move !== null && answer.best_move !== undefined && Number(radio.value) === answer.best_move;
    }
    this.onChange();
  }

  /** The rows and checkboxes of node `id`: where Enter on a node in the tree goes. */
  focusNode(id) {
    const li = this.rowsById.get(id);
    const target = li && !li.hasAttribute("data-covered") ? li.querySelector(".answer-value") : this.checks.get(id);
    if (!target) return false;
    target.scrollIntoView({ block: "nearest" });
    target.focus();
    return true;
  }

  /** The input or checkbox an item is about (for "Try again" and the grades shown). */
  fieldOf(item) {
    const id = this.trace.ids.get(item.path.join("."));
    if (item.kind.endsWith("_prune")) return this.checks.get(id) || null;
    if (item.kind.endsWith("_move")) return this.els.bestMove;
    const li = this.rowsById.get(id);
    if (!li) return null;
    return li.querySelector(item.kind.endsWith("_window") ? ".window-fields" : ".field-value");
  }

  /**
   * "Try again": clear the answers graded wrong (wrong values and windows, over-prunes, a
   * wrong move) and keep the rest; returns the first field cleared (null: none).
   */
  clearWrong(items) {
    let first = null;
    for (const item of items) {
      const field = this.fieldOf(item);
      if (!field) continue;
      if (item.kind === "over_prune") field.checked = false;
      else if (item.kind === "wrong_move") for (const radio of field.querySelectorAll("input")) radio.checked = false;
      else if (item.kind === "wrong_value" || item.kind === "wrong_window") {
        for (const input of field.querySelectorAll("input")) input.value = "";
      } else continue;
      first = first || (field.matches("input") ? field : field.querySelector("input"));
    }
    this.covered();
    this.onChange();
    return first;
  }

  /** Mark each field with its grade (practice.css draws the icon); empty list: none. */
  showGrades(grades) {
    for (const old of this.els.rows.parentElement.querySelectorAll("[data-grade]")) old.removeAttribute("data-grade");
    for (const [item, grade] of grades) {
      const field = this.fieldOf(item);
      if (!field) continue;
      (field.closest("label.prune-check") || field).setAttribute("data-grade", grade);
    }
  }
}
