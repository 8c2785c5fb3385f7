import { useMarket } from '@store/ui/market';
import type { BlogPostSummary } from '@store/contracts';
import { Link } from 'react-router';
import { ContentImg, formatDate, serif } from './ui';

export function PostCard({ post, headingLevel = 2 }: { post: BlogPostSummary; headingLevel?: 2 | 3 }) {
  const market = useMarket();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article css={{ display: 'grid', gap: '.5rem', alignContent: 'start' }}>
      <Link to={`/blog/${post.path}`} tabIndex={-1} aria-hidden="true" css={{ display: 'block', borderRadius: 10, overflow: 'hidden', aspectRatio: '3 / 2' }}>
        <ContentImg image={post.image} sizes="(max-width: 640px) 100vw, (max-width: 1024px) 50vw, 400px" css={{ height: '100%' }} />
      </Link>
      <p css={{ margin: 0, fontSize: 13, color: 'var(--muted)', textTransform: 'uppercase', letterSpacing: '.06em' }}>{post.tags.map((t) => t.name).join(' · ')}</p>
      <Heading css={{ fontFamily: serif, fontWeight: 400, fontSize: 22, margin: 0 }}>
        <Link to={`/blog/${post.path}`} css={{ textDecoration: 'none', color: 'inherit', '&:hover': { textDecoration: 'underline' } }}>
          {post.title}
        </Link>
      </Heading>
      <p css={{ margin: 0, color: 'var(--muted)' }}>{post.description}</p>
      <p css={{ margin: 0, fontSize: 14 }}>
        {post.author} · <time dateTime={post.publishedAt}>{formatDate(post.publishedAt, market)}</time>
      </p>
    </article>
  );
}
