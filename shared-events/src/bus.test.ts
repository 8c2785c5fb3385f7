import { firstValueFrom, take, toArray } from 'rxjs';
import * as z from 'zod/mini';
import { createBus, defineTopic, type Bus, type BusError } from './bus';
import { topics } from './topics';

const ping = defineTopic({ name: 'test.ping', version: 1, kind: 'event', schema: z.object({ n: z.int() }) });
const level = defineTopic({ name: 'test.level', version: 1, kind: 'state', schema: z.object({ n: z.int() }) });

function setup(): { bus: Bus; errors: BusError[]; warnings: string[] } {
  const warnings: string[] = [];
  const bus = createBus({ warn: (message) => warnings.push(message) });
  const errors: BusError[] = [];
  bus.errors$.subscribe((e) => errors.push(e));
  return { bus, errors, warnings };
}

describe('bus.publish / subscribe', () => {
  it('delivers a valid payload to every subscriber and returns true', () => {
    const { bus, errors } = setup();
    const a: unknown[] = [];
    const b: unknown[] = [];
    bus.subscribe(topics.cartQuantity, (p) => a.push(p));
    bus.subscribe(topics.cartQuantity, (p) => b.push(p));

    expect(bus.publish(topics.cartQuantity, { quantity: 2, promoQuantity: 1, status: 'SUCCESS' })).toBe(true);

    expect(a).toEqual([{ quantity: 2, promoQuantity: 1, status: 'SUCCESS' }]);
    expect(b).toEqual(a);
    expect(errors).toEqual([]);
  });

  it('delivers the parsed payload: defaults applied, unknown keys stripped', () => {
    const { bus } = setup();
    const got: unknown[] = [];
    bus.subscribe(topics.alertShow, (p) => got.push(p));
    bus.publish(topics.alertShow, { content: 'Added to cart', extra: 'x' } as never);
    expect(got).toEqual([{ type: 'SUCCESS', content: 'Added to cart' }]);
  });

  it('drops and reports an invalid payload without reaching or throwing into subscribers', () => {
    const { bus, errors, warnings } = setup();
    const handler = jest.fn();
    bus.subscribe(topics.cartQuantity, handler);

    let result: boolean | undefined;
    expect(() => {
      result = bus.publish(topics.cartQuantity, { quantity: -1, promoQuantity: 0.5, status: 'NOPE' } as never, {
        source: 'catalog',
      });
    }).not.toThrow();

    expect(result).toBe(false);
    expect(handler).not.toHaveBeenCalled();
    expect(errors).toHaveLength(1);
    const error = errors[0]!;
    expect(error).toMatchObject({ kind: 'invalid-payload', topic: 'cart.quantity', version: 1, source: 'catalog' });
    if (error.kind !== 'invalid-payload') throw new Error('unexpected kind');
    expect(error.issues.map((i) => i.path.join('.')).sort()).toEqual(['promoQuantity', 'quantity', 'status']);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('invalid-payload on cart.quantity@1');
  });

  it('rejects payloads that are not objects at all', () => {
    const { bus, errors } = setup();
    const handler = jest.fn();
    bus.subscribe(topics.shellNotFound, handler);
    expect(bus.publish(topics.shellNotFound, undefined as never)).toBe(false);
    expect(bus.publish(topics.shellNotFound, 'nope' as never)).toBe(false);
    expect(handler).not.toHaveBeenCalled();
    expect(errors.map((e) => e.kind)).toEqual(['invalid-payload', 'invalid-payload']);
  });

  it('does not let an invalid payload replace the latest state', () => {
    const { bus } = setup();
    bus.publish(topics.wishlistQuantity, { quantity: 3 });
    bus.publish(topics.wishlistQuantity, { quantity: 'many' } as never);
    expect(bus.latest(topics.wishlistQuantity)).toEqual({ quantity: 3 });
  });

  it('logs through console.warn by default', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const bus = createBus();
      expect(bus.publish(ping, { n: 'x' } as never)).toBe(false);
      expect(warn).toHaveBeenCalledWith(
        expect.stringContaining('invalid-payload on test.ping@1'),
        expect.objectContaining({ kind: 'invalid-payload' }),
      );
    } finally {
      warn.mockRestore();
    }
  });

  it('isolates a throwing subscriber: others still get the message, the publisher does not throw', () => {
    const { bus, errors } = setup();
    const before = jest.fn();
    const after = jest.fn();
    bus.subscribe(ping, before);
    bus.subscribe(ping, () => {
      throw new Error('boom');
    });
    bus.subscribe(ping, after);

    expect(bus.publish(ping, { n: 1 }, { source: 'shell' })).toBe(true);
    expect(bus.publish(ping, { n: 2 })).toBe(true);

    expect(before.mock.calls).toEqual([[{ n: 1 }], [{ n: 2 }]]);
    expect(after.mock.calls).toEqual([[{ n: 1 }], [{ n: 2 }]]);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatchObject({ kind: 'subscriber-error', topic: 'test.ping', version: 1, source: 'shell' });
    expect((errors[0] as { error: Error }).error.message).toBe('boom');
  });

  it('stops delivering after unsubscribe, leaving other subscribers alone', () => {
    const { bus } = setup();
    const gone = jest.fn();
    const stays = jest.fn();
    const unsubscribe = bus.subscribe(ping, gone);
    bus.subscribe(ping, stays);

    bus.publish(ping, { n: 1 });
    unsubscribe();
    unsubscribe(); // idempotent
    bus.publish(ping, { n: 2 });

    expect(gone.mock.calls).toEqual([[{ n: 1 }]]);
    expect(stays.mock.calls).toEqual([[{ n: 1 }], [{ n: 2 }]]);
  });
});

