import { useId, useState } from 'react';
import { useMarket } from '@store/ui/market';
import { ALL_REGIONS_URL, countryInSentence, currentRegion, regionForCountry } from '../config/regions';
import { readGeoAck, readGeoLocale, shouldPromptCountry, writeGeoAck } from './geo';
import { NewTabHint, newTab } from './RegionSelector';

/**
 * Change-country prompt: shown when the visitor's country (embedded by the edge) differs from the
 * site's and the visitor has not chosen to stay for that country yet (persisted).
 */
export function GeoPrompt() {
  const titleId = useId();
  const market = useMarket();
  const [geo] = useState(() => readGeoLocale());
  const [visible, setVisible] = useState(() => shouldPromptCountry(geo, market.country, readGeoAck()));
  if (!visible) return null;

  // the visitor's country's site: for NZ and AU, this deployment's other market
  const region = regionForCountry(geo.country, market);
  const stay = () => {
    writeGeoAck(geo.country);
    setVisible(false);
  };
  const button = {
    font: 'inherit',
    fontSize: 15,
    padding: '.55rem 1.1rem',
    borderRadius: 999,
    cursor: 'pointer',
    textDecoration: 'none',
    display: 'inline-block',
  } as const;

  return (
    <aside
      aria-labelledby={titleId}
      css={{ position: 'fixed', left: 16, right: 16, bottom: 16, zIndex: 40, margin: '0 auto', maxWidth: 480, background: '#fff', color: 'var(--ink)', border: '1px solid var(--line)', borderRadius: 12, padding: '1rem 1.25rem', boxShadow: '0 10px 30px rgba(0,0,0,.18)' }}
    >
      <h2 id={titleId} className="visually-hidden">
        Change country
      </h2>
      <p css={{ margin: '0 0 .75rem' }}>
        {region
          ? `It looks like you're in ${countryInSentence(geo.country)}. Visit our ${region.adjective} site for local prices and delivery?`
          : `It looks like you're in ${countryInSentence(geo.country)}. Choose your region's site for local prices and delivery?`}
      </p>
      <div css={{ display: 'flex', flexWrap: 'wrap', gap: '.5rem' }}>
        <a href={region ? region.url : ALL_REGIONS_URL} {...newTab} css={{ ...button, background: 'var(--forest)', color: '#fff', border: '1px solid var(--forest)' }}>
          {region ? `Go to the ${region.adjective} site` : 'View all regions'}
          <NewTabHint />
        </a>
        <button type="button" onClick={stay} css={{ ...button, background: '#fff', color: 'var(--ink)', border: '1px solid var(--ink)' }}>
          Stay on the {currentRegion(market).adjective} site
        </button>
      </div>
    </aside>
  );
}
