/**
 * Title, description and canonical URL of every content page. Elements this remote adds are
 * marked data-content-meta and removed when the page unmounts.
 */
import { useEffect } from 'react';

export const SITE_NAME = 'Fernleaf';

export interface PageMeta {
  title: string;
  description: string;
  /** Path (with the query when it selects content), made absolute against the page origin. */
  canonicalPath: string;
}

function upsert<T extends HTMLElement>(selector: string, create: () => T): T {
  let el = document.head.querySelector<T>(selector);
  if (!el) {
    el = create();
    el.setAttribute('data-content-meta', '');
    document.head.appendChild(el);
  }
  return el;
}

export function applyPageMeta(meta: PageMeta): () => void {
  document.title = meta.title.startsWith(`${SITE_NAME} |`) ? meta.title : `${meta.title} | ${SITE_NAME}`;
  upsert('meta[name="description"]', () => Object.assign(document.createElement('meta'), { name: 'description' })).setAttribute('content', meta.description);
  const link = upsert<HTMLLinkElement>('link[rel="canonical"]', () => Object.assign(document.createElement('link'), { rel: 'canonical' }));
  link.href = new URL(meta.canonicalPath, window.location.origin).toString();
  return () => {
    document.head.querySelectorAll('[data-content-meta]').forEach((el) => el.remove());
  };
}

/**
 * A path this remote has no page for, until the shell's 404 page takes over (it sets its own
 * title): never the previous page's title, and the canonical is the URL itself, not a real page.
 */
export function notFoundMeta(page: string): PageMeta {
  return {
    title: 'Page Not Found',
    description: 'Sorry, we could not find this page on Fernleaf. It may have moved or no longer exist.',
    canonicalPath: page,
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
