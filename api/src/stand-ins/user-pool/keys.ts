/**
 * The local pool's RS256 signing key: generated at first start and kept in the database (so tokens
 * survive restarts; nothing secret ships with the code). The JWKS publishes the public half.
 */
import crypto from 'node:crypto';
import { asc, sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { Database } from '../../platform/db/index.js';
import { poolSigningKeys } from '../../platform/db/schema-stand-in-user-pool.js';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
  /**
   * A server-side secret derived from the private key (the same in every process on one
   * database): keys the stand-in salts and ids an unknown user's sign-in is answered with.
   */
  secret: Buffer;
}

const secretOf = (privateJwk: JWK) => crypto.createHash('sha256').update(`fernleaf-pool-secret:${String(privateJwk.d)}`).digest();

/**
 * The pool's key: the oldest in the table, so that every process on one database signs with, and
 * publishes, the same key. The first start writes one under a transaction-scoped advisory lock:
 * processes starting at once on an empty table wait for each other and all read the one written.
 */
export async function loadOrCreateSigningKey(db: Database): Promise<SigningKey> {
  const oldest = (from: Database) => from.select().from(poolSigningKeys).orderBy(asc(poolSigningKeys.createdAt), asc(poolSigningKeys.kid)).limit(1);
  let [existing] = await oldest(db);
  if (!existing) {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    const kid = crypto.randomBytes(12).toString('base64url');
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
    existing = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('pool_signing_keys'))`);
      const [found] = await oldest(tx as unknown as Database);
      if (found) return found;
      const [inserted] = await tx.insert(poolSigningKeys).values({ kid, privateJwk, publicJwk }).returning();
      return inserted!;
    });
  }
  const privateKey = (await importJWK(existing.privateJwk as JWK, 'RS256')) as CryptoKey;
  return { kid: existing.kid, privateKey, publicJwk: existing.publicJwk as JWK, secret: secretOf(existing.privateJwk as JWK) };
}
