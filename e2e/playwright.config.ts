import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { e2eDir } from './support/paths';

const chromium = JSON.parse(fs.readFileSync(path.join(e2eDir, 'support/chromium.json'), 'utf8')) as { executablePath: string; args: string[] };

/**
 * End-to-end tests of the production build in the system Chromium. The global setup builds every
 * project (nx cache), publishes the builds into a temp deploy folder and starts the one server (edge,
 * API, images) on a free port; the tests get its address from the fixtures in support/fixtures.ts.
 */
export default defineConfig({
  testDir: 'tests',
  outputDir: 'test-results',
  globalSetup: './support/global-setup.ts',
  globalTeardown: './support/global-teardown.ts',
  // one worker: a 2-core machine also runs the server; several tests rewrite the shared registry
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    locale: 'en-NZ',
    timezoneId: 'Pacific/Auckland',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || chromium.executablePath,
      args: chromium.args,
    },
  },
  projects: [{ name: 'chromium' }],
});
