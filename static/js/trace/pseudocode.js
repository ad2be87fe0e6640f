// trace/pseudocode.js: the algorithm as in the CS188 notes, with the line of the current event
// highlighted. Alpha-beta's pruning test differs by rule: standard (α ≥ β after updating
// the bound) or strict (MAX returns when v > β, MIN when v < α, before updating).
// The current line is marked by more than its colour: a "▶" in the gutter (a secondary line,
// "▷"), hidden from assistive technology, which reads aria-current="true" on the line.

import { windowLinesFor, windowListing } from "./window-pseudocode.js";

/** One listing line: [id, indent, text]. Ids are what events map to. */
function valueFunction({ window, chance, limited }) {
  const args = window ? "state, α, β" : "state";
  const lines = [
    ["value-def", 0, `def value(${args}):`],
    limited
      ? ["terminal", 1, "if terminal or at limit: return eval(state)"]
      : ["terminal", 1, "if terminal: return utility(state)"],
    ["dispatch-max", 1, `if MAX: return max-value(${args})`],
    ["dispatch-min", 1, `if MIN: return min-value(${args})`],
  ];
  if (chance) lines.push(["dispatch-chance", 1, `if chance: return exp-value(state)`]);
  return lines;
}

function maxValue(mode) {
  const lines = [];
  if (mode === "minimax") {
    lines.push(["max-def", 0, "def max-value(state):"]);
    lines.push(["max-init", 1, "v = −∞"]);
    lines.push(["max-for", 1, "for each successor s of state:"]);
    lines.push(["max-update", 2, "v = max(v, value(s))"]);
  } else {
    lines.push(["max-def", 0, "def max-value(state, α, β):"]);
    lines.push(["max-init", 1, "v = −∞"]);
    lines.push(["max-for", 1, "for each successor s of state:"]);
    lines.push(["max-update", 2, "v = max(v, value(s, α, β))"]);
    if (mode === "strict") {
      lines.push(["max-test", 2, "if v > β: return v   # β-cutoff"]);
      lines.push(["max-window", 2, "α = max(α, v)"]);
    } else {
      lines.push(["max-window", 2, "α = max(α, v)"]);
      lines.push(["max-test", 2, "if α ≥ β: return v   # β-cutoff"]);
    }
  }
  lines.push(["max-return", 1, "return v"]);
  return lines;
}

function minValue(mode) {
  const lines = [];
  if (mode === "minimax") {
    lines.push(["min-def", 0, "def min-value(state):"]);
    lines.push(["min-init", 1, "v = +∞"]);
    lines.push(["min-for", 1, "for each successor s of state:"]);
    lines.push(["min-update", 2, "v = min(v, value(s))"]);
  } else {
    lines.push(["min-def", 0, "def min-value(state, α, β):"]);
    lines.push(["min-init", 1, "v = +∞"]);
    lines.push(["min-for", 1, "for each successor s of state:"]);
    lines.push(["min-update", 2, "v = min(v, value(s, α, β))"]);
    if (mode === "strict") {
      lines.push(["min-test", 2, "if v < α: return v   # α-cutoff"]);
      lines.push(["min-window", 2, "β = min(β, v)"]);
    } else {
      lines.push(["min-window", 2, "β = min(β, v)"]);
      lines.push(["min-test", 2, "if α ≥ β: return v   # α-cutoff"]);
    }
  }
  lines.push(["min-return", 1, "return v"]);
  return lines;
}

function expValue(window) {
  return [
    ["chance-def", 0, "def exp-value(state):"],
    ["chance-init", 1, "v = 0"],
    ["chance-for", 1, "for each successor s of state:"],
    ["chance-p", 2, "p = probability(s)"],
    [
      "chance-update",
      2,
      window ? "v += p · value(s, −∞, +∞)" : "v += p · value(s)",
    ],
    ["chance-return", 1, "return v"],
  ];
}

/** The listing for a set of options: [{title, lines}] sections. */
export function listing(options = {}, hasChance = false) {
  const windowed = windowListing(options, () => classicListing(options, hasChance));
  return windowed || classicListing(options, hasChance);
}

function classicListing(options, hasChance) {
  const algorithm = options.algorithm || "alphabeta";
  const limited = Number.isInteger(options.depth);
  if (algorithm === "expectimax") {
    const lines = [
      ["value-def", 0, "def value(state):"],
      limited
        ? ["terminal", 1, "if terminal or at limit: return eval(state)"]
        : ["terminal", 1, "if terminal: return utility(state)"],
      ["dispatch-max", 1, "if MAX: return max-value(state)"],
      ["dispatch-chance", 1, "else: return exp-value(state)"],
    ];
    return { title: "Expectimax", lines: [...lines, ...maxValue("minimax"), ...expValue(false)] };
  }
  if (algorithm === "minimax") {
    return {
      title: "Minimax",
      lines: [
        ...valueFunction({ window: false, chance: hasChance, limited }),
        ...maxValue("minimax"),
        ...minValue("minimax"),
        ...(hasChance ? expValue(false) : []),
      ],
    };
  }
  const mode = options.rule === "strict" ? "strict" : "standard";
  return {
    title: `Alpha-beta (${mode === "strict" ? "strict rule: never prune on equality" : "standard rule: prune when α ≥ β"})`,
    lines: [
      ...valueFunction({ window: true, chance: hasChance, limited }),
      ...maxValue(mode),
      ...minValue(mode),
      ...(hasChance ? expValue(true) : []),
    ],
  };
}

