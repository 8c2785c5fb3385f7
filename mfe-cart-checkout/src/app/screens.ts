/**
 * The cart and checkout remote's screens, one entry each: the route patterns it answers (as the
 * runtime registry writes them: "/cart" exactly, "/checkout/*" any deeper path), the query
 * parameters its server render reads and the API paths its loader asks for (none: this remote has
 * no server entry, the browser renders it). App.tsx routes the pages below each pattern; a release
 * tool test checks this list against tools/remotes.json.
 *
 * Plain data without imports, so that test can load it without a bundler.
 */
export const SCREENS = {
  cart: { routes: ['/cart'], query: [], api: [] },
  /** The steps (contact details, delivery, payment) and the order placed or failed pages. */
  checkout: { routes: ['/checkout/*'], query: [], api: [] },
  /** A guest's order lookup. */
  guestOrders: { routes: ['/orders'], query: [], api: [] },
  /** A guest's return. */
  guestReturn: { routes: ['/return/guest/*'], query: [], api: [] },
} as const;

export type ScreenId = keyof typeof SCREENS;
