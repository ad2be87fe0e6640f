// lecture/room.js: lecture mode. A presenter opens a room from the current view and drives it
// (lecture:start / resume / view / cursor); students join with the room's code and follow
// (lecture:join), may detach to explore on their own, and re-sync with one click.
// The contract is in docs/protocol.md, "Lecture mode (Socket.IO)".
//
// The presenter's key stays in this browser's localStorage (keyed by room code), never in a
// link; the address bar only says ?present=CODE (presenter) or ?lecture=CODE (student).
//
// Focus: the bar above the tree is rebuilt for each mode. When the focus was in it (or on
// Start lecture, which hides while presenting), it moves to the new bar's main control: the
// QR code button (the presenter's first), Follow the teacher again, Explore on my own, or
// Close (an error); when the bar goes away, to Start lecture. It never drops to the body.

import { DEFAULT_OPTIONS } from "../visualizer/input-panel.js";
import { keyCommand } from "../player/player.js";

const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const CODE_LENGTH = 6;
const SEND_INTERVAL_MS = 50; // at most 20 presenter messages a second (the server allows 30)
const ACK_TIMEOUT_MS = 8000;
const STORE_PREFIX = "prune.lecture.";

/** "abc-def", "ABC DEF", "abc·def" → "ABCDEF"; null when it is not a lecture code. */
export function normalizeCode(text) {
  const code = String(text || "")
    .toUpperCase()
    .replace(/[\s\-·.]/g, "");
  if (code.length !== CODE_LENGTH) return null;
  return [...code].every((ch) => CODE_ALPHABET.includes(ch)) ? code : null;
}

/** "ABCDEF" → "ABC·DEF": easier to read off a projector. */
export function formatCode(code) {
  return `${code.slice(0, 3)}·${code.slice(3)}`;
}

function studentsText(count) {
  return `${count} ${count === 1 ? "student" : "students"}`;
}

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

function viewKey(view) {
  return view ? JSON.stringify([view.tree, view.options]) : null;
}

function loadKey(code) {
  try {
    const raw = window.localStorage.getItem(STORE_PREFIX + code);
    const data = raw ? JSON.parse(raw) : null;
    if (!data || typeof data.key !== "string") return null;
    return { key: data.key, seq: Number(data.seq) || 0 };
  } catch {
    return null;
  }
}

function saveKey(code, key, seq) {
  try {
    window.localStorage.setItem(STORE_PREFIX + code, JSON.stringify({ key, seq }));
  } catch {
    // private mode or storage full: presenting still works, only a reload loses the room
  }
}

function forgetKey(code) {
  try {
    window.localStorage.removeItem(STORE_PREFIX + code);
  } catch {
    // nothing to forget
  }
}

function setUrlParam(name, value) {
  const params = new URLSearchParams(window.location.search);
  for (const other of ["lecture", "present"]) params.delete(other);
  if (value) params.set(name, value);
  const query = params.toString();
  window.history.replaceState(null, "", `${window.location.pathname}${query ? `?${query}` : ""}`);
}

export class Lecture {
  /**
   * app: {client (RunClient), player (Player), input (InputPanel), run(urlView),
   *       openDefault(), runState()}. visualizer/page.js calls onRun() when a run starts: the view it
   *       shows is what a presenter sends.
   */
  constructor(app) {
    this.app = app;
    this.role = null; // "presenter" | "student" | null
    this.code = null;
    this.key = null;
    this.seq = 0; // presenter: the last seq sent; student: the last seq applied or kept
    this.view = null; // the room's view as this page knows it
    this.current = null; // the view this page shows: {tree, options}
    this.cursor = null; // student: the teacher's latest cursor
    this.following = false;
    this.shownKey = null; // the lecture view whose trace this page shows (null: its own)
    this.ownRun = null; // the urlView object of the run lecture/room.js started
    this.establishing = false;
    this.ready = false; // presenter: started or resumed on the current connection
    this.socketId = null;
    this.inFlight = false;
    this.viewDirty = false;
    this.cursorDirty = false;
    this.lastSent = -Infinity;
    this.lastCursorKey = null;
    this.sendTimer = null;
    this.socket = null;
    this.listeners = []; // lecture/*.js (questions): told what happens here, see tell()
    this.buildUi();
    this.watchPlayer();
    this.watchStudentInput();
  }

