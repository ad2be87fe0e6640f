// compare/spec.js: what the compare page's address says the two searches are, and how each
// is named on screen. Pure (no DOM), so it imports in plain Node.
//
// The address is the main page's (url-state.js: preset=, tree=, random= or z= names the tree;
// algorithm=, rule=, players=, depth=, ordering=, seed= apply to both searches), plus one
// option set per side:
//
//   left=KEY:VALUE[,KEY:VALUE…]   right=KEY:VALUE[,KEY:VALUE…]
//
// KEY is one of algorithm, rule, ordering, seed, and the pruning family's options (fail,
// window, aspiration, guess, bounds: docs/algorithms.md) — what two searches of one tree may
// differ in; a side's pairs override the shared options. A value of two numbers is written
// with ";" inside a pair ("window:2;5", "aspiration:3;1", "bounds:0;10"), since "," separates
// the pairs; it goes to the server as "2,5". Examples:
//   /compare?preset=textbook&left=algorithm:minimax&right=algorithm:alphabeta   (the default)
//   /compare?preset=tie&left=rule:standard&right=rule:strict
//   /compare?preset=textbook&left=ordering:given&right=ordering:perfect
//   /compare?random={…}&algorithm=alphabeta&left=ordering:random,seed:1&right=ordering:random,seed:2
//   /compare?preset=textbook&left=algorithm:alphabeta&right=algorithm:pvs
//   /compare?preset=textbook&left=algorithm:mtdf,guess:3&right=algorithm:mtdf,guess:14
//   /compare?preset=textbook&left=algorithm:alphabeta&right=algorithm:alphabeta,aspiration:3;1
// An unknown key or a malformed pair is ignored (the server checks the values).
//
// The two searches step together by nodes reached (compare/sync.js): a node entered again in
// a later pass or a re-search counts again, so searches of different lengths stay comparable.

import { _, language, pgettext } from "../lib/i18n.js";

export const SIDE_KEYS = ["algorithm", "rule", "ordering", "seed", "fail", "window", "aspiration", "guess", "bounds"];
const PAIRED = ["window", "aspiration", "bounds"]; // two numbers: "a;b" here, "a,b" for the server
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
  // The pruning family's telling pairs (docs/algorithms.md); "searches" picks any two.
  pvs: [{ algorithm: "alphabeta" }, { algorithm: "pvs" }],
  sssstar: [{ algorithm: "alphabeta" }, { algorithm: "sssstar" }],
  mtdf: [{ algorithm: "mtdf" }, { algorithm: "sssstar" }],
  negamax: [{ algorithm: "alphabeta" }, { algorithm: "negamax" }],
  searches: [{ algorithm: "alphabeta" }, { algorithm: "pvs" }],
};

const ALGORITHM_NAMES = { minimax: "Minimax", expectimax: "Expectimax" };
Object.assign(ALGORITHM_NAMES, { negamax: "Negamax", pvs: "PVS", mtdf: "MTD(f)", sssstar: "SSS*" });
Object.assign(ALGORITHM_NAMES, { star1: "Star1", star2: "Star2" });

function algorithmName(algorithm) {
  if (algorithm === "alphabeta") return _("Alpha-beta");
  return ALGORITHM_NAMES[algorithm] || String(algorithm);
}

function orderingName(ordering) {
  if (ordering === "given") return _("given order");
  if (ordering === "perfect") return _("perfect ordering");
  if (ordering === "worst") return _("worst ordering");
  if (ordering === "random") return _("random ordering");
  if (ordering === "heuristic") return _("heuristic ordering");
  return _("{ordering} ordering", { ordering });
}
const ENGINE_DEFAULTS = { algorithm: "alphabeta", rule: "standard", ordering: "given", seed: 0 };

/** A side's option set from its address text ("algorithm:minimax,rule:strict"). */
export function parseSide(text) {
  const options = {};
  for (const pair of String(text || "").split(",")) {
    const at = pair.indexOf(":");
    if (at < 1) continue;
    const key = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    if (SIDE_KEYS.includes(key) && value !== "") options[key] = PAIRED.includes(key) ? value.replace(";", ",") : value;
  }
  return options;
}

