import { useEffect, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { dismissed, firstInteraction, INSTALL_DISMISSED_KEY, type BeforeInstallPromptEvent } from './installCapture';
import { Button } from '@store/ui/button';

export { INSTALL_DISMISSED_KEY };
/** Routes where the prompt is never offered: the shopper is filling in a form to pay. */
export const NO_PROMPT_PATHS = /^\/(checkout|cart)(\/|$)/;
/** The element the prompt is placed in, just before the footer. */
export const INSTALL_HOST_ID = 'install-prompt-host';

/** The path shown, following client-side navigations (the chrome's router may not be around it). */
function subscribePath(listener: () => void): () => void {
  window.addEventListener('popstate', listener);
  window.addEventListener('single-spa:routing-event', listener);
  return () => {
    window.removeEventListener('popstate', listener);
    window.removeEventListener('single-spa:routing-event', listener);
  };
}
const currentPath = () => window.location.pathname;

/**
 * In the page's flow just before the footer, so it never covers what the shopper is using (it
 * used to be fixed over the page, hiding focused fields and buttons on a phone) and it comes in the
 * Tab order where it is on screen: after the page, before the footer.
 */
function promptHost(): HTMLElement | null {
  const footer = document.getElementById('shell-footer');
  if (!footer?.parentNode) return null;
  let element = document.getElementById(INSTALL_HOST_ID);
  if (!element) {
    element = document.createElement('div');
    element.id = INSTALL_HOST_ID;
    footer.parentNode.insertBefore(element, footer);
  }
  return element;
}

function usePromptHost(): HTMLElement | null {
  const [host] = useState(promptHost);
  useEffect(() => {
    // back in place after a development double mount removed it
    const footer = document.getElementById('shell-footer');
    if (host && !host.isConnected && footer?.parentNode) footer.parentNode.insertBefore(host, footer);
    return () => host?.remove();
  }, [host]);
  return host;
}

/** Offers to install the store as an app when the browser allows it (after the first interaction), until the shopper dismisses it; never during checkout. */
export function InstallPrompt({ initialEvent = null }: { initialEvent?: BeforeInstallPromptEvent | null } = {}) {
  const [event, setEvent] = useState<BeforeInstallPromptEvent | null>(initialEvent);
  const path = useSyncExternalStore(subscribePath, currentPath, currentPath);
  const host = usePromptHost();
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
  if (!event || NO_PROMPT_PATHS.test(path)) return null;
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
  const size = { fontWeight: 'inherit', fontSize: 15, padding: '.5rem 1rem', minHeight: 44 } as const;
  const prompt = (
    <aside
      aria-label="Install the app"
      css={{ maxWidth: 1280, margin: '1.5rem auto', padding: '0 1.25rem', boxSizing: 'border-box' }}
    >
      <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '.75rem 1.25rem', background: '#fff', border: '1px solid var(--line)', borderRadius: 12, padding: '1rem 1.25rem' }}>
        <p css={{ margin: 0, flex: '1 1 16rem' }}>Add Fernleaf to your home screen for quicker shopping, even on a patchy connection.</p>
        <div css={{ display: 'flex', gap: '.5rem' }}>
          <Button onClick={() => void install()} css={[size, { border: '1px solid var(--forest)' }]}>
            Install
          </Button>
          <Button variant="neutral" onClick={dismiss} css={[size, { background: '#fff' }]}>
            Not now
          </Button>
        </div>
      </div>
    </aside>
  );
  return host ? createPortal(prompt, host) : prompt;
}
