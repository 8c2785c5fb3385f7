/**
 * The local pool's RS256 signing key: generated at first start and kept in the database (so tokens
 * survive restarts; nothing secret ships with the code). The JWKS publishes the public half.
 */
import crypto from 'node:crypto';
import { asc } from 'drizzle-orm';
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

export async function loadOrCreateSigningKey(db: Database): Promise<SigningKey> {
  const [existing] = await db.select().from(poolSigningKeys).orderBy(asc(poolSigningKeys.createdAt)).limit(1);
  if (existing) {
    const privateKey = (await importJWK(existing.privateJwk as JWK, 'RS256')) as CryptoKey;
    return { kid: existing.kid, privateKey, publicJwk: existing.publicJwk as JWK, secret: secretOf(existing.privateJwk as JWK) };
  }
  const { privateKey, publicKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const kid = crypto.randomBytes(12).toString('base64url');
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const inserted = await db.insert(poolSigningKeys).values({ kid, privateJwk, publicJwk }).onConflictDoNothing().returning();
  if (inserted.length === 0) return loadOrCreateSigningKey(db);
  return { kid, privateKey, publicJwk, secret: secretOf(privateJwk) };
}
