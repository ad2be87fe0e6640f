// script/build.mjs: the production build of the front end (npm run build; script/build runs it
// when the build is missing or stale). esbuild bundles and minifies each page's entry module and
// each page's style sheets into content-hashed files under static/dist/, writes gzip and brotli
// copies beside them (served as they are by WhiteNoise and nginx), and a manifest,
// static/dist/manifest.json, that app/assets.py reads to write the pages' <script> and <link>
// (and app/i18n to give each page the messages of the modules its bundle holds). A build is made
// beside static/dist/ and moved in, keeping the previous build's files (`moveIntoPlace`): a
// server still running on the manifest it read keeps finding them.
//
// What to build comes from the templates: every `page_scripts('a/b.js', ...)` names entries
// (paths under static/js/, each bundled on its own: two entries on one page share no module
// state), every `page_styles('x.css', ...)` a page's sheets (under static/css/), bundled with
// the ones every page has (BASE_STYLES before, PRINT_STYLES after, the order of base.html).
// d3 is the global of the vendored UMD build for the unbundled modules (`/* global d3 */`);
// in the bundle it comes from the npm package, injected where a module uses it.

import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import * as esbuild from "esbuild";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const STATIC = join(ROOT, "static");
const DIST = join(STATIC, "dist");
// A build is made here, then moved into DIST file by file (see `build`).
const NEXT = join(STATIC, ".dist-next");
const TEMPLATES = join(ROOT, "templates");

// The sheets of every page, in base.html's order around the page's own (keep the two alike:
// app/assets.py has the same lists for the unbundled pages).
export const BASE_STYLES = ["app.css", "tree.css", "outline.css", "a11y.css", "help.css", "projector.css"];
export const PRINT_STYLES = ["print.css"];

// Which browsers the bundle's syntax must run in (the modules' own syntax is ES2022).
const TARGET = ["es2022"];
// Files smaller than this go out as they are: compressing them saves no round trip.
const COMPRESS_MIN_BYTES = 512;

/** The string arguments of every `name(...)` call in the templates, one list per call. */
export function templateCalls(name, dir = TEMPLATES) {
  const calls = [];
  const call = new RegExp(`${name}\\(([^)]*)\\)`, "g");
  for (const file of readdirSync(dir, { recursive: true })) {
    if (!file.endsWith(".html")) continue;
    const text = readFileSync(join(dir, file), "utf8");
    for (const match of text.matchAll(call)) {
      calls.push([...match[1].matchAll(/["']([^"']+)["']/g)].map((m) => m[1]));
    }
  }
  return calls;
}

/** The manifest's key of a page's sheets (app/assets.py builds the same one). */
export function stylesKey(names) {
  return ["", ...names].join("+") || "+";
}

/** A readable name for a page's sheets in static/dist/styles/: its own sheets' names. */
function label(key) {
  return (
    key
      .split("+")
      .filter(Boolean)
      .map((name) => name.replace(/\.css$/, ""))
      .join("+") || "base"
  );
}

/** esbuild plugin: `page-styles:<key>` is a sheet that @imports the page's sheets in order. */
function pageStyles(sets) {
  return {
    name: "page-styles",
    setup(build) {
      build.onResolve({ filter: /^page-styles:/ }, (args) => ({
        path: args.path.slice("page-styles:".length),
        namespace: "page-styles",
      }));
      build.onLoad({ filter: /.*/, namespace: "page-styles" }, (args) => ({
        contents: sets
          .get(args.path)
          .map((name) => `@import "./${name}";`)
          .join("\n"),
        resolveDir: join(STATIC, "css"),
        loader: "css",
      }));
    },
  };
}

async function bundle(options) {
  const result = await esbuild.build({
    bundle: true,
    minify: true,
    sourcemap: false,
    target: TARGET,
    outdir: NEXT,
    metafile: true,
    logLevel: "warning",
    legalComments: "linked",
    ...options,
  });
  return result.metafile;
}

/** entry point (as esbuild names it) → its output file as served, relative to static/. */
function outputsByEntry(metafile) {
  const byEntry = new Map();
  for (const [out, meta] of Object.entries(metafile.outputs)) {
    const served = join("dist", relative(NEXT, resolve(ROOT, out)));
    if (meta.entryPoint) byEntry.set(meta.entryPoint, served);
  }
  return byEntry;
}

/** entry point → the modules of static/js/ its bundle holds (paths relative to the repository,
 * sorted): app/i18n gives a page the messages of these modules only. */
function modulesByEntry(metafile) {
  const byEntry = new Map();
  for (const meta of Object.values(metafile.outputs)) {
    if (!meta.entryPoint) continue;
    const modules = Object.keys(meta.inputs).filter((input) => input.startsWith("static/js/"));
    byEntry.set(meta.entryPoint, modules.sort());
  }
  return byEntry;
}

