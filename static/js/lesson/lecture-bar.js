// lesson/lecture-bar.js: how students join a lesson's lecture, on /l/<id>: the visualizer's
// lecture bar pieces (lecture/bar.js joinParts and AudienceCount) in the lesson's header — the
// QR code (a click shows it large, for the projector), the join link (from PRUNE_PUBLIC_URL
// when it is set), the code, the loopback warning when the link names this computer, and the
// students following. A lecture just started on a projector-wide screen shows the QR code
// large at once, for the class to scan; the presenter's first move puts it back small.
// lesson/lecture.js says when to show and hide it. A language switch in place (lib/language.js)
// writes its composed words (the count, the QR code's name, the warning) again.

import { pageStore } from "../lib/page-store.js";
import { AudienceCount, joinParts } from "../lecture/bar.js";

const PROJECTOR = "(min-width: 1024px) and (min-height: 600px)";

export class LessonJoinBar {
  /** `element`: the bar (section#lesson-join, hidden while there is no lecture). */
  constructor(element) {
    this.element = element;
    this.audience = null;
    this.code = null;
    this.retell = null; // the join parts' words again (lecture/bar.js joinParts)
    pageStore.subscribe((state, changed) => {
      if (!("lang" in changed) || this.code === null) return;
      this.audience.again();
      this.retell();
    });
  }

  /** Show how to join room `code`, with `count` students following (`large`: the QR code large). */
  show(code, count, { large = false } = {}) {
    if (this.code === code) return this.count(count);
    this.code = code;
    const { qrButton, join, retell } = joinParts(code, () => {
      this.element.classList.toggle("qr-large");
      window.dispatchEvent(new Event("resize")); // the tree's room changed: fit it again
    });
    this.retell = retell;
    this.audience = new AudienceCount(count);
    const side = document.createElement("div");
    side.className = "lecture-side";
    side.append(...this.audience.elements);
    this.element.replaceChildren(qrButton, join, side);
    this.element.classList.toggle("qr-large", large && window.matchMedia(PROJECTOR).matches);
    this.element.hidden = false;
    window.dispatchEvent(new Event("resize")); // the tree has less room: fit it again
  }

  /** The presenter moved on: a QR code shown large is made small (the tree gets its room). */
  shrink() {
    if (!this.element.classList.contains("qr-large")) return;
    this.element.classList.remove("qr-large");
    window.dispatchEvent(new Event("resize"));
  }

  count(count) {
    if (this.audience) this.audience.show(count);
  }

  hide() {
    if (this.code === null) return;
    this.code = null;
    this.audience = null;
    this.element.replaceChildren();
    this.element.classList.remove("qr-large");
    this.element.hidden = true;
    window.dispatchEvent(new Event("resize"));
  }
}