  // ----- the socket -----

  connect() {
    if (this.socket) return this.socket;
    const socket = this.app.client.connect();
    socket.on("connect", () => this.onConnect());
    socket.on("disconnect", () => {
      this.ready = false;
      this.socketId = null;
      if (this.role) this.setStatus("Connection lost: reconnecting…");
    });
    socket.on("lecture:view", (msg) => this.onViewMessage(msg));
    socket.on("lecture:cursor", (msg) => this.onCursorMessage(msg));
    socket.on("lecture:audience", (msg) => {
      if (msg && msg.room === this.code && this.role === "presenter") this.showAudience(msg.count);
    });
    socket.on("lecture:ended", (msg) => {
      if (!msg || msg.room !== this.code || this.role !== "student") return;
      const code = this.code;
      this.leave({ tell: false });
      this.showError(`The teacher ended lecture ${formatCode(code)}. You can keep exploring this tree.`);
    });
    socket.on("lecture_error", (msg) => {
      // A listener waiting for its own ack claims the error (its form says it).
      if (msg && msg.error && this.role && !this.tell("error", msg)) this.setStatus(msg.error, true);
    });
    this.socket = socket;
    this.tell("socket", socket);
    return socket;
  }

  /** `listener(what, detail)` hears "socket", "bar", "resumed", "joined", "stopped", "error". */
  listen(listener) {
    this.listeners.push(listener);
  }

  /** Tell the listeners; true when one of them claims it (returns true). */
  tell(what, detail = null) {
    return this.listeners.map((listener) => listener(what, detail)).some(Boolean);
  }

  request(event, body) {
    const socket = this.connect();
    return new Promise((resolve) => {
      socket.timeout(ACK_TIMEOUT_MS).emit(event, body, (err, ack) => {
        if (err) resolve({ ok: false, error: "the server did not answer", timeout: true });
        else resolve(ack && typeof ack === "object" ? ack : { ok: false, error: "bad answer" });
      });
    });
  }

  onConnect() {
    // After a reconnect the new connection is in no room: resume or re-join automatically.
    if (!this.role || this.establishing || !this.socket.connected) return;
    if (this.socketId === this.socket.id) return;
    if (this.role === "presenter") this.resume(this.code, { reload: false });
    else this.join(this.code, { rejoin: true });
  }

  // ----- first load: ?present=CODE or ?lecture=CODE -----

  /** Open the lecture named in the address bar; false when there is none. */
  openFromUrl() {
    const params = new URLSearchParams(window.location.search);
    const present = normalizeCode(params.get("present"));
    const lecture = normalizeCode(params.get("lecture"));
    if (present && loadKey(present)) {
      this.resume(present, { reload: true });
      return true;
    }
    const code = lecture || present; // ?present without its key here: follow as a student
    if (!code) {
      if (params.has("lecture") || params.has("present")) {
        setUrlParam(null, null);
        this.showError(`"${params.get("lecture") || params.get("present")}" is not a lecture code`);
      }
      return false;
    }
    this.join(code, { first: true });
    return true;
  }

  // ----- presenter -----

