/**
 * State that several API processes on one database must agree on, with two app instances built on
 * the same database (as two processes behind a round-robin balancer would be):
 * - an SRP sign-in whose two steps are answered by different instances; its challenge is used
 *   once and expires;
 * - both instances sign with and publish the same user-pool key;
 * - a bot-check token verified by one instance is a duplicate for the other.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { DEFAULT_BOTCHECK } from '../src/store/botcheck';
import { queryRows } from '../src/platform/db';
import * as srp from '../src/stand-ins/user-pool/srp';
import { BACKENDS, createTestContext, freshRateWindow, signUpCustomer, type TestContext } from './helpers';

const PASSWORD = 'Kauri-Trail-42';

describe.each(BACKENDS)('two app instances on one %s database', (backend) => {
  let ctx: TestContext;
  let other: FastifyInstance;

  beforeAll(async () => {
    ctx = await createTestContext(backend, { products: 0 });
    other = buildApp({ config: ctx.config, db: ctx.db });
    await other.ready();
  }, 120_000);

  afterAll(async () => {
    await other?.close();
    await ctx?.close();
  });

  const cognito = async (app: FastifyInstance, operation: string, body: Record<string, unknown>) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/cognito/',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${operation}` },
      payload: JSON.stringify(body),
    });
    return { status: res.statusCode, body: res.json() as Record<string, unknown> };
  };
  const clientId = () => ctx.config.account.userPoolClientId;
  const poolName = () => ctx.config.account.userPoolId.split('_')[1]!;

  /** InitiateAuth (USER_SRP_AUTH) on `first`; the claim to send to RespondToAuthChallenge, computed as aws-amplify does. */
  const challenge = async (first: FastifyInstance, email: string, password: string) => {
    const { a, A } = srp.clientEphemeral();
    const init = await cognito(first, 'InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', ClientId: clientId(), AuthParameters: { USERNAME: email, SRP_A: A.toString(16) } });
    expect(init.status).toBe(200);
    const p = init.body.ChallengeParameters as Record<string, string>;
    const key = srp.clientKey({ poolName: poolName(), userId: p.USER_ID_FOR_SRP!, password, saltHex: p.SALT!, a, A, B: BigInt(`0x${p.SRP_B}`) });
    const timestamp = srp.srpTimestamp();
    return {
      ChallengeName: 'PASSWORD_VERIFIER',
      ClientId: clientId(),
      Session: init.body.Session,
      ChallengeResponses: {
        USERNAME: p.USER_ID_FOR_SRP,
        PASSWORD_CLAIM_SECRET_BLOCK: p.SECRET_BLOCK,
        TIMESTAMP: timestamp,
        PASSWORD_CLAIM_SIGNATURE: srp.passwordClaim(key, poolName(), p.USER_ID_FOR_SRP!, p.SECRET_BLOCK!, timestamp),
      },
    };
  };

  it('signs in with SRP when the challenge is answered by the other instance, and the tokens work on both', async () => {
    const { email } = await signUpCustomer(ctx, PASSWORD);
    const answer = await challenge(ctx.app, email, PASSWORD);
    const signedIn = await cognito(other, 'RespondToAuthChallenge', answer);
    expect(signedIn.status).toBe(200);
    const tokens = signedIn.body.AuthenticationResult as { AccessToken: string; IdToken: string };
    expect(tokens.AccessToken).toEqual(expect.any(String));
    for (const app of [ctx.app, other]) {
      const user = await cognito(app, 'GetUser', { AccessToken: tokens.AccessToken });
      expect(user.status).toBe(200);
      const account = await app.inject({ method: 'GET', url: '/api/account', headers: { authorization: `Bearer ${tokens.IdToken}` } });
      expect(account.statusCode).toBe(200);
    }
  });

  it('uses a challenge once, whichever instance is asked again', async () => {
    const { email } = await signUpCustomer(ctx, PASSWORD);
    const answer = await challenge(other, email, PASSWORD);
    expect((await cognito(ctx.app, 'RespondToAuthChallenge', answer)).status).toBe(200);
    for (const app of [ctx.app, other]) {
      const again = await cognito(app, 'RespondToAuthChallenge', answer);
      expect(again.status).toBe(400);
      expect(again.body.__type).toBe('NotAuthorizedException');
    }
  });

  it('refuses an expired challenge', async () => {
    const { email } = await signUpCustomer(ctx, PASSWORD);
    const answer = await challenge(ctx.app, email, PASSWORD);
    await ctx.db.execute(sql`update pool_srp_challenges set expires_at = now() - interval '1 second'`);
    const late = await cognito(other, 'RespondToAuthChallenge', answer);
    expect(late.status).toBe(400);
    expect(late.body.__type).toBe('NotAuthorizedException');
    expect(late.body.message).toMatch(/session is expired/);
  });

  it('answers a wrong password and an unknown user the same way on the other instance', async () => {
    const { email } = await signUpCustomer(ctx, PASSWORD);
    const wrong = await cognito(other, 'RespondToAuthChallenge', await challenge(ctx.app, email, 'Wrong-Password-1'));
    const unknown = await cognito(other, 'RespondToAuthChallenge', await challenge(ctx.app, 'nobody.here@example.co.nz', PASSWORD));
    expect([wrong.status, wrong.body.__type]).toEqual([400, 'NotAuthorizedException']);
    expect([unknown.status, unknown.body.__type]).toEqual([400, 'NotAuthorizedException']);
    expect(unknown.body.message).toBe(wrong.body.message);
  });

  it('publishes the same signing key from both instances', async () => {
    const [a, b] = await Promise.all([ctx.app, other].map((app) => app.inject({ method: 'GET', url: `/api/cognito/${ctx.config.account.userPoolId}/.well-known/jwks.json` })));
    expect(a!.statusCode).toBe(200);
    expect(a!.json()).toEqual(b!.json());
    const [row] = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from pool_signing_keys`);
    expect(Number(row!.n)).toBe(1);
  });

  it('accepts a bot-check token once across instances', async () => {
    const { siteKey, secret } = DEFAULT_BOTCHECK;
    const minted = await ctx.app.inject({ method: 'POST', url: '/api/botcheck/recaptcha/token', payload: { siteKey, action: 'login' } });
    expect(minted.statusCode).toBe(200);
    const token = (minted.json() as { token: string }).token;
    const verify = (app: FastifyInstance) => app.inject({ method: 'POST', url: '/api/botcheck/siteverify', payload: { secret, response: token } }).then((r) => r.json() as { success: boolean; 'error-codes'?: string[] });
    expect(await verify(other)).toMatchObject({ success: true, action: 'login' });
    expect(await verify(ctx.app)).toEqual({ success: false, 'error-codes': ['timeout-or-duplicate'] });
    expect(await verify(other)).toEqual({ success: false, 'error-codes': ['timeout-or-duplicate'] });
  });

  it("counts a client's racing error reports and Web Vitals reports once across instances: exactly the limit is taken", async () => {
    await freshRateWindow();
    const limit = ctx.config.errorReports.perMinute;
    const client = '203.0.113.77';
    const report = (n: number) => ({ kind: 'error', level: 'error', message: `raced ${n}`, location: '/', occurredAt: '2026-11-27T02:30:00.000Z' });
    const errors = await Promise.all(
      Array.from({ length: limit + 20 }, (_, n) => (n % 2 ? other : ctx.app).inject({ method: 'POST', url: '/api/site/errors', payload: report(n), remoteAddress: client })),
    );
    expect(errors.filter((r) => r.statusCode === 202)).toHaveLength(limit);
    expect(errors.filter((r) => r.statusCode === 429)).toHaveLength(20);
    const vitalsLimit = ctx.config.webVitals.perMinute;
    const vitals = { path: '/', metrics: [{ name: 'LCP', value: 900, remote: 'catalog', version: 'abc123def456' }] };
    const sent = await Promise.all(Array.from({ length: vitalsLimit + 10 }, (_, n) => (n % 2 ? other : ctx.app).inject({ method: 'POST', url: '/api/site/vitals', payload: vitals, remoteAddress: client })));
    expect(sent.filter((r) => r.statusCode === 429)).toHaveLength(10);
    expect(sent.filter((r) => r.statusCode === 202)).toHaveLength(vitalsLimit);
  });
});
