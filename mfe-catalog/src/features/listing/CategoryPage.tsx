import type { Listing, ProductTile as Tile } from '@store/contracts';
import { useEffect, useId, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { fetchListing, NotFoundError } from '../../api/client';
import { NotFound } from '../../App';
import { ProductTile } from './ProductTile';
import { normalisePage, normaliseSort, SORTS } from './sorts';

interface State {
  key: string;
  pages: Listing[];
  status: 'loading' | 'ready' | 'error' | 'not-found';
}

export function CategoryPage() {
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const category = pathname.replace(/^\/categories\/?/, '').replace(/\/+$/, '');
  const sort = normaliseSort(params.get('sort'));
  const page = normalisePage(params.get('page'));
  const key = `${category}|${sort}`;
  const [state, setState] = useState<State>({ key, pages: [], status: 'loading' });
  const pagesForKey = state.key === key ? state.pages : [];
  const status: State['status'] = state.key === key && state.status !== 'ready' ? state.status : pagesForKey.length >= page ? 'ready' : 'loading';
  const sortId = useId();

  useEffect(() => {
    const controller = new AbortController();
    const have = pagesForKey.length;
    if (have >= page) return;
    const wanted = Array.from({ length: page - have }, (_, i) => have + i + 1);
    Promise.all(wanted.map((p) => fetchListing({ category, page: p, sort }, controller.signal)))
      .then((loaded) => setState((s) => ({ key, pages: [...(s.key === key ? s.pages : []), ...loaded], status: 'ready' })))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ key, pages: [], status: error instanceof NotFoundError ? 'not-found' : 'error' });
      });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, page]);

  const first = pagesForKey[0];
  useEffect(() => {
    if (first) document.title = `${first.category.name} | Fernleaf`;
  }, [first]);

  if (status === 'not-found') return <NotFound />;
  const items: Tile[] = pagesForKey.flatMap((p) => p.items);
  const total = first?.total ?? 0;

  return (
    <div css={{ maxWidth: 1280, margin: '0 auto', padding: '2rem 1.25rem' }}>
      <nav aria-label="Breadcrumb" css={{ fontSize: 14, color: 'var(--muted)', marginBottom: '.5rem', minHeight: '1.5em' }}>
        {first?.category.breadcrumbs.map((crumb, index) => (
          <span key={crumb.path}>
            {index > 0 ? ' / ' : ''}
            <Link to={`/categories/${crumb.path}`}>{crumb.name}</Link>
          </span>
        ))}
      </nav>
      <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'end', justifyContent: 'space-between', gap: '1rem', marginBottom: '1.5rem' }}>
        <div>
          <h1 css={{ fontFamily: 'Georgia, "Times New Roman", serif', fontWeight: 400, fontSize: 36, margin: 0 }}>{first?.category.name ?? '\u00a0'}</h1>
          <p css={{ margin: '.25rem 0 0', color: 'var(--muted)' }} aria-live="polite">{first ? `${total} ${total === 1 ? 'product' : 'products'}` : '\u00a0'}</p>
        </div>
        <div css={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          <label htmlFor={sortId}>Sort by</label>
          <select
            id={sortId}
            value={sort}
            onChange={(event) => {
              const next = new URLSearchParams(params);
              next.delete('page');
              if (event.target.value) next.set('sort', event.target.value);
              else next.delete('sort');
              setParams(next, { replace: true });
            }}
            css={{ font: 'inherit', padding: '.45rem .6rem', borderRadius: 8, border: '1px solid #b9b2a3', background: '#fff' }}
          >
            {SORTS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {status === 'error' ? (
        <p role="alert">We couldn't load these products just now. Please refresh the page to try again.</p>
      ) : (
        <ul aria-busy={status === 'loading'} css={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: '2rem 1.25rem', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))' }}>
          {items.map((item, index) => (
            <li key={item.id}>
              <ProductTile item={item} eager={index < 4} />
            </li>
          ))}
        </ul>
      )}
      {items.length < total ? (
        <div css={{ textAlign: 'center', marginTop: '2.5rem' }}>
          <p css={{ color: 'var(--muted)' }}>Showing {items.length} of {total}</p>
          <button
            type="button"
            disabled={status === 'loading'}
            onClick={() => {
              const next = new URLSearchParams(params);
              next.set('page', String(page + 1));
              setParams(next, { replace: true, preventScrollReset: true });
            }}
            css={{ font: 'inherit', padding: '.8rem 2rem', borderRadius: 999, border: '1px solid var(--forest)', background: '#fff', color: 'var(--forest)', cursor: 'pointer' }}
          >
            {status === 'loading' ? 'Loading…' : 'Load more'}
          </button>
        </div>
      ) : null}
    </div>
  );
}
