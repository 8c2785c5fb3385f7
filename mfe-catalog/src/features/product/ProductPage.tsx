import { PRODUCT_IMAGE_ASPECT_RATIO } from '@store/contracts';
import { Image } from '@store/ui/image';
import { lazy, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { fetchProduct, isNotFound, productApiUrl } from '../../lib/api';
import { pageHeadOptions } from '../../lib/head';
import { productHead, productJsonLd } from './head';
import { useRouteData } from '@store/ui/route-data';
import { useLoad } from '@store/ui/load';
import { PageHead } from '@store/ui/page-head';
import { NotFound } from '../../lib/NotFound';
import { AddToCart } from './AddToCart';
import { BREADCRUMB, DETAILS_H1, PAGE_GRID } from './layout';
import { ProductPrice } from './Price';
import { MainPicture } from './MainPicture';
import { ProductPreview, readPreview } from './ProductPreview';
import { readRecentlyViewed, rememberViewed, type RecentlyViewedItem } from './recentlyViewed';
import { countdown, countdownText, formatAvailability } from './time';
import { useMarket, useMoney } from '@store/ui/market';

import type { ProductOverlay } from './ProductOverlays';
import { Button } from '@store/ui/button';

const loadProductOverlays = () => import(/* webpackChunkName: "product-overlays" */ './ProductOverlays');
const ProductOverlays = lazy(loadProductOverlays);
const preloadProductOverlays = () => void loadProductOverlays();

export { productJsonLd };

function Countdown({ availableFrom }: { availableFrom: string }) {
  const market = useMarket();
  // The clock starts after hydration: the server's time would not match the browser's.
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, []);
  const left = now === null ? null : countdown(availableFrom, now);
  return (
    <div css={{ background: '#eef2ee', borderRadius: 8, padding: '.75rem 1rem', margin: '0 0 1rem' }} data-testid="coming-soon">
      <p css={{ margin: 0, fontWeight: 600 }}>Coming soon</p>
      <p css={{ margin: '.25rem 0 0' }}>
        Available from <time dateTime={availableFrom}>{formatAvailability(availableFrom, market)}</time> ({market.id === 'AU' ? 'Sydney' : 'New Zealand'} time).
      </p>
      <p css={{ margin: '.25rem 0 0' }} aria-live="off">
        {left === null ? '\u00a0' : left.done ? 'Available now: refresh the page to buy.' : `${countdownText(left)} to go.`}
      </p>
    </div>
  );
}

