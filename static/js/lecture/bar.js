// lecture/bar.js: lecture mode's controls on the page. "Start lecture" in the header, "Join a
// lecture" at the top of the input panel, and the bar above the tree (#lecture-bar), rebuilt
// for each mode (the page store's `lecture`, lib/page-store.js, mirrored on its data-mode):
// the presenter's panel (QR code, join link, code, audience, End lecture, which asks before it
// ends), the student's banner (following or exploring on their own), or an error.
// The room's state lives in lecture/room.js (the Lecture): it shows these, and the controls
// call it back. Every text goes in through textContent.
//
// Focus: when the focus was in the bar (or on Start lecture, which hides while presenting),
// it moves to the new bar's main control: the QR code button (the presenter's first), Follow
// the teacher again, Explore on my own, or Close (an error); when the bar goes away, to Start
// lecture. It never drops to the body.
//
// The presenter's student count changes as often as students come and go: it is shown at
// once but said (a polite live region of its own) at most every AUDIENCE_SAY_MS, the latest
// count only.

import { _, ngettext } from "../lib/i18n.js";
import { mirror, pageStore } from "../lib/page-store.js";
import { formatCode, normalizeCode } from "../lib/room-codes.js";

/** "1 student", "30 students". */
export function studentsText(count) {
  return ngettext("{n} student", "{n} students", count);
}

const AUDIENCE_SAY_MS = 5000;

function el(tag, attrs = {}, text = null) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (name === "className") node.className = value;
    else node.setAttribute(name, value);
  }
  if (text !== null) node.textContent = text;
  return node;
}

/** A plain button that calls `onClick`: the lecture bars are built from these. */
function button(className, text, onClick) {
  const node = el("button", { type: "button", className }, text);
  node.addEventListener("click", onClick);
  return node;
}

/** Ask before a lecture ends: `control` (an End lecture button) gives way to "End the lecture
 * for every student?", End it and Keep lecturing. The focus goes to Keep lecturing (a second
 * Enter does not end it by mistake); both put `control` back, focused, and End it then calls
 * `endIt`. The visualizer's bar and a lesson's header use it. */
export function askBeforeEnding(control, endIt) {
  const ask = el("p", { className: "lecture-end-ask", role: "alert" }, _("End the lecture for every student?"));
  const restore = () => {
    ask.remove();
    yes.remove();
    no.replaceWith(control);
  };
  const yes = button("lecture-end-confirm", _("End it"), () => {
    restore();
    control.focus(); // where the ending page puts the focus next (lecture bar: Start lecture)
    endIt();
  });
  const no = button("lecture-end-cancel", _("Keep lecturing"), () => {
    restore();
    control.focus();
  });
  control.replaceWith(ask, yes, no);
  no.focus();
}

function focusIsIn(container) {
  return container.contains(document.activeElement);
}

/** The presenter's student count: shown at once, said at most every AUDIENCE_SAY_MS. */
export class AudienceCount {
  constructor(count = 0) {
    this.count = Number(count) || 0;
    this.shown = el("p", { className: "lecture-audience" }, studentsText(this.count));
    this.said = el("p", { className: "visually-hidden", "aria-live": "polite" });
    this.saidAt = -Infinity;
    this.timer = null;
  }

  get elements() {
    return [this.shown, this.said];
  }

  /** The count again, in the page's language now (a language switch in place). */
  again() {
    this.shown.textContent = studentsText(this.count);
  }

  show(count) {
    this.count = Number(count) || 0;
    this.shown.textContent = studentsText(this.count);
    if (this.timer !== null) return; // the latest count is said when it fires
    const wait = this.saidAt + AUDIENCE_SAY_MS - performance.now();
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.saidAt = performance.now();
        if (this.said.isConnected) this.said.textContent = this.shown.textContent;
      },
      Math.max(0, wait)
    );
  }
}

export class LectureBar {
  /** room: the Lecture (lecture/room.js) these controls belong to. */
  constructor(room) {
    this.room = room;
    this.audience = null; // the presenter's AudienceCount
    this.build();
  }

