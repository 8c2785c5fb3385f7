/** The success, account and guest order pages: sums that visibly add up, and only real payments. */
import { MARKETS, type OrderView } from '@store/contracts';
import { MarketProvider } from '@store/ui/market';
import { render, screen, within } from '@testing-library/react';
import { OrderDetails, orderSums, paidWith } from './OrderDetails';

const address = { company: '', contactName: 'Aroha Ngata', country: 'NZ' as const, phone: '0215550101', postcode: '1010', state: '', street1: '12 Queen Street', street2: '', suburb: 'Auckland Central' };
const order: OrderView = {
  number: 'FL12345678',
  status: 'placed',
  createdAt: '2026-11-20T01:00:00.000Z',
  email: 'aroha@example.co.nz',
  firstName: 'Aroha',
  lastName: 'Ngata',
  shippingType: 'DELIVERY',
  shippingAddress: address,
  billingAddress: address,
  items: [{ productId: 'p1', variantId: 'v1', name: 'Ridge Backpack', variantLabel: 'One size', qty: 1, unitPrice: 20000, total: 16000, promo: false }],
  promoCodes: ['WINTER20'],
  // the gift card covers it all
  payments: [
    { methodCode: 'VOUCHER', amount: 16000, label: 'Gift card 0004' },
    { methodCode: 'NO_PAYMENT', amount: 0, label: 'No payment needed' },
  ],
  itemSubtotal: 20000,
  // $40 off the backpack and the $9.95 delivery
  totalDiscount: 4995,
  shippingPrice: 0,
  grandTotal: 16000,
  gst: 2086,
  loyaltyPoints: 1320,
  loyalty: { points: 1320, qantas: null },
};

describe('order details', () => {
  it('splits the offers from a free delivery so subtotal − offers + delivery = total', () => {
    expect(orderSums(order)).toEqual({ itemDiscount: 4000, deliveryBefore: 995, deliveryAfter: 0 });
    render(<OrderDetails order={order} />);
    const details = screen.getByTestId('order-details');
    expect(within(details).getByText('Offers (WINTER20)').nextSibling).toHaveTextContent('−$40.00');
    expect(screen.getByTestId('order-delivery-line')).toHaveTextContent('DeliveryFree delivery offerwas $9.95now Free');
    expect(within(details).queryByText(/−\$49\.95/)).toBeNull();
  });

  it('lists each line before offers, so the lines add up to the subtotal and the offer is taken off once', () => {
    render(<OrderDetails order={order} />);
    const items = screen.getByRole('region', { name: 'Items' });
    expect(within(items).getByRole('listitem')).toHaveTextContent(/^Ridge Backpack \(One size\) × 1\$200\.00$/);
    expect(within(screen.getByTestId('order-details')).getByText('Subtotal').nextSibling).toHaveTextContent('$200.00');
  });

  it('says what paid, not "Paid with No payment needed $0.00", and formats points', () => {
    expect(paidWith(order.payments)).toEqual([order.payments[0]]);
    render(<OrderDetails order={order} />);
    expect(screen.getByText('Paid with Gift card 0004')).toBeInTheDocument();
    expect(screen.queryByText(/No payment needed/)).toBeNull();
    expect(screen.getByText(/1,320 airline points/)).toBeInTheDocument();
  });

  it('names the store a click and collect order is collected from', () => {
    render(<OrderDetails order={{ ...order, shippingType: 'STORE_PICKUP', pickupStoreName: 'Fernleaf Queen Street', shippingAddress: { ...address, street1: '1 Queen Street' } }} />);
    const pickup = screen.getByRole('region', { name: 'Pickup address' });
    expect(within(pickup).getByRole('heading', { name: 'Collect from' })).toBeInTheDocument();
    expect(pickup).toHaveTextContent(/^Collect fromFernleaf Queen StreetAroha Ngata1 Queen Street/);
  });

  it('shows a paid delivery plainly', () => {
    render(<OrderDetails order={{ ...order, totalDiscount: 4000, shippingPrice: 995, grandTotal: 16995 }} />);
    expect(screen.getByTestId('order-delivery-line')).toHaveTextContent(/^Delivery\$9\.95$/);
  });

  it('names the currency only where it helps: not on an NZD order on the NZ site, on the AU site and for another currency', () => {
    const nz = render(<OrderDetails order={{ ...order, currency: 'NZD' }} />);
    expect(screen.getByTestId('order-details')).toHaveTextContent('(NZ time)');
    expect(screen.queryByTestId('order-currency')).toBeNull();
    nz.unmount();
    // an AUD order on the AU site: "· AUD", in Sydney time
    const au = render(
      <MarketProvider market={MARKETS.AU}>
        <OrderDetails order={{ ...order, currency: 'AUD' }} />
      </MarketProvider>,
    );
    expect(screen.getByTestId('order-currency')).toHaveTextContent('AUD');
    expect(screen.getByTestId('order-details')).toHaveTextContent('(Sydney time)');
    au.unmount();
    // an AUD order looked up on the NZ site names its currency too
    render(<OrderDetails order={{ ...order, currency: 'AUD' }} />);
    expect(screen.getByTestId('order-currency')).toHaveTextContent('AUD');
  });
});

