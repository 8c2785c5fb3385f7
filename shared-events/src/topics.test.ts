import { createBus, type Bus, type BusError } from './bus';
import { topicCatalog, topics } from './topics';

function setup(): { bus: Bus; errors: BusError[] } {
  const bus = createBus({ warn: () => {} });
  const errors: BusError[] = [];
  bus.errors$.subscribe((e) => errors.push(e));
  return { bus, errors };
}

describe('topics', () => {
  it('lists every topic with name, version and kind, sorted by name', () => {
    const catalog = topicCatalog();
    expect(catalog.map((t) => t.name)).toEqual([...catalog.map((t) => t.name)].sort());
    // the cross-team contracts of the first releases (more topics may follow; these must stay)
    expect(catalog).toEqual(expect.arrayContaining([
      { name: 'alert.show', version: 1, kind: 'event' },
      { name: 'cart.add', version: 1, kind: 'event' },
      { name: 'cart.add.result', version: 1, kind: 'event' },
      { name: 'cart.overlay.open', version: 1, kind: 'event' },
      { name: 'cart.quantity', version: 1, kind: 'state' },
      { name: 'remote.failed', version: 1, kind: 'event' },
      { name: 'session.state', version: 1, kind: 'state' },
      { name: 'shell.not-found', version: 1, kind: 'event' },
      { name: 'wishlist.quantity', version: 1, kind: 'state' },
    ]));
  });

  it('validates cart.add commands', () => {
    const ok = topics.cartAdd.schema.safeParse({ requestId: 'r1', productId: '12', variantId: '34', qty: 1 });
    expect(ok.success).toBe(true);
    expect(topics.cartAdd.schema.safeParse({ requestId: 'r1', productId: '12', variantId: '34', qty: 0 }).success).toBe(false);
    expect(topics.cartAdd.schema.safeParse({ requestId: 'r1', productId: '12', variantId: '34', qty: 1, challengeAnswer: 'x'.repeat(101) }).success).toBe(false);
  });

  it.each([
    ['cart.quantity', topics.cartQuantity, { quantity: 0, promoQuantity: 0, status: 'LOADING' }],
    ['wishlist.quantity', topics.wishlistQuantity, { quantity: 5 }],
    ['cart.overlay.open', topics.cartOverlayOpen, {}],
    ['alert.show', topics.alertShow, { id: 'a1', type: 'ERROR', content: 'x'.repeat(500), duration: 5000 }],
    ['session.state', topics.sessionState, { status: 'LOGGED_IN', user: { id: 'u1', email: 'a@example.com' } }],
    ['session.state (no user)', topics.sessionState, { status: 'INITIALISING' }],
    ['shell.not-found', topics.shellNotFound, { path: '/products/nope' }],
    ['remote.failed', topics.remoteFailed, { remote: 'catalog', reason: 'load-timeout', message: 'after 5000 ms' }],
  ])('accepts a valid %s payload', (_label, topic, payload) => {
    const { bus, errors } = setup();
    expect(bus.publish(topic, payload as never)).toBe(true);
    expect(errors).toEqual([]);
  });

  it.each([
    ['cart.quantity: negative', topics.cartQuantity, { quantity: -1, promoQuantity: 0, status: 'SUCCESS' }],
    ['cart.quantity: fraction', topics.cartQuantity, { quantity: 1.5, promoQuantity: 0, status: 'SUCCESS' }],
    ['cart.quantity: missing status', topics.cartQuantity, { quantity: 1, promoQuantity: 0 }],
    ['wishlist.quantity: string', topics.wishlistQuantity, { quantity: '1' }],
    ['alert.show: empty content', topics.alertShow, { content: '' }],
    ['alert.show: content over 500', topics.alertShow, { content: 'x'.repeat(501) }],
    ['alert.show: unknown type', topics.alertShow, { content: 'x', type: 'INFO' }],
    ['alert.show: fractional duration', topics.alertShow, { content: 'x', duration: 1.5 }],
    ['session.state: unknown status', topics.sessionState, { status: 'SIGNED_IN' }],
    ['session.state: user without id', topics.sessionState, { status: 'LOGGED_IN', user: { email: 'a@example.com' } }],
    ['shell.not-found: no path', topics.shellNotFound, {}],
    ['remote.failed: unknown reason', topics.remoteFailed, { remote: 'catalog', reason: 'gone' }],
  ])('rejects %s', (_label, topic, payload) => {
    const { bus, errors } = setup();
    expect(bus.publish(topic, payload as never)).toBe(false);
    expect(errors.map((e) => e.kind)).toEqual(['invalid-payload']);
  });
});