export const CURRENT_MARK = "▶";
export const SECONDARY_MARK = "▷";

/** Lines to highlight for an event: [primary, ...secondary]. */
export function linesFor(event, parentKind) {
  if (!event) return [];
  switch (event.type) {
    case "enter":
      return [`${event.kind}-init`, `${event.kind}-def`];
    case "leaf":
      return ["terminal"];
    case "update": {
      const k = parentKind;
      if (k === "chance") return ["chance-update", "chance-p"];
      return [`${k}-update`, `${k}-window`];
    }
    case "cutoff":
      return [`${parentKind}-test`];
    case "exit":
      return [`${parentKind}-return`];
    default:
      return windowLinesFor(event);
  }
}

export class Pseudocode {
  constructor(listElement, titleElement) {
    this.list = listElement;
    this.title = titleElement;
    this.lines = new Map();
    this.lit = [];
    this.offsets = null;
    // A scrolling listing must be reachable by keyboard (reveal() sets its tabindex): name it.
    if (!listElement.hasAttribute("aria-label") && !listElement.hasAttribute("aria-labelledby")) {
      listElement.setAttribute("aria-label", "Pseudocode");
    }
    listElement.addEventListener("scroll", () => {
      this.scrollTop = listElement.scrollTop;
    });
  }

  show(options, hasChance) {
    const { title, lines, aliases } = listing(options, hasChance);
    if (this.title) this.title.textContent = title;
    this.list.replaceChildren();
    this.lines = new Map();
    this.lit = [];
    this.invalidate();
    for (const [id, indent, text] of lines) {
      const li = document.createElement("li");
      li.className = `line indent-${indent}${indent === 0 ? " def" : ""}`;
      li.dataset.line = id;
      const mark = document.createElement("span");
      mark.className = "line-mark";
      mark.setAttribute("aria-hidden", "true");
      li.appendChild(mark);
      const code = document.createElement("code");
      code.textContent = text;
      li.appendChild(code);
      this.list.appendChild(li);
      this.lines.set(id, li);
    }
    // One function for both players (negamax, PVS): a MIN node's ids light the same lines.
    for (const [alias, id] of Object.entries(aliases || {})) {
      if (this.lines.has(id)) this.lines.set(alias, this.lines.get(id));
    }
  }

  /** Scroll the listing (only if needed) so `li` shows; line offsets are read once. */
  reveal(li) {
    const list = this.list;
    if (!this.offsets) {
      if (!list.clientHeight) return; // hidden
      this.offsets = new Map();
      for (const el of this.lines.values()) {
        this.offsets.set(el, [el.offsetTop - list.offsetTop, el.offsetHeight]);
      }
      this.viewHeight = list.clientHeight;
      this.scrollable = list.scrollHeight > this.viewHeight + 1;
      // axe's scrollable-region-focusable: a listing that scrolls takes keyboard focus.
      if (this.scrollable) list.tabIndex = 0;
      else list.removeAttribute("tabindex");
    }
    const [top, height] = this.offsets.get(li) || [0, 0];
    if (!this.scrollable) return;
    const scroll = this.scrollTop ?? list.scrollTop;
    if (top < scroll || top + height > scroll + this.viewHeight) {
      this.scrollTop = Math.max(0, top - this.viewHeight / 3);
      list.scrollTop = this.scrollTop;
    }
  }

  /** Forget cached positions (after a resize). */
  invalidate() {
    this.offsets = null;
    this.scrollTop = undefined;
  }

  /** Highlight the lines of `event` (null: none). */
  highlight(event, kind) {
    for (const li of this.lit) {
      li.classList.remove("current", "secondary");
      li.removeAttribute("aria-current");
      li.firstChild.textContent = "";
    }
    this.lit = [];
    const ids = linesFor(event, kind);
    ids.forEach((id, index) => {
      const li = this.lines.get(id);
      if (!li) return;
      const current = index === 0;
      li.classList.add(current ? "current" : "secondary");
      if (current) li.setAttribute("aria-current", "true");
      li.firstChild.textContent = current ? CURRENT_MARK : SECONDARY_MARK;
      this.lit.push(li);
    });
    const first = this.lit[0];
    if (first) this.reveal(first);
  }
}
