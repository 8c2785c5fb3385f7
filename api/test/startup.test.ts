/**
 * Start-up and shutdown, against the real server entry (`src/server.ts` run by tsx):
 * - one process per PGlite data directory: a second server refuses to start naming the directory
 *   and the holder's pid; a lock left by a killed process is taken over;
 * - NODE_ENV=production refuses public default secrets and the local stand-ins, naming each
 *   variable, unless ALLOW_STAND_INS (one service at a time, or all) / ALLOW_DEFAULT_SECRETS say
 *   so; with the real services configured it starts without either; the bot-check stand-in's token
 *   mint stays closed in production; a malformed setting exits with one line naming it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { DataDirInUseError, lockFileOf, openDatabase } from '../src/platform/db';
import { productionProblems } from '../src/production';
import { createTestContext } from './helpers';

const repoRoot = path.resolve(__dirname, '../..');
const serverEntry = path.join(repoRoot, 'api/src/server.ts');

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts the server entry (TypeScript, through tsx's loader) with this environment (never the test run's DATABASE_URL or NODE_ENV). */
function startServer(env: Record<string, string>): Started {
  const base: Record<string, string | undefined> = { ...process.env };
  delete base.DATABASE_URL;
  delete base.NODE_ENV;
  delete base.NODE_OPTIONS; // jest's --experimental-vm-modules is not for the server
  // one process (node with tsx's loader), so its pid is the server's
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], { cwd: repoRoot, env: { ...base, HOST: '127.0.0.1', PORT: '0', SEED_PRODUCTS: '0', LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  child.stderr!.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor(started: Started, pattern: RegExp, ms = 90_000): Promise<void> {
  const deadline = Date.now() + ms;
  let exitCode: number | null | undefined;
  void started.exited.then((code) => (exitCode = code));
  while (!pattern.test(started.output())) {
    if (exitCode !== undefined) throw new Error(`server exited (${exitCode}) before ${pattern}:\n${started.output()}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}:\n${started.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const withTimeout = <T>(promise: Promise<T>, ms: number) => Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms))]);

const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

describe('one process per PGlite data directory', () => {
  let tmp: string;
  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'store-lock-test-'));
  });
  afterAll(() => {
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const configFor = (dataDir: string) => loadConfig({ DATA_DIR: dataDir }, __dirname);

  it('a second open of a held directory is refused, in this process and by a second server (exit 1 naming the directory and the pid)', async () => {
    const dataDir = path.join(tmp, 'held');
    const database = await openDatabase(configFor(dataDir), { pgliteTemplate: process.env.STORE_PGLITE_TEMPLATE });
    try {
      expect(fs.readFileSync(lockFileOf(dataDir), 'utf8').trim()).toBe(String(process.pid));
      await expect(openDatabase(configFor(dataDir))).rejects.toThrow(DataDirInUseError);
      const second = startServer({ DATA_DIR: dataDir, DEPLOY_DIR: path.join(tmp, 'deploy'), IMAGE_CACHE_DIR: path.join(tmp, 'images') });
      const code = await withTimeout(second.exited, 90_000);
      expect(code).toBe(1);
      expect(second.output()).toContain(`[api] cannot start: The PGlite data directory ${dataDir} is in use by process ${process.pid}`);
    } finally {
      await database.close();
    }
    expect(fs.existsSync(lockFileOf(dataDir))).toBe(false);
  }, 180_000);

  it('a lock left by a process that is gone is taken over', async () => {
    const dataDir = path.join(tmp, 'stale');
    fs.mkdirSync(dataDir, { recursive: true });
    const dead = deadPid();
    fs.writeFileSync(lockFileOf(dataDir), `${dead}\n`);
    const database = await openDatabase(configFor(dataDir), { pgliteTemplate: process.env.STORE_PGLITE_TEMPLATE });
    expect(fs.readFileSync(lockFileOf(dataDir), 'utf8').trim()).toBe(String(process.pid));
    await database.close();
  });

  it('two servers on one directory: the second exits non-zero; after kill -9 of the first a new one starts', async () => {
    // a brand-new directory (the first server runs initdb in it: 2-15 s)
    const dataDir = path.join(tmp, 'servers');
    const env = { DATA_DIR: dataDir, DEPLOY_DIR: path.join(tmp, 'deploy'), IMAGE_CACHE_DIR: path.join(tmp, 'images') };
    const first = startServer(env);
    try {
      await waitFor(first, /listening on/);
      const second = startServer(env);
      expect(await withTimeout(second.exited, 90_000)).toBe(1);
      expect(second.output()).toContain(`The PGlite data directory ${dataDir} is in use by process ${first.child.pid}`);
      expect(second.output()).not.toContain('listening on');
    } finally {
      first.child.kill('SIGKILL');
      await first.exited;
    }
    expect(fs.readFileSync(lockFileOf(dataDir), 'utf8').trim()).toBe(String(first.child.pid)); // left behind by kill -9
    const third = startServer(env);
    try {
      await waitFor(third, /listening on/);
      expect(third.output()).toContain(`taking over the lock of ${dataDir} left by process ${first.child.pid}`);
    } finally {
      third.child.kill('SIGTERM');
      expect(await withTimeout(third.exited, 20_000)).toBe(0);
    }
    expect(fs.existsSync(lockFileOf(dataDir))).toBe(false);
  }, 180_000);
});

describe('production start-up', () => {
  const PRODUCTION_READY = {
    NODE_ENV: 'production',
    BOTCHECK_SECRET: 'b0t-s3cret-from-the-provider',
    BOTCHECK_VERIFY_URL: 'https://www.google.com/recaptcha/api/siteverify',
    FRAUD_SECRET: 'fr4ud-key-from-the-provider',
    FRAUD_DECISION_URL: 'https://fraud.example.com/v2/orders/validation',
    COGNITO_LOCAL_POOL: '0',
    COGNITO_USER_POOL_ID: 'ap-southeast-2_AbC123',
    COGNITO_CLIENT_ID: 'real-client-id',
    PAYMENT_GATEWAY: 'braintree',
    BRAINTREE_ENVIRONMENT: 'production',
    BRAINTREE_MERCHANT_ID: 'fernleafnz',
    BRAINTREE_PUBLIC_KEY: 'pub-key',
    BRAINTREE_PRIVATE_KEY: 'priv-key',
    AFTERPAY_MAX_CENTS_NZD: '0',
    AFTERPAY_MAX_CENTS_AUD: '0',
    SMTP_URL: 'smtps://fernleaf:smtp-pass@smtp.mail-provider.example:465',
    MAIL_FROM: 'Fernleaf <orders@fernleaf.co.nz>',
  };
  const problemsOf = (env: Record<string, string>) => productionProblems(env, loadConfig(env, __dirname)).map((p) => p.variable);

  it('with NODE_ENV=production and the defaults the server exits 1 before opening the database, naming every variable to set', async () => {
    const dataDir = path.join(os.tmpdir(), `store-prod-refusal-${process.pid}`);
    const server = startServer({ NODE_ENV: 'production', DATA_DIR: dataDir });
    expect(await withTimeout(server.exited, 90_000)).toBe(1);
    const output = server.output();
    expect(output).toContain('[api] refusing to start with NODE_ENV=production');
    for (const variable of ['BOTCHECK_SECRET', 'FRAUD_SECRET', 'BOTCHECK_VERIFY_URL', 'FRAUD_DECISION_URL', 'COGNITO_LOCAL_POOL', 'PAYMENT_GATEWAY', 'PAYLATER_GATEWAY', 'AFTERPAY_MAX_CENTS_NZD', 'SMTP_URL', 'ALLOW_STAND_INS=botcheck,fraud,payments,paylater,user-pool,mail', 'ALLOW_DEFAULT_SECRETS=1']) {
      expect(output).toContain(variable);
    }
    expect(output).toContain('fake-valid-nonce');
    expect(output).not.toContain('listening on');
    expect(fs.existsSync(dataDir)).toBe(false);
  }, 180_000);

  it('names the outbox and fraud test tokens when they are switched on; the overrides each cover their own kind', () => {
    expect(problemsOf({ ...PRODUCTION_READY, AUTH_OUTBOX: '1', FRAUD_TEST_TOKENS: '1', COGNITO_LOCAL_POOL: '1' })).toEqual(['FRAUD_TEST_TOKENS', 'COGNITO_LOCAL_POOL', 'AUTH_OUTBOX']);
    // the payment stand-in's origin must be named in production (never http://localhost in the CSP), whatever is allowed
    expect(problemsOf({ NODE_ENV: 'production', ALLOW_STAND_INS: '1' })).toEqual(['BOTCHECK_SECRET', 'FRAUD_SECRET', 'PAYMENT_FIELDS_ORIGIN']);
    expect(problemsOf({ NODE_ENV: 'production', ALLOW_STAND_INS: 'all', PAYMENT_FIELDS_ORIGIN: 'https://pay.fernleaf.example' })).toEqual(['BOTCHECK_SECRET', 'FRAUD_SECRET']);
    expect(problemsOf({ NODE_ENV: 'production', ALLOW_STAND_INS: 'all', PAYMENT_FIELDS_PORT: 'off' })).toEqual(['BOTCHECK_SECRET', 'FRAUD_SECRET']);
    expect(problemsOf({ NODE_ENV: 'production', ALLOW_DEFAULT_SECRETS: '1' })).toEqual(['BOTCHECK_VERIFY_URL', 'FRAUD_DECISION_URL', 'PAYMENT_GATEWAY', 'PAYLATER_GATEWAY', 'COGNITO_LOCAL_POOL', 'SMTP_URL']);
    expect(problemsOf({ NODE_ENV: 'production', ALLOW_STAND_INS: '1', ALLOW_DEFAULT_SECRETS: '1', PAYMENT_FIELDS_ORIGIN: 'https://pay.fernleaf.example' })).toEqual([]);
    expect(problemsOf({ ...PRODUCTION_READY, COGNITO_USER_POOL_ID: 'ap-southeast-2_FernleafLocal' })).toEqual(['COGNITO_USER_POOL_ID']);
    // every service configured for real: nothing is refused
    expect(problemsOf(PRODUCTION_READY)).toEqual([]);
    // Braintree's own sandbox, or the protocol stand-in at a URL, is still a stand-in for payments
    expect(problemsOf({ ...PRODUCTION_READY, BRAINTREE_ENVIRONMENT: 'sandbox' })).toEqual(['PAYMENT_GATEWAY']);
    // Afterpay for real (https API) instead of turning it off
    const afterpay = { ...PRODUCTION_READY, AFTERPAY_MAX_CENTS_NZD: '200000', AFTERPAY_MAX_CENTS_AUD: '200000', PAYLATER_GATEWAY: 'afterpay', AFTERPAY_MERCHANT_ID: '100101382', AFTERPAY_SECRET_KEY: 'k3y' };
    expect(problemsOf({ ...afterpay, AFTERPAY_API_URL: 'https://global-api.afterpay.example' })).toEqual([]);
    expect(problemsOf({ ...afterpay, AFTERPAY_API_URL: 'http://127.0.0.1:9000' })).toEqual(['AFTERPAY_API_URL']);
    expect(problemsOf({ ...PRODUCTION_READY, AFTERPAY_MAX_CENTS_NZD: '200000' })).toEqual(['PAYLATER_GATEWAY']);
    // development (npm start, the tests): nothing is refused
    expect(problemsOf({})).toEqual([]);
  });

  it('ALLOW_STAND_INS names the stand-ins one service at a time; an unknown name is an error naming the setting', () => {
    const env = { NODE_ENV: 'production', ALLOW_DEFAULT_SECRETS: '1' };
    expect(problemsOf({ ...env, ALLOW_STAND_INS: 'payments,captcha' })).toEqual(['FRAUD_DECISION_URL', 'PAYLATER_GATEWAY', 'COGNITO_LOCAL_POOL', 'PAYMENT_FIELDS_ORIGIN', 'SMTP_URL']);
    expect(problemsOf({ ...env, ALLOW_STAND_INS: 'fraud, user-pool ,afterpay' })).toEqual(['BOTCHECK_VERIFY_URL', 'PAYMENT_GATEWAY', 'SMTP_URL']);
    expect(() => loadConfig({ ...env, ALLOW_STAND_INS: 'payments,everything' }, __dirname)).toThrow('ALLOW_STAND_INS must be 1, all, or a comma-separated list of botcheck, fraud, payments, paylater, user-pool, mail; got "everything"');
    // the bot-check mint opens only with the bot-check stand-in allowed
    expect(loadConfig({ ...env, ALLOW_STAND_INS: 'payments', BOTCHECK_OPEN_MINT: '1' }, __dirname).botcheck.mintOpen).toBe(false);
    expect(loadConfig({ ...env, ALLOW_STAND_INS: 'botcheck', BOTCHECK_OPEN_MINT: '1' }, __dirname).botcheck.mintOpen).toBe(true);
  });

  it('with the real services configured production starts without ALLOW_STAND_INS: no stand-in origin in the CSP, no /api/docs', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-prod-start-'));
    const server = startServer({ ...PRODUCTION_READY, DATA_DIR: dataDir, DEPLOY_DIR: path.join(dataDir, 'deploy'), IMAGE_CACHE_DIR: path.join(dataDir, 'images'), LOG_LEVEL: 'info' });
    try {
      await waitFor(server, /listening on http:\/\/127\.0\.0\.1:(\d+)/);
      expect(server.output()).not.toContain('payment stand-in');
      expect(server.output()).not.toContain('API docs');
      const port = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(server.output())![1];
      const res = await fetch(`http://127.0.0.1:${port}/api/payments/client-config`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-security-policy')).not.toMatch(/localhost/);
      expect((await fetch(`http://127.0.0.1:${port}/api/docs/json`)).status).toBe(404);
    } finally {
      server.child.kill('SIGTERM');
      await withTimeout(server.exited, 20_000);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);

  it('a malformed setting exits 1 with one line naming it, before the database is opened', async () => {
    const dataDir = path.join(os.tmpdir(), `store-bad-setting-${process.pid}`);
    for (const [name, value] of [['HSTS_MAX_AGE', 'abc'], ['PAYMENT_DUPLICATE_WINDOW_SECONDS', '3O']] as const) {
      const server = startServer({ DATA_DIR: dataDir, [name]: value });
      expect(await withTimeout(server.exited, 90_000)).toBe(1);
      const lines = server.output().trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^\\[api\\] cannot start: ${name} must be .*"${value}"`));
    }
    expect(fs.existsSync(dataDir)).toBe(false);
  }, 180_000);

  it('the bot-check stand-in mints no token in production, even with ALLOW_STAND_INS=1 (only with BOTCHECK_OPEN_MINT=1 as well)', async () => {
    const mint = (ctx: Awaited<ReturnType<typeof createTestContext>>) =>
      ctx.app.inject({ method: 'POST', url: '/api/botcheck/recaptcha/token', payload: { siteKey: ctx.config.botcheck.siteKey, action: 'product_challenge_verify' } });
    const demo = await createTestContext('pglite', { products: 0, env: { NODE_ENV: 'production', ALLOW_STAND_INS: '1', ALLOW_DEFAULT_SECRETS: '1' } });
    try {
      const res = await mint(demo);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: 'BotCheckMintClosed' });
      // so a token cannot be had: the challenge answers 403 BotCheckFailed
      expect((await demo.app.verifyBotCheck('anything', 'product_challenge_verify')).ok).toBe(false);
    } finally {
      await demo.close();
    }
    expect(loadConfig({ NODE_ENV: 'production', BOTCHECK_OPEN_MINT: '1' }, __dirname).botcheck.mintOpen).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_STAND_INS: '1', BOTCHECK_OPEN_MINT: '1' }, __dirname).botcheck.mintOpen).toBe(true);
    const dev = await createTestContext('pglite', { products: 0 });
    try {
      expect((await mint(dev)).statusCode).toBe(200);
    } finally {
      await dev.close();
    }
  }, 180_000);
});
