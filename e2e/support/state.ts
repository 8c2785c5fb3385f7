import fs from 'node:fs';

/** What the global setup hands to the tests (JSON file; its path is in env E2E_STATE). */
export interface E2EState {
  /** Origin of the store (edge + API), e.g. http://127.0.0.1:41234 */
  baseURL: string;
  /** Origin of the payment gateway stand-in (its hosted card fields, PayPal, Google Pay), another port. */
  paymentOrigin: string;
  /** Temp folder of this run (removed by the global teardown). */
  tmpDir: string;
  /** DEPLOY_DIR the server reads: registry.json and cdn/. */
  deployDir: string;
  /** Server log file. */
  serverLog: string;
  /** pid of the API server (process group leader). */
  serverPid: number;
  /** IMAGE_CACHE_DIR of the server, and where the teardown keeps its renders for the next run. */
  imageDir: string;
  imageCache: string;
  /** The built fixture remote whose mount throws. */
  brokenRemoteDist: string;
}

export const STATE_ENV = 'E2E_STATE';

export function readState(): E2EState {
  const file = process.env[STATE_ENV];
  if (!file) throw new Error(`${STATE_ENV} is not set: run the suite through playwright.config.ts (its globalSetup starts the store)`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as E2EState;
}
