import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const SCROLL_KEY = 'fernleaf.catalog.scroll:';

/** Scroll: remembered per history entry; restored when coming back (POP) once the list is there (`ready`). */
export function useScrollMemory(ready: boolean): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const restored = useRef<string | null>(null);
  useEffect(() => {
    const listingUrl = `${location.pathname}${location.search}`;
    const save = () => {
      // Only while this entry is the page: leaving it shrinks the document (and scrolls) before this unmounts.
      if (`${window.location.pathname}${window.location.search}` !== listingUrl) return;
      // Nor before this entry's list is back and its scroll restored: the short document while it
      // loads clamps the scroll, and saving that would lose the position being restored.
      if (restored.current !== location.key) return;
      try {
        sessionStorage.setItem(SCROLL_KEY + location.key, String(Math.round(window.scrollY)));
      } catch {
        // storage full or disabled: nothing to restore later
      }
    };
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(save);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [location.key, location.pathname, location.search]);
  useLayoutEffect(() => {
    if (!ready || restored.current === location.key) return;
    restored.current = location.key;
    if (navigationType !== 'POP') return;
    const saved = Number(sessionStorage.getItem(SCROLL_KEY + location.key));
    if (saved > 0) window.scrollTo(0, saved);
  }, [ready, location.key, navigationType]);
}
