// trace/pass-pseudocode.js: the listings of MTD(f), SSS* (as MTD(+∞)), Star1 and Star2
// (docs/algorithms.md), with line ids the events light as in pseudocode.js (`max-update`,
// `min-test`, `chance-update`, …), plus the ids of these searches' own events: `pass`, the
// transposition table's `tt-hit` and the store in `max-return`/`min-return`, and Star1's
// `chance-test`. pseudocode.js asks here for these algorithms; DOM-free.

/** Alpha-beta with memory, the body of every MTD pass (Plaat et al. 1996). */
function withMemory() {
  return [
    ["abm-def", 0, "def ab-memory(n, α, β):"],
    ["tt-hit", 1, "if n is in the table:"],
    ["tt-answer", 2, "if n.lower ≥ β: return n.lower;  if n.upper ≤ α: return n.upper"],
    ["tt-narrow", 2, "α = max(α, n.lower);  β = min(β, n.upper)"],
    ["terminal", 1, "if terminal: g = utility(n); store g as both bounds; return g"],
    ["max-init", 1, "if MAX: g = −∞;  a = α"],
    ["max-for", 2, "for each child c, while g < β:"],
    ["max-update", 3, "g = max(g, ab-memory(c, a, β));  a = max(a, g)"],
    ["max-test", 3, "if g ≥ β: stop   # β-cutoff"],
    ["max-return", 2, "store(n, g, α, β);  return g"],
    ["min-init", 1, "if MIN: g = +∞;  b = β"],
    ["min-for", 2, "for each child c, while g > α:"],
    ["min-update", 3, "g = min(g, ab-memory(c, α, b));  b = min(b, g)"],
    ["min-test", 3, "if g ≤ α: stop   # α-cutoff"],
    ["min-return", 2, "store(n, g, α, β);  return g"],
    ["tt-store", 0, "# store: g ≤ α → n.upper = g;  g ≥ β → n.lower = g;  else both = g"],
  ];
}

function mtd(sssstar) {
  const guess = sssstar ? "+∞   # SSS* is MTD(+∞)" : "f   # the first guess";
  return [
    ["mtd-def", 0, sssstar ? "def sss-star(root):" : "def mtdf(root, f):"],
    ["mtd-init", 1, `g = ${guess};  lower = −∞;  upper = +∞`],
    ["mtd-loop", 1, "while lower < upper:"],
    ["pass", 2, "β = g + 1 if g == lower else g   # a null-window pass (β − 1, β)"],
    ["mtd-call", 2, "g = ab-memory(root, β − 1, β)"],
    ["mtd-bounds", 2, "if g < β: upper = g  else: lower = g"],
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
    ["max-update", 3, `v = max(v, ${name}(c, α, β));  α = max(α, v)`],
    ["max-test", 3, "if α ≥ β: return v   # β-cutoff"],
    ["max-return", 2, "return v"],
    ["min-init", 1, "if MIN: v = +∞"],
    ["min-for", 2, "for each child c:"],
    ["min-update", 3, `v = min(v, ${name}(c, α, β));  β = min(β, v)`],
    ["min-test", 3, "if α ≥ β: return v   # α-cutoff"],
    ["min-return", 2, "return v"],
  ];
}

function star(probe) {
  const name = probe ? "star2" : "star1";
  const lines = [...minimaxLines(name), ["chance-init", 1, "chance: seen = 0;  mass = 1   # leaves in [L, U]"]];
  if (probe) {
    lines.push(["probe-for", 2, "for each child c (MAX): W[c] = value of c's first child   # probe"]);
    lines.push(["probe-test", 3, "if Σ p·W (L for the rest) ≥ β: return it   # cutoff"]);
  }
  const rest = probe ? "W" : "L";
  lines.push(
    ["chance-for", 2, "for each child c, with probability p:"],
    ["chance-p", 3, `A = (α − seen − (mass − p)·U) / p;  B = (β − seen − (mass − p)·${rest}) / p`],
    ["chance-update", 3, `v = ${name}(c, max(A, L), min(B, U));  seen += p·v;  mass −= p`],
    ["chance-test", 3, `if v ≤ A: return seen + mass·U;  if v ≥ B: return seen + mass·${rest}`],
    ["chance-return", 2, "return seen   # the expected value"]
  );
  return lines;
}

/** [title, lines] per algorithm of this module. */
export const PASS_LISTINGS = {
  mtdf: () => ({ title: "MTD(f): null-window passes with a transposition table", lines: mtd(false) }),
  sssstar: () => ({ title: "SSS* as MTD(+∞)", lines: mtd(true) }),
  star1: () => ({ title: "Star1: alpha-beta at chance nodes, leaves in [L, U]", lines: star(false) }),
  star2: () => ({ title: "Star2: Star1 with a probing phase", lines: star(true) }),
};

/** Lines to light for this module's events: [primary, ...secondary]. */
export function passLinesFor(event, parentKind) {
  switch (event.type) {
    case "pass":
      return ["pass", "mtd-call"];
    case "tt":
      if (event.action === "hit") return ["tt-hit", "tt-answer"];
      return ["tt-store", `${parentKind}-return`];
    case "chance_cutoff":
      return ["chance-test", "probe-test"];
    default:
      return [];
  }
}
