/**
 * The page's head in the browser (issues 16 and 17): title, description, canonical URL, robots,
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
import { jsonForScript, type PageHead as Head } from '@store/contracts/ssr';
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
const mark = { [MARK]: '' };
/** What this component replaces in <head>: everything of these kinds but its own. */
const REPLACED = ['title', 'meta[name="robots"]', 'link[rel="canonical"]', 'meta[property^="og:"]', 'meta[name="twitter:card"]', 'script[type="application/ld+json"]', '[data-page-meta]'];
const KEPT = ['title', 'meta[name="description"]'];

const subscribe = () => () => undefined;

export function PageHead({ head, documentTitle, siteName, twitterCard }: PageHeadProps) {
  // false on the server and while hydrating, true right after (and at once on a client-side navigation)
  const browser = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  const page = useMemo(() => (!browser ? null : typeof head === 'function' ? head(window.location.origin) : head), [browser, head]);
  const description = page?.description !== undefined;

  useLayoutEffect(() => {
    if (!page) return;
    const replaced = description ? [...REPLACED, 'meta[name="description"]'] : REPLACED;
    document.head.querySelectorAll(replaced.map((kind) => `${kind}:not([${MARK}])`).join()).forEach((el) => el.remove());
  });
  useLayoutEffect(
    () => () => {
      // unmounting (React removes our elements after this): the last page head leaves its title and description
      for (const kind of KEPT) {
        const ours = document.head.querySelectorAll(`${kind}[${MARK}]`);
        if (ours.length !== 1) continue;
        const copy = ours[0]!.cloneNode(true) as Element;
        copy.removeAttribute(MARK);
        ours[0]!.after(copy);
      }
    },
    [],
  );

  if (!page) return null;
  const og: [string, string | undefined][] = [
    ['og:site_name', siteName],
    ['og:title', page.title],
    ['og:description', page.description],
    ['og:type', page.ogType],
    ['og:url', page.canonical],
    ['og:image', page.ogImage],
  ];
  return (
    <>
      <title {...mark}>{documentTitle ? documentTitle(page.title) : page.title}</title>
      {description ? <meta {...mark} name="description" content={page.description} /> : null}
      {page.noindex ? <meta {...mark} name="robots" content="noindex" /> : null}
      {page.canonical !== undefined ? <link {...mark} rel="canonical" href={page.canonical} /> : null}
      {og.map(([property, content]) => (content !== undefined ? <meta {...mark} key={property} property={property} content={content} /> : null))}
      {twitterCard && page.ogImage ? <meta {...mark} name="twitter:card" content="summary_large_image" /> : null}
      {page.jsonLd?.map((ld, i) => <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(ld) }} />)}
    </>
  );
}
