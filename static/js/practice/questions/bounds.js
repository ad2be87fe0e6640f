// bounds.js: MTD(f)'s question, "what are the bounds after each pass?", graded as
// app/practice/questions/bounds.py grades it, with the same sentences word for word. Each
// pass tests the root with the null window (β − 1, β); a result g ≥ β raises the lower bound
// to g, g < β lowers the upper bound to g (summary.passes). The answer is {bounds: [[lower,
// upper] | null, …]}, one pair per pass; each pass is correct_bounds, wrong_bounds or
// missing_bounds at the step that ends it. max_score = passes; score = correct ones.

import { fmt } from "../../lib/format.js";
import { _ } from "../../lib/i18n.js";
import { uniqueNames } from "../../lib/names.js";
import { num } from "../../trace/trace.js";

function explainPass(trace, done, number, given, right) {
  const root = uniqueNames(trace)[0];
  const [alpha, beta, value, lower, upper] = [done.alpha, done.beta, done.value, done.lower, done.upper].map(num);
  const values = { number: number + 1, root, alpha: fmt(alpha), beta: fmt(beta) };
  const asks = _("Pass {number} searches {root} with the null window ({alpha}, {beta}): is {root} at least {beta}?", values);
  let bounds = `[${fmt(lower)}, ${fmt(upper)}]`;
  if (!right && given) bounds = _("{bounds}, not {given}", { bounds, given: `[${fmt(given[0])}, ${fmt(given[1])}]` });
  Object.assign(values, { value: fmt(value), bounds, lower: fmt(lower) });
  let said;
  if (value >= beta && lower === upper) {
    said = _(
      "It returned {value} ≥ {beta}, a fail high, so {root} is at least {value}: the bounds are {bounds}; they meet, so {root}'s value is {lower}.",
      values
    );
  } else if (value >= beta) {
    said = _("It returned {value} ≥ {beta}, a fail high, so {root} is at least {value}: the bounds are {bounds}.", values);
  } else if (lower === upper) {
    said = _(
      "It returned {value} < {beta}, a fail low, so {root} is at most {value}: the bounds are {bounds}; they meet, so {root}'s value is {lower}.",
      values
    );
  } else {
    said = _("It returned {value} < {beta}, a fail low, so {root} is at most {value}: the bounds are {bounds}.", values);
  }
  return `${asks} ${said}`;
}

/** {score, max_score, items} for an answer's bounds against a complete MTD(f) trace. */
export function gradeBounds(trace, answer) {
  const pairs = ((answer && answer.bounds) || []).map((pair) => (Array.isArray(pair) ? pair.map(num) : null));
  const ends = [];
  trace.wireEvents.forEach((event, index) => {
    if (event[0] === "pass" && index > 0) ends.push(index);
  });
  ends.push(trace.length);
  const items = trace.summary.passes.map((done, number) => {
    const given = number < pairs.length ? pairs[number] : null;
    const right = given !== null && given[0] === num(done.lower) && given[1] === num(done.upper);
    const kind = right ? "correct_bounds" : given === null ? "missing_bounds" : "wrong_bounds";
    const explanation = explainPass(trace, done, number, given, right);
    return { kind, path: [], explanation, step: ends[number], pass: number + 1 };
  });
  return { score: items.filter((item) => item.kind === "correct_bounds").length, max_score: items.length, items };
}
