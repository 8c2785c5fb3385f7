/** Answers of the content API for the loader and hydration tests (shapes as the API sends them). */
import type { Article, BlogListResponse, BlogPost, HomeContent, ProductTile, Store, StoreNear, StoresResponse } from '@store/contracts';
import type { ServerApi } from '@store/contracts/ssr';

const image = (name: string) => ({ src: `images/content/${name}.jpg`, width: 1800, height: 1200, alt: name });

export const tile = (n: number): ProductTile => ({
  id: `p${n}`,
  path: `tote-p${n}`,
  name: `Tote ${n}`,
  brand: 'Pinecrest & Vine',
  price: 20000,
  erpOriginalPrice: 20000,
  isDiscounted: false,
  isNew: true,
  state: 'current',
  availableFrom: null,
  soldOut: false,
  overlays: [],
  image: { src: `images/products/p${n}/tote-1.jpg`, alt: `Tote ${n}`, width: 1200, height: 1500 },
  colourName: 'Sand',
  colourHex: '#d8c8a8',
});

export const home: HomeContent = {
  title: 'Fernleaf | Bags, travel and accessories',
  description: 'Bags for Aotearoa.',
  slider: {
    autoplay: true,
    intervalMs: 6000,
    pauseOnHover: true,
    slides: [
      { id: 'a', eyebrow: 'Spring', heading: 'Made for the long way round', text: 'Slide one.', cta: { label: 'Shop new arrivals', href: '/categories/new-arrivals' }, image: image('slide-spring') },
      { id: 'b', eyebrow: 'Travel', heading: 'Pack once, go anywhere', text: 'Slide two.', cta: { label: 'Shop luggage', href: '/categories/travel/luggage' }, image: image('slide-travel') },
    ],
  },
  featuredCategories: [{ label: 'Backpacks', href: '/categories/bags/backpacks', blurb: 'Commute-ready', image: image('backpacks') }],
  rails: [{ id: 'new-arrivals', heading: 'New arrivals', href: '/categories/new-arrivals', category: 'new-arrivals', sort: 'newest', limit: 2 }],
  journal: [],
};

export const post: BlogPost = {
  path: 'caring-for-leather',
  title: 'Caring for leather',
  description: 'How to keep a leather bag supple in a humid summer.',
  author: 'Mere Tawhiri',
  tags: [{ slug: 'care', name: 'Care and repair' }],
  image: image('blog-leather'),
  publishedAt: '2026-11-12T20:00:00.000Z',
  body: [{ type: 'paragraph', text: 'Wipe it down.' }],
  related: [],
};

export const blogList: BlogListResponse = {
  items: [post, { ...post, path: 'second-post', title: 'Second post' }],
  page: 1,
  pageSize: 12,
  pageCount: 1,
  total: 2,
  tag: null,
  tags: [{ slug: 'care', name: 'Care and repair', count: 2 }],
};

export const article: Article = {
  path: 'help-centre/gift-cards',
  title: 'Gift cards',
  description: 'Using and checking gift cards.',
  image: image('gift-cards'),
  body: [{ type: 'heading', text: 'Checking a balance' }, { type: 'paragraph', text: 'Ask us.' }],
  updatedAt: '2026-10-01T00:00:00.000Z',
};

export const store: Store = {
  id: '1',
  erpStoreId: 'AKL-NMK',
  name: 'Fernleaf Newmarket',
  path: 'auckland-newmarket',
  address: { street1: '277 Broadway', street2: null, locality: 'Newmarket', region: 'Auckland', postcode: '1023', country: 'NZ' },
  lat: -36.87,
  lng: 174.78,
  phone: '09 520 1234',
  email: 'newmarket@fernleaf.co.nz',
  openingHours: [...[1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '09:00', close: '17:30' })), { day: 7, open: null, close: null }],
  timeZone: 'Pacific/Auckland',
  clickAndCollect: true,
  description: 'Our flagship.',
};

export const stores: StoresResponse = {
  origin: null,
  radiusKm: 200,
  stores: [{ ...store, distanceKm: null, stock: null } satisfies StoreNear, { ...store, id: '2', name: 'Fernleaf Riccarton', path: 'christchurch-riccarton', distanceKm: null, stock: null }],
};

/** The API answers by exact URL (anything else: 404); `calls` lists what was asked. */
export function fakeApi(answers: Record<string, { status?: number; body: unknown }>): ServerApi & { calls: string[] } {
  const calls: string[] = [];
  const api = (async (path: string) => {
    calls.push(path);
    const answer = answers[path];
    return answer ? { status: answer.status ?? 200, body: answer.body } : { status: 404, body: { error: 'NotFound', message: 'Not found' } };
  }) as unknown as ServerApi & { calls: string[] };
  api.calls = calls;
  return api;
}

export const API: Record<string, { status?: number; body: unknown }> = {
  '/api/content/home': { body: home },
  '/api/catalog/listing?category=new-arrivals&sort=newest': { body: { items: [tile(1), tile(2), tile(3)], total: 30, facets: [], page: 1 } },
  '/api/content/articles/by-path?path=help-centre%2Fgift-cards': { body: article },
  '/api/content/articles/by-path?path=help-centre': { body: { ...article, path: 'help-centre', title: 'Help centre', image: null } },
  '/api/content/articles/by-path?path=shipping': { body: { ...article, path: 'shipping', title: 'Shipping and delivery', image: null } },
  '/api/content/blog?page=1': { body: blogList },
  '/api/content/blog?tag=care&page=1': { body: { ...blogList, tag: { slug: 'care', name: 'Care and repair', count: 2 } } },
  '/api/content/blog/by-path?path=caring-for-leather': { body: post },
  '/api/stores?radiusKm=200': { body: stores },
  '/api/stores/auckland-newmarket': { body: store },
};
