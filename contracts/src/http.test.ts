import { ApiError, apiUrl, createApiClient, isNotFound, retryAfterMs } from './http';

type Call = [url: string, init: RequestInit & { headers: Record<string, string> }];
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function client(answer: (url: string, init: RequestInit) => Response, token: string | null = 'id-token') {
  const calls: Call[] = [];
  const api = createApiClient({
    idToken: async () => token,
    fetch: async (url, init) => {
      calls.push([url, init as Call[1]]);
      return answer(url, init);
    },
  });
  return { api, calls };
}

it('GETs a same-origin path with its query (as URLSearchParams writes it) and the JSON accept header', async () => {
  const { api, calls } = client(() => json(200, { items: [], total: 0, page: 1 }));
  const body = await api.get('/api/catalog/listing', { params: { query: { q: 'leather bag', categories: 'a,b', minPrice: undefined, page: 2 } } });
  expect(body).toEqual({ items: [], total: 0, page: 1 });
  expect(calls).toHaveLength(1);
  const [url, init] = calls[0]!;
  expect(url).toBe('/api/catalog/listing?q=leather+bag&categories=a%2Cb&page=2');
  expect(init.method).toBe('GET');
  expect(init.headers).toEqual({ accept: 'application/json' });
  expect(apiUrl('/api/catalog/listing', { query: { q: 'leather bag', categories: 'a,b', minPrice: undefined, page: 2 } })).toBe(url);
});

it('fills path parameters, encoded', async () => {
  const { api, calls } = client(() => json(200, {}));
  await api.get('/api/orders/{number}', { params: { path: { number: 'FL 1/2' }, query: { token: 't' } } });
  expect(calls[0]![0]).toBe('/api/orders/FL%201%2F2?token=t');
});

it('POSTs a JSON body with the idempotency key, and the ID token only when asked', async () => {
  const { api, calls } = client(() => json(200, { orderNumber: 'FL1' }));
  await api.post('/api/order/place', { body: { cart: {} } as never, auth: true, params: { header: { 'idempotency-key': 'key-1' } } });
  await api.post('/api/orders/lookup', { body: { number: 'FL1', email: 'a@example.co.nz' } });
  const [url, init] = calls[0]!;
  expect(url).toBe('/api/order/place');
  expect(init.method).toBe('POST');
  expect(init.body).toBe(JSON.stringify({ cart: {} }));
  expect(init.headers).toEqual({ accept: 'application/json', authorization: 'Bearer id-token', 'content-type': 'application/json', 'idempotency-key': 'key-1' });
  expect(calls[1]![1].headers.authorization).toBeUndefined();
});

it("auth: true goes without a token when there is none; 'required' refuses without calling", async () => {
  const { api, calls } = client(() => json(200, { paymentMethods: [] }), null);
  await api.get('/api/account/payment-methods', { auth: true });
  expect(calls[0]![1].headers.authorization).toBeUndefined();
  const refused = await api.get('/api/account', { auth: 'required' }).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(ApiError);
  expect(refused).toMatchObject({ status: 401, code: 'Unauthorized', message: 'Not signed in.' });
  expect(calls).toHaveLength(1);
});

it('rejects a non-2xx answer with ApiError: status, code and message from the body, the body', async () => {
  const { api } = client(() => json(409, { error: 'ReturnWindowClosed', message: 'Too late.', orderNumber: 'FL1' }));
  const error = await api.get('/api/account/orders').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ name: 'ApiError', status: 409, code: 'ReturnWindowClosed', message: 'Too late.', body: { error: 'ReturnWindowClosed', message: 'Too late.', orderNumber: 'FL1' } });
  expect(isNotFound(error)).toBe(false);
});

it('a 404 is told apart; a body that is not JSON gives HttpError and the status', async () => {
  const notFound = await client(() => json(404, { error: 'NotFound', message: 'Product not found' }))
    .api.get('/api/products/by-path', { params: { query: { path: 'x' } } })
    .catch((e: unknown) => e);
  expect(isNotFound(notFound)).toBe(true);
  const broken = await client(() => new Response('<html>Bad gateway</html>', { status: 502 }))
    .api.get('/api/site/navigation')
    .catch((e: unknown) => e);
  expect(broken).toMatchObject({ status: 502, code: 'HttpError', message: 'Request failed (502)', body: {} });
});

