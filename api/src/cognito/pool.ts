/**
 * The local user pool: the operations aws-amplify v6 calls on Cognito (x-amz-json-1.1), with
 * Cognito's answers and error types. Passwords are never stored: SRP-6a salt and verifier only
 * (USER_PASSWORD_AUTH and ChangePassword check a password by recomputing the verifier).
 */
import crypto from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { SignJWT, jwtVerify, createLocalJWKSet, type JWK } from 'jose';
import type { AccountConfig } from '../account/config.js';
import type { Database } from '../db/index.js';
import { customers, poolCodes, poolOutbox, poolRefreshTokens, poolUsers } from '../db/schema-account.js';
import type { SigningKey } from './keys.js';
import * as srp from './srp.js';

export class CognitoError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
    this.name = type;
  }
}

const INCORRECT = () => new CognitoError('NotAuthorizedException', 'Incorrect username or password.');
const LIMIT = () => new CognitoError('LimitExceededException', 'Attempt limit exceeded, please try after some time.');
const LOCK_MINUTES = 15;
/** Open SRP challenges kept in memory (5 minutes each). */
const MAX_CHALLENGES = 10_000;

type Json = Record<string, unknown>;
type Attributes = { Name: string; Value: string }[];

const str = (body: Json, key: string, required = true): string => {
  const value = body[key];
  if (typeof value === 'string' && value.length > 0) return value;
  if (!required && value === undefined) return '';
  throw new CognitoError('InvalidParameterException', `1 validation error detected: Value at '${key}' failed to satisfy constraint: Member must not be null`);
};
const record = (body: Json, key: string): Json => {
  const value = body[key];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
};

