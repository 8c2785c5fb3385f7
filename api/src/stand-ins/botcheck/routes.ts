import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, ValidationErrorBody } from '@store/contracts';
import type { BotCheckConfig } from '../../store/botcheck/index.js';
import { clientScript, type LocalBotCheck } from './local.js';

export interface BotCheckRoutesOptions {
  config: BotCheckConfig;
  local: LocalBotCheck;
}

const Action = z.string().regex(/^[A-Za-z0-9_/]{1,100}$/, 'Letters, digits, _ and / (reCAPTCHA action names)');

/** The local reCAPTCHA v3 stand-in: page script, token issue, siteverify, and the public config. */
export const botcheckRoutes: FastifyPluginAsyncZod<BotCheckRoutesOptions> = async (app, { config, local }) => {
  // siteverify is form-encoded in reCAPTCHA's protocol (this plugin's scope only).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.get(
    '/api/botcheck/config',
    {
      schema: {
        tags: ['botcheck'],
        summary: 'Site key and script URL for the page',
        response: { 200: z.object({ siteKey: z.string(), scriptUrl: z.string() }) },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send({ siteKey: config.siteKey, scriptUrl: config.scriptUrl }),
  );

  app.get(
    '/api/botcheck/recaptcha/api.js',
    { schema: { tags: ['botcheck'], summary: 'Local stand-in of reCAPTCHA v3 api.js (window.grecaptcha)', querystring: z.object({ render: z.string().max(200).optional() }) } },
    async (_request, reply) =>
      reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'public, max-age=300').send(clientScript('/api/botcheck/recaptcha/token')),
  );

  app.post(
    '/api/botcheck/recaptcha/token',
    {
      schema: {
        tags: ['botcheck'],
        summary: 'Local stand-in: a token for an action (what grecaptcha.execute fetches); 403 BotCheckMintClosed in production',
        body: z.object({ siteKey: z.string().min(1).max(200), action: Action }),
        response: { 200: z.object({ token: z.string() }), 400: ValidationErrorBody, 403: ErrorBody },
      },
    },
    async (request, reply) => {
      if (config.mintOpen === false) {
        return reply.code(403).header('cache-control', 'no-store').send({ error: 'BotCheckMintClosed', message: 'The local bot-check stand-in issues no tokens in production: configure a real bot-check provider (BOTCHECK_VERIFY_URL).' });
      }
      const token = local.issue(request.body.siteKey, request.body.action, request.hostname);
      if (!token) return reply.code(403).send({ error: 'InvalidSiteKey', message: 'Unknown site key.' });
      return reply.header('cache-control', 'no-store').send({ token });
    },
  );

  app.post(
    '/api/botcheck/siteverify',
    {
      schema: {
        tags: ['botcheck'],
        summary: 'Local stand-in of reCAPTCHA siteverify (form or JSON: secret, response)',
        body: z.object({ secret: z.string().max(500), response: z.string().max(4000) }),
        response: {
          200: z.object({
            success: z.boolean(),
            score: z.number().optional(),
            action: z.string().optional(),
            challenge_ts: z.string().optional(),
            hostname: z.string().optional(),
            'error-codes': z.array(z.string()).optional(),
          }),
          400: ValidationErrorBody,
        },
      },
    },
    async (request) => local.verify(request.body.secret, request.body.response),
  );
};
