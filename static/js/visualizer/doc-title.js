// visualizer/doc-title.js: the header's title (#doc-title), a panel of the main page. It names the
// tree (the document's name, the preset's label, "Random tree", "Pasted tree") and adds the
// document's description (unless "Hide answers" is on and the search has not reached its end:
// a description written by hand may still state the answer) and, once the search has reached
// its end, the document's answer ("Answer 3: … 4 and 6 are never looked at", docs/protocol.md),
// which is never on screen before. The preset's description under the preset list hides with
// the header's. While a student following a lesson's lecture sees a slide without a tree in
// the tree's place (lesson/lecture-slide.js), the header and the tab's title name that slide
// ("Slide 3 of 10: Move ordering · Prune"), not the last slide's tree under it; the page's own
// tab title comes back after it.

import { _ } from "../lib/i18n.js";
import { retold } from "../lib/language.js";
import { pageStore } from "../lib/page-store.js";

const $ = (id) => document.getElementById(id);

export class DocTitle {
  /** @param {Function} answersHidden  () → whether "Hide answers" is on */
  constructor(answersHidden) {
    this.answersHidden = answersHidden;
    this.title = "";
    this.description = "";
    this.answer = "";
    this.final = false;
    this.slideName = "";
    this.pageTitle = document.title;
    this.source = null; // the run's source ({kind, name}), to name a preset again
    // A language switch in place (lib/language.js): the names and sentences held, in the new
    // language (the followRun draw after it shows them).
    pageStore.subscribe((state, changed) => {
      if (!("lang" in changed)) return;
      this.pageTitle = retold(this.pageTitle);
      this.title = this.named(this.source) || retold(this.title);
      this.description = retold(this.description);
      this.answer = retold(this.answer);
    });
  }

  /** The tree's name from its source alone (a preset's label, "Random tree", "Pasted tree"). */
  named(source) {
    const kind = source ? source.kind : null;
    if (kind === "preset") {
      const option = [...$("preset").options].find((o) => o.value === source.name);
      return option ? option.textContent : source.name;
    }
    if (kind === "random") return _("Random tree");
    if (kind === "paste") return _("Pasted tree");
    return "";
  }

  /** A new run: its title and description, from `info` (the server's) or the document itself. */
  setTrace(trace, { source, doc, info }) {
    const documentInfo = info || (doc && typeof doc === "object" && !Array.isArray(doc) ? doc : null);
    const named = documentInfo && documentInfo.name;
    this.source = named ? null : source;
    this.title = named || this.named(source);
    this.description = documentInfo && documentInfo.description ? documentInfo.description : "";
    this.answer = documentInfo && documentInfo.answer ? documentInfo.answer : "";
    this.show({ final: false }); // a new trace: step 0 of a search still streaming
  }

  /** The lecture's slide shown in the tree's place, `{index, count, title}`, or null for none. */
  setSlide(slide) {
    const name = slide ? _("Slide {n} of {count}: {title}", { n: slide.index + 1, count: slide.count, title: slide.title }) : "";
    if (name === this.slideName) return;
    this.slideName = name;
    this.show({ final: this.final });
  }

  /** `final`: the step shown is the end of a finished search (the answers are reached). */
  show({ final }) {
    this.final = final;
    const el = $("doc-title");
    const hide = this.answersHidden() && !final;
    const said = [this.description && !hide ? this.description : "", final ? this.answer : ""];
    const words = said.filter(Boolean).join(" ");
    const text = this.slideName || (words ? `${this.title}: ${words}` : this.title);
    const tabTitle = this.slideName ? `${this.slideName} · Prune` : this.pageTitle;
    if (document.title !== tabTitle) document.title = tabTitle;
    if (el.textContent !== text) {
      el.textContent = text;
      el.title = text;
    }
    const presetHint = $("preset-description");
    if (presetHint.hidden !== hide) {
      presetHint.hidden = hide;
      if (hide) $("preset").removeAttribute("aria-describedby");
      else $("preset").setAttribute("aria-describedby", "preset-description");
    }
  }
}
