import type { PageHead as Head } from '@store/contracts/ssr';
import { act, render } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { PageHead, type PageHeadProps } from './page-head';

const SITE = 'Fernleaf';
/** the content remote's options (a title that starts with the site name is kept as it is) */
const content: Omit<PageHeadProps, 'head'> = {
  documentTitle: (title) => (title === SITE || title.startsWith(`${SITE} |`) ? title : `${title} | ${SITE}`),
  siteName: SITE,
  twitterCard: true,
};

const post: Head = {
  title: 'Caring for leather',
  description: 'How to keep a leather bag supple.',
  canonical: 'http://localhost/blog/caring-for-leather',
  ogType: 'article',
  ogImage: 'http://localhost/cdn-cgi/image/width=1200/images/content/blog-1.jpg',
  jsonLd: [{ '@context': 'https://schema.org', '@type': 'BlogPosting', headline: 'Caring for leather </script>' }],
};
const search: Head = {
  title: 'Search results for “tote”',
  description: 'Totes at Fernleaf.',
  canonical: 'http://localhost/search',
  noindex: true,
  ogType: 'website',
  jsonLd: [{ '@type': 'ItemList', name: 'Search results for “tote”' }],
};

/** the first page's head as the edge writes it (title and description unmarked, the rest data-page-meta) */
const SERVER_HEAD =
  '<meta charset="utf-8"><title>Journal | Fernleaf</title><meta name="description" content="The journal">' +
  '<meta name="robots" content="noindex" data-page-meta>' +
  '<link rel="canonical" href="http://localhost/blog" data-page-meta>' +
  '<meta property="og:site_name" content="Fernleaf" data-page-meta><meta property="og:title" content="Journal" data-page-meta>' +
  '<meta property="og:type" content="website" data-page-meta><meta property="og:image" content="http://localhost/x.jpg" data-page-meta>' +
  '<meta name="twitter:card" content="summary_large_image" data-page-meta>' +
  '<script type="application/ld+json" data-page-meta>{"@type":"ItemList"}</script><meta name="theme-color" content="#1f3b2d">';

const all = (selector: string) => [...document.querySelectorAll(selector)];
const content_ = (selector: string) => all(selector).map((el) => el.getAttribute('content'));
const jsonLd = () => all('script[type="application/ld+json"]').map((el) => JSON.parse(el.textContent!) as Record<string, unknown>);
/** every head element of the kinds the page head manages, as `tag name-or-property=value` */
const headElements = () =>
  all('head title, head meta[name], head meta[property], head link[rel="canonical"], script[type="application/ld+json"]')
    .filter((el) => el.getAttribute('name') !== 'theme-color')
    .map((el) => `${el.tagName.toLowerCase()} ${el.getAttribute('name') ?? el.getAttribute('property') ?? el.getAttribute('rel') ?? ''}`.trim())
    .sort();

beforeEach(() => {
  document.head.innerHTML = SERVER_HEAD;
});
afterEach(() => {
  document.body.innerHTML = '';
  jest.restoreAllMocks();
});

it('replaces the server head with the page head: title, description, canonical, Open Graph and JSON-LD, one of each', () => {
  render(<PageHead head={post} {...content} />);
  expect(document.title).toBe('Caring for leather | Fernleaf');
  expect(all('title')).toHaveLength(1);
  expect(content_('meta[name="description"]')).toEqual(['How to keep a leather bag supple.']);
  expect(all('link[rel="canonical"]').map((el) => el.getAttribute('href'))).toEqual(['http://localhost/blog/caring-for-leather']);
  // the server's noindex was the previous page's
  expect(all('meta[name="robots"]')).toHaveLength(0);
  expect(content_('meta[property="og:type"]')).toEqual(['article']);
  expect(content_('meta[property="og:site_name"]')).toEqual(['Fernleaf']);
  expect(content_('meta[property="og:title"]')).toEqual(['Caring for leather']);
  expect(content_('meta[property="og:url"]')).toEqual([post.canonical]);
  expect(content_('meta[property="og:image"]')).toEqual([post.ogImage]);
  expect(content_('meta[name="twitter:card"]')).toEqual(['summary_large_image']);
  const scripts = all('script[type="application/ld+json"]');
  expect(scripts).toHaveLength(1);
  expect(scripts[0]!.textContent).not.toContain('</script>');
  expect(jsonLd()).toEqual(post.jsonLd);
  expect(document.querySelectorAll('[data-page-meta]')).toHaveLength(0);
  // what it does not manage stays
  expect(document.head.querySelector('meta[name="theme-color"]')).not.toBeNull();
  expect(document.head.querySelector('meta[charset]')).not.toBeNull();
});

it('applies the catalog rules: its title suffix always, no og:site_name, no twitter:card', () => {
  render(<PageHead head={{ ...post, title: 'Fernleaf | Tote' }} documentTitle={(title) => `${title} | Fernleaf`} />);
  expect(document.title).toBe('Fernleaf | Tote | Fernleaf');
  expect(all('meta[property="og:site_name"], meta[name="twitter:card"]')).toHaveLength(0);
  expect(content_('meta[property="og:image"]')).toEqual([post.ogImage]);
});

