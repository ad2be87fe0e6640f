// lecture/room.js: lecture mode's room. A presenter opens a room from the current view and
// drives it (lecture:start / resume / view / cursor); students join with the room's code and
// follow (lecture:join), may detach to explore on their own, and re-sync with one click.
// The contract is in docs/protocol.md, "Lecture mode (Socket.IO)".
//
// Lecture is the room's state machine (role, code, key, seq, following) and its socket
// traffic: messages in, requests with acks, re-joining or resuming after a reconnect. Beside
// it: bar.js (the controls, the bar above the tree, focus rules), outbox.js (the presenter's
// throttled sending), player-link.js (reading and driving the player; a student's own input
// detaches), storage.js (the presenter's key, the address bar), lib/room-codes.js, views.js (pure).

import { _ } from "../lib/i18n.js";
import { LectureBar } from "./bar.js";
import { formatCode, normalizeCode } from "../lib/room-codes.js";
import { Inbox, requestWithAck } from "./payloads.js";
import { PresenterOutbox } from "./outbox.js";
import { applyCursor, cursorNow, watchPlayer, watchStudentInput } from "./player-link.js";
import { forgetKey, loadKey, saveKey, setUrlParam, studentToken } from "./storage.js";
import { runOptions, viewKey, viewOptions } from "./views.js";

const ACK_TIMEOUT_MS = 8000;

export class Lecture {
  /**
   * app: {client (RunClient), player (Player), input (InputPanel), run(urlView),
   *       openDefault(), store (the page's run store, player/run-store.js)}.
   *       visualizer/page.js calls onRun() when a run starts: the view it shows is what a
   *       presenter sends.
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
    this.ownRun = null; // the urlView object of the run this module started
    this.establishing = false;
    this.ready = false; // presenter: started or resumed on the current connection
    this.socketId = null;
    this.outbox = new PresenterOutbox(this);
    this.socket = null;
    this.listeners = []; // lecture/*.js (questions): told what happens here, see tell()
    this.inbox = new Inbox((err) => this.setStatus(_("The lecture's view could not be loaded: {error}", { error: err.message }), true));
    this.bar = new LectureBar(this);
    this.watchPlayer();
    const following = () => this.role === "student" && this.following;
    const presenting = () => this.app.player.presenting;
    watchStudentInput(following, () => this.detach(), presenting);
  }

  // ----- the socket -----

  connect() {
    if (this.socket) return this.socket;
    const socket = this.app.client.connect();
    socket.on("connect", () => this.onConnect());
    socket.on("disconnect", () => {
      this.ready = false;
      this.socketId = null;
      if (this.role) this.setStatus(_("Connection lost: reconnecting…"));
    });
    socket.on("lecture:view", (msg) => this.inbox.take(msg, (m) => this.onViewMessage(m)));
    socket.on("lecture:cursor", (msg) => this.inbox.take(msg, (m) => this.onCursorMessage(m)));
    socket.on("lecture:audience", (msg) => {
      if (msg && msg.room === this.code && this.role === "presenter") {
        this.bar.showAudience(msg.count);
      }
    });
    socket.on("lecture:ended", (msg) => {
      if (!msg || msg.room !== this.code || this.role !== "student") return;
      const code = this.code;
      this.leave({ tell: false });
      this.bar.showError(_("The teacher ended lecture {code}. You can keep exploring this tree.", { code: formatCode(code) }));
    });
    socket.on("lecture_error", (msg) => {
      // A listener waiting for its own ack claims the error (its form says it).
      if (msg && msg.error && this.role && !this.tell("error", msg)) this.setStatus(msg.error, true);
    });
    this.socket = socket;
    this.tell("socket", socket);
    return socket;
  }

  /** `listener(what, detail)` hears "socket", "bar", "resumed", "joined", "view", "detached", "stopped", "error". */
  listen(listener) {
    this.listeners.push(listener);
  }

  /** Tell the listeners; true when one of them claims it (returns true). */
  tell(what, detail = null) {
    return this.listeners.map((listener) => listener(what, detail)).some(Boolean);
  }

