/**
 * The page head of each catalog page as data (title, description, canonical, Open Graph, JSON-LD),
 * computed the same way on the server (the edge writes it into the HTML) and in the browser
 * (each page renders it with @store/ui/page-head, which takes over from the server's head). What
 * every page's head shares is here; each page's own head is beside the page (features/listing/head,
 * features/product/head), so a page's code carries no other page's head.
 */
import { documentTitle } from '@store/contracts/ssr';
import type { PageHeadProps } from '@store/ui/page-head';
import { catalogConfig } from './config';

export const abs = (path: string, origin: string) => new URL(path, origin).toString();

/** The catalog's rules for <PageHead>: " | Fernleaf" after the title (the rule the edge uses), og:site_name, and twitter:card on pages with an image. */
export const pageHeadOptions = {
  documentTitle: (title: string) => documentTitle(title, catalogConfig.siteName),
  // as the edge writes them (api/src/edge/ssr/render.ts), so the head is the same after hydration
  siteName: catalogConfig.siteName,
  twitterCard: true,
} satisfies Omit<PageHeadProps, 'head'>;

export function breadcrumbList(crumbs: { name: string; url: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: crumb.url })),
  };
}

export function shortDescription(text: string): string {
  return text.length > 160 ? `${text.slice(0, 157).replace(/\s+\S*$/, '')}…` : text;
}

