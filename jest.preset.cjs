// Shared jest settings: TypeScript through SWC, jsdom for UI projects.
const path = require('node:path');
const root = __dirname;
module.exports = (projectDir, { env = 'node' } = {}) => ({
  rootDir: projectDir,
  // jsdom with fetch's Response (tools/jest-environment-dom.cjs)
  testEnvironment: env === 'jsdom' ? path.join(root, 'tools/jest-environment-dom.cjs') : env,
  // nx runs several projects' jest at once on a 2-core machine: a UI test that waits on a few
  // renders can take seconds of wall time there (5 s timeouts failed under load, not in isolation)
  testTimeout: 20_000,
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/src/**/*.test.tsx', '<rootDir>/test/**/*.test.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', importSource: '@emotion/react' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: {
    '^@store/shared-events$': path.join(root, 'shared-events/src/index.ts'),
    '^@store/shared-events/(.*)$': path.join(root, 'shared-events/src/$1'),
    '^@store/contracts$': path.join(root, 'contracts/src/index.ts'),
    '^@store/contracts/(.*)$': path.join(root, 'contracts/src/$1'),
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  setupFilesAfterEnv: env === 'jsdom' ? [path.join(root, 'tools/jest-setup-dom.cjs')] : [],
});
