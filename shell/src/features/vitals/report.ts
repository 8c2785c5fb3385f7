/**
 * The Web Vitals reporter (loaded on demand by schedule.ts): INP, LCP, CLS, FCP and TTFB from the
 * web-vitals attribution build, each attributed to the remote and version that rendered the region
 * or ran the script, sent with sendBeacon when the page is hidden (the final values).
 *
 * - INP: the remote whose script (under /cdn/<name>/<version>/) ran longest in the interaction's
 *   frame, else the region of the element interacted with.
 * - LCP, CLS: the region of the largest element / of the largest shift.
 * - FCP, TTFB: the region that owns the page (the first remote region of the main area).
 *
 * A region is the edge's `[data-remote]` element (its `data-remote-version`, else the version the
 * page's registry gives that remote); anything outside a region is the shell's.
 */
import type { ApiInit } from '@store/contracts/http';
import { onCLS, onFCP, onINP, onLCP, onTTFB, type CLSMetricWithAttribution, type FCPMetricWithAttribution, type INPMetricWithAttribution, type LCPMetricWithAttribution, type TTFBMetricWithAttribution } from 'web-vitals/attribution';

/** One metric of POST /api/site/vitals (the OpenAPI document's generated type). */
export type VitalReport = NonNullable<ApiInit<'post', '/api/site/vitals'>['body']>['metrics'][number];

const CDN_SCRIPT = /\/cdn\/([a-z][a-z0-9_]{0,39})\/([A-Za-z0-9._-]{1,64})\//;
const OWNER = /^([a-z][a-z0-9_]{0,39})@(.*)$/;

function registryVersion(remote: string): string | null {
  try {
    const registry = JSON.parse(document.getElementById('shell-registry')?.textContent ?? 'null') as { remotes?: { name?: unknown; version?: unknown }[] } | null;
    const version = registry?.remotes?.find((r) => r.name === remote)?.version;
    return typeof version === 'string' ? version : null;
  } catch {
    return null;
  }
}

/** The remote@version owning an element (its region), or the shell's. */
export function ownerOf(el: Node | null | undefined, shellVersion: string | null): string {
  const element = el && (el.nodeType === 1 ? (el as Element) : el.parentElement);
  const region = element?.closest?.('[data-remote]') as HTMLElement | null | undefined;
  const remote = region?.dataset.remote;
  if (!remote) return `shell@${shellVersion ?? ''}`;
  return `${remote}@${region.dataset.remoteVersion || registryVersion(remote) || ''}`;
}

function split(owner: string | undefined, fallback: string): { remote: string; version: string | null } {
  const match = OWNER.exec(owner ?? '') ?? OWNER.exec(fallback);
  return { remote: match?.[1] ?? 'shell', version: match?.[2] || null };
}

/** The shell's version: from its own script's URL (/cdn/shell/<version>/). */
function shellVersionOfPage(): string | null {
  const src = document.querySelector<HTMLScriptElement>('script[src*="/cdn/shell/"]')?.src ?? '';
  return CDN_SCRIPT.exec(src)?.[2] ?? null;
}

/** Starts measuring; reports go to `endpoint`. Returns the pending reports' flush (for tests). */
export function startReporting(endpoint: string, shellVersion: string | null = shellVersionOfPage()): () => void {
  const generateTarget = (el: Node | null) => ownerOf(el, shellVersion);
  const pageOwner = () => ownerOf(document.querySelector('#shell-main [data-remote]') ?? document.querySelector('[data-remote]'), shellVersion);
  const pending = new Map<string, VitalReport>();
  const add = (id: string, report: VitalReport) => pending.set(id, { ...report, value: Math.round(report.value * (report.name === 'CLS' ? 1000 : 1)) / (report.name === 'CLS' ? 1000 : 1) });
  const flush = () => {
    if (pending.size === 0) return;
    const body = JSON.stringify({ path: window.location.pathname, metrics: [...pending.values()] });
    pending.clear();
    try {
      if (!navigator.sendBeacon?.(endpoint, new Blob([body], { type: 'application/json' }))) void fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body, keepalive: true }).catch(() => undefined);
    } catch {
      // measuring never breaks the page
    }
  };
  const options = { generateTarget };
  onINP((m: INPMetricWithAttribution) => {
    const script = CDN_SCRIPT.exec(m.attribution.longestScript?.entry.sourceURL ?? '');
    add(m.id, { name: 'INP', value: m.value, ...(script ? { remote: script[1]!, version: script[2]! } : split(m.attribution.interactionTarget, pageOwner())) });
  }, options);
  onLCP((m: LCPMetricWithAttribution) => add(m.id, { name: 'LCP', value: m.value, ...split(m.attribution.target, pageOwner()) }), options);
  onCLS((m: CLSMetricWithAttribution) => add(m.id, { name: 'CLS', value: m.value, ...split(m.attribution.largestShiftTarget, pageOwner()) }), options);
  onFCP((m: FCPMetricWithAttribution) => add(m.id, { name: 'FCP', value: m.value, ...split(undefined, pageOwner()) }));
  onTTFB((m: TTFBMetricWithAttribution) => add(m.id, { name: 'TTFB', value: m.value, ...split(undefined, pageOwner()) }));
  // after web-vitals' own listeners (added above): the final values are in by then
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush());
  window.addEventListener('pagehide', flush);
  return flush;
}
