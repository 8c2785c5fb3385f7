import { promoItemsResult } from './promoItems';

describe('promo items result', () => {
  it('follows the cart and the checkout data', () => {
    expect(promoItemsResult({ status: 'LOADING', itemCount: 2 }, 'SUCCESS')).toBe('CART_NOT_LOADED');
    expect(promoItemsResult({ status: 'ERROR', itemCount: 2 }, 'SUCCESS')).toBe('CART_NOT_LOADED');
    expect(promoItemsResult({ status: 'SUCCESS', itemCount: 0 }, 'IDLE')).toBe('CART_EMPTY');
    expect(promoItemsResult({ status: 'SUCCESS', itemCount: 2 }, 'CART_EMPTY')).toBe('CART_EMPTY');
    expect(promoItemsResult({ status: 'SUCCESS', itemCount: 2 }, 'LOADING')).toBe('CHECKOUT_DATA_NOT_LOADED');
    expect(promoItemsResult({ status: 'SUCCESS', itemCount: 2 }, 'IDLE')).toBe('CHECKOUT_DATA_NOT_LOADED');
    expect(promoItemsResult({ status: 'SUCCESS', itemCount: 2 }, 'ERROR')).toBe('ERROR');
    expect(promoItemsResult({ status: 'SUCCESS', itemCount: 2 }, 'SUCCESS')).toBe('SUCCESS');
  });
});
