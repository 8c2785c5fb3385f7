/**
 * The page head of each content page as data (title, description, canonical URL, Open Graph,
 * JSON-LD), computed the same way on the server (the loader returns it and the edge writes it into
 * the HTML) and in the browser (each page renders it with @store/ui/page-head, which takes over from
 * the server's head).
 */
import type { Article, BlogListResponse, BlogPost, BlogPostSummary, ContentImage, HomeContent, Store, StoresResponse } from '@store/contracts';
import { imageUrl, weekdayName } from '@store/contracts';
import type { PageHead } from '@store/contracts/ssr';
import { documentTitle as titleOf } from '@store/contracts/ssr';
import type { PageHeadProps } from '@store/ui/page-head';

export const SITE_NAME = 'Fernleaf';

/** The document title of a head: " | Fernleaf" appended unless the title starts with the site name (the home page's). */
export function documentTitle(title: string): string {
  return titleOf(title, SITE_NAME);
}

/** The content remote's rules for <PageHead>: the document title above, og:site_name, twitter:card with an og:image. */
export const pageHeadOptions = { documentTitle, siteName: SITE_NAME, twitterCard: true } satisfies Omit<PageHeadProps, 'head'>;

const abs = (path: string, origin: string) => new URL(path, origin).toString();
const CONTEXT = 'https://schema.org';

/** An Open Graph image: the 1200 px variant of a content image, absolute. */
const ogImage = (image: ContentImage | null | undefined, origin: string) => (image ? { ogImage: abs(imageUrl(image.src, { width: 1200 }), origin) } : {});

export function organization(origin: string) {
  return { '@type': 'Organization', '@id': abs('/#organization', origin), name: SITE_NAME, url: abs('/', origin) };
}

export function breadcrumbList(crumbs: { name: string; url: string }[]) {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: crumb.url })),
  };
}

