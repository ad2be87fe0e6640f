// lib/socket-client.js: runs a search over Socket.IO (events stream in batches) and falls back to
// POST /api/trace when the socket cannot connect. Messages of other runs are ignored.

import { io } from "../../vendor/socket.io.esm.min.js";
import { ApiError, getJson, traceTree } from "./api.js";
import { language } from "./i18n.js";

const ACK_TIMEOUT_MS = 15000;
const CONNECT_GRACE_MS = 4000;
const EARLY_BUFFER_LIMIT = 2000; // messages kept for a run whose ack has not arrived yet

export class RunClient {
  constructor() {
    this.socket = null;
    this.current = null; // {id, handlers}
    this.ticket = 0; // increases with each run: late acks of older runs are dropped
    this.early = []; // messages that arrived before their run's ack
  }

  connect() {
    if (this.socket) return this.socket;
    // The handshake asks for the page's language: the server's refusals (run_error) are said
    // in it, as the page's address asks (lang= wins over the cookie and Accept-Language).
    const socket = io({ reconnectionDelayMax: 4000, query: { lang: language() } });
    socket.on("events", (msg) => this.dispatch("events", msg));
    socket.on("done", (msg) => this.dispatch("done", msg));
    socket.on("run_error", (msg) => this.dispatch("run_error", msg));
    this.socket = socket;
    return socket;
  }

  dispatch(type, msg) {
    if (!msg || typeof msg !== "object") return;
    const cur = this.current;
    if (cur && cur.id !== null && msg.run === cur.id) {
      this.deliver(cur, type, msg);
    } else if (type === "run_error" && (msg.run === undefined || msg.run === null)) {
      // A refused run: its ack, which came first, already said why.
    } else if (cur && cur.id === null && this.early.length < EARLY_BUFFER_LIMIT) {
      this.early.push([type, msg]);
    }
  }

  deliver(cur, type, msg) {
    if (cur.finished) return;
    if (type === "events") {
      cur.handlers.onEvents(Array.isArray(msg.events) ? msg.events : []);
    } else if (type === "done") {
      cur.finished = true;
      cur.handlers.onDone(msg.summary || null);
    } else if (type === "run_error") {
      cur.finished = true;
      cur.handlers.onError(new ApiError(msg.error || "the run failed", msg));
    }
  }

  /** Stop listening to the current run (a new one replaces it). */
  cancel() {
    this.current = null;
    this.early = [];
    this.ticket += 1;
  }

  /** A whole trace ({nodes, options, events, summary, document?}) from a GET of `source`, its
   * address, or `source` itself (a lecture message carried it), with run()'s handlers.
   * Resolves once it has been handed over (or failed). */
  fetchTrace(source, handlers) {
    this.cancel();
    const load = typeof source === "string" ? () => getJson(source) : async () => source;
    return this.whole(load, this.ticket, handlers);
  }

  /** Hand a whole trace, `load()`ed, to `handlers` unless a newer run came meanwhile. */
  async whole(load, ticket, handlers) {
    try {
      const data = await load();
      if (ticket !== this.ticket) return;
      handlers.onStart({ nodes: data.nodes, options: data.options, document: data.document || null });
      handlers.onEvents(data.events);
      handlers.onDone(data.summary);
    } catch (err) {
      if (ticket === this.ticket) handlers.onError(err);
    }
  }

  /**
   * Run `tree` (a document) with `options`. handlers: onStart({nodes, options, document}),
   * onEvents(events), onDone(summary), onError(ApiError). Resolves once the run started.
   */
  run(tree, options, handlers) {
    this.cancel();
    const ticket = this.ticket;
    const cur = { id: null, handlers, finished: false };
    this.current = cur;
    const socket = this.connect();

    return new Promise((resolve) => {
      let settled = false;
      const fallback = async () => {
        if (settled || ticket !== this.ticket) return;
        settled = true;
        await this.whole(() => traceTree(tree, options), ticket, handlers);
        cur.finished = true;
        resolve();
      };
      const grace = socket.connected ? null : setTimeout(fallback, CONNECT_GRACE_MS);

      socket.timeout(ACK_TIMEOUT_MS).emit("run", { tree, options }, (err, ack) => {
        if (grace) clearTimeout(grace);
        if (settled || ticket !== this.ticket) return;
        if (err) {
          fallback();
          return;
        }
        settled = true;
        if (!ack || !ack.ok) {
          cur.finished = true;
          handlers.onError(new ApiError((ack && ack.error) || "the run was refused", ack || {}));
          resolve();
          return;
        }
        cur.id = ack.run;
        handlers.onStart({ nodes: ack.nodes, options: ack.options, document: ack.document });
        const early = this.early.filter(([, msg]) => msg.run === ack.run);
        this.early = [];
        for (const [type, msg] of early) this.deliver(cur, type, msg);
        resolve();
      });
    });
  }
}
