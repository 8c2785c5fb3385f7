/** A fetch stand-in answering by URL prefix; unknown URLs get 404. Records every URL asked. */
export type Route = [prefix: string, answer: { status?: number; body: unknown } | (() => Promise<{ status?: number; body: unknown }>)];

export function mockFetch(routes: Route[]): jest.Mock {
  const mock = jest.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const route = routes.find(([prefix]) => url.startsWith(prefix));
    const answer = route ? (typeof route[1] === 'function' ? await route[1]() : route[1]) : { status: 404, body: { error: 'NotFound', message: 'Not found' } };
    const status = answer.status ?? 200;
    return new Response(JSON.stringify(answer.body), { status });
  });
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
}