  async start() {
    if (this.establishing) return;
    const view = this.current;
    if (!view) {
      this.showError("Run a tree first: the lecture starts from the current view.");
      return;
    }
    // aria-disabled, not disabled: a disabled button would drop the keyboard focus.
    this.startButton.setAttribute("aria-disabled", "true");
    this.establishing = true;
    const ack = await this.request("lecture:start", { view, cursor: this.cursorNow() });
    this.establishing = false;
    this.startButton.removeAttribute("aria-disabled");
    if (!ack.ok) {
      this.showError(`The lecture could not start: ${ack.error}`);
      return;
    }
    // The button goes (hidden while presenting): its focus moves to the bar.
    const focusBar = focusIsIn(this.startButton) || document.activeElement === document.body;
    this.role = "presenter";
    this.code = ack.room;
    this.key = ack.key;
    this.seq = ack.seq || 0;
    this.view = ack.view;
    this.socketId = this.socket.id;
    this.ready = true;
    saveKey(this.code, this.key, this.seq);
    setUrlParam("present", this.code);
    this.showPresenter(ack.audience || 0, { focus: focusBar });
    this.cursorDirty = true;
    this.pump();
  }

  /** No answer: try again in a moment (or when the socket connects again). */
  retrySoon() {
    this.socketId = null;
    setTimeout(() => this.onConnect(), 1500);
  }

  async resume(code, { reload }) {
    const stored = loadKey(code);
    if (!stored) return;
    if (!this.current) reload = true; // nothing shown yet: show the room's view
    this.role = "presenter";
    this.code = code;
    this.key = stored.key;
    this.seq = Math.max(this.seq, stored.seq);
    this.establishing = true;
    if (reload) this.showPresenter(0);
    const ack = await this.request("lecture:resume", { room: code, key: stored.key });
    this.establishing = false;
    if (this.role !== "presenter" || this.code !== code) return;
    if (!ack.ok) {
      if (ack.timeout) return this.retrySoon();
      this.stopPresenting();
      this.showError(`Lecture ${formatCode(code)}: ${ack.error}`);
      if (reload) this.app.openDefault();
      return;
    }
    this.seq = Math.max(this.seq, ack.seq || 0);
    this.socketId = this.socket.id;
    this.showAudience(ack.audience || 0);
    this.setStatus("");
    this.tell("resumed", ack); // an open question comes back with its counts
    if (reload) {
      // A reload: show the room's view where the room is, then drive on from there.
      this.view = ack.view;
      this.runView(ack.view, ack.cursor);
      this.pendingPresenterCursor = ack.cursor;
    } else {
      if (viewKey(this.current) !== viewKey(this.view)) this.viewDirty = true;
      this.cursorDirty = true;
    }
    this.ready = true;
    this.pump();
  }

  /** End the room on the server too, so students are told at once; then stop presenting. */
  endLecture() {
    if (this.code && this.key && this.socket) {
      this.socket.emit("lecture:end", { room: this.code, key: this.key });
    }
    this.stopPresenting();
  }

  stopPresenting() {
    if (this.code) forgetKey(this.code);
    this.role = null;
    this.code = null;
    this.key = null;
    this.ready = false;
    this.viewDirty = this.cursorDirty = false;
    if (this.sendTimer !== null) clearTimeout(this.sendTimer);
    this.sendTimer = null;
    setUrlParam(null, null);
    this.hideBar();
    this.tell("stopped");
  }

  cursorNow() {
    const p = this.app.player;
    const speed = Math.min(16, Math.max(0.25, Number(p.speed) || 1));
    return { step: p.k, playing: !!p.playing, speed };
  }

