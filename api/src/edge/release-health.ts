import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../platform/db/index.js';

/** The database or a transaction on it. */
type Db = Database | Parameters<Parameters<Database['transaction']>[0]>[0];
import { releaseHealth } from '../platform/db/schema-site.js';
import type { SsrMetrics } from '../platform/http/metrics.js';
import { CountedRows, minuteOf } from './counted-rows.js';

/**
 * Per-version health in the database (table release_health, one row per remote, version and
 * minute), so every API process's renders and error reports count towards one judgement.
 */
export interface HealthCounts {
  renders: number;
  renderFailures: number;
  errorReports: number;
}


/** Adds counts to a remote version's row of the minute holding `at`. */
export async function addHealth(db: Db, remote: string, version: string, counts: Partial<HealthCounts>, at: Date): Promise<void> {
  const { renders = 0, renderFailures = 0, errorReports = 0 } = counts;
  await db
    .insert(releaseHealth)
    .values({ minute: minuteOf(at), remote, version, renders, renderFailures, errorReports })
    .onConflictDoUpdate({
      target: [releaseHealth.remote, releaseHealth.version, releaseHealth.minute],
      set: {
        renders: sql`${releaseHealth.renders} + ${renders}`,
        renderFailures: sql`${releaseHealth.renderFailures} + ${renderFailures}`,
        errorReports: sql`${releaseHealth.errorReports} + ${errorReports}`,
      },
    });
}

/** A version's counts over the minutes from `since` (its minute included) to before `until`. */
export async function healthOf(db: Db, remote: string, version: string, since: Date, until: Date): Promise<HealthCounts> {
  const [row] = await db
    .select({
      renders: sql<number>`coalesce(sum(${releaseHealth.renders}), 0)::int`,
      renderFailures: sql<number>`coalesce(sum(${releaseHealth.renderFailures}), 0)::int`,
      errorReports: sql<number>`coalesce(sum(${releaseHealth.errorReports}), 0)::int`,
    })
    .from(releaseHealth)
    .where(and(eq(releaseHealth.remote, remote), eq(releaseHealth.version, version), gte(releaseHealth.minute, minuteOf(since)), lt(releaseHealth.minute, until)));
  return { renders: Number(row?.renders ?? 0), renderFailures: Number(row?.renderFailures ?? 0), errorReports: Number(row?.errorReports ?? 0) };
}

/** Removes rows older than `before` (the judge keeps a few days). */
export async function pruneHealth(db: Db, before: Date): Promise<void> {
  await db.delete(releaseHealth).where(lt(releaseHealth.minute, before));
}

/**
 * The edge's server-render outcomes counted in memory and added to the table every `flushMs`
 * (one upsert per remote version and minute, not one per render). Not-found pages count as
 * renders (the remote answered), failures as render failures.
 */
export class RenderHealthRecorder {
  private readonly rows: CountedRows<{ remote: string; version: string; minute: number; renders: number; renderFailures: number }>;

  constructor(
    db: Database,
    private readonly options: { flushMs?: number; now?: () => Date; onError?: (error: unknown) => void } = {},
  ) {
    // a failure keeps nothing twice: the counts are reported and dropped
    this.rows = new CountedRows((row) => addHealth(db, row.remote, row.version, { renders: row.renders, renderFailures: row.renderFailures }, new Date(row.minute)), options);
  }

  /** SsrMetrics that count here, then pass on to `next` (the Prometheus metrics). */
  metrics(next?: SsrMetrics): SsrMetrics {
    return {
      render: (remote, version, outcome, seconds) => {
        this.count(remote, version, outcome === 'failed');
        next?.render(remote, version, outcome, seconds);
      },
      pageCacheLookup: (hit) => next?.pageCacheLookup(hit),
    };
  }

  count(remote: string, version: string, failed: boolean): void {
    const minute = minuteOf((this.options.now ?? (() => new Date()))()).getTime();
    const row = this.rows.row(`${remote} ${version} ${minute}`, () => ({ remote, version, minute, renders: 0, renderFailures: 0 }))!;
    row.renders += 1;
    if (failed) row.renderFailures += 1;
  }

  /** Adds what was counted to the table. */
  flush(): Promise<void> {
    return this.rows.flush();
  }
}
