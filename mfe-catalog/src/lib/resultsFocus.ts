/**
 * Focus after a search from the header's search overlay: the overlay asks for it (the URL it goes
 * to), the results page takes it once its results are shown and the overlay has gone (closing, the
 * overlay gives focus back to the search button; the shopper wants the results, not the button).
 * Session storage: the overlay fragment and the page may be separate module instances.
 */
const KEY = 'fernleaf.catalog.focusResults';
/** How long to wait for the overlay to go before focusing anyway. */
const WAIT_MS = 1500;

export function requestResultsFocus(url: string): void {
  try {
    sessionStorage.setItem(KEY, url);
  } catch {
    // storage disabled: focus stays where the overlay leaves it
  }
}

/** Focuses the heading when focus was asked for this URL; returns a clean-up (cancel). */
export function takeResultsFocus(url: string, heading: () => HTMLElement | null): () => void {
  try {
    if (sessionStorage.getItem(KEY) !== url) return () => undefined;
  } catch {
    return () => undefined;
  }
  const start = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = () => {
    if (document.querySelector('[data-overlay-root]') && Date.now() - start < WAIT_MS) {
      timer = setTimeout(tick, 50);
      return;
    }
    const target = heading();
    if (!target) return;
    try {
      sessionStorage.removeItem(KEY);
    } catch {
      // nothing to forget
    }
    target.focus();
  };
  timer = setTimeout(tick, 0);
  return () => clearTimeout(timer);
}
