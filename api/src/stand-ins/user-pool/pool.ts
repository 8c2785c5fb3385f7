/**
 * The local user pool: the operations aws-amplify v6 calls on Cognito (x-amz-json-1.1), with
 * Cognito's answers and error types. Passwords are never stored: SRP-6a salt and verifier only
 * (USER_PASSWORD_AUTH and ChangePassword check a password by recomputing the verifier).
 */
import crypto from 'node:crypto';
import { and, desc, eq, gt, gte, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { SignJWT, jwtVerify, createLocalJWKSet, type JWK } from 'jose';
import type { AccountConfig } from '../../store/account/config.js';
import type { Database } from '../../platform/db/index.js';
import { customers } from '../../platform/db/schema-account.js';
import { poolCodes, poolOutbox, poolRefreshTokens, poolSrpChallenges, poolUsers } from '../../platform/db/schema-stand-in-user-pool.js';
import { enqueueWritten } from '../../store/mail/outbox.js';
import type { SigningKey } from './keys.js';
import * as srp from './srp.js';
import { EMAIL_LENGTH_MAX, EMAIL_PATTERN } from '@store/contracts/site-rules';

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
const ATTEMPTS_EXCEEDED = () => new CognitoError('NotAuthorizedException', 'Password attempts exceeded');
const EXPIRED_CODE = () => new CognitoError('ExpiredCodeException', 'Invalid code provided, please request a code again.');
const CODE_MISMATCH = () => new CognitoError('CodeMismatchException', 'Invalid verification code provided, please try again.');
const LOCK_MINUTES = 15;
/** How long an SRP challenge may be answered (kept in the database: any process may answer it). */
const CHALLENGE_TTL_MS = 5 * 60_000;
/** Expired challenges are deleted at most this often by one process. */
const CHALLENGE_PRUNE_MS = 60_000;

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

/** The storefront's password rules, answered as Cognito's password policy does. */
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

// the store's e-mail rule: the pool takes exactly the addresses the store's forms do
const EMAIL = EMAIL_PATTERN;
const maskEmail = (email: string) => email.replace(/^(.)[^@]*(@.).*(\..*)$/, '$1***$2***$3');

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
  private lastPrune = 0;
  readonly jwks: { keys: JWK[] };
  private readonly localJwks: ReturnType<typeof createLocalJWKSet>;
  /** The verifier unknown users are challenged with (the same modPow work as a real one; never matches). */
  private readonly standInVerifier: string;

  constructor(options: PoolOptions) {
    this.db = options.db;
    this.config = options.config;
    this.key = options.key;
    this.now = options.now ?? (() => new Date());
    this.poolName = options.config.userPoolId.split('_')[1]!;
    this.jwks = { keys: [options.key.publicJwk] };
    this.localJwks = createLocalJWKSet(this.jwks);
    // derived from the pool's secret: the same in every process on one database
    const standInSecret = crypto.createHmac('sha256', options.key.secret).update('stand-in-verifier').digest('hex');
    this.standInVerifier = srp.padHex(srp.modPow(srp.g, BigInt(`0x${standInSecret}`), srp.N));
  }

  /**
   * What an unknown username is answered with, so that it looks like an account (Cognito's
   * PreventUserExistenceErrors): a UUID-shaped user id and a salt, both stable for the username
   * and keyed with the pool's server secret (an attacker cannot compute them to compare).
   */
  private standIn(username: string): { sub: string; salt: string } {
    const mac = (label: string) => crypto.createHmac('sha256', this.key.secret).update(`${label}:${username.trim().toLowerCase()}`).digest();
    const h = mac('sub').toString('hex');
    const variant = ((parseInt(h[16]!, 16) & 3) | 8).toString(16);
    const sub = `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
    return { sub, salt: srp.padHex(BigInt(`0x${mac('salt').subarray(0, 16).toString('hex')}`)) };
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
    if (!EMAIL.test(email) || email.length > EMAIL_LENGTH_MAX) throw new CognitoError('InvalidParameterException', 'Invalid email address format.');
    const attrEmail = attr('email');
    if (attrEmail !== undefined && attrEmail.trim().toLowerCase() !== email) throw new CognitoError('InvalidParameterException', 'The email attribute must match the username.');
    const policy = passwordPolicyError(password);
    if (policy) throw new CognitoError('InvalidPasswordException', `Password did not conform with policy: ${policy}`);
    // An address that already has an account gets the same answer as a new one, after the same
    // work (no user enumeration); the e-mail tells its owner instead. Its password is not changed.
    const sub = crypto.randomUUID();
    const { salt, verifier } = srp.createVerifier(this.poolName, sub, password);
    const inserted = await this.db
      .insert(poolUsers)
      .values({ sub, email, salt, verifier, givenName: attr('given_name') ?? null, familyName: attr('family_name') ?? null, phone: attr('phone_number') ?? null })
      .onConflictDoNothing()
      .returning({ sub: poolUsers.sub });
    if (inserted.length > 0) await this.sendCode(sub, email, 'SIGN_UP', false);
    else await this.signUpExisting(email);
    return { UserConfirmed: false, UserSub: sub, CodeDeliveryDetails: this.delivery(email) };
  }

  /**
   * SignUp for an address that has an account: a confirmed one is e-mailed "you already have an
   * account" (no code); an unconfirmed one a new confirmation code (its first password stays).
   * Over the hourly limit nothing is sent (a LimitExceededException would tell the account exists).
   */
  private async signUpExisting(email: string): Promise<void> {
    const user = await this.userByName(email);
    if (!user) return;
    try {
      if (user.status !== 'CONFIRMED') {
        await this.sendCode(user.sub, user.email, 'SIGN_UP', true, true);
        return;
      }
      const now = this.now();
      const [sent] = await this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(poolOutbox)
        .where(and(eq(poolOutbox.email, user.email), eq(poolOutbox.purpose, 'ACCOUNT_EXISTS'), gt(poolOutbox.createdAt, new Date(now.getTime() - 3600_000))));
      if (Number(sent?.n ?? 0) >= this.config.resendsPerHour) return;
      await this.send({
        email: user.email,
        purpose: 'ACCOUNT_EXISTS',
        subject: 'You already have a Fernleaf account',
        body: 'Someone (we hope you) tried to create a Fernleaf account with this e-mail address, which already has one. Sign in with your password, or choose "Forgot your password?" on the sign-in page to set a new one. If it was not you, you can ignore this e-mail.',
        code: '',
        createdAt: now,
      });
    } catch (error) {
      if (!(error instanceof CognitoError)) throw error;
    }
  }

  private delivery(email: string) {
    return { Destination: maskEmail(email), DeliveryMedium: 'EMAIL', AttributeName: 'email' };
  }

  /** The address an unknown username is "sent" to (masked like a real one). */
  private standInAddress(username: string): string {
    const name = username.trim().toLowerCase();
    return EMAIL.test(name) ? name : `${this.standIn(name).sub.slice(0, 8)}@example.com`;
  }

  /** LimitExceededException when `resendsPerHour` messages of the purpose went to the user in the last hour. */
  private async checkSendLimit(sub: string, purpose: string): Promise<void> {
    const since = new Date(this.now().getTime() - 3600_000);
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(poolCodes)
      .where(and(eq(poolCodes.sub, sub), eq(poolCodes.purpose, purpose), gt(poolCodes.createdAt, since)));
    if (Number(row?.n ?? 0) >= this.config.resendsPerHour) throw LIMIT();
  }

  /** New code for the purpose (earlier ones stop working), written to the outbox. */
  private async sendCode(sub: string, email: string, purpose: 'SIGN_UP' | 'FORGOT_PASSWORD', limited: boolean, again = false): Promise<void> {
    if (limited) await this.checkSendLimit(sub, purpose);
    const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
    const now = this.now();
    await this.db.update(poolCodes).set({ usedAt: now }).where(and(eq(poolCodes.sub, sub), eq(poolCodes.purpose, purpose), isNull(poolCodes.usedAt)));
    await this.db.insert(poolCodes).values({ sub, purpose, code, expiresAt: new Date(now.getTime() + this.config.codeTtl * 1000), createdAt: now });
    const hours = Math.round(this.config.codeTtl / 3600);
    const [subject, body] =
      purpose === 'SIGN_UP'
        ? again
          ? [
              'Your Fernleaf verification code',
              `You started creating a Fernleaf account with this address before. Your verification code is ${code}. It expires in ${hours} hours. Your password is the one you chose the first time; if you do not remember it, verify, then choose "Forgot your password?" on the sign-in page.`,
            ]
          : ['Your Fernleaf verification code', `Welcome to Fernleaf. Your verification code is ${code}. It expires in ${hours} hours.`]
        : ['Reset your Fernleaf password', `Your password reset code is ${code}. It expires in ${hours} hours. If you did not ask for it, ignore this e-mail.`];
    await this.send({ email, purpose, subject, body, code, createdAt: now });
  }

  /** A message of the pool: kept in its development outbox and e-mailed through the store's outbox (one statement). */
  private async send(m: { email: string; purpose: string; subject: string; body: string; code: string; createdAt: Date }): Promise<void> {
    await this.db.execute(sql`with kept as (insert into pool_outbox (email, purpose, subject, body, code, created_at)
        values (${m.email}, ${m.purpose}, ${m.subject}, ${m.body}, ${m.code}, ${m.createdAt.toISOString()}::timestamptz) returning id)
      ${enqueueWritten(sql`'user-pool:' || (select id from kept)`, m.email, m.subject, m.body)}`);
  }

  /**
   * Checks a code: CodeMismatchException, ExpiredCodeException, LimitExceededException. One
   * conditional UPDATE checks and counts the attempt (or uses the code) on the latest code while it
   * is unused, unexpired and under the attempt limit: concurrent attempts queue on the row lock and
   * each re-checks the limit, so at most `codeAttempts` wrong codes are ever checked, and the right
   * code cannot succeed once they have been.
   */
  private async useCode(sub: string, purpose: string, code: string): Promise<void> {
    const given = code.trim();
    const now = this.now();
    const latest = sql`(select max(${poolCodes.id}) from ${poolCodes} where ${poolCodes.sub} = ${sub} and ${poolCodes.purpose} = ${purpose})`;
    const matches = sql`${poolCodes.code} = ${given}`;
    const [checked] = await this.db
      .update(poolCodes)
      .set({
        attempts: sql`case when ${matches} then ${poolCodes.attempts} else ${poolCodes.attempts} + 1 end`,
        usedAt: sql`case when ${matches} then ${now.toISOString()}::timestamptz else null end`,
      })
      .where(and(eq(poolCodes.id, latest), isNull(poolCodes.usedAt), lt(poolCodes.attempts, this.config.codeAttempts), gte(poolCodes.expiresAt, now)))
      .returning({ used: sql<boolean>`${poolCodes.usedAt} is not null` });
    if (checked) {
      if (!checked.used) throw CODE_MISMATCH();
      return;
    }
    // Not checked: say why (the code was used or replaced, the attempts are used up, or it expired).
    const [row] = await this.db
      .select({ usedAt: poolCodes.usedAt, attempts: poolCodes.attempts })
      .from(poolCodes)
      .where(and(eq(poolCodes.sub, sub), eq(poolCodes.purpose, purpose)))
      .orderBy(desc(poolCodes.id))
      .limit(1);
    if (row && !row.usedAt && row.attempts >= this.config.codeAttempts) throw LIMIT();
    throw EXPIRED_CODE();
  }

  private async confirmSignUp(body: Json): Promise<Json> {
    this.checkClient(body);
    const user = await this.userByName(str(body, 'Username'));
    const code = str(body, 'ConfirmationCode');
    // Unknown and already confirmed accounts answer like a wrong code (no user enumeration).
    if (!user || user.status === 'CONFIRMED') throw CODE_MISMATCH();
    await this.useCode(user.sub, 'SIGN_UP', code);
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
    const username = str(body, 'Username');
    const user = await this.userByName(username);
    // Unknown and already confirmed accounts answer like a sent code (no user enumeration); nothing is sent.
    if (!user || user.status === 'CONFIRMED') return { CodeDeliveryDetails: this.delivery(user?.email ?? this.standInAddress(username)) };
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
      const username = str(params, 'USERNAME');
      const user = await this.userByName(username);
      const password = str(params, 'PASSWORD');
      if (user) await this.checkLock(user);
      // An unknown user costs the same verifier computation and write as a wrong password.
      const { sub, salt } = user ?? this.standIn(username);
      const x = srp.computeX(this.poolName, sub, password, salt);
      const ok = srp.padHex(srp.modPow(srp.g, x, srp.N)) === (user?.verifier ?? this.standInVerifier);
      if (!user) {
        await this.recordFailure(sub);
        throw INCORRECT();
      }
      return this.finishSignIn(user, ok);
    }
    if (flow === 'USER_SRP_AUTH') {
      const username = str(params, 'USERNAME');
      const A = BigInt(`0x${str(params, 'SRP_A').replace(/[^0-9a-f]/gi, '') || '0'}`);
      if (A % srp.N === 0n) throw new CognitoError('InvalidParameterException', 'Invalid SRP_A.');
      const user = await this.userByName(username);
      // An unknown user gets a challenge too (a stable UUID-shaped id and salt keyed with the
      // server secret, the stand-in verifier), after the same work, and fails at the claim: no user enumeration.
      const { sub, salt } = user ?? this.standIn(username);
      const verifier = user?.verifier ?? this.standInVerifier;
      const { b, B } = srp.serverEphemeral(verifier);
      const secretBlock = crypto.randomBytes(48).toString('base64');
      await this.pruneChallenges();
      await this.db.insert(poolSrpChallenges).values({
        id: hashToken(secretBlock),
        sub,
        known: Boolean(user),
        clientPublic: A.toString(16),
        serverPublic: B.toString(16),
        serverSecret: b.toString(16),
        verifier,
        expiresAt: new Date(this.now().getTime() + CHALLENGE_TTL_MS),
      });
      return {
        ChallengeName: 'PASSWORD_VERIFIER',
        ChallengeParameters: { SALT: salt, SECRET_BLOCK: secretBlock, SRP_B: B.toString(16), USERNAME: sub, USER_ID_FOR_SRP: sub },
        Session: crypto.randomBytes(32).toString('base64url'),
      };
    }
    throw new CognitoError('InvalidParameterException', `Unsupported AuthFlow ${flow}.`);
  }

  /** Deletes expired challenges (at most once a minute per process; an index on the expiry keeps it cheap). */
  private async pruneChallenges(): Promise<void> {
    const now = this.now();
    if (now.getTime() - this.lastPrune < CHALLENGE_PRUNE_MS) return;
    this.lastPrune = now.getTime();
    await this.db.delete(poolSrpChallenges).where(lt(poolSrpChallenges.expiresAt, now));
  }

  /** The challenge of a SECRET_BLOCK, taken once (deleted in the same statement) while unexpired. */
  private async takeChallenge(secretBlock: string) {
    const [row] = await this.db.delete(poolSrpChallenges).where(eq(poolSrpChallenges.id, hashToken(secretBlock))).returning();
    if (!row || row.expiresAt.getTime() < this.now().getTime()) return null;
    const big = (hex: string) => BigInt(`0x${hex}`);
    return { sub: row.sub, known: row.known, A: big(row.clientPublic), B: big(row.serverPublic), b: big(row.serverSecret), verifier: row.verifier };
  }

  private async respondToAuthChallenge(body: Json): Promise<Json> {
    this.checkClient(body);
    if (body.ChallengeName !== 'PASSWORD_VERIFIER') throw new CognitoError('InvalidParameterException', 'Unsupported challenge.');
    const responses = record(body, 'ChallengeResponses');
    const secretBlock = str(responses, 'PASSWORD_CLAIM_SECRET_BLOCK');
    const challenge = await this.takeChallenge(secretBlock);
    if (!challenge) throw new CognitoError('NotAuthorizedException', 'Invalid session for the user, session is expired.');
    const userId = str(responses, 'USERNAME');
    // (the stand-in id of an unknown user is looked up too: the same query, finding nothing)
    const [found] = await this.db.select().from(poolUsers).where(eq(poolUsers.sub, challenge.sub)).limit(1);
    const user = challenge.known ? found : undefined;
    if (challenge.known && !user) throw INCORRECT();
    if (user) await this.checkLock(user);
    const timestamp = str(responses, 'TIMESTAMP');
    let ok = false;
    try {
      const key = srp.serverKey({ A: challenge.A, B: challenge.B, b: challenge.b, verifierHex: challenge.verifier });
      const expected = Buffer.from(srp.passwordClaim(key, this.poolName, userId, secretBlock, timestamp), 'base64');
      const given = Buffer.from(str(responses, 'PASSWORD_CLAIM_SIGNATURE'), 'base64');
      ok = expected.length === given.length && crypto.timingSafeEqual(expected, given) && userId === challenge.sub;
    } catch {
      ok = false;
    }
    if (!user) {
      // the stand-in challenge of an unknown user: the same key work and write as a wrong password
      await this.recordFailure(challenge.sub);
      throw INCORRECT();
    }
    const result = await this.finishSignIn(user, ok);
    return { ...result, ChallengeParameters: {} };
  }

  /** A quick refusal before any password work (the authoritative check is the atomic write after it). */
  private async checkLock(user: typeof poolUsers.$inferSelect): Promise<void> {
    if (user.lockedUntil && user.lockedUntil.getTime() > this.now().getTime()) throw ATTEMPTS_EXCEEDED();
  }

  private notLocked(now: Date) {
    return or(isNull(poolUsers.lockedUntil), lte(poolUsers.lockedUntil, now));
  }

  /**
   * Counts a wrong password in one conditional UPDATE (only while the user is not locked; the
   * `signInAttempts`-th failure sets the lock): concurrent failures queue on the row lock and
   * re-check it, so no more than the limit are ever counted before the lock. 'locked' when the user
   * was already locked (nothing counted), 'locked-now' when this failure locked it.
   */
  private async recordFailure(sub: string): Promise<'counted' | 'locked' | 'locked-now'> {
    const now = this.now();
    const until = new Date(now.getTime() + LOCK_MINUTES * 60_000).toISOString();
    const reached = sql`${poolUsers.failedAttempts} + 1 >= ${this.config.signInAttempts}`;
    const [row] = await this.db
      .update(poolUsers)
      .set({
        failedAttempts: sql`case when ${reached} then 0 else ${poolUsers.failedAttempts} + 1 end`,
        lockedUntil: sql`case when ${reached} then ${until}::timestamptz else null end`,
      })
      .where(and(eq(poolUsers.sub, sub), this.notLocked(now)))
      .returning({ lockedUntil: poolUsers.lockedUntil });
    if (!row) return 'locked';
    return row.lockedUntil ? 'locked-now' : 'counted';
  }

  /** A right password resets the count, in one conditional UPDATE: false when the user is locked now. */
  private async recordSuccess(sub: string): Promise<boolean> {
    const now = this.now();
    const rows = await this.db
      .update(poolUsers)
      .set({ failedAttempts: 0, lockedUntil: null })
      .where(and(eq(poolUsers.sub, sub), this.notLocked(now)))
      .returning({ sub: poolUsers.sub });
    return rows.length > 0;
  }

  private async finishSignIn(user: typeof poolUsers.$inferSelect, passwordOk: boolean): Promise<Json> {
    if (!passwordOk) {
      const outcome = await this.recordFailure(user.sub);
      throw outcome === 'counted' ? INCORRECT() : ATTEMPTS_EXCEEDED();
    }
    if (!(await this.recordSuccess(user.sub))) throw ATTEMPTS_EXCEEDED();
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
      const outcome = await this.recordFailure(user.sub);
      if (outcome === 'locked-now') throw LIMIT();
      throw outcome === 'locked' ? ATTEMPTS_EXCEEDED() : INCORRECT();
    }
    const policy = passwordPolicyError(proposed);
    if (policy) throw new CognitoError('InvalidPasswordException', `Password did not conform with policy: ${policy}`);
    const { salt, verifier } = srp.createVerifier(this.poolName, user.sub, proposed);
    const now = this.now();
    const changed = await this.db
      .update(poolUsers)
      .set({ salt, verifier, failedAttempts: 0, updatedAt: now })
      .where(and(eq(poolUsers.sub, user.sub), this.notLocked(now)))
      .returning({ sub: poolUsers.sub });
    if (changed.length === 0) throw ATTEMPTS_EXCEEDED();
    return {};
  }

  private async forgotPassword(body: Json): Promise<Json> {
    this.checkClient(body);
    const username = str(body, 'Username');
    const user = await this.userByName(username);
    // Like a pool with user-existence errors prevented: an unknown address gets the same answer
    // (its address masked) after the same kind of work (the hourly count and the code writes,
    // against a stand-in id that no row has).
    if (!user) {
      const { sub } = this.standIn(username);
      await this.checkSendLimit(sub, 'FORGOT_PASSWORD');
      await this.db.update(poolCodes).set({ usedAt: this.now() }).where(and(eq(poolCodes.sub, sub), eq(poolCodes.purpose, 'FORGOT_PASSWORD'), isNull(poolCodes.usedAt)));
      return { CodeDeliveryDetails: this.delivery(this.standInAddress(username)) };
    }
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
