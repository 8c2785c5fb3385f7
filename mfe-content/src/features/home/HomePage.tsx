import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { imageUrl } from '@store/contracts';
import { fetchListing, type Listing } from '../../api/catalog';
import { ProductRail } from './ProductRail';

const FEATURED = [
  { label: 'Backpacks', href: '/categories/bags/backpacks', blurb: 'Commute-ready, trail-tested' },
  { label: 'Totes', href: '/categories/bags/totes', blurb: 'Market days to meeting rooms' },
  { label: 'Luggage', href: '/categories/travel/luggage', blurb: 'Carry-on and checked' },
  { label: 'Wallets', href: '/categories/accessories/wallets', blurb: 'Slim leather, RFID blocking' },
];

export function HomePage() {
  const [arrivals, setArrivals] = useState<Listing | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    document.title = 'Fernleaf | Bags, travel and accessories';
    const controller = new AbortController();
    fetchListing('new-arrivals', controller.signal)
      .then(setArrivals)
      .catch((error: unknown) => {
        if (!controller.signal.aborted) {
          console.error(error);
          setFailed(true);
        }
      });
    return () => controller.abort();
  }, []);

  return (
    <div>
      <section
        aria-labelledby="hero-heading"
        css={{ position: 'relative', minHeight: 'min(70vh, 560px)', display: 'grid', alignItems: 'end', overflow: 'hidden', background: '#2b3a2f' }}
      >
        <img
          src={imageUrl('/images/site/hero-1.jpg', { width: 1800 })}
          srcSet={[600, 1200, 1800].map((w) => `${imageUrl('/images/site/hero-1.jpg', { width: w })} ${w}w`).join(', ')}
          sizes="100vw"
          width={1800}
          height={1200}
          alt=""
          fetchPriority="high"
          css={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
        />
        <div aria-hidden="true" css={{ position: 'absolute', inset: 0, background: 'linear-gradient(90deg, rgba(16,30,22,.82) 0%, rgba(16,30,22,.55) 45%, rgba(16,30,22,0) 75%)' }} />
        <div css={{ position: 'relative', maxWidth: 1280, width: '100%', margin: '0 auto', padding: '3rem 1.25rem', color: '#fff' }}>
          <p css={{ textTransform: 'uppercase', letterSpacing: '.12em', margin: 0, fontSize: 14 }}>Spring collection</p>
          <h1 id="hero-heading" css={{ fontFamily: 'Georgia, "Times New Roman", serif', fontWeight: 400, fontSize: 'clamp(2.25rem, 6vw, 4rem)', margin: '.5rem 0 1rem', maxWidth: '18ch', textShadow: '0 2px 12px rgba(0,0,0,.35)' }}>
            Made for the long way round
          </h1>
          <p css={{ fontSize: 18, maxWidth: '34rem', margin: '0 0 1.5rem', textShadow: '0 1px 8px rgba(0,0,0,.4)' }}>
            Backpacks, totes and luggage built to carry a life in Aotearoa, from the morning ferry to the long weekend away.
          </p>
          <Link to="/categories/new-arrivals" css={{ display: 'inline-block', background: '#fff', color: 'var(--forest)', padding: '.8rem 1.6rem', borderRadius: 999, textDecoration: 'none', fontWeight: 600 }}>
            Shop new arrivals
          </Link>
        </div>
      </section>

      <section aria-labelledby="featured-heading" css={{ maxWidth: 1280, margin: '3rem auto 0', padding: '0 1.25rem' }}>
        <h2 id="featured-heading" css={{ fontFamily: 'Georgia, "Times New Roman", serif', fontWeight: 400, fontSize: 28 }}>Shop by category</h2>
        <ul css={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: '1rem', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))' }}>
          {FEATURED.map((item) => (
            <li key={item.href}>
              <Link to={item.href} css={{ display: 'block', padding: '1.5rem', borderRadius: 12, background: '#fff', border: '1px solid var(--line)', textDecoration: 'none', '&:hover': { borderColor: 'var(--forest)' } }}>
                <span css={{ display: 'block', fontSize: 20, fontFamily: 'Georgia, "Times New Roman", serif' }}>{item.label}</span>
                <span css={{ color: 'var(--muted)' }}>{item.blurb}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="arrivals-heading" css={{ maxWidth: 1280, margin: '3rem auto 0', padding: '0 1.25rem' }}>
        <div css={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between' }}>
          <h2 id="arrivals-heading" css={{ fontFamily: 'Georgia, "Times New Roman", serif', fontWeight: 400, fontSize: 28 }}>New arrivals</h2>
          <Link to="/categories/new-arrivals">View all</Link>
        </div>
        {failed ? <p role="alert">We couldn't load the latest arrivals just now. Please refresh the page to try again.</p> : <ProductRail items={arrivals?.items.slice(0, 8) ?? null} />}
      </section>
    </div>
  );
}