/** Spec §5 password rules, answered as Cognito's password policy does. */
export function passwordPolicyError(password: string): string | null {
  if (password.length < 8) return 'Password not long enough';
  if (password.length > 256) return 'Password is too long';
  if (password !== password.trim()) return 'Password must not begin or end with a space';
  if (!/[a-z]/.test(password)) return 'Password must have lowercase characters';
  if (!/[A-Z]/.test(password)) return 'Password must have uppercase characters';
  if (!/[0-9]/.test(password)) return 'Password must have numeric characters';
  if (!/[^A-Za-z0-9\s]/.test(password)) return 'Password must have symbol characters';
  return null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const maskEmail = (email: string) => email.replace(/^(.)[^@]*(@.).*(\..*)$/, '$1***$2***$3');

interface SrpChallenge {
  sub: string;
  A: bigint;
  B: bigint;
  b: bigint;
  verifier: string;
  expires: number;
}

export interface PoolOptions {
  db: Database;
  config: AccountConfig;
  key: SigningKey;
  now?: () => Date;
}

export interface VerifiedAccessToken {
  sub: string;
  username: string;
  originJti: string;
}

export class LocalUserPool {
  readonly poolName: string;
  private readonly db: Database;
  private readonly config: AccountConfig;
  private readonly key: SigningKey;
  private readonly now: () => Date;
  private readonly challenges = new Map<string, SrpChallenge>();
  readonly jwks: { keys: JWK[] };
  private readonly localJwks: ReturnType<typeof createLocalJWKSet>;

  constructor(options: PoolOptions) {
    this.db = options.db;
    this.config = options.config;
    this.key = options.key;
    this.now = options.now ?? (() => new Date());
    this.poolName = options.config.userPoolId.split('_')[1]!;
    this.jwks = { keys: [options.key.publicJwk] };
    this.localJwks = createLocalJWKSet(this.jwks);
  }

  /** Dispatches one `AWSCognitoIdentityProviderService.<operation>` call. */
  async call(operation: string, body: Json): Promise<Json> {
    switch (operation) {
      case 'SignUp':
        return this.signUp(body);
      case 'ConfirmSignUp':
        return this.confirmSignUp(body);
      case 'ResendConfirmationCode':
        return this.resendConfirmationCode(body);
      case 'InitiateAuth':
        return this.initiateAuth(body);
      case 'RespondToAuthChallenge':
        return this.respondToAuthChallenge(body);
      case 'GetTokensFromRefreshToken':
        this.checkClient(body);
        return { AuthenticationResult: await this.refresh(str(body, 'RefreshToken')) };
      case 'GetUser':
        return this.getUser(body);
      case 'UpdateUserAttributes':
        return this.updateUserAttributes(body);
      case 'ChangePassword':
        return this.changePassword(body);
      case 'ForgotPassword':
        return this.forgotPassword(body);
      case 'ConfirmForgotPassword':
        return this.confirmForgotPassword(body);
      case 'RevokeToken':
        return this.revokeToken(body);
      case 'GlobalSignOut':
        return this.globalSignOut(body);
      default:
        throw new CognitoError('InvalidActionException', `Operation ${operation} is not supported by the local user pool.`);
    }
  }

  private checkClient(body: Json): void {
    if (body.ClientId !== undefined && body.ClientId !== this.config.userPoolClientId) {
      throw new CognitoError('ResourceNotFoundException', 'User pool client does not exist.');
    }
  }

  private async userByName(username: string) {
    const name = username.trim();
    const [user] = await this.db
      .select()
      .from(poolUsers)
      .where(name.includes('@') ? eq(poolUsers.email, name.toLowerCase()) : eq(poolUsers.sub, name))
      .limit(1);
    return user;
  }

  private async signUp(body: Json): Promise<Json> {
    this.checkClient(body);
    const email = str(body, 'Username').trim().toLowerCase();
    const password = str(body, 'Password');
    const attributes = (Array.isArray(body.UserAttributes) ? body.UserAttributes : []) as Attributes;
    const attr = (name: string) => attributes.find((a) => a?.Name === name)?.Value;
    if (!EMAIL.test(email) || email.length > 250) throw new CognitoError('InvalidParameterException', 'Invalid email address format.');
    const attrEmail = attr('email');
    if (attrEmail !== undefined && attrEmail.trim().toLowerCase() !== email) throw new CognitoError('InvalidParameterException', 'The email attribute must match the username.');
    const policy = passwordPolicyError(password);
    if (policy) throw new CognitoError('InvalidPasswordException', `Password did not conform with policy: ${policy}`);
    if (await this.userByName(email)) throw new CognitoError('UsernameExistsException', 'An account with the given email already exists.');
    const sub = crypto.randomUUID();
    const { salt, verifier } = srp.createVerifier(this.poolName, sub, password);
    const inserted = await this.db
      .insert(poolUsers)
      .values({ sub, email, salt, verifier, givenName: attr('given_name') ?? null, familyName: attr('family_name') ?? null, phone: attr('phone_number') ?? null })
      .onConflictDoNothing()
      .returning({ sub: poolUsers.sub });
    if (inserted.length === 0) throw new CognitoError('UsernameExistsException', 'An account with the given email already exists.');
    await this.sendCode(sub, email, 'SIGN_UP', false);
    return { UserConfirmed: false, UserSub: sub, CodeDeliveryDetails: this.delivery(email) };
  }

  private delivery(email: string) {
    return { Destination: maskEmail(email), DeliveryMedium: 'EMAIL', AttributeName: 'email' };
  }

  /** New code for the purpose (earlier ones stop working), written to the outbox. */
  private async sendCode(sub: string, email: string, purpose: 'SIGN_UP' | 'FORGOT_PASSWORD', limited: boolean): Promise<void> {
    const since = new Date(this.now().getTime() - 3600_000);
    if (limited) {
      const [row] = await this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(poolCodes)
        .where(and(eq(poolCodes.sub, sub), eq(poolCodes.purpose, purpose), gt(poolCodes.createdAt, since)));
      if (Number(row?.n ?? 0) >= this.config.resendsPerHour) throw LIMIT();
    }
    const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
    const now = this.now();
    await this.db.update(poolCodes).set({ usedAt: now }).where(and(eq(poolCodes.sub, sub), eq(poolCodes.purpose, purpose), isNull(poolCodes.usedAt)));
    await this.db.insert(poolCodes).values({ sub, purpose, code, expiresAt: new Date(now.getTime() + this.config.codeTtl * 1000), createdAt: now });
    const hours = Math.round(this.config.codeTtl / 3600);
    const [subject, body] =
      purpose === 'SIGN_UP'
        ? ['Your Fernleaf verification code', `Welcome to Fernleaf. Your verification code is ${code}. It expires in ${hours} hours.`]
        : ['Reset your Fernleaf password', `Your password reset code is ${code}. It expires in ${hours} hours. If you did not ask for it, ignore this e-mail.`];
    await this.db.insert(poolOutbox).values({ email, purpose, subject, body, code, createdAt: now });
  }

  /** Checks a code: CodeMismatchException, ExpiredCodeException, LimitExceededException. */
  private async useCode(sub: string, purpose: string, code: string): Promise<void> {
    const [row] = await this.db
      .select()
      .from(poolCodes)
      .where(and(eq(poolCodes.sub, sub), eq(poolCodes.purpose, purpose)))
      .orderBy(desc(poolCodes.id))
      .limit(1);
    if (!row || row.usedAt) throw new CognitoError('ExpiredCodeException', 'Invalid code provided, please request a code again.');
    if (row.attempts >= this.config.codeAttempts) throw LIMIT();
    if (row.expiresAt.getTime() < this.now().getTime()) throw new CognitoError('ExpiredCodeException', 'Invalid code provided, please request a code again.');
    const a = Buffer.from(row.code);
    const b = Buffer.from(code.trim());
    if (a.length !== b.length || !crypto.timingSafeEqual(a, b)) {
      await this.db.update(poolCodes).set({ attempts: sql`${poolCodes.attempts} + 1` }).where(eq(poolCodes.id, row.id));
      throw new CognitoError('CodeMismatchException', 'Invalid verification code provided, please try again.');
    }
    await this.db.update(poolCodes).set({ usedAt: this.now() }).where(eq(poolCodes.id, row.id));
  }

  private async confirmSignUp(body: Json): Promise<Json> {
    this.checkClient(body);
    const user = await this.userByName(str(body, 'Username'));
    if (!user) throw new CognitoError('UserNotFoundException', 'Username/client id combination not found.');
    if (user.status === 'CONFIRMED') throw new CognitoError('NotAuthorizedException', 'User cannot be confirmed. Current status is CONFIRMED');
    await this.useCode(user.sub, 'SIGN_UP', str(body, 'ConfirmationCode'));
    await this.db.update(poolUsers).set({ status: 'CONFIRMED', emailVerified: true, updatedAt: this.now() }).where(eq(poolUsers.sub, user.sub));
    await this.createCustomer(user);
    return {};
  }

  /** Post-confirmation: the customer record (the ERP would create it). */
  private async createCustomer(user: typeof poolUsers.$inferSelect): Promise<void> {
    const erp = `C${BigInt(`0x${crypto.createHash('sha256').update(user.sub).digest('hex').slice(0, 12)}`).toString().slice(0, 9).padStart(9, '0')}`;
    await this.db
      .insert(customers)
      .values({ sub: user.sub, email: user.email, firstName: user.givenName ?? '', lastName: user.familyName ?? '', phone: user.phone ?? '', erpCustomerId: erp })
      .onConflictDoNothing();
  }

  private async resendConfirmationCode(body: Json): Promise<Json> {
    this.checkClient(body);
    const user = await this.userByName(str(body, 'Username'));
    if (!user) throw new CognitoError('UserNotFoundException', 'Username/client id combination not found.');
    if (user.status === 'CONFIRMED') throw new CognitoError('InvalidParameterException', 'User is already confirmed.');
    await this.sendCode(user.sub, user.email, 'SIGN_UP', true);
    return { CodeDeliveryDetails: this.delivery(user.email) };
  }

  private async initiateAuth(body: Json): Promise<Json> {
    this.checkClient(body);
    const flow = str(body, 'AuthFlow');
    const params = record(body, 'AuthParameters');
    if (flow === 'REFRESH_TOKEN_AUTH' || flow === 'REFRESH_TOKEN') {
      return { AuthenticationResult: await this.refresh(str(params, 'REFRESH_TOKEN')), ChallengeParameters: {} };
    }
    if (flow === 'USER_PASSWORD_AUTH') {
      const user = await this.userByName(str(params, 'USERNAME'));
      const password = str(params, 'PASSWORD');
      if (!user) throw INCORRECT();
      await this.checkLock(user);
      const x = srp.computeX(this.poolName, user.sub, password, user.salt);
      const ok = srp.padHex(srp.modPow(srp.g, x, srp.N)) === user.verifier;
      return this.finishSignIn(user, ok);
    }
    if (flow === 'USER_SRP_AUTH') {
      const username = str(params, 'USERNAME');
      const A = BigInt(`0x${str(params, 'SRP_A').replace(/[^0-9a-f]/gi, '') || '0'}`);
      if (A % srp.N === 0n) throw new CognitoError('InvalidParameterException', 'Invalid SRP_A.');
      const user = await this.userByName(username);
      // An unknown user gets a challenge too (with a random salt), and fails at the claim: no user enumeration.
      const sub = user?.sub ?? crypto.createHash('sha256').update(`unknown:${username.toLowerCase()}`).digest('hex').slice(0, 36);
      const salt = user?.salt ?? srp.padHex(BigInt(`0x${crypto.createHash('sha256').update(`salt:${username.toLowerCase()}`).digest('hex').slice(0, 32)}`));
      const verifier = user?.verifier ?? srp.padHex(srp.modPow(srp.g, BigInt(`0x${crypto.randomBytes(32).toString('hex')}`), srp.N));
      const { b, B } = srp.serverEphemeral(verifier);
      const secretBlock = crypto.randomBytes(48).toString('base64');
      this.pruneChallenges();
      this.challenges.set(secretBlock, { sub, A, B, b, verifier, expires: Date.now() + 5 * 60_000 });
      return {
        ChallengeName: 'PASSWORD_VERIFIER',
        ChallengeParameters: { SALT: salt, SECRET_BLOCK: secretBlock, SRP_B: B.toString(16), USERNAME: sub, USER_ID_FOR_SRP: sub },
        Session: crypto.randomBytes(32).toString('base64url'),
      };
    }
    throw new CognitoError('InvalidParameterException', `Unsupported AuthFlow ${flow}.`);
  }

  /** Drops expired challenges, and the oldest ones beyond MAX_CHALLENGES (a flood of InitiateAuth cannot grow memory). */
  private pruneChallenges(): void {
    const now = Date.now();
    for (const [key, challenge] of this.challenges) if (challenge.expires < now) this.challenges.delete(key);
    for (const key of this.challenges.keys()) {
      if (this.challenges.size < MAX_CHALLENGES) break;
      this.challenges.delete(key);
    }
  }

  private async respondToAuthChallenge(body: Json): Promise<Json> {
    this.checkClient(body);
    if (body.ChallengeName !== 'PASSWORD_VERIFIER') throw new CognitoError('InvalidParameterException', 'Unsupported challenge.');
    const responses = record(body, 'ChallengeResponses');
    const secretBlock = str(responses, 'PASSWORD_CLAIM_SECRET_BLOCK');
    const challenge = this.challenges.get(secretBlock);
    this.challenges.delete(secretBlock);
    if (!challenge || challenge.expires < Date.now()) throw new CognitoError('NotAuthorizedException', 'Invalid session for the user, session is expired.');
    const userId = str(responses, 'USERNAME');
    const [user] = await this.db.select().from(poolUsers).where(eq(poolUsers.sub, challenge.sub)).limit(1);
    if (!user || userId !== challenge.sub) throw INCORRECT();
    await this.checkLock(user);
    const timestamp = str(responses, 'TIMESTAMP');
    let ok = false;
    try {
      const key = srp.serverKey({ A: challenge.A, B: challenge.B, b: challenge.b, verifierHex: challenge.verifier });
      const expected = Buffer.from(srp.passwordClaim(key, this.poolName, userId, secretBlock, timestamp), 'base64');
      const given = Buffer.from(str(responses, 'PASSWORD_CLAIM_SIGNATURE'), 'base64');
      ok = expected.length === given.length && crypto.timingSafeEqual(expected, given);
    } catch {
      ok = false;
    }
    const result = await this.finishSignIn(user, ok);
    return { ...result, ChallengeParameters: {} };
  }

  private async checkLock(user: typeof poolUsers.$inferSelect): Promise<void> {
    if (user.lockedUntil && user.lockedUntil.getTime() > this.now().getTime()) {
      throw new CognitoError('NotAuthorizedException', 'Password attempts exceeded');
    }
  }

  private async finishSignIn(user: typeof poolUsers.$inferSelect, passwordOk: boolean): Promise<Json> {
    if (!passwordOk) {
      const failed = user.failedAttempts + 1;
      const lock = failed >= this.config.signInAttempts ? new Date(this.now().getTime() + LOCK_MINUTES * 60_000) : null;
      await this.db
        .update(poolUsers)
        .set({ failedAttempts: lock ? 0 : failed, lockedUntil: lock })
        .where(eq(poolUsers.sub, user.sub));
      throw lock ? new CognitoError('NotAuthorizedException', 'Password attempts exceeded') : INCORRECT();
    }
    if (user.failedAttempts > 0 || user.lockedUntil) {
      await this.db.update(poolUsers).set({ failedAttempts: 0, lockedUntil: null }).where(eq(poolUsers.sub, user.sub));
    }
    if (user.status !== 'CONFIRMED') throw new CognitoError('UserNotConfirmedException', 'User is not confirmed.');
    return { AuthenticationResult: await this.issue(user, true) };
  }

  /** ID, access and (on sign-in) refresh tokens, as Cognito shapes them. */
  private async issue(user: typeof poolUsers.$inferSelect, withRefresh: boolean, originJti: string = crypto.randomUUID(), authTime?: number): Promise<Json> {
    const now = Math.floor(this.now().getTime() / 1000);
    const auth = authTime ?? now;
    const exp = now + this.config.idTokenTtl;
    const eventId = crypto.randomUUID();
    const sign = (claims: Json) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: this.key.kid })
        .setIssuer(this.config.issuer)
        .setIssuedAt(now)
        .setExpirationTime(exp)
        .setJti(crypto.randomUUID())
        .sign(this.key.privateKey);
    const idToken = await sign({
      sub: user.sub,
      aud: this.config.userPoolClientId,
      email: user.email,
      email_verified: user.emailVerified,
      'cognito:username': user.sub,
      ...(user.givenName ? { given_name: user.givenName } : {}),
      ...(user.familyName ? { family_name: user.familyName } : {}),
      origin_jti: originJti,
      event_id: eventId,
      token_use: 'id',
      auth_time: auth,
    });
    const accessToken = await sign({
      sub: user.sub,
      client_id: this.config.userPoolClientId,
      origin_jti: originJti,
      event_id: eventId,
      token_use: 'access',
      scope: 'aws.cognito.signin.user.admin',
      auth_time: auth,
      username: user.sub,
    });
    const result: Json = { AccessToken: accessToken, IdToken: idToken, ExpiresIn: this.config.idTokenTtl, TokenType: 'Bearer' };
    if (withRefresh) {
      const refreshToken = crypto.randomBytes(48).toString('base64url');
      await this.db.insert(poolRefreshTokens).values({
        tokenHash: hashToken(refreshToken),
        sub: user.sub,
        originJti,
        clientId: this.config.userPoolClientId,
        authTime: auth,
        expiresAt: new Date(this.now().getTime() + this.config.refreshTokenTtl * 1000),
      });
      result.RefreshToken = refreshToken;
    }
    return result;
  }

  private async refresh(refreshToken: string): Promise<Json> {
    const [row] = await this.db.select().from(poolRefreshTokens).where(eq(poolRefreshTokens.tokenHash, hashToken(refreshToken))).limit(1);
    if (!row || row.revokedAt || row.expiresAt.getTime() < this.now().getTime()) throw new CognitoError('NotAuthorizedException', 'Invalid Refresh Token');
    const [user] = await this.db.select().from(poolUsers).where(eq(poolUsers.sub, row.sub)).limit(1);
    if (!user) throw new CognitoError('NotAuthorizedException', 'Invalid Refresh Token');
    return this.issue(user, false, row.originJti, row.authTime);
  }

  /** Verifies an access token of this pool (signature, iss, token_use, client_id, exp, not revoked). */
  async verifyAccessToken(token: string): Promise<VerifiedAccessToken> {
    let payload: Json;
    try {
      ({ payload } = await jwtVerify(token, this.localJwks, { issuer: this.config.issuer, algorithms: ['RS256'] }));
    } catch {
      throw new CognitoError('NotAuthorizedException', 'Invalid Access Token');
    }
    if (payload.token_use !== 'access' || payload.client_id !== this.config.userPoolClientId || typeof payload.sub !== 'string' || typeof payload.origin_jti !== 'string') {
      throw new CognitoError('NotAuthorizedException', 'Invalid Access Token');
    }
    if (await this.isRevoked(payload.origin_jti)) throw new CognitoError('NotAuthorizedException', 'Access Token has been revoked');
    return { sub: payload.sub, username: String(payload.username ?? payload.sub), originJti: payload.origin_jti };
  }

  /** True when the sign-in (origin_jti) was revoked by RevokeToken or GlobalSignOut. */
  async isRevoked(originJti: string): Promise<boolean> {
    const [row] = await this.db
      .select({ revokedAt: poolRefreshTokens.revokedAt })
      .from(poolRefreshTokens)
      .where(eq(poolRefreshTokens.originJti, originJti))
      .limit(1);
    return !row || row.revokedAt !== null;
  }

  private async userFromAccessToken(body: Json) {
    const { sub } = await this.verifyAccessToken(str(body, 'AccessToken'));
    const [user] = await this.db.select().from(poolUsers).where(eq(poolUsers.sub, sub)).limit(1);
    if (!user) throw new CognitoError('UserNotFoundException', 'User does not exist.');
    return user;
  }

  private async getUser(body: Json): Promise<Json> {
    const user = await this.userFromAccessToken(body);
    const attributes: Attributes = [
      { Name: 'sub', Value: user.sub },
      { Name: 'email', Value: user.email },
      { Name: 'email_verified', Value: String(user.emailVerified) },
    ];
    if (user.givenName) attributes.push({ Name: 'given_name', Value: user.givenName });
    if (user.familyName) attributes.push({ Name: 'family_name', Value: user.familyName });
    if (user.phone) attributes.push({ Name: 'phone_number', Value: user.phone });
    return { Username: user.sub, UserAttributes: attributes };
  }

  private async updateUserAttributes(body: Json): Promise<Json> {
    const user = await this.userFromAccessToken(body);
    const attributes = (Array.isArray(body.UserAttributes) ? body.UserAttributes : []) as Attributes;
    const set: Partial<typeof poolUsers.$inferInsert> = { updatedAt: this.now() };
    for (const { Name, Value } of attributes) {
      if (Name === 'given_name') set.givenName = Value;
      else if (Name === 'family_name') set.familyName = Value;
      else if (Name === 'phone_number') set.phone = Value;
      else if (Name === 'email') {
        if (Value.trim().toLowerCase() !== user.email) throw new CognitoError('InvalidParameterException', 'Changing the e-mail address is not supported by this pool.');
      } else throw new CognitoError('InvalidParameterException', `Attribute ${Name} cannot be updated.`);
    }
    await this.db.update(poolUsers).set(set).where(eq(poolUsers.sub, user.sub));
    return { CodeDeliveryDetailsList: [] };
  }

  private async changePassword(body: Json): Promise<Json> {
    const user = await this.userFromAccessToken(body);
    await this.checkLock(user);
    const previous = str(body, 'PreviousPassword');
    const proposed = str(body, 'ProposedPassword');
    const x = srp.computeX(this.poolName, user.sub, previous, user.salt);
    if (srp.padHex(srp.modPow(srp.g, x, srp.N)) !== user.verifier) {
      const failed = user.failedAttempts + 1;
      if (failed >= this.config.signInAttempts) {
        await this.db.update(poolUsers).set({ failedAttempts: 0, lockedUntil: new Date(this.now().getTime() + LOCK_MINUTES * 60_000) }).where(eq(poolUsers.sub, user.sub));
        throw LIMIT();
      }
      await this.db.update(poolUsers).set({ failedAttempts: failed }).where(eq(poolUsers.sub, user.sub));
      throw INCORRECT();
    }
    const policy = passwordPolicyError(proposed);
    if (policy) throw new CognitoError('InvalidPasswordException', `Password did not conform with policy: ${policy}`);
    const { salt, verifier } = srp.createVerifier(this.poolName, user.sub, proposed);
    await this.db.update(poolUsers).set({ salt, verifier, failedAttempts: 0, updatedAt: this.now() }).where(eq(poolUsers.sub, user.sub));
    return {};
  }

  private async forgotPassword(body: Json): Promise<Json> {
    this.checkClient(body);
    const username = str(body, 'Username');
    const user = await this.userByName(username);
    // Like a pool with user-existence errors prevented: an unknown address looks the same.
    if (!user) return { CodeDeliveryDetails: this.delivery(username.includes('@') ? username : 'x@example.com') };
    await this.sendCode(user.sub, user.email, 'FORGOT_PASSWORD', true);
    return { CodeDeliveryDetails: this.delivery(user.email) };
  }

  private async confirmForgotPassword(body: Json): Promise<Json> {
    this.checkClient(body);
    const user = await this.userByName(str(body, 'Username'));
    if (!user) throw new CognitoError('CodeMismatchException', 'Invalid verification code provided, please try again.');
    const password = str(body, 'Password');
    const policy = passwordPolicyError(password);
    if (policy) throw new CognitoError('InvalidPasswordException', `Password did not conform with policy: ${policy}`);
    await this.useCode(user.sub, 'FORGOT_PASSWORD', str(body, 'ConfirmationCode'));
    const { salt, verifier } = srp.createVerifier(this.poolName, user.sub, password);
    const confirmed = user.status === 'CONFIRMED';
    await this.db
      .update(poolUsers)
      .set({ salt, verifier, failedAttempts: 0, lockedUntil: null, status: 'CONFIRMED', emailVerified: true, updatedAt: this.now() })
      .where(eq(poolUsers.sub, user.sub));
    if (!confirmed) await this.createCustomer(user);
    return {};
  }

  private async revokeToken(body: Json): Promise<Json> {
    this.checkClient(body);
    const token = str(body, 'Token');
    const [row] = await this.db.select().from(poolRefreshTokens).where(eq(poolRefreshTokens.tokenHash, hashToken(token))).limit(1);
    if (row && !row.revokedAt) {
      await this.db.update(poolRefreshTokens).set({ revokedAt: this.now() }).where(eq(poolRefreshTokens.originJti, row.originJti));
    }
    return {};
  }

  private async globalSignOut(body: Json): Promise<Json> {
    const { sub } = await this.verifyAccessToken(str(body, 'AccessToken'));
    await this.db
      .update(poolRefreshTokens)
      .set({ revokedAt: this.now() })
      .where(and(eq(poolRefreshTokens.sub, sub), isNull(poolRefreshTokens.revokedAt)));
    return {};
  }

  /** Development outbox: latest messages, optionally for one address. */
  async outbox(email?: string, limit = 50) {
    const query = this.db.select().from(poolOutbox);
    const rows = await (email ? query.where(eq(poolOutbox.email, email.trim().toLowerCase())) : query).orderBy(desc(poolOutbox.id)).limit(limit);
    return rows.map((r) => ({ id: r.id, email: r.email, purpose: r.purpose, subject: r.subject, body: r.body, code: r.code, createdAt: r.createdAt.toISOString() }));
  }
}

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
