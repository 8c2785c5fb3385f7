/**
 * Each page of screens.ts and what renders it, one entry per page: its element and its document
 * title, or for a checkout step, the step (shown in the checkout layout behind the step's guard)
 * and its title. App.tsx routes exactly these entries at their screens.ts paths; the type below has
 * exactly the pages of screens.ts, so a page without an entry, or an entry without a page, does not
 * type-check.
 *
 * The pages are imported here, not lazily: they are in the remote's app chunk, so moving from the
 * cart through the checkout steps never waits for code.
 */
import type { ReactElement } from 'react';
import type { Step } from '../features/checkout';
import { CartPage } from '../features/cart/CartPage';
import { OrdersPage } from '../features/orders/OrdersPage';
import { SuccessPage } from '../features/orders/SuccessPage';
import { GuestReturnPage } from '../features/returns/ReturnPage';
import { CheckoutErrorPage } from './ErrorPage';
import type { PageId, ScreenId } from './screens';

/** `title`: the document title ("… | Fernleaf"), set when the page shows. */
export type PageModule = { element: ReactElement; title: string } | { checkoutStep: Step; title: string };

export type PageModules = { [S in ScreenId]: Record<PageId<S>, PageModule> };

export const PAGE_MODULES: PageModules = {
  cart: { cart: { element: <CartPage />, title: 'Your cart' } },
  checkout: {
    contactInfo: { checkoutStep: 'contact-info', title: 'Contact details | Checkout' },
    shipping: { checkoutStep: 'shipping', title: 'Delivery | Checkout' },
    payment: { checkoutStep: 'payment', title: 'Payment | Checkout' },
    success: { element: <SuccessPage />, title: 'Thank you for your order' },
    error: { element: <CheckoutErrorPage />, title: 'Your order was unsuccessful' },
  },
  guestOrders: { lookup: { element: <OrdersPage />, title: 'Find an order' } },
  guestReturn: { create: { element: <GuestReturnPage />, title: 'Return items' } },
};
