/**
 * @jest-environment node
 */
import type { ProductTile } from '@store/contracts';
import { listingUrl } from '../lib/api';
import { forgetTiles, keptTileStats, renderTile, warmTiles } from './tiles';
import { render } from './index';
import { listing, live, market, tile, toHtml } from './renderTestUtils';

const urlOf = (sort: string) => `https://www.fernleaf.co.nz/categories/bags${sort ? `?sort=${sort}` : ''}`;
const dataOf = (items: ProductTile[], sort: string) => ({ [listingUrl({ category: 'bags', ...(sort ? { sort } : {}), page: 1 } as never)]: listing(items, sort) });

describe('kept product tiles in a server-rendered list', () => {
  beforeEach(() => forgetTiles());

  it('write the same bytes and styles as tiles rendered in the list, in any order and position', async () => {
    const items = Array.from({ length: 48 }, (_, i) => tile(i + 1));
    for (const [sort, order] of [
      ['', items],
      ['price-desc', [...items].reverse()],
      ['name-asc', [...items.slice(20), ...items.slice(0, 20)]],
    ] as const) {
      const data = dataOf([...order], sort);
      const expected = await toHtml(live(urlOf(sort), data));
      const kept = await toHtml(render({ url: urlOf(sort), data, market }));
      expect(expected.html).toContain('data-testid="product-tile"');
      expect(kept.html).toBe(expected.html);
      expect(new Set(kept.styles)).toEqual(new Set(expected.styles));
    }
  });

  it('render a product again when its tile changes (price, sold out)', async () => {
    const items = Array.from({ length: 12 }, (_, i) => tile(i + 1));
    await toHtml(render({ url: urlOf(''), data: dataOf(items, ''), market }));
    const changed = items.map((item, i) => (i === 8 ? { ...item, price: 4500, soldOut: true } : item));
    const kept = await toHtml(render({ url: urlOf('newest'), data: dataOf(changed, 'newest'), market }));
    expect(kept.html).toBe((await toHtml(live(urlOf('newest'), dataOf(changed, 'newest')))).html);
    expect(kept.html).toContain('$45.00');
  });

  it('are rendered before any list is asked for by the warm-up, from the whole catalogue in pages, up to its limit', async () => {
    const all = Array.from({ length: 60 }, (_, i) => tile(i + 1));
    const asked: string[] = [];
    const api = (async (url: string) => {
      asked.push(url);
      const page = Number(new URL(url, 'http://x').searchParams.get('page'));
      return { status: 200, body: { ...listing(all.slice((page - 1) * 48, page * 48)), page, pageCount: 2, total: 60 } };
    }) as never;
    expect(await warmTiles(api, market)).toBe(60);
    expect(asked).toEqual(['/api/catalog/listing?page=1', '/api/catalog/listing?page=2']);
    const before = keptTileStats();
    expect(before.entries).toBe(60);
    // a category list of some of them, in another order: nothing new to render, the same bytes
    const some = [all[59]!, all[3]!, ...all.slice(10, 40)];
    const kept = await toHtml(render({ url: urlOf('price-asc'), data: dataOf(some, 'price-asc'), market }));
    expect(keptTileStats().rendered).toBe(before.rendered);
    expect(kept.html).toBe((await toHtml(live(urlOf('price-asc'), dataOf(some, 'price-asc')))).html);
    forgetTiles();
    expect(await warmTiles(api, market, 10)).toBe(10);
    expect(keptTileStats().entries).toBe(10);
  });

  it("share one budget between the versions of the bundle loaded in a renderer, each version's tiles its own", async () => {
    const items = Array.from({ length: 30 }, (_, i) => tile(i + 1));
    const api = (async () => ({ status: 200, body: { ...listing(items), pageCount: 1 } })) as never;
    await warmTiles(api, market);
    let other!: typeof import('./tiles');
    jest.isolateModules(() => {
      other = jest.requireActual('./tiles');
    });
    // another loaded version renders its own tiles, into the same store
    expect(await other.warmTiles(api, market)).toBe(30);
    expect(keptTileStats().entries).toBe(60);
    expect(other.keptTileStats().entries).toBe(60);
    expect(other.keptTileStats().rendered).toBe(30);
  });

  it('keep a tile without its list position', () => {
    const { html } = renderTile(tile(3), market);
    expect(html).toContain('data-position="-1"');
    expect(html.startsWith('<!--$-->')).toBe(true);
  });
});
