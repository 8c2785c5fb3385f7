import { useEffect, useRef } from 'react';

/**
 * A new page's start (a checkout step or the success page): the window back at the top, focus on
 * the page's heading (tabIndex -1) so keyboard and screen-reader users start on the new content.
 */
export function usePageStart<T extends HTMLElement>(key: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const root = document.scrollingElement ?? document.documentElement;
    root.scrollTop = 0;
    ref.current?.focus({ preventScroll: true });
  }, [key]);
  return ref;
}
