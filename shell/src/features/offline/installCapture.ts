/**
 * The part of the install prompt that runs on every page: it keeps the browser's install offer
 * (`beforeinstallprompt` fires once, early) and the shopper's first interaction, so the prompt's
 * own code (./InstallPrompt) loads only when there is an offer to show.
 */
import { useEffect, useState } from 'react';

/** Persisted choice: the shopper dismissed the install prompt. */
export const INSTALL_DISMISSED_KEY = 'fernleaf.install.dismissed';

export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export function dismissed(): boolean {
  try {
    return localStorage.getItem(INSTALL_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Resolves at the shopper's first interaction (scroll, tap, key). The prompt waits for it: shown at
 * once, it was the largest thing painted on a listing page and so its "largest contentful paint"
 * (seconds after the products), and it greeted a visitor who had not yet looked at anything.
 */
export const firstInteraction = typeof window === 'undefined'
  ? Promise.resolve()
  : new Promise<void>((resolve) => {
      const events = ['pointerdown', 'keydown', 'scroll'] as const;
      const done = () => {
        for (const name of events) window.removeEventListener(name, done, true);
        resolve();
      };
      for (const name of events) window.addEventListener(name, done, { capture: true, passive: true });
    });

/** The browser's install offer once the shopper has interacted (null until then, or when dismissed before). */
export function useInstallOffer(): BeforeInstallPromptEvent | null {
  const [offer, setOffer] = useState<BeforeInstallPromptEvent | null>(null);
  useEffect(() => {
    let live = true;
    const onPrompt = (e: Event) => {
      e.preventDefault();
      if (dismissed()) return;
      void firstInteraction.then(() => {
        if (live) setOffer(e as BeforeInstallPromptEvent);
      });
    };
    window.addEventListener('beforeinstallprompt', onPrompt);
    return () => {
      live = false;
      window.removeEventListener('beforeinstallprompt', onPrompt);
    };
  }, []);
  return offer;
}
