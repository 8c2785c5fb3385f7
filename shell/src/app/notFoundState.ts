/**
 * Pages a remote reported as "no such page" (`shell.not-found`): the shell shows its 404 page there.
 *
 * A page is the full URL the shell shows, pathname + search: `/blog?tag=astrology` can be unknown
 * while `/blog?tag=care` is fine, so the mark must not block other queries of the same path. Marks
 * for other URLs are forgotten on every route change.
 */
export interface PageLocation {
  pathname: string;
  search: string;
}

/** The key of a page: its pathname and query ("" or "?…", as `location.search` gives it). */
export function pageKey(location: PageLocation): string {
  return location.pathname + location.search;
}

export interface NotFoundState {
  /**
   * A remote's report for `path`. Accepted (true) only when it is about the page shown now: `path`
   * is its pathname + search, or its pathname alone (a remote whose pages do not depend on the
   * query), and, when `from` is given, only from the remote that owns it. A late report for a page
   * the shopper already left, or one from a remote being unmounted, is ignored (false).
   */
  report(path: string, current: PageLocation, from?: { source: string | undefined; owner: string | undefined }): boolean;
  isNotFound(location: PageLocation): boolean;
  /** Forgets the marks of every page but `current` (called on route changes). */
  forgetOthers(current: PageLocation): void;
}

export function createNotFoundState(): NotFoundState {
  const pages = new Set<string>();
  return {
    report(path, current, from) {
      if (path !== pageKey(current) && path !== current.pathname) return false;
      // a remote that does not own the page shown (it is being left) cannot mark it
      if (from && from.source !== from.owner) return false;
      pages.add(pageKey(current));
      return true;
    },
    isNotFound: (location) => pages.has(pageKey(location)),
    forgetOthers(current) {
      const keep = pageKey(current);
      for (const key of [...pages]) if (key !== keep) pages.delete(key);
    },
  };
}
