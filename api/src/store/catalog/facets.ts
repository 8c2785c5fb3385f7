/**
 * Facets: the brands, features and colours a listing can be filtered by (looked up by slug, name
 * or id; loaded once per catalogue version) and the facet options of a listing answer, built from
 * its counts with the shopper's selected values kept even when they match nothing.
 */
import type { FacetOption, ListingResponse } from '@store/contracts';
import { asc, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../platform/db/index.js';
import { brands, features } from '../../platform/db/schema.js';
import type { CategoryIndex } from './categories.js';
import type { CategoryRollup, FacetRows } from './listing.js';
import { slugOf } from './normalise.js';

export interface FacetLookup {
  brandsBySlug: Map<string, { id: number; slug: string; name: string }>;
  featuresBySlug: Map<string, { id: number; slug: string; name: string }>;
  featuresById: Map<number, { id: number; slug: string; name: string }>;
  coloursBySlug: Map<string, { name: string; hex: string; slug: string }>;
  coloursByName: Map<string, { name: string; hex: string; slug: string }>;
  rollup: CategoryRollup;
}

export async function loadFacetLookup(db: Database, index: CategoryIndex): Promise<FacetLookup> {
  const brandRows = await db.select({ id: brands.id, slug: brands.slug, name: brands.name }).from(brands).orderBy(asc(brands.name));
  const featureRows = await db.select({ id: features.id, slug: features.slug, name: features.name }).from(features).orderBy(asc(features.id));
  const colourRows = await queryRows<{ name: string; hex: string }>(db, sql`select colour_name as name, min(colour_hex) as hex from products group by colour_name order by colour_name`);
  const descendant: number[] = [];
  const ancestor: number[] = [];
  for (const [ancestorId, ids] of index.subtree) {
    for (const id of ids) {
      descendant.push(id);
      ancestor.push(ancestorId);
    }
  }
  const colours = colourRows.map((c) => ({ name: c.name, hex: c.hex, slug: slugOf(c.name) }));
  return {
    brandsBySlug: new Map(brandRows.map((b) => [b.slug, { id: b.id, slug: b.slug, name: b.name }])),
    featuresBySlug: new Map(featureRows.map((f) => [f.slug, f])),
    featuresById: new Map(featureRows.map((f) => [f.id, f])),
    coloursBySlug: new Map(colours.map((c) => [c.slug, c])),
    coloursByName: new Map(colours.map((c) => [c.name, c])),
    rollup: { descendant, ancestor },
  };
}

export interface SelectedFacets {
  categories: string[];
  features: string[];
  colours: string[];
}

/**
 * A listing's facet options from its counts: categories (but the listed category and its
 * ancestors, `excluded`), features and colours with a count, most first, plus every selected value.
 */
export function listingFacets(rows: FacetRows, index: CategoryIndex, facets: FacetLookup, excluded: ReadonlySet<number>, selected: SelectedFacets): ListingResponse['facets'] {
  const byCount = (a: FacetOption, b: FacetOption) => b.count - a.count || a.label.localeCompare(b.label);
  const withSelected = (options: FacetOption[], values: string[], make: (value: string) => FacetOption | null): FacetOption[] => {
    const present = new Set(options.map((o) => o.value));
    for (const value of values) {
      if (!present.has(value)) {
        const option = make(value);
        if (option) options.push(option);
      }
    }
    return options;
  };
  const categoryOptions = rows.categories
    .filter((r) => !excluded.has(r.id) && r.n > 0 && index.byId.has(r.id))
    .map((r) => {
      const c = index.byId.get(r.id)!;
      return { value: c.path, label: c.name, count: r.n, selected: selected.categories.includes(c.path) };
    });
  const featureOptions = rows.features
    .filter((r) => r.n > 0 && facets.featuresById.has(r.id))
    .map((r) => {
      const f = facets.featuresById.get(r.id)!;
      return { value: f.slug, label: f.name, count: r.n, selected: selected.features.includes(f.slug) };
    });
  const colourOptions = rows.colours
    .filter((r) => r.n > 0 && facets.coloursByName.has(r.name))
    .map((r) => {
      const c = facets.coloursByName.get(r.name)!;
      return { value: c.slug, label: c.name, hex: c.hex, count: r.n, selected: selected.colours.includes(c.slug) };
    });
  return {
    categories: withSelected(categoryOptions, selected.categories, (path) => {
      const c = index.byPath.get(path);
      return c ? { value: c.path, label: c.name, count: 0, selected: true } : null;
    }).sort(byCount),
    features: withSelected(featureOptions, selected.features, (slug) => {
      const f = facets.featuresBySlug.get(slug);
      return f ? { value: f.slug, label: f.name, count: 0, selected: true } : null;
    }).sort(byCount),
    colours: withSelected(colourOptions, selected.colours, (slug) => {
      const c = facets.coloursBySlug.get(slug);
      return c ? { value: c.slug, label: c.name, hex: c.hex, count: 0, selected: true } : null;
    }).sort(byCount),
    price: rows.price,
  };
}
