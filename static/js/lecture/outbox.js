// lecture/outbox.js: what a presenter sends, and when. A new view, or the player's latest
// cursor, is marked dirty (viewDirty, cursorDirty); pump() sends one message at a time
// (lecture:view before any lecture:cursor), waits for its ack, sends at most one every
// SEND_INTERVAL_MS and coalesces cursors, so scrubbing stays under the server's rate limit.
// It advances the room's seq (lecture/room.js, which owns the room) and keeps it with the
// presenter's key; a refusal ends presenting, a stale seq resumes the room to learn it.

import { formatCode } from "../lib/room-codes.js";
import { cursorNow } from "./player-link.js";
import { saveKey } from "./storage.js";

const SEND_INTERVAL_MS = 50; // at most 20 presenter messages a second (the server allows 30)

export class PresenterOutbox {
  /** room: the Lecture (lecture/room.js) whose presenter this sends for. */
  constructor(room) {
    this.room = room;
    this.viewDirty = false;
    this.cursorDirty = false;
    this.inFlight = false;
    this.lastSent = -Infinity;
    this.lastCursorKey = null;
    this.sendTimer = null;
  }

  /** Presenting stopped: nothing more goes out. */
  clear() {
    this.viewDirty = this.cursorDirty = false;
    if (this.sendTimer !== null) clearTimeout(this.sendTimer);
    this.sendTimer = null;
  }

  /** Send what changed: a view before anything else, else the latest cursor (coalesced). */
  pump() {
    const room = this.room;
    if (room.role !== "presenter" || !room.ready || this.inFlight) return;
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
    const cursor = cursorNow(room.app.player);
    const cursorKey = JSON.stringify(cursor);
    let event;
    let body;
    if (this.viewDirty) {
      const view = room.current;
      this.viewDirty = false;
      this.cursorDirty = false;
      if (!view) return;
      room.view = view;
      event = "lecture:view";
      body = { room: room.code, key: room.key, seq: room.seq + 1, view, cursor };
    } else {
      this.cursorDirty = false;
      if (cursorKey === this.lastCursorKey) return;
      event = "lecture:cursor";
      body = { room: room.code, key: room.key, seq: room.seq + 1, cursor };
    }
    room.seq += 1;
    saveKey(room.code, room.key, room.seq);
    this.lastCursorKey = cursorKey;
    this.lastSent = performance.now();
    this.inFlight = true;
    const code = room.code;
    room.request(event, body).then((ack) => {
      this.inFlight = false;
      if (room.role !== "presenter" || room.code !== code) return;
      const again = () => {
        if (event === "lecture:view") this.viewDirty = true;
        else this.cursorDirty = true;
        this.lastCursorKey = null;
      };
      if (ack.timeout || /slow down/.test(ack.error || "")) {
        again();
      } else if (!ack.ok) {
        room.stopPresenting();
        room.bar.showError(`Lecture ${formatCode(code)}: ${ack.error}`);
        return;
      } else if (ack.stale) {
        // The room has seen a higher seq (another tab of this presenter?): resume to learn it.
        again();
        room.ready = false;
        room.resume(code, { reload: false });
        return;
      }
      if (!room.bar.status.hidden) room.setStatus("");
      this.pump();
    });
  }
}
