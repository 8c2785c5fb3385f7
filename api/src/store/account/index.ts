/**
 * The account area, wired into the app by one call: the identity (a real Cognito pool's JWKS, or
 * the local user pool the composition root passes in as `localPool`), the `authenticate` /
 * `identify` decorators, and the routes.
 */
import type { FastifyInstance } from 'fastify';
import { createTokenVerifier, installAuth, type AuthUser, type TokenVerifier } from '../auth/index.js';
import type { Database } from '../../platform/db/index.js';
import { loyaltyMembers } from '../../platform/db/schema-account.js';
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
  verifier: TokenVerifier;
  /** The routes a local user pool serves (its Cognito-protocol endpoint), registered in their own scope. */
  register?: (scope: FastifyInstance) => PromiseLike<unknown>;
}

/** Starts the local user pool (`config.localPool`): what the composition root passes in. */
export type LocalPoolFactory = (config: AccountConfig) => Promise<Identity>;

export function registerAccount(app: FastifyInstance, { db, config = loadAccountConfig(), localPool }: { db: Database; config?: AccountConfig; localPool?: LocalPoolFactory }): void {
  const useLocalPool = config.localPool && localPool !== undefined;
  let identity: Promise<Identity> | undefined;
  const ready = (): Promise<Identity> =>
    (identity ??= (async () => {
      await db.insert(loyaltyMembers).values(LOYALTY_DIRECTORY).onConflictDoNothing();
      if (!useLocalPool) return { verifier: createTokenVerifier({ config }) };
      return localPool(config);
    })());
  const verifier: TokenVerifier = {
    verify: async (token: string): Promise<AuthUser | null> => (await ready()).verifier.verify(token),
  };
  installAuth(app, verifier);
  app.decorate('identity', ready);
  app.addHook('onReady', async () => {
    await ready();
  });
  if (useLocalPool) {
    app.register(async (scope) => {
      const { register } = await ready();
      await register?.(scope);
    });
  }
  app.register(accountRoutes, { db, config });
}

declare module 'fastify' {
  interface FastifyInstance {
    identity: () => Promise<Identity>;
  }
}
