/**
 * Delivers the e-mail outbox. Each send claims one due row (FOR UPDATE SKIP LOCKED, then a lease
 * in `locked_until`), so senders in several processes never take the same row; a
 * sender that dies mid-send leaves its rows to be taken again when the lease ends (a message may
 * then go out twice, never zero times). A failed delivery is tried again after a backoff that
 * doubles from `baseDelayMs` up to `maxDelayMs`; after `maxAttempts` the row is `failed` and stays
 * for an operator (`npm run orders -w api -- mail-retry`). A recipient the server refuses for
 * good (5xx to RCPT TO) fails at once. Times are the database's, the same for every process.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../platform/db/index.js';
import type { MailTransport } from './port.js';
import { renderMail } from './templates.js';

export interface MailSenderOptions {
  transport: MailTransport;
  /** Deliveries tried per message before it is `failed` (default 10). */
  maxAttempts?: number;
  /** Wait after the first failure (ms, default 30 s); doubles each time. */
  baseDelayMs?: number;
  /** Longest wait between tries (ms, default 1 hour). */
  maxDelayMs?: number;
  /** How long a claimed row is held by its sender (ms, default 2 minutes; longer than a send may take). */
  leaseMs?: number;
  /** Messages sent per run at most (default 20). */
  batch?: number;
  log?: (level: 'info' | 'warn' | 'error', fields: Record<string, unknown>, message: string) => void;
}

export interface SendRun {
  sent: number;
  retried: number;
  failed: number;
}

interface Claimed {
  id: number;
  kind: string;
  ref: string;
  recipient: string;
  data: unknown;
  attempts: number;
}

/** A delivery the server refused for good: the recipient (5xx to RCPT TO). */
function permanent(error: unknown): boolean {
  const e = error as { code?: string; responseCode?: number };
  return e?.code === 'EENVELOPE' && typeof e.responseCode === 'number' && e.responseCode >= 500;
}

export class MailSender {
  private readonly maxAttempts: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly leaseMs: number;
  private readonly batch: number;

  constructor(
    private readonly db: Database,
    private readonly options: MailSenderOptions,
  ) {
    this.maxAttempts = options.maxAttempts ?? 10;
    this.baseDelayMs = options.baseDelayMs ?? 30_000;
    this.maxDelayMs = options.maxDelayMs ?? 3_600_000;
    this.leaseMs = options.leaseMs ?? 120_000;
    this.batch = options.batch ?? 20;
  }

  /** The wait before try `attempts + 1` (ms). */
  delayAfter(attempts: number): number {
    return Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** Math.max(0, attempts - 1));
  }

  /** One due row, held for the lease (one at a time: the lease covers one send, however many follow). */
  private async claim(): Promise<Claimed | undefined> {
    const [row] = await queryRows<Claimed>(
      this.db,
      sql`update mail_outbox set locked_until = now() + ${`${this.leaseMs} milliseconds`}::interval, attempts = attempts + 1
          where id = (select id from mail_outbox where status = 'pending' and next_attempt_at <= now() and (locked_until is null or locked_until <= now())
                      order by id limit 1 for update skip locked)
          returning id, kind, ref, recipient, data, attempts`,
    );
    return row;
  }

  /** Sends what is due (at most `batch` messages); returns what happened. */
  async runOnce(): Promise<SendRun> {
    const run: SendRun = { sent: 0, retried: 0, failed: 0 };
    for (let n = 0; n < this.batch; n += 1) {
      const row = await this.claim();
      if (!row) break;
      let message;
      try {
        message = await renderMail(this.db, row);
      } catch (error) {
        await this.retry(row, error, run);
        continue;
      }
      if (!message) {
        await this.db.execute(sql`update mail_outbox set status = 'failed', locked_until = null, last_error = 'what it tells of no longer exists' where id = ${row.id}`);
        run.failed += 1;
        continue;
      }
      try {
        const { messageId } = await this.options.transport.send(message);
        await this.db.execute(sql`update mail_outbox set status = 'sent', sent_at = now(), locked_until = null, last_error = null, message_id = ${messageId} where id = ${row.id}`);
        run.sent += 1;
      } catch (error) {
        await this.retry(row, error, run);
      }
    }
    return run;
  }

  private async retry(row: Claimed, error: unknown, run: SendRun): Promise<void> {
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    if (row.attempts >= this.maxAttempts || permanent(error)) {
      await this.db.execute(sql`update mail_outbox set status = 'failed', locked_until = null, last_error = ${reason} where id = ${row.id}`);
      run.failed += 1;
      this.options.log?.('error', { mailId: row.id, kind: row.kind, ref: row.ref, attempts: row.attempts, reason }, 'e-mail not delivered: given up');
      return;
    }
    const delay = this.delayAfter(row.attempts);
    await this.db.execute(sql`update mail_outbox set locked_until = null, last_error = ${reason}, next_attempt_at = now() + ${`${delay} milliseconds`}::interval where id = ${row.id}`);
    run.retried += 1;
    this.options.log?.('warn', { mailId: row.id, kind: row.kind, ref: row.ref, attempts: row.attempts, retryInMs: delay, reason }, 'e-mail not delivered: will retry');
  }

  /** Runs every `intervalMs` (one run at a time); the returned function stops it and waits for a run in progress. */
  start(intervalMs: number): () => Promise<void> {
    let running: Promise<unknown> | null = null;
    const timer = setInterval(() => {
      if (running) return;
      running = this.runOnce()
        .catch((error: unknown) => this.options.log?.('error', { err: error }, 'e-mail sender run failed'))
        .finally(() => (running = null));
    }, intervalMs);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await running;
    };
  }
}

/** Failed messages become due again (an operator's retry after fixing the mail server); returns how many. */
export async function retryFailedMail(db: Database): Promise<number> {
  const rows = await queryRows<{ id: number }>(db, sql`update mail_outbox set status = 'pending', attempts = 0, next_attempt_at = now(), locked_until = null where status = 'failed' returning id`);
  return rows.length;
}