it('keeps a title that starts with the site name (the home page) as it is; twitter:card only with an og:image', () => {
  render(<PageHead head={{ title: 'Fernleaf | Bags, travel and accessories', description: 'Bags.', canonical: 'http://localhost/' }} {...content} />);
  expect(document.title).toBe('Fernleaf | Bags, travel and accessories');
  expect(all('meta[name="twitter:card"], meta[property="og:image"], meta[property="og:type"]')).toHaveLength(0);
  expect(jsonLd()).toEqual([]);
});

it('takes a function of the page origin', () => {
  const head = jest.fn((origin: string) => ({ title: 'Bags', canonical: `${origin}/categories/bags` }));
  render(<PageHead head={head} />);
  expect(head).toHaveBeenCalledWith('http://localhost');
  expect(all('link[rel="canonical"]').map((el) => el.getAttribute('href'))).toEqual(['http://localhost/categories/bags']);
});

it('navigating between two pages leaves the head of the second and no duplicates, also through a different component', () => {
  const { rerender } = render(<PageHead head={post} {...content} />);
  rerender(<PageHead head={search} {...content} />);
  const second = ['link canonical', 'meta description', 'meta og:description', 'meta og:site_name', 'meta og:title', 'meta og:type', 'meta og:url', 'meta robots', 'script', 'title'];
  expect(headElements()).toEqual(second);
  expect(document.title).toBe('Search results for “tote” | Fernleaf');
  expect(content_('meta[name="robots"]')).toEqual(['noindex']);
  expect(content_('meta[name="description"]')).toEqual(['Totes at Fernleaf.']);
  expect(all('meta[property="og:image"], meta[name="twitter:card"]')).toHaveLength(0);
  expect(jsonLd()).toEqual(search.jsonLd);

  // another page component (the old one unmounts, the new one mounts in the same commit)
  rerender(
    <div>
      <PageHead key="product" head={post} {...content} />
    </div>,
  );
  expect(headElements()).toEqual(['link canonical', 'meta description', 'meta og:description', 'meta og:image', 'meta og:site_name', 'meta og:title', 'meta og:type', 'meta og:url', 'meta twitter:card', 'script', 'title']);
  expect(document.title).toBe('Caring for leather | Fernleaf');
  expect(jsonLd()).toEqual(post.jsonLd);
});

it('removes its elements when the page unmounts; its title and description stay until the next page sets its own', () => {
  const { unmount } = render(<PageHead head={{ ...post, noindex: true }} {...content} />);
  expect(content_('meta[name="robots"]')).toEqual(['noindex']);
  unmount();
  expect(headElements()).toEqual(['meta description', 'title']);
  expect(document.title).toBe('Caring for leather | Fernleaf');
  expect(content_('meta[name="description"]')).toEqual(['How to keep a leather bag supple.']);
  expect(document.querySelectorAll('[data-page-head]')).toHaveLength(0);

  // a page without a head of its own (the cart) sets its title by hand: one title
  document.title = 'Your cart | Fernleaf';
  expect(all('title')).toHaveLength(1);
  // and the next page head replaces those
  render(<PageHead head={search} {...content} />);
  expect(all('title')).toHaveLength(1);
  expect(document.title).toBe('Search results for “tote” | Fernleaf');
  expect(content_('meta[name="description"]')).toEqual(['Totes at Fernleaf.']);
});

it('a page without a description keeps the one there is', () => {
  render(<PageHead head={{ title: 'Orders' }} />);
  expect(document.title).toBe('Orders');
  expect(content_('meta[name="description"]')).toEqual(['The journal']);
  expect(all('[data-page-meta]')).toHaveLength(0);
});

it('renders nothing on the server and hydrates without a mismatch, then replaces the server head', async () => {
  const page = (
    <main>
      <PageHead head={post} {...content} />
      <h1>Caring for leather</h1>
    </main>
  );
  const html = renderToString(page);
  expect(html).toBe('<main><h1>Caring for leather</h1></main>');
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.appendChild(container);
  const h1 = container.querySelector('h1');
  const errors: unknown[] = [];
  jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => errors.push(args));
  const recoverable: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, page, { onRecoverableError: (error) => recoverable.push(error) });
  });
  expect(recoverable).toEqual([]);
  expect(errors).toEqual([]);
  expect(container.querySelector('h1')).toBe(h1);
  expect(document.title).toBe('Caring for leather | Fernleaf');
  expect(headElements()).toEqual(['link canonical', 'meta description', 'meta og:description', 'meta og:image', 'meta og:site_name', 'meta og:title', 'meta og:type', 'meta og:url', 'meta twitter:card', 'script', 'title']);
  expect(jsonLd()).toEqual(post.jsonLd);
});