describe('state and event topics', () => {
  it('replays the latest state to late subscribers, and exposes it via latest()', () => {
    const { bus } = setup();
    expect(bus.latest(level)).toBeUndefined();
    bus.publish(level, { n: 1 });
    bus.publish(level, { n: 2 });

    const late = jest.fn();
    bus.subscribe(level, late);
    expect(late.mock.calls).toEqual([[{ n: 2 }]]);
    expect(bus.latest(level)).toEqual({ n: 2 });

    bus.publish(level, { n: 3 });
    expect(late.mock.calls).toEqual([[{ n: 2 }], [{ n: 3 }]]);
  });

  it('does not replay events to late subscribers', () => {
    const { bus } = setup();
    bus.publish(ping, { n: 1 });
    const late = jest.fn();
    bus.subscribe(ping, late);
    expect(late).not.toHaveBeenCalled();
    bus.publish(ping, { n: 2 });
    expect(late.mock.calls).toEqual([[{ n: 2 }]]);
  });

  it('observe() replays state and streams later values', async () => {
    const { bus } = setup();
    bus.publish(level, { n: 1 });
    const values = firstValueFrom(bus.observe(level).pipe(take(3), toArray()));
    bus.publish(level, { n: 2 });
    bus.publish(level, { n: 3 });
    await expect(values).resolves.toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });

  it('observe() of an event topic only sees later events', async () => {
    const { bus } = setup();
    bus.publish(ping, { n: 1 });
    const values = firstValueFrom(bus.observe(ping).pipe(take(1)));
    bus.publish(ping, { n: 2 });
    await expect(values).resolves.toEqual({ n: 2 });
  });

  it('subscribeEnvelope() gets topic, version, payload, source and time', () => {
    const { bus } = setup();
    const envelopes: unknown[] = [];
    const now = Date.now();
    bus.subscribeEnvelope(topics.cartOverlayOpen, (e) => envelopes.push(e));
    bus.publish(topics.cartOverlayOpen, { source: 'add-to-cart' }, { source: 'catalog' });
    expect(envelopes).toEqual([
      { topic: 'cart.overlay.open', version: 1, payload: { source: 'add-to-cart' }, source: 'catalog', at: expect.any(Number) },
    ]);
    expect((envelopes[0] as { at: number }).at).toBeGreaterThanOrEqual(now);
  });

  it('keeps buses created by createBus() independent', () => {
    const one = setup().bus;
    const two = setup().bus;
    one.publish(level, { n: 1 });
    expect(two.latest(level)).toBeUndefined();
  });
});

