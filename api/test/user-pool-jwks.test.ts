/**
 * ID tokens verified as production verifies a real user pool's: against the JWKS the pool publishes
 * at `${issuer}/.well-known/jwks.json`, fetched over HTTP (jose's remote key set). The local pool,
 * given an http issuer, publishes its keys there, so it stands in for the hosted pool.
 */
import { createTokenVerifier } from '../src/store/auth/index';
import { createTestContext, freePort, signUpCustomer, type TestContext } from './helpers';

let ctx: TestContext;
let issuer: string;

beforeAll(async () => {
  const port = await freePort();
  issuer = `http://127.0.0.1:${port}/api/cognito/ap-southeast-2_FernleafLocal`;
  ctx = await createTestContext('pglite', { products: 0, env: { COGNITO_ISSUER: issuer } });
  await ctx.app.listen({ port, host: '127.0.0.1' });
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('ID tokens against the published JWKS', () => {
  it('a token the pool issued verifies; tampered, for another client, or with the JWKS unreachable it does not', async () => {
    const { email, idToken } = await signUpCustomer(ctx);
    const remote = createTokenVerifier({ config: { issuer, userPoolClientId: ctx.config.account.userPoolClientId } });
    expect(await remote.verify(idToken)).toEqual({ sub: expect.any(String), email });

    const [header, payload, signature] = idToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, email: 'someone.else@example.co.nz' })).toString('base64url')}.${signature}`;
    expect(await remote.verify(forged)).toBeNull();

    const otherClient = createTokenVerifier({ config: { issuer, userPoolClientId: 'another-app-client' } });
    expect(await otherClient.verify(idToken)).toBeNull();

    const otherIssuer = createTokenVerifier({ config: { issuer: `${issuer}x`, userPoolClientId: ctx.config.account.userPoolClientId } });
    expect(await otherIssuer.verify(idToken)).toBeNull();

    const unreachable = createTokenVerifier({ config: { issuer: 'http://127.0.0.1:9/api/cognito/ap-southeast-2_FernleafLocal', userPoolClientId: ctx.config.account.userPoolClientId } });
    expect(await unreachable.verify(idToken)).toBeNull();
  });
});
