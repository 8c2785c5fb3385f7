/**
 * The local user pool: the operations aws-amplify v6 calls on Cognito (x-amz-json-1.1), with
 * Cognito's answers and error types. Passwords are never stored: SRP-6a salt and verifier only
 * (USER_PASSWORD_AUTH and ChangePassword check a password by recomputing the verifier).
 */
import crypto from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { JWK } from 'jose';
import type { AccountConfig } from '../../store/account/config.js';
import type { Database } from '../../platform/db/index.js';
import { customers } from '../../platform/db/schema-account.js';
import { poolCodes, poolOutbox, poolRefreshTokens, poolUsers } from '../../platform/db/schema-stand-in-user-pool.js';
import type { SigningKey } from './keys.js';
import * as srp from './srp.js';
import { EMAIL_LENGTH_MAX } from '@store/contracts/site-rules';
import { PoolChallenges } from './challenges.js';
import { PoolCodes } from './codes.js';
import { PoolLockout } from './lockout.js';
import { ATTEMPTS_EXCEEDED, CODE_MISMATCH, CognitoError, EMAIL, INCORRECT, LIMIT, maskEmail, passwordPolicyError, str, type Attributes, type Json } from './protocol.js';
import { PoolSignIn } from './sign-in.js';
import { StandInIdentities } from './stand-in.js';
import { PoolTokens, hashToken, type VerifiedAccessToken } from './tokens.js';

export { CognitoError, passwordPolicyError } from './protocol.js';
export type { VerifiedAccessToken } from './tokens.js';

export interface PoolOptions {
  db: Database;
  config: AccountConfig;
  key: SigningKey;
  now?: () => Date;
}

export class LocalUserPool {
  readonly poolName: string;
  private readonly db: Database;
  private readonly config: AccountConfig;
  private readonly now: () => Date;
  readonly jwks: { keys: JWK[] };
  private readonly codes: PoolCodes;
  private readonly lockout: PoolLockout;
  private readonly tokens: PoolTokens;
  private readonly standIns: StandInIdentities;
  private readonly signIn: PoolSignIn;

  constructor(options: PoolOptions) {
    this.db = options.db;
    this.config = options.config;
    this.now = options.now ?? (() => new Date());
    this.poolName = options.config.userPoolId.split('_')[1]!;
    this.jwks = { keys: [options.key.publicJwk] };
    this.codes = new PoolCodes(this.db, this.config, this.now);
    this.lockout = new PoolLockout(this.db, this.config, this.now);
    this.tokens = new PoolTokens(this.db, this.config, options.key, this.now, this.jwks);
    this.standIns = new StandInIdentities(options.key.secret);
    this.signIn = new PoolSignIn({ db: this.db, poolName: this.poolName, lockout: this.lockout, tokens: this.tokens, challenges: new PoolChallenges(this.db, this.now), standIns: this.standIns, userByName: (username) => this.userByName(username) });
  }

  /** Verifies an access token of this pool (signature, iss, token_use, client_id, exp, not revoked). */
  verifyAccessToken(token: string): Promise<VerifiedAccessToken> {
    return this.tokens.verifyAccessToken(token);
  }

  /** True when the sign-in (origin_jti) was revoked by RevokeToken or GlobalSignOut. */
  isRevoked(originJti: string): Promise<boolean> {
    return this.tokens.isRevoked(originJti);
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
        this.checkClient(body);
        return this.signIn.initiateAuth(body);
      case 'RespondToAuthChallenge':
        this.checkClient(body);
        return this.signIn.respondToAuthChallenge(body);
      case 'GetTokensFromRefreshToken':
        this.checkClient(body);
        return { AuthenticationResult: await this.tokens.refresh(str(body, 'RefreshToken')) };
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
    if (inserted.length > 0) await this.codes.sendCode(sub, email, 'SIGN_UP', false);
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
        await this.codes.sendCode(user.sub, user.email, 'SIGN_UP', true, true);
        return;
      }
      const now = this.now();
      const [sent] = await this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(poolOutbox)
        .where(and(eq(poolOutbox.email, user.email), eq(poolOutbox.purpose, 'ACCOUNT_EXISTS'), gt(poolOutbox.createdAt, new Date(now.getTime() - 3600_000))));
      if (Number(sent?.n ?? 0) >= this.config.resendsPerHour) return;
      await this.codes.send({
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
    return EMAIL.test(name) ? name : `${this.standIns.of(name).sub.slice(0, 8)}@example.com`;
  }

  private async confirmSignUp(body: Json): Promise<Json> {
    this.checkClient(body);
    const user = await this.userByName(str(body, 'Username'));
    const code = str(body, 'ConfirmationCode');
    // Unknown and already confirmed accounts answer like a wrong code (no user enumeration).
    if (!user || user.status === 'CONFIRMED') throw CODE_MISMATCH();
    await this.codes.useCode(user.sub, 'SIGN_UP', code);
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
    await this.codes.sendCode(user.sub, user.email, 'SIGN_UP', true);
    return { CodeDeliveryDetails: this.delivery(user.email) };
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
    await this.lockout.checkLock(user);
    const previous = str(body, 'PreviousPassword');
    const proposed = str(body, 'ProposedPassword');
    const x = srp.computeX(this.poolName, user.sub, previous, user.salt);
    if (srp.padHex(srp.modPow(srp.g, x, srp.N)) !== user.verifier) {
      const outcome = await this.lockout.recordFailure(user.sub);
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
      .where(and(eq(poolUsers.sub, user.sub), this.lockout.notLocked(now)))
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
      const { sub } = this.standIns.of(username);
      await this.codes.checkSendLimit(sub, 'FORGOT_PASSWORD');
      await this.db.update(poolCodes).set({ usedAt: this.now() }).where(and(eq(poolCodes.sub, sub), eq(poolCodes.purpose, 'FORGOT_PASSWORD'), isNull(poolCodes.usedAt)));
      return { CodeDeliveryDetails: this.delivery(this.standInAddress(username)) };
    }
    await this.codes.sendCode(user.sub, user.email, 'FORGOT_PASSWORD', true);
    return { CodeDeliveryDetails: this.delivery(user.email) };
  }

  private async confirmForgotPassword(body: Json): Promise<Json> {
    this.checkClient(body);
    const user = await this.userByName(str(body, 'Username'));
    if (!user) throw new CognitoError('CodeMismatchException', 'Invalid verification code provided, please try again.');
    const password = str(body, 'Password');
    const policy = passwordPolicyError(password);
    if (policy) throw new CognitoError('InvalidPasswordException', `Password did not conform with policy: ${policy}`);
    await this.codes.useCode(user.sub, 'FORGOT_PASSWORD', str(body, 'ConfirmationCode'));
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
