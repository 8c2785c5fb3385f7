import fs from 'node:fs';
import path from 'node:path';
import { e2eDir, scratchDir } from './paths';
import { STATE_ENV, type E2EState } from './state';

function alive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

export default async function globalTeardown(): Promise<void> {
  const file = process.env[STATE_ENV];
  if (!file || !fs.existsSync(file)) return;
  const state = JSON.parse(fs.readFileSync(file, 'utf8')) as E2EState;
  try {
    process.kill(-state.serverPid, 'SIGTERM');
  } catch {
    // already gone
  }
  const deadline = Date.now() + 5000;
  while (alive(state.serverPid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  if (alive(state.serverPid)) {
    try {
      process.kill(-state.serverPid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
  try {
    keepForLater(state);
  } finally {
    fs.rmSync(state.tmpDir, { recursive: true, force: true });
  }
}

function keepForLater(state: E2EState): void {
  // the server's log next to the test results, for a look after a failure
  fs.mkdirSync(path.join(e2eDir, 'test-results'), { recursive: true });
  fs.copyFileSync(state.serverLog, path.join(e2eDir, 'test-results/server.log'));
  // keep this run's image renders for the next run (only the cache of the current server build)
  if (fs.existsSync(state.imageDir)) {
    const next = `${path.join(scratchDir, 'image-cache')}.next-${process.pid}`;
    fs.rmSync(next, { recursive: true, force: true });
    fs.cpSync(state.imageDir, path.join(next, path.basename(state.imageCache)), { recursive: true, filter: (source) => !source.endsWith('.tmp') });
    fs.rmSync(path.join(scratchDir, 'image-cache'), { recursive: true, force: true });
    fs.renameSync(next, path.join(scratchDir, 'image-cache'));
  }
}
