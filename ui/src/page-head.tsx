/**
 * The page's head in the browser: title, description, canonical URL, robots,
 * Open Graph and JSON-LD, rendered as React 19 document metadata. React hoists the <title>, <meta>
 * and <link rel="canonical"> of the tree into <head> (a new title before the first one, whose text
 * `document.title` returns; the others at the end) and removes them when the page unmounts; the
 * JSON-LD is an inline <script type="application/ld+json"> where the component is.
 *
 * The edge has already written the first page's head into the server HTML (title, description and
 * elements marked data-page-meta), so this renders nothing on the server and while the page
 * hydrates (the hydrating render matches the server's: no mismatch), and its head right after. In
 * the same commit it removes the head elements it replaces that it did not render itself (the
 * server's, or those a page set by hand): one title, description, canonical, robots and set of
 * Open Graph tags, and the JSON-LD of this page only. When it unmounts, a plain copy of its title
 * and description stays until the next page sets its own (as `document.title` would).
 */
import type { PageHead as Head } from '@store/contracts/ssr';
import { useLayoutEffect, useMemo, useSyncExternalStore } from 'react';

export interface PageHeadProps {
  /** The page's head, or a function of the page origin that makes it (called in the browser only: memoise it to skip work). */
  head: Head | ((origin: string) => Head);
  /** The document title of `head.title` (default: the title as it is). */
  documentTitle?: (title: string) => string;
  /** og:site_name (left out when not given). */
  siteName?: string;
  /** twitter:card summary_large_image on a page with an og:image. */
  twitterCard?: boolean;
}

/** Marks the elements this component renders (the server's are marked data-page-meta). */
const MARK = 'data-page-head';
/**
 * What it replaces in <head>, all but its own: the server's elements and a title set by hand (or
 * left by the previous page), and the description when the page has one.
 */
const REPLACED = 'title,[data-page-meta]';
const DESCRIPTION = 'meta[name=description]';

const subscribe = () => () => undefined;

export function PageHead({ head, documentTitle, siteName, twitterCard }: PageHeadProps) {
  // false on the server and while hydrating, true right after (and at once on a client-side navigation)
  const browser = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  const page = useMemo(() => (!browser ? null : typeof head === 'function' ? head(window.location.origin) : head), [browser, head]);
  const described = !!page?.description;

  useLayoutEffect(() => {
    if (!browser) return;
    document.head.querySelectorAll(described ? `${REPLACED},${DESCRIPTION}` : REPLACED).forEach((el) => el.hasAttribute(MARK) || el.remove());
    return () => {
      // unmounting (React removes its elements after this): the last page head on the page leaves a
      // copy of its title and description (removed again above when a page gets a description)
      if (document.head.querySelectorAll(`title[${MARK}]`).length > 1) return;
      document.head.querySelectorAll(`title[${MARK}],${DESCRIPTION}[${MARK}]`).forEach((el) => {
        const copy = el.cloneNode(true) as Element;
        copy.removeAttribute(MARK);
        el.after(copy);
      });
    };
  }, [browser, described]);

  if (!page) return null;
  // [name, or property for og:*, content]: no element without content (as the edge writes them)
  const metas: [string, string | false | undefined][] = [
    ['description', page.description],
    ['robots', page.noindex && 'noindex'],
    ['og:site_name', siteName],
    ['og:title', page.title],
    ['og:description', page.description],
    ['og:type', page.ogType],
    ['og:url', page.canonical],
    ['og:image', page.ogImage],
    ['twitter:card', twitterCard && page.ogImage && 'summary_large_image'],
  ];
  return (
    <>
      <title data-page-head="">{documentTitle ? documentTitle(page.title) : page.title}</title>
      {page.canonical && <link data-page-head="" rel="canonical" href={page.canonical} />}
      {metas.map(([key, content]) => content && <meta key={key} data-page-head="" {...{ [key.startsWith('og:') ? 'property' : 'name']: key }} content={content} />)}
      {/* text, not HTML (no `</script>` in it even when the page's DOM is serialised) */}
      {page.jsonLd?.map((ld, i) => (
        <script key={i} type="application/ld+json">
          {JSON.stringify(ld).replace(/</g, '\\u003c')}
        </script>
      ))}
    </>
  );
}
