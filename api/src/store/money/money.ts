/**
 * Integer-cent money helpers for checkout: proportional allocation (largest remainder, so the
 * parts always add up to the whole) and the GST split (3/23, half a cent rounded down).
 */
import { gstOfInclusive } from '@store/contracts';

export { gstOfInclusive };

/**
 * Splits `amount` cents over `weights` in proportion, every part a whole cent, the parts adding up
 * to exactly `amount`; no part exceeds its weight when amount <= sum(weights). Ties in the
 * remainder go to the earlier weight. Zero total weight gives all zeros (amount must then be 0).
 */
export function allocate(amount: number, weights: number[]): number[] {
  if (!Number.isInteger(amount) || amount < 0) throw new RangeError(`amount must be a non-negative integer, got ${amount}`);
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (total <= 0) {
    if (amount !== 0) throw new RangeError('cannot allocate a positive amount over zero weights');
    return weights.map(() => 0);
  }
  const parts = weights.map((w) => Math.floor((amount * w) / total));
  let rest = amount - parts.reduce((sum, p) => sum + p, 0);
  const order = weights
    .map((w, i) => ({ i, remainder: (amount * w) % total }))
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (let k = 0; rest > 0; k = (k + 1) % order.length) {
    const entry = order[k]!;
    if (weights[entry.i]! > 0) {
      parts[entry.i]! += 1;
      rest -= 1;
    }
  }
  return parts;
}

/** `percent` (0..100) of `cents`, rounded half up to whole cents (never more than cents). */
export function percentOf(cents: number, percent: number): number {
  return Math.min(cents, Math.floor((cents * percent + 50) / 100));
}

/** Loyalty: 2 airline points per whole dollar spent. */
export function loyaltyPointsFor(cents: number): number {
  return Math.floor(Math.max(0, cents) / 100) * 2;
}
