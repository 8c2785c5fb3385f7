/**
 * The account remote's screens, one entry each: the route patterns it answers (as the runtime
 * registry writes them: "/account" exactly, "/account/*" any deeper path), the pages its router
 * has below them (each page's path, named), the query parameters its server render reads and the
 * API paths its loader asks for (none: this remote has no server entry, the browser renders it).
 * routeModules.tsx gives each page its module (element, guard, title, dashboard or not) and App.tsx
 * routes exactly those; a release tool test checks the patterns against tools/remotes.json and
 * each page against its screen's patterns.
 *
 * `builtBy`: pages this remote routes whose content another remote builds, as a module that remote
 * exposes (the cart and checkout remote lists the same pages in its FRAGMENT_PAGES).
 *
 * Plain data without imports, so that test can load it without a bundler.
 */
export const SCREENS = {
  /** The dashboard and its pages, sign-in, sign-up, verification and passwords. */
  account: {
    routes: ['/account', '/account/*'],
    pages: {
      signIn: '/account/signin',
      signUp: '/account/signup',
      forgotPassword: '/account/password/forgot',
      resetPassword: '/account/password/reset',
      verify: '/account/verify',
      overview: '/account',
      contactInfo: '/account/contact-info',
      addresses: '/account/addresses',
      orders: '/account/orders',
      order: '/account/orders/:number',
      orderReturn: '/account/orders/:number/return/:token',
      paymentMethods: '/account/payment-methods',
      changePassword: '/account/password/change',
      wishlist: '/account/wishlist',
      qantas: '/account/qantas',
    },
    builtBy: {
      orders: { remote: 'cart_checkout', module: './AccountOrders' },
      order: { remote: 'cart_checkout', module: './AccountOrders' },
      orderReturn: { remote: 'cart_checkout', module: './AccountOrders' },
      paymentMethods: { remote: 'cart_checkout', module: './AccountPaymentMethods' },
    },
    query: [],
    api: [],
  },
  /** A guest's wishlist (a signed-in shopper's is /account/wishlist). */
  wishlist: { routes: ['/wishlist'], pages: { guest: '/wishlist' }, query: [], api: [] },
} as const;

export type ScreenId = keyof typeof SCREENS;
export type PageId<S extends ScreenId = ScreenId> = keyof (typeof SCREENS)[S]['pages'];
