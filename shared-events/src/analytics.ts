/**
 * `@store/shared-events/analytics`: analytics and error reporting for every remote.
 *
 * - `track(event, params)` pushes `{ event, ...params }` onto `window.dataLayer` (the Google Tag
 *   Manager convention); a tag manager, when configured, reads it from there.
 * - `reportError(error, options)` sends an error report to the collector (by default the API's
 *   `POST /api/site/errors`) sampled: 1% of events by default, fatal events and
 *   events on checkout routes always; `reportTrace` samples 0.1%.
 *
 * Settings live on `window` (not in module state), so every bundle on the page agrees.
 */

export interface AnalyticsSettings {
  /** Where error reports are POSTed (JSON). */
  errorEndpoint: string;
  /** Share of non-fatal error events sent (0..1). */
  errorSampleRate: number;
  /** Share of traces sent (0..1). */
  traceSampleRate: number;
  /** Routes whose events are always sent (path prefixes). */
  alwaysSendPaths: string[];
  /** Release (shell version) attached to reports. */
  release?: string;
}

export const DEFAULT_ANALYTICS_SETTINGS: AnalyticsSettings = {
  errorEndpoint: '/api/site/errors',
  errorSampleRate: 0.01,
  traceSampleRate: 0.001,
  alwaysSendPaths: ['/checkout'],
};

/** Page views are tracked about 3 s after a navigation. */
export const PAGE_VIEW_DELAY_MS = 3000;

type DataLayerEntry = Record<string, unknown>;

interface AnalyticsWindow {
  dataLayer?: DataLayerEntry[];
  __storeAnalytics?: AnalyticsSettings;
}

function win(): (Window & AnalyticsWindow) | undefined {
  return typeof window === 'undefined' ? undefined : (window as Window & AnalyticsWindow);
}

export function configureAnalytics(settings: Partial<AnalyticsSettings>): AnalyticsSettings {
  const w = win();
  const next = { ...getAnalyticsSettings(), ...settings };
  if (w) w.__storeAnalytics = next;
  return next;
}

export function getAnalyticsSettings(): AnalyticsSettings {
  return win()?.__storeAnalytics ?? DEFAULT_ANALYTICS_SETTINGS;
}

/** The page's dataLayer (created on first use). */
export function dataLayer(): DataLayerEntry[] {
  const w = win();
  if (!w) return [];
  w.dataLayer ??= [];
  return w.dataLayer;
}

/** Pushes an event onto window.dataLayer. */
export function track(event: string, params: Record<string, unknown> = {}): void {
  dataLayer().push({ ...params, event });
}

export type ErrorLevel = 'fatal' | 'error' | 'warning';

export interface ReportOptions {
  /** Fatal errors (the page could not be shown) are always sent. */
  level?: ErrorLevel;
  /** A machine code (HTTP status, error name). */
  code?: string | number;
  /** Which part of the store reported it (remote name). */
  source?: string;
  /** Extra context (no personal data). */
  extra?: Record<string, unknown>;
  /** The path the error happened on (default: the current path). */
  location?: string;
}

export interface ErrorReport {
  kind: 'error' | 'trace';
  level: ErrorLevel;
  message: string;
  name?: string;
  stack?: string;
  code?: string;
  source?: string;
  location: string;
  release?: string;
  /** The version of the remote named in `source` this page runs (from the page's registry). */
  remoteVersion?: string;
  extra?: Record<string, unknown>;
  occurredAt: string;
}

/** The version of `remote` in the page's registry (`#shell-registry`, written by the edge), if any. */
function pageVersionOf(remote: string | undefined): string | undefined {
  if (!remote || typeof document === 'undefined') return undefined;
  try {
    const registry = JSON.parse(document.getElementById('shell-registry')?.textContent ?? 'null') as { remotes?: { name?: unknown; version?: unknown }[] } | null;
    const version = registry?.remotes?.find((r) => r.name === remote)?.version;
    return typeof version === 'string' ? version.slice(0, 64) : undefined;
  } catch {
    return undefined;
  }
}

/** Sampling: fatal events and events on always-send routes (checkout) are always sent, others at the rate. */
export function shouldSend(
  { level, location, kind }: { level: ErrorLevel; location: string; kind: 'error' | 'trace' },
  settings: AnalyticsSettings,
  random: () => number = Math.random,
): boolean {
  if (kind === 'trace') return random() < settings.traceSampleRate;
  if (level === 'fatal') return true;
  const path = location.split(/[?#]/)[0] ?? '';
  if (settings.alwaysSendPaths.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return true;
  return random() < settings.errorSampleRate;
}

function currentPath(): string {
  const w = win();
  return w ? `${w.location.pathname}${w.location.search}` : '/';
}

function send(report: ErrorReport, settings: AnalyticsSettings): void {
  const body = JSON.stringify(report);
  try {
    if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
      if (navigator.sendBeacon(settings.errorEndpoint, new Blob([body], { type: 'application/json' }))) return;
    }
    if (typeof fetch === 'function') {
      void fetch(settings.errorEndpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body, keepalive: true, credentials: 'same-origin' }).catch(() => undefined);
    }
  } catch {
    // reporting must never break the page
  }
}

function toReport(kind: 'error' | 'trace', error: unknown, options: ReportOptions): ErrorReport {
  const err = error instanceof Error ? error : undefined;
  const message = (err?.message ?? (typeof error === 'string' ? error : JSON.stringify(error) ?? String(error))).slice(0, 2000);
  const settings = getAnalyticsSettings();
  return {
    kind,
    level: options.level ?? 'error',
    message: message || 'Unknown error',
    ...(err?.name ? { name: err.name } : {}),
    ...(err?.stack ? { stack: err.stack.slice(0, 8000) } : {}),
    ...(options.code !== undefined ? { code: String(options.code) } : {}),
    ...(options.source ? { source: options.source } : {}),
    location: (options.location ?? currentPath()).slice(0, 2000),
    ...(settings.release ? { release: settings.release } : {}),
    ...(pageVersionOf(options.source) ? { remoteVersion: pageVersionOf(options.source) } : {}),
    ...(options.extra ? { extra: options.extra } : {}),
    occurredAt: new Date().toISOString(),
  };
}

/**
 * Reports an error to the collector, sampled (see `shouldSend`). Returns whether it was sent. Also pushes an
 * `exception` event onto the dataLayer (always), so analytics sees every error.
 */
export function reportError(error: unknown, options: ReportOptions = {}, random: () => number = Math.random): boolean {
  const report = toReport('error', error, options);
  track('exception', { description: report.message, fatal: report.level === 'fatal', code: report.code, location: report.location });
  const settings = getAnalyticsSettings();
  if (!shouldSend(report, settings, random)) return false;
  send(report, settings);
  return true;
}

/** A performance or diagnostic trace, sampled at 0.1% by default. */
export function reportTrace(message: string, extra: Record<string, unknown> = {}, random: () => number = Math.random): boolean {
  const report = toReport('trace', message, { level: 'warning', extra });
  const settings = getAnalyticsSettings();
  if (!shouldSend(report, settings, random)) return false;
  send(report, settings);
  return true;
}
