// eslint.config.js: ESLint's recommended rules for the front end (static/js, ES modules served
// as they are, in the browser; bundled by script/build.mjs), for the build scripts, and for the
// Node unit tests (tests/js) and benchmarks (bench/*.mjs). Run: npx eslint .
// d3 is a global from the vendored UMD build: modules that use it say `/* global d3 */` (the
// bundle injects it from the npm package: script/d3-global.mjs). static/js/trace/ gets no
// browser globals: it holds the DOM-free modules.

import js from "@eslint/js";
import globals from "globals";

export default [
  {
    ignores: [
      "static/vendor/",
      "static/dist/",
      "node_modules/",
      "tests/browser/vendor/",
      ".venv/",
      "instance/",
      "test-results/",
    ],
  },
  js.configs.recommended,
  {
    files: ["**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.es2022 } },
  },
  {
    // static/js/trace/ is DOM-free (it runs under Node too): no browser globals there.
    files: ["**/*.js"],
    ignores: ["static/js/trace/**"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ["tests/js/**/*.js", "eslint.config.js", "script/*.mjs", "bench/*.mjs"],
    languageOptions: { globals: { ...globals.node, d3: "readonly" } },
  },
];
