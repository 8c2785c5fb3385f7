import { ADDRESS_COMBOBOX_SPINNER_DELAY_MS, type Locality } from '@store/contracts';
import { useMarket } from '@store/ui/market';
import { useEffect, useId, useRef, useState } from 'react';
import { MESSAGES } from '../../lib/messages';
import { api } from '../../lib/api';
import { VisuallyHidden } from '@store/ui/visually-hidden';

export interface AddressComboboxProps {
  value: string;
  onChange(value: string): void;
  /** A suggestion was chosen (click or Enter on it). */
  onSelect(locality: Locality): void;
  label: string;
  /** Wait after typing before asking for suggestions. */
  debounceMs?: number;
  /** Show the spinner only when suggestions take longer than this (1000 ms). */
  spinnerDelayMs?: number;
}

/**
 * Suburb / postcode input with suggestions (ARIA 1.2 combobox with a listbox popup). Enter with
 * no suggestion highlighted submits the surrounding form. The list closes on a choice, on Enter,
 * on Escape and when focus leaves the field (a click elsewhere, the Search button), and an answer
 * arriving after that does not open it again.
 */
export function AddressCombobox({ value, onChange, onSelect, label, debounceMs = 200, spinnerDelayMs = ADDRESS_COMBOBOX_SPINNER_DELAY_MS }: AddressComboboxProps) {
  // the site's own country's suburbs (the API answers the market's localities)
  const placeholder = useMarket().country === 'AU' ? 'e.g. Surry Hills or 2010' : 'e.g. Mount Eden or 1024';
  const id = useId();
  const listId = `${id}-list`;
  const [items, setItems] = useState<Locality[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [spinner, setSpinner] = useState(false);
  const [failed, setFailed] = useState(false);
  /** Typed since the last choice, submit or Escape: only then do suggestions (still on their way) open the list. */
  const typed = useRef(false);
  const inputRef = useRef<HTMLInputElement>(null);
  /** Closed, and an answer still on its way will not open it: a suggestion chosen, the search submitted, Escape, focus gone. */
  const dismiss = () => {
    typed.current = false;
    setOpen(false);
    setActive(-1);
  };

  useEffect(() => {
    const q = value.trim();
    if (!typed.current || q.length < 2) {
      setItems([]);
      setSpinner(false);
      return;
    }
    const controller = new AbortController();
    let spinnerTimer: ReturnType<typeof setTimeout> | undefined;
    const debounce = setTimeout(() => {
      spinnerTimer = setTimeout(() => setSpinner(true), spinnerDelayMs);
      api
        .get('/api/stores/localities', { params: { query: { q } }, signal: controller.signal })
        .then((body) => {
          setItems(body.items);
          setFailed(false);
          setActive(-1);
          // the list opens only for the shopper still typing in the field
          setOpen(body.items.length > 0 && typed.current && document.activeElement === inputRef.current);
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          console.error(error);
          setItems([]);
          setFailed(true);
        })
        .finally(() => {
          clearTimeout(spinnerTimer);
          if (!controller.signal.aborted) setSpinner(false);
        });
    }, debounceMs);
    return () => {
      controller.abort();
      clearTimeout(debounce);
      clearTimeout(spinnerTimer);
      setSpinner(false);
    };
  }, [value, debounceMs, spinnerDelayMs]);

  const choose = (locality: Locality) => {
    dismiss();
    onSelect(locality);
  };
  const expanded = open && items.length > 0;

  return (
    <div css={{ position: 'relative', flex: '1 1 16rem' }}>
      <label htmlFor={id} css={{ display: 'block', fontWeight: 600, marginBottom: '.35rem' }}>
        {label}
      </label>
      <div css={{ position: 'relative' }}>
        <input
          ref={inputRef}
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${id}-opt-${active}` : undefined}
          aria-describedby={failed ? `${id}-error` : undefined}
          value={value}
          placeholder={placeholder}
          onChange={(event) => {
            typed.current = true;
            onChange(event.target.value);
          }}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' && items.length > 0) {
              event.preventDefault();
              setOpen(true);
              setActive((i) => (i + 1) % items.length);
            } else if (event.key === 'ArrowUp' && items.length > 0) {
              event.preventDefault();
              setOpen(true);
              setActive((i) => (i <= 0 ? items.length - 1 : i - 1));
            } else if (event.key === 'Enter' && expanded && active >= 0) {
              event.preventDefault();
              choose(items[active]!);
            } else if (event.key === 'Enter') {
              dismiss(); // the surrounding form searches what was typed
            } else if (event.key === 'Escape' && expanded) {
              event.preventDefault();
              dismiss();
            }
          }}
          onBlur={dismiss}
          onFocus={() => setOpen(typed.current && items.length > 0)}
          css={{ width: '100%', boxSizing: 'border-box', font: 'inherit', padding: '.65rem 2.5rem .65rem .8rem', border: '1px solid var(--muted)', borderRadius: 8, background: '#fff' }}
        />
        {spinner ? (
          <span role="status" data-testid="address-spinner" css={{ position: 'absolute', right: '.75rem', top: '50%', marginTop: -9 }}>
            <span aria-hidden="true" css={{ display: 'block', width: 18, height: 18, borderRadius: '50%', border: '3px solid var(--line)', borderTopColor: 'var(--forest)', animation: 'content-spin 800ms linear infinite', '@keyframes content-spin': { to: { transform: 'rotate(360deg)' } } }} />
            <VisuallyHidden>Looking up suburbs…</VisuallyHidden>
          </span>
        ) : null}
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label="Suburbs and postcodes"
        hidden={!expanded}
        css={{ position: 'absolute', zIndex: 5, left: 0, right: 0, margin: '.25rem 0 0', padding: '.25rem 0', listStyle: 'none', background: '#fff', border: '1px solid var(--line)', borderRadius: 8, boxShadow: '0 8px 24px rgba(0,0,0,.12)' }}
      >
        {items.map((item, i) => (
          <li
            key={`${item.name}-${item.postcode}`}
            id={`${id}-opt-${i}`}
            role="option"
            aria-selected={i === active}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(item)}
            css={{ padding: '.5rem .8rem', cursor: 'pointer', '&[aria-selected="true"], &:hover': { background: '#eef3ee' } }}
          >
            {item.label}
          </li>
        ))}
      </ul>
      {failed ? (
        <p id={`${id}-error`} css={{ margin: '.35rem 0 0', fontSize: 14, color: 'var(--muted)' }}>
          {MESSAGES.suggestionsLoad}
        </p>
      ) : null}
    </div>
  );
}
