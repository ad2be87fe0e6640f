// trace/minimax-form.js: negamax's numbers in minimax form. A negamax trace (Trace.moverSide)
// carries each node's value and window from its mover's side: a MIN node's value is the
// negation of its minimax value and its window (α, β) is (−β′, −α′) of the minimax window
// (α′, β′). The player's "Minimax form" switch shows the same step with every MIN node turned
// back (value negated, window negated and swapped); MAX nodes, leaves and everything else are
// the same in both forms. DOM-free: the tree panel asks here before it draws a step.

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
  return shown;
}
