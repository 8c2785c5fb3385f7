/**
 * @jest-environment node
 */
import { KeptStore } from './kept';

describe('KeptStore', () => {
  const name = () => `__keptStoreTest${Math.random().toString(36).slice(2)}`;

  it('stays within its byte budget, the oldest entries going first', () => {
    const store = new KeptStore<{ v: number }>(name(), 30);
    for (let i = 1; i <= 5; i += 1) store.set(`k${i}`, { v: i }, 10);
    expect(store.stats()).toEqual({ entries: 3, bytes: 30 });
    expect(store.get('k1')).toBeUndefined();
    expect(store.get('k2')).toBeUndefined();
    expect(store.get('k5')).toMatchObject({ v: 5 });
  });

  it('keeps an entry used since it was added over older unused ones', () => {
    const store = new KeptStore<{ v: number }>(name(), 30);
    for (let i = 1; i <= 3; i += 1) store.set(`k${i}`, { v: i }, 10);
    expect(store.get('k1')).toMatchObject({ v: 1 });
    store.set('k4', { v: 4 }, 10);
    expect(store.get('k1')).toMatchObject({ v: 1 });
    expect(store.get('k2')).toBeUndefined();
    // every entry used: the oldest goes all the same, once each had its second chance
    store.get('k3');
    store.get('k4');
    store.set('k5', { v: 5 }, 10);
    expect(store.stats().bytes).toBe(30);
    expect(store.get('k5')).toMatchObject({ v: 5 });
  });

  it('replaces an entry set again under its key, counting its bytes once', () => {
    const store = new KeptStore<{ v: number }>(name(), 100);
    store.set('a', { v: 1 }, 10);
    store.set('a', { v: 2 }, 25);
    expect(store.stats()).toEqual({ entries: 1, bytes: 25 });
    expect(store.get('a')).toMatchObject({ v: 2 });
  });

  it('shares its entries and budget with every store of the same name (each loaded version of the bundle)', () => {
    const shared = name();
    const one = new KeptStore<{ v: number }>(shared, 20);
    const two = new KeptStore<{ v: number }>(shared, 20);
    one.set('x', { v: 1 }, 10);
    two.set('y', { v: 2 }, 10);
    two.set('z', { v: 3 }, 10);
    expect(one.stats()).toEqual({ entries: 2, bytes: 20 });
    expect(one.get('x')).toBeUndefined();
  });
});
