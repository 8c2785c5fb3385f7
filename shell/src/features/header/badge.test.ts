import { badgeText, cartLabel } from './badge';

describe('cart badge', () => {
  it('is hidden at 0 and while not SUCCESS', () => {
    expect(badgeText(undefined)).toBeNull();
    expect(badgeText({ quantity: 0, promoQuantity: 0, status: 'SUCCESS' })).toBeNull();
    expect(badgeText({ quantity: 3, promoQuantity: 0, status: 'LOADING' })).toBeNull();
    expect(badgeText({ quantity: 3, promoQuantity: 0, status: 'ERROR' })).toBeNull();
  });
  it('adds promo items to the cart quantity', () => {
    expect(badgeText({ quantity: 3, promoQuantity: 2, status: 'SUCCESS' })).toBe('5');
  });
  it('shows an asterisk at 100 or more', () => {
    expect(badgeText({ quantity: 99, promoQuantity: 0, status: 'SUCCESS' })).toBe('99');
    expect(badgeText({ quantity: 99, promoQuantity: 1, status: 'SUCCESS' })).toBe('99*');
  });
});

describe('cart button name', () => {
  it('says item for one, items for more, and 100 or more at the asterisk', () => {
    expect(cartLabel(null)).toBe('Cart');
    expect(cartLabel('1')).toBe('Cart, 1 item');
    expect(cartLabel('3')).toBe('Cart, 3 items');
    expect(cartLabel('99*')).toBe('Cart, 100 or more items');
  });
});
