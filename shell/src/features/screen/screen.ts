/**
 * Screen classes and sticky offsets: below 768 px mobile, below 1024 px tablet, else
 * desktop, set as `data-screen` on <html>; the heights of the sticky header, the header
 * announcement and the product-list controls as CSS variables (--sticky-header, --sticky-announcement,
 * --sticky-list-controls, and their running sums --sticky-offset-*), recalculated debounced at
 * 150 ms with a 1000 ms maximum wait.
 */
export type ScreenClass = 'mobile' | 'tablet' | 'desktop';

export const MOBILE_MAX = 768;
export const DESKTOP_MIN = 1024;
export const STICKY_DEBOUNCE_MS = 150;
export const STICKY_MAX_WAIT_MS = 1000;

export function screenClass(width: number): ScreenClass {
  if (width < MOBILE_MAX) return 'mobile';
  if (width < DESKTOP_MIN) return 'tablet';
  return 'desktop';
}

/** Debounce with a maximum wait (lodash semantics, trailing call only). */
export function debounce(run: () => void, wait: number, maxWait: number, now: () => number = Date.now): { (): void; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let firstCall: number | null = null;
  const fire = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    firstCall = null;
    run();
  };
  const debounced = () => {
    const t = now();
    firstCall ??= t;
    if (timer) clearTimeout(timer);
    const remaining = Math.max(0, Math.min(wait, maxWait - (t - firstCall)));
    timer = setTimeout(fire, remaining);
  };
  debounced.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    firstCall = null;
  };
  return debounced;
}

/** The sticky elements, top to bottom; remotes mark theirs with these data attributes. */
export const STICKY_PARTS = [
  { name: 'header', selector: '#shell-header' },
  { name: 'announcement', selector: '[data-sticky="announcement"]' },
  { name: 'list-controls', selector: '[data-sticky="list-controls"]' },
] as const;

export function applyScreen(doc: Document = document): void {
  const root = doc.documentElement;
  const width = doc.defaultView?.innerWidth ?? root.clientWidth;
  // every height first (one layout), then the properties that changed: a custom property set on
  // <html> restyles the whole document, so reads interleaved with writes would force one full
  // style recalculation per sticky part (a long task on a phone right after hydration)
  const values = new Map<string, string>();
  let offset = 0;
  for (const part of STICKY_PARTS) {
    const element = doc.querySelector<HTMLElement>(part.selector);
    const height = element ? Math.round(element.getBoundingClientRect().height) : 0;
    values.set(`--sticky-offset-${part.name}`, `${offset}px`);
    values.set(`--sticky-${part.name}`, `${height}px`);
    offset += height;
  }
  values.set('--sticky-offset-total', `${offset}px`);
  const screen = screenClass(width);
  if (root.dataset.screen !== screen) root.dataset.screen = screen;
  for (const [name, value] of values) {
    if (root.style.getPropertyValue(name) !== value) root.style.setProperty(name, value);
  }
}

/** Keeps the screen class and sticky offsets up to date; returns a stop function. */
export function watchScreen(): () => void {
  const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => update());
  const observed = new Set<Element>();
  // sticky parts come and go with the remotes' pages: observe each one that is on the page
  const observeParts = () => {
    for (const part of STICKY_PARTS) {
      const element = document.querySelector(part.selector);
      if (element && observer && !observed.has(element)) {
        observer.observe(element);
        observed.add(element);
      }
    }
    for (const element of [...observed]) {
      if (!element.isConnected) {
        observer?.unobserve(element);
        observed.delete(element);
      }
    }
  };
  const update = debounce(
    () => {
      observeParts();
      applyScreen();
    },
    STICKY_DEBOUNCE_MS,
    STICKY_MAX_WAIT_MS,
  );
  observeParts();
  applyScreen();
  window.addEventListener('resize', update);
  // a page change may add or remove a sticky part (the product-list controls)
  const main = document.getElementById('shell-main');
  const mutations = typeof MutationObserver === 'undefined' || !main ? null : new MutationObserver(() => update());
  mutations?.observe(main!, { childList: true, subtree: true });
  return () => {
    update.cancel();
    window.removeEventListener('resize', update);
    observer?.disconnect();
    mutations?.disconnect();
  };
}
