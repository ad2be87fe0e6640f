// trace/minimax-form.js: negamax's numbers in minimax form. A negamax trace (Trace.moverSide)
// carries each node's value and window from its mover's side: a MIN node's value is the
// negation of its minimax value and its window (α, β) is (−β′, −α′) of the minimax window
// (α′, β′). The player's "Minimax form" switch shows the same step with every MIN node turned
// back (value negated, window negated and swapped); MAX nodes, leaves and everything else are
// the same in both forms, and so are their cutoff notes (cutoffInForm: tree/marks.js). The
// state shown in minimax form says so (`form`). DOM-free: the tree panel asks here first.

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
