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

export interface Identity {
  verifier: TokenVerifier;
  /** The routes a local user pool serves (its Cognito-protocol endpoint), registered in their own scope. */
  register?: (scope: FastifyInstance) => PromiseLike<unknown>;
}

/** Starts the local user pool (`config.localPool`): what the composition root passes in. */
export type LocalPoolFactory = (config: AccountConfig) => Promise<Identity>;

/** A member of the loyalty programme's directory (what a loyalty link is checked against). */
export interface LoyaltyMember {
  memberId: string;
  lastName: string;
  active: boolean;
}

export interface AccountOptions {
  db: Database;
  config?: AccountConfig;
  /** The local user pool, used when `config.localPool` is on. */
  localPool?: LocalPoolFactory;
  /** Members written to the loyalty directory (table loyalty_members) before the first request: the local stand-in's. */
  loyaltyDirectory?: LoyaltyMember[];
}

export function registerAccount(app: FastifyInstance, { db, config = loadAccountConfig(), localPool, loyaltyDirectory = [] }: AccountOptions): void {
  const useLocalPool = config.localPool && localPool !== undefined;
  let identity: Promise<Identity> | undefined;
  const ready = (): Promise<Identity> =>
    (identity ??= (async () => {
      if (loyaltyDirectory.length > 0) await db.insert(loyaltyMembers).values(loyaltyDirectory).onConflictDoNothing();
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
