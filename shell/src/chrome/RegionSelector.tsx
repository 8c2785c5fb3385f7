import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { ALL_REGIONS_URL, CURRENT_REGION, REGION_GROUPS, SITE_COUNTRY } from '../config/regions';
import { Flag } from './Flag';

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

export const newTab = { target: '_blank', rel: 'noopener noreferrer' } as const;

export function NewTabHint() {
  return <span className="visually-hidden"> (opens in a new tab)</span>;
}

/** The region selector (spec §2): a button with the current country's flag opening the regions dialog. */
export function RegionSelector({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={`Change region, current: ${CURRENT_REGION.label} (${CURRENT_REGION.currency})`}
        onClick={() => setOpen(true)}
        css={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 6,
          font: 'inherit',
          fontSize: 14,
          color: 'inherit',
          background: 'transparent',
          border: `1px solid ${tone === 'dark' ? 'rgba(255,255,255,.35)' : 'var(--line)'}`,
          borderRadius: 999,
          padding: '4px 10px',
          cursor: 'pointer',
          '&:hover': { borderColor: tone === 'dark' ? '#fff' : 'var(--ink)' },
        }}
      >
        <Flag country={SITE_COUNTRY} size={22} />
        <span>{CURRENT_REGION.currency}</span>
      </button>
      {open ? createPortal(<RegionDialog onClose={close} />, document.body) : null}
    </>
  );
}

function RegionDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const descriptionId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  // one level above the overlay it was opened from (the mobile menu), so @store/ui overlays leave it be
  const [depth] = useState(() => Number(document.activeElement?.closest('[data-overlay-root]')?.getAttribute('data-overlay-depth') ?? '-1') + 1);

  useEffect(() => {
    closeButton.current?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panel.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div
      data-testid="region-backdrop"
      data-overlay-root=""
      data-overlay-depth={depth}
      data-state="open"
      onMouseDown={(event) => {
        // mousedown on the backdrop itself: keep the default focus change from undoing the focus return
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        onClose();
      }}
      css={{ position: 'fixed', inset: 0, zIndex: 100, background: 'rgba(29,29,27,.5)', display: 'grid', placeItems: 'center', padding: '1rem' }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        css={{ background: '#fff', color: 'var(--ink)', borderRadius: 12, width: '100%', maxWidth: 560, maxHeight: 'calc(100vh - 2rem)', overflow: 'auto', padding: '1.5rem', boxShadow: '0 20px 60px rgba(0,0,0,.25)' }}
      >
        <div css={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: '1rem' }}>
          <h2 id={titleId} css={{ margin: 0, fontFamily: 'Georgia, "Times New Roman", serif', fontWeight: 500, fontSize: 24 }}>
            Choose your region
          </h2>
          <button
            ref={closeButton}
            type="button"
            aria-label="Close"
            onClick={onClose}
            css={{ font: 'inherit', fontSize: 22, lineHeight: 1, width: 36, height: 36, borderRadius: 18, border: '1px solid var(--line)', background: '#fff', color: 'var(--ink)', cursor: 'pointer' }}
          >
            ×
          </button>
        </div>
        <p id={descriptionId} css={{ margin: '.25rem 0 1.25rem', color: 'var(--muted)' }}>
          Each region has its own site with local prices, currency and delivery.
        </p>
        <div css={{ display: 'grid', gap: '1.25rem', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))' }}>
          {REGION_GROUPS.map((group) => (
            <section key={group.heading} aria-labelledby={`${titleId}-${group.heading.replace(/\W+/g, '-')}`}>
              <h3 id={`${titleId}-${group.heading.replace(/\W+/g, '-')}`} css={{ margin: '0 0 .5rem', fontSize: 13, textTransform: 'uppercase', letterSpacing: '.08em', color: 'var(--muted)' }}>
                {group.heading}
              </h3>
              <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 2 }}>
                {group.regions.map((region) => {
                  const current = region.id === CURRENT_REGION.id;
                  const content = (
                    <>
                      <span>{region.label}</span>
                      <span css={{ color: 'var(--muted)', fontSize: 14 }}>{region.currency}</span>
                    </>
                  );
                  const style = {
                    display: 'flex',
                    justifyContent: 'space-between',
                    gap: '1rem',
                    padding: '.45rem .6rem',
                    borderRadius: 6,
                    textDecoration: 'none',
                    '&:hover': { background: 'var(--paper)' },
                    '&[aria-current]': { background: 'var(--paper)', fontWeight: 600, boxShadow: 'inset 3px 0 0 var(--forest)' },
                  } as const;
                  return (
                    <li key={region.id}>
                      {current ? (
                        <Link to="/" aria-current="true" onClick={onClose} css={style}>
                          {content}
                        </Link>
                      ) : (
                        <a href={region.url} {...newTab} css={style}>
                          {content}
                          <NewTabHint />
                        </a>
                      )}
                    </li>
                  );
                })}
              </ul>
            </section>
          ))}
        </div>
        <p css={{ margin: '1.25rem 0 0' }}>
          <a href={ALL_REGIONS_URL} {...newTab} css={{ color: 'var(--forest)', fontWeight: 600 }}>
            View all regions
            <NewTabHint />
          </a>
        </p>
      </div>
    </div>
  );
}
