import type { Product } from '@store/contracts';
import { discountPercent, formatNzd, imageUrl } from '@store/contracts';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { fetchProduct, NotFoundError } from '../../api/client';
import { NotFound } from '../../App';

type State = { path: string; product: Product | null; status: 'loading' | 'ready' | 'error' | 'not-found' };

export function ProductPage() {
  const { pathname } = useLocation();
  const path = pathname.replace(/^\/products\/?/, '').replace(/\/+$/, '');
  const [state, setState] = useState<State>({ path, product: null, status: 'loading' });
  const [selected, setSelected] = useState({ path, index: 0 });
  const imageIndex = selected.path === path ? selected.index : 0;
  const setImageIndex = (index: number) => setSelected({ path, index });

  useEffect(() => {
    const controller = new AbortController();
    fetchProduct(path, controller.signal)
      .then((product) => setState({ path, product, status: 'ready' }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ path, product: null, status: error instanceof NotFoundError ? 'not-found' : 'error' });
      });
    return () => controller.abort();
  }, [path]);

  const view = state.path === path ? state : { path, product: null, status: 'loading' as const };
  const product = view.product;
  useEffect(() => {
    if (product) document.title = `${product.pageTitle || product.name} | Fernleaf`;
  }, [product]);

  if (view.status === 'not-found') return <NotFound />;
  if (view.status === 'error') return <p role="alert" css={{ maxWidth: 1280, margin: '2rem auto', padding: '0 1.25rem' }}>We couldn't load this product just now. Please refresh the page to try again.</p>;
  if (!product) return <div aria-busy="true" css={{ minHeight: '70vh' }} />;

  const images = product.productGallery.filter((image) => image.type === 'IMAGE');
  const current = images[imageIndex] ?? images[0];
  return (
    <div css={{ maxWidth: 1280, margin: '0 auto', padding: '2rem 1.25rem', display: 'grid', gap: '2.5rem', gridTemplateColumns: 'minmax(0, 1.2fr) minmax(0, 1fr)', '@media (max-width: 767px)': { gridTemplateColumns: '1fr' } }}>
      <div>
        {current ? (
          <img
            src={imageUrl(current.src, { width: 600 })}
            srcSet={[300, 600, 1200].map((w) => `${imageUrl(current.src, { width: w })} ${w}w`).join(', ')}
            sizes="(max-width: 767px) 100vw, 55vw"
            width={1200}
            height={1500}
            alt={current.alt ?? product.name}
            css={{ width: '100%', height: 'auto', aspectRatio: '0.8', objectFit: 'cover', borderRadius: 12, background: '#ece6da' }}
          />
        ) : null}
        {images.length > 1 ? (
          <ul css={{ listStyle: 'none', padding: 0, margin: '1rem 0 0', display: 'flex', gap: 8 }}>
            {images.map((image, index) => (
              <li key={image.src}>
                <button type="button" onClick={() => setImageIndex(index)} aria-label={`Show image ${index + 1} of ${images.length}`} aria-pressed={index === imageIndex} css={{ padding: 0, border: index === imageIndex ? '2px solid var(--forest)' : '2px solid transparent', borderRadius: 8, background: 'none', cursor: 'pointer' }}>
                  <img src={imageUrl(image.src, { width: 100 })} width={80} height={100} alt="" css={{ display: 'block', borderRadius: 6 }} />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div>
        <p css={{ margin: 0, color: 'var(--muted)' }}>{product.brand.name}</p>
        <h1 css={{ fontFamily: 'Georgia, "Times New Roman", serif', fontWeight: 400, fontSize: 34, margin: '.25rem 0 1rem' }}>{product.name}</h1>
        <p css={{ fontSize: 22, margin: '0 0 1.5rem' }}>
          <strong>{formatNzd(product.price)}</strong>
          {product.isDiscounted && product.erpOriginalPrice ? (
            <>
              {' '}
              <s css={{ color: 'var(--muted)', fontSize: 18 }}>{formatNzd(product.erpOriginalPrice)}</s>{' '}
              <span css={{ color: 'var(--clay)', fontSize: 18 }}>Save {discountPercent(product.price, product.erpOriginalPrice)}%</span>
            </>
          ) : null}
          <span css={{ display: 'block', fontSize: 14, color: 'var(--muted)' }}>Price includes GST</span>
        </p>
        {product.state === 'coming' ? <p css={{ fontWeight: 600 }}>Coming soon</p> : product.soldOut ? <p css={{ fontWeight: 600 }}>Sold out</p> : null}
        <h2 css={{ fontSize: 16, margin: '1.5rem 0 .5rem' }}>{product.variants.length > 1 ? 'Sizes' : 'Availability'}</h2>
        <ul css={{ listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexWrap: 'wrap', gap: 8 }}>
          {product.variants.map((variant) => (
            <li key={variant.id} css={{ border: '1px solid var(--line)', borderRadius: 8, padding: '.5rem .9rem', background: '#fff', color: variant.qty > 0 ? 'inherit' : 'var(--muted)' }}>
              {variant.label} · {variant.qty > 0 ? (variant.qty <= 3 ? `only ${variant.qty} left` : 'in stock') : 'sold out'}
            </li>
          ))}
        </ul>
        <p css={{ marginTop: '1.5rem', lineHeight: 1.7 }}>{product.description}</p>
        {product.colourName ? <p>Colour: {product.colourName}</p> : null}
        <p>
          <Link to={`/categories/${product.canonicalCategory.path}`}>More {product.canonicalCategory.name.toLowerCase()}</Link>
        </p>
      </div>
    </div>
  );
}
