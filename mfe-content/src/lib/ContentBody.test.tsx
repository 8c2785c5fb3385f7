import { render, screen } from '@testing-library/react';
import { setSiteLinkRules } from '@store/ui/link';
import { ContentBody } from './ContentBody';

describe('ContentBody links follow the site link rules', () => {
  beforeEach(() => setSiteLinkRules({ baseUrl: 'https://www.fernleaf.co.nz', allowedExternal: ['https://www.instagram.com'] }));
  afterEach(() => setSiteLinkRules(null));

  it('keeps internal links in the site, opens allow-listed external links in a new tab and refuses the rest', () => {
    render(
      <ContentBody
        blocks={[
          { type: 'link', text: 'Shop backpacks', href: '/categories/bags/backpacks' },
          { type: 'link', text: 'Our site', href: 'https://www.fernleaf.co.nz/stores' },
          { type: 'link', text: 'Follow us', href: 'https://www.instagram.com/fernleaf.nz' },
          { type: 'link', text: 'Somewhere else', href: 'https://example.com/offer' },
          { type: 'link', text: 'Sneaky', href: 'javascript:alert(1)' },
        ]}
      />,
    );
    expect(screen.getByRole('link', { name: /Shop backpacks/ })).toHaveAttribute('href', '/categories/bags/backpacks');
    expect(screen.getByRole('link', { name: /Our site/ })).toHaveAttribute('href', '/stores');
    const instagram = screen.getByRole('link', { name: /Follow us/ });
    expect(instagram).toHaveAttribute('target', '_blank');
    expect(instagram.getAttribute('rel')).toContain('noopener');
    expect(instagram).toHaveTextContent('(opens in a new tab)');
    expect(screen.queryByRole('link', { name: /Somewhere else/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Sneaky/ })).toBeNull();
    expect(document.querySelector('a[href^="javascript:"], a[href^="https://example.com"]')).toBeNull();
  });
});