function RecentlyViewed({ items }: { items: RecentlyViewedItem[] }) {
  const money = useMoney();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="recently-viewed" css={{ gridColumn: '1 / -1', borderTop: '1px solid var(--line)', paddingTop: '1.5rem' }}>
      <h2 id="recently-viewed" css={{ fontSize: 20, margin: '0 0 1rem' }}>
        Recently viewed
      </h2>
      <ul css={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: '1rem', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))' }}>
        {items.map((item) => (
          <li key={item.id}>
            <Link to={`/products/${item.path}`} css={{ display: 'grid', gap: 4, color: 'inherit', textDecoration: 'none' }}>
              {item.image ? <Image src={item.image.src} alt={item.image.alt} width={item.image.width} height={item.image.height} aspectRatio={PRODUCT_IMAGE_ASPECT_RATIO} /> : null}
              <span css={{ fontSize: 14 }}>{item.name}</span>
              <span css={{ fontSize: 14 }}>{money(item.price)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ProductPage() {
  const location = useLocation();
  const { pathname } = location;
  const path = pathname.replace(/^\/products\/?/, '').replace(/\/+$/, '');
  // Server-rendered first visit: the product the edge loaded (hydration renders exactly that).
  const seeded = useRouteData(productApiUrl(path));
  const load = useLoad(path, (signal) => fetchProduct(path, signal), { initialData: seeded });
  const [selected, setSelected] = useState({ path, index: 0 });
  const [overlay, setOverlay] = useState<ProductOverlay | null>(null);
  // the size guide and find-in-store overlays load on first use (not part of the page's first load)
  const [overlaysUsed, setOverlaysUsed] = useState(false);
  const openOverlay = (which: ProductOverlay) => {
    setOverlaysUsed(true);
    setOverlay(which);
  };
  const imageIndex = selected.path === path ? selected.index : 0;
  const setImageIndex = (index: number) => setSelected({ path, index });

  const loaded = load.data ?? null;
  // opened from a tile: what the tile knew, shown until the product is here
  const preview = readPreview(location.state, path);
  // The product arriving after its preview renders in the background (a transition), so the
  // preview's frame is painted first; anywhere else the product is shown as soon as it is here.
  const deferred = useDeferredValue(loaded);
  const product = deferred && loaded && deferred.path === loaded.path ? deferred : preview ? null : loaded;

  // The others viewed before this one (read before this view is remembered). Browser state: read
  // after hydration (the server has none), below everything else so nothing shifts.
  const [recent, setRecent] = useState<RecentlyViewedItem[]>([]);
  useEffect(() => {
    const others = product ? readRecentlyViewed().filter((item) => item.id !== product.id) : [];
    const timer = setTimeout(() => setRecent(others), 0);
    return () => clearTimeout(timer);
  }, [product]);

  useEffect(() => {
    if (!product) return;
    const cover = product.productGallery[0];
    rememberViewed({
      id: product.id,
      path: product.path,
      name: product.name,
      brand: product.brand.name,
      price: product.price,
      image: cover ? { src: cover.src, alt: cover.alt, width: cover.width, height: cover.height } : null,
      viewedAt: new Date().toISOString(),
    });
  }, [product]);

  if (load.status === 'error' && isNotFound(load.error)) return <NotFound />;
  if (load.status === 'error')
    return (
      <p role="alert" css={{ maxWidth: 1280, margin: '2rem auto', padding: '0 1.25rem' }}>
        We couldn't load this product just now. Please refresh the page to try again.
      </p>
    );
  if (!product) return preview ? <ProductPreview tile={preview} /> : <div aria-busy="true" css={{ minHeight: '70vh' }} />;

  const images = product.productGallery.filter((image) => image.type === 'IMAGE');
  const current = images[imageIndex] ?? images[0];
  return (
    <div css={PAGE_GRID}>
      <nav aria-label="Breadcrumb" css={BREADCRUMB}>
        <Link to={`/categories/${product.canonicalCategory.path}`}>{product.canonicalCategory.name}</Link> / <span aria-current="page">{product.name}</span>
      </nav>
      <section aria-label="Gallery">
        {/* gallery and details hydrate as separate tasks (selective hydration) */}
        <Suspense fallback={null}>
        {current ? (
          <MainPicture key={current.src} image={current} overlays={product.overlays} />
        ) : null}
        {images.length > 1 ? (
          <ul css={{ listStyle: 'none', padding: 0, margin: '1rem 0 0', display: 'flex', flexWrap: 'wrap', gap: 8 }}>
            {images.map((image, index) => (
              // 80 px, narrower on a narrow phone (four fit in 280 px), then onto another row
              <li key={image.src} css={{ flex: '0 1 80px', minWidth: 56 }}>
                <button
                  type="button"
                  onClick={() => setImageIndex(index)}
                  aria-label={`Show image ${index + 1} of ${images.length}: ${image.alt}`}
                  aria-pressed={index === imageIndex}
                  css={{ padding: 0, width: '100%', border: index === imageIndex ? '2px solid var(--forest)' : '2px solid transparent', borderRadius: 8, background: 'none', cursor: 'pointer', overflow: 'hidden' }}
                >
                  <Image src={image.src} alt="" width={image.width} height={image.height} aspectRatio={PRODUCT_IMAGE_ASPECT_RATIO} sizes="80px" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        </Suspense>
      </section>
      <div>
        <Suspense fallback={null}>
        <p css={{ margin: 0, color: 'var(--muted)' }}>
          <Link to={`/brands/${product.brand.slug}`} css={{ color: 'inherit' }}>
            {product.brand.name}
          </Link>
        </p>
        <h1 css={DETAILS_H1}>{product.name}</h1>
        <p css={{ margin: '0 0 1rem', color: 'var(--muted)' }}>Colour: {product.colourName}</p>
        <ProductPrice price={product.price} originalPrice={product.erpOriginalPrice} isDiscounted={product.isDiscounted} />
        {product.state === 'coming' && product.availableFrom ? <Countdown availableFrom={product.availableFrom} /> : null}
        <AddToCart key={product.id} product={product} />
        <div css={{ display: 'flex', gap: '1rem', margin: '1rem 0' }}>
          <Button variant="link" onClick={() => openOverlay('size-guide')} onPointerEnter={preloadProductOverlays} onFocus={preloadProductOverlays}>
            Size guide
          </Button>
          <Button variant="link" onClick={() => openOverlay('find-in-store')} onPointerEnter={preloadProductOverlays} onFocus={preloadProductOverlays}>
            Find in store
          </Button>
        </div>
        <h2 css={{ fontSize: 18, margin: '1.5rem 0 .5rem' }}>Details</h2>
        <p css={{ marginTop: 0, lineHeight: 1.7 }}>{product.description}</p>
        {product.features.length > 0 ? (
          <ul css={{ paddingLeft: '1.2rem' }}>
            {product.features.map((f) => (
              <li key={f.slug}>{f.name}</li>
            ))}
          </ul>
        ) : null}
        <p>
          <Link to={`/categories/${product.canonicalCategory.path}`}>More {product.canonicalCategory.name.toLowerCase()}</Link>
        </p>
        </Suspense>
      </div>
      <RecentlyViewed items={recent} />
      {overlaysUsed ? (
        <Suspense fallback={null}>
          <ProductOverlays product={product} open={overlay} onClose={() => setOverlay(null)} />
        </Suspense>
      ) : null}
      <PageHead head={(origin) => productHead(product, origin)} {...pageHeadOptions} />
    </div>
  );
}
