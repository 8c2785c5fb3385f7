import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../platform/db/index.js';
import { webVitals } from '../platform/db/schema-site.js';
import { CountedRows, minuteOf } from './counted-rows.js';

/**
 * Field Web Vitals in the database (table web_vitals): per minute, remote, version and metric, the
 * count of page views in each fixed bucket. A measurement only increments a bucket's count; the
 * 75th percentile is the upper bound of the bucket holding it (so it is never reported better than
 * it was, and is exact to a bucket's width). Rows go after `retentionDays`, and at most `maxRows`
 * are kept (the newest minutes): a flood of invented versions cannot fill the database.
 */
export const METRICS = ['INP', 'LCP', 'CLS', 'FCP', 'TTFB'] as const;
export type Metric = (typeof METRICS)[number];

/** Upper bounds (inclusive) of the buckets of the timing metrics, in ms; past the last: one more bucket. */
export const TIME_BOUNDS = [50, 100, 150, 200, 250, 300, 350, 400, 500, 600, 700, 800, 1000, 1200, 1500, 1800, 2000, 2500, 3000, 3500, 4000, 5000, 6000, 8000, 10_000, 15_000, 20_000, 30_000];
/** Upper bounds of the layout shift buckets (unitless). */
export const CLS_BOUNDS = [0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75, 1, 2];

export const boundsOf = (metric: Metric) => (metric === 'CLS' ? CLS_BOUNDS : TIME_BOUNDS);

/** The bucket of a value: the first whose upper bound holds it (values past the last bound: the overflow bucket). */
export function bucketOf(metric: Metric, value: number): number {
  const bounds = boundsOf(metric);
  const index = bounds.findIndex((bound) => value <= bound);
  return index === -1 ? bounds.length : index;
}

/** The upper bound of a bucket (Infinity: the overflow bucket). */
export const upperBound = (metric: Metric, bucket: number) => boundsOf(metric)[bucket] ?? Number.POSITIVE_INFINITY;

export interface Percentile {
  /** Page views counted. */
  count: number;
  /** The 75th percentile (the upper bound of its bucket), null with no count. */
  p75: number | null;
}

/** The 75th percentile of bucket counts (bucket -> count). */
export function p75Of(metric: Metric, counts: Map<number, number>): Percentile {
  const count = [...counts.values()].reduce((a, b) => a + b, 0);
  if (count === 0) return { count, p75: null };
  const rank = Math.ceil(count * 0.75);
  let seen = 0;
  for (const bucket of [...counts.keys()].sort((a, b) => a - b)) {
    seen += counts.get(bucket)!;
    if (seen >= rank) return { count, p75: upperBound(metric, bucket) };
  }
  return { count, p75: Number.POSITIVE_INFINITY };
}

export interface WebVitalsSettings {
  /** Reports (beacons) per client and minute (VITALS_PER_MINUTE). */
  perMinute: number;
  /** Days the per-minute counts are kept (VITALS_RETENTION_DAYS). */
  retentionDays: number;
  /** Rows kept at most (VITALS_MAX_ROWS). */
  maxRows: number;
}

export const DEFAULT_WEB_VITALS_SETTINGS: WebVitalsSettings = { perMinute: 30, retentionDays: 7, maxRows: 500_000 };

/** Distinct counters held in memory between flushes at most (more are dropped and counted as dropped). */
const MAX_PENDING = 20_000;
const PRUNE_EVERY_MS = 60_000;

/**
 * Counts measurements in memory and adds them to web_vitals every `flushMs` (one upsert per
 * minute, remote, version, metric and bucket), pruning past the retention rule at most once a minute.
 */
export class WebVitalsRecorder {
  private readonly rows: CountedRows<{ minute: number; remote: string; version: string; metric: Metric; bucket: number; count: number }>;
  private lastPrune = 0;
  dropped = 0;