  /** Send what changed: a view before anything else, else the latest cursor (coalesced). */
  pump() {
    if (this.role !== "presenter" || !this.ready || this.inFlight) return;
    if (!this.viewDirty && !this.cursorDirty) return;
    const wait = this.lastSent + SEND_INTERVAL_MS - performance.now();
    if (wait > 0) {
      if (this.sendTimer === null) {
        this.sendTimer = setTimeout(() => {
          this.sendTimer = null;
          this.pump();
        }, wait);
      }
      return;
    }
    const cursor = this.cursorNow();
    const cursorKey = JSON.stringify(cursor);
    let event;
    let body;
    if (this.viewDirty) {
      const view = this.current;
      this.viewDirty = false;
      this.cursorDirty = false;
      if (!view) return;
      this.view = view;
      event = "lecture:view";
      body = { room: this.code, key: this.key, seq: this.seq + 1, view, cursor };
    } else {
      this.cursorDirty = false;
      if (cursorKey === this.lastCursorKey) return;
      event = "lecture:cursor";
      body = { room: this.code, key: this.key, seq: this.seq + 1, cursor };
    }
    this.seq += 1;
    saveKey(this.code, this.key, this.seq);
    this.lastCursorKey = cursorKey;
    this.lastSent = performance.now();
    this.inFlight = true;
    const code = this.code;
    this.request(event, body).then((ack) => {
      this.inFlight = false;
      if (this.role !== "presenter" || this.code !== code) return;
      const again = () => {
        if (event === "lecture:view") this.viewDirty = true;
        else this.cursorDirty = true;
        this.lastCursorKey = null;
      };
      if (ack.timeout || /slow down/.test(ack.error || "")) {
        again();
      } else if (!ack.ok) {
        this.stopPresenting();
        this.showError(`Lecture ${formatCode(code)}: ${ack.error}`);
        return;
      } else if (ack.stale) {
        // The room has seen a higher seq (another tab of this presenter?): resume to learn it.
        again();
        this.ready = false;
        this.resume(code, { reload: false });
        return;
      }
      if (!this.status.hidden) this.setStatus("");
      this.pump();
    });
  }

  /** Steps, play/pause and speed are seen where the player shows them. */
  watchPlayer() {
    const noteCursor = () => {
      if (this.role !== "presenter") return;
      if (this.pendingPresenterCursor) return; // still loading the room's view
      this.cursorDirty = true;
      this.pump();
    };
    const observer = new MutationObserver(noteCursor);
    const { counter, play, speed } = this.app.player.els;
    observer.observe(counter, { childList: true, characterData: true, subtree: true });
    observer.observe(play, { attributes: true, attributeFilter: ["data-playing"] });
    speed.addEventListener("change", noteCursor);
    // A run finished: apply a cursor that waited for its events (student, or presenter reload).
    new MutationObserver(() => this.onRunState()).observe(document.body, {
      attributes: true,
      attributeFilter: ["data-run-state"],
    });
  }

  /** visualizer/page.js: a run started (its ack arrived) with `doc` and resolved `options`. */
  onRun({ doc, options, urlView }) {
    const own = urlView !== null && urlView === this.ownRun;
    const view = { tree: doc, options: viewOptions(options) };
    this.current = view;
    if (this.role === "presenter") {
      if (!own && viewKey(view) !== viewKey(this.view)) {
        this.viewDirty = true;
        this.pump();
      }
      return;
    }
    if (this.role === "student") {
      this.shownKey = own ? this.ownRunKey : null;
      if (!own && this.following) this.detach();
    }
  }

  onRunState() {
    const state = document.body.dataset.runState;
    if (state === "error" && this.pendingPresenterCursor) {
      this.pendingPresenterCursor = null; // the room's view did not run: drive from here
      this.cursorDirty = true;
      this.pump();
    }
    if (state !== "done") return;
    if (this.role === "presenter" && this.pendingPresenterCursor) {
      const cursor = this.pendingPresenterCursor;
      this.pendingPresenterCursor = null;
      const p = this.app.player;
      this.setSpeed(cursor.speed);
      p.show(cursor.step);
      if (cursor.playing) p.play();
      this.cursorDirty = true;
      this.pump();
    } else if (this.role === "student" && this.following && this.cursor) {
      this.applyCursor(this.cursor);
    }
  }

  // ----- student -----

