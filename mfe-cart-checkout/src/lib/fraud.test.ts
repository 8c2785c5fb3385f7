/**
 * The fraud-prevention script is loaded once with its site id; its token comes from
 * the script's event, or else from the forterToken cookie read 5, 10, 15, 30 and 60 s after the
 * script loaded (stopping once found); a failed load never blocks checkout.
 */
import { createFraudAnalytics, FRAUD_CONFIG_URL, FRAUD_TOKEN_COOKIE, FRAUD_TOKEN_EVENT, readCookie } from './fraud';

const CONFIG = { siteId: 'site/42 nz', scriptUrl: '/api/fraud/script.js' };
const reply = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));
const script = () => document.head.querySelector<HTMLScriptElement>('script[data-fraud-analytics]');
const setCookie = (value: string) => (document.cookie = `${FRAUD_TOKEN_COOKIE}=${encodeURIComponent(value)}; path=/; max-age=${400 * 86_400}`);
const clearCookie = () => (document.cookie = `${FRAUD_TOKEN_COOKIE}=; path=/; max-age=0`);

/** Lets the config fetch (the typed client reads the answer's body) and the script element appear (promise callbacks only; timers are fake). */
const settle = async () => {
  for (let i = 0; i < 100; i++) await Promise.resolve();
};

function setup(answer: () => Promise<Response> = () => reply(200, CONFIG)) {
  const fetch = jest.fn((_url: RequestInfo | URL, _init?: RequestInit) => answer());
  const warnings: string[] = [];
  const fraud = createFraudAnalytics({ fetch: fetch as unknown as typeof globalThis.fetch, warn: (m) => warnings.push(m) });
  return { fraud, fetch, warnings };
}

beforeEach(() => {
  jest.useFakeTimers();
  document.head.innerHTML = '';
  clearCookie();
});
afterEach(() => jest.useRealTimers());

it('loads the script once, from the config, with the site id', async () => {
  const { fraud, fetch } = setup();
  fraud.start();
  fraud.start();
  await settle();
  expect(fetch).toHaveBeenCalledTimes(1);
  expect(fetch.mock.calls[0]![0]).toBe(FRAUD_CONFIG_URL);
  expect(document.head.querySelectorAll('script')).toHaveLength(1);
  expect(script()!.getAttribute('src')).toBe('/api/fraud/script.js?siteId=site%2F42%20nz');
  fraud.start();
  await settle();
  expect(fetch).toHaveBeenCalledTimes(1);
  expect(document.head.querySelectorAll('script')).toHaveLength(1);
});

it("takes the token from the script's ftr:tokenReady event", async () => {
  const { fraud } = setup();
  fraud.start();
  await settle();
  expect(fraud.token()).toBeNull();
  document.dispatchEvent(new CustomEvent(FRAUD_TOKEN_EVENT, { detail: 'evt-token-1' }));
  expect(fraud.token()).toBe('evt-token-1');
  // an event that carries no usable token changes nothing
  document.dispatchEvent(new CustomEvent(FRAUD_TOKEN_EVENT, { detail: 42 }));
  document.dispatchEvent(new CustomEvent(FRAUD_TOKEN_EVENT, { detail: 'x'.repeat(501) }));
  expect(fraud.token()).toBe('evt-token-1');
});

it('otherwise reads the cookie 5, 10, 15, 30 and 60 s after the script loaded', async () => {
  const { fraud } = setup();
  const reads = jest.spyOn(document, 'cookie', 'get');
  fraud.start();
  await settle();
  script()!.dispatchEvent(new Event('load'));
  await settle();
  reads.mockClear();
  jest.advanceTimersByTime(4_999);
  expect(reads).not.toHaveBeenCalled();
  jest.advanceTimersByTime(1); // 5 s: no cookie yet
  expect(reads).toHaveBeenCalledTimes(1);
  jest.advanceTimersByTime(5_000); // 10 s
  jest.advanceTimersByTime(5_000); // 15 s
  expect(reads).toHaveBeenCalledTimes(3);
  expect(fraud.token()).toBeNull();
  setCookie('cookie-token=a/b');
  jest.advanceTimersByTime(14_999);
  expect(fraud.token()).toBeNull();
  jest.advanceTimersByTime(1); // 30 s: found
  expect(reads).toHaveBeenCalledTimes(4);
  expect(fraud.token()).toBe('cookie-token=a/b');
  // found: the 60 s check does not run
  setCookie('a-later-token');
  jest.advanceTimersByTime(60_000);
  expect(reads).toHaveBeenCalledTimes(4);
  expect(fraud.token()).toBe('cookie-token=a/b');
  reads.mockRestore();
});

it('stops the cookie checks once the event gave the token', async () => {
  const { fraud } = setup();
  fraud.start();
  await settle();
  script()!.dispatchEvent(new Event('load'));
  await settle();
  expect(jest.getTimerCount()).toBe(5);
  document.dispatchEvent(new CustomEvent(FRAUD_TOKEN_EVENT, { detail: 'evt-token' }));
  expect(jest.getTimerCount()).toBe(0);
  setCookie('cookie-token');
  jest.advanceTimersByTime(60_000);
  expect(fraud.token()).toBe('evt-token');
});

it('the last check is at 60 s: a cookie set later is not read', async () => {
  const { fraud } = setup();
  fraud.start();
  await settle();
  script()!.dispatchEvent(new Event('load'));
  await settle();
  jest.advanceTimersByTime(60_000);
  expect(jest.getTimerCount()).toBe(0);
  setCookie('too-late');
  jest.advanceTimersByTime(600_000);
  expect(fraud.token()).toBeNull();
});

it('a failed config or script load only warns: no token, nothing thrown', async () => {
  const down = setup(() => reply(503, {}));
  expect(() => down.fraud.start()).not.toThrow();
  await down.fraud.loaded();
  expect(down.fraud.token()).toBeNull();
  expect(script()).toBeNull();
  expect(down.warnings).toHaveLength(1);

  const offline = setup(() => Promise.reject(new TypeError('Failed to fetch')));
  offline.fraud.start();
  await offline.fraud.loaded();
  expect(offline.warnings).toHaveLength(1);

  const malformed = setup(() => reply(200, { siteId: '' }));
  malformed.fraud.start();
  await malformed.fraud.loaded();
  expect(malformed.warnings).toHaveLength(1);
  expect(script()).toBeNull();

  const blocked = setup();
  blocked.fraud.start();
  await settle();
  script()!.dispatchEvent(new Event('error'));
  await blocked.fraud.loaded();
  expect(blocked.warnings).toEqual([expect.stringContaining('not loaded')]);
  expect(jest.getTimerCount()).toBe(0);
  // the script may still announce a token later (loaded after all): it is taken
  document.dispatchEvent(new CustomEvent(FRAUD_TOKEN_EVENT, { detail: 'late-evt' }));
  expect(blocked.fraud.token()).toBe('late-evt');
});

it('reads one cookie out of document.cookie', () => {
  expect(readCookie('a=1; forterToken=abc%3D%3D; b=2', 'forterToken')).toBe('abc==');
  expect(readCookie('xforterToken=1', 'forterToken')).toBeNull();
  expect(readCookie('', 'forterToken')).toBeNull();
  expect(readCookie('forterToken=%E0%A4%A', 'forterToken')).toBe('%E0%A4%A');
});
