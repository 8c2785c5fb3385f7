/**
 * The error-report collector's rules: who a report is attributed to, how many a client may send,
 * how long reports are kept.
 *
 * - Attribution: the first script URL of the stack under `/cdn/<name>/<version>/` names the build
 *   that ran (the edge serves every build there), else the report's `source` with the version the
 *   page's registry gave it (`remoteVersion`). Names and versions are checked for shape; neither
 *   is trusted for anything but counting.
 * - Retention: reports older than `retentionDays` go, and at most `maxRows` are kept (the newest):
 *   a flood cannot fill the database. Pruned at most once a minute per process.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/index.js';

export interface ErrorReportSettings {
  /** Reports per client and minute (ERROR_REPORTS_PER_MINUTE). */
  perMinute: number;
  /** Days a report is kept (ERROR_REPORT_RETENTION_DAYS). */
  retentionDays: number;
  /** Reports kept at most (ERROR_REPORT_MAX_ROWS). */
  maxRows: number;
}

export const DEFAULT_ERROR_REPORT_SETTINGS: ErrorReportSettings = { perMinute: 30, retentionDays: 14, maxRows: 100_000 };

const NAME = /^[a-z][a-z0-9_]{0,39}$/;
const VERSION = /^[A-Za-z0-9._-]{1,64}$/;
const CDN_SCRIPT = /\/cdn\/([a-z][a-z0-9_]{0,39})\/([A-Za-z0-9._-]{1,64})\//;
/** Sources that are parts of the shell (the chrome, its error page, window-level handlers). */
const SHELL_SOURCES = new Set(['shell', 'chrome', 'window', 'unhandledrejection', 'fragment']);

export interface Attribution {
  remote: string | null;
  version: string | null;
}

export function attribute(report: { stack?: string; source?: string; remoteVersion?: string; release?: string }): Attribution {
  const frame = report.stack ? CDN_SCRIPT.exec(report.stack) : null;
  if (frame) return { remote: frame[1]!, version: frame[2]! };
  const source = report.source && NAME.test(report.source) ? report.source : null;
  if (source && SHELL_SOURCES.has(source)) return { remote: 'shell', version: report.release && VERSION.test(report.release) ? report.release : null };
  if (source) return { remote: source, version: report.remoteVersion && VERSION.test(report.remoteVersion) ? report.remoteVersion : null };
  return { remote: null, version: null };
}

const PRUNE_EVERY_MS = 60_000;

/** Deletes reports past the retention rule; at most once a minute per `pruner`. */
export function reportPruner(db: Database, settings: ErrorReportSettings, now: () => number = Date.now) {
  let last = 0;
  let running: Promise<void> | null = null;
  return async function prune(force = false): Promise<void> {
    if (running) return running;
    if (!force && now() - last < PRUNE_EVERY_MS) return;
    last = now();
    running = (async () => {
      await db.execute(sql`delete from error_reports where received_at < now() - make_interval(days => ${settings.retentionDays})`);
      await db.execute(sql`delete from error_reports where id <= (select id from error_reports order by id desc offset ${settings.maxRows} limit 1)`);
    })().finally(() => {
      running = null;
    });
    return running;
  };
}
