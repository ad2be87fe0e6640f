// trace/pseudocode.js: the algorithm as in the CS188 notes, as data: the listing for a set of
// options and the lines an event highlights (pure; panels/pseudocode.js draws them).
// Alpha-beta's pruning test differs by rule: standard (α ≥ β after updating the bound) or
// strict (MAX returns when v > β, MIN when v < α, before updating).

import { _ } from "../lib/i18n.js";
import { PASS_LISTINGS, passLinesFor } from "./pass-pseudocode.js";
import { windowLinesFor, windowListing } from "./window-pseudocode.js";

/** One listing line: [id, indent, text]. Ids are what events map to. */
function valueFunction({ window, chance, limited }) {
  const args = window ? "state, α, β" : "state";
  const lines = [
    ["value-def", 0, `def value(${args}):`],
    limited ? ["terminal", 1, "if terminal or at limit: return eval(state)"] : ["terminal", 1, "if terminal: return utility(state)"],
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
    ["chance-update", 2, window ? "v += p · value(s, −∞, +∞)" : "v += p · value(s)"],
    ["chance-return", 1, "return v"],
  ];
}

/** The listing for a set of options: [{title, lines}] sections; a negamax search's in `form`
 * ("mover", the default, or "minimax": window-pseudocode.js). */
export function listing(options = {}, hasChance = false, form = "mover") {
  const windowed = windowListing(options, () => classicListing(options, hasChance), form);
  return windowed || classicListing(options, hasChance);
}

function classicListing(options, hasChance) {
  const algorithm = options.algorithm === "negamax" ? "alphabeta" : options.algorithm || "alphabeta";
  const limited = Number.isInteger(options.depth);
  if (algorithm in PASS_LISTINGS) return PASS_LISTINGS[algorithm]();
  if (algorithm === "expectimax") {
    const lines = [
      ["value-def", 0, "def value(state):"],
      limited ? ["terminal", 1, "if terminal or at limit: return eval(state)"] : ["terminal", 1, "if terminal: return utility(state)"],
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
    title: mode === "strict" ? _("Alpha-beta (strict rule: never prune on equality)") : _("Alpha-beta (standard rule: prune when α ≥ β)"),
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
      // Aspiration's passes and PVS's re-search are the windowed searches'; MTD(f)'s and
      // SSS*'s passes, the table and Star1's chance cutoffs are the pass searches'.
      return event.type === "research" || (event.type === "pass" && event.why !== "mtdf" && event.why !== "sssstar")
        ? windowLinesFor(event)
        : passLinesFor(event);
  }
}