  build() {
    const header = document.querySelector(".app-header");
    this.startButton = el("button", { type: "button", className: "lecture-start lecture-ui" });
    // On phones only "Lecture" shows; the button's name stays "Start lecture".
    this.startButton.append(
      el("span", { className: "lecture-start-long" }, _("Start lecture")),
      el("span", { className: "lecture-start-short", "aria-hidden": "true" }, _("Lecture"))
    );
    this.startButton.title = _("Students follow this screen live on their own devices");
    this.startButton.addEventListener("click", () => this.room.start());
    const toggle = document.getElementById("toggle-inputs");
    const before = toggle && toggle.parentNode === header ? toggle : null;
    if (header) header.insertBefore(this.startButton, before);

    // "Join a lecture" at the top of the input panel.
    const form = el("form", { className: "lecture-join lecture-ui", novalidate: "" });
    const label = el("label", { for: "lecture-code" }, _("Join a lecture"));
    const row = el("div", { className: "lecture-join-row" });
    this.codeInput = el("input", {
      type: "text",
      id: "lecture-code",
      name: "lecture",
      placeholder: "ABCDEF",
      autocomplete: "off",
      autocapitalize: "characters",
      spellcheck: "false",
      maxlength: "12",
      "aria-describedby": "lecture-join-error",
    });
    const joinButton = el("button", { type: "submit", className: "secondary" }, _("Join"));
    this.joinError = el("p", { className: "field-error", id: "lecture-join-error", role: "alert" });
    this.joinError.hidden = true;
    row.append(this.codeInput, joinButton);
    form.append(label, row, this.joinError);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const code = normalizeCode(this.codeInput.value);
      if (!code) {
        this.joinError.textContent = "A lecture code is six letters and digits, like ABC·DEF.";
        this.joinError.hidden = false;
        this.codeInput.setAttribute("aria-invalid", "true");
        return;
      }
      this.joinError.hidden = true;
      this.codeInput.removeAttribute("aria-invalid");
      this.codeInput.value = "";
      if (this.room.role === "presenter") this.room.stopPresenting();
      else if (this.room.role === "student") this.room.leave();
      this.room.join(code, {});
    });
    const inputs = document.getElementById("inputs");
    if (inputs) inputs.insertBefore(form, inputs.firstChild);

    // The bar above the tree (#lecture-bar): presenter panel, student banner, or an error.
    this.element = el("section", { className: "lecture-bar lecture-ui", id: "lecture-bar", "aria-label": _("Lecture") });
    this.element.hidden = true;
    mirror(pageStore, "lecture", this.element, "mode");
    const stage = document.getElementById("stage");
    if (stage) stage.insertBefore(this.element, stage.firstChild);
    this.status = el("p", { className: "lecture-status", role: "status" });
    this.retellJoin = null; // the presenter's join parts' words, again (joinParts)
    // A language switch in place (lib/language.js): the presenter's composed words again.
    pageStore.subscribe((state, changed) => {
      if (!("lang" in changed) || state.lecture !== "presenter") return;
      if (this.audience) this.audience.again();
      if (this.retellJoin) this.retellJoin();
    });
  }

  /** Start lecture is waiting for the server (aria-disabled keeps the keyboard focus on it). */
  setStartBusy(busy) {
    if (busy) this.startButton.setAttribute("aria-disabled", "true");
    else this.startButton.removeAttribute("aria-disabled");
  }

  /** True when the focus is on Start lecture or nowhere: it then moves to the new bar. */
  startHasFocus() {
    return focusIsIn(this.startButton) || document.activeElement === document.body;
  }

  /** Empty the bar for `mode`; true when the focus was in it (the caller places it anew). */
  clearBar(mode) {
    const hadFocus = focusIsIn(this.element);
    this.element.replaceChildren();
    pageStore.set({ lecture: mode });
    this.startButton.hidden = mode !== "error";
    if (this.element.hidden) {
      this.element.hidden = false;
      document.getElementById("stage")?.classList.add("has-lecture");
      this.stageResized();
    }
    return hadFocus;
  }

  /** No bar: a focus that was in it goes to Start lecture, shown again. */
  hideBar() {
    const hadFocus = focusIsIn(this.element);
    this.element.replaceChildren();
    pageStore.set({ lecture: null });
    this.startButton.hidden = false;
    if (!this.element.hidden) {
      this.element.hidden = true;
      document.getElementById("stage")?.classList.remove("has-lecture");
      this.stageResized();
    }
    if (hadFocus) this.startButton.focus();
  }

  /** The bar took (or gave back) room from the tree: let the page re-measure it. */
  stageResized() {
    requestAnimationFrame(() => window.dispatchEvent(new Event("resize")));
  }

  /** `focus`: put the focus on the bar's first control (the lecture was just started). */
  showPresenter(code, audience, { focus = false } = {}) {
    const hadFocus = this.clearBar("presenter");
    const { qrButton, join, retell } = joinParts(code, () => this.element.classList.toggle("qr-large"));
    this.retellJoin = retell;
    this.audience = new AudienceCount(audience);
    const side = el("div", { className: "lecture-side" });
    side.append(...this.audience.elements, this.endControl());
    this.room.tell("bar", side); // "Ask as a question" goes in it (lecture/questions.js)
    this.element.append(qrButton, join, side, this.status);
    this.setStatus("");
    if (focus || hadFocus) qrButton.focus();
  }

  /** "End lecture", which asks first (askBeforeEnding). */
  endControl() {
    const end = button("lecture-end", _("End lecture"), () => askBeforeEnding(end, () => this.room.endLecture()));
    return end;
  }

  showAudience(count) {
    if (this.audience) this.audience.show(count);
  }

  showStudent(code) {
    const hadFocus = this.clearBar("student");
    const text = el("p", { className: "lecture-banner" });
    text.append(
      el("span", { className: "lecture-live", "aria-hidden": "true" }, "●"),
      document.createTextNode(" Following the teacher · "),
      el("strong", { className: "lecture-code" }, formatCode(code))
    );
    const explore = button("lecture-explore", _("Explore on my own"), () => this.room.detach());
    this.element.append(text, this.status, explore, this.leaveButton());
    this.setStatus("");
    if (hadFocus) explore.focus();
  }

  showDetached(code) {
    if (pageStore.get().lecture === "detached") return;
    const hadFocus = this.clearBar("detached");
    const text = el("p", { className: "lecture-banner" });
    text.append(
      document.createTextNode(_("Exploring on your own · lecture") + " "),
      el("strong", { className: "lecture-code" }, formatCode(code))
    );
    const follow = button("lecture-follow primary", _("Follow the teacher again"), () => this.room.resync());
    this.element.append(text, this.status, follow, this.leaveButton());
    this.setStatus("");
    if (hadFocus) follow.focus();
  }

  /** An error: in the bar above the tree (kept until closed). */
  showError(message) {
    const hadFocus = this.clearBar("error");
    const text = el("p", { className: "lecture-error", role: "alert" }, message);
    const close = button("ghost", _("Close"), () => this.hideBar());
    this.element.append(text, close);
    if (hadFocus) close.focus();
  }

  leaveButton() {
    return button("lecture-leave ghost", _("Leave"), () => this.room.leave());
  }

  setStatus(message, isError = false) {
    this.status.textContent = message;
    this.status.hidden = !message;
    this.status.classList.toggle("is-error", isError);
  }
}