it('an empty 2xx answer resolves to undefined', async () => {
  const { api } = client(() => new Response(null, { status: 204 }));
  await expect(api.post('/api/product/challenge/verify', { body: { productId: '1', answer: 'a', recaptchaToken: 't' } })).resolves.toBeUndefined();
});

it('passes the AbortSignal to fetch, and uses the global fetch of the moment by default', async () => {
  const controller = new AbortController();
  const seen: unknown[] = [];
  const original = globalThis.fetch;
  globalThis.fetch = (async (url: string, init: RequestInit) => {
    seen.push(url, init.signal);
    return json(200, { status: 'ok' });
  }) as typeof fetch;
  try {
    await createApiClient().get('/api/health', { signal: controller.signal });
  } finally {
    globalThis.fetch = original;
  }
  expect(seen).toEqual(['/api/health', controller.signal]);
});

it('getUrl fetches a URL made by apiUrl as it is', async () => {
  const { api, calls } = client(() => json(200, { items: [] }));
  await api.getUrl(apiUrl('/api/stores/localities', { query: { q: 'Mount Eden' } }));
  await api.getUrl(apiUrl('/api/stores/{path}', { path: { path: 'auckland-newmarket' } }));
  expect(calls.map(([url]) => url)).toEqual(['/api/stores/localities?q=Mount+Eden', '/api/stores/auckland-newmarket']);
});

describe('a 503 with Retry-After (the API cannot reach its database for a moment)', () => {
  const unavailable = (retryAfter: string | null) =>
    new Response(JSON.stringify({ error: 'ServiceUnavailable', message: 'The store cannot reach its database right now.' }), {
      status: 503,
      headers: { 'content-type': 'application/json', ...(retryAfter === null ? {} : { 'retry-after': retryAfter }) },
    });
  /** Answers the given responses in turn, then 200 {}. */
  const inTurn = (...answers: Response[]) => () => answers.shift() ?? json(200, { ok: true });

  it('retries a GET once after the time Retry-After names', async () => {
    const { api, calls } = client(inTurn(unavailable('1')));
    const started = Date.now();
    expect(await api.get('/api/stores')).toEqual({ ok: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(calls).toHaveLength(2);
  });

  it('retries a POST carrying an Idempotency-Key, with the same body and key', async () => {
    const { api, calls } = client(inTurn(unavailable('0')));
    await api.post('/api/order/place', { body: { cart: {} } as never, params: { header: { 'idempotency-key': 'key-2' } } });
    expect(calls).toHaveLength(2);
    expect(calls[1]![1].body).toBe(JSON.stringify({ cart: {} }));
    expect(calls[1]![1].headers['idempotency-key']).toBe('key-2');
  });

  it('does not repeat a POST without an Idempotency-Key', async () => {
    const { api, calls } = client(inTurn(unavailable('0')));
    const error = await api.post('/api/orders/lookup', { body: { number: 'FL1', email: 'a@example.co.nz' } }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503, code: 'ServiceUnavailable' });
    expect(calls).toHaveLength(1);
  });

  it('retries once only, and not without Retry-After or when it is longer than 10 s', async () => {
    const twice = client(inTurn(unavailable('0'), unavailable('0')));
    expect(await twice.api.get('/api/stores').catch((e: unknown) => e)).toMatchObject({ status: 503 });
    expect(twice.calls).toHaveLength(2);
    const none = client(inTurn(unavailable(null)));
    expect(await none.api.get('/api/stores').catch((e: unknown) => e)).toMatchObject({ status: 503 });
    expect(none.calls).toHaveLength(1);
    const long = client(inTurn(unavailable('60')));
    expect(await long.api.get('/api/stores').catch((e: unknown) => e)).toMatchObject({ status: 503 });
    expect(long.calls).toHaveLength(1);
  });

  it('stops waiting when the call is aborted', async () => {
    const { api, calls } = client(inTurn(unavailable('5')));
    const controller = new AbortController();
    const pending = api.get('/api/stores', { signal: controller.signal }).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 20));
    controller.abort(new Error('navigated away'));
    expect(await pending).toMatchObject({ message: 'navigated away' });
    expect(calls).toHaveLength(1);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-27T04:00:00Z');
    expect(retryAfterMs('2', now)).toBe(2000);
    expect(retryAfterMs('Fri, 27 Nov 2026 04:00:03 GMT', now)).toBe(3000);
    expect(retryAfterMs('Fri, 27 Nov 2026 03:59:00 GMT', now)).toBe(0);
    expect(retryAfterMs('11', now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });
});
