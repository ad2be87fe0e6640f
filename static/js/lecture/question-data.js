// question-data.js: what both sides of a lecture question need about it, apart from the
// screen: its tree and options (fetched once by the question's href: payloads.js), its trace
// (fetched once with POST /api/trace; from then on no request), whether two traces are of the
// same tree (the presenter's heat overlay is drawn only on the question's tree), the answer
// as it travels (JSON has no ∞: the protocol writes "Infinity"), and the visualizer's address
// for "Show me". The protocol is docs/protocol.md, "Lecture questions".

import { traceTree } from "../lib/api.js";
import { questionBody } from "./payloads.js";
import { PACKED_PARAM, packView } from "../lib/packed-view.js";
import { Trace } from "../trace/trace.js";
import { buildQuery } from "../lib/url-state.js";

const LONGEST_QUERY = 7000; // under the server's 8,000 characters, with room for &step=

/** The question's finished trace: {doc, trace, agents}. Throws an ApiError. */
export async function loadQuestion(question) {
  const body = await questionBody(question); // a message carries only its href
  const doc = body.tree;
  const result = await traceTree(doc, body.options || {});
  const trace = new Trace(result.nodes, result.options);
  trace.append(result.events);
  trace.finish(result.summary);
  return { doc, trace, agents: agentsOf(doc, trace.options) };
}

/** The document's names for its players, unless the options changed who plays (load.js). */
function agentsOf(doc, options) {
  if (!doc || !Array.isArray(doc.agents) || !Array.isArray(doc.players)) return null;
  const players = options && options.players;
  return JSON.stringify(players) === JSON.stringify(doc.players) ? doc.agents : null;
}

const SAME = new WeakMap(); // trace → WeakMap(trace → bool): a view renders often

/** Whether traces `a` and `b` have the same node table (paths, kinds, leaf values). */
export function sameTree(a, b) {
  if (!a || !b) return false;
  if (a === b) return true;
  let known = SAME.get(a);
  if (!known) SAME.set(a, (known = new WeakMap()));
  if (!known.has(b)) known.set(b, compare(a, b));
  return known.get(b);
}

function compare(a, b) {
  if (a.size !== b.size) return false;
  for (let i = 0; i < a.size; i++) {
    const x = a.nodes[i];
    const y = b.nodes[i];
    if (a.keys[i] !== b.keys[i] || x.kind !== y.kind || !!x.terminal !== !!y.terminal) return false;
    if (!Object.is(x.value, y.value) && !(x.value == null && y.value == null)) return false;
  }
  return true;
}

/** Every ±∞ window bound as the protocol's text ("Infinity", "-Infinity"). */
export function toWire(answer) {
  const out = { ...answer };
  if (answer.windows) {
    out.windows = {};
    for (const [path, pair] of Object.entries(answer.windows)) {
      out.windows[path] = pair.map((x) => (Number.isFinite(x) ? x : String(x)));
    }
  }
  return out;
}

/** The answer back from its wire form (or from storage): numbers again. */
export function fromWire(answer) {
  const out = { ...answer };
  if (answer.windows) {
    out.windows = {};
    for (const [path, pair] of Object.entries(answer.windows)) out.windows[path] = pair.map(Number);
  }
  return out;
}

/**
 * The visualizer's address of the question's tree and options, without a step (the caller
 * adds &step=K): the tree in the query while it fits, else packed (?z=), as share.js packs.
 */
export async function visualizerBase(question) {
  const body = await questionBody(question);
  const options = body.options || {};
  const text = JSON.stringify(body.tree);
  const query = buildQuery({ source: { kind: "paste", text }, options });
  if (query.length <= LONGEST_QUERY) return `/?${query}`;
  const packed = await packView({ tree: body.tree, options });
  const params = new URLSearchParams([[PACKED_PARAM, packed]]);
  for (const [key, value] of new URLSearchParams(buildQuery({ source: null, options }))) params.set(key, value);
  return `/?${params.toString()}`;
}
