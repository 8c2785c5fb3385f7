/**
 * Money helpers (NZD, GST-inclusive integer cents). Pure, no dependencies, safe to bundle anywhere.
 */

/** GST rate in New Zealand; each market's rate is in market.ts (gstPercent). */
export const GST_RATE = 0.15;

/**
 * Formats integer cents as NZD for en-NZ, e.g. 12900 -> "$129.00", -550 -> "-$5.50", 123456 ->
 * "$1,234.56" (what Intl.NumberFormat('en-NZ', NZD) prints). Written out rather than through Intl:
 * the first Intl.NumberFormat of a page loads its locale data, about 15 ms of a phone's main thread
 * during hydration.
 */
export function formatNzd(cents: number): string {
  if (!Number.isFinite(cents)) return String(cents);
  const rounded = Math.round(cents);
  const abs = Math.abs(rounded);
  const dollars = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${rounded < 0 ? '-' : ''}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Whole percent saved: floor((original - price) / original * 100); 0 when not discounted.
 * Integer arithmetic, so 7000 of 10000 is exactly 30 (no floating-point 29.999...).
 */
export function discountPercent(price: number, original: number): number {
  if (!(original > 0) || !(price < original)) return 0;
  return Math.floor(((original - price) * 100) / original);
}

/**
 * The GST part of a GST-inclusive amount in cents at `ratePercent` (15 in NZ: 3/23 of it; 10 in
 * Australia: 1/11), a fraction of exactly one half rounded down (GST Act s19O), otherwise to the
 * nearest cent.
 */
export function gstOfInclusive(cents: number, ratePercent = 15): number {
  const numerator = cents * ratePercent;
  const denominator = 100 + ratePercent;
  const whole = Math.floor(numerator / denominator);
  const remainder = numerator - whole * denominator; // in 1/denominator of a cent
  return remainder * 2 > denominator ? whole + 1 : whole;
}

/** Price excluding GST, in cents (inclusive price minus its GST part). */
export function exclusiveOfGst(cents: number, ratePercent = 15): number {
  return cents - gstOfInclusive(cents, ratePercent);
}
