/**
 * HTTP face of the local user pool:
 * - POST /api/cognito: the Cognito JSON protocol (X-Amz-Target: AWSCognitoIdentityProviderService.<Op>,
 *   Content-Type: application/x-amz-json-1.1); errors are 400 with `__type` and `x-amzn-errortype`.
 * - GET /api/cognito/{poolId}/.well-known/jwks.json: the signing keys.
 * - GET /api/cognito/outbox (JSON, `?email=`) and /api/cognito/outbox.html: the development outbox
 *   (only when the outbox is enabled; 404 otherwise, e.g. in production).
 */
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../../platform/db/unavailable.js';
import { DEFAULT_MARKET } from '@store/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AccountConfig } from '../../store/account/config.js';
import { decodeUtf8, InputTextError } from '../../platform/http/input.js';
import { CognitoError, type LocalUserPool } from './pool.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const cognitoRoutes: FastifyPluginAsync<{ pool: LocalUserPool; config: AccountConfig }> = async (app, { pool, config }) => {
  app.addContentTypeParser(['application/x-amz-json-1.1', 'application/x-amz-json-1.0'], { parseAs: 'buffer' }, (_request, body, done) => {
    // bytes that are not UTF-8: the boundary's 400 (http/input.ts), like every JSON body
    const text = decodeUtf8(body as Buffer);
    if (text === null) return done(new InputTextError({ field: 'body', where: 'body', reason: 'Must be valid UTF-8' }), undefined);
    try {
      done(null, text ? JSON.parse(text) : {});
    } catch {
      const error = new CognitoError('SerializationException', 'Malformed JSON body.');
      done(error as unknown as Error, undefined);
    }
  });

  app.post('/api/cognito', { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store').header('x-amzn-requestid', request.id);
    const target = String(request.headers['x-amz-target'] ?? '');
    const [service, operation] = target.split('.');
    try {
      if (service !== 'AWSCognitoIdentityProviderService' || !operation) {
        throw new CognitoError('UnknownOperationException', 'Missing or unknown X-Amz-Target.');
      }
      const body = typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, unknown>) : {};
      const result = await pool.call(operation, body);
      return reply.type('application/x-amz-json-1.1').send(JSON.stringify(result));
    } catch (error) {
      if (error instanceof CognitoError) {
        return reply
          .code(error.status)
          .header('x-amzn-errortype', `${error.type}:`)
          .type('application/x-amz-json-1.1')
          .send(JSON.stringify({ __type: error.type, message: error.message }));
      }
      if (isDatabaseUnavailable(error)) {
        // as an AWS service answers when it cannot serve now (the SDKs retry a 503)
        request.log.warn({ err: error }, 'database unavailable');
        return reply
          .code(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
          .header('x-amzn-errortype', 'ServiceUnavailableException:')
          .type('application/x-amz-json-1.1')
          .send(JSON.stringify({ __type: 'ServiceUnavailableException', message: 'The user pool cannot reach its database right now. Try again in a moment.' }));
      }
      request.log.error(error);
      return reply
        .code(500)
        .header('x-amzn-errortype', 'InternalErrorException:')
        .type('application/x-amz-json-1.1')
        .send(JSON.stringify({ __type: 'InternalErrorException', message: 'Internal error.' }));
    }
  });

  app.get(`/api/cognito/${config.userPoolId}/.well-known/jwks.json`, { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(pool.jwks),
  );

  if (config.outbox) {
    app.get('/api/cognito/outbox', { schema: { hide: true } }, async (request, reply) => {
      const email = (request.query as { email?: string }).email;
      return reply.header('cache-control', 'no-store').send({ messages: await pool.outbox(email) });
    });
    app.get('/api/cognito/outbox.html', { schema: { hide: true } }, async (request, reply) => {
      const messages = await pool.outbox(undefined, 100);
      // times in the site's market's zone and locale: NZ time on the NZ site, Sydney time on the AU site
      const market = request.market ?? DEFAULT_MARKET;
      const rows = messages
        .map(
          (m) =>
            `<tr><td>${escapeHtml(new Date(m.createdAt).toLocaleString(market.locale, { timeZone: market.timeZone }))}</td><td>${escapeHtml(m.email)}</td><td>${escapeHtml(m.subject)}</td><td><strong>${escapeHtml(m.code)}</strong></td><td>${escapeHtml(m.body)}</td></tr>`,
        )
        .join('');
      const html = `<!doctype html><html lang="${market.locale}"><head><meta charset="utf-8"><title>Local user pool outbox</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#1f2a24}table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #ddd;padding:.5rem;text-align:left;vertical-align:top}</style></head>
<body><main><h1>Local user pool outbox</h1><p>Messages the development user pool would have e-mailed (times in ${market.timeZone}). Disabled in production.</p>
<table><thead><tr><th scope="col">Sent</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Code</th><th scope="col">Message</th></tr></thead><tbody>${rows || '<tr><td colspan="5">No messages yet.</td></tr>'}</tbody></table></main></body></html>`;
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
    });
  }
};
