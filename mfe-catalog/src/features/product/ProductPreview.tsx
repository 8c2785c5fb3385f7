import type { ProductTile } from '@store/contracts';
import { PREVIEW_STATE_KEY } from '../../lib/productPreview';
import { BREADCRUMB, DETAILS_H1, PAGE_GRID } from './layout';
import { ProductPrice } from './Price';
import { MainPicture } from './MainPicture';

/** The fields the preview shows, as a tile has them (the tile's type is `ProductTile`). */
type Preview = Pick<ProductTile, 'path' | 'name' | 'brand' | 'colourName' | 'price' | 'erpOriginalPrice' | 'isDiscounted' | 'image' | 'overlays'>;

const isText = (value: unknown): value is string => typeof value === 'string';
const isCents = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

/**
 * The tile summary a navigation's history state carries for the product at `path` (null: none).
 * Only the product it names uses it, and only when it has a tile's shape: history state is the
 * page's own, but it outlives releases. (Checked by hand: zod is not part of the page's code.)
 */
export function readPreview(state: unknown, path: string): Preview | null {
  const tile = state && typeof state === 'object' ? (state as Record<string, unknown>)[PREVIEW_STATE_KEY] : null;
  if (!tile || typeof tile !== 'object') return null;
  const t = tile as Record<keyof Preview, unknown>;
  if (t.path !== path || !isText(t.name) || !isText(t.brand) || !isText(t.colourName) || !isCents(t.price) || !isCents(t.erpOriginalPrice) || typeof t.isDiscounted !== 'boolean') return null;
  const image = t.image as Record<string, unknown> | null;
  const picture = image && isText(image.src) && isText(image.alt) && isCents(image.width) && isCents(image.height) ? { src: image.src, alt: image.alt, width: image.width, height: image.height } : null;
  const overlays = Array.isArray(t.overlays) ? t.overlays.filter((o): o is Preview['overlays'][number] => !!o && isText(o.id) && isText(o.name) && isText(o.type)) : [];
  return { path, name: t.name, brand: t.brand, colourName: t.colourName, price: t.price, erpOriginalPrice: t.erpOriginalPrice, isDiscounted: t.isDiscounted, image: picture, overlays };
}

/**
 * The product page while the product loads, opened from a tile: the tile's picture (the same
 * image URL the gallery shows first, already in the browser's cache), brand, name, colour and
 * price, where the full page puts them. Marked busy; nothing to act on until the product is here.
 */
export function ProductPreview({ tile }: { tile: Preview }) {
  return (
    <div aria-busy="true" data-testid="product-preview" css={PAGE_GRID}>
      {/* the breadcrumb's place (its category is not known yet): about as long, so nothing moves */}
      <div aria-hidden="true" css={[BREADCRUMB, { visibility: 'hidden' }]}>
        Category / {tile.name}
      </div>
      <section aria-label="Gallery">
        {tile.image ? (
<MainPicture image={tile.image} overlays={tile.overlays} />
        ) : null}
      </section>
      <div>
        <p css={{ margin: 0, color: 'var(--muted)' }}>{tile.brand}</p>
        <h1 css={DETAILS_H1}>{tile.name}</h1>
        <p css={{ margin: '0 0 1rem', color: 'var(--muted)' }}>Colour: {tile.colourName}</p>
        <ProductPrice price={tile.price} originalPrice={tile.erpOriginalPrice} isDiscounted={tile.isDiscounted} />
      </div>
    </div>
  );
}
