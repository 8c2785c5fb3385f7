import { useEffect } from 'react';
import { Link } from 'react-router';

const IMAGE = '/cdn-cgi/image/fit=scale-down,format=auto,width=600/images/site/404.jpg';

/** Spec §2 "Error page": title, heading, the links and the 1200×1500 image. */
export function ErrorPage({ status }: { status: number }) {
  const notFound = status === 404;
  const title = notFound ? 'Page Not Found' : 'Something Went Wrong';
  useEffect(() => {
    document.title = `${title} | Fernleaf`;
  }, [title]);
  return (
    <div css={{ maxWidth: 1100, margin: '0 auto', padding: '3rem 1.25rem', display: 'grid', gap: '2.5rem', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', alignItems: 'center', '@media (max-width: 767px)': { gridTemplateColumns: '1fr' } }}>
      <div>
        <p css={{ textTransform: 'uppercase', letterSpacing: '.1em', color: 'var(--clay)', margin: 0 }}>{title}</p>
        <h1 css={{ fontFamily: 'Georgia, "Times New Roman", serif', fontWeight: 400, fontSize: 'clamp(3rem, 10vw, 6rem)', margin: '.25rem 0 1rem', color: 'var(--forest)' }}>
          {notFound ? '404' : 'Something Went Wrong'}
        </h1>
        <p css={{ fontSize: 18, maxWidth: '32rem' }}>
          {notFound ? "Sorry, we can't find the page you were looking for. It may have moved, or the link may be out of date." : 'Sorry, something went wrong on our side. Please try again in a moment.'}
        </p>
        <ul css={{ listStyle: 'none', padding: 0, margin: '1.5rem 0 0', display: 'grid', gap: '.6rem' }}>
          <li><Link to="/">Head home</Link></li>
          <li><Link to="/categories/new-arrivals">Discover new arrivals</Link></li>
          <li><a href="/articles/help-centre">Contact our help centre</a></li>
          <li><a href="https://www.instagram.com/fernleaf.nz" target="_blank" rel="noopener noreferrer">Follow us on Instagram</a></li>
        </ul>
      </div>
      <img src={IMAGE} width={1200} height={1500} alt="An empty canvas tote resting against a wall" css={{ width: '100%', height: 'auto', borderRadius: 12, background: '#e9e3d6' }} />
    </div>
  );
}
