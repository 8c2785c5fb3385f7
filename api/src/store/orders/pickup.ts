/** Click and collect: the store an order is collected from and the delivery address made of it. */
import type { CheckoutAddress as Address } from '@store/contracts';

export interface PickupStore {
  erpStoreId: string;
  name: string;
  street1: string;
  street2: string | null;
  locality: string;
  region: string;
  postcode: string;
  country: string;
}

export const PLACEHOLDER_CONTACT_NAME = 'Click and Collect';
export const PLACEHOLDER_PHONE = '0800000000';

/** Company empty, contact from the customer (or a placeholder), address parts from the store. */
export function pickupAddress(store: PickupStore, customer: { firstName?: string; lastName?: string; phone?: string }): Address {
  const name = [customer.firstName, customer.lastName].filter(Boolean).join(' ').trim();
  return {
    company: '',
    contactName: name || PLACEHOLDER_CONTACT_NAME,
    phone: customer.phone || PLACEHOLDER_PHONE,
    // the store's own country (click and collect is per country: an AU store on the AU site)
    country: store.country === 'AU' ? 'AU' : 'NZ',
    postcode: store.postcode,
    state: store.region,
    street1: store.street1,
    street2: store.street2 ?? '',
    suburb: store.locality,
  };
}
