import type { HomeContent } from '@store/contracts';
import { Link } from 'react-router';
import { HOME_API_URL, railApiUrl } from '../../lib/apiUrls';
import { homeHead, pageHeadOptions } from '../../lib/head';
import { PageHead } from '@store/ui/page-head';
import { MESSAGES } from '../../lib/messages';
import { failed, useResource } from '../../lib/resource';
import { ContentImg, LoadError, pageWidth, serif } from '../../lib/ui';
import { VisuallyHidden } from '@store/ui/visually-hidden';
import { PostCard } from '../../lib/PostCard';
import { ProductRail } from './ProductRail';
import { Slider } from './Slider';

const sectionHeading = { fontFamily: serif, fontWeight: 400, fontSize: 28 } as const;

function Rail({ rail }: { rail: HomeContent['rails'][number] }) {
  // from the server render's data on a server-rendered first visit
  const listing = useResource(railApiUrl(rail.category, rail.sort));
  const id = `rail-${rail.id}`;
  return (
    <section aria-labelledby={id} css={{ ...pageWidth, marginTop: '3rem' }}>
      <div css={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between' }}>
        <h2 id={id} css={sectionHeading}>
          {rail.heading}
        </h2>
        <Link to={rail.href} aria-label={`View all: ${rail.heading}`}>
          View all
        </Link>
      </div>
      {listing.status === 'error' ? <LoadError>{MESSAGES.arrivalsLoad}</LoadError> : <ProductRail items={listing.status === 'ready' ? listing.data.items.slice(0, rail.limit) : null} />}
    </section>
  );
}

/** The home page: slider, featured categories, product rails from the catalogue and the latest journal posts. */
export function HomePage() {
  const home = useResource(HOME_API_URL);
  const data = home.status === 'ready' ? home.data : null;
  const head = <PageHead head={(origin) => homeHead(data, origin)} {...pageHeadOptions} />;

  if (failed(home)) {
    return (
      <div css={{ ...pageWidth, paddingTop: '2rem' }}>
        {head}
        <h1 css={{ fontFamily: serif, fontWeight: 400 }}>Fernleaf</h1>
        <LoadError onRetry={home.reload}>{MESSAGES.homeLoad}</LoadError>
      </div>
    );
  }
  if (home.status !== 'ready') {
    return (
      <div aria-busy="true" css={{ minHeight: 'min(70vh, 560px)', background: '#2b3a2f' }}>
        <VisuallyHidden as="p">Loading the home page…</VisuallyHidden>
        {head}
      </div>
    );
  }
  const { slider, featuredCategories, rails, journal } = home.data;
  return (
    <div>
      {head}
      <Slider slider={slider} />

      <section aria-labelledby="featured-heading" css={{ ...pageWidth, marginTop: '3rem' }}>
        <h2 id="featured-heading" css={sectionHeading}>
          Shop by category
        </h2>
        <ul css={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: '1rem', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))' }}>
          {featuredCategories.map((item) => (
            <li key={item.href}>
              <Link
                to={item.href}
                css={{ display: 'block', borderRadius: 12, overflow: 'hidden', background: '#fff', border: '1px solid var(--line)', textDecoration: 'none', '&:hover': { borderColor: 'var(--forest)' } }}
              >
                <div css={{ aspectRatio: '3 / 2', overflow: 'hidden' }}>
                  <ContentImg image={{ ...item.image, alt: '' }} sizes="(max-width: 640px) 100vw, 25vw" css={{ height: '100%' }} />
                </div>
                <span css={{ display: 'block', padding: '1rem 1.25rem 0', fontSize: 20, fontFamily: serif }}>{item.label}</span>
                <span css={{ display: 'block', padding: '0 1.25rem 1.25rem', color: 'var(--muted)' }}>{item.blurb}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {rails.map((rail) => (
        <Rail key={rail.id} rail={rail} />
      ))}

      {journal.length > 0 ? (
        <section aria-labelledby="journal-heading" css={{ ...pageWidth, marginTop: '3rem', marginBottom: '3rem' }}>
          <div css={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between' }}>
            <h2 id="journal-heading" css={sectionHeading}>
              From the journal
            </h2>
            <Link to="/blog">All posts</Link>
          </div>
          <ul css={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: '1.5rem', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))' }}>
            {journal.map((post) => (
              <li key={post.path}>
                <PostCard post={post} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