/** The blog list's href: /blog?tag=&page= (page 1 and no tag are left out). */
export function blogHref(tag: string | null, page: number): string {
  const params = new URLSearchParams();
  if (tag) params.set('tag', tag);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/blog?${query}` : '/blog';
}

export const HOME_FALLBACK = {
  title: 'Fernleaf | Bags, travel and accessories',
  description: 'Backpacks, totes, luggage and leather accessories made for life in Aotearoa, with free click and collect from our stores.',
};

/** Home: Organization and WebSite (with the site search) JSON-LD; the first slide is the Open Graph image. */
export function homeHead(home: HomeContent | null, origin: string): PageHead {
  const url = abs('/', origin);
  return {
    title: home?.title ?? HOME_FALLBACK.title,
    description: home?.description ?? HOME_FALLBACK.description,
    canonical: url,
    ogType: 'website',
    ...ogImage(home?.slider.slides[0]?.image, origin),
    jsonLd: [
      { '@context': CONTEXT, ...organization(origin) },
      {
        '@context': CONTEXT,
        '@type': 'WebSite',
        name: SITE_NAME,
        url,
        publisher: { '@id': abs('/#organization', origin) },
        potentialAction: { '@type': 'SearchAction', target: { '@type': 'EntryPoint', urlTemplate: `${abs('/search', origin)}?q={search_term_string}` }, 'query-input': 'required name=search_term_string' },
      },
    ],
  };
}

/** An article's parent pages that exist (help-centre for help-centre/gift-cards), for its breadcrumbs. */
export interface Crumb {
  path: string;
  title: string;
}

/** Article: Article JSON-LD and breadcrumbs (home, the parent articles the loader found, the article). */
export function articleHead(article: Article, origin: string, parents: Crumb[] = []): PageHead {
  const url = abs(`/articles/${article.path}`, origin);
  const image = article.image ? abs(imageUrl(article.image.src, { width: 1200 }), origin) : undefined;
  return {
    title: article.title,
    description: article.description,
    canonical: url,
    ogType: 'article',
    ...ogImage(article.image, origin),
    jsonLd: [
      {
        '@context': CONTEXT,
        '@type': 'Article',
        headline: article.title,
        description: article.description,
        url,
        mainEntityOfPage: url,
        dateModified: article.updatedAt,
        ...(image ? { image: [image] } : {}),
        publisher: organization(origin),
      },
      breadcrumbList([
        { name: 'Home', url: abs('/', origin) },
        ...parents.map((parent) => ({ name: parent.title, url: abs(`/articles/${parent.path}`, origin) })),
        { name: article.title, url },
      ]),
    ],
  };
}

/** The parent paths of an article path, nearest last ("a/b/c" → "a", "a/b"). */
export function parentPaths(path: string): string[] {
  const segments = path.split('/');
  return segments.slice(0, -1).map((_, index) => segments.slice(0, index + 1).join('/'));
}

export function articleFallbackHead(path: string, origin: string): PageHead {
  return {
    // loading or failed: not the previous page's title
    title: 'Help and information',
    description: 'Help and information from Fernleaf: shipping, returns, warranty, care guides and our policies.',
    canonical: abs(`/articles/${path}`, origin),
  };
}

/** The journal list: ItemList of the page's posts, breadcrumbs (home, journal, the tag). */
export function blogListHead(tag: string | null, page: number, list: BlogListResponse | null, origin: string): PageHead {
  const tagName = list?.tag?.name;
  const url = abs(blogHref(tag, page), origin);
  const name = `${tagName ? `${tagName}: ` : ''}Journal${page > 1 ? `, page ${page}` : ''}`;
  const jsonLd: object[] = [];
  if (list) {
    jsonLd.push({
      '@context': CONTEXT,
      '@type': 'ItemList',
      name,
      url,
      numberOfItems: list.total,
      itemListElement: list.items.map((post, index) => ({
        '@type': 'ListItem',
        position: (list.page - 1) * list.pageSize + index + 1,
        url: abs(`/blog/${post.path}`, origin),
        name: post.title,
      })),
    });
    jsonLd.push(
      breadcrumbList([
        { name: 'Home', url: abs('/', origin) },
        { name: 'Journal', url: abs('/blog', origin) },
        ...(list.tag ? [{ name: list.tag.name, url: abs(blogHref(list.tag.slug, 1), origin) }] : []),
      ]),
    );
  }
  return {
    title: name,
    description: tagName
      ? `Fernleaf journal posts about ${tagName.toLowerCase()}: travel stories, packing lists and care guides from our team.`
      : 'The Fernleaf journal: travel stories, packing lists, care guides and news from our workshop and stores around New Zealand.',
    canonical: url,
    ogType: 'website',
    ...ogImage(list?.items[0]?.image, origin),
    ...(jsonLd.length > 0 ? { jsonLd } : {}),
  };
}

export function blogPostingJsonLd(post: BlogPost | BlogPostSummary, origin: string) {
  const url = abs(`/blog/${post.path}`, origin);
  return {
    '@context': CONTEXT,
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.description,
    url,
    mainEntityOfPage: url,
    image: [abs(imageUrl(post.image.src, { width: 1200 }), origin)],
    datePublished: post.publishedAt,
    author: { '@type': 'Person', name: post.author },
    publisher: organization(origin),
    ...(post.tags.length > 0 ? { keywords: post.tags.map((t) => t.name).join(', ') } : {}),
  };
}

/** A journal post: BlogPosting JSON-LD and breadcrumbs (home, journal, the post). */
export function blogPostHead(post: BlogPost, origin: string): PageHead {
  const url = abs(`/blog/${post.path}`, origin);
  return {
    title: post.title,
    description: post.description,
    canonical: url,
    ogType: 'article',
    ...ogImage(post.image, origin),
    jsonLd: [
      blogPostingJsonLd(post, origin),
      breadcrumbList([
        { name: 'Home', url: abs('/', origin) },
        { name: 'Journal', url: abs('/blog', origin) },
        { name: post.title, url },
      ]),
    ],
  };
}

export function blogPostFallbackHead(path: string, origin: string): PageHead {
  return {
    title: 'Journal',
    description: 'A post from the Fernleaf journal: travel stories, packing lists, care guides and news from our workshop and stores.',
    canonical: abs(`/blog/${path}`, origin),
  };
}

/** The store locator (canonical without the search): an ItemList of the stores listed. */
export function storeLocatorHead(result: StoresResponse | null, origin: string, countryName = 'New Zealand'): PageHead {
  return {
    title: 'Find a store',
    description: `Find your nearest Fernleaf store by suburb, postcode or your location: addresses, opening hours and click and collect at our stores around ${countryName}.`,
    canonical: abs('/stores', origin),
    ogType: 'website',
    ...(result
      ? {
          jsonLd: [
            {
              '@context': CONTEXT,
              '@type': 'ItemList',
              name: result.origin ? `Fernleaf stores near ${result.origin.label}` : 'Fernleaf stores',
              numberOfItems: result.stores.length,
              itemListElement: result.stores.map((store, index) => ({ '@type': 'ListItem', position: index + 1, url: abs(`/stores/${store.path}`, origin), name: store.name })),
            },
          ],
        }
      : {}),
  };
}

/** schema.org Store (a LocalBusiness): address, geo, phone, e-mail and opening hours (the store's own wall clock, `store.timeZone`). */
export function storeJsonLd(store: Store, origin: string) {
  const url = abs(`/stores/${store.path}`, origin);
  const a = store.address;
  return {
    '@context': CONTEXT,
    '@type': 'Store',
    '@id': url,
    name: store.name,
    url,
    description: store.description,
    telephone: store.phone,
    email: store.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: [a.street1, a.street2].filter(Boolean).join(', '),
      addressLocality: a.locality,
      addressRegion: a.region,
      postalCode: a.postcode,
      addressCountry: a.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: store.lat, longitude: store.lng },
    openingHoursSpecification: store.openingHours
      .filter((h) => h.open && h.close)
      .map((h) => ({ '@type': 'OpeningHoursSpecification', dayOfWeek: `https://schema.org/${weekdayName(h.day)}`, opens: h.open, closes: h.close })),
    parentOrganization: organization(origin),
  };
}

