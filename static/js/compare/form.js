// compare/form.js: the compare page's chooser: which tree (a preset, or the tree the link
// brought) and what to compare (minimax against alpha-beta, the standard rule against the
// strict one, two orderings picked one each, a pair of the pruning family, or any two
// searches picked one each). It shows what the address holds; Compare
// opens the page's address for the new choice (spec.js writes the sides).

import { _ } from "../lib/i18n.js";
import { COMPARISONS, comparisonOf, withSides } from "./spec.js";

const $ = (id) => document.getElementById(id);
const SOURCE_KEYS = ["preset", "tree", "random", "z"];
const FROM_LINK = ""; // the tree select's value for the tree the link brought

export class CompareForm {
  /** `where`: load.js readTreeSource's answer; `sides`: {left, right} from the address. */
  constructor(where, sides) {
    this.els = {
      form: $("compare-form"),
      tree: $("cmp-tree"),
      kind: $("cmp-kind"),
      orderings: $("cmp-orderings"),
      orderLeft: $("cmp-order-left"),
      orderRight: $("cmp-order-right"),
      searches: $("cmp-searches"),
      algoLeft: $("cmp-algo-left"),
      algoRight: $("cmp-algo-right"),
    };
    const { tree, kind, orderLeft, orderRight } = this.els;
    if (where.presetName && [...tree.options].some((o) => o.value === where.presetName)) {
      tree.value = where.presetName;
    } else {
      const option = document.createElement("option");
      option.value = FROM_LINK;
      option.textContent = _("The tree from the link");
      tree.prepend(option);
      tree.value = FROM_LINK;
    }
    const current = comparisonOf(sides.left, sides.right);
    if (current) {
      kind.value = current;
    } else {
      const option = document.createElement("option");
      option.value = "link";
      option.textContent = _("As in the link");
      kind.append(option);
      kind.value = "link";
    }
    this.sides = sides;
    if (current === "ordering") {
      orderLeft.value = sides.left.ordering || "given";
      orderRight.value = sides.right.ordering || "given";
    }
    if (current === "searches") {
      this.els.algoLeft.value = sides.left.algorithm || "alphabeta";
      this.els.algoRight.value = sides.right.algorithm || "alphabeta";
    }
    kind.addEventListener("change", () => this.showOrderings());
    this.showOrderings();
    this.els.form.addEventListener("submit", (event) => {
      event.preventDefault();
      window.location.assign(this.address());
    });
  }

  showOrderings() {
    this.els.orderings.hidden = this.els.kind.value !== "ordering";
    this.els.searches.hidden = this.els.kind.value !== "searches";
  }

  /** The sides the form asks for. */
  chosenSides() {
    const kind = this.els.kind.value;
    if (kind === "link") return this.sides;
    const [left, right] = COMPARISONS[kind].map((side) => ({ ...side }));
    if (kind === "ordering") {
      left.ordering = this.els.orderLeft.value;
      right.ordering = this.els.orderRight.value;
    }
    if (kind === "searches") {
      left.algorithm = this.els.algoLeft.value;
      right.algorithm = this.els.algoRight.value;
    }
    return { left, right };
  }

  /** The compare page's address for the form's choice (the options both share are kept). */
  address() {
    const params = new URLSearchParams(window.location.search);
    params.delete("step");
    const preset = this.els.tree.value;
    if (preset !== FROM_LINK) {
      for (const key of SOURCE_KEYS) params.delete(key);
      params.set("preset", preset);
    }
    const { left, right } = this.chosenSides();
    return `${window.location.pathname}?${withSides(params, left, right)}`;
  }
}
