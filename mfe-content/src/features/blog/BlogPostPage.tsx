import { useMarket } from '@store/ui/market';
import { Link, useParams } from 'react-router';
import { blogPostApiUrl, contentPath } from '../../lib/apiUrls';
import { blogHref, blogPostFallbackHead, blogPostHead, pageHeadOptions } from '../../lib/head';
import { PageHead } from '@store/ui/page-head';
import { MESSAGES } from '../../lib/messages';
import { ContentNotFound } from '../../lib/ContentNotFound';
import { failed, notFoundOf, useResource } from '../../lib/resource';
import { ContentImg, formatDate, LoadError, Loading, pageWidth, serif } from '../../lib/ui';
import { ContentBody } from '../../lib/ContentBody';
import { PostCard } from '../../lib/PostCard';

/** /blog/{path...}: one journal post with related posts. */
export function BlogPostPage() {
  const market = useMarket();
  const splat = (useParams()['*'] ?? '').replace(/\/+$/, '');
  const path = contentPath(splat);
  const post = useResource(path === null ? null : blogPostApiUrl(path));
  const notFound = path === null || notFoundOf(post) !== null;
  const data = post.status === 'ready' ? post.data : null;

  // ContentNotFound has the not-found head
  if (notFound) return <ContentNotFound />;
  return (
    <div css={{ ...pageWidth, paddingTop: '2rem', paddingBottom: '3rem' }}>
      {/* loading or failed: a head of its own, not the previous page's */}
      <PageHead head={(origin) => (data ? blogPostHead(data, origin) : blogPostFallbackHead(splat, origin))} {...pageHeadOptions} />
      <nav aria-label="Breadcrumb" css={{ marginBottom: '1rem', fontSize: 14 }}>
        <Link to="/blog">Journal</Link>
      </nav>
      {post.status === 'loading' ? <Loading label="Loading post…" /> : null}
      {failed(post) ? <LoadError onRetry={post.reload}>{MESSAGES.blogLoad}</LoadError> : null}
      {post.status === 'ready' ? (
        <>
          <article>
            <header css={{ maxWidth: '42rem', marginBottom: '1.5rem' }}>
              <h1 css={{ fontFamily: serif, fontWeight: 400, fontSize: 'clamp(2rem, 5vw, 3rem)', margin: '0 0 .75rem' }}>{post.data.title}</h1>
              <p css={{ fontSize: 19, color: 'var(--muted)', margin: '0 0 .75rem' }}>{post.data.description}</p>
              <p css={{ margin: 0, fontSize: 15 }}>
                By {post.data.author} · <time dateTime={post.data.publishedAt}>{formatDate(post.data.publishedAt, market)}</time>
              </p>
              <ul aria-label="Tags" css={{ listStyle: 'none', padding: 0, margin: '.75rem 0 0', display: 'flex', gap: '.5rem', flexWrap: 'wrap' }}>
                {post.data.tags.map((t) => (
                  <li key={t.slug}>
                    <Link to={blogHref(t.slug, 1)} css={{ fontSize: 14 }}>
                      {t.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </header>
            <div css={{ maxWidth: '56rem', marginBottom: '2rem', borderRadius: 12, overflow: 'hidden', aspectRatio: '3 / 2' }}>
              <ContentImg image={post.data.image} sizes="(max-width: 900px) 100vw, 56rem" priority css={{ height: '100%' }} />
            </div>
            <ContentBody blocks={post.data.body} />
          </article>
          {post.data.related.length > 0 ? (
            <section aria-labelledby="related-heading" css={{ marginTop: '3rem', borderTop: '1px solid var(--line)', paddingTop: '2rem' }}>
              <h2 id="related-heading" css={{ fontFamily: serif, fontWeight: 400, fontSize: 28, marginTop: 0 }}>
                More from the journal
              </h2>
              <ul css={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: '1.5rem', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))' }}>
                {post.data.related.map((r) => (
                  <li key={r.path}>
                    <PostCard post={r} headingLevel={3} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
