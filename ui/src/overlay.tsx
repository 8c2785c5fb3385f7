/**
 * The storefront's one overlay component: dialogs and drawers for every
 * remote. Bundled per remote, so page-wide state (scroll-lock count, which overlay is on top) lives
 * in the DOM, not in module variables.
 *
 * Closes on the close button, Escape, an outside click, a route path change (watchRoute) and when
 * the panel collapses to zero size. Enter 300 ms, leave 200 ms. Scroll lock while open; a focus trap
 * that remembers the 10 most recent focus targets inside the panel (focus escaping the panel goes
 * back to the most recent one still on the page) and returns focus to the opener on close.
 */
import { trackLastBlurred } from './focus-tracking';
import { css } from '@emotion/react';
import { createContext, useContext, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { VisuallyHidden } from './visually-hidden';
import { depthOf, focusableIn, isTopmost, openerOf, rememberFocus, returnFocus } from './overlay-focus';
import { ANIMATIONS, fadeIn, fadeOut, OVERLAY_HEADER_HEIGHT, panelPlacement, type OverlayPosition } from './overlay-placement';
import { lockScroll } from './scroll-lock';

export { FOCUS_HISTORY_MAX, focusableIn, rememberFocus } from './overlay-focus';
export { OVERLAY_HEADER_HEIGHT, type OverlayPosition } from './overlay-placement';
export { lockScroll } from './scroll-lock';

export const OVERLAY_ENTER_MS = 300;
export const OVERLAY_LEAVE_MS = 200;

export type OverlayWidth = 'sm' | 'md' | 'lg' | 'xl' | 'full';

export const OVERLAY_WIDTHS: Record<OverlayWidth, string> = { sm: '24rem', md: '32rem', lg: '48rem', xl: '64rem', full: '100%' };

export interface OverlayProps {
  open: boolean;
  /** Called for every close request (button, Escape, outside click, route change, zero size). */
  onClose: () => void;
  /** Accessible name; shown in the header when showHeader is on. */
  title: string;
  /** Header with the title and a close button (default true). */
  showHeader?: boolean;
  description?: ReactNode;
  /** Close when the route path changes (default true). */
  watchRoute?: boolean;
  position?: OverlayPosition;
  width?: OverlayWidth;
  /** The element to focus on open (a ref or a CSS selector inside the panel); default the close button, else the panel. */
  initialFocus?: RefObject<HTMLElement | null> | string;
  showBackdrop?: boolean;
  /** The cart drawer: right-hand drawer styling, marked with data-cart-overlay. */
  cartOverlay?: boolean;
  /** Label of the close button (default "Close"). */
  closeLabel?: string;
  /** Id of the dialog element (for aria-controls on the trigger). */
  id?: string;
  /**
   * Where the overlay (backdrop and panel) starts from the top of the viewport, a CSS length
   * (default 0). The header's search overlay starts below the header, so the search button that
   * opened it stays visible and closes it.
   */
  top?: string;
  children?: ReactNode;
}

/** Nesting depth of overlays rendered inside overlays (same bundle). */
const DepthContext = createContext(0);

type Phase = 'open' | 'closing';

// The element that last lost focus (./focus-tracking): an overlay opened by code after its trigger
// lost focus returns focus there instead of leaving it on the body.
trackLastBlurred();

export function Overlay(props: OverlayProps) {
  const { open, onClose, title, showHeader = true, description, watchRoute = true, position: requested = 'center', width = 'md', initialFocus, showBackdrop = true, cartOverlay = false, closeLabel = 'Close', id, top, children } = props;
  const [phase, setPhase] = useState<Phase | null>(open ? 'open' : null);
  const position: OverlayPosition = cartOverlay && requested === 'center' ? 'right' : requested;

  useEffect(() => {
    if (open) {
      setPhase('open');
      return undefined;
    }
    setPhase((current) => (current === null ? null : 'closing'));
    const timer = setTimeout(() => setPhase(null), OVERLAY_LEAVE_MS);
    return () => clearTimeout(timer);
  }, [open]);

  if (phase === null || typeof document === 'undefined') return null;
  return createPortal(
    <OverlayPanel
      {...{ onClose, title, showHeader, description, watchRoute, position, initialFocus, showBackdrop, cartOverlay, closeLabel, id, top, children }}
      width={OVERLAY_WIDTHS[width]}
      phase={phase}
    />,
    document.body,
  );
}

interface PanelProps extends Omit<OverlayProps, 'open' | 'width'> {
  position: OverlayPosition;
  width: string;
  phase: Phase;
}

function OverlayPanel({ onClose, title, showHeader, description, watchRoute, position, width, initialFocus, showBackdrop, cartOverlay, closeLabel, id, top, phase, children }: PanelProps) {
  const titleId = useId();
  const descriptionId = useId();
  const root = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const history = useRef<HTMLElement[]>([]);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const closing = phase === 'closing';
  const parentDepth = useContext(DepthContext);
  const [depth] = useState(() => Math.max(parentDepth, depthOf(document.activeElement) + 1));

  // focus: the initial target on open; back to the opener as soon as the overlay starts closing
  const opener = useRef<HTMLElement | null>(null);
  /** The overlay's trigger (the element with aria-controls = its id): where focus goes when the opener cannot take it. */
  const trigger = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    opener.current = openerOf(panel.current);
    trigger.current = id ? ([...document.querySelectorAll<HTMLElement>('[aria-controls]')].find((el) => el.getAttribute('aria-controls')?.split(/\s+/).includes(id)) ?? null) : null;
    const target =
      typeof initialFocus === 'string'
        ? panel.current?.querySelector<HTMLElement>(initialFocus)
        : initialFocus?.current ?? closeButton.current ?? panel.current;
    (target ?? panel.current)?.focus({ preventScroll: true });
    const node = panel.current;
    return () => {
      // unmounted without a close transition (its parent went away): still give focus back
      if (node && (node.contains(document.activeElement) || document.activeElement === document.body)) returnFocus(opener.current, trigger.current);
    };
    // mount only: the opener is whatever had focus when the overlay opened
  }, []);

  useEffect(() => {
    if (closing && panel.current?.contains(document.activeElement)) returnFocus(opener.current, trigger.current);
  }, [closing]);

  useEffect(() => lockScroll(), []);

  // focus trap and Escape, for the topmost overlay only
  useEffect(() => {
    if (closing) return undefined;
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as HTMLElement | null;
      if (!panel.current || !target) return;
      if (panel.current.contains(target)) {
        history.current = rememberFocus(history.current, target);
        return;
      }
      if (!isTopmost(root.current)) return;
      if (target.closest('[data-overlay-root]')) return; // another overlay above or alongside
      const back = history.current.find((el) => el.isConnected && panel.current!.contains(el)) ?? focusableIn(panel.current)[0] ?? panel.current;
      back.focus({ preventScroll: true });
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isTopmost(root.current) || !panel.current) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        closeRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableIn(panel.current);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        panel.current.focus();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === panel.current || !panel.current.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !panel.current.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    const onPointerDown = (event: MouseEvent) => {
      if (!isTopmost(root.current) || !panel.current) return;
      const target = event.target as HTMLElement | null;
      if (!target || panel.current.contains(target)) return;
      // the trigger toggles the overlay itself; other overlays handle their own clicks
      if (id && target.closest(`[aria-controls~="${id}"]`)) return;
      if (target.closest('[data-overlay-root]') && !root.current?.contains(target)) return;
      closeRef.current();
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('mousedown', onPointerDown);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('mousedown', onPointerDown);
    };
  }, [closing, id]);

  // route path changes (client-side navigation through history or single-spa)
  useEffect(() => {
    if (!watchRoute || closing) return undefined;
    const path = window.location.pathname;
    const check = () => {
      if (window.location.pathname !== path) closeRef.current();
    };
    window.addEventListener('popstate', check);
    window.addEventListener('single-spa:routing-event', check);
    return () => {
      window.removeEventListener('popstate', check);
      window.removeEventListener('single-spa:routing-event', check);
    };
  }, [watchRoute, closing]);

  // a panel that collapses to zero size (its content went away, a media query hid it) closes
  useEffect(() => {
    if (closing || typeof ResizeObserver === 'undefined' || !panel.current) return undefined;
    let seen = false;
    const observer = new ResizeObserver((entries) => {
      const box = entries[entries.length - 1]?.contentRect;
      if (!box) return;
      if (box.width > 0 || box.height > 0) seen = true;
      else if (seen) closeRef.current();
    });
    observer.observe(panel.current);
    return () => observer.disconnect();
  }, [closing]);

  const animations = ANIMATIONS[position];
  const isDrawer = position === 'left' || position === 'right' || position === 'top' || position === 'bottom' || position === 'screen';
  return (
    <div ref={root} data-overlay-root="" data-overlay-depth={depth} data-state={phase} data-position={position} {...(cartOverlay ? { 'data-cart-overlay': '' } : {})} css={{ position: 'fixed', top: top ?? 0, left: 0, right: 0, bottom: 0, zIndex: 100, pointerEvents: closing ? 'none' : 'auto' }}>
      {showBackdrop ? (
        <div
          data-overlay-backdrop=""
          aria-hidden="true"
          css={css({
            position: 'absolute',
            inset: 0,
            background: 'rgba(29,29,27,.5)',
            animation: `${closing ? fadeOut : fadeIn} ${closing ? OVERLAY_LEAVE_MS : OVERLAY_ENTER_MS}ms ease both`,
          })}
        />
      ) : null}
      <div
        ref={panel}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        css={css({
          position: 'absolute',
          ...panelPlacement(position, width),
          display: 'flex',
          flexDirection: 'column',
          overflow: 'auto',
          background: '#fff',
          color: 'var(--ink)',
          boxShadow: '0 20px 60px rgba(0,0,0,.25)',
          outline: 'none',
          animation: `${closing ? animations.out : animations.in} ${closing ? OVERLAY_LEAVE_MS : OVERLAY_ENTER_MS}ms ${closing ? 'ease-in' : 'cubic-bezier(.2,.8,.2,1)'} both`,
          '@media (prefers-reduced-motion: reduce)': { animationDuration: '1ms' },
        })}
      >
        {showHeader ? (
          <div css={{ flex: 'none', height: OVERLAY_HEADER_HEIGHT, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '1rem', padding: '0 .75rem 0 1.25rem', borderBottom: isDrawer ? '1px solid var(--line)' : undefined }}>
            <h2 id={titleId} css={{ margin: 0, fontFamily: 'Georgia, serif', fontWeight: 500, fontSize: 22, lineHeight: 1.2 }}>
              {title}
            </h2>
            <button
              ref={closeButton}
              type="button"
              aria-label={closeLabel}
              onClick={() => closeRef.current()}
              css={{ flex: 'none', font: 'inherit', fontSize: 22, lineHeight: 1, width: 36, height: 36, borderRadius: 18, border: '1px solid var(--line)', background: '#fff', color: 'var(--ink)', cursor: 'pointer', '&:hover': { borderColor: 'var(--ink)' } }}
            >
              ×
            </button>
          </div>
        ) : (
          <VisuallyHidden as="h2" id={titleId}>
            {title}
          </VisuallyHidden>
        )}
        {description ? (
          <div id={descriptionId} css={{ padding: '0 1.25rem', color: 'var(--muted)' }}>
            {description}
          </div>
        ) : null}
        <div css={{ flex: 1, minHeight: 0, padding: position === 'screen' ? 0 : '1rem 1.25rem 1.25rem' }}>
          <DepthContext.Provider value={depth + 1}>{children}</DepthContext.Provider>
        </div>
      </div>
    </div>
  );
}