describe('versions', () => {
  const levelV2 = defineTopic({ name: 'test.level', version: 2, kind: 'state', schema: z.object({ n: z.string() }) });

  it('reports and drops a publish whose topic version differs from the registered one', () => {
    const { bus, errors } = setup();
    const v1 = jest.fn();
    bus.subscribe(level, v1);

    expect(bus.publish(levelV2, { n: 'two' }, { source: 'account' })).toBe(false);

    expect(v1).not.toHaveBeenCalled();
    expect(bus.latest(level)).toBeUndefined();
    expect(errors).toEqual([
      expect.objectContaining({
        kind: 'version-mismatch',
        topic: 'test.level',
        version: 2,
        source: 'account',
        registered: { version: 1, kind: 'state' },
      }),
    ]);
    // The registered version keeps working.
    expect(bus.publish(level, { n: 1 })).toBe(true);
    expect(v1.mock.calls).toEqual([[{ n: 1 }]]);
  });

  it('reports a subscriber using another version and never calls it', () => {
    const { bus, errors } = setup();
    bus.publish(level, { n: 1 });
    const v2 = jest.fn();
    const unsubscribe = bus.subscribe(levelV2, v2);
    bus.publish(level, { n: 2 });
    unsubscribe();
    expect(v2).not.toHaveBeenCalled();
    expect(errors.map((e) => e.kind)).toEqual(['version-mismatch']);
    expect(bus.latest(levelV2)).toBeUndefined();
  });

  it('treats the same name with another kind as a conflict', () => {
    const { bus, errors } = setup();
    const levelAsEvent = defineTopic({ name: 'test.level', version: 1, kind: 'event', schema: z.object({ n: z.int() }) });
    bus.publish(level, { n: 1 });
    expect(bus.publish(levelAsEvent, { n: 2 })).toBe(false);
    expect(errors[0]).toMatchObject({ kind: 'version-mismatch', registered: { version: 1, kind: 'state' } });
  });
});

describe('defineTopic', () => {
  it('rejects a missing name or a version below 1', () => {
    expect(() => defineTopic({ name: '', version: 1, kind: 'event', schema: z.object({}) })).toThrow();
    expect(() => defineTopic({ name: 'x', version: 0, kind: 'event', schema: z.object({}) })).toThrow();
  });
});

describe('module singleton', () => {
  it('counts module evaluations and exposes the first bus on globalThis', () => {
    jest.isolateModules(() => {
      const before = globalThis.__STORE_BUS_LOADS__ ?? 0;
      const first = globalThis.__STORE_BUS__;
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const fresh = require('./bus') as typeof import('./bus');
      expect(globalThis.__STORE_BUS_LOADS__).toBe(before + 1);
      if (first) expect(globalThis.__STORE_BUS__).toBe(first);
      else expect(globalThis.__STORE_BUS__).toBe(fresh.bus);
    });
  });
});

describe('types (checked by tsc)', () => {
  it('takes schema input on publish and gives parsed output to subscribers', () => {
    const { bus } = setup();
    const types: string[] = [];
    bus.subscribe(topics.alertShow, (alert) => {
      const type: 'SUCCESS' | 'ERROR' = alert.type; // defaulted: never undefined for subscribers
      types.push(type);
    });
    expect(bus.publish(topics.alertShow, { content: 'Saved' })).toBe(true); // type may be omitted
    // @ts-expect-error content is required
    expect(bus.publish(topics.alertShow, { type: 'ERROR' })).toBe(false);
    // @ts-expect-error latest() is for state topics only
    expect(bus.latest(topics.alertShow)).toBeUndefined();
    expect(types).toEqual(['SUCCESS']);
  });
});
