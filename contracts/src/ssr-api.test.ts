import { apiUrl } from './http';
import type { ServerApi } from './ssr';

/**
 * Server loaders call the API through `ServerApi`, typed by the OpenAPI document as the browser
 * client is: a URL must be made by apiUrl for a published GET path, and the answer's body is that
 * path's 2xx body. The type errors below are part of the test (typecheck fails if they go away).
 */
describe('ServerApi', () => {
  it('takes URLs made by apiUrl and gives the path\'s body type', async () => {
    const api = (async (url: string) => ({ status: 200, body: { items: [], total: 0, url } })) as unknown as ServerApi;
    const answer = await api(apiUrl('/api/catalog/listing', { query: { category: 'bags' } }));
    const total: number = answer.body.total;
    expect(total).toBe(0);
    expect((answer.body as unknown as { url: string }).url).toBe('/api/catalog/listing?category=bags');
    // @ts-expect-error a plain string is not an API URL
    await api('/api/catalog/listing');
    // @ts-expect-error a path the API does not publish
    await api(apiUrl('/api/not-a-route'));
    // @ts-expect-error the listing has no `name`
    expect(answer.body.name).toBeUndefined();
  });
});
