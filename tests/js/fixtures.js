// tests/js/fixtures.js: loads the engine's traces saved under tests/js/fixtures/ (see the
// README there for the commands that made them) and builds the page's Trace from one, the
// way the pages do: the node table, the resolved options, the events, then the summary.

import { readFileSync } from "node:fs";

import { Trace } from "../../static/js/trace/trace.js";

/** The saved engine output `name` (tests/js/fixtures/NAME.json): {nodes, summary, events}. */
export function loadFixture(name) {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), "utf8"));
}

/** A complete Trace of the fixture `name`. */
export function traceOf(name) {
  const { nodes, summary, events } = loadFixture(name);
  const trace = new Trace(nodes, summary.options);
  trace.append(events);
  trace.finish(summary);
  return trace;
}
