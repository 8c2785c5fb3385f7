import { defineRemoteApp, EmotionRoot, replayEarlyClicks, takeServerRendered } from '@store/shared-events/remote';
import type { AppProps } from 'single-spa';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { startTransition, type ReactNode } from 'react';
import { reportError } from '@store/shared-events/analytics';
import { trackLastBlurred } from '@store/ui/focus-tracking';
import { Chrome } from './Chrome';
import { FooterRegion, HeaderRegion, loadChromeData } from './regions';

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
  regions = [mountRegion(document.getElementById('shell-header'), <HeaderRegion data={data} />), mountRegion(document.getElementById('shell-footer'), <FooterRegion />)].filter(
    (root): root is Root => root !== null,
  );
  await overlays.mount(props);
}

export async function unmount(props: AppProps & { domElement: HTMLElement }) {
  for (const root of regions) root.unmount();
  regions = [];
  await overlays.unmount(props);
}
