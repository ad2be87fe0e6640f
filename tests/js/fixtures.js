// tests/js/fixtures.js: loads the engine's traces and experiment streams saved under
// tests/js/fixtures/ (see the README there for the commands that made them), builds the
// page's Trace from a trace the way the pages do (the node table, the resolved options, the
// events, then the summary) and reads an experiment's stream as stream.js does.

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

/** An experiment's stream as the API sends it (fixtures/experiment-NAME.ndjson): {columns,
 * total, rows, summary}. */
export function loadExperimentFixture(name) {
  const text = readFileSync(new URL(`./fixtures/experiment-${name}.ndjson`, import.meta.url), "utf8");
  const result = { columns: [], total: 0, rows: [], summary: undefined };
  for (const line of text.split("\n").filter((l) => l.trim())) {
    const item = JSON.parse(line);
    if (item.columns) Object.assign(result, { columns: item.columns, total: item.total });
    else if (item.row) result.rows.push(item.row);
    else if ("summary" in item) result.summary = item.summary;
  }
  return result;
}
