import { STORE_SEARCH_RADIUS_KM } from '@store/contracts';
import { track } from '@store/shared-events/analytics';
import { useMarket } from '@store/ui/market';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { storesApiUrl } from '../../lib/apiUrls';
import { pageHeadOptions, storeLocatorHead } from '../../lib/head';
import { useHydrated } from '../../lib/hydrated';
import { PageHead } from '@store/ui/page-head';
import { MESSAGES } from '../../lib/messages';
import { failed, notFoundOf, useResource } from '../../lib/resource';
import { buttonSize, LoadError, Loading, pageWidth, serif } from '../../lib/ui';
import { Button } from '@store/ui/button';
import { AddressCombobox } from './AddressCombobox';
import { LazyStoreMap, MapPlaceholder } from './LazyStoreMap';
import { AddressLines, formatDistance, OpenState, useNow } from './storeParts';

/** /stores: search by suburb, postcode or the visitor's location; stores within 200 km, nearest first, on a drawn map. */
export function StoreLocatorPage() {
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const [locating, setLocating] = useState(false);
  const [locationError, setLocationError] = useState<string | null>(null);
  const { url, searching } = storesApiUrl(params);
  const result = useResource(url);
  const now = useNow();
  // the map is drawn in the browser only (after hydration on a server-rendered visit)
  const hydrated = useHydrated();
  const loaded = result.status === 'ready' ? result.data : null;
  const market = useMarket();

  // the box follows the URL (back/forward, links) without an effect
  const q = params.get('q') ?? '';
  const [shownQ, setShownQ] = useState(q);
  if (shownQ !== q) {
    setShownQ(q);
    setText(q);
  }

  const search = (value: string) => {
    const trimmed = value.trim();
    if (trimmed.length < 2) return;
    setLocationError(null);
    track('store_search', { method: 'text' });
    setParams({ q: trimmed });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    search(text);
  };
  const useMyLocation = () => {
    setLocationError(null);
    if (!('geolocation' in navigator)) {
      setLocationError(MESSAGES.locationUnsupported);
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        setText('');
        track('store_search', { method: 'location' });
        setParams({ lat: position.coords.latitude.toFixed(4), lng: position.coords.longitude.toFixed(4) });
      },
      (error) => {
        console.error(error);
        setLocating(false);
        setLocationError(MESSAGES.locationDenied);
      },
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 300_000 },
    );
  };

  const data = result.status === 'ready' ? result.data : null;
  const origin = data?.origin ?? null;
  const stores = data?.stores ?? [];
  const summary = !data
    ? ''
    : origin
      ? stores.length === 0
        ? `No stores within ${data.radiusKm} km of ${origin.label}.`
        : `${stores.length} ${stores.length === 1 ? 'store' : 'stores'} within ${data.radiusKm} km of ${origin.label}, nearest first`
      : `All ${stores.length} Fernleaf stores`;

  return (
    <div css={{ ...pageWidth, paddingTop: '2rem', paddingBottom: '3rem' }}>
      <PageHead head={(origin) => storeLocatorHead(loaded, origin, market.countryName)} {...pageHeadOptions} />
      <h1 css={{ fontFamily: serif, fontWeight: 400, fontSize: 'clamp(2rem, 5vw, 3rem)', margin: '0 0 .5rem' }}>Find a store</h1>
      <p css={{ color: 'var(--muted)', margin: '0 0 1.5rem', fontSize: 18 }}>Search by suburb, town or postcode to see stores within {STORE_SEARCH_RADIUS_KM} km, with opening hours and click and collect.</p>

      <form role="search" aria-label="Store search" onSubmit={onSubmit} css={{ display: 'flex', flexWrap: 'wrap', gap: '.75rem', alignItems: 'flex-end', marginBottom: '1rem' }}>
        <AddressCombobox label="Suburb, town or postcode" value={text} onChange={setText} onSelect={(l) => search(l.label)} />
        <Button type="submit" css={buttonSize}>
          Search
        </Button>
        <Button variant="secondary" onClick={useMyLocation} disabled={locating} css={buttonSize}>
          {locating ? 'Finding you…' : 'Use my location'}
        </Button>
      </form>
      {locationError ? (
        <p role="alert" css={{ color: 'var(--clay)', margin: '0 0 1rem' }}>
          {locationError}
        </p>
      ) : null}

      {failed(result) ? <LoadError onRetry={result.reload}>{MESSAGES.storesLoad}</LoadError> : null}
      {notFoundOf(result) !== null ? (
        <p role="alert" css={{ margin: '1rem 0' }}>
          {notFoundOf(result)?.message} Try a nearby suburb or a 4-digit postcode, or <Link to="/stores">see every store</Link>.
        </p>
      ) : null}

      <div css={{ display: 'grid', gap: '1.5rem', gridTemplateColumns: '1fr', '@media (min-width: 900px)': { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1.1fr)' } }}>
        <div css={{ aspectRatio: '0.72', maxHeight: '80vh', width: '100%', '@media (max-width: 899px)': { maxHeight: 420, aspectRatio: 'auto', height: 420, order: 2 } }}>
          {hydrated ? (
            <LazyStoreMap
              stores={stores}
              origin={origin}
              zoom={Boolean(origin) && stores.length > 0}
              numbered={Boolean(origin)}
              label={origin ? `Map of the stores near ${origin.label}` : `Map of Fernleaf stores in ${market.countryName}`}
            />
          ) : (
            <MapPlaceholder />
          )}
        </div>
        <section aria-labelledby="store-results-heading">
          <h2 id="store-results-heading" css={{ fontFamily: serif, fontWeight: 400, fontSize: 24, margin: '0 0 1rem' }}>
            {searching ? 'Stores near you' : 'Our stores'}
          </h2>
          {result.status === 'loading' ? <Loading label="Loading stores…" /> : null}
          <p role="status" css={{ margin: '0 0 1rem', color: 'var(--muted)' }}>
            {summary}
            {origin && stores.length === 0 ? (
              <>
                {' '}
                <Link to="/stores">See every store</Link>
              </>
            ) : null}
          </p>
          <ol css={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: '1rem' }}>
            {stores.map((store, i) => (
              <li key={store.id} data-testid="store-result" css={{ background: '#fff', border: '1px solid var(--line)', borderRadius: 12, padding: '1rem 1.25rem', display: 'grid', gap: '.35rem' }}>
                <div css={{ display: 'flex', justifyContent: 'space-between', gap: '1rem', alignItems: 'baseline' }}>
                  <h3 css={{ margin: 0, fontSize: 19, fontFamily: serif, fontWeight: 400 }}>
                    {origin ? <span css={{ color: 'var(--muted)' }}>{i + 1}. </span> : null}
                    <Link to={`/stores/${store.path}`}>{store.name}</Link>
                  </h3>
                  {store.distanceKm !== null ? <span css={{ whiteSpace: 'nowrap', fontWeight: 600 }}>{formatDistance(store.distanceKm)}</span> : null}
                </div>
                <AddressLines store={store} />
                <OpenState hours={store.openingHours} timeZone={store.timeZone} now={now} />
                <span css={{ fontSize: 14 }}>
                  <a href={`tel:${store.phone.replace(/\s+/g, '')}`}>{store.phone}</a> · {store.clickAndCollect ? 'Click and collect available' : 'No click and collect'}
                </span>
              </li>
            ))}
          </ol>
        </section>
      </div>
    </div>
  );
}