  constructor(
    private readonly db: Database,
    private readonly settings: WebVitalsSettings = DEFAULT_WEB_VITALS_SETTINGS,
    private readonly options: { flushMs?: number; now?: () => Date; onError?: (error: unknown) => void } = {},
  ) {
    this.rows = new CountedRows(
      (row) =>
        db
          .insert(webVitals)
          .values({ minute: new Date(row.minute), remote: row.remote, version: row.version, metric: row.metric, bucket: row.bucket, count: row.count })
          .onConflictDoUpdate({ target: [webVitals.remote, webVitals.version, webVitals.metric, webVitals.minute, webVitals.bucket], set: { count: sql`${webVitals.count} + ${row.count}` } }),
      { ...options, maxRows: MAX_PENDING },
    );
  }

  private now(): Date {
    return (this.options.now ?? (() => new Date()))();
  }

  record(remote: string, version: string, metric: Metric, value: number): void {
    const minute = minuteOf(this.now()).getTime();
    const bucket = bucketOf(metric, value);
    const row = this.rows.row(`${minute} ${remote} ${version} ${metric} ${bucket}`, () => ({ minute, remote, version, metric, bucket, count: 0 }));
    if (row) row.count += 1;
    else this.dropped += 1;
  }

  /** Adds what was counted to the table, then prunes (a failure is reported; the counts are dropped, never added twice). */
  async flush(): Promise<void> {
    await this.rows.flush();
    const now = this.now().getTime();
    if (now - this.lastPrune >= PRUNE_EVERY_MS) {
      this.lastPrune = now;
      await pruneWebVitals(this.db, this.settings, new Date(now)).catch((error: unknown) => this.options.onError?.(error));
    }
  }
}

/** Deletes rows older than the retention days, then whole minutes, oldest first, until at most `maxRows` are left. */
export async function pruneWebVitals(db: Database, settings: Pick<WebVitalsSettings, 'retentionDays' | 'maxRows'>, now: Date = new Date()): Promise<void> {
  await db.delete(webVitals).where(lt(webVitals.minute, new Date(now.getTime() - settings.retentionDays * 86_400_000)));
  await db.execute(sql`delete from web_vitals where minute <= (select minute from web_vitals order by minute desc offset ${settings.maxRows} limit 1)`);
}

/** A version's 75th percentiles over the minutes from `since` (its minute included) to before `until`. */
export async function vitalsOf(db: Database, remote: string, version: string, since: Date, until: Date): Promise<Record<Metric, Percentile>> {
  const rows = await db
    .select({ metric: webVitals.metric, bucket: webVitals.bucket, count: sql<number>`sum(${webVitals.count})::int` })
    .from(webVitals)
    .where(and(eq(webVitals.remote, remote), eq(webVitals.version, version), gte(webVitals.minute, minuteOf(since)), lt(webVitals.minute, until)))
    .groupBy(webVitals.metric, webVitals.bucket);
  const out = {} as Record<Metric, Percentile>;
  for (const metric of METRICS) {
    out[metric] = p75Of(metric, new Map(rows.filter((r) => r.metric === metric).map((r) => [r.bucket, Number(r.count)])));
  }
  return out;
}

/** A version's 75th percentile of `metric` per minute from `since` (oldest first). */
export async function vitalsPerMinute(db: Database, remote: string, version: string, metric: Metric, since: Date): Promise<{ minute: Date; count: number; p75: number | null }[]> {
  const rows = await db
    .select({ minute: webVitals.minute, bucket: webVitals.bucket, count: webVitals.count })
    .from(webVitals)
    .where(and(eq(webVitals.remote, remote), eq(webVitals.version, version), eq(webVitals.metric, metric), gte(webVitals.minute, minuteOf(since))));
  const byMinute = new Map<number, Map<number, number>>();
  for (const row of rows) {
    const key = new Date(row.minute).getTime();
    const counts = byMinute.get(key) ?? new Map<number, number>();
    counts.set(row.bucket, (counts.get(row.bucket) ?? 0) + Number(row.count));
    byMinute.set(key, counts);
  }
  return [...byMinute.entries()].sort(([a], [b]) => a - b).map(([minute, counts]) => ({ minute: new Date(minute), ...p75Of(metric, counts) }));
}
