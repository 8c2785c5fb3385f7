import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { BrowserRouter, useLocation } from 'react-router';
import { EmotionRoot } from '@store/shared-events/remote';
import { pageFailure } from '../errorState';
import { ErrorPage } from '../../features/error-page/ErrorPage';

let container: HTMLElement | null = null;

function Current() {
  const location = useLocation();
  const failure = pageFailure(location.pathname);
  return <ErrorPage key={location.pathname} status={failure?.status ?? 404} path={location.pathname} detail={failure ? `${failure.source}: ${failure.message}` : undefined} />;
}

function Root() {
  return (
    <EmotionRoot>
      <BrowserRouter>
        <Current />
      </BrowserRouter>
    </EmotionRoot>
  );
}

const lifecycles = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: Root,
  domElementGetter: () => {
    // the server's copy of the error page (a 404 rendered by the edge) is replaced in place
    const served = document.querySelector<HTMLElement>('#shell-main > #app-error-page[data-ssr]');
    if (served) {
      served.removeAttribute('data-ssr');
      container = served;
      return served;
    }
    container = document.createElement('div');
    container.id = 'app-error-page';
    document.getElementById('shell-main')!.append(container);
    return container;
  },
  errorBoundary: () => <p>Page not found.</p>,
});

export const { bootstrap, mount } = lifecycles;
export async function unmount(props: Parameters<typeof lifecycles.unmount>[0]) {
  await lifecycles.unmount(props);
  container?.remove();
  container = null;
}
