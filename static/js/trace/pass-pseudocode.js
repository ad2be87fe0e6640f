// trace/pass-pseudocode.js: the listings of MTD(f), SSS* (as MTD(+∞)), Star1 and Star2
// (docs/algorithms.md), with line ids the events light as in pseudocode.js (`max-update`,
// `min-test`, `chance-update`, …), plus the ids of these searches' own events: `pass`, the
// transposition table's `tt-hit` and `tt-store`, and Star1's `chance-test`. pseudocode.js
// asks here for these algorithms; DOM-free.

import { _ } from "../lib/i18n.js";

/** Alpha-beta with memory, the body of every MTD pass (Plaat et al. 1996). */
function withMemory() {
  return [
    ["abm-def", 0, "def ab-memory(n, α, β):"],
    ["tt-hit", 1, "if n is in the table:"],
    ["tt-answer", 2, "if n.lower ≥ β: return n.lower"],
    ["tt-answer-upper", 2, "if n.upper ≤ α: return n.upper"],
    ["tt-narrow", 2, "α = max(α, n.lower)"],
    ["tt-narrow-beta", 2, "β = min(β, n.upper)"],
    ["terminal", 1, "if terminal: g = utility(n)"],
    ["max-init", 1, "elif MAX: g, a = −∞, α"],
    ["max-for", 2, "for each child c while g < β:"],
    ["max-update", 2, "  g = max(g, ab-memory(c, a, β))"],
    ["max-window", 2, "  a = max(a, g)"],
    ["max-test", 2, "  if g ≥ β: stop   # β-cutoff"],
    ["min-init", 1, "else MIN: g, b = +∞, β"],
    ["min-for", 2, "for each child c while g > α:"],
    ["min-update", 2, "  g = min(g, ab-memory(c, α, b))"],
    ["min-window", 2, "  b = min(b, g)"],
    ["min-test", 2, "  if g ≤ α: stop   # α-cutoff"],
    ["tt-store", 1, "if g ≤ α: n.upper = g"],
    ["tt-store-lower", 1, "elif g ≥ β: n.lower = g"],
    ["tt-store-exact", 1, "else: n.lower = n.upper = g"],
    ["max-return", 1, "return g"],
  ];
}

function mtd(sssstar) {
  return [
    ["mtd-def", 0, sssstar ? "def sss-star(root):   # MTD(+∞)" : "def mtdf(root, f):"],
    ["mtd-init", 1, sssstar ? "g = +∞" : "g = f   # the first guess"],
    ["mtd-bounds-init", 1, "lower, upper = −∞, +∞"],
    ["mtd-loop", 1, "while lower < upper:"],
    ["pass", 2, "β = g + 1 if g == lower else g"],
    ["mtd-call", 2, "g = ab-memory(root, β − 1, β)"],
    ["mtd-bounds", 2, "if g < β: upper = g"],
    ["mtd-bounds-lower", 2, "else: lower = g"],
    ["mtd-return", 1, "return g"],
    ...withMemory(),
  ];
}

function minimaxLines(name) {
  return [
    ["value-def", 0, `def ${name}(n, α, β):`],
    ["terminal", 1, "if terminal: return utility(n)"],
    ["max-init", 1, "if MAX: v = −∞"],
    ["max-for", 2, "for each child c:"],
    ["max-update", 2, `  v = max(v, ${name}(c, α, β))`],
    ["max-window", 2, "  α = max(α, v)"],
    ["max-test", 2, "  if α ≥ β: return v   # β-cutoff"],
    ["max-return", 2, "return v"],
    ["min-init", 1, "if MIN: v = +∞"],
    ["min-for", 2, "for each child c:"],
    ["min-update", 2, `  v = min(v, ${name}(c, α, β))`],
    ["min-window", 2, "  β = min(β, v)"],
    ["min-test", 2, "  if α ≥ β: return v   # α-cutoff"],
    ["min-return", 2, "return v"],
  ];
}

function star(probe) {
  const name = probe ? "star2" : "star1";
  const lines = [...minimaxLines(name), ["chance-init", 1, "chance: seen, mass = 0, 1"]];
  if (probe) {
    lines.push(["probe-for", 2, "for each child c:   # probe"]);
    lines.push(["probe-search", 2, "  W[c] = value(c's first child)"]);
    lines.push(["probe-test", 2, "  if Σ p·W + rest·L ≥ β: return it"]);
  }
  const rest = probe ? "W" : "L";
  lines.push(
    ["chance-for", 2, "for each child c, probability p:"],
    ["chance-p", 2, "  A = (α − seen − (mass−p)·U) / p"],
    ["chance-p-beta", 2, `  B = (β − seen − (mass−p)·${rest}) / p`],
    ["chance-update", 2, `  v = ${name}(c, max(A, L), min(B, U))`],
    ["chance-sum", 2, "  seen += p·v;  mass −= p"],
    ["chance-test", 2, "  if v ≤ A: return seen + mass·U"],
    ["chance-test-beta", 2, `  if v ≥ B: return seen + mass·${rest}`],
    ["chance-return", 2, "return seen   # expected value"]
  );
  return lines;
}

// ab-memory returns from one line, MAX or MIN: an event's line id → the listing's line id.
const ONE_RETURN = { "min-return": "max-return" };

/** {title, lines, aliases?} per algorithm of this module. */
export const PASS_LISTINGS = {
  mtdf: () => ({ title: _("MTD(f): null-window passes with a transposition table"), lines: mtd(false), aliases: ONE_RETURN }),
  sssstar: () => ({ title: _("SSS* as MTD(+∞)"), lines: mtd(true), aliases: ONE_RETURN }),
  star1: () => ({ title: _("Star1: alpha-beta at chance nodes, leaves in [L, U]"), lines: star(false) }),
  star2: () => ({ title: _("Star2: Star1 with a probing phase"), lines: star(true) }),
};

/** Lines to light for this module's events: [primary, ...secondary]. */
export function passLinesFor(event) {
  switch (event.type) {
    case "pass":
      return ["pass", "mtd-call"];
    case "tt":
      if (event.action === "hit") return ["tt-hit", "tt-answer", "tt-answer-upper", "tt-narrow", "tt-narrow-beta"];
      return ["tt-store", "tt-store-lower", "tt-store-exact"];
    case "chance_cutoff":
      return event.relation === "<=" ? ["chance-test"] : ["chance-test-beta", "probe-test"];
    default:
      return [];
  }
}
