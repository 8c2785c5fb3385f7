import { Link } from 'react-router';
import { catalogConfig } from '../../lib/config';
import { searchPath } from './SearchBox';

/** A search that found nothing is not a dead end: a did-you-mean, popular searches and categories. */
export function NoResults({ q, corrected }: { q: string; corrected: string | null }) {
  const link = { display: 'inline-flex', alignItems: 'center', minHeight: 32, padding: '.25rem .8rem', borderRadius: 999, border: '1px solid var(--line)', background: '#fff', color: 'var(--forest)', textDecoration: 'none' } as const;
  const list = { listStyle: 'none', padding: 0, margin: '.5rem 0 1.25rem', display: 'flex', flexWrap: 'wrap', gap: 8 } as const;
  const searches = catalogConfig.popularSearches.filter((term) => term.toLowerCase() !== q.toLowerCase());
  return (
    <div data-testid="no-results">
      <div role="status">
        <p css={{ marginTop: 0 }}>We couldn't find anything for “{q}”. Check the spelling, try a different word, or start from one of these.</p>
      </div>
      {corrected && corrected.toLowerCase() !== q.toLowerCase() ? (
        <p data-testid="did-you-mean">
          Did you mean <Link to={searchPath(corrected)}>“{corrected}”</Link>?
        </p>
      ) : null}
      <h2 css={{ fontSize: 18, margin: '1rem 0 0' }}>Popular searches</h2>
      <ul css={list} data-testid="popular-searches">
        {searches.map((term) => (
          <li key={term}>
            <Link to={searchPath(term)} css={link}>
              {term}
            </Link>
          </li>
        ))}
      </ul>
      <h2 css={{ fontSize: 18, margin: '1rem 0 0' }}>Popular categories</h2>
      <ul css={list} data-testid="popular-categories">
        {catalogConfig.popularCategories.map((category) => (
          <li key={category.path}>
            <Link to={`/categories/${category.path}`} css={link}>
              {category.name}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
