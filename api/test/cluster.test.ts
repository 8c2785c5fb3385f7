/**
 * Several API processes on one machine (API_PROCESSES), against the real server entry
 * (`src/server.ts` run by tsx): refused without PostgreSQL; on PostgreSQL the supervisor runs two
 * workers sharing the port, `/metrics` sums them, a killed worker is replaced while the other keeps
 * answering, and SIGTERM stops them all with exit 0.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPostgresDatabase } from './helpers';

const repoRoot = path.resolve(__dirname, '../..');
const serverEntry = path.join(repoRoot, 'api/src/server.ts');

/** The supervisor's worker processes, from /proc (Linux). */
function workersOf(pid: number): number[] {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function start(env: Record<string, string>, tmp: string) {
  const base: Record<string, string | undefined> = { ...process.env };
  delete base.DATABASE_URL;
  delete base.NODE_ENV;
  delete base.NODE_OPTIONS;
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: repoRoot,
    env: { ...base, HOST: '127.0.0.1', PORT: '0', PAYMENT_FIELDS_PORT: 'off', SEED_PRODUCTS: '20', LOG_LEVEL: 'warn', DEPLOY_DIR: path.join(tmp, 'deploy'), IMAGE_CACHE_DIR: path.join(tmp, 'images'), EDGE_CACHE_DIR: path.join(tmp, 'edge-cache'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  child.stderr!.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe('API_PROCESSES', () => {
  let tmp: string;
  let server: { child: ChildProcess; exited: Promise<number | null>; output: () => string } | undefined;
  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'store-cluster-'));
  });
  afterAll(() => {
    if (server) for (const pid of [...workersOf(server.child.pid!), server.child.pid!]) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone already
      }
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('above 1 without PostgreSQL: one line naming the setting, exit 1', async () => {
    const embedded = start({ API_PROCESSES: '2', DATA_DIR: path.join(tmp, 'pgdata') }, tmp);
    expect(await embedded.exited).toBe(1);
    expect(embedded.output()).toContain('[api] cannot start: API_PROCESSES above 1 needs DATABASE_URL');
  }, 60_000);

  // PostgreSQL only (DATABASE_URL, tools/test-postgres.sh): PGlite is one process
  if (process.env.DATABASE_URL) it('on PostgreSQL: two workers share the port, /metrics sums them, a killed worker is replaced, SIGTERM stops all with exit 0', async () => {
    const database = await createPostgresDatabase();
    try {
      server = start({ API_PROCESSES: '2', DATABASE_URL: database.url, SSR: '0' }, tmp);
      const { child } = server;
      const waitFor = async (check: () => boolean | Promise<boolean>, what: string, ms = 120_000) => {
        const deadline = Date.now() + ms;
        while (!(await check())) {
          if (child.exitCode !== null) throw new Error(`supervisor exited before ${what}:\n${server!.output()}`);
          if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${server!.output()}`);
          await new Promise((r) => setTimeout(r, 200));
        }
      };
      await waitFor(() => (server!.output().match(/listening on http:\/\/127\.0\.0\.1:\d+/g) ?? []).length === 2, 'two workers listening');
      const port = Number(/listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(server.output())![1]);
      const ports = [...server.output().matchAll(/listening on http:\/\/127\.0\.0\.1:(\d+)/g)].map((m) => Number(m[1]));
      expect(ports).toEqual([port, port]);
      const get = (url: string) => fetch(`http://127.0.0.1:${port}${url}`, { headers: { connection: 'close' }, signal: AbortSignal.timeout(10_000) });
      await waitFor(async () => (await get('/api/health/ready')).status === 200, 'ready');
      const [first, second] = workersOf(child.pid!);
      expect(first).toBeDefined();
      expect(second).toBeDefined();

      // twenty requests on their own connections: /metrics counts all of them whichever worker it asks
      const before = async () => {
        const text = await (await get('/metrics')).text();
        return Number(/^http_requests_total\{method="GET",route="\/api\/health\/live",status_code="200"\} (\d+)/m.exec(text)?.[1] ?? 0);
      };
      const counted = await before();
      for (let i = 0; i < 20; i += 1) expect((await get('/api/health/live')).status).toBe(200);
      expect(await before()).toBe(counted + 20);
      expect(await before()).toBe(counted + 20);

      // a worker killed: the other keeps answering, and a new one takes its place
      process.kill(first!, 'SIGKILL');
      await waitFor(() => server!.output().includes(`worker ${first} exited (SIGKILL); starting another`), 'the supervisor noticing');
      for (let i = 0; i < 10; i += 1) expect((await get('/api/health/live')).status).toBe(200);
      await waitFor(() => {
        const now = workersOf(child.pid!);
        return now.length === 2 && !now.includes(first!);
      }, 'a new worker');
      await waitFor(async () => (server!.output().match(/listening on http:\/\/127\.0\.0\.1:\d+/g) ?? []).length === 3, 'the new worker listening');

      child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('workers stopped');
      expect((server.output().match(/\[api\] closed/g) ?? []).length).toBe(2);
    } finally {
      await database.drop();
    }
  }, 240_000);
});
