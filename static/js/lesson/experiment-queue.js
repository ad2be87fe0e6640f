// lesson/experiment-queue.js: experiments for a lesson's slides, asked of the server one at a
// time. The server runs at most one experiment per address and answers 429 to a second
// (docs/experiments.md), while a presented lesson preloads the next slide and its handouts
// load every slide at once: so this page's experiment loads wait in one queue, and the same
// experiment asked twice is run once. A 429 that still comes — another tab or /experiments
// running one from this address, or a full server — is retried after the server's
// Retry-After (the pool's 5 s; at most MAX_WAIT_S, as a spent rate limit's says its window, up
// to a minute) a few times; then the load fails with a message saying why. A failed load is
// forgotten, so asking again runs it again.

import { experimentUrl, streamExperiment } from "../experiments/stream.js";

const TRIES = 3; // a 429 is tried again twice, after the waits the server asks for
const DEFAULT_WAIT_S = 5;
const MAX_WAIT_S = 10;

let tail = Promise.resolve(); // the last load queued: the next one starts when it settles
const loads = new Map(); // the experiment's address → Promise of {rows, summary}

const sleep = (seconds) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

async function runWithRetries(name, query, onWait) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await streamExperiment(name, query);
    } catch (err) {
      if (err.status !== 429) throw err;
      if (attempt >= TRIES) {
        const why = err.reason || "it is busy";
        const where = /your address/.test(why) ? " (another tab, or /experiments?)" : "";
        throw new Error(
          `the server could not run this chart's experiment after ${TRIES} tries: ${why}${where}. ` + "Try again in a moment."
        );
      }
      const wait = Math.min(err.retryAfter || DEFAULT_WAIT_S, MAX_WAIT_S);
      if (onWait) onWait(wait, err.reason);
      await sleep(wait);
    }
  }
}

/**
 * The rows and summary ({rows, summary}) of experiment `name` with `query`, once the
 * experiments asked before it on this page are done. onWait(seconds, reason): called when
 * the server is busy (`reason`: its words) and the load waits before trying again.
 */
export function loadExperiment(name, query = {}, { onWait } = {}) {
  const key = experimentUrl(name, query);
  if (!loads.has(key)) {
    const load = tail.then(() => runWithRetries(name, query, onWait));
    tail = load.catch(() => {});
    loads.set(key, load);
    load.catch(() => loads.delete(key));
  }
  return loads.get(key);
}