  async join(code, { first = false, rejoin = false, resync = false } = {}) {
    this.establishing = true;
    if (!rejoin && !resync) {
      this.role = "student";
      this.code = code;
      this.following = true;
      this.seq = 0;
      this.showStudent();
      this.setStatus("Joining…");
    }
    const ack = await this.request("lecture:join", { room: code });
    this.establishing = false;
    if (this.role !== "student" || this.code !== code) return;
    if (!ack.ok) {
      if (ack.timeout) return this.retrySoon();
      this.leave({ tell: false });
      this.showError(`Could not join the lecture: ${ack.error}`);
      if (first) this.app.openDefault();
      return;
    }
    this.socketId = this.socket.id;
    setUrlParam("lecture", code);
    this.setStatus("");
    this.tell("joined", ack); // the open question, if any (a late joiner answers it)
    const fresh = (ack.seq || 0) > this.seq;
    if (fresh || first || resync) {
      this.seq = Math.max(this.seq, ack.seq || 0);
      this.view = ack.view;
      this.cursor = ack.cursor;
    }
    if (!this.following) return;
    // Re-run unless this page shows the room's view, fully (a run cut by a lost connection
    // stays unfinished).
    if (this.shownKey !== viewKey(this.view) || this.app.runState() !== "done") {
      this.runView(this.view, this.cursor);
    } else if (fresh || resync) {
      this.applyCursor(this.cursor);
    }
  }

  onViewMessage(msg) {
    if (this.role !== "student" || !msg || msg.room !== this.code) return;
    if (typeof msg.seq !== "number" || msg.seq <= this.seq) return;
    this.seq = msg.seq;
    this.view = msg.view;
    this.cursor = msg.cursor;
    if (!this.following) return this.showDetached();
    if (this.shownKey === viewKey(this.view) && this.app.runState() === "done") {
      this.applyCursor(this.cursor);
    } else {
      this.runView(this.view, this.cursor);
    }
  }

  onCursorMessage(msg) {
    if (this.role !== "student" || !msg || msg.room !== this.code) return;
    if (typeof msg.seq !== "number" || msg.seq <= this.seq) return;
    this.seq = msg.seq;
    this.cursor = msg.cursor;
    if (!this.following) return this.showDetached();
    this.applyCursor(this.cursor);
  }

  /** Run a lecture view through the page's own run path (the trace comes once). */
  runView(view, cursor) {
    const doc = view.tree;
    const own = {};
    if (doc && typeof doc === "object" && !Array.isArray(doc) && "tree" in doc) {
      if (doc.options && typeof doc.options === "object") Object.assign(own, doc.options);
      if (doc.players) own.players = doc.players;
    }
    const options = { ...DEFAULT_OPTIONS, ...own, ...(view.options || {}) };
    this.ownRun = { options, step: cursor ? cursor.step : null };
    this.ownRunKey = viewKey(view);
    this.app.input.setSource({ kind: "paste", text: JSON.stringify(doc) });
    this.app.run(this.ownRun);
  }

  /** Show the teacher's cursor: step, speed, and play/pause (the teacher's messages step). */
  applyCursor(cursor) {
    if (!cursor) return;
    const p = this.app.player;
    this.setSpeed(cursor.speed);
    if (this.app.runState() !== "done") return; // applied when the run is done
    p.cancel(); // no clock of its own: each step comes from the teacher
    p.playing = !!cursor.playing; // shown as playing (and narrated at a speaking pace)
    p.show(cursor.step);
  }

  setSpeed(speed) {
    const p = this.app.player;
    const value = String(speed);
    if ([...p.els.speed.options].some((o) => o.value === value)) p.els.speed.value = value;
    p.speed = Number(speed) || 1;
  }

  /** Explore on one's own: keep the picture and playback, stop following. */
  detach() {
    if (this.role !== "student" || !this.following) return;
    this.following = false;
    const p = this.app.player;
    if (p.playing) p.schedule(); // playback goes on, now on this page's own clock
    this.showDetached();
  }

  resync() {
    if (this.role !== "student") return;
    this.following = true;
    this.showStudent();
    this.join(this.code, { resync: true });
  }

  leave({ tell = true } = {}) {
    if (tell && this.code && this.socket) this.socket.emit("lecture:leave", { room: this.code });
    const p = this.app.player;
    if (this.following && p.playing) p.pause();
    this.role = null;
    this.code = null;
    this.following = false;
    this.shownKey = null;
    setUrlParam(null, null);
    this.hideBar();
    this.tell("stopped");
  }

