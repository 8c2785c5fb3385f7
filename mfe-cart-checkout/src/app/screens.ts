/**
 * The cart and checkout remote's screens, one entry each: the route patterns it answers (as the
 * runtime registry writes them: "/cart" exactly, "/checkout/*" any deeper path), the pages its
 * router has below them (each page's path, named), the query parameters its server render reads
 * and the API paths its loader asks for (none: this remote has no server entry, the browser
 * renders it). routeModules.tsx gives each page its module (element or checkout step, and title)
 * and App.tsx routes exactly those; a release tool test checks the patterns against
 * tools/remotes.json and each page against its screen's patterns.
 *
 * FRAGMENT_PAGES: pages another remote routes whose content this remote builds, as a module it
 * exposes.
 *
 * Plain data without imports, so that test can load it without a bundler.
 */
export const SCREENS = {
  cart: { routes: ['/cart'], pages: { cart: '/cart' }, query: [], api: [] },
  /** The steps (contact details, delivery, payment) and the order placed or failed pages. */
  checkout: {
    routes: ['/checkout/*'],
    pages: { contactInfo: '/checkout/contact-info', shipping: '/checkout/shipping', payment: '/checkout/payment', success: '/checkout/success', error: '/checkout/error' },
    query: [],
    api: [],
  },
  /** A guest's order lookup. */
  guestOrders: { routes: ['/orders'], pages: { lookup: '/orders' }, query: [], api: [] },
  /** A guest's return. */
  guestReturn: { routes: ['/return/guest/*'], pages: { create: '/return/guest/create' }, query: [], api: [] },
} as const;

/** Built here, routed by the account remote inside its signed-in dashboard (its src/app/screens.ts names the same module per page). */
export const FRAGMENT_PAGES = {
  './AccountOrders': { routedBy: 'account', pages: ['/account/orders', '/account/orders/:number', '/account/orders/:number/return/:token'] },
  './AccountPaymentMethods': { routedBy: 'account', pages: ['/account/payment-methods'] },
} as const;

export type ScreenId = keyof typeof SCREENS;
export type PageId<S extends ScreenId = ScreenId> = keyof (typeof SCREENS)[S]['pages'];
