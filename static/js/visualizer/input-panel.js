// visualizer/input-panel.js: the tree source (preset / random / pasted document) and the search options;
// shows input errors inline, next to the field they concern.

import { _, ngettext } from "../lib/i18n.js";
import { fmtPath } from "../lib/format.js";
import { lineColumn, locateNode } from "../lib/json-locate.js";
import { DEFAULT_OPTIONS } from "../lib/search-options.js";
import { AlgorithmFields } from "./algorithm-fields.js";

const $ = (id) => document.getElementById(id);

/**
 * The depth limit in words, with its unit: a ply is one move by one player, so a limit that
 * is a whole number of rounds says so ("3 plies (1 round of 3 players)", as CS188 counts).
 */
export function depthLimitText(depth, players) {
  if (!Number.isInteger(depth) || depth < 0) return "";
  const count = playersText(players)
    .split(",")
    .filter((p) => p.trim()).length;
  if (count < 2 || depth === 0 || depth % count !== 0) return ngettext("Depth limit: {n} ply.", "Depth limit: {n} plies.", depth);
  const plies = ngettext("{n} ply", "{n} plies", depth);
  const rounds = depth / count; // a whole number of rounds of `count` players
  return ngettext("Depth limit: {plies} ({n} round of {count} players).", "Depth limit: {plies} ({n} rounds of {count} players).", rounds, {
    plies,
    count,
  });
}

/** "3" → 3, "2-4" / "2,4" → [2, 4]; null when malformed. */
export function parseBranching(text) {
  const t = String(text).trim();
  if (/^\d+$/.test(t)) return Number(t);
  const m = /^(\d+)\s*(?:-|–|,|\.\.)\s*(\d+)$/.exec(t);
  if (m) return [Number(m[1]), Number(m[2])];
  return null;
}

function playersText(players) {
  if (Array.isArray(players)) return players.join(",");
  return players === undefined || players === null ? "" : String(players);
}

