import { defineRemoteApp, EmotionRoot, replayEarlyClicks, takeServerRendered, warmWhenIdle } from '@store/shared-events/remote';
import type { AppProps } from 'single-spa';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { startTransition, type ReactNode } from 'react';
import { reportError } from '@store/shared-events/analytics';
import { trackLastBlurred } from '@store/ui/focus-tracking';
import { Chrome } from './Chrome';
import { HeaderRegion, loadChromeData } from './regions';

/** The footer's code is loaded when the footer is this close to the screen (or focus enters it). */
export const FOOTER_NEAR_MARGIN_PX = 800;

const loadFooterRegion = () => import(/* webpackChunkName: "chrome-footer" */ './footerRegion');

/**
 * Calls `then` once `element` comes within FOOTER_NEAR_MARGIN_PX of the screen or focus enters it
 * (at once without IntersectionObserver); returns a cancel function.
 */
export function whenNear(element: HTMLElement, then: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    then();
    return () => undefined;
  }
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    cancel();
    then();
  };
  const observer = new IntersectionObserver((entries) => {
    if (entries.some((entry) => entry.isIntersecting)) finish();
  }, { rootMargin: `${FOOTER_NEAR_MARGIN_PX}px 0px` });
  observer.observe(element);
  element.addEventListener('focusin', finish);
  function cancel() {
    observer.disconnect();
    element.removeEventListener('focusin', finish);
  }
  return () => {
    done = true;
    cancel();
  };
}

/**
 * The always-active chrome application. The overlays root is built with the same lifecycle factory
 * as the remotes, so the shell provides `@store/shared-events/remote` (and single-spa-react) to
 * them; the root config passes the overlays element as `domElement`. The header and the footer are
 * roots of their own: hydrated when the edge rendered them (`data-ssr="rendered"`), else created.
 */
const overlays = defineRemoteApp({ name: 'chrome', rootComponent: Chrome });

let regions: Root[] = [];

function mountRegion(element: HTMLElement | null, node: ReactNode): Root | null {
  if (!element) return null;
  // the page's emotion cache: the CSP nonce on the styles it inserts, the server's styles adopted
  const tree = (
    <EmotionRoot>
      <BrowserRouter>{node}</BrowserRouter>
    </EmotionRoot>
  );
  if (takeServerRendered(element)) {
    // in a transition: hydrated in slices that yield to the browser (see defineRemoteApp)
    let root!: Root;
    startTransition(() => {
      root = hydrateRoot(element, tree, {
        onRecoverableError: (error) => {
          console.error('[shell] hydration of the chrome recovered from an error', error);
          reportError(error, { source: 'chrome', code: 'hydration' });
        },
      });
    });
    replayEarlyClicks(element);
    return root;
  }
  const root = createRoot(element);
  root.render(tree);
  return root;
}

export const bootstrap = overlays.bootstrap;

export async function mount(props: AppProps & { domElement: HTMLElement }) {
  // overlays load on first use: where focus was lost before one opens is tracked from the start
  trackLastBlurred();
  const data = await loadChromeData();
  regions = [mountRegion(document.getElementById('shell-header'), <HeaderRegion data={data} />)].filter((root): root is Root => root !== null);
  // the footer is far below the first screen on a phone: its code waits until the shopper nears it
  const footer = document.getElementById('shell-footer');
  if (footer) {
    let live = true;
    const mountFooter = () =>
      void loadFooterRegion().then(
        ({ FooterRegion }) => {
          const root = live ? mountRegion(footer, <FooterRegion />) : null;
          if (root) regions.push(root);
        },
        (error: unknown) => reportError(error, { source: 'chrome', code: 'footer-load' }),
      );
    let cancelNear: () => void = () => undefined;
    let cancelWarm: () => void = () => undefined;
    if (footer.getAttribute('data-ssr') === 'rendered') {
      // "deferred" until then: the page counts as hydrated (no region left "rendered") without it
      footer.setAttribute('data-ssr', 'deferred');
      let started = false;
      const start = () => {
        if (started) return;
        started = true;
        cancelNear();
        cancelWarm();
        footer.setAttribute('data-ssr', 'rendered');
        mountFooter();
      };
      // when the shopper comes near it, or once they have shown intent and the page is idle (so a
      // footer link is a client-side navigation by the time they get there)
      cancelNear = whenNear(footer, start);
      cancelWarm = warmWhenIdle(start, 2000);
    } else mountFooter();
    stopFooter = () => {
      live = false;
      cancelNear();
      cancelWarm();
    };
  }
  await overlays.mount(props);
}

let stopFooter: () => void = () => undefined;

export async function unmount(props: AppProps & { domElement: HTMLElement }) {
  stopFooter();
  for (const root of regions) root.unmount();
  regions = [];
  await overlays.unmount(props);
}
