import type { PageHead } from '@store/contracts/ssr';
import { applyPageMeta, documentTitle } from './meta';
import { storeTitle } from './head';

const head: PageHead = {
  title: 'Caring for leather',
  description: 'How to keep a leather bag supple.',
  canonical: 'http://localhost/blog/caring-for-leather',
  ogType: 'article',
  ogImage: 'http://localhost/cdn-cgi/image/width=1200/images/content/blog-1.jpg',
  jsonLd: [{ '@context': 'https://schema.org', '@type': 'BlogPosting', headline: 'Caring for leather </script>' }],
};

beforeEach(() => {
  // the server's head of the first page, as the edge writes it
  document.head.innerHTML =
    '<title>Journal | Fernleaf</title><meta name="description" content="The journal">' +
    '<link rel="canonical" href="http://localhost/blog" data-page-meta>' +
    '<meta property="og:type" content="website" data-page-meta><meta property="og:site_name" content="Fernleaf" data-page-meta>' +
    '<script type="application/ld+json" data-page-meta>{"@type":"ItemList"}</script>';
});

it('replaces the server head with the page head: title, description, canonical, Open Graph and JSON-LD', () => {
  applyPageMeta(head);
  expect(document.title).toBe('Caring for leather | Fernleaf');
  expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', 'How to keep a leather bag supple.');
  expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
  expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'http://localhost/blog/caring-for-leather');
  expect(document.head.querySelector('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  expect(document.head.querySelector('meta[property="og:image"]')).toHaveAttribute('content', head.ogImage);
  expect(document.head.querySelector('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
  const scripts = [...document.head.querySelectorAll('script[type="application/ld+json"]')];
  expect(scripts).toHaveLength(1);
  expect(scripts[0]!.textContent).not.toContain('</script>');
  expect(JSON.parse(scripts[0]!.textContent!)).toMatchObject({ '@type': 'BlogPosting' });
});

it('removes what it added or took over when the page unmounts (the description stays)', () => {
  const cleanup = applyPageMeta({ ...head, noindex: true });
  expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  cleanup();
  expect(document.head.querySelectorAll('[data-content-meta]:not([name="description"])')).toHaveLength(0);
  expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
  expect(document.head.querySelector('script[type="application/ld+json"]')).toBeNull();
  expect(document.head.querySelector('meta[name="description"]')).not.toBeNull();
});

it('keeps a title that starts with the site name (the home page) as it is', () => {
  expect(documentTitle('Fernleaf | Bags, travel and accessories')).toBe('Fernleaf | Bags, travel and accessories');
  expect(documentTitle('Journal')).toBe('Journal | Fernleaf');
});

describe('store title', () => {
  it('names the town only when the store name does not already say it', () => {
    const at = (name: string, locality: string) => storeTitle({ name, address: { locality } } as Parameters<typeof storeTitle>[0]);
    expect(at('Fernleaf Newmarket', 'Newmarket')).toBe('Fernleaf Newmarket');
    expect(at('Fernleaf Albany', 'albany')).toBe('Fernleaf Albany');
    expect(at('Fernleaf Commercial Bay', 'Auckland Central')).toBe('Fernleaf Commercial Bay, Auckland Central');
  });
});
