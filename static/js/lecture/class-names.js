// class-names.js: the presenter's "Show names" control, for a lecture its class follows from
// the LMS (LTI, docs/lti.md "A lecture in the course"). The tallies stay anonymous: the
// control shows only when the room is linked to a course (POST /lti/lecture/names says
// so), is off by default, and only once the teacher turns it on does the page ask for the
// names: each learner the LMS named, and whether they answered the open question (with the
// score their page gave them, after the reveal). Asked again every REFRESH_MS while a
// question is open. Names are the LMS's text: written with textContent only.

import { _, formatNumber, ngettext } from "../lib/i18n.js";

const REFRESH_MS = 3000;

function el(tag, cls, text = null) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== null) node.textContent = text;
  return node;
}

/** What the list says of one learner: their score, that they answered, or not yet. */
export function standing(student) {
  if (student.answered && student.given !== null && student.given !== undefined) {
    return _("{given} of {maximum}", { given: formatNumber(student.given), maximum: formatNumber(student.maximum) });
  }
  return student.answered ? _("answered") : _("not answered yet");
}

export class ClassNames {
  /** `presenter()`: the room presented ({code, key}) or null; the control goes after the
   * element `after`. */
  constructor({ presenter, after, fetchImpl = (...args) => globalThis.fetch(...args) }) {
    this.presenter = presenter;
    this.fetch = fetchImpl;
    this.question = null;
    this.timer = null;
    this.box = el("div", "qp-names");
    this.box.id = "qp-names";
    this.box.hidden = true;
    const label = el("label", "qp-names-toggle");
    this.toggle = el("input");
    this.toggle.type = "checkbox";
    this.toggle.id = "qp-names-toggle";
    label.append(this.toggle, " ", _("Show names"));
    this.note = el("p", "qp-names-note");
    this.list = el("ul", "qp-names-list");
    this.list.id = "qp-names-list";
    this.list.hidden = true;
    this.box.append(label, this.note, this.list);
    after.after(this.box);
    this.toggle.addEventListener("change", () => this.refresh());
  }

  /** A question is open (or the same one again): ask whether the room names its class. */
  open(questionId) {
    this.question = questionId;
    this.refresh();
  }

  /** No question: the control goes, the names with it; the teacher's choice stays. */
  close() {
    this.question = null;
    clearTimeout(this.timer);
    this.box.hidden = true;
    this.list.replaceChildren();
  }

  async refresh() {
    clearTimeout(this.timer);
    const room = this.presenter();
    const question = this.question;
    if (!question || !room) return;
    const { code, key } = room;
    const names = this.toggle.checked;
    let body = null;
    try {
      const response = await this.fetch("/lti/lecture/names", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ room: code, key, question, names }),
      });
      body = response.ok ? await response.json() : null; // 404: this server has no LMS
    } catch {
      body = null;
    }
    if (question !== this.question) return;
    if (!body || !body.linked) {
      this.box.hidden = true; // an ordinary lecture: nothing to show, nothing to ask again
      return;
    }
    this.show(body, names);
    this.timer = setTimeout(() => this.refresh(), REFRESH_MS);
  }

  show(body, names) {
    this.box.hidden = false;
    const named = ngettext("{n} student here is named by your course.", "{n} students here are named by your course.", body.named);
    const hidden = _("Their names are hidden."); // outside a template literal: Babel finds it
    this.note.textContent = names ? named : [named, hidden].join(" ");
    this.list.hidden = !names;
    if (!names || !Array.isArray(body.students)) {
      this.list.replaceChildren();
      return;
    }
    this.list.replaceChildren(
      ...body.students.map((student) => {
        const li = el("li", "qp-name");
        li.dataset.answered = String(!!student.answered);
        li.append(el("span", "qp-name-text", String(student.name)), " ", el("span", "qp-name-standing", standing(student)));
        return li;
      })
    );
  }
}
