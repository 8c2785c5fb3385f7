import { Button } from '@store/ui/button';
import { VisuallyHidden } from '@store/ui/visually-hidden';
import { useId, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { catalogConfig } from '../../lib/config';

/** The search page for `q`. */
export function searchPath(q: string): string {
  return `/search?${new URLSearchParams({ [catalogConfig.searchQueryParam]: q.trim() })}`;
}

/** The search box of the search page, prefilled with the term (a new search is a new history entry). */
export function SearchBox({ q }: { q: string }) {
  const navigate = useNavigate();
  const inputId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get(catalogConfig.searchQueryParam) ?? '').trim();
    if (text) navigate(searchPath(text));
  };
  return (
    <form role="search" aria-label="Search the store" onSubmit={submit} css={{ display: 'flex', gap: 8, margin: '1rem 0 .25rem', maxWidth: 560 }} data-testid="search-page-form">
      <VisuallyHidden as="label" htmlFor={inputId}>
        Search the store
      </VisuallyHidden>
      {/* uncontrolled, keyed by the term: the field shows the current search after each navigation */}
      <input
        key={q}
        id={inputId}
        name={catalogConfig.searchQueryParam}
        type="search"
        defaultValue={q}
        maxLength={200}
        placeholder="Search backpacks, luggage, wallets…"
        autoComplete="off"
        css={{ flex: 1, minWidth: 0, font: 'inherit', padding: '.6rem .9rem', border: '1px solid var(--ink)', borderRadius: 999, background: '#fff', color: 'var(--ink)' }}
      />
      <Button type="submit" css={{ fontWeight: 'inherit', padding: '.6rem 1.2rem' }}>
        Search
      </Button>
    </form>
  );
}
