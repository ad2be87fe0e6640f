// trace/window-pseudocode.js: the listings of negamax, PVS and aspiration search
// (docs/algorithms.md), with the line ids pseudocode.js lights for each event. Negamax and
// PVS are one function for both players, so a MIN node's ids (`min-update`, …) are aliases
// of the same lines; `research` lights PVS's re-search, `pass` the aspiration driver's line
// for that pass. Negamax in minimax form (the "Minimax form" switch) is alpha-beta's own
// listing, max-value and min-value with α and β as the textbook writes them: the same pruning
// in the same order. pseudocode.js asks here first; DOM-free.

import { _ } from "../lib/i18n.js";

const MIN_ALIASES = Object.fromEntries(
  ["def", "init", "for", "update", "window", "test", "return"].map((part) => [`min-${part}`, `max-${part}`])
);

function negamax(hard) {
  return [
    ["max-def", 0, "def negamax(n, α, β):   # mover's side"],
    ["terminal", 1, "if terminal: return ±utility(n)   # − at MIN"],
    ["max-init", 1, hard ? "v = α   # fail-hard" : "v = −∞"],
    ["max-for", 1, "for each child c of n:"],
    ["max-update", 2, "v = max(v, −negamax(c, −β, −α))"],
    ["max-window", 2, "α = max(α, v)"],
    ["max-test", 2, hard ? "if α ≥ β: return β   # cutoff" : "if α ≥ β: return v   # cutoff"],
    ["max-return", 1, "return v"],
  ];
}

function pvs(hard) {
  return [
    ["max-def", 0, "def pvs(n, α, β):   # negamax form"],
    ["terminal", 1, "if terminal: return ±utility(n)"],
    ["max-init", 1, hard ? "v = α   # fail-hard" : "v = −∞"],
    ["max-for", 1, "for each child c of n:"],
    ["pvs-first", 2, "if c is the first child or a leaf:"],
    ["pvs-full", 3, "t = −pvs(c, −β, −α)"],
    ["pvs-else", 2, "else:   # is c better than α?"],
    ["pvs-test", 3, "t = −pvs(c, −α′, −α)   # test"],
    ["pvs-fails", 3, "if α < t < β:   # fails high"],
    ["research", 3, "  t = −pvs(c, −β, −α)   # again"],
    ["max-update", 2, "v = max(v, t)"],
    ["max-window", 2, "α = max(α, v)"],
    ["max-test", 2, hard ? "if α ≥ β: return β   # cutoff" : "if α ≥ β: return v   # cutoff"],
    ["max-return", 1, "return v"],
  ];
}

function aspiration(search) {
  return [
    ["pass-aspiration", 0, `v = ${search}(root, g − δ, g + δ)`],
    ["pass-fail-low", 0, `if v ≤ g − δ: v = ${search}(root, −∞, g + δ)`],
    ["pass-fail-high", 0, `if v ≥ g + δ: v = ${search}(root, g − δ, +∞)`],
  ];
}

const TITLES = {
  negamax: () => _("Negamax (alpha-beta from the mover's side)"),
  pvs: () => _("PVS / NegaScout (null-window tests, re-searches)"),
};

/**
 * The listing for the windowed searches, or null for the classic ones (`classic` builds
 * those: with aspiration, the driver's lines go above alpha-beta's); negamax in `form`
 * "minimax" is alpha-beta's listing under negamax's name.
 */
export function windowListing(options, classic, form = "mover") {
  const algorithm = options.algorithm || "alphabeta";
  const hard = options.fail === "hard";
  const minimaxForm = algorithm === "negamax" && form === "minimax";
  const driver = options.aspiration ? aspiration(algorithm === "alphabeta" || minimaxForm ? "search" : algorithm) : [];
  const named = (algorithm === "negamax" && !minimaxForm) || algorithm === "pvs";
  if (!named && !minimaxForm && !options.aspiration && !hard && !options.window) return null;
  const body = named ? (algorithm === "negamax" ? negamax(hard) : pvs(hard)) : classic().lines;
  let title = named ? TITLES[algorithm]() : classic().title;
  if (minimaxForm) title = _("Negamax in minimax form: {title}", { title });
  if (options.aspiration) title = _("Aspiration search: {title}", { title });
  else if (options.window) title = _("{title}, root window [{window}]", { title, window: options.window.join(", ") });
  if (hard) title = _("{title}, fail-hard", { title });
  return { title, lines: [...driver, ...body], aliases: named ? MIN_ALIASES : {} };
}

/** Lines for the events only these searches emit ([] for the others). */
export function windowLinesFor(event) {
  if (event.type === "research") return ["research", "pvs-fails"];
  if (event.type === "pass") return [`pass-${event.why}`];
  return [];
}