  request(event, body) {
    return requestWithAck(this.connect(), event, body, ACK_TIMEOUT_MS);
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
    const lecture = normalizeCode(params.get("lecture") || document.getElementById("layout")?.dataset.lecture); // /embed/join
    if (present && loadKey(present)) {
      this.resume(present, { reload: true });
      return true;
    }
    const code = lecture || present; // ?present without its key here: follow as a student
    if (!code) {
      if (params.has("lecture") || params.has("present")) {
        setUrlParam(null, null);
        const given = params.get("lecture") || params.get("present");
        this.bar.showError(_('"{code}" is not a lecture code', { code: given }));
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
      this.bar.showError(_("Run a tree first: the lecture starts from the current view."));
      return;
    }
    // aria-disabled, not disabled: a disabled button would drop the keyboard focus.
    this.bar.setStartBusy(true);
    this.establishing = true;
    const ack = await this.request("lecture:start", { view, cursor: cursorNow(this.app.player) });
    this.establishing = false;
    this.bar.setStartBusy(false);
    if (!ack.ok) {
      this.bar.showError(_("The lecture could not start: {error}", { error: ack.error }));
      return;
    }
    // The button goes (hidden while presenting): its focus moves to the bar.
    const focusBar = this.bar.startHasFocus();
    this.role = "presenter";
    this.code = ack.room;
    this.key = ack.key;
    this.seq = ack.seq || 0;
    this.view = ack.view;
    this.socketId = this.socket.id;
    this.ready = true;
    saveKey(this.code, this.key, this.seq);
    setUrlParam("present", this.code);
    this.bar.showPresenter(this.code, ack.audience || 0, { focus: focusBar });
    this.outbox.cursorDirty = true;
    this.outbox.pump();
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
    if (reload) this.bar.showPresenter(code, 0);
    const ack = await this.request("lecture:resume", { room: code, key: stored.key });
    this.establishing = false;
    if (this.role !== "presenter" || this.code !== code) return;
    if (!ack.ok) {
      if (ack.timeout) return this.retrySoon();
      this.stopPresenting();
      this.bar.showError(_("Lecture {code}: {error}", { code: formatCode(code), error: ack.error }));
      if (reload) this.app.openDefault();
      return;
    }
    this.seq = Math.max(this.seq, ack.seq || 0);
    this.socketId = this.socket.id;
    this.bar.showAudience(ack.audience || 0);
    this.setStatus("");
    this.tell("resumed", ack); // an open question comes back with its counts
    if (reload) {
      // A reload: show the room's view where the room is, then drive on from there.
      this.view = ack.view;
      this.runView(ack.view, ack.cursor);
      this.pendingPresenterCursor = ack.cursor;
    } else {
      if (viewKey(this.current) !== viewKey(this.view)) this.outbox.viewDirty = true;
      this.outbox.cursorDirty = true;
    }
    this.ready = true;
    this.outbox.pump();
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
    this.outbox.clear();
    setUrlParam(null, null);
    this.bar.hideBar();
    this.tell("stopped");
  }

  /** Steps, play/pause, speed and the run state are seen in the page's run store. */
  watchPlayer() {
    const noteCursor = () => {
      if (this.role !== "presenter") return;
      if (this.pendingPresenterCursor) return; // still loading the room's view
      this.outbox.cursorDirty = true;
      this.outbox.pump();
    };
    watchPlayer(this.app.store, noteCursor, (state) => this.onRunState(state));
  }

  /** visualizer/page.js: a run started (its ack arrived) with `doc` and resolved `options`. */
  onRun({ doc, options, urlView }) {
    const own = urlView !== null && urlView === this.ownRun;
    const view = { tree: doc, options: viewOptions(options) };
    this.current = view;
    if (this.role === "presenter") {
      if (!own && viewKey(view) !== viewKey(this.view)) {
        this.outbox.viewDirty = true;
        this.outbox.pump();
      }
      return;
    }
    if (this.role === "student") {
      this.shownKey = own ? this.ownRunKey : null;
      if (!own && this.following) this.detach();
    }
  }

  onRunState(state) {
    if (state === "error" && this.pendingPresenterCursor) {
      this.pendingPresenterCursor = null; // the room's view did not run: drive from here
      this.outbox.cursorDirty = true;
      this.outbox.pump();
    }
    if (state !== "done") return;
    if (this.role === "presenter" && this.pendingPresenterCursor) {
      const cursor = this.pendingPresenterCursor;
      this.pendingPresenterCursor = null;
      const p = this.app.player;
      p.setSpeed(cursor.speed);
      p.show(cursor.step);
      if (cursor.playing) p.play();
      this.outbox.cursorDirty = true;
      this.outbox.pump();
    } else if (this.role === "student" && this.following && this.cursor) {
      applyCursor(this.app, this.cursor);
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
      this.viewSeq = -1; // the seq of the view this page holds
      this.bar.showStudent(code);
      this.setStatus(_("Joining…"));
    }
    const ack = await this.request("lecture:join", { room: code, student: studentToken() });
    this.establishing = false;
    if (this.role !== "student" || this.code !== code) return;
    if (!ack.ok) {
      if (ack.timeout) return this.retrySoon();
      this.leave({ tell: false });
      this.bar.showError(_("Could not join the lecture: {error}", { error: ack.error }));
      if (first) this.app.openDefault();
      return;
    }
    this.socketId = this.socket.id;
    setUrlParam("lecture", code);
    this.setStatus("");
    this.tell("joined", ack); // the open question, if any (a late joiner answers it)
    const ackSeq = ack.seq || 0;
    const fresh = ackSeq > this.seq;
    if (fresh || first || resync) {
      // A view or cursor that came while the view was fetched is newer than the ack's.
      if (!(ackSeq < this.viewSeq)) [this.view, this.viewSeq] = [ack.view, ackSeq];
      if (ackSeq >= this.seq) this.cursor = ack.cursor;
      this.seq = Math.max(this.seq, ackSeq);
    }
    if (!this.following) return;
    // Re-run unless this page shows the room's view, fully (a run cut by a lost connection
    // stays unfinished).
    if (this.shownKey !== viewKey(this.view) || this.app.store.get().runState !== "done") {
      this.runView(this.view, this.cursor);
    } else if (fresh || resync) {
      applyCursor(this.app, this.cursor);
    }
  }

  onViewMessage(msg) {
    if (this.role !== "student" || !msg || msg.room !== this.code) return;
    if (typeof msg.seq !== "number" || msg.seq <= this.seq) return;
    this.seq = this.viewSeq = msg.seq;
    this.view = msg.view;
    this.cursor = msg.cursor;
    this.tell("view", msg.view); // fetched by now (payloads.js): the lesson mark reads it
    if (!this.following) return this.bar.showDetached(this.code);
    if (this.shownKey === viewKey(this.view) && this.app.store.get().runState === "done") {
      applyCursor(this.app, this.cursor);
    } else {
      this.runView(this.view, this.cursor);
    }
  }

  onCursorMessage(msg) {
    if (this.role !== "student" || !msg || msg.room !== this.code) return;
    if (typeof msg.seq !== "number" || msg.seq <= this.seq) return;
    this.seq = msg.seq;
    this.cursor = msg.cursor;
    if (!this.following) return this.bar.showDetached(this.code);
    applyCursor(this.app, this.cursor);
  }

  /** Show a lecture view through the page's run path; its trace, searched once for the class, is fetched. */
  runView(view, cursor) {
    const step = cursor ? cursor.step : null;
    this.ownRun = { options: runOptions(view), step, trace: view.trace || null };
    this.ownRunKey = viewKey(view);
    this.app.input.setSource({ kind: "paste", text: JSON.stringify(view.tree) });
    this.app.run(this.ownRun);
  }

  /** Explore on one's own: keep the picture and playback, stop following. */
  detach() {
    if (this.role !== "student" || !this.following) return;
    this.following = false;
    const p = this.app.player;
    if (p.playing) p.schedule(); // playback goes on, now on this page's own clock
    this.bar.showDetached(this.code);
    this.tell("detached");
  }

  resync() {
    if (this.role !== "student") return;
    this.following = true;
    this.bar.showStudent(this.code);
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
    this.bar.hideBar();
    this.tell("stopped");
  }

  /** A line on the bar (lecture/questions.js and lecture/answering.js write there too). */
  setStatus(message, isError = false) {
    this.bar.setStatus(message, isError);
  }

  get state() {
    return { role: this.role, code: this.code, following: this.following, seq: this.seq };
  }
}
