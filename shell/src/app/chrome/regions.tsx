/**
 * The header and footer as React trees of their own, rendered the same way by the edge (server/index.tsx,
 * static router) and by the browser (lifecycles.tsx, browser router), so the browser hydrates the
 * server's HTML. `ChromeData` is what the edge loaded for them and embedded in the page.
 */
import type { NavItem } from '@store/contracts/site';
import { bus, topics } from '@store/shared-events';
import { Component, type ReactNode } from 'react';
import { Header } from '../../features/header/Header';

export interface ChromeData {
  nav?: NavItem[];
}

export const CHROME_DATA_ELEMENT_ID = 'chrome-data';

/** The edge names the chrome data by URL (CHROME_DATA_PATH) instead of embedding it: this build reads either. */
export const CHROME_DATA_BY_URL = true;

/**
 * The chrome data the edge gave the page (`<script id="chrome-data" type="application/json">`):
 * embedded, or named by URL (`{"src"}`) and fetched here (the page's loader preloaded it). {} when
 * there is none or it cannot be read: the header then shows its own navigation.
 */
export async function loadChromeData(doc: Document = document, fetchImpl: typeof fetch = fetch): Promise<ChromeData> {
  let data: unknown;
  try {
    const text = doc.getElementById(CHROME_DATA_ELEMENT_ID)?.textContent;
    data = text ? JSON.parse(text) : {};
    const src = data && typeof data === 'object' ? (data as { src?: unknown }).src : undefined;
    if (typeof src === 'string' && /^\/(?!\/)/.test(src)) {
      const response = await fetchImpl(src, { credentials: 'same-origin' });
      data = response.ok ? await response.json() : {};
    }
  } catch {
    return {};
  }
  return data && typeof data === 'object' && !('src' in data) ? (data as ChromeData) : {};
}

/** A region whose render fails reports it (remote.failed, source chrome) and shows nothing. */
export class RegionBoundary extends Component<{ region: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error) {
    bus.publish(topics.remoteFailed, { remote: 'chrome', reason: 'render-error', message: `${this.props.region}: ${String(error?.message ?? error)}`.slice(0, 500) }, { source: 'fragment' });
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

export function HeaderRegion({ data }: { data: ChromeData }) {
  return (
    <RegionBoundary region="header">
      <Header initialNav={data.nav} />
    </RegionBoundary>
  );
}
