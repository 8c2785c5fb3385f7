import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The e2e package folder. */
export const e2eDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The workspace root (npm workspaces, nx). */
export const repoRoot = path.resolve(e2eDir, '..');
/** Gitignored scratch space inside the repository (node_modules resolution works from here). */
export const scratchDir = path.join(e2eDir, '.tmp');
/**
 * Where the phone walk-throughs write their screenshots: the test results (gitignored), so a test
 * run never rewrites tracked files. `UPDATE_SCREENSHOTS=1` writes the documentation's copies in
 * docs/screenshots instead (commit them on purpose).
 */
export const screenshotsDir = process.env.UPDATE_SCREENSHOTS === '1' ? path.join(repoRoot, 'docs/screenshots') : path.join(e2eDir, 'test-results/screenshots');
/** The fixture remote whose mount throws (built by the global setup). */
export const brokenRemoteDir = path.join(e2eDir, 'fixtures/broken-remote');
