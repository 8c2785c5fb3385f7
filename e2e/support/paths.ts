import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The e2e package folder. */
export const e2eDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The workspace root (npm workspaces, nx). */
export const repoRoot = path.resolve(e2eDir, '..');
/** Gitignored scratch space inside the repository (node_modules resolution works from here). */
export const scratchDir = path.join(e2eDir, '.tmp');
/** The fixture remote whose mount throws (built by the global setup). */
export const brokenRemoteDir = path.join(e2eDir, 'fixtures/broken-remote');
