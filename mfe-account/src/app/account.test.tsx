import { act, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, session, topics, type AuthUser, type CartAdd } from '@store/shared-events';
import { MemoryRouter } from 'react-router';
import { AccountRoutes } from './App';
import { authMessage, MESSAGES } from '../lib/auth/messages';
import { GUEST_LOYALTY_KEY, linkGuestLoyalty } from '../features/loyalty/loyalty';

// The machine is shared: give async queries room.
configure({ asyncUtilTimeout: 5000 });

/** A tiny API: config, account, state, objects. */
interface Call {
  method: string;
  url: string;
  body?: unknown;
}
const calls: Call[] = [];
let serverState = { syncableStateVersion: 0, cart: { items: [] as unknown[] }, wishlist: { items: [] as unknown[] } };
let account: Record<string, unknown> | null = {
  customer: { email: 'kiri@example.co.nz', firstName: 'Kiri', lastName: 'Walker', phone: '', erpCustomerId: 'C000000001', subscriptions: { email: false, sms: false } },
  loyalty: { providers: {} },
};
const products: Record<string, unknown> = {};

const reply = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));

beforeAll(() => {
  globalThis.fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    if (url === '/api/account/config') {
      return reply(200, { region: 'ap-southeast-2', userPoolId: 'ap-southeast-2_Test', userPoolClientId: 'c', userPoolEndpoint: '/api/cognito', localPool: true, loyaltyEnabled: true, guestLoyaltyMaxAgeMinutes: 60 });
    }
    if (url === '/api/account/state') {
      if (method === 'PUT') serverState = { ...body, syncableStateVersion: body.syncableStateVersion + 1 };
      return reply(200, { state: serverState });
    }
    if (url === '/api/account') {
      if (!account) return reply(404, { error: 'CustomerNotFound', message: 'preparing' });
      if (method === 'PUT') {
        const link = body.loyalty?.qantas;
        if (link?.memberId === '999999') return reply(422, { error: 'LoyaltyMemberNotFound', message: 'not found' });
        account = { ...account, customer: { ...(account.customer as object), ...body.customer }, loyalty: { providers: link?.action === 'link' ? { qantas: { memberId: link.memberId } } : {} } };
      }
      return reply(200, account);
    }
    if (url.endsWith('/objects')) return reply(200, { data: { results: (body.objectIds as string[]).map((id) => products[id] ?? null) } });
    return reply(404, { error: 'NotFound', message: url });
  }) as typeof fetch;
});

const kiri: AuthUser = { id: 'sub-kiri', email: 'kiri@example.co.nz', idToken: 'id-token' };
let signedIn: AuthUser | null = null;

beforeAll(async () => {
  await session.setAuthProvider({
    currentUser: async () => signedIn,
    signOut: async () => {
      signedIn = null;
    },
  });
  await session.start();
});

async function signInAs(user: AuthUser) {
  await act(async () => {
    await session.signIn(async () => {
      signedIn = user;
    });
    await session.synced.update((s) => s);
  });
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AccountRoutes />
    </MemoryRouter>,
  );
}

describe('route guards', () => {
  afterEach(async () => {
    await act(() => session.signOut());
  });

  it('a signed-out visitor of a dashboard page gets the sign-in page', async () => {
    renderAt('/account/wishlist');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(document.title).toBe('Sign in | Fernleaf');
  });

  it('a signed-in customer on a signed-out-only page gets the dashboard', async () => {
    await signInAs(kiri);
    renderAt('/account/signup');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kia ora, Kiri' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Account' })).toBeInTheDocument();
    // the title of the page the guard sent the visitor to
    expect(document.title).toBe('My account | Fernleaf');
    // The API got the ID token.
    const accountCall = (globalThis.fetch as jest.Mock).mock.calls.find(([url]) => url === '/api/account');
    expect(accountCall?.[1].headers.authorization).toBe('Bearer id-token');
  });

  it('reset and verify are open to everyone', async () => {
    renderAt('/account/password/reset?user=kiri%40example.co.nz&code=123456');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('kiri@example.co.nz');
    expect(screen.getByLabelText('Reset code')).toHaveValue('123456');
  });

  it('the sign-up form checks the field rules and focuses the first invalid field', async () => {
    const user = userEvent.setup();
    renderAt('/account/signup');
    await user.click(await screen.findByRole('button', { name: 'Create account' }));
    expect(screen.getByLabelText('First name')).toHaveFocus();
    await user.type(screen.getByLabelText('First name'), 'Kiri<3');
    await user.type(screen.getByLabelText('Last name'), 'Walker');
    await user.type(screen.getByLabelText('Email'), 'kiri@example.co.nz');
    await user.type(screen.getByLabelText('Password'), 'Password1!');
    await user.type(screen.getByLabelText('Repeat password'), 'Password1?');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('First name may only contain letters, full stops, apostrophes, spaces and hyphens.')).toBeInTheDocument();
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument();
  });
});

