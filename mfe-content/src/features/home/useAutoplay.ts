import { SLIDER_TOUCH_PAUSE_MS } from '@store/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';

export type PauseReason = 'hover' | 'hidden' | 'touch' | 'focus' | 'user';

export interface AutoplayOptions {
  enabled: boolean;
  intervalMs: number;
  /** Pause while the pointer is over the slider (home page setting). */
  pauseOnHover: boolean;
  /** Moves to the next slide; called every intervalMs while nothing pauses autoplay (keep it stable: useCallback). */
  onAdvance(): void;
  /** Changes whenever the slide changes, so a manual change restarts the interval. */
  slideKey: unknown;
  touchPauseMs?: number;
}

/**
 * Slider autoplay: advances every `intervalMs`; pauses while hovered (when
 * configured), while the tab is hidden, while keyboard focus is inside, when the shopper presses
 * pause, and on touch until `touchPauseMs` (200 ms) after the touch ends; then resumes.
 */
export function useAutoplay({ enabled, intervalMs, pauseOnHover, onAdvance, slideKey, touchPauseMs = SLIDER_TOUCH_PAUSE_MS }: AutoplayOptions) {
  // nothing paused in the first render (the server's, and the one hydrating it); a hidden tab is
  // read just after, in the effect below
  const [reasons, setReasons] = useState<ReadonlySet<PauseReason>>(() => new Set());
  const touchTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const set = useCallback((reason: PauseReason, on: boolean) => {
    setReasons((current) => {
      if (current.has(reason) === on) return current;
      const next = new Set(current);
      if (on) next.add(reason);
      else next.delete(reason);
      return next;
    });
  }, []);

  useEffect(() => {
    const onVisibility = () => set('hidden', document.hidden);
    const first = setTimeout(onVisibility, 0);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearTimeout(first);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [set]);

  useEffect(() => () => {
    if (touchTimer.current) clearTimeout(touchTimer.current);
  }, []);

  const playing = enabled && reasons.size === 0;
  useEffect(() => {
    if (!playing) return;
    const timer = setTimeout(onAdvance, intervalMs);
    return () => clearTimeout(timer);
  }, [playing, intervalMs, slideKey, onAdvance]);

  const handlers = {
    onMouseEnter: () => {
      if (pauseOnHover) set('hover', true);
    },
    onMouseLeave: () => set('hover', false),
    onTouchStart: () => {
      if (touchTimer.current) clearTimeout(touchTimer.current);
      set('touch', true);
    },
    onTouchEnd: () => {
      if (touchTimer.current) clearTimeout(touchTimer.current);
      touchTimer.current = setTimeout(() => set('touch', false), touchPauseMs);
    },
    onFocus: () => set('focus', true),
    onBlur: (event: { currentTarget: Element; relatedTarget: Element | null }) => {
      if (!event.relatedTarget || !event.currentTarget.contains(event.relatedTarget)) set('focus', false);
    },
  };

  return {
    playing,
    reasons,
    /** The shopper's pause/play button. */
    userPaused: reasons.has('user'),
    setUserPaused: (paused: boolean) => set('user', paused),
    handlers: { ...handlers, onTouchCancel: handlers.onTouchEnd },
  };
}
