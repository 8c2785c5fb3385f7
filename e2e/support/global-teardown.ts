import fs from 'node:fs';
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
  if (process.env.E2E_KEEP_LOG) console.log(fs.readFileSync(state.serverLog, 'utf8'));
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
  fs.rmSync(state.tmpDir, { recursive: true, force: true });
}
