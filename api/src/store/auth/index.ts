/**
 * API authentication (the identity token is sent as the Authorization header).
 *
 * `app.authenticate` (preHandler): 401 unless `Authorization: Bearer <ID token>` carries a valid
 * Cognito-style ID token: RS256 signature from the pool's JWKS (kid), `iss` = the pool, `aud` =
 * the app client id, `token_use` = 'id', `exp` in the future (and, with the local pool, a sign-in
 * that was not revoked). Sets `request.user = { sub, email }`.
 * `app.identify` (preHandler): the same when a token is sent, but a missing token is a guest
 * (`request.user` undefined); a token that is sent and invalid is still 401.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JWK } from 'jose';

export interface AuthUser {
  sub: string;
  email: string;
}

export interface TokenVerifier {
  /** The user of a valid ID token, or null. */
  verify(token: string): Promise<AuthUser | null>;
}

export interface VerifierOptions {
  /** The pool's issuer URL and app client id (AccountConfig's). */
  config: { issuer: string; userPoolClientId: string };
  /** The local pool's JWKS; without it the JWKS is fetched from `${issuer}/.well-known/jwks.json`. */
  jwks?: { keys: JWK[] };
  /** Local pool: is this sign-in (origin_jti) revoked? */
  isRevoked?: (originJti: string) => Promise<boolean>;
}

export function createTokenVerifier({ config, jwks, isRevoked }: VerifierOptions): TokenVerifier {
  const keys = jwks ? createLocalJWKSet(jwks) : createRemoteJWKSet(new URL(`${config.issuer}/.well-known/jwks.json`));
  return {
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, keys, {
          issuer: config.issuer,
          audience: config.userPoolClientId,
          algorithms: ['RS256'],
          requiredClaims: ['exp', 'iat', 'sub'],
        });
        if (payload.token_use !== 'id' || typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
        if (isRevoked && (typeof payload.origin_jti !== 'string' || (await isRevoked(payload.origin_jti)))) return null;
        return { sub: payload.sub, email: payload.email };
      } catch {
        return null;
      }
    },
  };
}

const bearer = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : '';
};

const unauthorised = (reply: FastifyReply) =>
  reply.code(401).header('www-authenticate', 'Bearer').send({ error: 'Unauthorized', message: 'A valid identity token is required.' });

/** Adds `authenticate` and `identify` to the root instance (call before registering routes). */
export function installAuth(app: FastifyInstance, verifier: TokenVerifier): void {
  app.decorateRequest('user', undefined);
  app.decorate('authVerifier', verifier);
  app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    const token = bearer(request);
    const user = token ? await verifier.verify(token) : null;
    if (!user) return unauthorised(reply);
    request.user = user;
  });
  app.decorate('identify', async (request: FastifyRequest, reply: FastifyReply) => {
    const token = bearer(request);
    if (token === undefined) return;
    const user = token ? await verifier.verify(token) : null;
    if (!user) return unauthorised(reply);
    request.user = user;
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    identify: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    authVerifier: TokenVerifier;
  }
  interface FastifyRequest {
    user?: AuthUser;
  }
}
