// The outline's rows (static/js/tree/outline.js) on the textbook tree: one row per node in
// preorder with the tree's names, kinds and paths; per step the value, window, state and
// cutoff note the tree view shows; and the rule that picks the outline for narrow panels.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { nodeNames } from "../../static/js/lib/names.js";
import { Trace } from "../../static/js/trace/trace.js";
import { levelsOf } from "../../static/js/tree/levels.js";
import { leafCount, needsOutline, outlineRows, outlineSkeleton } from "../../static/js/tree/outline.js";
import { pictureDescription } from "../../static/js/tree/picture.js";

const FIXTURE = JSON.parse(readFileSync(new URL("./fixtures/textbook-trace.json", import.meta.url)));

function textbook() {
  const trace = new Trace(FIXTURE.nodes, FIXTURE.options);
  trace.append(FIXTURE.events);
  trace.finish();
  return trace;
}

function rowsAt(trace, step, final = false) {
  const names = nodeNames(trace);
  const levels = levelsOf(trace, { players: trace.options.players });
  return outlineRows(trace, trace.seek(step), { names, levels, final });
}

const byName = (rows) => Object.fromEntries(rows.map((row) => [row.name, row]));

test("one row per node, in preorder, named and indented as the tree", () => {
  const trace = textbook();
  const rows = outlineSkeleton(trace, nodeNames(trace));
  assert.deepEqual(
    rows.map((row) => `${"  ".repeat(row.depth)}${row.name} ${row.kindText} [${row.path}]`),
    [
      "A MAX []",
      "  B MIN [0]",
      "    E leaf [0.0]",
      "    F leaf [0.1]",
      "    G leaf [0.2]",
      "  C MIN [1]",
      "    H leaf [1.0]",
      "    I leaf [1.1]",
      "    J leaf [1.2]",
      "  D MIN [2]",
      "    K leaf [2.0]",
      "    L leaf [2.1]",
      "    M leaf [2.2]",
    ]
  );
  const c = rows[5];
  assert.deepEqual([c.setSize, c.position, c.kind], [3, 2, "min"]);
  assert.deepEqual([rows[0].setSize, rows[0].position, rows[0].kind], [1, 1, "max"]);
  assert.equal(rows[2].kind, "leaf");
});

test("step 0: nothing reached; leaves show their values, inner nodes none", () => {
  const rows = byName(rowsAt(textbook(), 0));
  assert.deepEqual([rows.A.state, rows.A.status, rows.A.value, rows.A.window], ["unvisited", "not yet reached", "", ""]);
  assert.deepEqual([rows.E.value, rows.M.value], ["3", "2"]);
  assert.ok(Object.values(rows).every((row) => !row.current && !row.onPath && row.note === ""));
});

test("while searching: the current node, the path to it, running values and windows", () => {
  const rows = byName(rowsAt(textbook(), 5)); // F evaluated under B
  assert.deepEqual([rows.F.state, rows.F.current, rows.F.status], ["visited", true, "current"]);
  assert.deepEqual([rows.B.state, rows.B.onPath, rows.B.status, rows.B.value], ["active", true, "on the path", "3"]);
  assert.equal(rows.B.window, "α=−∞ β=3");
  assert.deepEqual([rows.A.onPath, rows.A.value, rows.A.window], [true, "−∞", "α=−∞ β=∞"]);
  assert.deepEqual([rows.E.status, rows.C.status], ["", "not yet reached"]);
  assert.match(rows.B.label, /^MIN node B: value so far 3, α −∞, β 3/);
});

test("a cutoff: its children struck as pruned at that step, the cutter says its test", () => {
  const trace = textbook();
  const before = byName(rowsAt(trace, 13));
  assert.deepEqual([before.I.state, before.I.note], ["unvisited", ""]);
  const after = byName(rowsAt(trace, 14)); // C: v=2 ≤ α=3 prunes I and J
  for (const name of ["I", "J"]) {
    assert.deepEqual([after[name].state, after[name].status, after[name].note], ["pruned", "pruned", "α-cutoff at C"]);
    assert.match(after[name].label, /pruned/);
  }
  assert.equal(after.C.note, "α-cutoff: v=2 ≤ α=3");
  assert.equal(after.I.value, "4"); // a pruned leaf still shows its value, struck through
  // D's cutoff fires at its last child: nothing is pruned.
  assert.equal(byName(rowsAt(trace, 24)).D.note, "α-cutoff: v=2 ≤ α=3 (last child)");
  // Stepping back restores the picture.
  assert.equal(byName(rowsAt(trace, 13)).I.state, "unvisited");
});

test("at the end: values, and the principal variation marked", () => {
  const trace = textbook();
  const rows = byName(rowsAt(trace, trace.length, true));
  assert.deepEqual([rows.A.value, rows.B.value, rows.C.value, rows.D.value], ["3", "3", "2", "2"]);
  assert.deepEqual(
    Object.values(rows)
      .filter((row) => row.pv)
      .map((row) => row.name),
    ["A", "B", "E"]
  );
  assert.ok(Object.values(rows).every((row) => !row.pv || row.state === "visited"));
});

test("the rule: the outline only where the leaves cannot fit a phone's panel", () => {
  const trace = textbook();
  assert.equal(leafCount(trace), 9);
  const spacing = 28; // a compact floor: a leaf's square and its 12 px value, and a gap
  assert.equal(needsOutline(9, spacing, 300, 320), false); // the textbook tree on a 320 px phone
  assert.equal(needsOutline(12, spacing, 300, 320), true); // 12 leaves do not fit there
  assert.equal(needsOutline(12, spacing, 370, 390), false); // but do on a 390 px phone
  assert.equal(needsOutline(27, spacing, 370, 390), true); // b=3, d=3
  assert.equal(needsOutline(9, 48, 370, 390), true); // the textbook tree at 48 px a leaf
  // Wide pages fold and pan instead, however narrow the tree's panel.
  assert.equal(needsOutline(27, 2 * spacing, 1004, 1024), false);
  assert.equal(needsOutline(27, spacing, 570, 1280), false);
  assert.equal(needsOutline(27, spacing, 560, 590), true);
});

test("a picture's description tells every node in preorder, indented, as the tree says it", () => {
  const trace = textbook();
  const names = nodeNames(trace);
  const levels = levelsOf(trace, { players: trace.options.players });
  const s = trace.seek(trace.length);
  const text = pictureDescription(trace, s, { names, levels, final: true });
  const lines = text.split("\n");
  const rows = outlineRows(trace, s, { names, levels, final: true });
  assert.equal(lines.length, trace.size);
  lines.forEach((line, k) => {
    assert.equal(line, `${"  ".repeat(rows[k].depth)}${rows[k].label}`);
    assert.ok(line.includes(` ${rows[k].name}:`), line);
  });
  // A pruned leaf is said to be pruned; the root's value is said.
  const pruned = rows.filter((row) => row.state === "pruned");
  assert.ok(pruned.length > 0);
  for (const row of pruned) assert.match(lines[rows.indexOf(row)], /pruned/i);
  const cut = pictureDescription(trace, s, { names, levels, final: true, rows: 4 });
  assert.equal(cut.split("\n").length, 5);
  assert.equal(cut.split("\n")[4], `… and ${trace.size - 4} more nodes.`);
});
