// The SRP challenges of sign-in in progress, kept in the database (any process may answer one):
// each is answered once, within its time, and expired ones are pruned.
import { eq, lt } from 'drizzle-orm';
import type { Database } from '../../platform/db/index.js';
import { poolSrpChallenges } from '../../platform/db/schema-stand-in-user-pool.js';
import { hashToken } from './tokens.js';

/** How long an SRP challenge may be answered (kept in the database: any process may answer it). */
const CHALLENGE_TTL_MS = 5 * 60_000;
/** Expired challenges are deleted at most this often by one process. */
const CHALLENGE_PRUNE_MS = 60_000;

export class PoolChallenges {
  private lastPrune = 0;

  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
  ) {}

  /** Keeps a new challenge (after pruning expired ones), answerable for CHALLENGE_TTL_MS. */
  async create(values: Omit<typeof poolSrpChallenges.$inferInsert, 'expiresAt'>): Promise<void> {
    await this.prune();
    await this.db.insert(poolSrpChallenges).values({ ...values, expiresAt: new Date(this.now().getTime() + CHALLENGE_TTL_MS) });
  }

  /** Deletes expired challenges (at most once a minute per process; an index on the expiry keeps it cheap). */
  private async prune(): Promise<void> {
    const now = this.now();
    if (now.getTime() - this.lastPrune < CHALLENGE_PRUNE_MS) return;
    this.lastPrune = now.getTime();
    await this.db.delete(poolSrpChallenges).where(lt(poolSrpChallenges.expiresAt, now));
  }

  /** The challenge of a SECRET_BLOCK, taken once (deleted in the same statement) while unexpired. */
  async take(secretBlock: string) {
    const [row] = await this.db.delete(poolSrpChallenges).where(eq(poolSrpChallenges.id, hashToken(secretBlock))).returning();
    if (!row || row.expiresAt.getTime() < this.now().getTime()) return null;
    const big = (hex: string) => BigInt(`0x${hex}`);
    return { sub: row.sub, known: row.known, A: big(row.clientPublic), B: big(row.serverPublic), b: big(row.serverSecret), verifier: row.verifier };
  }
}
