// trace/minimax-form.js: negamax's numbers in minimax form. A negamax trace (Trace.moverSide)
// carries each node's value and window from its mover's side: a MIN node's value is the
// negation of its minimax value and its window (α, β) is (−β′, −α′) of the minimax window
// (α′, β′). The player's "Minimax form" switch shows the same step with every MIN node turned
// back (value negated, window negated and swapped); MAX nodes, leaves and everything else are
// the same in both forms, and so are their cutoff notes (cutoffInForm: tree/marks.js). The
// state shown in minimax form says so (`form`). The narration and the pseudocode read a
// negamax trace in minimax form through `traceInForm(trace, form)`: the same trace whose events,
// values-before-updates and options read as alpha-beta's (a MIN node's numbers turned back).
// DOM-free: the tree panel, the narration and the pseudocode ask here first.

/** Whether `trace`'s numbers can be shown in two forms (a negamax trace). */
export function hasTwoForms(trace) {
  return Boolean(trace && trace.moverSide);
}

/**
 * The state `s` of `trace` as `form` shows it: "mover" (or a trace without two forms) is `s`
 * itself; "minimax" is a copy whose MIN nodes' values and windows are in minimax form.
 */
export function inForm(trace, s, form) {
  if (form !== "minimax" || !hasTwoForms(trace)) return s;
  const shown = s.clone();
  for (let i = 0; i < trace.size; i++) {
    if (trace.kind(i) !== "min") continue;
    shown.value[i] = -s.value[i];
    shown.alpha[i] = -s.beta[i];
    shown.beta[i] = -s.alpha[i];
  }
  shown.form = "minimax";
  return shown;
}

const FLIPPED = { ">=": "<=", ">": "<", "<=": ">=", "<": ">" };

/** Node `i`'s cutoff event as `form` shows it: a negamax MIN node's β-cutoff "−2 ≥ −3" reads
 * in minimax form as the α-cutoff "2 ≤ 3" alpha-beta shows. */
export function cutoffInForm(trace, i, event, form) {
  if (form !== "minimax" || !hasTwoForms(trace) || trace.kind(i) !== "min") return event;
  const kind = event.kind === "beta" ? "alpha" : "beta";
  return { ...event, kind, value: -event.value, relation: FLIPPED[event.relation], bound: -event.bound };
}

const SWAPPED_WHY = { "fail-low": "fail-high", "fail-high": "fail-low" };

/** Event `e` at node `i` of a negamax trace in minimax form (a MIN node's numbers turned back;
 * a `pass` at a MIN root has its window turned and its reason swapped, as alpha-beta's reads). */
export function eventInForm(trace, i, e) {
  if (trace.kind(i) !== "min") return e;
  const turned = { alpha: turn(e.beta), beta: turn(e.alpha) };
  switch (e.type) {
    case "enter":
      return { ...e, ...turned };
    case "leaf":
      return { ...e, ...turned, value: turn(e.value) };
    case "update":
      return { ...e, ...turned, value: turn(e.value), child_value: turn(e.child_value) };
    case "cutoff":
      return cutoffInForm(trace, i, e, "minimax");
    case "exit":
      return { ...e, value: turn(e.value) };
    case "pass":
      return { ...e, ...turned, why: SWAPPED_WHY[e.why] || e.why };
    default:
      return e;
  }
}

/** A wire number negated ("Infinity" and "-Infinity" stay strings, as the wire sends them). */
function turn(value) {
  if (value === "Infinity") return "-Infinity";
  if (value === "-Infinity") return "Infinity";
  if (value === null || value === undefined) return value;
  return -value;
}

const views = new WeakMap();

/**
 * `trace` as the narration and the pseudocode read it in `form`: a negamax trace in "minimax"
 * form is an object that is the trace but for its `events` and `before` (turned back at MIN
 * nodes, added as the trace grows) and its options (algorithm "alphabeta": the same pruning);
 * any other trace, or form, is the trace itself.
 */
export function traceInForm(trace, form) {
  if (form !== "minimax" || !hasTwoForms(trace)) return trace;
  let view = views.get(trace);
  if (!view) {
    view = Object.create(trace, {
      events: { value: [], writable: true },
      before: { value: [], writable: true },
      moverSide: { value: false },
      options: { value: { ...trace.options, algorithm: "alphabeta" } },
    });
    views.set(trace, view);
  }
  for (let k = view.events.length; k < trace.events.length; k++) {
    const i = trace.nodeOf[k];
    view.events.push(eventInForm(trace, i, trace.events[k]));
    const b = trace.before[k];
    const min = b && trace.kind(i) === "min";
    view.before.push(min ? { value: -b.value, alpha: -b.beta, beta: -b.alpha } : b);
  }
  return view;
}
