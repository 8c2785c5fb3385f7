// The head in the browser (replacing the server's, navigations, unmount) is @store/ui/page-head's
// (ui/src/page-head.test.tsx); the pages' heads in src/app/pages.test.tsx and hydration.test.tsx.
import { render } from '@testing-library/react';
import { PageHead } from '@store/ui/page-head';
import { documentTitle, pageHeadOptions, storeTitle } from './head';

it('keeps a title that starts with the site name (the home page) as it is', () => {
  expect(documentTitle('Fernleaf | Bags, travel and accessories')).toBe('Fernleaf | Bags, travel and accessories');
  expect(documentTitle('Fernleaf')).toBe('Fernleaf');
  expect(documentTitle('Journal')).toBe('Journal | Fernleaf');
});

it('a content page head has og:site_name, and twitter:card with an og:image', () => {
  document.head.innerHTML = '<title>Journal | Fernleaf</title><meta name="description" content="The journal">';
  const { rerender } = render(<PageHead head={{ title: 'Caring for leather', description: 'Leather care.', ogImage: 'http://localhost/blog-1.jpg' }} {...pageHeadOptions} />);
  expect(document.title).toBe('Caring for leather | Fernleaf');
  expect(document.head.querySelector('meta[property="og:site_name"]')).toHaveAttribute('content', 'Fernleaf');
  expect(document.head.querySelector('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
  rerender(<PageHead head={{ title: 'Journal', description: 'The journal.' }} {...pageHeadOptions} />);
  expect(document.head.querySelector('meta[name="twitter:card"]')).toBeNull();
  expect(document.head.querySelectorAll('meta[property="og:site_name"]')).toHaveLength(1);
});

describe('store title', () => {
  it('names the town only when the store name does not already say it', () => {
    const at = (name: string, locality: string) => storeTitle({ name, address: { locality } } as Parameters<typeof storeTitle>[0]);
    expect(at('Fernleaf Newmarket', 'Newmarket')).toBe('Fernleaf Newmarket');
    expect(at('Fernleaf Albany', 'albany')).toBe('Fernleaf Albany');
    expect(at('Fernleaf Commercial Bay', 'Auckland Central')).toBe('Fernleaf Commercial Bay, Auckland Central');
  });
});