/** A side's option set as address text, keys in SIDE_KEYS order. */
export function formatSide(options) {
  const given = (key) => options[key] !== undefined && options[key] !== null && options[key] !== "";
  return SIDE_KEYS.filter(given)
    .map((key) => `${key}:${pairText(options[key])}`)
    .join(",");
}

/** A value as a side's pair writes it: two numbers ([2, 5], {guess, delta}, "2,5") as "2;5". */
function pairText(value) {
  if (Array.isArray(value)) return value.join(";");
  if (value && typeof value === "object") return `${value.guess};${value.delta}`;
  return String(value).replace(",", ";");
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

/** Which form comparison a pair of sides is ("algorithm", "rule", "ordering", a pruning
 * family pair, or "searches": any two algorithms with nothing else set), or null. */
export function comparisonOf(left, right) {
  const full = (side) => ({ ...ENGINE_DEFAULTS, ...side });
  const [a, b] = [full(left), full(right)];
  const differ = SIDE_KEYS.filter((key) => String(a[key]) !== String(b[key]));
  const only = (key) => differ.length === 1 && differ[0] === key;
  const extra = (side) => ["fail", "window", "aspiration", "guess", "bounds"].some((key) => side[key] !== undefined);
  if (only("algorithm") && !extra(a) && !extra(b)) {
    for (const kind of ["algorithm", "pvs", "sssstar", "mtdf", "negamax"]) {
      const [x, y] = COMPARISONS[kind];
      if (a.algorithm === x.algorithm && b.algorithm === y.algorithm) return kind;
    }
    return "searches";
  }
  if (a.algorithm !== "alphabeta" || b.algorithm !== "alphabeta") return null;
  if (only("rule") && a.rule === "standard") return "rule";
  if (only("ordering")) return "ordering";
  return null;
}

/** The parts that name a search, [key, text] (resolved options, as a trace has them). */
function parts(options) {
  const out = [["algorithm", algorithmName(options.algorithm)]];
  if (options.algorithm === "alphabeta") out.push(["rule", options.rule === "strict" ? _("strict rule") : _("standard rule")]);
  if (options.fail === "hard") out.push(["fail", "fail-hard"]);
  if (options.window) out.push(["window", _("root window [{window}]", { window: pairText(options.window).replace(";", ", ") })]);
  if (options.aspiration) out.push(["aspiration", _("aspiration {window}", { window: pairText(options.aspiration).replace(";", " ± ") })]);
  if (options.algorithm === "mtdf" && options.guess !== undefined && options.guess !== null)
    out.push(["guess", _("first guess {guess}", { guess: options.guess })]);
  let ordering = orderingName(options.ordering);
  if (options.ordering === "random") ordering = _("{ordering} (seed {seed})", { ordering, seed: options.seed });
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
      .join(pgettext("list separator", ", "));
  // What tells them apart; the rule only between two alpha-beta searches (minimax has none).
  const bothPrune = leftOptions.algorithm === "alphabeta" && rightOptions.algorithm === "alphabeta";
  const keys = ["algorithm", "rule", "fail", "window", "aspiration", "guess", "ordering"].filter(
    (key) => text(a, key) !== text(b, key) && (key !== "rule" || bothPrune)
  );
  const short = (list, fallback) => {
    // Only what this side has: an option the other side alone sets ("first guess 0") adds
    // nothing here ("SSS*", not "SSS*, ").
    const name = keys
      .map((key) => text(list, key))
      .filter(Boolean)
      .join(pgettext("list separator", ", "));
    if (!name) return fallback;
    // "minimax", "alpha-beta, strict rule"; "the strict rule", "the perfect ordering"
    // (an acronym keeps its capitals: "PVS", "MTD(f)", "SSS*")
    if (keys[0] === "algorithm") {
      const lower = language() === "en" && /^.[a-z]/.test(name); // English writes "minimax" mid-sentence
      return lower ? name.charAt(0).toLowerCase() + name.slice(1) : name;
    }
    return _("the {name}", { name });
  };
  return {
    left: { heading: heading(a), short: short(a, _("the first search")) },
    right: { heading: heading(b), short: short(b, _("the second search")) },
  };
}

/** Capitalised, for the start of a sentence. */
export function capitalise(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