  /**
   * Manual stepping, scrubbing or input changes detach a following student; so does a key
   * the player acts on (player.js keyCommand), never one the focused control or the tree
   * uses (arrows move between the tree's nodes: the step stays the teacher's).
   */
  watchStudentInput() {
    const mine = (target) => target && target.closest && target.closest(".lecture-ui");
    const inPlayer = (target) => target && target.closest && target.closest("#player");
    const inInputs = (target) => target && target.closest && target.closest("#inputs");
    // A panel that keeps its keys (the question's: lecture/answering.js) never detaches.
    const ownKeys = (target) => target && target.closest && target.closest("[data-own-keys]");
    const following = (event) => event.isTrusted && this.role === "student" && this.following;
    const maybeDetach = (event, test) => {
      if (!following(event) || mine(event.target) || !test(event.target)) return;
      this.detach();
    };
    const control = (t) => inPlayer(t) || inInputs(t);
    const capture = true; // before the player's and the panel's own handlers
    document.addEventListener(
      "click",
      (e) => maybeDetach(e, (t) => control(t) && t.closest("button")),
      capture
    );
    document.addEventListener("input", (e) => maybeDetach(e, control), capture);
    document.addEventListener("change", (e) => maybeDetach(e, control), capture);
    document.addEventListener(
      "keydown",
      (e) => {
        if (following(e) && !ownKeys(e.target) && keyCommand(e)) this.detach();
      },
      capture
    );
  }

  // ----- the interface -----

