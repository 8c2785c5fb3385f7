/**
 * Discoverability (issue 4 point 6, issue 17): title, description, canonical URL, Open Graph and
 * JSON-LD of the page. The edge writes the first page's head into the server HTML (marked
 * data-page-meta); after a client navigation the page applies its head here. Elements this remote
 * adds or takes over are removed when the page unmounts.
 */
import type { PageHead } from '@store/contracts/ssr';
import { useEffect } from 'react';
import { catalogConfig } from './config';

const MARK = 'data-catalog-meta';

function upsert<T extends HTMLElement>(selector: string, create: () => T): T {
  let el = document.head.querySelector<T>(selector);
  if (!el) {
    el = create();
    document.head.appendChild(el);
  }
  el.setAttribute(MARK, '');
  return el;
}

const meta = (attr: 'name' | 'property', key: string) => () => {
  const el = document.createElement('meta');
  el.setAttribute(attr, key);
  return el;
};

export function applyPageMeta(head: PageHead): () => void {
  document.title = `${head.title} | ${catalogConfig.siteName}`;
  // the server's head for the first page is replaced by this page's
  document.head.querySelectorAll('script[type="application/ld+json"][data-page-meta], meta[property^="og:"][data-page-meta]').forEach((el) => el.remove());
  if (head.description !== undefined) upsert('meta[name="description"]', meta('name', 'description')).setAttribute('content', head.description);
  if (head.canonical !== undefined) {
    const link = upsert<HTMLLinkElement>('link[rel="canonical"]', () => Object.assign(document.createElement('link'), { rel: 'canonical' }));
    link.href = head.canonical;
  }
  const robots = document.head.querySelector('meta[name="robots"]');
  if (head.noindex) upsert('meta[name="robots"]', meta('name', 'robots')).setAttribute('content', 'noindex');
  else robots?.remove();
  const og: [string, string | undefined][] = [
    ['og:title', head.title],
    ['og:description', head.description],
    ['og:type', head.ogType],
    ['og:url', head.canonical],
    ['og:image', head.ogImage],
  ];
  for (const [property, content] of og) {
    if (content !== undefined) upsert(`meta[property="${property}"]`, meta('property', property)).setAttribute('content', content);
  }
  document.head.querySelectorAll(`script[type="application/ld+json"][${MARK}]`).forEach((el) => el.remove());
  for (const ld of head.jsonLd ?? []) {
    const script = Object.assign(document.createElement('script'), { type: 'application/ld+json' });
    script.setAttribute(MARK, '');
    script.textContent = JSON.stringify(ld).replace(/</g, '\\u003c');
    document.head.appendChild(script);
  }
  return () => {
    document.head.querySelectorAll(`[${MARK}]:not([name="description"])`).forEach((el) => el.remove());
  };
}

/**
 * Applies the head while mounted (null: nothing yet). `head` receives the page origin (absolute
 * URLs); `deps` say when it changed.
 */
export function usePageMeta(head: ((origin: string) => PageHead) | null, deps: readonly unknown[]): void {
  const ready = head !== null;
  useEffect(() => {
    if (!head) return;
    return applyPageMeta(head(window.location.origin));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, ...deps]);
}
