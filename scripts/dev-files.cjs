// What is a test or a test helper rather than production code: one pattern over a path relative to
// the repository root, read by the boundary check (.dependency-cruiser.cjs) and the SQL-home guard
// (scripts/sql-home.test.ts). Plain CommonJS, as the dependency-cruiser config that requires it.
module.exports = {
  DEV_FILE: '(\\.test\\.ts$|/testing/|/testing\\.ts$|\\.fixture\\.ts$|/bench/|/test/|^e2e/)',
};
