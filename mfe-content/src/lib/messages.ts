/** User messages for loading failures (stores, blog and map; exact wording not given). */
export const MESSAGES = {
  storesLoad: "We couldn't load our stores just now. Please check your connection and try again.",
  blogLoad: "We couldn't load the journal just now. Please try again in a moment.",
  mapLoad: "We couldn't load the map. The list of stores still shows every store we found.",
  articleLoad: "We couldn't load this page just now. Please try again in a moment.",
  homeLoad: "We couldn't load this part of the page just now. Please refresh to try again.",
  arrivalsLoad: "We couldn't load these products just now. Please refresh the page to try again.",
  locationDenied: 'We could not get your location. Allow location access in your browser, or search by suburb or postcode instead.',
  locationUnsupported: 'Your browser cannot share your location. Search by suburb or postcode instead.',
  suggestionsLoad: "Suggestions aren't available right now. You can still search by suburb or postcode.",
} as const;
