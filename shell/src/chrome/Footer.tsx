import { Link } from 'react-router';
import { FOOTER_GROUPS } from './nav';
import { RegionSelector } from './RegionSelector';

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <div css={{ background: 'var(--forest)', color: '#f1ede4', marginTop: '4rem' }}>
      <div css={{ maxWidth: 1280, margin: '0 auto', padding: '3rem 1.25rem 2rem', display: 'grid', gap: '2rem', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))' }}>
        {FOOTER_GROUPS.map((group) => (
          <section key={group.groupHeading} aria-labelledby={`footer-${group.groupHeading}`}>
            <h2 id={`footer-${group.groupHeading}`} css={{ fontSize: 14, textTransform: 'uppercase', letterSpacing: '.08em', margin: '0 0 .75rem', color: '#d9cfb8' }}>
              {group.groupHeading}
            </h2>
            <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '.4rem' }}>
              {group.links.map((link) => (
                <li key={link.href}>
                  <Link to={link.href} css={{ textDecoration: 'none', '&:hover': { textDecoration: 'underline' } }}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
        <section aria-labelledby="footer-help">
          <h2 id="footer-help" css={{ fontSize: 14, textTransform: 'uppercase', letterSpacing: '.08em', margin: '0 0 .75rem', color: '#d9cfb8' }}>Need a hand?</h2>
          <p css={{ margin: 0 }}>Our Auckland team answers every message within one working day.</p>
        </section>
      </div>
      <div css={{ borderTop: '1px solid rgba(255,255,255,.15)' }}>
        <div css={{ maxWidth: 1280, margin: '0 auto', padding: '1rem 1.25rem', display: 'flex', flexWrap: 'wrap', gap: '1rem', justifyContent: 'space-between', fontSize: 14 }}>
          <p css={{ margin: 0 }}>© {year} Fernleaf Limited. All prices in NZD and include GST.</p>
          <p css={{ margin: 0 }} aria-label="Accepted payment methods">Amex · Afterpay · Mastercard · Visa · PayPal · Apple Pay</p>
          <RegionSelector tone="dark" />
        </div>
      </div>
    </div>
  );
}
