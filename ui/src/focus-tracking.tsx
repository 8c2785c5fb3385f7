/**
 * The element that last lost focus on the page, tracked page-wide (on `window`, shared by every
 * bundle). An overlay opened by code after its trigger lost focus (Add to cart disables its button
 * while adding, which drops focus to the body, then the cart opens) gives focus back there. The
 * overlay component may load only when it first opens, after that blur: the shell starts the
 * tracking when the page starts (`trackLastBlurred`), and the overlay module starts it too.
 */
interface FocusWindow {
  __storeLastBlurred?: HTMLElement | null;
  __storeBlurTracking?: boolean;
}

export function trackLastBlurred(): void {
  if (typeof document === 'undefined') return;
  const w = window as unknown as FocusWindow;
  if (w.__storeBlurTracking) return;
  w.__storeBlurTracking = true;
  document.addEventListener(
    'focusout',
    (event) => {
      if (event.target instanceof HTMLElement && event.target !== document.body && event.target !== document.documentElement) w.__storeLastBlurred = event.target;
    },
    true,
  );
}

export function lastBlurred(): HTMLElement | null {
  return typeof window === 'undefined' ? null : ((window as unknown as FocusWindow).__storeLastBlurred ?? null);
}
