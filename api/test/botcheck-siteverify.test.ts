/**
 * The bot check's production path: tokens verified with an HTTP POST to a siteverify URL (the
 * reCAPTCHA protocol: form fields secret and response, a JSON answer), here the local stand-in's
 * own siteverify endpoint over a real socket, so the client and the stand-in keep to one protocol.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { DEFAULT_BOTCHECK, verifyBotCheck, type BotCheckConfig } from '../src/store/botcheck/index';
import { LocalBotCheck } from '../src/stand-ins/botcheck/local';
import { botcheckRoutes } from '../src/stand-ins/botcheck/routes';
import { createTestContext, type TestContext } from './helpers';

const config: BotCheckConfig = { ...DEFAULT_BOTCHECK, siteKey: 'site-key-1', secret: 'provider-secret-1', minScore: 0.5 };
// the stand-in keeps used tokens in the database (any process refuses a token twice)
let ctx: TestContext;
let provider: LocalBotCheck;
let app: FastifyInstance;
let verifyUrl: string;

beforeAll(async () => {
  ctx = await createTestContext('pglite', { products: 0 });
  provider = new LocalBotCheck(config, ctx.db);
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(botcheckRoutes, { config, local: provider });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  verifyUrl = `${address}/api/botcheck/siteverify`;
});

afterAll(async () => {
  await app?.close();
  await ctx?.close();
});

// the store's side: nothing in process, only the URL and the secret
const unusable = { verify: async () => ({ success: false, 'error-codes': ['in-process-used'] }) };
const remote = (over: Partial<BotCheckConfig> = {}) => ({ ...config, verifyUrl, ...over });

describe('bot check through siteverify over HTTP', () => {
  it('a token the provider issued for the action verifies, with its score', async () => {
    const token = provider.issue(config.siteKey, 'product_challenge_verify', 'localhost')!;
    const result = await verifyBotCheck(remote(), unusable, token, 'product_challenge_verify');
    expect(result).toEqual({ ok: true, score: expect.any(Number) });
  });

  it('another action, the wrong secret, a forged token, a used token, a missing token or a score under the minimum fail with a reason', async () => {
    const fresh = () => provider.issue(config.siteKey, 'product_challenge_verify', 'localhost')!;
    expect(await verifyBotCheck(remote(), unusable, fresh(), 'payment_voucher_balance_fetch')).toEqual({ ok: false, reason: 'action-mismatch' });
    expect(await verifyBotCheck(remote({ secret: 'not-the-secret' }), unusable, fresh(), 'product_challenge_verify')).toEqual({ ok: false, reason: 'invalid-input-secret' });
    const token = fresh();
    expect(await verifyBotCheck(remote(), unusable, `${token.slice(0, -4)}AAAA`, 'product_challenge_verify')).toEqual({ ok: false, reason: 'invalid-input-response' });
    expect(await verifyBotCheck(remote(), unusable, token, 'product_challenge_verify')).toMatchObject({ ok: true });
    expect(await verifyBotCheck(remote(), unusable, token, 'product_challenge_verify')).toEqual({ ok: false, reason: 'timeout-or-duplicate' });
    expect(await verifyBotCheck(remote(), unusable, '', 'product_challenge_verify')).toEqual({ ok: false, reason: 'missing-input-response' });
    expect(await verifyBotCheck(remote({ minScore: 1.01 }), unusable, fresh(), 'product_challenge_verify')).toEqual({ ok: false, reason: 'low-score' });
  });

  it('an unreachable siteverify, or one answering something other than JSON, fails closed', async () => {
    const token = provider.issue(config.siteKey, 'product_challenge_verify', 'localhost')!;
    expect(await verifyBotCheck(remote({ verifyUrl: 'http://127.0.0.1:9/siteverify' }), unusable, token, 'product_challenge_verify')).toEqual({ ok: false, reason: 'siteverify-unreachable' });
    const html = async () => new Response('<html>busy</html>', { status: 503, headers: { 'content-type': 'text/html' } });
    expect(await verifyBotCheck(remote(), unusable, token, 'product_challenge_verify', html as typeof fetch)).toEqual({ ok: false, reason: 'siteverify-unreachable' });
  });
});
