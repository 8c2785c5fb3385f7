import { useEffect, useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { useMarket } from '@store/ui/market';
import { ALL_REGIONS_URL, countryInSentence, currentRegion, regionForCountry } from '../../lib/config/regions';
import { readGeoAck, readGeoLocale, shouldPromptCountry, writeGeoAck } from './geo';
import { NewTabHint, newTab } from '../../lib/region/RegionSelector';
import { Button, buttonLook } from '@store/ui/button';
import { VisuallyHidden } from '@store/ui/visually-hidden';

/** The element the prompt is placed in: in the page's flow, between the header and the page. */
export const GEO_HOST_ID = 'geo-prompt-host';

/**
 * In the page's flow just under the header, so it never covers what the shopper is using (fixed
 * over the bottom of the screen it hid the home slider's controls on a phone) and it comes in the
 * Tab order where it is on screen: after the header, before the page.
 */
function promptHost(): HTMLElement | null {
  const main = document.getElementById('shell-main');
  if (!main?.parentNode) return null;
  let element = document.getElementById(GEO_HOST_ID);
  if (!element) {
    element = document.createElement('div');
    element.id = GEO_HOST_ID;
    main.parentNode.insertBefore(element, main);
  }
  return element;
}

function usePromptHost(): HTMLElement | null {
  const [host] = useState(promptHost);
  useEffect(() => {
    // back in place after a development double mount removed it
    const main = document.getElementById('shell-main');
    if (host && !host.isConnected && main?.parentNode) main.parentNode.insertBefore(host, main);
    return () => host?.remove();
  }, [host]);
  return host;
}

/**
 * Change-country prompt: shown when the visitor's country (embedded by the edge) differs from the
 * site's and the visitor has not chosen to stay for that country yet (persisted).
 */
export function GeoPrompt() {
  const titleId = useId();
  const market = useMarket();
  const [geo] = useState(() => readGeoLocale());
  const [visible, setVisible] = useState(() => shouldPromptCountry(geo, market.country, readGeoAck()));
  const host = usePromptHost();
  if (!visible) return null;

  // the visitor's country's site: for NZ and AU, this deployment's other market
  const region = regionForCountry(geo.country, market);
  const stay = () => {
    writeGeoAck(geo.country);
    setVisible(false);
  };
  const size = { fontWeight: 'inherit', fontSize: 15, padding: '.55rem 1.1rem' } as const;

  const prompt = (
    <aside aria-labelledby={titleId} css={{ background: '#fff', color: 'var(--ink)', borderBottom: '1px solid var(--line)' }}>
      <div css={{ maxWidth: 1280, margin: '0 auto', padding: '.75rem 1rem', display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '.5rem 1rem' }}>
        <VisuallyHidden as="h2" id={titleId}>
          Change country
        </VisuallyHidden>
        <p css={{ margin: 0, flex: '1 1 20rem' }}>
          {region
            ? `It looks like you're in ${countryInSentence(geo.country)}. Visit our ${region.adjective} site for local prices and delivery?`
            : `It looks like you're in ${countryInSentence(geo.country)}. Choose your region's site for local prices and delivery?`}
        </p>
        <div css={{ display: 'flex', flexWrap: 'wrap', gap: '.5rem' }}>
          <a href={region ? region.url : ALL_REGIONS_URL} {...newTab} css={[buttonLook('primary'), size, { border: '1px solid var(--forest)' }]}>
            {region ? `Go to the ${region.adjective} site` : 'View all regions'}
            <NewTabHint />
          </a>
          <Button variant="neutral" onClick={stay} css={[size, { background: '#fff' }]}>
            Stay on the {currentRegion(market).adjective} site
          </Button>
        </div>
      </div>
    </aside>
  );
  return host ? createPortal(prompt, host) : prompt;
}
