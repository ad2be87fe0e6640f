// compare/spec.js: what the compare page's address says the two searches are, and how each
// is named on screen. Pure (no DOM), so it imports in plain Node.
//
// The address is the main page's (url-state.js: preset=, tree=, random= or z= names the tree;
// algorithm=, rule=, players=, depth=, ordering=, seed= apply to both searches), plus one
// option set per side:
//
//   left=KEY:VALUE[,KEY:VALUE…]   right=KEY:VALUE[,KEY:VALUE…]
//
// KEY is one of algorithm, rule, ordering, seed (what two searches of one tree may differ
// in); a side's pairs override the shared options. Examples:
//   /compare?preset=textbook&left=algorithm:minimax&right=algorithm:alphabeta   (the default)
//   /compare?preset=tie&left=rule:standard&right=rule:strict
//   /compare?preset=textbook&left=ordering:given&right=ordering:perfect
//   /compare?random={…}&algorithm=alphabeta&left=ordering:random,seed:1&right=ordering:random,seed:2
// An unknown key or a malformed pair is ignored (the server checks the values).

export const SIDE_KEYS = ["algorithm", "rule", "ordering", "seed"];
export const DEFAULT_LEFT = { algorithm: "minimax" };
export const DEFAULT_RIGHT = { algorithm: "alphabeta" };

// The comparisons the page's form offers: kind → the two sides.
export const COMPARISONS = {
  algorithm: [{ algorithm: "minimax" }, { algorithm: "alphabeta" }],
  rule: [
    { algorithm: "alphabeta", rule: "standard" },
    { algorithm: "alphabeta", rule: "strict" },
  ],
  ordering: [
    { algorithm: "alphabeta", ordering: "given" },
    { algorithm: "alphabeta", ordering: "perfect" },
  ],
};

const ALGORITHM_NAMES = { minimax: "Minimax", alphabeta: "Alpha-beta", expectimax: "Expectimax" };
Object.assign(ALGORITHM_NAMES, { negamax: "Negamax", pvs: "PVS" });
const ORDERING_NAMES = {
  given: "given order",
  perfect: "perfect ordering",
  worst: "worst ordering",
  random: "random ordering",
  heuristic: "heuristic ordering",
};
const ENGINE_DEFAULTS = { algorithm: "alphabeta", rule: "standard", ordering: "given", seed: 0 };

/** A side's option set from its address text ("algorithm:minimax,rule:strict"). */
export function parseSide(text) {
  const options = {};
  for (const pair of String(text || "").split(",")) {
    const at = pair.indexOf(":");
    if (at < 1) continue;
    const key = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    if (SIDE_KEYS.includes(key) && value !== "") options[key] = value;
  }
  return options;
}

/** A side's option set as address text, keys in SIDE_KEYS order. */
export function formatSide(options) {
  const given = (key) => options[key] !== undefined && options[key] !== null && options[key] !== "";
  return SIDE_KEYS.filter(given)
    .map((key) => `${key}:${options[key]}`)
    .join(",");
}

/**
 * The sides an address asks for: {left, right} (the default comparison, minimax against
 * alpha-beta, when neither is given; a missing side alone takes the engine's defaults).
 */
export function readSides(search) {
  const params = new URLSearchParams(search);
  if (!params.has("left") && !params.has("right")) {
    return { left: { ...DEFAULT_LEFT }, right: { ...DEFAULT_RIGHT } };
  }
  return { left: parseSide(params.get("left")), right: parseSide(params.get("right")) };
}

/** `params` (URLSearchParams) with the sides set; the query text keeps ":" and "," readable. */
export function withSides(params, left, right) {
  const out = new URLSearchParams(params);
  out.delete("left");
  out.delete("right");
  out.set("left", formatSide(left));
  out.set("right", formatSide(right));
  return out.toString().replace(/%3A/gi, ":").replace(/%2C/gi, ",");
}

/** Which form comparison a pair of sides is ("algorithm", "rule", "ordering"), or null. */
export function comparisonOf(left, right) {
  const full = (side) => ({ ...ENGINE_DEFAULTS, ...side });
  const [a, b] = [full(left), full(right)];
  const differ = SIDE_KEYS.filter((key) => String(a[key]) !== String(b[key]));
  const only = (key) => differ.length === 1 && differ[0] === key;
  if (only("algorithm") && a.algorithm === "minimax" && b.algorithm === "alphabeta") return "algorithm";
  if (a.algorithm !== "alphabeta" || b.algorithm !== "alphabeta") return null;
  if (only("rule") && a.rule === "standard") return "rule";
  if (only("ordering")) return "ordering";
  return null;
}

/** The parts that name a search, [key, text] (resolved options, as a trace has them). */
function parts(options) {
  const out = [["algorithm", ALGORITHM_NAMES[options.algorithm] || String(options.algorithm)]];
  if (options.algorithm === "alphabeta") out.push(["rule", `${options.rule} rule`]);
  let ordering = ORDERING_NAMES[options.ordering] || `${options.ordering} ordering`;
  if (options.ordering === "random") ordering += ` (seed ${options.seed})`;
  out.push(["ordering", ordering]);
  return out;
}

/**
 * How the page names two searches (their resolved options): per side a heading ("Alpha-beta,
 * strict rule": the algorithm, its rule, and the ordering unless both take the moves as
 * given) and a short name made of what tells them apart ("minimax", "the strict rule",
 * "the perfect ordering").
 */
export function describeSides(leftOptions, rightOptions) {
  const [a, b] = [parts(leftOptions), parts(rightOptions)];
  const text = (list, key) => (list.find(([k]) => k === key) || [key, ""])[1];
  const orderingShown = leftOptions.ordering !== "given" || rightOptions.ordering !== "given";
  const heading = (list) =>
    list
      .filter(([key]) => key !== "ordering" || orderingShown)
      .map(([, t]) => t)
      .join(", ");
  // What tells them apart; the rule only between two alpha-beta searches (minimax has none).
  const bothPrune = leftOptions.algorithm === "alphabeta" && rightOptions.algorithm === "alphabeta";
  const keys = ["algorithm", "rule", "ordering"].filter((key) => text(a, key) !== text(b, key) && (key !== "rule" || bothPrune));
  const short = (list, fallback) => {
    if (!keys.length) return fallback;
    const name = keys.map((key) => text(list, key)).join(", ");
    // "minimax", "alpha-beta, strict rule"; "the strict rule", "the perfect ordering"
    if (keys[0] === "algorithm") return name.charAt(0).toLowerCase() + name.slice(1);
    return `the ${name}`;
  };
  return {
    left: { heading: heading(a), short: short(a, "the first search") },
    right: { heading: heading(b), short: short(b, "the second search") },
  };
}

/** Capitalised, for the start of a sentence. */
export function capitalise(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
