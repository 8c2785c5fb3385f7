import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { analyticsFromEnv, geoLocaleFor, geoLocaleScript, registerEdge } from '../src/edge/edge';

const SHELL_HTML = '<!doctype html><html><head><title>Fernleaf</title></head><body><main id="shell-main"></main></body></html>';

/** A deploy folder with a registry and a shell index.html, as tools/deploy-local.mjs writes them. */
function deployDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-geo-'));
  fs.mkdirSync(path.join(dir, 'cdn/shell/v1'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'cdn/shell/v1/index.html'), SHELL_HTML);
  fs.writeFileSync(
    path.join(dir, 'registry.json'),
    JSON.stringify({ shell: { version: 'v1', html: '/cdn/shell/v1/index.html' }, remotes: [{ name: 'content', routes: ['/'] }] }),
  );
  return dir;
}

const geoOf = (html: string) => {
  const match = /<script id="geo-locale" type="application\/json">(.*?)<\/script>/.exec(html);
  return match ? JSON.parse(match[1]!) : null;
};

describe('edge geo locale', () => {
  let dir: string;
  let app: FastifyInstance;
  const savedEnv = process.env.GEO_COUNTRY_HEADER;

  beforeAll(async () => {
    dir = deployDir();
    delete process.env.GEO_COUNTRY_HEADER;
    app = Fastify();
    await registerEdge(app, { deployDir: dir });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    fs.rmSync(dir, { recursive: true, force: true });
    if (savedEnv === undefined) delete process.env.GEO_COUNTRY_HEADER;
    else process.env.GEO_COUNTRY_HEADER = savedEnv;
  });

  const page = (headers: Record<string, string> = {}, url = '/') => app.inject({ method: 'GET', url, headers });

  it('embeds the country of cloudfront-viewer-country before </head>, upper-cased', async () => {
    const res = await page({ 'cloudfront-viewer-country': 'au' });
    expect(res.statusCode).toBe(200);
    // (the page also varies with the host: it is that host's market's page)
    expect(res.headers.vary).toBe('cloudfront-viewer-country, Host');
    expect(res.body).toContain('<script id="geo-locale" type="application/json">{"country":"AU","result":"SUCCESS"}</script><script id="site-market" type="application/json">{"id":"NZ"');
    expect(geoOf(res.body)).toEqual({ country: 'AU', result: 'SUCCESS' });
    // the rest of the document is untouched
    expect(res.body.replace(/<script id="geo-locale"[^]*?<\/script>/, '').replace(/<script id="site-market"[^]*?<\/script>/, '')).toBe(SHELL_HTML);
  });

  it('falls back to NZ: NOT_FOUND without the header, ERROR for an invalid value', async () => {
    expect(geoOf((await page()).body)).toEqual({ country: 'NZ', result: 'NOT_FOUND' });
    expect(geoOf((await page({ 'cloudfront-viewer-country': '' })).body)).toEqual({ country: 'NZ', result: 'NOT_FOUND' });
    for (const bad of ['AUS', '1', 'A', 'a u']) {
      expect(geoOf((await page({ 'cloudfront-viewer-country': bad })).body)).toEqual({ country: 'NZ', result: 'ERROR' });
    }
  });

  it('never lets the header inject HTML', async () => {
    const res = await page({ 'cloudfront-viewer-country': '</script><script>alert(1)</script>' });
    expect(geoOf(res.body)).toEqual({ country: 'NZ', result: 'ERROR' });
    expect(res.body).not.toContain('alert(1)');
    expect(res.body.match(/<script/g)).toHaveLength(2); // the geo locale and the market
  });

  it('embeds the geo locale on 404 pages too, per request, from the cached HTML', async () => {
    const nz = await page({ 'cloudfront-viewer-country': 'NZ' }, '/no-such-page');
    expect(nz.statusCode).toBe(404);
    expect(geoOf(nz.body)).toEqual({ country: 'NZ', result: 'SUCCESS' });
    const us = await page({ 'cloudfront-viewer-country': 'US' }, '/no-such-page');
    expect(geoOf(us.body)).toEqual({ country: 'US', result: 'SUCCESS' });
  });

  it('reads the header named by GEO_COUNTRY_HEADER', async () => {
    process.env.GEO_COUNTRY_HEADER = 'X-Country';
    const other = Fastify();
    try {
      await registerEdge(other, { deployDir: dir });
      const res = await other.inject({ method: 'GET', url: '/', headers: { 'x-country': 'gb', 'cloudfront-viewer-country': 'AU' } });
      expect(geoOf(res.body)).toEqual({ country: 'GB', result: 'SUCCESS' });
      expect(res.headers.vary).toBe('x-country, Host');
    } finally {
      delete process.env.GEO_COUNTRY_HEADER;
      await other.close();
    }
  });

  it('escapes <, > and & in the embedded JSON', () => {
    expect(geoLocaleScript({ country: '<b>&', result: 'SUCCESS' })).toBe(
      '<script id="geo-locale" type="application/json">{"country":"\\u003cb\\u003e\\u0026","result":"SUCCESS"}</script>',
    );
    expect(geoLocaleFor(['fr', 'de'])).toEqual({ country: 'FR', result: 'SUCCESS' });
  });

  it("serves this deployment's error-reporting settings in the registry (env), for the shell", async () => {
    expect(analyticsFromEnv({})).toBeUndefined();
    const analytics = analyticsFromEnv({ ERROR_REPORT_ENDPOINT: 'https://errors.example.com/r', ERROR_SAMPLE_RATE: '0.05', TRACE_SAMPLE_RATE: '0' });
    expect(analytics).toEqual({ errorEndpoint: 'https://errors.example.com/r', errorSampleRate: 0.05, traceSampleRate: 0 });
    expect(() => analyticsFromEnv({ ERROR_SAMPLE_RATE: '5' })).toThrow('ERROR_SAMPLE_RATE');
    expect(analyticsFromEnv({ VITALS_SAMPLE_RATE: '1' })).toEqual({ vitalsSampleRate: 1 });
    expect(() => analyticsFromEnv({ VITALS_SAMPLE_RATE: '-0.1' })).toThrow('VITALS_SAMPLE_RATE must be a number from 0 to 1');
    const other = Fastify();
    try {
      await registerEdge(other, { deployDir: dir, analytics });
      const res = await other.inject({ method: 'GET', url: '/registry.json' });
      expect(res.statusCode).toBe(200);
      expect(res.json().analytics).toEqual(analytics);
    } finally {
      await other.close();
    }
  });
});
