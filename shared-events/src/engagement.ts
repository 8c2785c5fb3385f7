// The shopper's first intent on a page: whether they have shown it, work that waits for it, and
// the taps made before the page was hydrated, replayed after.

/** Where the edge's script loader keeps the buttons tapped before the page was hydrated. */
export const EARLY_CLICKS_GLOBAL = '__storeEarlyClicks';

/**
 * Whether the shopper has shown intent on this page (a touch, a press, a key, focus, a wheel, a
 * mouse moving): the edge's script loader sets it false when it writes the page and true on the
 * first intent, and then fires ENGAGED_EVENT on the window. Unset (a page without the loader): engaged.
 */
export const ENGAGED_GLOBAL = '__storeEngaged';
export const ENGAGED_EVENT = 'store:engaged';

type IdleWindow = Window & { requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => number; cancelIdleCallback?: (id: number) => void };

/** True once the shopper has shown intent on this page (always on a page without the edge's loader). */
export function isEngaged(): boolean {
  return typeof window === 'undefined' || (window as unknown as Record<string, unknown>)[ENGAGED_GLOBAL] !== false;
}

/**
 * Work that only makes what the shopper may do next faster (loading an overlay's code, prefetching
 * a link's route): run at the browser's next idle moment (at most `timeoutMs` later) once the
 * shopper has shown intent on this page, at once if they already have. A page nobody touches (its
 * scripts started because it was quiet) pays only for what it shows. Returns a cancel function.
 */
export function warmWhenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const w = window as IdleWindow;
  let cancelled = false;
  let cancelIdle: () => void = () => undefined;
  const idle = () => {
    if (cancelled) return;
    if (w.requestIdleCallback) {
      const id = w.requestIdleCallback(task, { timeout: timeoutMs });
      cancelIdle = () => w.cancelIdleCallback?.(id);
    } else {
      const id = setTimeout(task, 0);
      cancelIdle = () => clearTimeout(id);
    }
  };
  if (isEngaged()) idle();
  else w.addEventListener(ENGAGED_EVENT, idle, { once: true });
  return () => {
    cancelled = true;
    w.removeEventListener(ENGAGED_EVENT, idle);
    cancelIdle();
  };
}

/**
 * Taps the shopper made on buttons of a server-rendered region before its scripts arrived (the
 * edge's script loader records them: scriptsOnIntent in api/src/edge/ssr/render.ts) are clicked
 * again once the region's React root exists (React hydrates the tapped part first and runs its
 * handler), instead of being lost. Call right after hydrateRoot for `container`.
 */
export function replayEarlyClicks(container: Element): void {
  if (typeof window === 'undefined') return;
  const queue = (window as unknown as Record<string, unknown>)[EARLY_CLICKS_GLOBAL];
  if (!Array.isArray(queue) || queue.length === 0) return;
  const mine = queue.filter((target): target is HTMLElement => target instanceof HTMLElement && container.contains(target));
  if (mine.length === 0) return;
  for (const target of mine) queue.splice(queue.indexOf(target), 1);
  setTimeout(() => {
    for (const target of mine) if (target.isConnected) target.click();
  }, 0);
}
