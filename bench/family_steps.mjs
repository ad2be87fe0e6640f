// bench/family_steps.mjs: what a step costs the page's DOM-free code for the pruning family
// against alpha-beta on the same 2,047-node tree (issue 34: "a 2,047-node PVS or MTD(f) trace
// streams and steps as fast as alpha-beta's"). The tree view's drawing is the same code for
// every search (bench/browser.py times it in Chromium, `--only 2k 2k-pvs 2k-mtdf`); what
// differs by search is measured here, in CPU time of one Node process, best of --rounds:
//
//   stream  building the Trace from the engine's events in batches of 100 (Trace.append,
//           which replays each event and keeps snapshots) and the pass timeline's
//           update() after each batch (trace/pass-timeline.js);
//   step    one step as the main page's panels take it: Trace.seek(k), the narration
//           (trace/narration.js), the pseudocode's lines (trace/pseudocode.js) and the pass
//           timeline's current segment and every segment's state (words for those whose state
//           changed, as panels/pass-timeline.js asks), forward over every step and then back;
//   seek    500 random seeks (Trace.seek alone: a snapshot restored and replayed).
//
//     node bench/family_steps.mjs [--rounds 7]
//
// The traces come from the engine's CLI (.venv/bin/python -m app.engine), so they are the
// ones the server streams: preset random-binary-10, alphabeta / pvs / mtdf (guess 0).

import { execFileSync } from "node:child_process";
import os from "node:os";

import { narrate } from "../static/js/trace/narration.js";
import { PassTimeline, segmentState, segmentWords } from "../static/js/trace/pass-timeline.js";
import { linesFor } from "../static/js/trace/pseudocode.js";
import { Trace } from "../static/js/trace/trace.js";

const SEARCHES = { alphabeta: [], pvs: ["--algorithm", "pvs"], mtdf: ["--algorithm", "mtdf"], sssstar: ["--algorithm", "sssstar"] };
const BATCH = 100;
const SEEKS = 500;
const rounds = Number(process.argv[process.argv.indexOf("--rounds") + 1]) || 7;

function engineTrace(args) {
  const engine = (more, input) => execFileSync(".venv/bin/python", ["-m", "app.engine", ...more], { input, maxBuffer: 1 << 26 }).toString();
  const doc = engine(["presets", "random-binary-10"]);
  return JSON.parse(engine(["trace", ...args, "-"], doc));
}

function build({ nodes, summary, events }) {
  const trace = new Trace(nodes, summary.options);
  const timeline = new PassTimeline(trace);
  for (let i = 0; i < events.length; i += BATCH) {
    trace.append(events.slice(i, i + BATCH));
    timeline.update();
  }
  trace.finish(summary);
  return { trace, timeline };
}

/** One step as the panels take it; `shown` the timeline buttons' states (words only for a
 * segment whose state changed, as panels/pass-timeline.js does). */
function step(trace, timeline, k, shown) {
  trace.seek(k);
  narrate(trace, k);
  const event = trace.eventAt(k);
  if (event) linesFor(event, trace.kind(trace.nodeOf[k - 1]));
  timeline.indexAt(k);
  timeline.segments.forEach((seg, i) => {
    const state = segmentState(seg, k);
    if (shown[i] === state) return;
    shown[i] = state;
    segmentWords(timeline, i, k);
  });
}

function cpuMs(fn) {
  const start = process.cpuUsage();
  fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

function measure(result) {
  const { trace, timeline } = build(result);
  const n = trace.length;
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const seeks = Array.from({ length: SEEKS }, () => Math.floor(random() * (n + 1)));
  const best = { stream: Infinity, step: Infinity, seek: Infinity };
  for (let r = 0; r < rounds; r++) {
    best.stream = Math.min(
      best.stream,
      cpuMs(() => build(result))
    );
    best.step = Math.min(
      best.step,
      cpuMs(() => {
        const shown = [];
        for (let k = 1; k <= n; k++) step(trace, timeline, k, shown);
        for (let k = n - 1; k >= 0; k--) step(trace, timeline, k, shown);
      }) /
        (2 * n)
    );
    best.seek = Math.min(best.seek, cpuMs(() => seeks.forEach((k) => trace.seek(k))) / SEEKS);
  }
  return { events: n, segments: timeline.segments.length, ...best };
}

console.log(
  `machine: ${os.cpus().length} CPUs (${os.cpus()[0].model}), load ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}`
);
console.log(`node ${process.version}; best of ${rounds} rounds, CPU time of this process`);
const rows = {};
for (const [name, args] of Object.entries(SEARCHES)) rows[name] = measure(engineTrace(args));
const base = rows.alphabeta;
console.log("search      events  segments  stream ms (per 1k events)  step µs (×ab)  seek µs (×ab)");
for (const [name, row] of Object.entries(rows)) {
  const perK = (row.stream / row.events) * 1000;
  const baseK = (base.stream / base.events) * 1000;
  console.log(
    `${name.padEnd(10)} ${String(row.events).padStart(7)} ${String(row.segments).padStart(9)}  ` +
      `${row.stream.toFixed(1).padStart(7)} (${perK.toFixed(2)}, ${(perK / baseK).toFixed(2)}×)` +
      `      ${(row.step * 1000).toFixed(1).padStart(6)} (${(row.step / base.step).toFixed(2)}×)` +
      `   ${(row.seek * 1000).toFixed(1).padStart(6)} (${(row.seek / base.seek).toFixed(2)}×)`
  );
}
console.log(
  `load after: ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}`
);
