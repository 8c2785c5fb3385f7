/** The building blocks of seeded site copy: body blocks and the markets a document belongs to. */
import type { ContentBlockRow } from '../platform/db/schema-content.js';

export type B = ContentBlockRow;
export const p = (text: string): B => ({ type: 'paragraph', text });
export const h = (text: string): B => ({ type: 'heading', text });
export const list = (...items: string[]): B => ({ type: 'list', items });
export const link = (text: string, href: string): B => ({ type: 'link', text, href });

/**
 * The markets a document belongs to (the `markets` column of articles and blog_posts):
 * the New Zealand site's own pages (NZ prices and law, NZ places, NZ customer service), the
 * Australian site's, and market-neutral ones shown on both.
 */
export type SeedMarkets = readonly ('NZ' | 'AU')[];
export const NZ_ONLY: SeedMarkets = ['NZ'];
export const AU_ONLY: SeedMarkets = ['AU'];
export const BOTH_MARKETS: SeedMarkets = ['NZ', 'AU'];
