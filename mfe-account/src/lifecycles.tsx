import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { bus, topics } from '@store/shared-events';
import { App } from './App';

/** single-spa lifecycles of the account remote; the shell passes each mount its own element. */
const lifecycles = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: App,
  errorBoundary: (error: Error) => {
    bus.publish(topics.remoteFailed, { remote: 'account', reason: 'render-error', message: String(error.message).slice(0, 500) }, { source: 'account' });
    return (
      <section role="alert" className="remote-fallback">
        <h2>Sorry, we hit a snag</h2>
        <p>Something went wrong while showing this page. The rest of the store still works.</p>
      </section>
    );
  },
});

export const { bootstrap, mount, unmount } = lifecycles;
