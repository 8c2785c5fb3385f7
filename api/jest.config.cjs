// Shared preset, plus two PGlite/fastify specifics:
// - PGlite's Node build loads its WASM and data with dynamic import(), which jest only allows
//   with node --experimental-vm-modules (set in the "test" script);
// - @fastify/static (used by swagger-ui) requires content-disposition, which ships only ESM:
//   let SWC transform it to CommonJS; likewise cookie and set-cookie-parser (light-my-request, i.e. app.inject).
const base = require('../jest.preset.cjs')(__dirname);
module.exports = {
  ...base,
  transformIgnorePatterns: ['/node_modules/(?!(content-disposition|cookie|set-cookie-parser|jose|openapi-typescript|parse-json|index-to-position|change-case|supports-color)/)'],
  testTimeout: 60_000,
  // jest defaults to cores - 1 = one worker here; the PGlite suites are mostly waiting on WASM init.
  maxWorkers: 2,
  // One initdb for the whole run: test files start their PGlite from a migrated template.
  globalSetup: '<rootDir>/test/global-setup.ts',
};
