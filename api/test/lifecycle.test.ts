/**
 * Health endpoints and the graceful stop, against the real server entry (`src/server.ts` run by
 * tsx, PGlite in a temp folder): liveness; readiness only once the catalogue indexes are loaded and
 * the database answers, 503 while draining after SIGTERM; the request in flight at SIGTERM is
 * finished, new connections are refused, and the process exits 0. In process: readiness when the
 * database does not answer.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createTestContext, type TestContext } from './helpers';

const repoRoot = path.resolve(__dirname, '../..');
const serverEntry = path.join(repoRoot, 'api/src/server.ts');

describe('readiness in process', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('pglite', { products: 20 });
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
  });

  const ready = async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
    return { status: res.statusCode, body: res.json() as unknown, cache: res.headers['cache-control'] };
  };

  it('is 503 until the catalogue is loaded and the start-up pages are rendered, 503 when the database does not answer, and 503 while draining; live and /api/health stay 200', async () => {
    expect(await ready()).toEqual({ status: 503, body: { status: 'unavailable', checks: { database: 'ok', catalog: 'loading', pages: 'warm', draining: false } }, cache: 'no-store' });
    ctx.app.readiness.catalogLoaded = true;
    ctx.app.readiness.pagesWarm = false;
    expect(await ready()).toMatchObject({ status: 503, body: { status: 'unavailable', checks: { catalog: 'loaded', pages: 'warming' } } });
    ctx.app.readiness.pagesWarm = true;
    expect(await ready()).toMatchObject({ status: 200, body: { status: 'ready', checks: { database: 'ok', catalog: 'loaded', pages: 'warm', draining: false } } });

    const client = (ctx.db as unknown as { $client: { query: unknown } }).$client;
    const query = client.query;
    client.query = () => Promise.reject(Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' }));
    try {
      expect(await ready()).toMatchObject({ status: 503, body: { status: 'unavailable', checks: { database: 'failed' } } });
      for (const url of ['/api/health/live', '/api/health']) expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    } finally {
      client.query = query;
    }

    ctx.app.readiness.draining = true;
    expect(await ready()).toMatchObject({ status: 503, body: { status: 'draining', checks: { draining: true } } });
    ctx.app.readiness.draining = false;
  });
});

describe('the server process: readiness and SIGTERM', () => {
  let tmp: string;
  let child: ChildProcess;
  let output = '';
  let exited: Promise<number | null>;

  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'store-lifecycle-'));
  });
  afterAll(() => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const waitFor = async (check: () => boolean | Promise<boolean>, what: string, ms = 120_000) => {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (child.exitCode !== null) throw new Error(`server exited before ${what}:\n${output}`);
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it('is live, then ready; on SIGTERM readiness turns 503, the request in flight is answered, new connections are refused, exit 0', async () => {
    const base: Record<string, string | undefined> = { ...process.env };
    delete base.DATABASE_URL;
    delete base.NODE_ENV;
    delete base.NODE_OPTIONS;
    child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
      cwd: repoRoot,
      env: {
        ...base,
        HOST: '127.0.0.1',
        PORT: '0',
        PAYMENT_FIELDS_PORT: '0',
        SEED_PRODUCTS: '20',
        LOG_LEVEL: 'warn',
        DATA_DIR: path.join(tmp, 'pgdata'),
        DEPLOY_DIR: path.join(tmp, 'deploy'),
        IMAGE_CACHE_DIR: path.join(tmp, 'images'),
        SHUTDOWN_DELAY_SECONDS: '2',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk) => (output += String(chunk)));
    child.stderr!.on('data', (chunk) => (output += String(chunk)));
    exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));

    await waitFor(() => /listening on http:\/\/127\.0\.0\.1:(\d+)/.test(output), 'listening');
    const port = Number(/listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output)![1]);
    const get = (url: string) => fetch(`http://127.0.0.1:${port}${url}`, { headers: { connection: 'close' } });
    expect((await get('/api/health/live')).status).toBe(200);
    await waitFor(async () => (await get('/api/health/ready')).status === 200, 'ready');
    expect(await (await get('/api/health/ready')).json()).toEqual({ status: 'ready', checks: { database: 'ok', catalog: 'loaded', pages: 'warm', draining: false } });

    // a request in flight at SIGTERM: its body is still being sent
    const inFlight = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => inFlight.once('connect', () => resolve()));
    let answer = '';
    inFlight.on('data', (chunk) => (answer += String(chunk)));
    const answered = new Promise<void>((resolve) => inFlight.on('close', () => resolve()));
    const body = JSON.stringify({ siteKey: 'local-botcheck-site-key', action: 'login' });
    inFlight.write(`POST /api/botcheck/recaptcha/token HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n${body.slice(0, 10)}`);
    await new Promise((r) => setTimeout(r, 100));

    child.kill('SIGTERM');
    await waitFor(() => /SIGTERM: draining/.test(output), 'draining');
    const draining = await get('/api/health/ready');
    expect(draining.status).toBe(503);
    expect(await draining.json()).toMatchObject({ status: 'draining', checks: { draining: true } });
    expect((await get('/api/health/live')).status).toBe(200);

    // after the delay the server closes: new connections are refused, and the request in flight,
    // whose body arrives only now, still gets its answer
    await waitFor(() => get('/api/health/live').then(() => false, () => true), 'connections refused', 10_000);
    inFlight.write(body.slice(10));
    await answered;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('"token"');
    expect(await exited).toBe(0);
    expect(output).toContain('[api] closed');
  }, 180_000);
});
