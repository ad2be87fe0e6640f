// visualizer/doc-title.js: the header's title (#doc-title), a panel of the main page. It names the
// tree (the document's name, the preset's label, "Random tree", "Pasted tree") and adds the
// document's description, which often states the answer ("answer 3"): unless "Hide answers" is
// on and the search has not reached its end. The preset's description under the preset list
// says the same, so it hides with it.

const $ = (id) => document.getElementById(id);

export class DocTitle {
  /** @param {Function} answersHidden  () → whether "Hide answers" is on */
  constructor(answersHidden) {
    this.answersHidden = answersHidden;
    this.title = "";
    this.description = "";
  }

  /** A new run: its title and description, from `info` (the server's) or the document itself. */
  setTrace(trace, { source, doc, info }) {
    const documentInfo = info || (doc && typeof doc === "object" && !Array.isArray(doc) ? doc : null);
    let title = "";
    if (documentInfo && documentInfo.name) title = documentInfo.name;
    const kind = source ? source.kind : null;
    if (!title && kind === "preset") {
      const option = [...$("preset").options].find((o) => o.value === source.name);
      title = option ? option.textContent : source.name;
    }
    if (!title && kind === "random") title = "Random tree";
    if (!title && kind === "paste") title = "Pasted tree";
    this.title = title;
    this.description = documentInfo && documentInfo.description ? documentInfo.description : "";
    this.show({ final: false }); // a new trace: step 0 of a search still streaming
  }

  /** `final`: the step shown is the end of a finished search (the answers are reached). */
  show({ final }) {
    const el = $("doc-title");
    const hide = this.answersHidden() && !final;
    const text = this.description && !hide ? `${this.title}: ${this.description}` : this.title;
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
