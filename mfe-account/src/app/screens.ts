/**
 * The account remote's screens, one entry each: the route patterns it answers (as the runtime
 * registry writes them: "/account" exactly, "/account/*" any deeper path), the query parameters
 * its server render reads and the API paths its loader asks for (none: this remote has no server
 * entry, the browser renders it). App.tsx routes the pages below each pattern; a release tool test
 * checks this list against tools/remotes.json.
 *
 * Plain data without imports, so that test can load it without a bundler.
 */
export const SCREENS = {
  /** The dashboard and its pages, sign-in, sign-up, verification and passwords. */
  account: { routes: ['/account', '/account/*'], query: [], api: [] },
  /** A guest's wishlist (a signed-in shopper's is /account/wishlist). */
  wishlist: { routes: ['/wishlist'], query: [], api: [] },
} as const;

export type ScreenId = keyof typeof SCREENS;
