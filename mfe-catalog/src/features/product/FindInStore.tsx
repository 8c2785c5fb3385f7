import { storeOpenState, type Product, type StoresResponse } from '@store/contracts';
import { useMarket } from '@store/ui/market';
import { useLoad } from '@store/ui/load';
import { useId, useState, type FormEvent } from 'react';
import { fetchStoresNear, isNotFound } from '../../lib/api';
import { catalogConfig } from '../../lib/config';
import { Button } from '@store/ui/button';
import { VisuallyHidden } from '@store/ui/visually-hidden';

type Place = { postcode: string } | { lat: number; lng: number };
/** A search asked for (numbered: asking again loads again). */
type Search = { n: number; place: Place; variantId: string };

/** Stores with stock of the chosen size near a suburb/postcode or the visitor's location (radius 200 km). */
export function FindInStore({ product }: { product: Product }) {
  const [variantId, setVariantId] = useState(product.variants[0]?.id ?? '');
  const [where, setWhere] = useState('');
  // the search loaded (null before one); what stops one before it loads (nothing entered, no location)
  const [asked, setAsked] = useState<Search | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const market = useMarket();
  const whereId = useId();
  const sizeId = useId();
  const result = useLoad(asked ? JSON.stringify(asked) : null, (signal) => fetchStoresNear(asked!.place, asked!.variantId, catalogConfig.storeRadiusKm, signal));

  const search = (place: Place) => {
    setProblem(null);
    setLocating(false);
    setAsked((before) => ({ n: (before?.n ?? 0) + 1, place, variantId }));
  };
  const stop = (message: string) => {
    setLocating(false);
    setProblem(message);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (where.trim().length < 2) {
      stop('Enter a suburb, town or postcode.');
      return;
    }
    search({ postcode: where.trim() });
  };
  const useLocation = () => {
    if (!navigator.geolocation) {
      stop('Your browser cannot share your location. Enter a suburb or postcode instead.');
      return;
    }
    setProblem(null);
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => search({ lat: position.coords.latitude, lng: position.coords.longitude }),
      () => stop("We couldn't get your location. Enter a suburb or postcode instead."),
      { timeout: 10_000, maximumAge: 600_000 },
    );
  };
  // the results area: what stopped the search, or the search looking (for the location first), or its answer
  const settled = problem === null && !locating;
  const looking = problem === null && (locating || (asked !== null && result.status === 'loading'));
  const message = problem ?? (settled && result.status === 'error' ? (isNotFound(result.error) ? `We couldn't find that suburb or postcode in ${market.countryName}.` : "We couldn't load stores just now. Please try again.") : null);
  const found: StoresResponse | null = settled && result.status === 'ready' ? result.data : null;

  return (
    <div>
      <form onSubmit={submit} css={{ display: 'grid', gap: 8 }}>
        {product.variants.length > 1 ? (
          <div>
            <label htmlFor={sizeId}>Size</label>{' '}
            <select id={sizeId} value={variantId} onChange={(e) => setVariantId(e.target.value)} css={{ font: 'inherit', padding: '.3rem' }}>
              {product.variants.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.label}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <label htmlFor={whereId}>Suburb, town or postcode</label>
        <div css={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          <input id={whereId} value={where} onChange={(e) => setWhere(e.target.value)} maxLength={100} autoComplete="postal-code" css={{ font: 'inherit', padding: '.45rem .6rem', border: '1px solid #b9b2a3', borderRadius: 6, flex: 1, minWidth: 160 }} />
          <Button type="submit" css={{ fontWeight: 'inherit', padding: '.45rem 1rem' }}>
            Find stores
          </Button>
        </div>
        <Button variant="link" onClick={useLocation} css={{ justifySelf: 'start' }}>
          Use my location
        </Button>
      </form>
      <div aria-live="polite" css={{ marginTop: '1rem' }}>
        {looking ? <p>Looking for stores…</p> : null}
        {message !== null ? <p role="alert">{message}</p> : null}
        {found ? (
          found.stores.length === 0 ? (
            <p>No stores within {catalogConfig.storeRadiusKm} km. Try a different suburb or postcode.</p>
          ) : (
            <ul css={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 8 }} data-testid="store-results">
              {found.stores.map((store) => {
                const qty = store.stock?.qty ?? 0;
                return (
                  <li key={store.erpStoreId} css={{ borderBottom: '1px solid var(--line)', paddingBottom: 8 }}>
                    <strong>{store.name}</strong>
                    {store.distanceKm !== null && store.distanceKm !== undefined ? <span css={{ color: 'var(--muted)' }}> · {store.distanceKm} km</span> : null}
                    <br />
                    <span css={{ color: qty > 0 ? 'var(--forest)' : '#6b6558' }}>{qty > 0 ? (qty <= 2 ? `Low stock (${qty})` : 'In stock') : 'Not in stock'}</span>
                    <br />
                    <span data-testid="store-address">
                      {[store.address.street1, store.address.street2, store.address.locality, `${store.address.region} ${store.address.postcode}`].filter(Boolean).join(', ')}
                    </span>
                    <br />
                    {/* by the store's own clock (this overlay renders in the browser only) */}
                    <span css={{ color: 'var(--muted)' }} data-testid="store-open">
                      {storeOpenState(store.openingHours, new Date(), store.timeZone).text}
                    </span>
                    <br />
                    <a href={`/stores/${store.path}`}>
                      Hours and directions<VisuallyHidden>: {store.name}</VisuallyHidden>
                    </a>
                  </li>
                );
              })}
            </ul>
          )
        ) : null}
      </div>
    </div>
  );
}
