/**
 * Scroll positions across client-side navigations: a new page starts at the top; Back
 * and Forward (and a reload) bring the shopper back where they were on that history entry.
 *
 * The browser's own restoration runs before a remote has rendered the page it returns to, so it is
 * switched off (`history.scrollRestoration = 'manual'`). Each history entry carries a key in its
 * state (added to whatever a router or single-spa pushes); the position of each key is kept in
 * session storage. A push saves the position of the entry being left and, for another path (not a
 * change of query on the same page, such as a filter, nor a #hash), scrolls to the top. A history
 * traversal (single-spa's routing events, whose originalEvent is the popstate) restores the
 * entry's position once the applications are mounted and the page is tall enough for it (a remote
 * may still be loading its data), keeps it while the page is still changing (until its height is
 * steady for RESTORE_STEADY_MS; scroll anchoring is off meanwhile), for at most RESTORE_WAIT_MS,
 * and stops at once if the shopper scrolls themselves. While restoring nothing is saved (a page being swapped clamps the scroll).
 */

export const SCROLL_STATE_KEY = '__fernleafScroll';
export const SCROLL_STORAGE_KEY = 'fernleaf.shell.scroll';
/** How long a restore waits for the page to grow tall enough. */
export const RESTORE_WAIT_MS = 4000;
/** The page's height unchanged this long (and tall enough): restored. */
export const RESTORE_STEADY_MS = 400;
/** Positions kept (the most recent entries). */
const MAX_ENTRIES = 100;

type Positions = Record<string, number>;

function readPositions(): Positions {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(SCROLL_STORAGE_KEY) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Positions) : {};
  } catch {
    return {};
  }
}

function writePositions(positions: Positions): void {
  const keys = Object.keys(positions);
  const kept = keys.length > MAX_ENTRIES ? Object.fromEntries(keys.slice(-MAX_ENTRIES).map((k) => [k, positions[k]!])) : positions;
  try {
    sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify(kept));
  } catch {
    // storage full or disabled: Back starts at the top
  }
}

const newKey = () => Math.random().toString(36).slice(2, 10);

function keyOf(state: unknown): string | null {
  return state && typeof state === 'object' && typeof (state as Record<string, unknown>)[SCROLL_STATE_KEY] === 'string' ? ((state as Record<string, unknown>)[SCROLL_STATE_KEY] as string) : null;
}

function withKey(state: unknown, key: string): unknown {
  if (state === null || state === undefined) return { [SCROLL_STATE_KEY]: key };
  if (typeof state === 'object' && !Array.isArray(state)) return { ...(state as object), [SCROLL_STATE_KEY]: key };
  return state; // a state we cannot add to: this entry is not remembered
}

export interface ScrollManager {
  /** The key of the entry shown now. */
  current(): string | null;
  /** The position saved for a key. */
  saved(key: string): number | undefined;
  dispose(): void;
}

export function installScrollManager(win: Window = window): ScrollManager {
  const { history } = win;
  try {
    history.scrollRestoration = 'manual';
  } catch {
    // not supported: the browser restores as best it can
  }
  const positions = readPositions();
  let currentKey = keyOf(history.state);
  if (!currentKey) {
    currentKey = newKey();
    history.replaceState(withKey(history.state, currentKey), '');
  }
  let restoring: { cancel: () => void } | null = null;
  let pendingRestore: string | null = null;

  const save = () => {
    if (restoring || pendingRestore || !currentKey) return;
    positions[currentKey] = Math.round(win.scrollY);
    writePositions(positions);
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onScroll = () => {
    clearTimeout(timer);
    timer = setTimeout(save, 150);
  };

  const originalPush = history.pushState;
  const originalReplace = history.replaceState;
  history.pushState = function pushState(this: History, state: unknown, unused: string, url?: string | URL | null) {
    clearTimeout(timer);
    save();
    restoring?.cancel();
    pendingRestore = null;
    const before = win.location.pathname;
    const key = newKey();
    originalPush.call(this, withKey(state, key), unused, url);
    currentKey = keyOf(history.state);
    const target = new URL(win.location.href);
    if (target.pathname !== before && !target.hash) win.scrollTo(0, 0);
  };
  history.replaceState = function replaceState(this: History, state: unknown, unused: string, url?: string | URL | null) {
    originalReplace.call(this, currentKey ? withKey(state, currentKey) : state, unused, url);
  };

  const restore = (key: string) => {
    const target = positions[key] ?? 0;
    const started = Date.now();
    const root = win.document.scrollingElement ?? win.document.documentElement;
    const html = win.document.documentElement;
    // no scroll anchoring while the page fills in (it would follow content growing above the position)
    const anchoring = html.style.overflowAnchor;
    html.style.overflowAnchor = 'none';
    let frame = 0;
    let height = -1;
    let steadySince = Date.now();
    const stop = () => {
      cancelAnimationFrame(frame);
      win.removeEventListener('wheel', stop);
      win.removeEventListener('touchstart', stop);
      win.removeEventListener('keydown', stop);
      html.style.overflowAnchor = anchoring;
      restoring = null;
    };
    const step = () => {
      const now = Date.now();
      if (root.scrollHeight !== height) {
        height = root.scrollHeight;
        steadySince = now;
      }
      const room = height - win.innerHeight;
      // the position, as soon as the page is tall enough, and again while the page keeps changing
      if (room >= target - 1 && Math.abs(win.scrollY - target) > 1) win.scrollTo(0, target);
      const settled = room >= target - 1 && now - steadySince >= RESTORE_STEADY_MS;
      if (settled || now - started > RESTORE_WAIT_MS) {
        if (Math.abs(win.scrollY - target) > 1) win.scrollTo(0, target);
        stop();
        return;
      }
      frame = requestAnimationFrame(step);
    };
    restoring = { cancel: stop };
    win.addEventListener('wheel', stop, { passive: true });
    win.addEventListener('touchstart', stop, { passive: true });
    win.addEventListener('keydown', stop);
    step();
  };

  // single-spa: before-routing-event starts every route change (the URL is already the new one),
  // routing-event follows once the applications are mounted.
  const onBeforeRouting = (event: Event) => {
    const original = (event as CustomEvent<{ originalEvent?: Event }>).detail?.originalEvent;
    if (original?.type !== 'popstate' || (original as PopStateEvent & { singleSpa?: boolean }).singleSpa) return;
    restoring?.cancel();
    clearTimeout(timer);
    currentKey = keyOf(history.state);
    pendingRestore = currentKey;
  };
  const onRouting = () => {
    if (!pendingRestore) return;
    const key = pendingRestore;
    pendingRestore = null;
    restore(key);
  };

  win.addEventListener('scroll', onScroll, { passive: true });
  win.addEventListener('pagehide', save);
  win.addEventListener('single-spa:before-routing-event', onBeforeRouting);
  win.addEventListener('single-spa:routing-event', onRouting);
  // a reload or a return to this document: back where the shopper was, once the first page is there
  if (currentKey && positions[currentKey]) pendingRestore = currentKey;

  return {
    current: () => currentKey,
    saved: (key) => positions[key],
    dispose() {
      clearTimeout(timer);
      restoring?.cancel();
      history.pushState = originalPush;
      history.replaceState = originalReplace;
      win.removeEventListener('scroll', onScroll);
      win.removeEventListener('pagehide', save);
      win.removeEventListener('single-spa:before-routing-event', onBeforeRouting);
      win.removeEventListener('single-spa:routing-event', onRouting);
    },
  };
}
