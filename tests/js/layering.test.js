// The front end's layering, as docs/architecture.md prints it ("Layering"): the shared folders
// of static/js import only the shared folders their row names, a feature folder imports the
// shared folders and only the features its row names, and no two folders import each other.
// The imports are esbuild's (the bundler of script/build.mjs): every module of static/js is an
// entry point, its static and dynamic imports resolved as the build resolves them; the
// vendored files (static/vendor/) are left out.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import * as esbuild from "esbuild";

const ROOT = new URL("../../", import.meta.url).pathname;
const JS = join(ROOT, "static/js");
const DOC = join(ROOT, "docs/architecture.md");

/** The rows of the markdown table under the line that starts with `header`: [folder, allowed]. */
function tableRows(markdown, header) {
  const lines = markdown.split("\n");
  const start = lines.findIndex((line) => line.startsWith(`| ${header} |`));
  assert.ok(start >= 0, `docs/architecture.md has a table headed "${header}"`);
  const rows = new Map();
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith("|")) break;
    const [folder, allowed] = line.split("|").slice(1, 3);
    const name = /`([\w-]+)\/`/.exec(folder);
    assert.ok(name, `a row of "${header}" names a folder: ${line}`);
    rows.set(name[1], new Set([...allowed.matchAll(/`([\w-]+)\/`/g)].map((m) => m[1])));
  }
  return rows;
}

/** The folder of a path under static/js ("static/js/lib/store.js" → "lib"), or null. */
function folderOf(path) {
  const match = /^static\/js\/([^/]+)\//.exec(path);
  return match ? match[1] : null;
}

/** Every import between two folders of static/js: [{from, to, file, target}]. */
async function crossImports() {
  const files = readdirSync(JS, { recursive: true })
    .filter((file) => file.endsWith(".js"))
    .map((file) => join("static/js", file));
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: files,
    bundle: true,
    write: false,
    metafile: true,
    outdir: "layering-check",
    format: "esm",
    logLevel: "silent",
    plugins: [
      {
        name: "vendored-outside",
        setup(build) {
          build.onResolve({ filter: /\/vendor\// }, (args) => ({ path: args.path, external: true }));
        },
      },
    ],
  });
  const edges = [];
  for (const [file, input] of Object.entries(result.metafile.inputs)) {
    const from = folderOf(file);
    for (const imported of input.imports) {
      if (imported.external) continue;
      const to = folderOf(imported.path);
      if (from && to && from !== to) edges.push({ from, to, file, target: imported.path });
    }
  }
  return { files, edges };
}

const doc = readFileSync(DOC, "utf8");
const shared = tableRows(doc, "shared folder");
const features = tableRows(doc, "feature folder");
const { files, edges } = await crossImports();

test("the module graph is read whole", () => {
  assert.ok(files.length > 100, "static/js has its modules");
  assert.ok(
    edges.some((edge) => edge.from === "visualizer" && edge.to === "lecture"),
    "the main page's import of lecture mode is seen"
  );
});

test("every folder of static/js has a row in docs/architecture.md's layering tables", () => {
  for (const file of files) {
    const folder = folderOf(file);
    assert.ok(folder, `${file} sits in a folder`);
    assert.ok(shared.has(folder) || features.has(folder), `${folder}/ has no row in "Layering"`);
  }
});

test("the shared folders' rows name only shared folders", () => {
  for (const [folder, allowed] of shared) {
    for (const other of allowed) assert.ok(shared.has(other), `${folder}/ may not import the feature ${other}/`);
  }
});

test("every import between folders is one the layering tables allow", () => {
  const wrong = edges.filter(({ from, to }) => {
    if (shared.has(from)) return !shared.get(from).has(to);
    return !shared.has(to) && !features.get(from)?.has(to);
  });
  assert.deepEqual(
    wrong.map(({ file, target }) => `${file} imports ${target}`),
    [],
    "an import runs against docs/architecture.md's layering"
  );
});

test("no folders import each other, directly or round a cycle", () => {
  const next = new Map();
  for (const { from, to } of edges) next.set(from, new Set([...(next.get(from) || []), to]));
  const cycles = [];
  const walk = (folder, path) => {
    if (path.includes(folder)) {
      cycles.push([...path.slice(path.indexOf(folder)), folder].join(" → "));
      return;
    }
    for (const to of next.get(folder) || []) walk(to, [...path, folder]);
  };
  for (const folder of next.keys()) walk(folder, []);
  assert.deepEqual(cycles, []);
});
