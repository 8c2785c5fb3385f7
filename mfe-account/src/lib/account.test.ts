/** Account load and update results: SUCCESS, PREPARING, ERROR, ABORTED; reuse by age; busy. */
import { session } from '@store/shared-events';
import { forgetAccount, loadAccount, updateAccount } from './account';

const account = { customer: { email: 'a@example.co.nz', firstName: 'Ana', lastName: 'Lee', phone: '', erpCustomerId: 'C1', subscriptions: { email: false, sms: false } }, loyalty: { providers: {} } };
const reply = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));
let gets = 0;
let answer: () => Promise<Response> = () => reply(200, account);
let user: { id: string; email: string; idToken: string } | null = null;

beforeAll(async () => {
  globalThis.fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/account/state') return reply(200, { state: { syncableStateVersion: 0, cart: { items: [] }, wishlist: { items: [] } } });
    if (url === '/api/account' && (init?.method ?? 'GET') === 'GET') gets += 1;
    if (url === '/api/account') return answer();
    return reply(404, {});
  }) as typeof fetch;
  await session.setAuthProvider({ currentUser: async () => user, signOut: async () => undefined });
  await session.start();
});

const signIn = () =>
  session.signIn(async () => {
    user = { id: 'sub-ana', email: 'a@example.co.nz', idToken: 'tok' };
  });

beforeEach(() => {
  forgetAccount();
  gets = 0;
  answer = () => reply(200, account);
});

it('is ABORTED while logged out, without calling the API', async () => {
  expect(session.getState().status).toBe('LOGGED_OUT');
  expect(await loadAccount()).toEqual({ result: 'ABORTED' });
  expect(await updateAccount({ customer: account.customer })).toEqual({ result: 'ABORTED' });
  expect(gets).toBe(0);
});

it('SUCCESS, then reused while younger than the caller-given age', async () => {
  await signIn();
  expect(await loadAccount()).toEqual({ result: 'SUCCESS', account });
  expect(await loadAccount(15)).toEqual({ result: 'SUCCESS', account });
  expect(gets).toBe(1);
  expect(await loadAccount(0)).toMatchObject({ result: 'SUCCESS' });
  expect(gets).toBe(2);
});

it('PREPARING when the server has no customer yet, ERROR on other failures', async () => {
  answer = () => reply(404, { error: 'CustomerNotFound', message: 'Customer not found.' });
  expect(await loadAccount()).toEqual({ result: 'PREPARING' });
  answer = () => reply(500, { error: 'InternalError', message: 'x' });
  expect(await loadAccount()).toEqual({ result: 'ERROR' });
});

it('ABORTED when the session changes while loading', async () => {
  let release!: () => void;
  answer = () => new Promise<Response>((resolve) => (release = () => void resolve(reply(200, account))));
  const loading = loadAccount();
  await new Promise((r) => setTimeout(r, 10));
  user = null;
  await session.signOut();
  release();
  expect(await loading).toEqual({ result: 'ABORTED' });
  await signIn();
});

it('blocks an update while another runs (busy)', async () => {
  let release!: () => void;
  answer = () => new Promise<Response>((resolve) => (release = () => void resolve(reply(200, account))));
  const first = updateAccount({ customer: account.customer });
  await new Promise((r) => setTimeout(r, 10));
  expect(await updateAccount({ customer: account.customer })).toEqual({ result: 'ABORTED' });
  release();
  expect(await first).toEqual({ result: 'SUCCESS', account });
  answer = () => reply(200, account);
  expect(await updateAccount({ customer: account.customer })).toMatchObject({ result: 'SUCCESS' });
});

it('marks the update on the shared session while it runs, so checkout waits for it', async () => {
  let release!: () => void;
  answer = () => new Promise<Response>((resolve) => (release = () => void resolve(reply(200, account))));
  expect(session.isAccountUpdating()).toBe(false);
  const saving = updateAccount({ customer: account.customer });
  expect(session.isAccountUpdating()).toBe(true);
  await new Promise((r) => setTimeout(r, 10));
  expect(session.isAccountUpdating()).toBe(true);
  release();
  expect(await saving).toMatchObject({ result: 'SUCCESS' });
  expect(session.isAccountUpdating()).toBe(false);
  // a failed update ends the mark too
  answer = () => reply(500, { error: 'InternalError', message: 'x' });
  expect(await updateAccount({ customer: account.customer })).toMatchObject({ result: 'ERROR' });
  expect(session.isAccountUpdating()).toBe(false);
});
