import { apiUrl } from '@store/contracts/http';
import { getJsonViaPayload } from './resource';
import { mockFetch } from '../test/fetchMock';

describe('getJsonViaPayload (one request per page, _payload.json)', () => {
  beforeEach(() => {
    delete (window as unknown as { __storeRoutePayloads?: unknown }).__storeRoutePayloads;
  });

  it("takes every answer of the page from the route's payload: one request for all of them", async () => {
    const fetch = mockFetch([['/blog/_payload.json', { body: { status: 200, data: { '/api/content/blog?page=1': { posts: [1] }, '/api/content/home': { title: 'Home' } } } }]]);
    await expect(getJsonViaPayload('/blog', apiUrl('/api/content/blog', { query: { page: 1 } }))).resolves.toEqual({ posts: [1] });
    await expect(getJsonViaPayload('/blog', apiUrl('/api/content/home'))).resolves.toEqual({ title: 'Home' });
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual(['/blog/_payload.json']);
  });

  it('asks the API for an answer the payload lacks, and when the payload fails or is a 404 page', async () => {
    const fetch = mockFetch([
      ['/blog/_payload.json', { body: { status: 200, data: {} } }],
      ['/stores/_payload.json', { status: 503, body: {} }],
      ['/api/', { body: { ok: true } }],
    ]);
    await expect(getJsonViaPayload('/blog', apiUrl('/api/content/blog', { query: { page: 2 } }))).resolves.toEqual({ ok: true });
    await expect(getJsonViaPayload('/stores?q=1024', apiUrl('/api/stores', { query: { q: '1024' } }))).resolves.toEqual({ ok: true });
    await expect(getJsonViaPayload('/articles/atlantis', apiUrl('/api/content/articles/by-path', { query: { path: 'atlantis' } }))).resolves.toEqual({ ok: true });
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual([
      '/blog/_payload.json',
      '/api/content/blog?page=2',
      '/stores/_payload.json?q=1024',
      '/api/stores?q=1024',
      '/articles/atlantis/_payload.json',
      '/api/content/articles/by-path?path=atlantis',
    ]);
  });
});
