// exams/prompt.js: a generated question's prompt in the page's language. The exam keeps each
// prompt as the generator wrote it (English, app/exams/answers.py's PROMPTS, which the LaTeX
// file prints); a page in another language writes it again from the question's data (its
// kind, rule, the nodes it asks about and the root's name), the same sentence translated.
// Pure: no DOM.

import { _, language, pgettext } from "../lib/i18n.js";
import { joinNames } from "../lib/names.js";

function ruleWord(rule) {
  return rule === "strict" ? pgettext("rule", "strict") : pgettext("rule", "standard");
}

/** The prompt of `question` ({kind, rule, asked, prompt}); `root`: the root's name. */
export function promptText(question, root) {
  if (language() === "en") return question.prompt;
  const values = { rule: ruleWord(question.rule), nodes: joinNames(question.asked || []), root };
  switch (question.kind) {
    case "prune":
      return _("Run alpha-beta ({rule} rule) left to right and cross out every pruned branch.", values);
    case "values":
      return _("Fill in the minimax value of every inner node.", values);
    case "windows":
      return _("Run alpha-beta ({rule} rule) left to right and give α and β at {nodes} when each returns.", values);
    case "best_move":
      return _("Which move does {root} choose, and what is its value?", values);
    case "leaves":
      return _("Run alpha-beta ({rule} rule) left to right: how many leaves are evaluated?", values);
    case "reorder":
      return _(
        "Reorder the children so that alpha-beta ({rule} rule) prunes the most: give each inner node's children in the best order and the leaves evaluated then.",
        values
      );
    case "rules":
      return _(
        "Which leaves does the standard rule (prune when α ≥ β) evaluate and the strict rule (never prune on equality) not, or the other way round?",
        values
      );
    case "counts":
      return _("How many leaves and nodes do minimax and alpha-beta ({rule} rule) each evaluate and visit?", values);
    default:
      return question.prompt;
  }
}

/** The root's name before the tree is drawn: its label, else "A" (names.js's first name). */
export function rootGuess(question) {
  const tree = question.tree && question.tree.tree;
  return tree && typeof tree === "object" && !Array.isArray(tree) && tree.label ? String(tree.label) : "A";
}
