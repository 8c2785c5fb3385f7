import { reportError, track } from '@store/shared-events/analytics';
import { SmartLink } from '@store/ui/link';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { LINK_RULES, useSite } from '../../lib/config/site';
import { VisuallyHidden } from '@store/ui/visually-hidden';

export const ERROR_IMAGE = '/cdn-cgi/image/fit=scale-down,format=auto,width=600/images/site/404.jpg';
export const ERROR_IMAGE_SRCSET = [300, 600, 1200].map((w) => `/cdn-cgi/image/fit=scale-down,format=auto,width=${w}/images/site/404.jpg ${w}w`).join(', ');

export const NOT_FOUND_MESSAGE = "Sorry, we can't find the page you were looking for. It may have moved, or the link may be out of date.";
export const FAILED_MESSAGE = "Sorry, something went wrong on our side and we can't show this page right now. Please try again in a moment.";

export function errorTitle(status: number): string {
  return status === 404 ? 'Page Not Found' : 'Something Went Wrong';
}

/**
 * Title 'Page Not Found' for 404, otherwise 'Something Went Wrong'; heading
 * '404' or 'Something Went Wrong'; the message; links home, new arrivals, help centre, Instagram;
 * the 1200×1500 image. Sends page-view and error analytics events (code, message, location).
 */
export function ErrorPage({ status, path, detail }: { status: number; path: string; detail?: string }) {
  const { market, settings } = useSite();
  const notFound = status === 404;
  const title = errorTitle(status);
  const message = notFound ? NOT_FOUND_MESSAGE : FAILED_MESSAGE;
  useEffect(() => {
    document.title = `${title} | Fernleaf`;
    const location = `${window.location.pathname}${window.location.search}`;
    track('page_view', { page_path: location, page_title: document.title, page_type: 'error' });
    track('error_page', { code: status, message: notFound ? `Page not found: ${path}` : detail ?? title, location });
    if (!notFound) reportError(detail ?? title, { level: 'fatal', code: status, source: 'shell', location });
  }, [title, status, path, notFound, detail]);
  return (
    <div css={{ maxWidth: 1100, margin: '0 auto', padding: '3rem 1.25rem', display: 'grid', gap: '2.5rem', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', alignItems: 'center', '@media (max-width: 767px)': { gridTemplateColumns: '1fr' } }}>
      <div>
        <p css={{ textTransform: 'uppercase', letterSpacing: '.1em', color: 'var(--clay)', margin: 0 }}>{title}</p>
        <h1 css={{ fontFamily: 'Georgia, serif', fontWeight: 400, fontSize: notFound ? 'clamp(3rem, 10vw, 6rem)' : 'clamp(2.25rem, 6vw, 3.5rem)', margin: '.25rem 0 1rem', color: 'var(--forest)' }}>
          {notFound ? '404' : 'Something Went Wrong'}
        </h1>
        <p css={{ fontSize: 18, maxWidth: '32rem' }}>{message}</p>
        <ul css={{ listStyle: 'none', padding: 0, margin: '1.5rem 0 0', display: 'grid', gap: '.6rem' }}>
          <li>
            <Link to="/">Head home</Link>
          </li>
          <li>
            <Link to="/categories/new-arrivals">Discover new arrivals</Link>
          </li>
          <li>
            <SmartLink href={settings.customerService.supportUrl} rules={LINK_RULES}>
              Contact our help centre
            </SmartLink>
          </li>
          <li>
            <SmartLink href={market.social.instagram} rules={LINK_RULES}>
              Follow us on Instagram<VisuallyHidden> (opens in a new tab)</VisuallyHidden>
            </SmartLink>
          </li>
        </ul>
      </div>
      <img
        src={ERROR_IMAGE}
        srcSet={ERROR_IMAGE_SRCSET}
        sizes="(max-width: 767px) 100vw, 540px"
        width={1200}
        height={1500}
        alt="An empty canvas tote resting against a wall"
        css={{ width: '100%', height: 'auto', borderRadius: 12, background: '#e9e3d6' }}
      />
    </div>
  );
}
