import { useEffect, useState } from 'react';

/** Persisted choice: the shopper dismissed the install prompt (spec §2). */
export const INSTALL_DISMISSED_KEY = 'fernleaf.install.dismissed';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

function dismissed(): boolean {
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
const firstInteraction = typeof window === 'undefined'
  ? Promise.resolve()
  : new Promise<void>((resolve) => {
      const events = ['pointerdown', 'keydown', 'scroll'] as const;
      const done = () => {
        for (const name of events) window.removeEventListener(name, done, true);
        resolve();
      };
      for (const name of events) window.addEventListener(name, done, { capture: true, passive: true });
    });

/** Offers to install the store as an app when the browser allows it (after the first interaction), until the shopper dismisses it. */
export function InstallPrompt() {
  const [event, setEvent] = useState<BeforeInstallPromptEvent | null>(null);
  useEffect(() => {
    let live = true;
    const onPrompt = (e: Event) => {
      e.preventDefault();
      if (dismissed()) return;
      void firstInteraction.then(() => {
        if (live) setEvent(e as BeforeInstallPromptEvent);
      });
    };
    const onInstalled = () => setEvent(null);
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      live = false;
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);
  if (!event) return null;
  const dismiss = () => {
    try {
      localStorage.setItem(INSTALL_DISMISSED_KEY, '1');
    } catch {
      // storage unavailable: hidden for this page only
    }
    setEvent(null);
  };
  const install = async () => {
    await event.prompt();
    const choice = await event.userChoice;
    if (choice.outcome === 'dismissed') dismiss();
    else setEvent(null);
  };
  const button = { font: 'inherit', fontSize: 15, padding: '.5rem 1rem', borderRadius: 999, cursor: 'pointer' } as const;
  return (
    <aside aria-label="Install the app" css={{ position: 'fixed', left: 16, bottom: 16, zIndex: 40, maxWidth: 360, background: '#fff', border: '1px solid var(--line)', borderRadius: 12, padding: '1rem 1.25rem', boxShadow: '0 10px 30px rgba(0,0,0,.18)' }}>
      <p css={{ margin: '0 0 .75rem' }}>Add Fernleaf to your home screen for quicker shopping, even on a patchy connection.</p>
      <div css={{ display: 'flex', gap: '.5rem' }}>
        <button type="button" onClick={() => void install()} css={{ ...button, border: '1px solid var(--forest)', background: 'var(--forest)', color: '#fff' }}>
          Install
        </button>
        <button type="button" onClick={dismiss} css={{ ...button, border: '1px solid var(--ink)', background: '#fff', color: 'var(--ink)' }}>
          Not now
        </button>
      </div>
    </aside>
  );
}
