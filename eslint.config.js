// eslint.config.js: ESLint's recommended rules for the front end (static/js, ES modules served
// as they are, in the browser) and for its Node unit tests (tests/js). Run: npx eslint .
// d3 is a global from the vendored UMD build: modules that use it say `/* global d3 */`.

import js from "@eslint/js";
import globals from "globals";

export default [
  {
    ignores: [
      "static/vendor/",
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
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser, ...globals.es2022 },
    },
  },
  {
    files: ["tests/js/**/*.js", "eslint.config.js"],
    languageOptions: { globals: { ...globals.node, d3: "readonly" } },
  },
];