/**
 * How students join room `code`: the QR code (a button; `onQr` when clicked: show it large)
 * and the join link, the code and, when the link names this computer, the loopback warning.
 * The link starts with the address students are given (PRUNE_PUBLIC_URL, the page's
 * `#layout` or `#stage` data-public-url), as the QR code's does; else this page's. The
 * visualizer's bar and a lesson's lecture (lesson/lecture-bar.js) both show these.
 */
export function joinParts(code, onQr) {
  const given = document.querySelector("[data-public-url]")?.dataset.publicUrl;
  const origin = given || window.location.origin;
  const link = `${origin}/join/${code}`;
  const qrButton = el("button", {
    type: "button",
    className: "lecture-qr-button",
    "aria-label": _("Show the QR code large"),
    title: _("Show the QR code large"),
  });
  const qr = el("img", {
    className: "lecture-qr",
    src: `/lecture/${code}/qr.svg`,
    alt: _("QR code of {link}", { link }),
    width: "64",
    height: "64",
  });
  qrButton.append(qr);
  qrButton.addEventListener("click", onQr);
  const join = el("div", { className: "lecture-join-info" });
  const line = el("p", { className: "lecture-link-line" });
  line.append(
    el("span", { className: "lecture-label" }, _("Join at") + " "),
    el("a", { href: link, className: "lecture-link", target: "_blank", rel: "noopener" }, link)
  );
  const codeLine = el("p", { className: "lecture-code-line" });
  codeLine.append(
    el("span", { className: "lecture-label" }, _("or type the code") + " "),
    el("strong", { className: "lecture-code" }, formatCode(code))
  );
  join.append(line, codeLine);
  const warning = isLoopback(origin) ? loopbackWarning(origin) : null;
  if (warning) join.append(warning);
  /** The words built from the link (the QR code's name, the warning) in the page's language. */
  const retell = () => {
    qr.alt = _("QR code of {link}", { link });
    if (warning) warning.textContent = loopbackText(origin);
  };
  return { qrButton, join, link, retell };
}

/** Whether `origin` names this computer only (no student's device can reach it). */
export function isLoopback(origin) {
  const host = new URL(origin).hostname.replace(/^\[|\]$/g, "");
  return host === "localhost" || host.endsWith(".localhost") || /^127\./.test(host) || host === "::1" || host === "0.0.0.0";
}

/** What to do when the join link points to this computer (docs/deployment.md). */
function loopbackWarning(origin) {
  return el("p", { className: "lecture-loopback-warning", role: "alert" }, loopbackText(origin));
}

function loopbackText(origin) {
  const port = new URL(origin).port || "8000";
  return _(
    "Students cannot open this link: {host} is this computer. Restart the server with HOST=0.0.0.0 PRUNE_PUBLIC_URL=http://<this computer's network address>:{port} (script/server prints the address), or open this page at that address.",
    { host: new URL(origin).hostname, port }
  );
}
