// trace/window-pseudocode.js: the listings of negamax, PVS and aspiration search
// (docs/algorithms.md), with the line ids pseudocode.js lights for each event. Negamax and
// PVS are one function for both players, so a MIN node's ids (`min-update`, …) are aliases
// of the same lines; `research` lights PVS's re-search, `pass` the aspiration driver's line
// for that pass. pseudocode.js asks here first; DOM-free.

const MIN_ALIASES = Object.fromEntries(
  ["def", "init", "for", "update", "window", "test", "return"].map((part) => [
    `min-${part}`,
    `max-${part}`,
  ])
);

function negamax(hard) {
  return [
    ["max-def", 0, "def negamax(n, α, β):   # values from the mover's side"],
    ["terminal", 1, "if terminal: return ±utility(n)   # − on a MIN level"],
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
    ["pvs-full", 2, "if c is the first child or a leaf: t = −pvs(c, −β, −α)"],
    ["pvs-test", 2, "else: t = −pvs(c, −α′, −α)   # null window: is c better than α?"],
    ["research", 3, "if α < t < β: t = −pvs(c, −β, −α)   # fails high: search again"],
    ["max-update", 2, "v = max(v, t)"],
    ["max-window", 2, "α = max(α, v)"],
    ["max-test", 2, hard ? "if α ≥ β: return β   # cutoff" : "if α ≥ β: return v   # cutoff"],
    ["max-return", 1, "return v"],
  ];
}

function aspiration(search) {
  return [
    ["pass-aspiration", 0, "α, β = guess − δ, guess + δ;  v = search(root, α, β)"],
    ["pass-fail-low", 0, `if v ≤ α: v = ${search}(root, −∞, β)   # failed low`],
    ["pass-fail-high", 0, `elif v ≥ β: v = ${search}(root, α, +∞)   # failed high`],
  ];
}

const TITLES = {
  negamax: "Negamax (alpha-beta from the mover's side)",
  pvs: "PVS / NegaScout (null-window tests, re-searches)",
};

/**
 * The listing for the windowed searches, or null for the classic ones (`classic` builds
 * those: with aspiration, the driver's lines go above alpha-beta's).
 */
export function windowListing(options, classic) {
  const algorithm = options.algorithm || "alphabeta";
  const hard = options.fail === "hard";
  const driver = options.aspiration ? aspiration(algorithm === "alphabeta" ? "search" : algorithm) : [];
  const named = algorithm === "negamax" || algorithm === "pvs";
  if (!named && !options.aspiration && !hard && !options.window) return null;
  const body = named ? (algorithm === "negamax" ? negamax(hard) : pvs(hard)) : classic().lines;
  let title = named ? TITLES[algorithm] : classic().title;
  if (options.aspiration) title = `Aspiration search: ${title}`;
  else if (options.window) title += `, root window [${options.window.join(", ")}]`;
  if (hard) title += ", fail-hard";
  return { title, lines: [...driver, ...body], aliases: named ? MIN_ALIASES : {} };
}

/** Lines for the events only these searches emit ([] for the others). */
export function windowLinesFor(event) {
  if (event.type === "research") return ["research", "pvs-test"];
  if (event.type === "pass") return [`pass-${event.why}`];
  return [];
}
