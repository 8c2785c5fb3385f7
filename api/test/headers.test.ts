import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type Database } from '../src/platform/db';
import { registerEdge } from '../src/edge/edge';
import { cspDirectives, loadSecurityConfig, overrideOriginsFromEnv, stampNonces } from '../src/platform/http/security';
import { clearServerModules } from '../src/edge/ssr/modules';
import { SHELL_HTML, SHELL_SERVER, writeDeploy } from './edge-fixtures';

/**
 * Security headers: every response of the whole app (API, edge pages, deployed
 * builds, errors) carries them; the page's CSP nonce is fresh per response and on every inline
 * element the edge writes.
 */

const REMOTE_SERVER = `
const { jsx, css } = require('@emotion/react');
exports.load = async ({ url }) => ({ status: 200, data: { ['/api/thing?p=' + new URL(url).pathname]: { name: 'x' } }, head: { title: 'Thing', jsonLd: [{ '@type': 'Thing' }] } });
exports.render = () => jsx('h1', { css: css({ fontSize: 20 }) }, 'A thing');
`;

function deployDir(): string {
  return writeDeploy('headers-', {
    'cdn/shell/s1/index.html': SHELL_HTML,
    'cdn/shell/s1/server/server.js': SHELL_SERVER,
    'cdn/shell/s1/main.js': 'console.log(1)',
    // its precompressed copies, as deploy-local writes them
    'cdn/shell/s1/main.js.br': zlib.brotliCompressSync('console.log(1)'),
    'cdn/shell/s1/main.js.gz': zlib.gzipSync('console.log(1)'),
    'cdn/things/t1/server/server.js': REMOTE_SERVER,
    'registry.json': JSON.stringify({
      shell: { version: 's1', html: '/cdn/shell/s1/index.html' },
      remotes: [
        { name: 'things', version: 't1', manifest: '/cdn/things/t1/mf-manifest.json', routes: ['/things/*'] },
        { name: 'plain', version: 'p1', manifest: '/cdn/plain/p1/mf-manifest.json', routes: ['/plain'] },
      ],
    }),
  });
}

/** The CSP as directive -> sources. */
function parseCsp(header: string | string[] | number | undefined): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    (header as string)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const nonceOf = (sources: string[] | undefined) => sources?.find((s) => s.startsWith("'nonce-"))?.slice(7, -1);

