// The workspace rules, plus what Playwright code needs, minus the e2e folder's scratch and build output.
import workspace from '../eslint.config.js';

export default [
  ...workspace,
  { ignores: ['.tmp/', 'fixtures/*/dist/', 'test-results/', 'playwright-report/'] },
  {
    // Playwright fixtures are `async ({}, use) => ...`: the empty pattern is required and `use` is
    // not React's hook.
    files: ['playwright.config.ts', 'support/**/*.ts', 'tests/**/*.ts'],
    rules: { 'no-empty-pattern': 'off', 'react-hooks/rules-of-hooks': 'off' },
  },
];