describe('/account/qantas with the loyalty setting on', () => {
  afterEach(async () => {
    await act(() => session.signOut());
  });

  it('shows the Qantas page and its menu link (off: see loyalty-off.test.tsx)', async () => {
    await signInAs(kiri);
    renderAt('/account/qantas');
    expect(await screen.findByRole('heading', { level: 1, name: 'Qantas Frequent Flyer' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Qantas Frequent Flyer' })).toHaveAttribute('href', '/account/qantas');
  });

  it('a refused membership says so until the number or name is changed', async () => {
    await signInAs(kiri);
    const user = userEvent.setup();
    renderAt('/account/qantas');
    const number = await screen.findByLabelText('Qantas Frequent Flyer number');
    await user.type(number, '999999');
    await user.type(screen.getByLabelText('Last name on your membership'), 'Walker');
    await user.click(screen.getByRole('button', { name: 'Link membership' }));
    const refused = 'We were unable to find your Qantas Frequent Flyer membership. Check the number and last name.';
    expect(await screen.findByText(refused)).toBeInTheDocument();
    await user.type(number, '1');
    expect(screen.queryByText(refused)).toBeNull();
  });
});

describe('wishlist page', () => {
  afterEach(async () => {
    await act(() => session.signOut());
  });

  it('lists newest first, drops products that no longer exist, and adds to the cart through cart.add', async () => {
    products.p1 = { id: 'p1', name: 'Harbour Tote', path: 'harbour-tote-p1', price: 12900, soldOut: false, productGallery: [{ src: 'images/products/p1/tote-1.jpg', alt: '', width: 1200, height: 1500 }], variants: [{ id: 'v1', label: 'One size', qty: 4, code: 'X' }] };
    products.p2 = { id: 'p2', name: 'Ridge Backpack 22L', path: 'ridge-backpack-p2', price: 24900, soldOut: false, productGallery: [], variants: [{ id: 'v2', label: 'One size', qty: 2, code: 'Y' }] };
    serverState = {
      syncableStateVersion: 3,
      cart: { items: [] },
      wishlist: {
        items: [
          { productId: 'p1', qty: 1, createdAt: '2026-11-20T00:00:00.000Z' },
          { productId: 'gone', qty: 1, createdAt: '2026-11-21T00:00:00.000Z' },
          { productId: 'p2', qty: 1, createdAt: '2026-11-22T00:00:00.000Z' },
        ],
      },
    };
    await signInAs(kiri);
    const adds: CartAdd[] = [];
    const stop = bus.subscribe(topics.cartAdd, (add) => {
      adds.push(add);
      bus.publish(topics.cartAddResult, { requestId: add.requestId, status: 'INVALID', reason: 'qtyAvailableExceeded', message: 'Only 2 left.' });
    });
    const user = userEvent.setup();
    renderAt('/account/wishlist');
    const list = await screen.findByRole('list', { name: 'Saved products' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('link').textContent)).toEqual(['Ridge Backpack 22L', 'Harbour Tote']);
    // the shared responsive image (@store/ui/image), product aspect ratio 0.8, alt falling back to the name
    const image = within(items[1]!).getByRole('img', { name: 'Harbour Tote' });
    expect(image).toHaveAttribute('data-image-state', 'loading');
    expect(image.getAttribute('srcset')).toContain('width=600/images/products/p1/tote-1.jpg 600w');
    expect(getComputedStyle(image).aspectRatio).toBe('0.8');
    await waitFor(() => expect(session.synced.getState().wishlist.items.map((i) => i.productId).sort()).toEqual(['p1', 'p2']));
    expect(bus.latest(topics.wishlistQuantity)).toEqual({ quantity: 2 });

    // the cart service has not started yet (no cart.quantity): the add waits for it instead of being lost
    await user.click(screen.getByRole('button', { name: 'Add Ridge Backpack 22L to cart' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(adds).toEqual([]);
    act(() => {
      bus.publish(topics.cartQuantity, { quantity: 0, promoQuantity: 0, status: 'SUCCESS' }, { source: 'cart_checkout' });
    });
    await waitFor(() => expect(adds).toEqual([expect.objectContaining({ productId: 'p2', variantId: 'v2', qty: 1, source: 'wishlist' })]));
    expect(await screen.findByText('Only 2 left.')).toBeInTheDocument();
    // once the cart listens, an add goes at once
    await user.click(screen.getByRole('button', { name: 'Add Harbour Tote to cart' }));
    await waitFor(() => expect(adds).toHaveLength(2));
    stop();
  });

  it('Remove takes the product out of the list in place: no loading, the others stay, nothing loaded again', async () => {
    products.p1 = { id: 'p1', name: 'Harbour Tote', path: 'harbour-tote-p1', price: 12900, soldOut: false, productGallery: [], variants: [{ id: 'v1', label: 'One size', qty: 4, code: 'X' }] };
    products.p2 = { id: 'p2', name: 'Ridge Backpack 22L', path: 'ridge-backpack-p2', price: 24900, soldOut: false, productGallery: [], variants: [{ id: 'v2', label: 'One size', qty: 2, code: 'Y' }] };
    serverState = {
      syncableStateVersion: 5,
      cart: { items: [] },
      wishlist: {
        items: [
          { productId: 'p1', qty: 1, createdAt: '2026-11-20T00:00:00.000Z' },
          { productId: 'p2', qty: 1, createdAt: '2026-11-22T00:00:00.000Z' },
        ],
      },
    };
    await signInAs(kiri);
    const user = userEvent.setup();
    renderAt('/account/wishlist');
    const list = await screen.findByRole('list', { name: 'Saved products' });
    const loads = () => calls.filter((c) => c.url.endsWith('/objects')).length;
    const before = loads();
    await user.click(screen.getByRole('button', { name: 'Remove Harbour Tote from wishlist' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).getByRole('link').textContent).toBe('Ridge Backpack 22L');
    expect(screen.queryByText('Loading your wishlist…')).toBeNull();
    await waitFor(() => expect(session.synced.getState().wishlist.items.map((i) => i.productId)).toEqual(['p2']));
    expect(screen.getByRole('list', { name: 'Saved products' })).toBe(list);
    expect(loads()).toBe(before);
  });
});

describe('guest Qantas membership after login', () => {
  beforeEach(async () => {
    await signInAs(kiri);
  });
  afterEach(async () => {
    await act(() => session.signOut());
    localStorage.removeItem(GUEST_LOYALTY_KEY);
  });

  it('links a young guest membership when the account has none', async () => {
    localStorage.setItem(GUEST_LOYALTY_KEY, JSON.stringify({ memberId: '1234567890', lastName: 'Smith', createdAt: new Date(Date.now() - 5 * 60_000).toISOString() }));
    await expect(linkGuestLoyalty(60)).resolves.toBe('LINKED');
    expect(calls.filter((c) => c.method === 'PUT' && c.url === '/api/account').at(-1)?.body).toMatchObject({ loyalty: { qantas: { action: 'link', memberId: '1234567890', lastName: 'Smith' } } });
    expect(localStorage.getItem(GUEST_LOYALTY_KEY)).toBeNull();
    // Now linked: a second one is not linked over it.
    localStorage.setItem(GUEST_LOYALTY_KEY, JSON.stringify({ memberId: '2345678901', lastName: 'Ngata', createdAt: new Date().toISOString() }));
    await expect(linkGuestLoyalty(60)).resolves.toBe('ALREADY_LINKED');
  });

  it('ignores a membership older than the configured age', async () => {
    localStorage.setItem(GUEST_LOYALTY_KEY, JSON.stringify({ memberId: '1234567890', lastName: 'Smith', createdAt: new Date(Date.now() - 61 * 60_000).toISOString() }));
    await expect(linkGuestLoyalty(60)).resolves.toBe('TOO_OLD');
  });
});

describe('messages for the identity service errors', () => {
  const error = (name: string, message = '') => Object.assign(new Error(message), { name });
  it.each([
    ['NotAuthorizedException', 'signin', MESSAGES.incorrectCredentials],
    ['NotAuthorizedException', 'change', MESSAGES.currentPasswordIncorrect],
    ['UserNotConfirmedException', 'signin', MESSAGES.notVerified],
    ['UsernameExistsException', 'signup', MESSAGES.accountExists],
    ['LimitExceededException', 'resend', MESSAGES.tooManyVerificationEmails],
    ['LimitExceededException', 'change', MESSAGES.tooManyPasswordAttempts],
    ['CodeMismatchException', 'reset', MESSAGES.codeWrong],
    ['CodeMismatchException', 'verify', MESSAGES.codeWrong],
    ['ExpiredCodeException', 'verify', MESSAGES.codeExpired],
    ['CodeMismatchException', 'verify-link', MESSAGES.linkInvalid],
    ['UserNotFoundException', 'verify', MESSAGES.codeWrong],
    ['NetworkError', 'signup', MESSAGES.unableToCreateAccount],
    ['NetworkError', 'signin', MESSAGES.unableToLogIn],
  ] as const)('%s during %s', (name, context, message) => {
    expect(authMessage(error(name), context)).toBe(message);
  });
  it('a locked account', () => {
    expect(authMessage(error('NotAuthorizedException', 'Password attempts exceeded'), 'signin')).toBe(MESSAGES.tooManySignInAttempts);
  });
});