describe('security headers', () => {
  let dir: string;
  let tmp: string;
  let app: FastifyInstance;
  let database: { db: Database; close(): Promise<void> };

  beforeAll(async () => {
    dir = deployDir();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'headers-app-'));
    const config = loadConfig(
      {
        DATA_DIR: 'memory://headers',
        IMAGE_CACHE_DIR: path.join(tmp, 'images'),
        DEPLOY_DIR: dir,
        BOTCHECK_SCRIPT_URL: 'https://www.google.com/recaptcha/api.js',
        FRAUD_SCRIPT_URL: 'https://cdn.fraud.example/sdk.js',
        ERROR_REPORT_ENDPOINT: 'https://errors.example/report',
        PAYMENT_ORIGINS: 'https://pay.example',
        HSTS_MAX_AGE: '31536000',
        OVERRIDE_ORIGINS: 'http://localhost:*',
      },
      __dirname,
    );
    database = await openDatabase(config);
    app = buildApp({ config, db: database.db });
    await registerEdge(app, { deployDir: dir, ssrBudgetMs: 1000 });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    clearServerModules();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const expectHeaders = (headers: Record<string, unknown>, what: string) => {
    const csp = parseCsp(headers['content-security-policy'] as string);
    expect({ what, frameAncestors: csp['frame-ancestors'] }).toEqual({ what, frameAncestors: ["'none'"] });
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['script-src']).toContain("'strict-dynamic'");
    expect(nonceOf(csp['script-src'])).toMatch(/^[0-9a-f]{32}$/);
    expect(nonceOf(csp['style-src'])).toMatch(/^[0-9a-f]{32}$/);
    for (const directive of ['script-src', 'style-src', 'default-src']) {
      expect(csp[directive]).not.toContain("'unsafe-inline'");
      expect(csp[directive]).not.toContain("'unsafe-eval'");
    }
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(headers['permissions-policy']).toContain('geolocation=(self)');
    expect(headers['permissions-policy']).toContain('camera=()');
    expect(headers['strict-transport-security']).toBe('max-age=31536000');
    return csp;
  };

  it('every kind of response carries the headers', async () => {
    const urls = ['/things/bag', '/plain', '/nowhere', '/registry.json', '/cdn/shell/s1/missing.js', '/api/health', '/api/nothing-here', '/api/docs/json'];
    for (const url of urls) {
      const res = await app.inject({ method: 'GET', url });
      expectHeaders(res.headers, `${url} (${res.statusCode})`);
    }
    const post = await app.inject({ method: 'POST', url: '/api/checkout/info', payload: { nonsense: true } });
    expect(post.statusCode).toBeGreaterThanOrEqual(400);
    expectHeaders(post.headers, 'POST /api/checkout/info');
  });

  it('a deployed script carries nosniff and caching but not the headers only a document reads', async () => {
    const res = await app.inject({ method: 'GET', url: '/cdn/shell/s1/main.js' });
    expect(res.statusCode).toBe(200);
    // JavaScript's registered type (RFC 9239), for the file and for its precompressed copies alike
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    for (const encoding of ['br', 'gzip']) {
      const compressed = await app.inject({ method: 'GET', url: '/cdn/shell/s1/main.js', headers: { 'accept-encoding': encoding } });
      expect({ encoding: compressed.headers['content-encoding'], type: compressed.headers['content-type'] }).toEqual({ encoding, type: 'text/javascript; charset=utf-8' });
    }
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    for (const name of ['content-security-policy', 'x-frame-options', 'permissions-policy', 'cross-origin-opener-policy', 'x-xss-protection', 'origin-agent-cluster', 'referrer-policy', 'last-modified', 'etag', 'accept-ranges', 'x-request-id']) {
      expect({ name, value: res.headers[name] }).toEqual({ name, value: undefined });
    }
    // an answer that is not a deployed file (here a missing script's 404) keeps them all
    const missing = await app.inject({ method: 'GET', url: '/cdn/shell/s1/missing.js' });
    expectHeaders(missing.headers, 'missing script');
    expect(missing.headers['x-request-id']).toBeTruthy();
  });

  it("a page address whose escapes do not decode is the store's 404 page with its headers, not JSON; the API keeps its 400", async () => {
    for (const url of ['/nowhere/%E0%A4%A', '/nowhere/%E0%A4%A?sort=new', '/nowhere/%A']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<title>Page Not Found | Fernleaf</title>');
      expect(res.body).toContain('<div id="app-error-page" data-ssr="static"><h1>404</h1></div>');
      expectHeaders(res.headers, url);
      // the page's inline scripts carry this response's nonce
      const nonce = nonceOf(parseCsp(res.headers['content-security-policy'])['script-src']);
      expect(res.body).toContain(`nonce="${nonce}"`);
    }
    // the page's route data too (a page asks for it from the browser)
    const payload = await app.inject({ method: 'GET', url: '/things/%E0%A4%A/_payload.json' });
    expect(payload.headers['content-type']).toMatch(/json/);
    expect(payload.statusCode).not.toBe(400);
    // the API, and anything not asked for as a page, still refuse the address (400, naming the path)
    for (const [url, accept] of [['/api/products/%E0%A4%A', 'text/html'], ['/nowhere/%E0%A4%A', 'application/json']] as const) {
      const res = await app.inject({ method: 'GET', url, headers: { accept } });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 400 });
      expect(res.json()).toMatchObject({ field: 'path' });
    }
  });

  it('puts the configured third-party origins where they are needed', async () => {
    const csp = parseCsp((await app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'] as string);
    expect(csp['script-src']).toEqual(expect.arrayContaining(['https://www.google.com', 'https://cdn.fraud.example', 'https://pay.example']));
    expect(csp['frame-src']).toEqual(expect.arrayContaining(['https://www.google.com', 'https://pay.example']));
    expect(csp['connect-src']).toEqual(expect.arrayContaining(["'self'", 'https://errors.example', 'https://cdn.fraud.example', 'http://localhost:*', 'ws://localhost:*']));
    expect(csp['img-src']).toEqual(expect.arrayContaining(["'self'", 'data:']));
    expect(csp['style-src-attr']).toEqual(["'unsafe-inline'"]);
  });

  it('a server-rendered page: a fresh nonce per response on every inline script and style, and exposed to emotion', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 3; i += 1) {
      const res = await app.inject({ method: 'GET', url: '/things/bag' });
      expect(res.statusCode).toBe(200);
      const csp = expectHeaders(res.headers, 'page');
      const script = nonceOf(csp['script-src'])!;
      const style = nonceOf(csp['style-src'])!;
      expect(seen.has(script) || seen.has(style)).toBe(false);
      seen.add(script).add(style);
      const html = res.body;
      const scripts = html.match(/<script\b[^>]*>/g)!;
      const styles = html.match(/<style\b[^>]*>/g)!;
      // the template's style and one style of emotion's rules from the three roots (in the head);
      // the shell's script loader, JSON-LD, geo, market, registry, chrome and route data
      expect(styles.length).toBeGreaterThanOrEqual(2);
      const emotion = styles.filter((tag) => tag.includes('data-emotion="css-ssr '));
      expect(emotion).toHaveLength(1);
      expect(html.indexOf(emotion[0]!)).toBeLessThan(html.indexOf('</head>'));
      expect(scripts.length).toBe(7);
      // every script that runs carries the nonce; JSON data blocks are never run and carry none
      const isData = (tag: string) => /\stype="application\/(ld\+)?json"/.test(tag);
      expect(scripts.filter((tag) => !isData(tag))).toHaveLength(1);
      for (const tag of scripts) expect(tag.includes(` nonce="${script}"`)).toBe(!isData(tag));
      for (const tag of styles) expect(tag).toContain(` nonce="${style}"`);
      expect(html).toContain(`<meta property="csp-nonce" nonce="${style}">`);
    }
  });

  it('the browser-rendered shell (a page without a server bundle) gets the nonces too', async () => {
    const res = await app.inject({ method: 'GET', url: '/plain' });
    const csp = expectHeaders(res.headers, 'plain');
    const html = res.body;
    expect(html).toContain(`<meta property="csp-nonce" nonce="${nonceOf(csp['style-src'])}">`);
    for (const tag of html.match(/<script\b[^>]*>/g)!) expect(tag.includes(` nonce="${nonceOf(csp['script-src'])}"`)).toBe(!/\stype="application\/(ld\+)?json"/.test(tag));
    for (const tag of html.match(/<style\b[^>]*>/g)!) expect(tag).toContain(` nonce="${nonceOf(csp['style-src'])}"`);
  });

  it('the API documentation page (swagger-ui) loads its scripts under the CSP', async () => {
    let res = await app.inject({ method: 'GET', url: '/api/docs' });
    if (res.statusCode >= 300 && res.statusCode < 400) res = await app.inject({ method: 'GET', url: new URL(res.headers.location as string, 'http://x/api/docs/').pathname });
    expect(res.headers['content-type']).toContain('text/html');
    const csp = expectHeaders(res.headers, 'api docs');
    const scripts = res.body.match(/<script\b[^>]*>/g)!;
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(` nonce="${nonceOf(csp['script-src'])}"`);
  });

  it('the sandbox Afterpay page (API HTML) has its style nonce', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/payments/afterpay/checkout/apt_${'0'.repeat(32)}` });
    expect(res.headers['content-type']).toContain('text/html');
    const csp = expectHeaders(res.headers, 'afterpay page');
    expect(res.body).toContain(`<style nonce="${nonceOf(csp['style-src'])}">`);
    expect(csp['form-action']).toContain("'self'");
  });
});

describe('security configuration', () => {
  it('defaults: same-origin third parties, no HSTS, localhost overrides outside production, none in production', () => {
    const dev = loadSecurityConfig({}, '/api/botcheck/recaptcha/api.js', '/api/fraud/script.js');
    expect(dev.hstsMaxAge).toBe(0);
    const directives = cspDirectives(dev);
    expect(directives['connect-src']).toEqual(["'self'", 'http://localhost:*', 'ws://localhost:*', 'http://127.0.0.1:*', 'ws://127.0.0.1:*', 'https://localhost:*', 'wss://localhost:*']);
    expect(directives['frame-src']).toEqual(["'self'"]);
    const production = cspDirectives(loadSecurityConfig({ NODE_ENV: 'production' }));
    expect(production['connect-src']).toEqual(["'self'"]);
    expect(production['script-src']).toEqual(["'strict-dynamic'", "'self'"]);
    expect(overrideOriginsFromEnv({ NODE_ENV: 'production' })).toEqual([]);
    expect(overrideOriginsFromEnv({ NODE_ENV: 'production', OVERRIDE_ORIGINS: 'https://dev.example, http://localhost:*' })).toEqual(['https://dev.example', 'http://localhost:*']);
    expect(overrideOriginsFromEnv({})).toBeUndefined();
    expect(() => loadSecurityConfig({ HSTS_MAX_AGE: 'year' })).toThrow(/HSTS_MAX_AGE/);
    expect(() => loadSecurityConfig({ PAYMENT_ORIGINS: 'pay.example' })).toThrow(/PAYMENT_ORIGINS/);
  });

  it('stamps server-written tags only', () => {
    const nonces = { script: 's1', style: 't1' };
    expect(stampNonces('<script src="/a.js"></script><STYLE>x</STYLE><script nonce="old">1</script><p>&lt;script&gt;</p>', nonces)).toBe(
      '<script src="/a.js" nonce="s1"></script><STYLE nonce="t1">x</STYLE><script nonce="old">1</script><p>&lt;script&gt;</p>',
    );
  });

  it('leaves JSON data blocks without a nonce (they are never run)', () => {
    const nonces = { script: 's1', style: 't1' };
    expect(stampNonces('<script type="application/json" id="d">{}</script><script type="application/ld+json">{}</script><script type="module" src="/m.js"></script><script type="text/javascript">1</script>', nonces)).toBe(
      '<script type="application/json" id="d">{}</script><script type="application/ld+json">{}</script><script type="module" src="/m.js" nonce="s1"></script><script type="text/javascript" nonce="s1">1</script>',
    );
  });
});
