import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { Chrome } from './Chrome';

const lifecycles = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: Chrome,
  domElementGetter: () => document.getElementById('shell-overlays')!,
  errorBoundary: () => <></>,
});

export const { bootstrap, mount, unmount } = lifecycles;