/** The licences of the npm packages inside the bundles (d3's parts, socket.io-client), served
 * beside them in static/dist/licences/. */
function copyLicences() {
  const dir = join(NEXT, "licences");
  mkdirSync(dir, { recursive: true });
  const modules = join(ROOT, "node_modules");
  for (const name of readdirSync(modules)) {
    if (name === "d3" || name.startsWith("d3-") || name === "socket.io-client") {
      copyFileSync(join(modules, name, "LICENSE"), join(dir, `${name}.LICENSE.txt`));
    }
  }
}

function precompress(dir) {
  for (const name of readdirSync(dir, { recursive: true })) {
    if (!/\.(js|css|json)$/.test(name)) continue;
    const path = join(dir, name);
    const data = readFileSync(path);
    if (data.length < COMPRESS_MIN_BYTES) continue;
    writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
    const br = brotliCompressSync(data, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    });
    writeFileSync(`${path}.br`, br);
  }
}

/** The files under `dir`, relative to it (dot files, the build's stamp, left out). */
function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true }).filter(
    (name) => !name.split(/[\\/]/).some((part) => part.startsWith(".")) && statSync(join(dir, name)).isFile()
  );
}

/** The files the manifest in DIST says its build made ([] when there is none). */
function previousFiles() {
  try {
    return JSON.parse(readFileSync(join(DIST, "manifest.json"), "utf8")).files || [];
  } catch {
    return [];
  }
}

/**
 * Move the build made in NEXT into DIST. A server started before keeps serving its own build:
 * each file is renamed into place (a reader never sees half a file; names are content-hashed,
 * so a bundle that did not change keeps its name), the manifest goes last, and the files of the
 * build before this one stay until the next build. Older ones are removed.
 */
function moveIntoPlace(manifest) {
  const kept = new Set([...previousFiles(), ...manifest.files, "manifest.json"]);
  for (const name of manifest.files) {
    mkdirSync(dirname(join(DIST, name)), { recursive: true });
    renameSync(join(NEXT, name), join(DIST, name));
  }
  writeFileSync(join(NEXT, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  renameSync(join(NEXT, "manifest.json"), join(DIST, "manifest.json"));
  for (const name of filesUnder(DIST)) {
    if (!kept.has(name)) rmSync(join(DIST, name));
  }
  rmSync(NEXT, { recursive: true, force: true });
}

export async function build() {
  rmSync(NEXT, { recursive: true, force: true });
  mkdirSync(NEXT, { recursive: true });
  mkdirSync(DIST, { recursive: true });

  const scripts = [...new Set(templateCalls("page_scripts").flat())].sort();
  const styleSets = new Map();
  for (const names of templateCalls("page_styles")) {
    styleSets.set(stylesKey(names), [...BASE_STYLES, ...names, ...PRINT_STYLES]);
  }

  const js = await bundle({
    entryPoints: scripts.map((name) => join(STATIC, "js", name)),
    outbase: join(STATIC, "js"),
    entryNames: "[dir]/[name]-[hash]",
    format: "esm",
    inject: [join(ROOT, "script", "d3-global.mjs")],
  });
  const jsOut = outputsByEntry(js);
  const jsModules = modulesByEntry(js);

  const keys = [...styleSets.keys()].sort();
  const css = await bundle({
    entryPoints: keys.map((key) => ({ in: `page-styles:${key}`, out: `styles/${label(key)}` })),
    entryNames: "[dir]/[name]-[hash]",
    plugins: [pageStyles(styleSets)],
  });
  const cssOut = outputsByEntry(css);

  const manifest = { scripts: {}, styles: {}, modules: {} };
  for (const name of scripts) {
    const entry = relative(ROOT, join(STATIC, "js", name));
    manifest.scripts[name] = jsOut.get(entry);
    manifest.modules[name] = jsModules.get(entry);
  }
  for (const key of keys) manifest.styles[key] = cssOut.get(`page-styles:${key}`);
  for (const [kind, files] of Object.entries(manifest)) {
    for (const [name, file] of Object.entries(files)) {
      if (!file) throw new Error(`build: no output for ${kind} ${name}`);
    }
  }
  copyLicences();
  precompress(NEXT);
  manifest.files = filesUnder(NEXT).sort();
  // The manifest is moved in last: a build stopped half-way leaves the one before.
  moveIntoPlace(manifest);
  return manifest;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const manifest = await build();
  const size = (file) => readFileSync(join(STATIC, file)).length;
  for (const kind of ["scripts", "styles"]) {
    const files = manifest[kind];
    for (const [name, file] of Object.entries(files)) {
      console.log(`${kind} ${name} -> ${file} (${size(file)} B)`);
    }
  }
}