  buildUi() {
    const header = document.querySelector(".app-header");
    this.startButton = el("button", { type: "button", className: "lecture-start lecture-ui" });
    // On phones only "Lecture" shows; the button's name stays "Start lecture".
    this.startButton.append(el("span", { className: "lecture-start-long" }, "Start lecture"),
      el("span", { className: "lecture-start-short", "aria-hidden": "true" }, "Lecture"));
    this.startButton.title = "Students follow this screen live on their own devices";
    this.startButton.addEventListener("click", () => this.start());
    const toggle = document.getElementById("toggle-inputs");
    const before = toggle && toggle.parentNode === header ? toggle : null;
    if (header) header.insertBefore(this.startButton, before);

    // "Join a lecture" at the top of the input panel.
    const form = el("form", { className: "lecture-join lecture-ui", novalidate: "" });
    const label = el("label", { for: "lecture-code" }, "Join a lecture");
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
    const joinButton = el("button", { type: "submit", className: "secondary" }, "Join");
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
      if (this.role === "presenter") this.stopPresenting();
      else if (this.role === "student") this.leave();
      this.join(code, {});
    });
    const inputs = document.getElementById("inputs");
    if (inputs) inputs.insertBefore(form, inputs.firstChild);

    // The bar above the tree: presenter panel, student banner, or an error.
    this.bar = el("section", { className: "lecture-bar lecture-ui", id: "lecture-bar",
      "aria-label": "Lecture" });
    this.bar.hidden = true;
    const stage = document.getElementById("stage");
    if (stage) stage.insertBefore(this.bar, stage.firstChild);
    this.status = el("p", { className: "lecture-status", role: "status" });
  }

  /** Empty the bar for `mode`; true when the focus was in it (the caller places it anew). */
  clearBar(mode) {
    const hadFocus = focusIsIn(this.bar);
    this.bar.replaceChildren();
    this.bar.dataset.mode = mode;
    this.startButton.hidden = mode !== "error";
    if (this.bar.hidden) {
      this.bar.hidden = false;
      document.getElementById("stage")?.classList.add("has-lecture");
      this.stageResized();
    }
    return hadFocus;
  }

  /** No bar: a focus that was in it goes to Start lecture, shown again. */
  hideBar() {
    const hadFocus = focusIsIn(this.bar);
    this.bar.replaceChildren();
    delete this.bar.dataset.mode;
    this.startButton.hidden = false;
    if (!this.bar.hidden) {
      this.bar.hidden = true;
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
  showPresenter(audience, { focus = false } = {}) {
    const hadFocus = this.clearBar("presenter");
    // The address students are given (PRUNE_PUBLIC_URL), as in the QR code; else this page's.
    const origin = document.getElementById("layout")?.dataset.publicUrl || window.location.origin;
    const link = `${origin}/join/${this.code}`;
    const qrButton = el("button", { type: "button", className: "lecture-qr-button",
      "aria-label": "Show the QR code large", title: "Show the QR code large" });
    const qr = el("img", { className: "lecture-qr", src: `/lecture/${this.code}/qr.svg`,
      alt: `QR code of ${link}`, width: "64", height: "64" });
    qrButton.append(qr);
    qrButton.addEventListener("click", () => this.bar.classList.toggle("qr-large"));
    const join = el("div", { className: "lecture-join-info" });
    const line = el("p", { className: "lecture-link-line" });
    line.append(el("span", { className: "lecture-label" }, "Join at "),
      el("a", { href: link, className: "lecture-link", target: "_blank", rel: "noopener" }, link));
    const codeLine = el("p", { className: "lecture-code-line" });
    codeLine.append(el("span", { className: "lecture-label" }, "or type the code "),
      el("strong", { className: "lecture-code" },
        formatCode(this.code)));
    join.append(line, codeLine);
    this.audienceEl = el("p", { className: "lecture-audience", "aria-live": "polite" },
      studentsText(audience));
    const end = button("lecture-end", "End lecture", () => this.endLecture());
    const side = el("div", { className: "lecture-side" });
    side.append(this.audienceEl, end);
    this.tell("bar", side); // "Ask as a question" goes in it
    this.bar.append(qrButton, join, side, this.status);
    this.setStatus("");
    if (focus || hadFocus) qrButton.focus();
  }

  showAudience(count) {
    if (this.audienceEl) this.audienceEl.textContent = studentsText(Number(count) || 0);
  }

  showStudent() {
    const hadFocus = this.clearBar("student");
    const text = el("p", { className: "lecture-banner" });
    text.append(el("span", { className: "lecture-live", "aria-hidden": "true" }, "●"),
      document.createTextNode(" Following the teacher · "),
      el("strong", { className: "lecture-code" }, formatCode(this.code)));
    const explore = button("lecture-explore", "Explore on my own", () => this.detach());
    this.bar.append(text, this.status, explore, this.leaveButton());
    this.setStatus("");
    if (hadFocus) explore.focus();
  }

  showDetached() {
    if (this.bar.dataset.mode === "detached") return;
    const hadFocus = this.clearBar("detached");
    const text = el("p", { className: "lecture-banner" });
    text.append(document.createTextNode("Exploring on your own · lecture "),
      el("strong", { className: "lecture-code" }, formatCode(this.code)));
    const follow = button("lecture-follow primary", "Follow the teacher again", () =>
      this.resync());
    this.bar.append(text, this.status, follow, this.leaveButton());
    this.setStatus("");
    if (hadFocus) follow.focus();
  }

  /** An error: in the bar above the tree (kept until closed). */
  showError(message) {
    const hadFocus = this.clearBar("error");
    const text = el("p", { className: "lecture-error", role: "alert" }, message);
    const close = button("ghost", "Close", () => this.hideBar());
    this.bar.append(text, close);
    if (hadFocus) close.focus();
  }

  leaveButton() {
    return button("lecture-leave ghost", "Leave", () => this.leave());
  }

  setStatus(message, isError = false) {
    this.status.textContent = message;
    this.status.hidden = !message;
    this.status.classList.toggle("is-error", isError);
  }

  get state() {
    return { role: this.role, code: this.code, following: this.following, seq: this.seq };
  }
}

function focusIsIn(container) {
  return container.contains(document.activeElement);
}

function viewOptions(options) {
  if (!options) return {};
  const out = {};
  for (const key of Object.keys(DEFAULT_OPTIONS)) {
    if (options[key] !== undefined) out[key] = options[key];
  }
  return out;
}
