import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { BrowserRouter } from 'react-router';
import { ErrorPage } from './ErrorPage';

let container: HTMLElement | null = null;

function Root() {
  return (
    <BrowserRouter>
      <ErrorPage status={404} />
    </BrowserRouter>
  );
}

const lifecycles = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: Root,
  domElementGetter: () => {
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
