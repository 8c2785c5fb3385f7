import crypto from 'node:crypto';
import { AccountAddressesResponse, AccountResponse, AccountStateResponse } from '@store/contracts';
import { SignJWT, exportJWK, generateKeyPair, decodeJwt, decodeProtectedHeader, type CryptoKey } from 'jose';
import * as srp from '../src/stand-ins/user-pool/srp';
import { accountAddresses } from '../src/platform/db/schema-account';
import { BACKENDS, cognitoCall, createTestContext, type TestContext } from './helpers';

const PASSWORD = 'Kauri-Trail-42';

describe.each(BACKENDS)('account and local user pool on %s', (backend) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext(backend, { products: 0 });
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
  });

  const pool = () => ctx.config.account;

  /** One Cognito JSON-protocol call, as aws-amplify sends it. */
  const cognito = (operation: string, body: Record<string, unknown>) => cognitoCall(ctx, operation, body);
  const expectError = async (operation: string, body: Record<string, unknown>, type: string) => {
    const res = await cognito(operation, body);
    expect(res.status).toBe(400);
    expect(res.body.__type).toBe(type);
    expect(String(res.headers['x-amzn-errortype'])).toContain(type);
    return res.body;
  };
  const ClientId = () => pool().userPoolClientId;
  const latestCode = async (email: string, purpose = 'SIGN_UP') => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/cognito/outbox?email=${encodeURIComponent(email)}` });
    expect(res.statusCode).toBe(200);
    const message = (res.json().messages as { purpose: string; code: string }[]).find((m) => m.purpose === purpose);
    expect(message).toBeDefined();
    return message!.code;
  };

  /** Client side of USER_SRP_AUTH, the way aws-amplify computes it. */
  const srpSignIn = async (email: string, password: string) => {
    const { a, A } = srp.clientEphemeral();
    const init = await cognito('InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', ClientId: ClientId(), AuthParameters: { USERNAME: email, SRP_A: A.toString(16) } });
    expect(init.status).toBe(200);
    expect(init.body.ChallengeName).toBe('PASSWORD_VERIFIER');
    const p = init.body.ChallengeParameters as Record<string, string>;
    const poolName = pool().userPoolId.split('_')[1]!;
    const key = srp.clientKey({ poolName, userId: p.USER_ID_FOR_SRP!, password, saltHex: p.SALT!, a, A, B: BigInt(`0x${p.SRP_B}`) });
    const timestamp = srp.srpTimestamp();
    return cognito('RespondToAuthChallenge', {
      ChallengeName: 'PASSWORD_VERIFIER',
      ClientId: ClientId(),
      Session: init.body.Session,
      ChallengeResponses: {
        USERNAME: p.USER_ID_FOR_SRP,
        PASSWORD_CLAIM_SECRET_BLOCK: p.SECRET_BLOCK,
        TIMESTAMP: timestamp,
        PASSWORD_CLAIM_SIGNATURE: srp.passwordClaim(key, poolName, p.USER_ID_FOR_SRP!, p.SECRET_BLOCK!, timestamp),
      },
    });
  };

  let counter = 0;
  /** Signs up, confirms with the outbox code, signs in with SRP; returns the tokens. */
  const newCustomer = async (given = 'Aroha', family = 'Tane') => {
    const email = `shopper${++counter}.${crypto.randomBytes(3).toString('hex')}@example.co.nz`;
    const up = await cognito('SignUp', {
      ClientId: ClientId(),
      Username: email,
      Password: PASSWORD,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'given_name', Value: given },
        { Name: 'family_name', Value: family },
      ],
    });
    expect(up.status).toBe(200);
    expect(up.body.UserConfirmed).toBe(false);
    expect(await cognito('ConfirmSignUp', { ClientId: ClientId(), Username: email, ConfirmationCode: await latestCode(email) })).toMatchObject({ status: 200 });
    const signedIn = await srpSignIn(email, PASSWORD);
    expect(signedIn.status).toBe(200);
    const tokens = signedIn.body.AuthenticationResult as { IdToken: string; AccessToken: string; RefreshToken: string };
    return { email, ...tokens };
  };

  const api = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, token?: string, payload?: unknown) =>
    ctx.app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });

  describe('user pool protocol', () => {
    it('sign up, confirm with the outbox code, SRP sign-in: Cognito-shaped RS256 tokens', async () => {
      const { email, IdToken, AccessToken, RefreshToken } = await newCustomer();
      expect(RefreshToken).toBeTruthy();
      const header = decodeProtectedHeader(IdToken);
      expect(header.alg).toBe('RS256');
      const jwks = await ctx.app.inject({ method: 'GET', url: `/api/cognito/${pool().userPoolId}/.well-known/jwks.json` });
      expect(jwks.json().keys.map((k: { kid: string }) => k.kid)).toContain(header.kid);
      expect(JSON.stringify(jwks.json())).not.toMatch(/"d":/);
      const id = decodeJwt(IdToken);
      expect(id).toMatchObject({ iss: pool().issuer, aud: pool().userPoolClientId, token_use: 'id', email, email_verified: true, given_name: 'Aroha' });
      expect(id.exp! - id.iat!).toBe(pool().idTokenTtl);
      const access = decodeJwt(AccessToken);
      expect(access).toMatchObject({ iss: pool().issuer, client_id: pool().userPoolClientId, token_use: 'access', origin_jti: id.origin_jti });
      const user = await cognito('GetUser', { AccessToken });
      expect(user.body.UserAttributes).toEqual(expect.arrayContaining([{ Name: 'email', Value: email }, { Name: 'family_name', Value: 'Tane' }]));
    });

    it('stores a salt and verifier, never the password', async () => {
      const { email } = await newCustomer();
      const rows = (await ctx.db.execute(`select * from pool_users where email = '${email}'`)) as unknown as { rows: Record<string, unknown>[] };
      expect(JSON.stringify(rows.rows)).not.toContain(PASSWORD);
      expect(rows.rows[0]).toMatchObject({ salt: expect.any(String), verifier: expect.any(String) });
    });

    it("answers with Cognito's error types", async () => {
      const { email } = await newCustomer();
      // an existing address is not revealed (PreventUserExistenceErrors): see auth-hardening.test.ts
      expect((await cognito('SignUp', { ClientId: ClientId(), Username: email, Password: PASSWORD })).body.UserConfirmed).toBe(false);
      await expectError('SignUp', { ClientId: ClientId(), Username: 'weak@example.co.nz', Password: 'alllowercase1!' }, 'InvalidPasswordException');
      await expectError('SignUp', { ClientId: ClientId(), Username: 'space@example.co.nz', Password: ' Leading1!space' }, 'InvalidPasswordException');
      const wrong = await srpSignIn(email, 'Wrong-Password-1');
      expect(wrong.body.__type).toBe('NotAuthorizedException');
      const unknown = await srpSignIn('nobody@example.co.nz', PASSWORD);
      expect(unknown.body.__type).toBe('NotAuthorizedException');

      const pending = `pending${crypto.randomBytes(3).toString('hex')}@example.co.nz`;
      await cognito('SignUp', { ClientId: ClientId(), Username: pending, Password: PASSWORD });
      expect((await srpSignIn(pending, PASSWORD)).body.__type).toBe('UserNotConfirmedException');
      await expectError('ConfirmSignUp', { ClientId: ClientId(), Username: pending, ConfirmationCode: '000000' === (await latestCode(pending)) ? '111111' : '000000' }, 'CodeMismatchException');
      await expectError('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: 'someone-elses-client', AuthParameters: { USERNAME: email, PASSWORD } }, 'ResourceNotFoundException');
    });

    it('USER_PASSWORD_AUTH checks the password against the verifier', async () => {
      const { email } = await newCustomer();
      const ok = await cognito('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: ClientId(), AuthParameters: { USERNAME: email, PASSWORD } });
      expect(ok.body.AuthenticationResult.IdToken).toBeTruthy();
      await expectError('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: ClientId(), AuthParameters: { USERNAME: email, PASSWORD: 'Nope-Nope-1' } }, 'NotAuthorizedException');
    });

    it('locks sign-in after repeated failures', async () => {
      const { email } = await newCustomer();
      for (let i = 0; i < pool().signInAttempts; i++) {
        await cognito('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: ClientId(), AuthParameters: { USERNAME: email, PASSWORD: `Wrong-${i}-Aa` } });
      }
      const locked = await expectError('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: ClientId(), AuthParameters: { USERNAME: email, PASSWORD } }, 'NotAuthorizedException');
      expect(locked.message).toBe('Password attempts exceeded');
    });

    it('limits confirmation code resends and wrong code attempts', async () => {
      const email = `resend${crypto.randomBytes(3).toString('hex')}@example.co.nz`;
      await cognito('SignUp', { ClientId: ClientId(), Username: email, Password: PASSWORD });
      for (let i = 1; i < pool().resendsPerHour; i++) expect((await cognito('ResendConfirmationCode', { ClientId: ClientId(), Username: email })).status).toBe(200);
      await expectError('ResendConfirmationCode', { ClientId: ClientId(), Username: email }, 'LimitExceededException');
      const code = await latestCode(email);
      const wrong = code === '123456' ? '654321' : '123456';
      for (let i = 0; i < pool().codeAttempts; i++) await expectError('ConfirmSignUp', { ClientId: ClientId(), Username: email, ConfirmationCode: wrong }, 'CodeMismatchException');
      await expectError('ConfirmSignUp', { ClientId: ClientId(), Username: email, ConfirmationCode: code }, 'LimitExceededException');
    });

    it('refresh, revoke and global sign-out', async () => {
      const { AccessToken, RefreshToken, IdToken } = await newCustomer();
      const refreshed = await cognito('GetTokensFromRefreshToken', { ClientId: ClientId(), RefreshToken });
      expect(refreshed.status).toBe(200);
      expect(decodeJwt(refreshed.body.AuthenticationResult.IdToken).origin_jti).toBe(decodeJwt(IdToken).origin_jti);
      expect((await api('GET', '/api/account/state', IdToken)).statusCode).toBe(200);
      expect((await cognito('RevokeToken', { ClientId: ClientId(), Token: RefreshToken })).status).toBe(200);
      await expectError('GetTokensFromRefreshToken', { ClientId: ClientId(), RefreshToken }, 'NotAuthorizedException');
      await expectError('GetUser', { AccessToken }, 'NotAuthorizedException');
      expect((await api('GET', '/api/account/state', IdToken)).statusCode).toBe(401);

      const other = await newCustomer();
      expect((await cognito('GlobalSignOut', { AccessToken: other.AccessToken })).status).toBe(200);
      await expectError('GetTokensFromRefreshToken', { ClientId: ClientId(), RefreshToken: other.RefreshToken }, 'NotAuthorizedException');
      expect((await api('GET', '/api/account', other.IdToken)).statusCode).toBe(401);
    });

    it('forgot and confirm-forgot password; change password checks the current one', async () => {
      const { email, AccessToken } = await newCustomer();
      await expectError('ChangePassword', { AccessToken, PreviousPassword: 'Not-The-One-1', ProposedPassword: 'Another-Pass-7' }, 'NotAuthorizedException');
      expect((await cognito('ChangePassword', { AccessToken, PreviousPassword: PASSWORD, ProposedPassword: 'Another-Pass-7' })).status).toBe(200);
      expect((await srpSignIn(email, 'Another-Pass-7')).status).toBe(200);

      expect((await cognito('ForgotPassword', { ClientId: ClientId(), Username: email })).body.CodeDeliveryDetails.DeliveryMedium).toBe('EMAIL');
      const code = await latestCode(email, 'FORGOT_PASSWORD');
      await expectError('ConfirmForgotPassword', { ClientId: ClientId(), Username: email, ConfirmationCode: code, Password: 'short' }, 'InvalidPasswordException');
      expect((await cognito('ConfirmForgotPassword', { ClientId: ClientId(), Username: email, ConfirmationCode: code, Password: 'Reset-Pass-99' })).status).toBe(200);
      await expectError('ConfirmForgotPassword', { ClientId: ClientId(), Username: email, ConfirmationCode: code, Password: 'Reset-Pass-100' }, 'ExpiredCodeException');
      expect((await srpSignIn(email, 'Reset-Pass-99')).status).toBe(200);
      expect((await srpSignIn(email, 'Another-Pass-7')).body.__type).toBe('NotAuthorizedException');
    });

    it('UpdateUserAttributes changes names, not the e-mail', async () => {
      const { AccessToken } = await newCustomer();
      expect((await cognito('UpdateUserAttributes', { AccessToken, UserAttributes: [{ Name: 'given_name', Value: 'Mere' }] })).status).toBe(200);
      expect((await cognito('GetUser', { AccessToken })).body.UserAttributes).toContainEqual({ Name: 'given_name', Value: 'Mere' });
      await expectError('UpdateUserAttributes', { AccessToken, UserAttributes: [{ Name: 'email', Value: 'x@example.com' }] }, 'InvalidParameterException');
    });

    it('serves the outbox page', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/cognito/outbox.html' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Your Fernleaf verification code');
    });
  });

  describe('token verification (security)', () => {
    it('rejects forged, expired and wrong tokens with 401', async () => {
      const { IdToken, AccessToken } = await newCustomer();
      const claims = decodeJwt(IdToken);
      const header = decodeProtectedHeader(IdToken);
      const now = Math.floor(Date.now() / 1000);
      const jwks = (await ctx.app.inject({ method: 'GET', url: `/api/cognito/${pool().userPoolId}/.well-known/jwks.json` })).json();
      const attacker = await generateKeyPair('RS256');
      const signWith = (key: CryptoKey | Uint8Array, payload: Record<string, unknown>, protectedHeader: Record<string, unknown>) =>
        new SignJWT(payload).setProtectedHeader(protectedHeader as { alg: string }).sign(key);
      const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
      const [h, , s] = IdToken.split('.');
      const publicPem = crypto.createPublicKey({ key: jwks.keys[0], format: 'jwk' }).export({ type: 'spki', format: 'pem' });

      const forged: [string, string | undefined][] = [
        ['no header', undefined],
        ['not a JWT', 'Bearer abc.def'],
        ['alg none', `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`],
        ['HS256 signed with the public key', await signWith(new Uint8Array(Buffer.from(String(publicPem))), claims, { alg: 'HS256', kid: header.kid })],
        ['unknown kid', await signWith(attacker.privateKey, claims, { alg: 'RS256', kid: 'attacker-key' })],
        ['right kid, attacker key', await signWith(attacker.privateKey, claims, { alg: 'RS256', kid: header.kid })],
        ['tampered payload', `${h}.${b64({ ...claims, sub: 'someone-else', email: 'victim@example.co.nz' })}.${s}`],
        ['access token instead of ID token', AccessToken],
        ['truncated signature', IdToken.slice(0, -5)],
        ['embedded jwk header', await signWith(attacker.privateKey, claims, { alg: 'RS256', jwk: await exportJWK(attacker.publicKey) })],
        ['empty bearer', 'Bearer '],
        ['basic auth', `Basic ${Buffer.from('a:b').toString('base64')}`],
      ];
      for (const [name, token] of forged) {
        const headers: Record<string, string> = token === undefined ? {} : { authorization: token.startsWith('Bearer') || token.startsWith('Basic') ? token : `Bearer ${token}` };
        const res = await ctx.app.inject({ method: 'GET', url: '/api/account/state', headers });
        expect([name, res.statusCode]).toEqual([name, 401]);
      }
      // Tokens signed with the pool's own key but with wrong claims (the test reads the key from the database).
      const [row] = ((await ctx.db.execute('select private_jwk, kid from pool_signing_keys')) as unknown as { rows: { private_jwk: unknown; kid: string }[] }).rows;
      const poolKey = crypto.createPrivateKey({ key: (typeof row!.private_jwk === 'string' ? JSON.parse(row!.private_jwk) : row!.private_jwk) as crypto.JsonWebKey, format: 'jwk' });
      const wrongClaims: [string, Record<string, unknown>][] = [
        ['expired', { ...claims, iat: now - 7200, exp: now - 3600 }],
        ['wrong iss', { ...claims, iss: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_other' }],
        ['wrong aud', { ...claims, aud: 'another-client' }],
        ['token_use access', { ...claims, token_use: 'access' }],
        ['no exp', Object.fromEntries(Object.entries(claims).filter(([k]) => k !== 'exp'))],
      ];
      for (const [name, payload] of wrongClaims) {
        const token = await signWith(poolKey as unknown as CryptoKey, payload, { alg: 'RS256', kid: row!.kid });
        const res = await api('GET', '/api/account/state', token);
        expect([name, res.statusCode]).toEqual([name, 401]);
      }
      // The genuine token works.
      expect((await api('GET', '/api/account/state', IdToken)).statusCode).toBe(200);
    });
  });

  describe('synced state', () => {
    const item = (id: string, createdAt = '2026-11-22T01:00:00.000Z') => ({ id, productId: `p-${id}`, variantId: `v-${id}`, qty: 1, createdAt });

    it('GET gives version 0 and empty lists; PUT bumps the version; a stale version gets 409', async () => {
      const { IdToken } = await newCustomer();
      const first = AccountStateResponse.parse((await api('GET', '/api/account/state', IdToken)).json());
      expect(first.state).toEqual({ syncableStateVersion: 0, cart: { items: [] }, wishlist: { items: [] } });
      const put = await api('PUT', '/api/account/state', IdToken, { syncableStateVersion: 0, cart: { items: [item('a')] }, wishlist: { items: [{ productId: 'w1', qty: 1, createdAt: '2026-11-22T01:00:00.000Z' }] } });
      expect(put.statusCode).toBe(200);
      expect(put.json().state.syncableStateVersion).toBe(1);
      const stale = await api('PUT', '/api/account/state', IdToken, { syncableStateVersion: 0, cart: { items: [] }, wishlist: { items: [] } });
      expect(stale.statusCode).toBe(409);
      expect(AccountStateResponse.parse((await api('GET', '/api/account/state', IdToken)).json()).state.cart.items).toEqual([item('a')]);
    });

    it('rejects a malformed body with 400 naming the field', async () => {
      const { IdToken } = await newCustomer();
      const res = await api('PUT', '/api/account/state', IdToken, { syncableStateVersion: 0, cart: { items: [{ ...item('a'), qty: 0 }] }, wishlist: { items: [] } });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0].field).toBe('cart.items.0.qty');
      const two = await api('PUT', '/api/account/state', IdToken, { syncableStateVersion: 0, cart: { items: [] }, wishlist: { items: [{ productId: 'w', qty: 2, createdAt: '2026-11-22T01:00:00.000Z' }] } });
      expect(two.statusCode).toBe(400);
    });

    it('two sessions writing at once lose no item: 409s resolved by refetch and retry', async () => {
      const { IdToken } = await newCustomer();
      /** A client like session.synced.update: read, apply, PUT, on 409 refetch and re-apply. */
      // both sessions' first writes start from the same read (so at least one 409 happens, however the requests interleave)
      let arrived = 0;
      let release!: () => void;
      const bothRead = new Promise<void>((resolve) => (release = resolve));
      const gate = async () => {
        if (++arrived === 2) release();
        await bothRead;
      };
      const addItem = async (id: string, first: boolean) => {
        for (let attempt = 0; attempt < 50; attempt++) {
          const { state } = AccountStateResponse.parse((await api('GET', '/api/account/state', IdToken)).json());
          if (first && attempt === 0) await gate();
          const res = await api('PUT', '/api/account/state', IdToken, { ...state, cart: { items: [...state.cart.items, item(id)] } });
          if (res.statusCode === 200) return attempt;
          expect(res.statusCode).toBe(409);
        }
        throw new Error('gave up');
      };
      const session = async (prefix: string) => {
        let conflicts = 0;
        for (let i = 0; i < 5; i++) conflicts += await addItem(`${prefix}${i}`, i === 0);
        return conflicts;
      };
      const conflicts = await Promise.all([session('x'), session('y')]);
      const { state } = AccountStateResponse.parse((await api('GET', '/api/account/state', IdToken)).json());
      expect(state.cart.items.map((i) => i.id).sort()).toEqual(['x0', 'x1', 'x2', 'x3', 'x4', 'y0', 'y1', 'y2', 'y3', 'y4']);
      expect(state.syncableStateVersion).toBe(10);
      expect(conflicts[0]! + conflicts[1]!).toBeGreaterThan(0);
    });
  });

  describe('customer and loyalty', () => {
    it('GET /api/account gives the customer; PUT validates and saves', async () => {
      const { IdToken, email } = await newCustomer('Wiremu', 'Parata');
      const account = AccountResponse.parse((await api('GET', '/api/account', IdToken)).json());
      expect(account.customer).toMatchObject({ email, firstName: 'Wiremu', lastName: 'Parata', phone: '', subscriptions: { email: false, sms: false } });
      expect(account.customer.erpCustomerId).toMatch(/^C\d{9}$/);
      const bad = await api('PUT', '/api/account', IdToken, { customer: { firstName: 'R2-D2 <script>', lastName: 'Parata', phone: '', subscriptions: { email: true, sms: false } } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues[0].field).toBe('customer.firstName');
      const longName = await api('PUT', '/api/account', IdToken, { customer: { firstName: 'A'.repeat(21), lastName: 'Parata', phone: '', subscriptions: { email: true, sms: false } } });
      expect(longName.statusCode).toBe(400);
      const ok = await api('PUT', '/api/account', IdToken, { customer: { firstName: "Mā'ia", lastName: 'Parata-Jones', phone: '021 555 0199', subscriptions: { email: true, sms: true } } });
      expect(ok.statusCode).toBe(200);
      expect(AccountResponse.parse(ok.json()).customer).toMatchObject({ firstName: "Mā'ia", phone: '021 555 0199', subscriptions: { email: true, sms: true } });
    });

    it('links and unlinks a Qantas membership with the directory checks', async () => {
      const one = await newCustomer();
      const two = await newCustomer();
      const customer = { firstName: 'Aroha', lastName: 'Tane', phone: '', subscriptions: { email: false, sms: false } };
      const link = (token: string, memberId: string, lastName: string) => api('PUT', '/api/account', token, { customer, loyalty: { qantas: { action: 'link', memberId, lastName } } });
      expect((await link(one.IdToken, '9999999999', 'Smith')).json().error).toBe('LoyaltyMemberNotFound');
      expect((await link(one.IdToken, '1234567890', 'Jones')).json().error).toBe('LoyaltyMemberNotFound');
      expect((await link(one.IdToken, '3456789012', 'Wilson')).json().error).toBe('LoyaltyMemberInactive');
      const missing = await api('PUT', '/api/account', one.IdToken, { customer, loyalty: { qantas: { action: 'link', memberId: '', lastName: '' } } });
      expect(missing.statusCode).toBe(400);
      const linked = await link(one.IdToken, '1234567890', 'smith');
      expect(linked.statusCode).toBe(200);
      expect(linked.json().loyalty.providers.qantas).toEqual({ memberId: '1234567890' });
      expect((await link(two.IdToken, '1234567890', 'Smith')).json().error).toBe('LoyaltyMemberAlreadyLinked');
      const unlinked = await api('PUT', '/api/account', one.IdToken, { customer, loyalty: { qantas: { action: 'unlink' } } });
      expect(unlinked.json().loyalty.providers).toEqual({});
    });
  });

  describe('addresses', () => {
    const address = { contactName: 'Aroha Tane', country: 'NZ', postcode: '6011', street1: '12 Cuba Street', suburb: 'Te Aro', state: 'Wellington' };

    it('NZ only; the first becomes default; one customer never reaches another one', async () => {
      const one = await newCustomer();
      const two = await newCustomer();
      const foreign = await api('POST', '/api/account/addresses', one.IdToken, { ...address, country: 'AU', postcode: '2000', state: 'NSW' });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().issues.map((i: { field: string }) => i.field)).toContain('country');
      const badPostcode = await api('POST', '/api/account/addresses', one.IdToken, { ...address, postcode: '60111' });
      expect(badPostcode.json().issues[0].field).toBe('postcode');
      const created = AccountAddressesResponse.parse((await api('POST', '/api/account/addresses', one.IdToken, address)).json());
      expect(created.addresses).toHaveLength(1);
      expect(created.addresses[0]).toMatchObject({ isDefaultBilling: true, isDefaultShipping: true, street1: '12 Cuba Street' });
      const id = created.addresses[0]!.id;

      // Another customer's view, update and delete of it.
      expect(AccountAddressesResponse.parse((await api('GET', '/api/account/addresses', two.IdToken)).json()).addresses).toEqual([]);
      expect((await api('PUT', `/api/account/addresses/${id}`, two.IdToken, address)).statusCode).toBe(404);
      expect((await api('DELETE', `/api/account/addresses/${id}`, two.IdToken)).statusCode).toBe(404);
      // Their states are separate too.
      await api('PUT', '/api/account/state', one.IdToken, { syncableStateVersion: 0, cart: { items: [] }, wishlist: { items: [{ productId: 'secret', qty: 1, createdAt: '2026-11-22T01:00:00.000Z' }] } });
      expect(AccountStateResponse.parse((await api('GET', '/api/account/state', two.IdToken)).json()).state.wishlist.items).toEqual([]);

      const second = AccountAddressesResponse.parse((await api('POST', '/api/account/addresses', one.IdToken, { ...address, street1: '1 Queen Street', suburb: 'Auckland Central', postcode: '1010', isDefaultShipping: true })).json());
      expect(second.addresses.map((a) => [a.street1, a.isDefaultShipping])).toEqual([
        ['12 Cuba Street', false],
        ['1 Queen Street', true],
      ]);
      // the same address again (spaces, case and street abbreviations aside) is refused on the street, and nothing changes
      const again = await api('POST', '/api/account/addresses', one.IdToken, { ...address, street1: ' 12 cuba  st', suburb: 'TE ARO', isDefaultShipping: true });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ error: 'ValidationError', issues: [{ field: 'street1', reason: 'This address is already in your address book' }] });
      // editing one address into another one's copy is refused too; editing it in place is not
      const secondId = second.addresses[1]!.id;
      const onto = await api('PUT', `/api/account/addresses/${secondId}`, one.IdToken, { ...address, contactName: 'Someone Else' });
      expect(onto.statusCode).toBe(400);
      expect(onto.json().issues[0].field).toBe('street1');
      const inPlace = await api('PUT', `/api/account/addresses/${id}`, one.IdToken, { ...address, phone: '021 555 0199', isDefaultShipping: true });
      expect(inPlace.statusCode).toBe(200);
      expect(AccountAddressesResponse.parse(inPlace.json()).addresses.map((a) => [a.street1, a.isDefaultShipping])).toEqual([
        ['12 Cuba Street', true],
        ['1 Queen Street', false],
      ]);
      expect((await api('DELETE', `/api/account/addresses/${id}`, one.IdToken)).statusCode).toBe(200);
    });

    it('concurrent writes of one customer keep the rules: one copy of a place, at most 20 addresses, one default of each kind', async () => {
      const { IdToken } = await newCustomer();
      // the same place sent eight times at once (as a double-tapped Save would): one is kept
      const same = await Promise.all(Array.from({ length: 8 }, (_, i) => api('POST', '/api/account/addresses', IdToken, { ...address, street1: i % 2 ? '12 Cuba St' : '12 cuba street', isDefaultShipping: true })));
      expect(same.map((r) => r.statusCode).sort()).toEqual([201, 400, 400, 400, 400, 400, 400, 400]);
      // 25 distinct places at once into a book of one, each asking to be the default: 19 fit
      const many = await Promise.all(
        Array.from({ length: 25 }, (_, i) => api('POST', '/api/account/addresses', IdToken, { ...address, street1: `${i + 1} Willis Street`, isDefaultShipping: true, isDefaultBilling: true })),
      );
      expect(many.filter((r) => r.statusCode === 201)).toHaveLength(19);
      expect(many.filter((r) => r.statusCode === 422)).toHaveLength(6);
      const { addresses } = AccountAddressesResponse.parse((await api('GET', '/api/account/addresses', IdToken)).json());
      expect(addresses).toHaveLength(20);
      expect(addresses.filter((a) => a.street1.toLowerCase().startsWith('12 cuba'))).toHaveLength(1);
      expect(addresses.filter((a) => a.isDefaultShipping)).toHaveLength(1);
      expect(addresses.filter((a) => a.isDefaultBilling)).toHaveLength(1);
    });

    it('drops addresses from other countries on load (e.g. imported from the ERP)', async () => {
      const { IdToken } = await newCustomer();
      const sub = decodeJwt(IdToken).sub!;
      await ctx.db.insert(accountAddresses).values([
        { id: `au-${sub}`, sub, contactName: 'Aroha Tane', country: 'AU', postcode: '2000', street1: '1 George Street', suburb: 'Sydney', isDefaultShipping: true },
        { id: `nz-${sub}`, sub, contactName: 'Aroha Tane', country: 'NZ', postcode: '9016', street1: '5 Princes Street', suburb: 'Dunedin Central' },
      ]);
      const { addresses } = AccountAddressesResponse.parse((await api('GET', '/api/account/addresses', IdToken)).json());
      expect(addresses.map((a) => [a.country, a.street1, a.isDefaultShipping, a.isDefaultBilling])).toEqual([['NZ', '5 Princes Street', true, true]]);
    });

    it('every account route needs a token', async () => {
      for (const [method, url] of [
        ['GET', '/api/account'],
        ['PUT', '/api/account'],
        ['GET', '/api/account/state'],
        ['PUT', '/api/account/state'],
        ['GET', '/api/account/addresses'],
        ['POST', '/api/account/addresses'],
      ] as const) {
        expect([method, url, (await api(method, url, undefined, {})).statusCode]).toEqual([method, url, 401]);
      }
      expect((await api('GET', '/api/account/config')).json()).toMatchObject({ userPoolId: pool().userPoolId, userPoolEndpoint: '/api/cognito' });
      const doc = (await api('GET', '/api/docs/json')).json();
      expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/account', '/api/account/state', '/api/account/addresses', '/api/account/addresses/{id}', '/api/account/config']));
      expect(doc.paths['/api/account/state'].put.requestBody).toBeDefined();
      expect(Object.keys(doc.paths).some((p) => p.startsWith('/api/cognito'))).toBe(false);
    });
  });
});
