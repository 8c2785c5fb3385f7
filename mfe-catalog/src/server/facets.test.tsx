/**
 * @jest-environment node
 */
import type { ListingFacets } from '@store/contracts';
import { listingUrl } from '../lib/api';
import { paramsFor } from '../features/listing/scope';
import { readListingUrl } from '../features/listing/url';
import { forgetFacets, keptFacetsStats, outerElement, warmFacets } from './facets';
import { render } from './index';
import { listing, live, market, tile, toHtml } from './renderTestUtils';

const options = (n: number, prefix: string, selected: string[] = []) =>
  Array.from({ length: n }, (_, i) => ({ value: `${prefix}-${i}`, label: `${prefix} "${i}" & <more>`, count: 100 - i, selected: selected.includes(`${prefix}-${i}`) }));

const facetsOf = (selected: string[] = []): ListingFacets => ({
  categories: options(12, 'cat', selected),
  features: options(8, 'feat', selected),
  colours: options(20, 'col', selected).map((o, i) => ({ ...o, hex: `#${String(i).padStart(2, '0')}2030` })),
  price: { min: 3999, max: 89900 },
});

const items = Array.from({ length: 12 }, (_, i) => tile(i + 1));

/** The catalog region's URL and route data for a category list with this query. */
function pageOf(query: string, facets: ListingFacets, category = 'bags') {
  const url = `https://www.fernleaf.co.nz/categories/${category}${query ? `?${query}` : ''}`;
  const state = readListingUrl(new URLSearchParams(query));
  const data: Record<string, unknown> = {};
  for (let page = 1; page <= state.page; page += 1) data[listingUrl(paramsFor({ kind: 'category', path: category }, state, page))] = listing(items, state.sort, facets);
  return { url, data };
}

describe('kept facets in a server-rendered list', () => {
  beforeEach(() => forgetFacets());

  it('write the same bytes and styles as facets rendered in the list, for every sort and page of the same filters', async () => {
    const facets = facetsOf();
    const before = keptFacetsStats().rendered;
    for (const query of ['', 'sort=price-desc', 'page=2&sort=name-asc', 'sort=newest']) {
      const { url, data } = pageOf(query, facets);
      const expected = await toHtml(live(url, data));
      const kept = await toHtml(render({ url, data, market }));
      expect(expected.html).toContain('data-facets="sidebar"');
      expect(expected.html).toContain('id="facets-sidebar-colours"');
      expect(kept.html).toBe(expected.html);
      expect(new Set(kept.styles)).toEqual(new Set(expected.styles));
    }
    // rendered once, written four times
    expect(keptFacetsStats()).toMatchObject({ entries: 1, rendered: before + 1 });
  });

  it('render the facets again when the filters applied or the counts change', async () => {
    const pages = [
      pageOf('', facetsOf()),
      pageOf('colour=col-17&feature=feat-2', facetsOf(['col-17', 'feat-2'])),
      pageOf('minPrice=50&maxPrice=200', facetsOf()),
      pageOf('', { ...facetsOf(), colours: facetsOf().colours.map((o) => ({ ...o, count: o.count - 1 })) }),
    ];
    const before = keptFacetsStats().rendered;
    for (const { url, data } of pages) expect((await toHtml(render({ url, data, market }))).html).toBe((await toHtml(live(url, data))).html);
    expect(keptFacetsStats()).toMatchObject({ entries: 4, rendered: before + 4 });
    const filtered = await toHtml(render({ ...pages[1]!, market }));
    expect(filtered.html).toMatch(/checked=""\/><span aria-hidden="true" style="background:#[0-9a-f]+" class="[^"]*"><\/span><span>col &quot;17&quot;/);
    expect(keptFacetsStats().rendered).toBe(before + 4);
  });

  it("are rendered before any list is asked for by the warm-up: the catalogue's and each category's first list, up to its limit", async () => {
    const byCategory = (category: string | null) => ({
      ...facetsOf(),
      categories: category === null ? options(3, 'cat') : options(2, `${category}-sub`),
      colours: facetsOf().colours.slice(0, category === null ? 20 : 5),
    });
    const asked: string[] = [];
    const api = (async (url: string) => {
      asked.push(url);
      const category = new URL(url, 'http://x').searchParams.get('category');
      return { status: 200, body: listing(items, '', byCategory(category)) };
    }) as never;
    expect(await warmFacets(api, market)).toBe(4);
    expect(asked).toEqual([listingUrl({ page: 1 }), ...['cat-0', 'cat-1', 'cat-2'].map((category) => listingUrl({ category, page: 1 } as never))]);
    const before = keptFacetsStats();
    expect(before.entries).toBe(4);
    // a category's list, sorted and on its second page: its facets were kept by the warm-up
    const { url, data } = pageOf('page=2&sort=price-asc', byCategory('cat-1'), 'cat-1');
    const kept = await toHtml(render({ url, data, market }));
    expect(kept.html).toContain('cat-1-sub');
    expect(keptFacetsStats().rendered).toBe(before.rendered);
    forgetFacets();
    expect(await warmFacets(api, market, 2)).toBe(2);
    expect(keptFacetsStats().entries).toBe(2);
  });

  it('keep an element only as its tag, attributes and inner HTML', () => {
    expect(outerElement('<aside aria-label="Filters &amp; &quot;more&quot;" class="css-1" data-facets="sidebar"><h2>Filters</h2></aside>')).toEqual({
      tag: 'aside',
      props: { 'aria-label': 'Filters & "more"', className: 'css-1', 'data-facets': 'sidebar' },
      inner: '<h2>Filters</h2>',
    });
    expect(outerElement('<aside>one</div>')).toBeNull();
    expect(outerElement('<aside data-x=unquoted>one</aside>')).toBeNull();
    expect(outerElement('text<aside></aside>')).toBeNull();
  });
});
