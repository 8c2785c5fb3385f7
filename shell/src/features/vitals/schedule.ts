/**
 * Field Web Vitals, scheduled so they cost nothing before the page is interactive: the page view is
 * sampled first (a page not sampled loads nothing), and the reporter's code (web-vitals, a few KB)
 * is fetched only after the load event, once the shopper has shown intent on the page
 * (ENGAGED_EVENT from the edge's loader) or the page has been quiet for `quietMs` since load, at
 * the browser's next idle moment. Largest paint, first paint and the server's answer are read from
 * the browser's buffer afterwards; interactions are measured from then on.
 */
import { ENGAGED_EVENT, isEngaged } from '@store/shared-events/remote';

export interface VitalsSettings {
  /** Where the reports are sent (a path on this site). */
  endpoint: string;
  /** Share of page views measured (0..1); pages under `alwaysPaths` always. */
  sampleRate: number;
  alwaysPaths: string[];
  /** A page nobody touches loads the reporter this long after its load event. */
  quietMs: number;
}

export const DEFAULT_VITALS: VitalsSettings = { endpoint: '/api/site/vitals', sampleRate: 0.01, alwaysPaths: ['/checkout'], quietMs: 15_000 };

/** Whether this page view is measured: always on the `alwaysPaths` routes, else at `sampleRate`. */
export function sampled(pathname: string, settings: Pick<VitalsSettings, 'sampleRate' | 'alwaysPaths'>, random: () => number = Math.random): boolean {
  if (settings.alwaysPaths.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))) return true;
  return random() < settings.sampleRate;
}

type IdleWindow = Window & { requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => number };

/**
 * Runs `start` (which loads the reporter) once, as described above; call it after the page's first
 * route mounted. Returns false (and never runs it) when the page view is not sampled.
 */
export function scheduleVitals(settings: VitalsSettings, start: () => void, random: () => number = Math.random): boolean {
  if (!sampled(window.location.pathname, settings, random)) return false;
  const w = window as IdleWindow;
  let done = false;
  let quiet: ReturnType<typeof setTimeout> | undefined;
  const go = () => {
    if (done) return;
    done = true;
    clearTimeout(quiet);
    w.removeEventListener(ENGAGED_EVENT, go);
    if (w.requestIdleCallback) w.requestIdleCallback(start, { timeout: 2000 });
    else setTimeout(start, 0);
  };
  const afterLoad = () => {
    if (isEngaged()) return go();
    w.addEventListener(ENGAGED_EVENT, go, { once: true });
    quiet = setTimeout(go, settings.quietMs);
  };
  if (document.readyState === 'complete') afterLoad();
  else w.addEventListener('load', afterLoad, { once: true });
  return true;
}
