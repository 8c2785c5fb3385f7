import { lazy, Suspense, useRef, useState } from 'react';
import { useMarket } from '@store/ui/market';
import { currentRegion } from '../config/regions';
import { Flag } from './Flag';
import { VisuallyHidden } from '@store/ui/visually-hidden';

// The dialog (and the overlay component) load on first use: nothing of them is needed to show or
// hydrate the header. Pointing at or focusing the button starts the load, so it is there by the tap.
const loadRegionDialog = () => import(/* webpackChunkName: "region-dialog" */ './RegionDialog');
const RegionDialog = lazy(loadRegionDialog);

export const newTab = { target: '_blank', rel: 'noopener noreferrer' } as const;

export function NewTabHint() {
  return <VisuallyHidden> (opens in a new tab)</VisuallyHidden>;
}

/** The region selector: a button with the current country's flag opening the regions dialog. */
export function RegionSelector({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const market = useMarket();
  const region = currentRegion(market);
  // the overlay gives focus back to the button
  const close = () => setOpen(false);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        // the name starts with the text the button shows (the currency), for speech control
        aria-label={`${region.currency}: Change region (current: ${region.label})`}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        onPointerEnter={() => void loadRegionDialog()}
        onFocus={() => void loadRegionDialog()}
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
        <Flag country={market.country} size={22} />
        <span>{region.currency}</span>
      </button>
      {used ? (
        <Suspense fallback={null}>
          <RegionDialog open={open} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}

