// The pool's tokens: ID, access and refresh tokens as Cognito shapes them, refreshing, verifying
// an access token and whether its sign-in was revoked.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT, jwtVerify, createLocalJWKSet, type JWK } from 'jose';
import type { AccountConfig } from '../../store/account/config.js';
import type { Database } from '../../platform/db/index.js';
import { poolRefreshTokens, poolUsers } from '../../platform/db/schema-stand-in-user-pool.js';
import type { SigningKey } from './keys.js';
import { CognitoError, type Json } from './protocol.js';

export interface VerifiedAccessToken {
  sub: string;
  username: string;
  originJti: string;
}

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export class PoolTokens {
  private readonly localJwks: ReturnType<typeof createLocalJWKSet>;

  constructor(
    private readonly db: Database,
    private readonly config: AccountConfig,
    private readonly key: SigningKey,
    private readonly now: () => Date,
    jwks: { keys: JWK[] },
  ) {
    this.localJwks = createLocalJWKSet(jwks);
  }


  /** ID, access and (on sign-in) refresh tokens, as Cognito shapes them. */
  async issue(user: typeof poolUsers.$inferSelect, withRefresh: boolean, originJti: string = crypto.randomUUID(), authTime?: number): Promise<Json> {
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

  async refresh(refreshToken: string): Promise<Json> {
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
}
