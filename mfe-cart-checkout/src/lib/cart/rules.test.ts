import type { Product } from '@store/contracts';
import { addRefusedMessage, checkItem, qtyChoice, snapQty, variantMax, violationMessage } from './rules';

const product = (over: Partial<Product> = {}): Product =>
  ({
    id: 'p1',
    state: 'current',
    functionalType: 'basic',
    cartQtyProductMax: null,
    cartQtyVariantMax: null,
    cartQtyVariantMin: null,
    cartQtyVariantMultipleOf: null,
    variants: [
      { id: 'v1', code: 'A', label: 'S', qty: 5 },
      { id: 'v2', code: 'B', label: 'M', qty: 0 },
    ],
    ...over,
  }) as Product;

const item = (qty: number, variantId = 'v1', id = `i-${variantId}`) => ({ id, productId: 'p1', variantId, qty });

describe('cart item validity (the rules checked in order)', () => {
  it('accepts a valid item', () => {
    expect(checkItem(item(2), [item(2)], product())).toBeNull();
  });
  it('1. product state must be sellable', () => {
    expect(checkItem(item(1), [item(1)], product({ state: 'coming' }))?.code).toBe('productStateInvalid');
    expect(checkItem(item(1), [item(1)], product({ state: 'evergreen' }))).toBeNull();
  });
  it('2. whole-product quantity above cartQtyProductMax (before the variant rules)', () => {
    const cart = [item(2, 'v1'), item(2, 'v2')];
    expect(checkItem(cart[0]!, cart, product({ cartQtyProductMax: 3, cartQtyVariantMax: 1 }))).toEqual({ code: 'productQtyMaxViolated', limit: 3 });
  });
  it('3. qtyMaxViolated falls back from cartQtyVariantMax to the per-item maximum, then 99', () => {
    expect(checkItem(item(3), [item(3)], product({ cartQtyVariantMax: 2 }))).toEqual({ code: 'qtyMaxViolated', limit: 2 });
    expect(variantMax(product(), { sellableStates: [], stockedTypes: [], itemMax: 4, globalMax: 99 })).toBe(4);
    expect(variantMax(product())).toBe(99);
    const plenty = product({ variants: [{ id: 'v1', code: 'A', label: 'S', qty: 500 }] });
    expect(checkItem(item(100), [item(100)], plenty)).toEqual({ code: 'qtyMaxViolated', limit: 99 });
  });
  it('4-5. minimum and multiple-of', () => {
    expect(checkItem(item(1), [item(1)], product({ cartQtyVariantMin: 2 }))).toEqual({ code: 'qtyMinViolated', limit: 2 });
    expect(checkItem(item(3), [item(3)], product({ cartQtyVariantMultipleOf: 2 }))).toEqual({ code: 'qtyMultipleInvalid', limit: 2 });
    expect(checkItem(item(4), [item(4)], product({ cartQtyVariantMultipleOf: 2 }))).toBeNull();
  });
  it('6. stocked types: total variant quantity above stock; other types are not checked', () => {
    const cart = [item(3, 'v1', 'a'), item(3, 'v1', 'b')];
    expect(checkItem(cart[0]!, cart, product())).toEqual({ code: 'qtyAvailableExceeded', limit: 5 });
    expect(checkItem(item(1, 'v2'), [item(1, 'v2')], product())).toEqual({ code: 'qtyAvailableExceeded', limit: 0 });
    expect(checkItem(item(1, 'v2'), [item(1, 'v2')], product({ functionalType: 'giftcard' }))).toBeNull();
  });
  it('has a shopper message for each rule', () => {
    expect(violationMessage({ code: 'qtyAvailableExceeded', limit: 0 })).toBe('Sorry, this item is sold out.');
    expect(violationMessage({ code: 'qtyAvailableExceeded', limit: 2 })).toBe('Only 2 left. Reduce the quantity to continue.');
  });

  it('an add refused for stock says how many are left and how many the cart holds, not to reduce a quantity', () => {
    expect(addRefusedMessage({ code: 'qtyAvailableExceeded', limit: 2 }, 2)).toBe('Only 2 left, and your cart already has them all.');
    expect(addRefusedMessage({ code: 'qtyAvailableExceeded', limit: 3 }, 1)).toBe('Only 3 left, and your cart has 1: you can add 2 more.');
    expect(addRefusedMessage({ code: 'qtyAvailableExceeded', limit: 3 }, 0)).toBe('Only 3 left: you can add up to 3.');
    expect(addRefusedMessage({ code: 'qtyAvailableExceeded', limit: 0 }, 0)).toBe('Sorry, this item is sold out.');
    expect(addRefusedMessage({ code: 'qtyMultipleInvalid', limit: 2 }, 0)).toBe('This item is sold in multiples of 2.');
    expect(violationMessage({ code: 'productQtyMaxViolated', limit: 3 })).toBe('There is a limit of 3 per order for this product.');
  });
});

describe('the quantities a shopper may choose (qtyChoice)', () => {
  it('a product sold in multiples of 2 starts at 2 and steps by 2, and every offered quantity passes the rules', () => {
    const pairs = product({ cartQtyVariantMultipleOf: 2, cartQtyVariantMin: 1, cartQtyVariantMax: 9 });
    const choice = qtyChoice(pairs);
    expect(choice).toEqual({ min: 2, step: 2, max: 8 });
    for (let qty = choice.min; qty <= choice.max; qty += choice.step) {
      expect(checkItem(item(qty, 'v1'), [item(qty, 'v1')], product({ ...pairs, variants: [{ id: 'v1', code: 'A', label: 'S', qty: 99 }] }))).toBeNull();
    }
    expect(checkItem(item(1), [item(1)], pairs)?.code).toBe('qtyMultipleInvalid');
  });
  it('a minimum above the multiple is rounded up to the next multiple; no limits means 1 to 99 in ones', () => {
    expect(qtyChoice(product({ cartQtyVariantMultipleOf: 2, cartQtyVariantMin: 3 }))).toEqual({ min: 4, step: 2, max: 98 });
    expect(qtyChoice(product({ cartQtyProductMax: 6, cartQtyVariantMin: 2 }))).toEqual({ min: 2, step: 1, max: 6 });
    expect(qtyChoice(product())).toEqual({ min: 1, step: 1, max: 99 });
  });
  it('snapQty rounds up to the step and keeps within the range', () => {
    const range = { min: 2, step: 2, max: 8 };
    expect([0, 1, 2, 3, 5, 8, 11].map((q) => snapQty(q, range))).toEqual([2, 2, 2, 4, 6, 8, 8]);
  });
});
