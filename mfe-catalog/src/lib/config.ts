/**
 * The catalog remote's settings. Values the spec leaves open ("not shown") are chosen here and
 * documented in docs/catalog.md.
 */
export const catalogConfig = {
  /** Query parameter holding the search text on /search ("a configured query parameter"). */
  searchQueryParam: 'q',
  /** Product impressions are tracked this long after a list is shown. */
  impressionDelayMs: 3000,
  /** Products kept in "recently viewed" (localStorage). */
  recentlyViewedMax: 12,
  recentlyViewedKey: 'fernleaf.catalog.recentlyViewed',
  /** Find in store radius (store search radius 200). */
  storeRadiusKm: 200,
  /** Search overlay: suggestions shown and the typing pause before asking. */
  suggestionsMax: 6,
  suggestionsDebounceMs: 200,
  /** A search with no results suggests these searches and categories (not a dead end). */
  popularSearches: ['backpack', 'carry-on', 'wallet', 'tote', 'duffle'],
  popularCategories: [
    { name: 'Backpacks', path: 'bags/backpacks' },
    { name: 'Totes', path: 'bags/totes' },
    { name: 'Luggage', path: 'travel/luggage' },
    { name: 'Wallets', path: 'accessories/wallets' },
    { name: 'New Arrivals', path: 'new-arrivals' },
    { name: 'Sale', path: 'sale' },
  ],
  /** Store time zone for availability dates. */
  timeZone: 'Pacific/Auckland',
  siteName: 'Fernleaf',
  /** Bot-check action of the challenge answer check. */
  challengeAction: 'product_challenge_verify',
} as const;