export class InputPanel {
  /** hooks: onRun(), onSourceChange(kind), onOptionsChange() */
  constructor(hooks) {
    this.hooks = hooks;
    this.els = {
      sourceRadios: [...document.querySelectorAll('input[name="source"]')],
      panels: [...document.querySelectorAll(".source-panel")],
      preset: $("preset"),
      presetDescription: $("preset-description"),
      randomSeed: $("random-seed"),
      randomDepth: $("random-depth"),
      randomBranching: $("random-branching"),
      randomLow: $("random-low"),
      randomHigh: $("random-high"),
      randomReal: $("random-real"),
      randomRagged: $("random-ragged"),
      randomError: $("random-error"),
      randomGenerate: $("random-generate"),
      treeText: $("tree-text"),
      treeError: $("tree-error"),
      treeErrorText: $("tree-error-text"),
      treeErrorWhere: $("tree-error-where"),
      treeErrorPath: $("tree-error-path"),
      treeErrorShow: $("tree-error-show"),
      algorithm: $("opt-algorithm"),
      rule: $("opt-rule"),
      ruleHint: $("opt-rule-hint"),
      players: $("opt-players"),
      playersError: $("opt-players-error"),
      depth: $("opt-depth"),
      depthHint: $("opt-depth-hint"),
      depthError: $("opt-depth-error"),
      ordering: $("opt-ordering"),
      seed: $("opt-seed"),
      seedLabel: $("opt-seed-label"),
      optError: $("opt-error"),
      run: $("run"),
      runError: $("run-error"),
    };
    this.errorSpan = null;
    this.pasteDirty = true; // pasted text changed since its options were applied
    const e = this.els;

    for (const radio of e.sourceRadios) {
      radio.addEventListener("change", () => {
        this.showPanel(this.sourceKind());
        this.hooks.onSourceChange(this.sourceKind());
      });
    }
    e.preset.addEventListener("change", () => {
      this.describePreset();
      this.hooks.onRun();
    });
    e.randomGenerate.addEventListener("click", () => this.hooks.onRun());
    e.treeText.addEventListener("input", () => {
      this.pasteDirty = true;
      this.clearTreeError();
    });
    e.treeText.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        this.hooks.onRun();
      }
    });
    e.treeErrorShow.addEventListener("click", () => this.selectErrorSpan());
    e.run.addEventListener("click", () => this.hooks.onRun());
    for (const form of [$("tree-form"), $("options-form")]) {
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        this.hooks.onRun();
      });
    }
    const changed = () => {
      this.syncOptionControls();
      this.clearOptionErrors();
      this.hooks.onOptionsChange();
    };
    this.extras = new AlgorithmFields(changed); // window, fail, aspiration; guess; bounds
    for (const el of [e.algorithm, e.rule, e.players, e.depth, e.ordering, e.seed]) {
      el.addEventListener("change", changed);
    }
    this.syncOptionControls();
  }

  sourceKind() {
    const checked = this.els.sourceRadios.find((r) => r.checked);
    return checked ? checked.value : "preset";
  }

  showPanel(kind) {
    for (const radio of this.els.sourceRadios) radio.checked = radio.value === kind;
    for (const panel of this.els.panels) panel.hidden = panel.dataset.source !== kind;
  }

  describePreset() {
    const option = this.els.preset.selectedOptions[0];
    this.els.presetDescription.textContent = option ? option.dataset.description || "" : "";
  }

  hasPreset(name) {
    return [...this.els.preset.options].some((o) => o.value === name);
  }

  /** The source as the URL stores it: {kind, name | params | text}. */
  source() {
    const kind = this.sourceKind();
    if (kind === "preset") return { kind, name: this.els.preset.value };
    if (kind === "random") return { kind, params: this.randomParams() };
    return { kind, text: this.els.treeText.value };
  }

  /** Show a source (from the URL). */
  setSource(source) {
    if (!source) return;
    const e = this.els;
    if (source.kind === "preset") {
      if (this.hasPreset(source.name)) e.preset.value = source.name;
      this.describePreset();
    } else if (source.kind === "random") {
      const p = source.params || {};
      if (p.seed !== undefined) e.randomSeed.value = p.seed;
      if (p.depth !== undefined) e.randomDepth.value = p.depth;
      if (p.branching !== undefined) {
        e.randomBranching.value = Array.isArray(p.branching) ? p.branching.join("-") : p.branching;
      }
      if (p.low !== undefined) e.randomLow.value = p.low;
      if (p.high !== undefined) e.randomHigh.value = p.high;
      e.randomReal.checked = !!p.real;
      e.randomRagged.checked = !!p.ragged;
    } else if (source.kind === "paste") {
      e.treeText.value = prettyTree(source.text);
      this.pasteDirty = true;
    }
    this.showPanel(source.kind);
  }

  randomParams() {
    const e = this.els;
    const branching = parseBranching(e.randomBranching.value);
    const params = {
      seed: Number(e.randomSeed.value || 0),
      depth: Number(e.randomDepth.value || 1),
      branching: branching === null ? e.randomBranching.value : branching,
      low: Number(e.randomLow.value || 0),
      high: Number(e.randomHigh.value || 0),
    };
    if (e.randomReal.checked) params.real = true;
    if (e.randomRagged.checked) params.ragged = true;
    return params;
  }

  /** The pasted document, parsed; throws a SyntaxError with a position on bad JSON. */
  pastedDocument() {
    const text = this.els.treeText.value;
    if (!text.trim()) throw new SyntaxError(_("The tree document is empty."));
    return JSON.parse(text);
  }

  options() {
    const e = this.els;
    const depthText = e.depth.value.trim();
    const options = {
      algorithm: e.algorithm.value,
      rule: e.rule.value,
      players: e.players.value.trim() || null,
      depth: depthText === "" ? null : Number(depthText),
      ordering: e.ordering.value,
      seed: e.seed.value.trim() === "" ? 0 : Number(e.seed.value),
    };
    if (Number.isNaN(options.depth)) options.depth = depthText; // the server says what is wrong
    if (Number.isNaN(options.seed)) options.seed = e.seed.value;
    if (options.algorithm === "pvs") options.rule = "standard"; // PVS prunes by the standard rule
    return { ...options, ...this.extras.read(options.algorithm) };
  }

  /** Set option controls from any partial {algorithm, rule, players, depth, ordering, seed}. */
  setOptions(options) {
    const e = this.els;
    const setSelect = (select, value) => {
      if (value === undefined || value === null) return;
      if ([...select.options].some((o) => o.value === String(value))) select.value = String(value);
    };
    setSelect(e.algorithm, options.algorithm);
    setSelect(e.rule, options.rule);
    setSelect(e.ordering, options.ordering);
    if (options.players !== undefined && options.players !== null) {
      e.players.value = playersText(options.players);
    }
    if (options.depth !== undefined) {
      e.depth.value = options.depth === null || options.depth === "" ? "" : String(options.depth);
    }
    if (options.seed !== undefined && options.seed !== null) e.seed.value = String(options.seed);
    this.extras.set(options);
    this.syncOptionControls();
  }

  /**
   * A new tree document was loaded: its own players and options become the form's values
   * (tree-specific ones, players and depth, are reset to defaults when it has none).
   */
  applyDocumentDefaults(doc, { resetTreeSpecific = true } = {}) {
    const isDoc = doc && typeof doc === "object" && !Array.isArray(doc) && "tree" in doc;
    const own = isDoc && doc.options && typeof doc.options === "object" ? { ...doc.options } : {};
    if (isDoc && doc.players) own.players = playersText(doc.players);
    const defaults = resetTreeSpecific ? { players: DEFAULT_OPTIONS.players, depth: own.depth === undefined ? null : own.depth } : {};
    this.setOptions({ ...defaults, ...own });
  }

  syncOptionControls() {
    const e = this.els;
    const alphabeta = ["alphabeta", "negamax"].includes(e.algorithm.value); // the rule applies
    e.rule.disabled = !alphabeta;
    e.ruleHint.hidden = alphabeta;
    e.seedLabel.hidden = e.ordering.value !== "random";
    this.extras.sync(e.algorithm.value);
    const depth = e.depth.value.trim() === "" ? null : Number(e.depth.value);
    e.depthHint.textContent = depthLimitText(depth, e.players.value);
    e.depthHint.hidden = !e.depthHint.textContent;
  }

  setBusy(busy) {
    this.els.run.setAttribute("aria-busy", busy ? "true" : "false");
    this.els.run.classList.toggle("busy", busy);
  }

  // ----- errors -----

  clearErrors() {
    this.clearTreeError();
    this.clearOptionErrors();
    this.hideError(this.els.randomError);
    this.hideError(this.els.runError);
  }

  clearTreeError() {
    const e = this.els;
    e.treeError.hidden = true;
    e.treeErrorText.textContent = "";
    e.treeErrorWhere.hidden = true;
    e.treeText.removeAttribute("aria-invalid");
    this.errorSpan = null;
  }

  clearOptionErrors() {
    const e = this.els;
    for (const el of [e.playersError, e.depthError, e.optError]) this.hideError(el);
    for (const el of [e.players, e.depth, e.seed, e.algorithm, e.rule, e.ordering]) {
      el.removeAttribute("aria-invalid");
    }
    this.extras.clearErrors();
  }

  hideError(el) {
    el.hidden = true;
    el.textContent = "";
  }

  showError(el, message, input = null) {
    el.textContent = message;
    el.hidden = false;
    if (input) input.setAttribute("aria-invalid", "true");
  }

  /**
   * Show an error where it belongs: an option's field, the random form, or the pasted tree
   * (with the node's path and a way to select it in the editor).
   */
  showRunError(err, sourceKind) {
    const e = this.els;
    const message = err && err.message ? err.message : String(err);
    const field = err && err.field ? String(err.field) : null;
    const optionInputs = {
      players: [e.playersError, e.players],
      depth: [e.depthError, e.depth],
      seed: [e.optError, e.seed],
      algorithm: [e.optError, e.algorithm],
      rule: [e.optError, e.rule],
      ordering: [e.optError, e.ordering],
      options: [e.optError, null],
    };
    const path = err && Array.isArray(err.path) ? err.path : null;
    if (path) {
      if (sourceKind === "paste") this.showTreeError(message, path, err);
      else this.showError(sourceKind === "random" ? e.randomError : e.runError, message);
      return;
    }
    const place = field && (optionInputs[field] || this.extras.errorPlace(field, e.optError));
    if (place) {
      const [box, input] = place;
      this.showError(box, message, input);
      return;
    }
    if (sourceKind === "paste") {
      this.showTreeError(message, null, err);
      return;
    }
    if (sourceKind === "random") {
      this.showError(e.randomError, message);
      return;
    }
    this.showError(e.runError, message);
  }

  showTreeError(message, path, err = null) {
    const e = this.els;
    const text = e.treeText.value;
    e.treeErrorText.textContent = message;
    e.treeError.hidden = false;
    e.treeText.setAttribute("aria-invalid", "true");
    this.errorSpan = null;
    let where = "";
    if (path) {
      const span = locateNode(text, path);
      if (span) {
        this.errorSpan = span;
        const { line, column } = lineColumn(text, span.start);
        where = _("Node {path} at line {line}, column {column}", { path: fmtPath(path), line, column });
      } else {
        where = _("Node {path}", { path: fmtPath(path) });
      }
    } else if (err instanceof SyntaxError) {
      const m = /position (\d+)/.exec(err.message) || /column (\d+)/.exec(err.message);
      const pos = m ? Number(m[1]) : null;
      if (pos !== null && /position/.test(m[0]) && pos <= text.length) {
        this.errorSpan = { start: pos, end: Math.min(text.length, pos + 1) };
        const { line, column } = lineColumn(text, pos);
        where = _("At line {line}, column {column}", { line, column });
      }
    }
    e.treeErrorPath.textContent = where;
    e.treeErrorWhere.hidden = !where;
    e.treeErrorShow.hidden = !this.errorSpan;
  }

  /** Select the erroneous node's text in the editor. */
  selectErrorSpan() {
    if (!this.errorSpan) return;
    const ta = this.els.treeText;
    ta.focus();
    ta.setSelectionRange(this.errorSpan.start, this.errorSpan.end);
    // Scroll the selection into view: approximate by line height.
    const { line } = lineColumn(ta.value, this.errorSpan.start);
    const lineHeight = parseFloat(getComputedStyle(ta).lineHeight) || 18;
    ta.scrollTop = Math.max(0, (line - 2) * lineHeight);
  }
}

/** Pretty-print a compact tree for the editor when it is small, else keep it as it is. */
function prettyTree(text) {
  try {
    const value = JSON.parse(text);
    const compact = JSON.stringify(value);
    return compact.length <= 100 ? compact : JSON.stringify(value, null, 1);
  } catch {
    return text;
  }
}
