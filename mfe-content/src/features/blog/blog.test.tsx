import { render, screen, waitFor, within } from '@testing-library/react';
import type { BlogListResponse, BlogPostSummary } from '@store/contracts';
import { bus, topics } from '@store/shared-events';
import { MemoryRouter } from 'react-router';
import { ContentRoutes } from '../../app/App';
import { mockFetch } from '../../test/fetchMock';
import { blogHref } from './BlogListPage';

const post = (n: number, tags = ['travel']): BlogPostSummary => ({
  path: `post-${n}`,
  title: `Post number ${n}`,
  description: `About ${n}.`,
  author: 'Mere Tawhiri',
  tags: tags.map((slug) => ({ slug, name: slug === 'travel' ? 'Travel' : 'Care and repair' })),
  image: { src: `images/content/blog-${n}.jpg`, width: 1800, height: 1200, alt: '' },
  publishedAt: '2026-11-12T20:00:00.000Z',
});

const tags = [
  { slug: 'care', name: 'Care and repair', count: 2 },
  { slug: 'travel', name: 'Travel', count: 14 },
];

function listPage(page: number, pageCount: number, items: BlogPostSummary[], tag: BlogListResponse['tag'] = null): BlogListResponse {
  return { items, page, pageSize: 12, pageCount, total: 14, tag, tags };
}

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <ContentRoutes />
    </MemoryRouter>,
  );
}

afterEach(() => jest.restoreAllMocks());

describe('blog list', () => {
  it('builds list hrefs with tag and page, leaving out the defaults', () => {
    expect(blogHref(null, 1)).toBe('/blog');
    expect(blogHref('travel', 1)).toBe('/blog?tag=travel');
    expect(blogHref('travel', 2)).toBe('/blog?tag=travel&page=2');
    expect(blogHref(null, 3)).toBe('/blog?page=3');
  });

  it('shows a page of posts with the tag filter and page links', async () => {
    const fetchMock = mockFetch([['/api/content/blog', { body: listPage(2, 2, [post(13), post(14)], tags[1]!) }]]);
    renderAt('/blog?tag=travel&page=2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Journal: Travel' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/content/blog?tag=travel&page=2', expect.anything());
    expect(screen.getByRole('heading', { level: 2, name: 'Post number 13' })).toBeInTheDocument();
    const filter = screen.getByRole('navigation', { name: 'Filter posts by tag' });
    expect(within(filter).getByRole('link', { name: /Travel/ })).toHaveAttribute('aria-current', 'page');
    expect(within(filter).getByRole('link', { name: /Care and repair/ })).toHaveAttribute('href', '/blog?tag=care');
    const pages = screen.getByRole('navigation', { name: 'Journal pages' });
    expect(within(pages).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(within(pages).getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/blog?tag=travel');
    expect(screen.getByText('Showing 13-14 of 14 posts')).toBeInTheDocument();
    expect(document.title).toBe('Travel: Journal, page 2 | Fernleaf');
    expect(document.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'http://localhost/blog?tag=travel&page=2');
  });

  it('shows the blog loading failure message with a retry', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch([['/api/content/blog', { status: 503, body: {} }]]);
    renderAt('/blog');
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load the journal just now");
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('reports unknown posts and pages past the end to the shell (404 page)', async () => {
    const reported: string[] = [];
    const unsubscribe = bus.subscribe(topics.shellNotFound, (payload) => reported.push(payload.path));
    mockFetch([]);
    renderAt('/blog/no-such-post');
    await waitFor(() => expect(reported).toContain('/blog/no-such-post'));
    renderAt('/blog?page=abc');
    await waitFor(() => expect(reported).toContain('/blog?page=abc'));
    unsubscribe();
  });
});
