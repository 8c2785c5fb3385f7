/**
 * What a server bundle leaves to the edge: the same singletons the browser shares (one
 * React, one router, one emotion, one bus on the server too). The edge hands these to the bundle's
 * `require` (api/src/edge/ssr/singletons.ts, which must list the same names); anything else a server
 * bundle requires is refused there, and by the release gate (tools/release/gate.mjs).
 */
const SERVER_SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/server',
  'react-router',
  '@emotion/react',
  '@emotion/react/jsx-runtime',
  '@store/shared-events',
  '@store/shared-events/react',
  '@store/shared-events/remote',
  '@store/shared-events/analytics',
];

module.exports = { SERVER_SINGLETONS };
