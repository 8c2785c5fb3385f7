// The pool's one-time codes (sign-up and password reset): sending them through the outbox within
// the hourly limit, and checking one against its attempt limit and expiry.
import crypto from 'node:crypto';
import { and, desc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import type { AccountConfig } from '../../store/account/config.js';
import type { Database } from '../../platform/db/index.js';
import { poolCodes } from '../../platform/db/schema-stand-in-user-pool.js';
import { enqueueWritten } from '../../store/mail/outbox.js';
import { CODE_MISMATCH, EXPIRED_CODE, LIMIT } from './protocol.js';

export class PoolCodes {
  constructor(
    private readonly db: Database,
    private readonly config: AccountConfig,
    private readonly now: () => Date,
  ) {}

  /** LimitExceededException when `resendsPerHour` messages of the purpose went to the user in the last hour. */
  async checkSendLimit(sub: string, purpose: string): Promise<void> {
    const since = new Date(this.now().getTime() - 3600_000);
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(poolCodes)
      .where(and(eq(poolCodes.sub, sub), eq(poolCodes.purpose, purpose), gt(poolCodes.createdAt, since)));
    if (Number(row?.n ?? 0) >= this.config.resendsPerHour) throw LIMIT();
  }

  /** New code for the purpose (earlier ones stop working), written to the outbox. */
  async sendCode(sub: string, email: string, purpose: 'SIGN_UP' | 'FORGOT_PASSWORD', limited: boolean, again = false): Promise<void> {
    if (limited) await this.checkSendLimit(sub, purpose);
    const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
    const now = this.now();
    await this.db.update(poolCodes).set({ usedAt: now }).where(and(eq(poolCodes.sub, sub), eq(poolCodes.purpose, purpose), isNull(poolCodes.usedAt)));
    await this.db.insert(poolCodes).values({ sub, purpose, code, expiresAt: new Date(now.getTime() + this.config.codeTtl * 1000), createdAt: now });
    const hours = Math.round(this.config.codeTtl / 3600);
    const [subject, body] =
      purpose === 'SIGN_UP'
        ? again
          ? [
              'Your Fernleaf verification code',
              `You started creating a Fernleaf account with this address before. Your verification code is ${code}. It expires in ${hours} hours. Your password is the one you chose the first time; if you do not remember it, verify, then choose "Forgot your password?" on the sign-in page.`,
            ]
          : ['Your Fernleaf verification code', `Welcome to Fernleaf. Your verification code is ${code}. It expires in ${hours} hours.`]
        : ['Reset your Fernleaf password', `Your password reset code is ${code}. It expires in ${hours} hours. If you did not ask for it, ignore this e-mail.`];
    await this.send({ email, purpose, subject, body, code, createdAt: now });
  }

  /** A message of the pool: kept in its development outbox and e-mailed through the store's outbox (one statement). */
  async send(m: { email: string; purpose: string; subject: string; body: string; code: string; createdAt: Date }): Promise<void> {
    await this.db.execute(sql`with kept as (insert into pool_outbox (email, purpose, subject, body, code, created_at)
        values (${m.email}, ${m.purpose}, ${m.subject}, ${m.body}, ${m.code}, ${m.createdAt.toISOString()}::timestamptz) returning id)
      ${enqueueWritten(sql`'user-pool:' || (select id from kept)`, m.email, m.subject, m.body)}`);
  }

  /**
   * Checks a code: CodeMismatchException, ExpiredCodeException, LimitExceededException. One
   * conditional UPDATE checks and counts the attempt (or uses the code) on the latest code while it
   * is unused, unexpired and under the attempt limit: concurrent attempts queue on the row lock and
   * each re-checks the limit, so at most `codeAttempts` wrong codes are ever checked, and the right
   * code cannot succeed once they have been.
   */
  async useCode(sub: string, purpose: string, code: string): Promise<void> {
    const given = code.trim();
    const now = this.now();
    const latest = sql`(select max(${poolCodes.id}) from ${poolCodes} where ${poolCodes.sub} = ${sub} and ${poolCodes.purpose} = ${purpose})`;
    const matches = sql`${poolCodes.code} = ${given}`;
    const [checked] = await this.db
      .update(poolCodes)
      .set({
        attempts: sql`case when ${matches} then ${poolCodes.attempts} else ${poolCodes.attempts} + 1 end`,
        usedAt: sql`case when ${matches} then ${now.toISOString()}::timestamptz else null end`,
      })
      .where(and(eq(poolCodes.id, latest), isNull(poolCodes.usedAt), lt(poolCodes.attempts, this.config.codeAttempts), gte(poolCodes.expiresAt, now)))
      .returning({ used: sql<boolean>`${poolCodes.usedAt} is not null` });
    if (checked) {
      if (!checked.used) throw CODE_MISMATCH();
      return;
    }
    // Not checked: say why (the code was used or replaced, the attempts are used up, or it expired).
    const [row] = await this.db
      .select({ usedAt: poolCodes.usedAt, attempts: poolCodes.attempts })
      .from(poolCodes)
      .where(and(eq(poolCodes.sub, sub), eq(poolCodes.purpose, purpose)))
      .orderBy(desc(poolCodes.id))
      .limit(1);
    if (row && !row.usedAt && row.attempts >= this.config.codeAttempts) throw LIMIT();
    throw EXPIRED_CODE();
  }
}
