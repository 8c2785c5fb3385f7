import { BLOG_PAGE_SIZE } from '@store/contracts';
import { track } from '@store/shared-events/analytics';
import { Link, useSearchParams } from 'react-router';
import { blogListApiUrl, readBlogListQuery } from '../../lib/apiUrls';
import { blogHref, blogListHead, pageHeadOptions } from '../../lib/head';
import { PageHead } from '@store/ui/page-head';
import { MESSAGES } from '../../lib/messages';
import { ContentNotFound } from '../../lib/ContentNotFound';
import { failed, notFoundOf, useResource } from '../../lib/resource';
import { LoadError, Loading, pageWidth, serif } from '../../lib/ui';
import { PostCard } from '../../lib/PostCard';

export { blogHref };

const pill = {
  display: 'inline-block',
  padding: '.35rem .9rem',
  borderRadius: 999,
  border: '1px solid var(--line)',
  textDecoration: 'none',
  background: '#fff',
  '&[aria-current="page"]': { background: 'var(--forest)', color: '#fff', borderColor: 'var(--forest)' },
} as const;

/** The journal: 12 posts per page, newest first, filtered by tag (URL parameters page, tag). */
export function BlogListPage() {
  const [params] = useSearchParams();
  const { tag, page, valid } = readBlogListQuery(params);
  const list = useResource(valid ? blogListApiUrl(tag, page) : null);
  const tagName = list.status === 'ready' ? list.data.tag?.name : undefined;
  const notFound = !valid || notFoundOf(list) !== null;
  const data = list.status === 'ready' ? list.data : null;

  // an unknown tag, a page past the end or a bad page parameter (?page=abc): the shell's 404 page (ContentNotFound has its head)
  if (notFound) return <ContentNotFound />;

  return (
    <div css={{ ...pageWidth, paddingTop: '2rem', paddingBottom: '3rem' }}>
      <PageHead head={(origin) => blogListHead(tag, page, data, origin)} {...pageHeadOptions} />
      <header css={{ marginBottom: '1.5rem' }}>
        <h1 css={{ fontFamily: serif, fontWeight: 400, fontSize: 'clamp(2rem, 5vw, 3rem)', margin: '0 0 .5rem' }}>{tagName ? `Journal: ${tagName}` : 'Journal'}</h1>
        <p css={{ color: 'var(--muted)', margin: 0, fontSize: 18 }}>Stories, packing lists and care guides from the Fernleaf team.</p>
      </header>
      {list.status === 'loading' ? <Loading label="Loading posts…" /> : null}
      {failed(list) ? <LoadError onRetry={list.reload}>{MESSAGES.blogLoad}</LoadError> : null}
      {list.status === 'ready' ? (
        <>
          <nav aria-label="Filter posts by tag" css={{ marginBottom: '2rem' }}>
            <ul css={{ listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexWrap: 'wrap', gap: '.5rem' }}>
              <li>
                <Link to="/blog" aria-current={tag === null ? 'page' : undefined} css={pill}>
                  All posts
                </Link>
              </li>
              {list.data.tags.map((t) => (
                <li key={t.slug}>
                  <Link to={blogHref(t.slug, 1)} aria-current={tag === t.slug ? 'page' : undefined} css={pill} onClick={() => track('blog_tag_filter', { tag: t.slug })}>
                    {t.name} <span css={{ opacity: 0.75 }}>({t.count})</span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <p role="status" css={{ color: 'var(--muted)', margin: '0 0 1rem' }}>
            {list.data.total === 0
              ? 'No posts yet.'
              : `Showing ${(list.data.page - 1) * BLOG_PAGE_SIZE + 1}-${(list.data.page - 1) * BLOG_PAGE_SIZE + list.data.items.length} of ${list.data.total} posts`}
          </p>
          <ul css={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: '2.5rem 1.5rem', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))' }}>
            {list.data.items.map((post) => (
              <li key={post.path}>
                <PostCard post={post} />
              </li>
            ))}
          </ul>
          {list.data.pageCount > 1 ? <Pagination tag={tag} page={list.data.page} pageCount={list.data.pageCount} /> : null}
        </>
      ) : null}
    </div>
  );
}

function Pagination({ tag, page, pageCount }: { tag: string | null; page: number; pageCount: number }) {
  const link = { ...pill, minWidth: '2.5rem', textAlign: 'center' } as const;
  return (
    <nav aria-label="Journal pages" css={{ marginTop: '2.5rem' }}>
      <ul css={{ listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexWrap: 'wrap', gap: '.5rem', alignItems: 'center' }}>
        {page > 1 ? (
          <li>
            <Link to={blogHref(tag, page - 1)} css={link} rel="prev">
              Previous page
            </Link>
          </li>
        ) : null}
        {Array.from({ length: pageCount }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            <Link to={blogHref(tag, n)} aria-current={n === page ? 'page' : undefined} aria-label={`Page ${n}`} css={link}>
              {n}
            </Link>
          </li>
        ))}
        {page < pageCount ? (
          <li>
            <Link to={blogHref(tag, page + 1)} css={link} rel="next">
              Next page
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