/** A store page's title: its name, with its town when the name does not already say it ("Fernleaf Newmarket", not "…, Newmarket"). */
export function storeTitle(store: Pick<Store, 'name' | 'address'>): string {
  const town = store.address.locality?.trim();
  if (!town || store.name.toLowerCase().includes(town.toLowerCase())) return store.name;
  return `${store.name}, ${town}`;
}

export function storeHead(store: Store, origin: string): PageHead {
  const url = abs(`/stores/${store.path}`, origin);
  return {
    title: storeTitle(store),
    description: `${store.name} at ${store.address.street2 ?? store.address.street1}, ${store.address.locality}: opening hours, phone and click and collect.`,
    canonical: url,
    ogType: 'website',
    jsonLd: [
      storeJsonLd(store, origin),
      breadcrumbList([
        { name: 'Home', url: abs('/', origin) },
        { name: 'Stores', url: abs('/stores', origin) },
        { name: store.name, url },
      ]),
    ],
  };
}

export function storeFallbackHead(path: string, origin: string, countryName = 'New Zealand'): PageHead {
  return {
    title: 'Our stores',
    description: countryName === 'New Zealand' ? 'A Fernleaf store in New Zealand: address, opening hours (New Zealand time), phone and click and collect.' : `A Fernleaf store in ${countryName}: address, opening hours (the store's local time), phone and click and collect.`,
    canonical: abs(`/stores/${path}`, origin),
  };
}

/**
 * A path this remote has no page for, until the shell's 404 page takes over (it sets its own
 * title): never the previous page's title, and the canonical is the URL itself, not a real page.
 */
export function notFoundHead(page: string, origin: string): PageHead {
  return {
    title: 'Page Not Found',
    description: 'Sorry, we could not find this page on Fernleaf. It may have moved or no longer exist.',
    canonical: abs(page, origin),
    noindex: true,
  };
}
