/**
 * Discoverability (issue 4 point 6): title, description, canonical URL and JSON-LD of the page.
 * Elements this remote adds are marked data-catalog-meta and removed when the page unmounts.
 */
import { useEffect } from 'react';
import { catalogConfig } from '../config';

export interface PageMeta {
  title: string;
  description?: string;
  /** Path (with query when it matters), made absolute against the page origin. */
  canonicalPath?: string;
  jsonLd?: object;
  noindex?: boolean;
}

function upsert<T extends HTMLElement>(selector: string, create: () => T): T {
  let el = document.head.querySelector<T>(selector);
  if (!el) {
    el = create();
    el.setAttribute('data-catalog-meta', '');
    document.head.appendChild(el);
  }
  return el;
}

export function applyPageMeta(meta: PageMeta): () => void {
  document.title = `${meta.title} | ${catalogConfig.siteName}`;
  if (meta.description !== undefined) {
    upsert('meta[name="description"]', () => Object.assign(document.createElement('meta'), { name: 'description' })).setAttribute('content', meta.description);
  }
  if (meta.canonicalPath !== undefined) {
    const link = upsert<HTMLLinkElement>('link[rel="canonical"]', () => Object.assign(document.createElement('link'), { rel: 'canonical' }));
    link.href = new URL(meta.canonicalPath, window.location.origin).toString();
  }
  const robots = document.head.querySelector('meta[name="robots"][data-catalog-meta]');
  if (meta.noindex && !robots) upsert('meta[name="robots"][data-catalog-meta]', () => Object.assign(document.createElement('meta'), { name: 'robots', content: 'noindex' }));
  if (!meta.noindex) robots?.remove();
  const ld = document.head.querySelector('script[type="application/ld+json"][data-catalog-meta]');
  if (meta.jsonLd) {
    const script = upsert('script[type="application/ld+json"][data-catalog-meta]', () => Object.assign(document.createElement('script'), { type: 'application/ld+json' }));
    script.textContent = JSON.stringify(meta.jsonLd).replace(/</g, '\\u003c');
  } else ld?.remove();
  return () => {
    document.head.querySelectorAll('[data-catalog-meta]').forEach((el) => el.remove());
  };
}

/** Applies the meta while mounted (null: nothing yet). */
export function usePageMeta(meta: PageMeta | null): void {
  const key = meta ? JSON.stringify(meta) : '';
  useEffect(() => {
    if (!meta) return;
    return applyPageMeta(meta);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
