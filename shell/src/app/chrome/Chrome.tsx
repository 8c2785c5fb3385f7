import { bus, topics } from '@store/shared-events';
import { PAGE_VIEW_DELAY_MS, reportError, track } from '@store/shared-events/analytics';
import { useEffect, useState } from 'react';
import { useMarket } from '@store/ui/market';
import { BrowserRouter, useLocation } from 'react-router';
import { guardedReload, isStaleScriptError } from '../staleGuard';
import type { AlertShow, AlertSource } from '../../features/alerts/Alerts';
import { readGeoAck, readGeoLocale, shouldPromptCountry } from '../../features/geo-prompt/geo';
import { useInstallOffer } from '../../features/offline/installCapture';
import { registerServiceWorker } from '../../features/offline/offline';
import { watchScreen } from '../../features/screen/screen';

/** The user type analytics marks page views with: customer when signed in, else guest. */
export function userType(): 'customer' | 'guest' {
  return bus.latest(topics.sessionState)?.status === 'LOGGED_IN' ? 'customer' : 'guest';
}

/**
 * How long after now the page view of a navigation is due: PAGE_VIEW_DELAY_MS after it. The page's
 * first navigation is the document's own, counted from when it started loading (a server-rendered
 * page's scripts may start seconds later, on the shopper's first intent); later ones from now.
 */
export function pageViewDelay(firstPage: boolean, sinceDocumentStart: number): number {
  return firstPage ? Math.max(0, PAGE_VIEW_DELAY_MS - sinceDocumentStart) : PAGE_VIEW_DELAY_MS;
}

let firstPage = true;

/** page_view about 3 s after each navigation (path changes), so the page has its final title. */
function PageViews() {
  const location = useLocation();
  useEffect(() => {
    const delay = pageViewDelay(firstPage, performance.now());
    firstPage = false;
    if (document.getElementById('app-error-page')) return undefined; // the error page sends its own
    const timer = setTimeout(() => {
      if (document.getElementById('app-error-page')) return;
      track('page_view', { page_path: `${window.location.pathname}${window.location.search}`, page_title: document.title, user_type: userType() });
    }, delay);
    return () => clearTimeout(timer);
  }, [location.pathname]);
  return null;
}

/** Page-wide listeners: unhandled errors to the error reporter, stale scripts to a guarded reload. */
function useGlobalGuards() {
  useEffect(() => {
    const stop = watchScreen();
    registerServiceWorker();
    const onError = (event: ErrorEvent) => {
      const message = event.message || String(event.error);
      if (isStaleScriptError(message) && guardedReload()) return;
      reportError(event.error ?? message, { source: 'window' });
    };
    const onRejection = (event: PromiseRejectionEvent) => {
      const reason = event.reason as { name?: string; message?: string } | undefined;
      const message = `${reason?.name ?? ''} ${reason?.message ?? String(event.reason)}`;
      if (isStaleScriptError(message) && guardedReload()) return;
      reportError(event.reason, { source: 'unhandledrejection' });
    };
    const unsubscribe = bus.subscribeEnvelope(topics.remoteFailed, ({ payload: failure, source }) => {
      // a remote's entry or chunk is gone (a newer deploy replaced it): reload once to pick up the new registry
      if (failure.reason === 'load-error' && isStaleScriptError(failure.message ?? '') && guardedReload()) return;
      // a page's render error shows the error page, which reports it (fatal)
      if (failure.reason === 'render-error' && source === failure.remote) return;
      reportError(failure.message ?? failure.reason, { source: failure.remote, code: failure.reason });
    });
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      stop();
      unsubscribe();
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);
}

/** `importer()`'s module once `wanted` has been true (null until it has loaded). */
function useModuleWhen<M>(wanted: boolean, importer: () => Promise<M>): M | null {
  const [module, setModule] = useState<M | null>(null);
  useEffect(() => {
    if (!wanted || module) return undefined;
    let live = true;
    void importer().then(
      (loaded) => {
        if (live) setModule(loaded);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted, module, importer]);
  return module;
}

const loadAlerts = () => import(/* webpackChunkName: "alerts" */ '../../features/alerts/Alerts');

/**
 * The alerts' code loads with the first alert: until then the alerts published are kept, and the
 * alerts component receives them first (each is inserted 300 ms after it was published anyway).
 */
function AlertsWhenShown() {
  const [feed] = useState(() => {
    const kept: AlertShow[] = [];
    let listener: ((alert: AlertShow) => void) | null = null;
    const source: AlertSource = (next) => {
      listener = next;
      for (const alert of kept.splice(0)) next(alert);
      return () => {
        listener = null;
      };
    };
    return { source, take: (alert: AlertShow) => (listener ? listener(alert) : void kept.push(alert)) };
  });
  const [wanted, setWanted] = useState(false);
  useEffect(
    () =>
      bus.subscribe(topics.alertShow, (alert) => {
        feed.take(alert);
        setWanted(true);
      }),
    [feed],
  );
  const module = useModuleWhen(wanted, loadAlerts);
  return module ? <module.Alerts source={feed.source} /> : null;
}

const loadGeoPrompt = () => import(/* webpackChunkName: "geo-prompt" */ '../../features/geo-prompt/GeoPrompt');
const loadInstallPrompt = () => import(/* webpackChunkName: "install-prompt" */ '../../features/offline/InstallPrompt');

/** The change-country prompt's code loads only for a visitor it is for. */
function GeoPromptWhenWanted() {
  const market = useMarket();
  const [wanted] = useState(() => shouldPromptCountry(readGeoLocale(), market.country, readGeoAck()));
  const module = useModuleWhen(wanted, loadGeoPrompt);
  return module ? <module.GeoPrompt /> : null;
}

/** The install prompt's code loads only when the browser offers to install. */
function InstallPromptWhenOffered() {
  const offer = useInstallOffer();
  const module = useModuleWhen(offer !== null, loadInstallPrompt);
  return module ? <module.InstallPrompt initialEvent={offer} /> : null;
}

/**
 * The overlays root of the always-active chrome application (alerts, prompts, page views, page-wide
 * guards). The header and the footer are roots of their own (chrome/lifecycles.tsx), so the
 * server-rendered header and footer hydrate in place.
 */
export function Chrome() {
  useGlobalGuards();
  return (
    <BrowserRouter>
      <PageViews />
      <AlertsWhenShown />
      <GeoPromptWhenWanted />
      <InstallPromptWhenOffered />
    </BrowserRouter>
  );
}
