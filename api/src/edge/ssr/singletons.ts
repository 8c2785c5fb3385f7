/**
 * The one copy of each server-rendering singleton in the edge (bundled by build.mjs in its
 * production build). Remote server bundles leave these imports to the edge (their webpack
 * `externals`, tools/webpack-config SERVER_SINGLETONS); modules.ts hands them these objects.
 */
import * as Emotion from '@emotion/react';
import * as EmotionJsx from '@emotion/react/jsx-runtime';
import * as SharedEvents from '@store/shared-events';
import * as SharedEventsAnalytics from '@store/shared-events/analytics';
import * as SharedEventsReact from '@store/shared-events/react';
import * as SharedEventsRemote from '@store/shared-events/remote';
import * as React from 'react';
import * as ReactDom from 'react-dom';
import * as ReactDomServer from 'react-dom/server';
import * as JsxRuntime from 'react/jsx-runtime';
import * as ReactRouter from 'react-router';

/** CommonJS modules come through ESM interop with their exports on `default`: hand over the exports object itself. */
const cjs = (namespace: object): unknown => ('default' in namespace && (namespace as { default?: unknown }).default) || namespace;

export const SERVER_SINGLETONS: Record<string, unknown> = {
  react: cjs(React),
  'react/jsx-runtime': cjs(JsxRuntime),
  'react-dom': cjs(ReactDom),
  'react-dom/server': cjs(ReactDomServer),
  'react-router': cjs(ReactRouter),
  '@emotion/react': cjs(Emotion),
  '@emotion/react/jsx-runtime': cjs(EmotionJsx),
  '@store/shared-events': SharedEvents,
  '@store/shared-events/react': SharedEventsReact,
  '@store/shared-events/remote': SharedEventsRemote,
  '@store/shared-events/analytics': SharedEventsAnalytics,
};

export { React, ReactDomServer };
/** The page protocol the browser side of the bus defines: where early taps are kept, the server styles' emotion key. */
export const { EARLY_CLICKS_GLOBAL, ENGAGED_EVENT, ENGAGED_GLOBAL, SERVER_STYLES_KEY } = SharedEventsRemote;
export const { createElement } = cjs(React) as typeof import('react');
export const { renderToPipeableStream, renderToString } = cjs(ReactDomServer) as typeof import('react-dom/server');
