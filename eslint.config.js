// The lint of the pages' JavaScript (tests/test_js_lint.py runs it): ESLint's
// recommended rules, for plain browser scripts that share globals.
"use strict";

const js = require("@eslint/js");
const globals = require("globals");

module.exports = [
  { ignores: [".venv/", "build/", "dist/"] },  // a bare `eslint` lints the checkout's own scripts only
  {
    files: ["src/barbu_dsl/server/static/*.js", "src/barbu_dsl/scorer/static/*.js"],
    ...js.configs.recommended,
  },
  {
    files: ["src/barbu_dsl/server/static/*.js", "src/barbu_dsl/scorer/static/*.js"],
    languageOptions: {
      // The table server's pages are ES2018 (object spread); the score sheet's page is plain ES2017 for
      // older phones (base.js): a newer syntax is a parsing error here.
      ecmaVersion: 2018,
      sourceType: "script",
      // Each script's one global is read by those loaded after it: /* global */ and /* exported */ say which.
      globals: globals.browser,
    },
    rules: {
      // ES2017 has no catch without its binding: an error caught and not read is not a finding.
      "no-unused-vars": ["error", { caughtErrors: "none" }],
    },
  },
  {
    files: ["src/barbu_dsl/scorer/static/*.js"],
    languageOptions: { ecmaVersion: 2017 },
  },
  {
    files: ["eslint.config.js"],
    languageOptions: { sourceType: "commonjs", globals: globals.node },
  },
];
