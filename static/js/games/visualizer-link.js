// games/visualizer-link.js: "Open in the visualizer" for a game decision: a permalink of the
// main page (lib/packed-view.js, ?z=…) holding the decision's tree, its search options and,
// in the address's step=, the step the decision view shows. A decision's trace gives pruned
// moves as stubs whose subtrees were never generated, which a tree document cannot hold, so
// the link carries the decision's whole tree (/api/games/<game>/tree?…&size=whole, not cut
// to homework size as practice has it; docs/games.md): the same moves in the same order, so the main
// page's search replays the same events, step for step. Offered for decisions small enough to
// be built whole (as "Practice this decision"); hidden for larger ones.

import { PACKED_PARAM, packView } from "../lib/packed-view.js";
import { gameTreeUrl, readPractice } from "../practice/address.js";
import { getJson } from "./http.js";

// The search options the main page takes from a link (lib/url-state.js); players come with the tree.
const OPTION_KEYS = ["algorithm", "rule", "depth", "ordering", "seed"];

export class VisualizerLink {
  /** `link`: the <a> to point at the main page (hidden while there is none). */
  constructor(link) {
    this.link = link;
    this.base = null; // the link without its step
    this.step = 0;
    this.request = 0;
  }

  /**
   * A new decision: `practice` is its "Practice this decision" address (null: not offered),
   * `options` its trace's options. Resolves once the link is ready (or hidden).
   */
  async setDecision(practice, options) {
    const ticket = ++this.request;
    this.hide();
    if (!this.link || !practice) return;
    const exercise = readPractice(new URL(practice, window.location.origin).search);
    if (!exercise.game) return;
    let tree;
    try {
      tree = await getJson(`${gameTreeUrl(exercise.game)}&size=whole`);
    } catch {
      return; // too big to build whole, or the server said no: no link
    }
    const searchOptions = {};
    for (const key of OPTION_KEYS) {
      if (options[key] !== undefined && options[key] !== null) searchOptions[key] = options[key];
    }
    const packed = await packView({ tree, options: searchOptions });
    if (ticket !== this.request) return;
    this.base = `/?${PACKED_PARAM}=${packed}`;
    this.link.hidden = false;
    this.showStep(this.step);
  }

  /** The step shown: the link opens the main page there. */
  showStep(k) {
    this.step = k;
    if (this.base) this.link.href = `${this.base}&step=${k}`;
  }

  hide() {
    this.base = null;
    if (!this.link) return;
    this.link.hidden = true;
    this.link.removeAttribute("href");
  }

  /** No decision any more (the view closed): drop any link still being built. */
  clear() {
    this.request++;
    this.hide();
  }
}
