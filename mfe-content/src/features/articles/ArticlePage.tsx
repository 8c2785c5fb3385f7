import { useMarket } from '@store/ui/market';
import { useParams } from 'react-router';
import { articleApiUrl, contentPath } from '../../lib/apiUrls';
import { articleFallbackHead, articleHead, pageHeadOptions } from '../../lib/head';
import { PageHead } from '@store/ui/page-head';
import { MESSAGES } from '../../lib/messages';
import { ContentNotFound } from '../../lib/ContentNotFound';
import { failed, notFoundOf, useResource } from '../../lib/resource';
import { ContentImg, formatDate, LoadError, Loading, pageWidth, serif } from '../../lib/ui';
import { ContentBody } from '../../lib/ContentBody';

/** /articles/{path...}: shipping, returns, warranty, help centre, terms of use, privacy policy, ... */
export function ArticlePage() {
  const market = useMarket();
  const splat = (useParams()['*'] ?? '').replace(/\/+$/, '');
  const path = contentPath(splat);
  const article = useResource(path === null ? null : articleApiUrl(path));
  const notFound = path === null || notFoundOf(article) !== null;
  const data = article.status === 'ready' ? article.data : null;

  // ContentNotFound has the not-found head
  if (notFound) return <ContentNotFound />;
  return (
    <article css={{ ...pageWidth, paddingTop: '2rem', paddingBottom: '3rem' }}>
      {/* loading or failed: a head of its own, not the previous page's */}
      <PageHead head={(origin) => (data ? articleHead(data, origin) : articleFallbackHead(splat, origin))} {...pageHeadOptions} />
      {article.status === 'loading' ? <Loading label="Loading page…" /> : null}
      {failed(article) ? <LoadError onRetry={article.reload}>{MESSAGES.articleLoad}</LoadError> : null}
      {article.status === 'ready' ? (
        <>
          <header css={{ maxWidth: '42rem', marginBottom: '1.5rem' }}>
            <h1 css={{ fontFamily: serif, fontWeight: 400, fontSize: 'clamp(2rem, 5vw, 3rem)', margin: '0 0 .75rem' }}>{article.data.title}</h1>
            <p css={{ fontSize: 19, color: 'var(--muted)', margin: '0 0 .5rem' }}>{article.data.description}</p>
            <p css={{ fontSize: 14, color: 'var(--muted)', margin: 0 }}>
              Last updated <time dateTime={article.data.updatedAt}>{formatDate(article.data.updatedAt, market)}</time>
            </p>
          </header>
          {article.data.image ? (
            <div css={{ maxWidth: '42rem', marginBottom: '2rem', borderRadius: 12, overflow: 'hidden', aspectRatio: '3 / 1.4' }}>
              <ContentImg image={article.data.image} sizes="(max-width: 720px) 100vw, 42rem" priority css={{ height: '100%' }} />
            </div>
          ) : null}
          <ContentBody blocks={article.data.body} />
        </>
      ) : null}
    </article>
  );
}
