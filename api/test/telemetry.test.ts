/**
 * OpenTelemetry is off unless an OTLP endpoint is configured; with one, requests to an app built
 * afterwards are traced by @fastify/otel and exported over OTLP/HTTP (here to a small collector of
 * this test), named by route pattern; health checks are left out.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { startTelemetry, tracesUrl } from '../src/platform/telemetry';
import { createTestContext, type TestContext } from './helpers';

describe('OpenTelemetry', () => {
  it('is off without an endpoint, or with OTEL_SDK_DISABLED', async () => {
    expect(await startTelemetry({})).toBeNull();
    expect(tracesUrl({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/', OTEL_SDK_DISABLED: 'true' })).toBeNull();
    expect(tracesUrl({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' })).toBe('http://collector:4318/v1/traces');
    expect(tracesUrl({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://traces.example/v1/traces' })).toBe('https://traces.example/v1/traces');
    await expect(startTelemetry({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).rejects.toThrow(/http\(s\) URL/);
  });

  describe('with an endpoint', () => {
    let ctx: TestContext;
    let app: FastifyInstance;
    let collector: http.Server;
    const received: { path: string; body: string }[] = [];

    beforeAll(async () => {
      ctx = await createTestContext('pglite', { products: 0 });
      collector = http.createServer((req, res) => {
        let body = '';
        req.on('data', (chunk) => (body += String(chunk)));
        req.on('end', () => {
          received.push({ path: req.url ?? '', body });
          res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        });
      });
      await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', () => resolve()));
    }, 120_000);

    afterAll(async () => {
      await app?.close();
      await ctx?.close();
      await new Promise((resolve) => collector.close(resolve));
    });

    it('exports a span per request, named by its route pattern', async () => {
      const { port } = collector.address() as AddressInfo;
      const telemetry = await startTelemetry({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}` });
      expect(telemetry).not.toBeNull();
      try {
        app = buildApp({ config: ctx.config, db: ctx.db });
        await app.ready();
        expect((await app.inject({ method: 'GET', url: '/api/stores/somewhere-unknown' })).statusCode).toBe(404);
        expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      } finally {
        await telemetry!.shutdown();
      }
      expect(received.map((r) => r.path)).toContain('/v1/traces');
      const spans = received.flatMap((r) => (JSON.parse(r.body) as { resourceSpans: { scopeSpans: { spans: { name: string; attributes: { key: string; value: { stringValue?: string; intValue?: number } }[] }[] }[] }[] }).resourceSpans)
        .flatMap((r) => r.scopeSpans.flatMap((s) => s.spans));
      const requests = spans.filter((s) => s.name === 'request').map((s) => Object.fromEntries(s.attributes.map((a) => [a.key, a.value.stringValue ?? a.value.intValue])));
      expect(requests).toEqual([expect.objectContaining({ 'http.request.method': 'GET', 'http.route': '/api/stores/:path', 'http.response.status_code': 404 })]);
      expect(JSON.stringify(spans)).not.toContain('/api/health/live');
    });
  });
});
