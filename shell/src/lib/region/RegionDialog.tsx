import { Overlay } from '@store/ui/overlay';
import { useId } from 'react';
import { Link } from 'react-router';
import { useMarket } from '@store/ui/market';
import { ALL_REGIONS_URL, currentRegion, regionGroupsFor } from '../config/regions';
import { NewTabHint, newTab } from './RegionSelector';

/** The regions dialog: the storefront's one overlay component (@store/ui/overlay), centred. */
export default function RegionDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  const market = useMarket();
  const here = currentRegion(market);
  return (
    <Overlay open={open} onClose={onClose} title="Choose your region" description="Each region has its own site with local prices, currency and delivery." position="center" width="md">
      <div css={{ display: 'grid', gap: '1.25rem', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))' }}>
        {regionGroupsFor(market).map((group) => (
          <section key={group.heading} aria-labelledby={`${titleId}-${group.heading.replace(/\W+/g, '-')}`}>
            <h3 id={`${titleId}-${group.heading.replace(/\W+/g, '-')}`} css={{ margin: '0 0 .5rem', fontSize: 13, textTransform: 'uppercase', letterSpacing: '.08em', color: 'var(--muted)' }}>
              {group.heading}
            </h3>
            <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 2 }}>
              {group.regions.map((region) => {
                const current = region.id === here.id;
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
    </Overlay>
  );
}
