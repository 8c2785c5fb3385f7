/** A click-and-collect order's shipping address is built from the store (api/src/store/orders/service.ts pickupAddress). */
import { CheckoutAddress } from '@store/contracts';
import { PLACEHOLDER_CONTACT_NAME, PLACEHOLDER_PHONE, pickupAddress, type PickupStore } from '../src/store/orders/service';

const store: PickupStore = { erpStoreId: 'AKL-NMK', name: 'Fernleaf Newmarket', street1: '277 Broadway', street2: 'Level 1', locality: 'Newmarket', region: 'Auckland', postcode: '1023', country: 'NZ' };

describe('pickup address', () => {
  it('takes street, suburb (locality), state (region) and postcode from the store, name and phone from the customer, company empty', () => {
    expect(pickupAddress(store, { firstName: 'Aroha', lastName: "O'Neill-Ngata", phone: '021 555 0101' })).toEqual({
      company: '',
      contactName: "Aroha O'Neill-Ngata",
      phone: '021 555 0101',
      country: 'NZ',
      postcode: '1023',
      state: 'Auckland',
      street1: '277 Broadway',
      street2: 'Level 1',
      suburb: 'Newmarket',
    });
  });

  it('uses the placeholder contact name and phone when the customer gave none, and an empty street2', () => {
    const a = pickupAddress({ ...store, street2: null }, {});
    expect(a).toMatchObject({ contactName: PLACEHOLDER_CONTACT_NAME, phone: PLACEHOLDER_PHONE, street2: '' });
    expect(PLACEHOLDER_CONTACT_NAME).toBe('Click and Collect');
    expect(PLACEHOLDER_PHONE).toBe('0800000000');
    expect(pickupAddress(store, { firstName: ' ', lastName: '', phone: '' })).toMatchObject({ contactName: PLACEHOLDER_CONTACT_NAME, phone: PLACEHOLDER_PHONE });
    // the built address passes the same schema as an entered one
    expect(CheckoutAddress.safeParse(a).success).toBe(true);
  });
});
