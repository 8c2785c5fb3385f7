import { SmartLink } from '@store/ui/link';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { footerGroups, LINK_RULES, useSite } from '../../lib/config/site';
import { policyLinks } from './Footer';
import { PaymentIcons } from './PaymentIcons';
import { RegionSelector } from '../../lib/region/RegionSelector';
import { VisuallyHidden } from '@store/ui/visually-hidden';

// The subscribe form is below the fold: its chunk loads after the footer renders.
const SubscribeForm = lazy(() => import(/* webpackChunkName: "footer-subscribe" */ './SubscribeForm'));

const heading = { fontSize: 14, textTransform: 'uppercase', letterSpacing: '.08em', margin: '0 0 .75rem', color: '#d9cfb8' } as const;
const list = { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '.4rem' } as const;
const footerLink = { textDecoration: 'none', '&:hover': { textDecoration: 'underline' } } as const;

/** True once the element comes within 400 px of the viewport (the subscribe form loads then). */
function useNearView<T extends Element>(): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T | null>(null);
  // false on the server and in the first (hydrating) render alike: the form is never in the server's HTML
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      const timer = setTimeout(() => setNear(true), 0);
      return () => clearTimeout(timer);
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        setNear(true);
      }
    }, { rootMargin: '400px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  });
  return [ref, near];
}

/** The footer's content: rendered on the server, its code loaded when the footer is hydrated (see Footer.tsx). */
export default function FooterContent() {
  const { market, settings } = useSite();
  const [subscribeRef, subscribeNear] = useNearView<HTMLElement>();
  const year = new Date().getFullYear();
  return (
    <div css={{ background: 'var(--forest)', color: '#f1ede4', marginTop: '4rem' }}>
      <div css={{ maxWidth: 1280, margin: '0 auto', padding: '3rem 1.25rem 2rem', display: 'grid', gap: '2rem', gridTemplateColumns: 'repeat(auto-fit, minmax(190px, 1fr))' }}>
        <section aria-labelledby="footer-policies">
          <h2 id="footer-policies" css={heading}>
            Policies
          </h2>
          <ul css={list}>
            {policyLinks(settings).map((link) => (
              <li key={link.label}>
                <SmartLink href={link.href} rules={LINK_RULES} css={footerLink}>
                  {link.label}
                </SmartLink>
              </li>
            ))}
          </ul>
        </section>
        {footerGroups(settings).map((group) => {
          const id = `footer-${group.groupHeading.toLowerCase().replace(/\W+/g, '-')}`;
          return (
            <section key={group.groupHeading} aria-labelledby={id}>
              <h2 id={id} css={heading}>
                {group.groupHeading}
              </h2>
              <ul css={list}>
                {group.links.map((link) => (
                  <li key={link.href}>
                    <Link to={link.href} css={footerLink}>
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
        <section ref={subscribeRef} aria-labelledby="footer-subscribe" css={{ gridColumn: 'span 2', '@media (max-width: 767px)': { gridColumn: 'auto' } }}>
          <h2 id="footer-subscribe" css={heading}>
            Letters from the workshop
          </h2>
          <p css={{ margin: '0 0 .75rem' }}>New arrivals, care guides and first word on the sale. About twice a month, never more.</p>
          <Suspense fallback={<div css={{ minHeight: 190 }} />}>{subscribeNear ? <SubscribeForm /> : <div css={{ minHeight: 190 }} />}</Suspense>
        </section>
      </div>
      <div css={{ maxWidth: 1280, margin: '0 auto', padding: '0 1.25rem 2rem', display: 'flex', flexWrap: 'wrap', gap: '2rem', justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <section aria-labelledby="footer-help" css={{ maxWidth: 420 }}>
          <h2 id="footer-help" css={heading}>
            Need a hand?
          </h2>
          <p css={{ margin: 0 }}>
            Our {market.supportCity} team answers every message within one working day. Find answers on orders, delivery and care in our{' '}
            <SmartLink href={settings.customerService.supportUrl} rules={LINK_RULES} css={{ color: '#fff', fontWeight: 600 }}>
              help centre
            </SmartLink>
            .
          </p>
        </section>
        <section aria-labelledby="footer-social">
          <h2 id="footer-social" css={heading}>
            Follow us
          </h2>
          <ul css={{ ...list, gridAutoFlow: 'column', gap: '1rem' }}>
            <li>
              <SmartLink href={market.social.instagram} rules={LINK_RULES} css={footerLink}>
                Instagram<VisuallyHidden> (opens in a new tab)</VisuallyHidden>
              </SmartLink>
            </li>
            <li>
              <SmartLink href={market.social.facebook} rules={LINK_RULES} css={footerLink}>
                Facebook<VisuallyHidden> (opens in a new tab)</VisuallyHidden>
              </SmartLink>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-payments">
          <h2 id="footer-payments" css={heading}>
            We accept
          </h2>
          <PaymentIcons />
        </section>
      </div>
      <div css={{ borderTop: '1px solid rgba(255,255,255,.15)' }}>
        <div css={{ maxWidth: 1280, margin: '0 auto', padding: '1rem 1.25rem', display: 'flex', flexWrap: 'wrap', gap: '1rem', justifyContent: 'space-between', alignItems: 'center', fontSize: 14 }}>
          <p css={{ margin: 0 }}>© {year} Fernleaf Limited. All prices in {market.currency} and include GST.</p>
          <RegionSelector tone="dark" />
        </div>
      </div>
    </div>
  );
}
