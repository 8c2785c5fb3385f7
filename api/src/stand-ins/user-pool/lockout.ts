// Locking a user out after too many wrong passwords, counted atomically in the database.
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { AccountConfig } from '../../store/account/config.js';
import type { Database } from '../../platform/db/index.js';
import { poolUsers } from '../../platform/db/schema-stand-in-user-pool.js';
import { ATTEMPTS_EXCEEDED } from './protocol.js';

const LOCK_MINUTES = 15;

export class PoolLockout {
  constructor(
    private readonly db: Database,
    private readonly config: AccountConfig,
    private readonly now: () => Date,
  ) {}

  /** A quick refusal before any password work (the authoritative check is the atomic write after it). */
  async checkLock(user: typeof poolUsers.$inferSelect): Promise<void> {
    if (user.lockedUntil && user.lockedUntil.getTime() > this.now().getTime()) throw ATTEMPTS_EXCEEDED();
  }

  notLocked(now: Date) {
    return or(isNull(poolUsers.lockedUntil), lte(poolUsers.lockedUntil, now));
  }

  /**
   * Counts a wrong password in one conditional UPDATE (only while the user is not locked; the
   * `signInAttempts`-th failure sets the lock): concurrent failures queue on the row lock and
   * re-check it, so no more than the limit are ever counted before the lock. 'locked' when the user
   * was already locked (nothing counted), 'locked-now' when this failure locked it.
   */
  async recordFailure(sub: string): Promise<'counted' | 'locked' | 'locked-now'> {
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
  async recordSuccess(sub: string): Promise<boolean> {
    const now = this.now();
    const rows = await this.db
      .update(poolUsers)
      .set({ failedAttempts: 0, lockedUntil: null })
      .where(and(eq(poolUsers.sub, sub), this.notLocked(now)))
      .returning({ sub: poolUsers.sub });
    return rows.length > 0;
  }
}
