/**
 * The `./SearchOverlay` fragment (props { onClose }): a search box with instant product suggestions
 * and a submit to /search?q=…. The shell renders it inside its search overlay; it closes on
 * navigation (a suggestion, the submit, or any route change while open).
 */
import type { ProductTile } from '@store/contracts';
import { PRODUCT_IMAGE_ASPECT_RATIO } from '@store/contracts';
import { Image } from '@store/ui/image';
import { navigate } from '@store/ui/link';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { fetchListing } from '../../lib/api';
import { catalogConfig } from '../../lib/config';
import { requestResultsFocus } from '../../lib/resultsFocus';
import { useMoney } from '@store/ui/market';
import { Button } from '@store/ui/button';
import { VisuallyHidden } from '@store/ui/visually-hidden';

export interface SearchOverlayProps {
  onClose(): void;
}

export function searchUrl(q: string): string {
  return `/search?${new URLSearchParams({ [catalogConfig.searchQueryParam]: q.trim() })}`;
}

export default function SearchOverlay({ onClose }: SearchOverlayProps) {
  const money = useMoney();
  const [text, setText] = useState('');
  const [suggestions, setSuggestions] = useState<{ q: string; items: ProductTile[]; total: number; corrected: string | null; anyWord?: boolean } | null>(null);
  const [active, setActive] = useState(-1);
  const inputId = useId();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  }, [onClose]);

  // Close when the route changes while open (back/forward, links elsewhere on the page).
  useEffect(() => {
    const start = `${window.location.pathname}${window.location.search}`;
    const onPop = () => {
      if (`${window.location.pathname}${window.location.search}` !== start) closeRef.current();
    };
    window.addEventListener('popstate', onPop);
    window.addEventListener('single-spa:routing-event', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      window.removeEventListener('single-spa:routing-event', onPop);
    };
  }, []);

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  useEffect(() => {
    const q = text.trim();
    if (q.length < 2) return;
    let live = true;
    const timer = setTimeout(() => {
      fetchListing({ q, page: 1 })
        .then((listing) => {
          if (live) {
            setSuggestions({ q, items: listing.items.slice(0, catalogConfig.suggestionsMax), total: listing.total, corrected: listing.correctedQuery, anyWord: listing.anyWord === true });
            setActive(-1);
          }
        })
        .catch(() => {
          if (live) setSuggestions({ q, items: [], total: 0, corrected: null });
        });
    }, catalogConfig.suggestionsDebounceMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text]);

  const go = (path: string) => {
    // the results page takes focus (its heading) once shown, rather than the search button
    if (path.startsWith('/search?')) requestResultsFocus(path);
    onClose();
    navigate(path);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    if (!q) {
      inputRef.current?.focus();
      return;
    }
    const chosen = active >= 0 ? shown[active] : undefined;
    go(chosen ? `/products/${chosen.path}` : searchUrl(q));
  };
  const shown = suggestions && text.trim().length >= 2 && suggestions.q === text.trim() ? suggestions.items : [];
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (shown.length === 0) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((a) => (a + 1) % shown.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((a) => (a <= 0 ? shown.length - 1 : a - 1));
    }
  };
  const optionId = (index: number) => `${listId}-${index}`;

  return (
    <div>
      <form role="search" onSubmit={submit} css={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <VisuallyHidden as="label" htmlFor={inputId}>
          Search the store
        </VisuallyHidden>
        <input
          ref={inputRef}
          id={inputId}
          name={catalogConfig.searchQueryParam}
          type="search"
          role="combobox"
          aria-expanded={shown.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          value={text}
          maxLength={200}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Search backpacks, luggage, wallets…"
          autoComplete="off"
          css={{ flex: 1, font: 'inherit', padding: '.7rem 1rem', border: '1px solid var(--ink)', borderRadius: 999, background: '#fff', color: 'var(--ink)' }}
        />
        <Button type="submit" css={{ fontWeight: 'inherit', padding: '.7rem 1.4rem' }}>
          Search
        </Button>
      </form>
      <div aria-live="polite" css={{ fontSize: 14, color: 'var(--muted)', margin: '.5rem 0', minHeight: '1.3em' }}>
        {suggestions && suggestions.q === text.trim() && text.trim().length >= 2
          ? suggestions.total === 0
            ? `No products match “${suggestions.q}”.`
            : suggestions.corrected
              ? `Showing results for “${suggestions.corrected}”.`
              : suggestions.anyWord
                ? `No products match all of these words; showing products that match any of them.`
                : `${suggestions.total} ${suggestions.total === 1 ? 'product' : 'products'}`
          : ''}
      </div>
      <ul id={listId} role="listbox" aria-label="Suggested products" css={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 4 }}>
        {shown.map((item, index) => (
          <li key={item.id} id={optionId(index)} role="option" aria-selected={index === active}>
            <a
              href={`/products/${item.path}`}
              onClick={(event) => {
                event.preventDefault();
                go(`/products/${item.path}`);
              }}
              tabIndex={-1}
              css={{ display: 'grid', gridTemplateColumns: '48px 1fr auto', gap: 12, alignItems: 'center', padding: 6, borderRadius: 8, color: 'inherit', textDecoration: 'none', background: index === active ? '#f1ede4' : 'transparent', '&:hover': { background: '#f1ede4' } }}
            >
              {item.image ? <Image src={item.image.src} alt="" width={item.image.width} height={item.image.height} aspectRatio={PRODUCT_IMAGE_ASPECT_RATIO} sizes="48px" /> : <span />}
              <span>
                {item.name}
                <span css={{ display: 'block', fontSize: 13, color: 'var(--muted)' }}>
                  {item.brand} · {item.colourName}
                </span>
              </span>
              <span>{money(item.price)}</span>
            </a>
          </li>
        ))}
      </ul>
      {shown.length > 0 && suggestions && suggestions.total > shown.length ? (
        <p css={{ margin: '.75rem 0 0' }}>
          <a
            href={searchUrl(text)}
            onClick={(event) => {
              event.preventDefault();
              go(searchUrl(text));
            }}
          >
            See all {suggestions.total} results
          </a>
        </p>
      ) : null}
    </div>
  );
}
