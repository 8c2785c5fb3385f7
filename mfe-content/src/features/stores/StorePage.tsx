import { useMarket } from '@store/ui/market';
import { Link, useParams } from 'react-router';
import { storeApiUrl, storePath } from '../../lib/apiUrls';
import { pageHeadOptions, storeFallbackHead, storeHead } from '../../lib/head';
import { useHydrated } from '../../lib/hydrated';
import { PageHead } from '@store/ui/page-head';
import { MESSAGES } from '../../lib/messages';
import { ContentNotFound } from '../../lib/ContentNotFound';
import { failed, notFoundOf, useResource } from '../../lib/resource';
import { LoadError, Loading, pageWidth, serif } from '../../lib/ui';
import { LazyStoreMap, MapPlaceholder } from './LazyStoreMap';
import { AddressLines, OpeningHours, OpenState, useNow } from './storeParts';

/** /stores/{path}: one store's address, hours (the store's own time zone), contact, click and collect and map. */
export function StorePage() {
  const raw = (useParams()['*'] ?? '').replace(/\/+$/, '');
  const countryName = useMarket().countryName;
  const path = storePath(raw);
  const store = useResource(path === null ? null : storeApiUrl(path));
  const now = useNow();
  // the map is drawn in the browser only (after hydration on a server-rendered visit)
  const hydrated = useHydrated();
  const notFound = path === null || notFoundOf(store) !== null;
  const data = store.status === 'ready' ? store.data : null;
  // ContentNotFound has the not-found head
  if (notFound) return <ContentNotFound />;
  return (
    <div css={{ ...pageWidth, paddingTop: '2rem', paddingBottom: '3rem' }}>
      {/* loading or failed: a head of its own, not the previous page's */}
      <PageHead head={(origin) => (data ? storeHead(data, origin) : storeFallbackHead(raw, origin, countryName))} {...pageHeadOptions} />
      <nav aria-label="Breadcrumb" css={{ marginBottom: '1rem', fontSize: 14 }}>
        <Link to="/stores">All stores</Link>
      </nav>
      {store.status === 'loading' ? <Loading label="Loading store…" /> : null}
      {failed(store) ? <LoadError onRetry={store.reload}>{MESSAGES.storesLoad}</LoadError> : null}
      {store.status === 'ready' ? (
        <div css={{ display: 'grid', gap: '2rem', '@media (min-width: 900px)': { gridTemplateColumns: 'minmax(0, 1.2fr) minmax(0, 1fr)' } }}>
          <div css={{ display: 'grid', gap: '1rem', alignContent: 'start' }}>
            <h1 css={{ fontFamily: serif, fontWeight: 400, fontSize: 'clamp(2rem, 5vw, 3rem)', margin: 0 }}>{store.data.name}</h1>
            <OpenState hours={store.data.openingHours} timeZone={store.data.timeZone} now={now} />
            <p css={{ margin: 0, fontSize: 18 }}>{store.data.description}</p>
            <section aria-labelledby="store-address-heading">
              <h2 id="store-address-heading" css={{ fontSize: 18, margin: '0 0 .35rem' }}>
                Address
              </h2>
              <AddressLines store={store.data} />
            </section>
            <section aria-labelledby="store-contact-heading">
              <h2 id="store-contact-heading" css={{ fontSize: 18, margin: '0 0 .35rem' }}>
                Contact
              </h2>
              <p css={{ margin: 0 }}>
                Phone <a href={`tel:${store.data.phone.replace(/\s+/g, '')}`}>{store.data.phone}</a>
                <br />
                E-mail <a href={`mailto:${store.data.email}`}>{store.data.email}</a>
              </p>
            </section>
            <p css={{ margin: 0 }}>
              <strong>{store.data.clickAndCollect ? 'Click and collect available.' : 'Click and collect is not available at this store.'}</strong>
              {store.data.clickAndCollect ? ' Choose this store at checkout and collect your order free, usually within 2 hours of opening.' : null}
            </p>
            <OpeningHours hours={store.data.openingHours} timeZone={store.data.timeZone} now={now} />
          </div>
          <div css={{ height: 420 }}>
            {hydrated ? <LazyStoreMap stores={[store.data]} zoom minSpanKm={450} label={`Map showing ${store.data.name} in ${store.data.address.locality}`} /> : <MapPlaceholder />}
          </div>
        </div>
      ) : null}
    </div>
  );
}
