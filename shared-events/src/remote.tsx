/**
 * `@store/shared-events/remote`: the runtime contract between the shell and a remote's `./app`
 * module. A remote builds its single-spa lifecycles with `defineRemoteApp`, which renders into the
 * element the shell passes, catches render errors with a fallback and reports them on the bus, and
 * tells the shell about routes it owns but has no page for with `<ReportNotFound />`.
 */
import React, { useEffect, type ComponentType } from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { AppProps } from 'single-spa';
// Through the package name, not relative paths: see react.ts (one bus per page).
import { bus, topics } from '@store/shared-events';

export interface RemoteAppOptions {
  /** Federation name of the remote (as in the registry). */
  name: string;
  /** The remote's root; it receives single-spa's props, which it may ignore. */
  rootComponent: ComponentType<AppProps>;
}

function RenderFallback() {
  return (
    <section role="alert" className="remote-fallback">
      <h2>Sorry, we hit a snag</h2>
      <p>Something went wrong while showing this page. The rest of the store still works.</p>
    </section>
  );
}

export function defineRemoteApp({ name, rootComponent }: RemoteAppOptions) {
  return singleSpaReact({
    React,
    ReactDOMClient,
    rootComponent,
    errorBoundary: (error: Error) => {
      bus.publish(topics.remoteFailed, { remote: name, reason: 'render-error', message: String(error?.message ?? error).slice(0, 500) }, { source: name });
      return <RenderFallback />;
    },
  });
}

/** Rendered by a remote for a path it owns but has no page for: the shell shows its 404 page. */
export function ReportNotFound({ source, path }: { source: string; path: string }) {
  useEffect(() => {
    bus.publish(topics.shellNotFound, { path }, { source });
  }, [source, path]);
  return null;
}
