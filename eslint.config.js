// The lint of the pages' JavaScript (tests/test_js_lint.py runs it): ESLint's
// recommended rules, for plain browser scripts that share globals.
"use strict";

const js = require("@eslint/js");
const globals = require("globals");

module.exports = [
  {
    files: ["src/barbu_dsl/server/static/*.js", "src/barbu_dsl/scorer/static/*.js"],
    ...js.configs.recommended,
  },
  {
    files: ["src/barbu_dsl/server/static/*.js", "src/barbu_dsl/scorer/static/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "script",
      // Each script's one global is read by those loaded after it: /* global */ and /* exported */ say which.
      globals: globals.browser,
    },
  },
  {
    files: ["eslint.config.js"],
    languageOptions: { sourceType: "commonjs", globals: globals.node },
  },
];
