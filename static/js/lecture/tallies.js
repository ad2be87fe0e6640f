// tallies.js: the presenter's counts of a question, in words and bars: "12 of 30 students
// answered", then how many gave each root value, chose each move (by node name), and crossed
// out each node (the heat overlay's numbers, as a list: a folded node has no badge on the
// tree, and a list reads out). Each bar is a row "label ▬▬▬ n"; the count is written, so the
// bar's length is never the only sign. Once the answer may be shown (revealed, or "Hide
// answers" off), the right value and move and each crossed-out node's truth are marked
// with a word and an icon as well. A screen reader hears the answered count through a polite
// live region at most every ANNOUNCE_MS (a class answering at once would be a flood).

import { fmt } from "../lib/format.js";
import { _, formatNumber, ngettext, pgettext } from "../lib/i18n.js";
import { moveName, nameOf } from "../lib/names.js";
import { same } from "../practice/truth.js";

const ANNOUNCE_MS = 5000;
const PRUNED_SHOWN = 8; // crossed-out nodes listed, most crossed first

function el(tag, cls, text = null) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== null) node.textContent = text;
  return node;
}

export class Tallies {
  /** `els`: {answered, announce, values, moves, pruned} (the lists are <ul>s). */
  constructor(els) {
    this.els = els;
    this.lastAnnounced = -Infinity;
    this.announceTimer = null;
    this.spoken = "";
  }

  /**
   * `counts`: a lecture:answers body ({answered, pruned, values, moves}); `audience`: the
   * students watching; `trace`/`truth`: the question's (null until loaded); `truthShown`.
   */
  show(counts, { audience, trace, truth, truthShown }) {
    const answered = counts.answered || 0;
    const of = Math.max(audience, answered); // those who answered and left count too
    const numbers = { answered: formatNumber(answered), of: formatNumber(of) };
    this.els.answered.textContent = ngettext("{answered} of {n} student answered", "{answered} of {n} students answered", of, numbers);
    this.announce(_("{answered} of {of} answered", numbers));
    const right = truthShown && truth ? truth : null;
    this.values(counts.values || {}, answered, right);
    this.moves(counts.moves || {}, answered, trace, right);
    this.pruned(counts.pruned || {}, answered, trace, right);
  }

  values(values, answered, truth) {
    const rows = Object.entries(values).map(([text, n]) => ({ key: text, n, label: fmt(Number(text)) }));
    const answer = truth && Number.isFinite(truth.returned[0]) ? truth.returned[0] : null;
    let found = false;
    for (const row of rows) {
      row.right = answer !== null && same(answer, truth.isFloat[0], Number(row.key));
      found = found || row.right;
    }
    if (answer !== null && !found) rows.push({ key: String(answer), n: 0, label: fmt(answer), right: true });
    rows.sort((a, b) => Number(a.key) - Number(b.key));
    this.fill(this.els.values, rows, answered, _("No root value given yet."), _("root value"));
  }

  moves(moves, answered, trace, truth) {
    if (trace && (trace.nodes[0].kind === "chance" || !trace.children[0].length)) {
      this.fill(this.els.moves, [], answered, _("This root makes no move (the sheet asks for none)."), pgettext("tally", "move"));
      return;
    }
    const rootChildren = trace ? trace.children[0] : [];
    const label = (index) =>
      rootChildren[index] !== undefined ? moveName(trace, rootChildren[index]) : _("move {number}", { number: Number(index) + 1 });
    const rows = Object.entries(moves).map(([index, n]) => ({ key: index, n, label: label(index) }));
    const best = truth ? truth.bestMove : null;
    if (best !== null && !rows.some((row) => Number(row.key) === best)) rows.push({ key: String(best), n: 0, label: label(best) });
    for (const row of rows) row.right = best !== null && Number(row.key) === best;
    rows.sort((a, b) => Number(a.key) - Number(b.key));
    this.fill(this.els.moves, rows, answered, _("No move chosen yet."), pgettext("tally", "move"));
  }

  pruned(pruned, answered, trace, truth) {
    const rows = Object.entries(pruned).map(([path, n]) => {
      const id = trace ? trace.ids.get(path) : undefined;
      const row = { key: path, n, label: id === undefined ? path || _("root") : nameOf(trace, id) };
      if (truth && id !== undefined) {
        row.right = truth.prunedBy.has(id);
        row.wrong = truth.reached[id] > 0; // the search visits it: crossed out wrongly
      }
      return row;
    });
    rows.sort((a, b) => b.n - a.n || a.label.localeCompare(b.label));
    const more = rows.length - PRUNED_SHOWN;
    this.fill(this.els.pruned, rows.slice(0, PRUNED_SHOWN), answered, _("No branch crossed out yet."), _("node"), {
      rightWord: pgettext("tally", "pruned"),
      wrongWord: pgettext("tally", "searched"),
    });
    if (more > 0) this.els.pruned.append(el("li", "tally-more", ngettext("and {n} more node", "and {n} more nodes", more)));
  }

  /** One list of bars; `what` names a row for a screen reader ("root value 3: 2 answers"). */
  fill(list, rows, answered, empty, what, { rightWord = _("right answer"), wrongWord = null } = {}) {
    if (!rows.length) {
      list.replaceChildren(el("li", "tally-empty", empty));
      return;
    }
    list.replaceChildren(
      ...rows.map((row) => {
        const li = el("li", "tally");
        li.dataset.key = row.key;
        li.dataset.label = row.label;
        li.dataset.count = String(row.n);
        const name = el("span", "tally-label", row.label);
        name.prepend(el("span", "visually-hidden", what + " "));
        const bar = el("span", "tally-bar");
        bar.setAttribute("aria-hidden", "true");
        const fill = el("span", "tally-fill");
        fill.style.width = `${answered ? Math.round((100 * row.n) / answered) : 0}%`; // CSSOM: CSP allows it
        bar.append(fill);
        const count = el("span", "tally-count", String(row.n));
        count.prepend(el("span", "visually-hidden", ": "));
        count.append(el("span", "visually-hidden", " " + ngettext("answer", "answers", row.n)));
        li.append(name, bar, count);
        if (row.right) li.append(this.verdict("right", `✓ ${rightWord}`));
        else if (row.wrong && wrongWord) li.append(this.verdict("wrong", `✗ ${wrongWord}`));
        return li;
      })
    );
  }

  verdict(kind, text) {
    const tag = el("span", `tally-verdict is-${kind}`, text);
    return tag;
  }

  /** Say the answered count, at most once every ANNOUNCE_MS (the latest count wins). */
  announce(text) {
    if (text === this.spoken) return;
    const wait = this.lastAnnounced + ANNOUNCE_MS - performance.now();
    clearTimeout(this.announceTimer);
    const say = () => {
      this.lastAnnounced = performance.now();
      this.spoken = text;
      this.els.announce.textContent = text;
    };
    if (wait <= 0) say();
    else this.announceTimer = setTimeout(say, wait);
  }

  /** Forget what was said (a new question starts from silence). */
  reset() {
    clearTimeout(this.announceTimer);
    this.spoken = "";
    this.els.announce.textContent = "";
  }
}
