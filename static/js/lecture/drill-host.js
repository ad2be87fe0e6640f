// drill-host.js: lecture drills on the visualizer page (docs/protocol.md, "Lecture drills").
// The presenter's "Drill" menu (moved into the lecture bar, beside "Ask as a question")
// picks a level and starts a drill for the room (`lecture:drill` with a random seed: every
// student's browser makes the same trees from it); while it runs, the menu shows how many
// students are in each bucket of trees right, anonymously (`lecture:drill-tally`, asked every
// few seconds). A student following the room gets an invitation under the lecture bar: the
// drill page in a new tab, on the drill's level and seed (the lecture tab keeps following);
// one who joins after the drill started (or reloads, or reconnects) finds it in the join's
// ack, and is invited the same way.
// That tab sends nothing itself: it posts its trees right and done to this one over a
// BroadcastChannel (drill/room.js), and this tab sends them as `lecture:drill-result` under
// its anonymous student token; a new drill is posted back to it the same way.
//
// lecture/room.js tells this module what happens (Lecture.listen): "socket", "bar" (the
// presenter's bar was built), "joined" (a student's join ack), "stopped".

import { DRILL_CHANNEL } from "../drill/room.js";
import { ALL_LEVELS, MAX_SEED } from "../drill/trees.js";
import { _, formatNumber, ngettext } from "../lib/i18n.js";
import { studentToken } from "./storage.js";

const $ = (id) => document.getElementById(id);
const POLL_MS = 3000;

function el(tag, text) {
  const node = document.createElement(tag);
  node.textContent = text;
  return node;
}

export class DrillHost {
  /** `lecture`: the page's Lecture. */
  constructor({ lecture }) {
    this.lecture = lecture;
    this.els = {
      host: $("drill-host"),
      level: $("drill-host-level"),
      start: $("drill-host-start"),
      state: $("drill-host-state"),
      buckets: $("drill-host-buckets"),
      invite: $("drill-invite"),
      link: $("drill-invite-link"),
    };
    this.els.level.replaceChildren(...ALL_LEVELS.map((level) => new Option(_(level.name), level.id)));
    this.timer = null;
    this.drill = null;
    this.channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(DRILL_CHANNEL);
    if (this.channel) this.channel.addEventListener("message", ({ data }) => this.relay(data));
    lecture.listen((what, detail) => this.on(what, detail));
    this.els.start.addEventListener("click", () => this.start());
  }

  on(what, detail) {
    if (what === "socket") {
      detail.on("lecture:drill", (msg) => this.invite(msg));
    } else if (what === "joined") {
      if (detail.drill)
        this.invite(detail); // the ack: {room, …, drill} while one runs
      else this.els.invite.hidden = true;
    } else if (what === "bar") {
      detail.insertBefore(this.els.host, detail.querySelector(".lecture-end"));
      this.els.host.hidden = false;
      this.poll(); // after a reload: the drill running, if any
    } else if (what === "stopped") {
      this.els.host.hidden = true;
      this.els.invite.hidden = true;
      this.stopPolling();
    }
    return false;
  }

  async start() {
    const { code, key } = this.lecture;
    if (this.lecture.role !== "presenter") return;
    const seed = crypto.getRandomValues(new Uint32Array(1))[0] % (MAX_SEED + 1);
    const level = this.els.level.value;
    const ack = await this.lecture.request("lecture:drill", { room: code, key, level, seed });
    if (!ack.ok) {
      this.els.state.textContent = _("The drill could not start: {error}", { error: ack.error });
      return;
    }
    this.show({ drill: ack.drill, students: 0, trees: 0, buckets: [] });
    this.poll();
  }

  async poll() {
    this.stopPolling();
    const { code, key, role } = this.lecture;
    if (role !== "presenter") return;
    const ack = await this.lecture.request("lecture:drill-tally", { room: code, key });
    if (this.lecture.role !== "presenter") return;
    if (ack.ok) this.show(ack.tally);
    if (this.drill) this.timer = setTimeout(() => this.poll(), POLL_MS);
  }

  stopPolling() {
    clearTimeout(this.timer);
    this.timer = null;
  }

  /** The tally: which drill, how many students, and the students by trees right. */
  show(tally) {
    this.drill = tally ? tally.drill : null;
    if (!tally) {
      this.els.state.textContent = _("No drill yet: students get the same trees on their own devices.");
      this.els.buckets.replaceChildren();
      return;
    }
    const level = ALL_LEVELS.find((l) => l.id === tally.drill.level);
    const students = ngettext("{n} student", "{n} students", tally.students);
    const values = { level: level ? _(level.name) : tally.drill.level, students, trees: formatNumber(tally.trees) };
    this.els.state.textContent = _("Drill running ({level}): {students}, {trees} trees checked.", values);
    this.els.buckets.replaceChildren(
      ...tally.buckets.map(([right, count]) => {
        const trees = ngettext("{n} tree right", "{n} trees right", right);
        const li = el("li", _("{trees}: {students}", { trees, students: ngettext("{n} student", "{n} students", count) }));
        li.dataset.right = String(right);
        li.dataset.count = String(count);
        return li;
      })
    );
  }

  /** A student: the invitation to the drill, under the lecture bar. */
  invite(msg) {
    const { lecture } = this;
    if (!msg || !msg.drill || msg.room !== lecture.code || lecture.role !== "student") return;
    const { id, level, seed } = msg.drill;
    const query = new URLSearchParams([
      ["level", level],
      ["seed", String(seed)],
      ["room", lecture.code],
      ["drill", id],
    ]);
    this.els.link.href = `/practice/drill?${query}`;
    const bar = $("lecture-bar");
    if (bar) bar.after(this.els.invite);
    this.els.invite.hidden = false;
    if (this.channel) this.channel.postMessage({ type: "drill", room: lecture.code, drill: msg.drill });
  }

  /** A student's drill tab reports its counts: send them to the room. */
  relay(data) {
    const { lecture } = this;
    if (!data || data.type !== "result" || data.room !== lecture.code || lecture.role !== "student") return;
    const { room, drill, right, done } = data;
    lecture.request("lecture:drill-result", { room, drill, right, done, student: studentToken() });
  }
}
