// The overlay's focus handling: what can take focus in a panel, the recent focus targets the
// trap remembers, which open overlay is on top, and where focus returns on close.
import { lastBlurred } from './focus-tracking';

/** How many recent focus targets the focus trap remembers. */
export const FOCUS_HISTORY_MAX = 10;

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

export function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[inert]') && el.getAttribute('aria-hidden') !== 'true');
}

/** Remembers recent focus targets, newest first, at most `max`, without duplicates. */
export function rememberFocus<T>(history: T[], target: T, max = FOCUS_HISTORY_MAX): T[] {
  return [target, ...history.filter((item) => item !== target)].slice(0, max);
}

export function depthOf(element: Element | null): number {
  return Number(element?.closest('[data-overlay-root]')?.getAttribute('data-overlay-depth') ?? '-1');
}

/**
 * The overlay on top: the deepest open one (nested in React, or opened from inside another
 * overlay, possibly of another bundle), the last in the document among equals.
 */
export function isTopmost(root: HTMLElement | null): boolean {
  if (!root) return false;
  const roots = [...document.querySelectorAll<HTMLElement>('[data-overlay-root][data-state="open"]')];
  let top: HTMLElement | undefined;
  for (const candidate of roots) if (!top || depthOf(candidate) >= depthOf(top)) top = candidate;
  return top === root;
}

export const canTakeFocus = (element: HTMLElement | null): element is HTMLElement =>
  Boolean(element?.isConnected && !(element as HTMLButtonElement).disabled && !element.closest('[inert], [hidden]'));

/** The opener when it can take focus again, else the fallback (the overlay's trigger). */
export function returnFocus(element: HTMLElement | null, fallback: HTMLElement | null = null): void {
  const target = canTakeFocus(element) ? element : canTakeFocus(fallback) ? fallback : null;
  target?.focus({ preventScroll: true });
}

/** The element to give focus back to: what had focus when the overlay opened, or what lost it just before. */
export function openerOf(panel: HTMLElement | null): HTMLElement | null {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body) return active;
  const blurred = lastBlurred();
  return blurred && blurred.isConnected && !panel?.contains(blurred) ? blurred : null;
}
