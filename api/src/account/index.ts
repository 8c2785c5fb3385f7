/**
 * The account area, wired into the app by one call: the identity (local user pool or a real
 * Cognito pool's JWKS), the `authenticate` / `identify` decorators, and the routes.
 */
import type { FastifyInstance } from 'fastify';
import { createTokenVerifier, installAuth, type AuthUser, type TokenVerifier } from '../auth/index.js';
import { loadOrCreateSigningKey } from '../cognito/keys.js';
import { LocalUserPool } from '../cognito/pool.js';
import { cognitoRoutes } from '../cognito/routes.js';
import type { Database } from '../db/index.js';
import { loyaltyMembers } from '../db/schema-account.js';
import { loadAccountConfig, type AccountConfig } from './config.js';
import { accountRoutes } from './routes.js';

/** The loyalty programme's member directory stand-in (number, last name, active). */
export const LOYALTY_DIRECTORY = [
  { memberId: '1234567890', lastName: 'Smith', active: true },
  { memberId: '2345678901', lastName: 'Ngata', active: true },
  { memberId: '3456789012', lastName: 'Wilson', active: false },
  { memberId: '4567890123', lastName: 'Chen', active: true },
];

export interface Identity {
  pool: LocalUserPool | null;
  verifier: TokenVerifier;
}

export function registerAccount(app: FastifyInstance, { db, config = loadAccountConfig() }: { db: Database; config?: AccountConfig }): void {
  let identity: Promise<Identity> | undefined;
  const ready = (): Promise<Identity> =>
    (identity ??= (async () => {
      await db.insert(loyaltyMembers).values(LOYALTY_DIRECTORY).onConflictDoNothing();
      if (!config.localPool) return { pool: null, verifier: createTokenVerifier({ config }) };
      const pool = new LocalUserPool({ db, config, key: await loadOrCreateSigningKey(db) });
      return { pool, verifier: createTokenVerifier({ config, jwks: pool.jwks, isRevoked: (jti) => pool.isRevoked(jti) }) };
    })());
  const verifier: TokenVerifier = {
    verify: async (token: string): Promise<AuthUser | null> => (await ready()).verifier.verify(token),
  };
  installAuth(app, verifier);
  app.decorate('identity', ready);
  app.addHook('onReady', async () => {
    await ready();
  });
  if (config.localPool) {
    app.register(async (scope) => {
      const { pool } = await ready();
      await scope.register(cognitoRoutes, { pool: pool!, config });
    });
  }
  app.register(accountRoutes, { db, config });
}

declare module 'fastify' {
  interface FastifyInstance {
    identity: () => Promise<Identity>;
  }
}
