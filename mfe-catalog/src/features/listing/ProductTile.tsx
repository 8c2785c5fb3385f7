import type { ProductTile as Tile } from '@store/contracts';
import { discountPercent, PRODUCT_IMAGE_ASPECT_RATIO } from '@store/contracts';
import { Image } from '@store/ui/image';
import { css } from '@emotion/react';
import { memo } from 'react';
import { Link } from 'react-router';
import { useMoney } from '@store/ui/market';
import { VisuallyHidden } from '@store/ui/visually-hidden';
import { prefetchOnIntent } from '@store/ui/link';

const OVERLAY_COLOURS: Record<string, string> = { sale: 'var(--clay)', comingSoon: '#3d5a80', newArrival: 'var(--forest)' };
const badge = { color: '#fff', fontSize: 12, padding: '2px 8px', borderRadius: 999 } as const;

// serialised once (a list renders 48 tiles): the same rules as inline objects, without serialising
// and hashing them again for every tile
const styles = {
  link: css({ textDecoration: 'none', color: 'inherit', display: 'grid', gap: 4 }),
  media: css({ position: 'relative', borderRadius: 8, overflow: 'hidden' }),
  noImage: css({ aspectRatio: '0.8', background: '#ece6da' }),
  badges: css({ position: 'absolute', top: 8, left: 8, display: 'flex', gap: 4, flexWrap: 'wrap' }),
  soldOut: css({ background: '#1d1d1b', ...badge }),
  muted: css({ color: 'var(--muted)', fontSize: 13 }),
  was: css({ color: 'var(--muted)' }),
  discount: css({ color: '#9c3d1f' }),
};
const overlayStyles = new Map(Object.entries(OVERLAY_COLOURS).map(([type, colour]) => [type, css({ background: colour, ...badge })]));
const overlayStyle = (type: string) => overlayStyles.get(type) ?? css({ background: 'var(--forest)', ...badge });

/**
 * A product in a list: image (0.8), name, brand, GST-inclusive price, discount, overlays, sold out.
 * The product page's code and data are fetched on the shopper's intent (pointer down, hover, focus).
 * Memoised: a tile renders again only when its product changes, not when the list's page state
 * does (opening the filter drawer, a loading flag), so a tap there does not re-render 48 tiles.
 */
export const ProductTile = memo(function ProductTile({ item, eager = false, position }: { item: Tile; eager?: boolean; position?: number }) {
  const money = useMoney();
  const percent = item.isDiscounted ? discountPercent(item.price, item.erpOriginalPrice) : 0;
  const to = `/products/${item.path}`;
  return (
    <Link
      to={to}
      // the product page's code and data start on the tap's first moment, not after it
      {...prefetchOnIntent(to)}
      css={styles.link}
      data-testid="product-tile"
      data-product-id={item.id}
      data-position={position}
    >
      <div css={styles.media}>
        {item.image ? (
          <Image
            src={item.image.src}
            alt={item.image.alt}
            width={item.image.width}
            height={item.image.height}
            aspectRatio={PRODUCT_IMAGE_ASPECT_RATIO}
            sizes="(max-width: 767px) 50vw, (max-width: 1023px) 33vw, 300px"
            priority={eager}
          />
        ) : (
          <div aria-hidden="true" css={styles.noImage} />
        )}
        <div css={styles.badges}>
          {item.overlays.map((overlay) => (
            <span key={overlay.id} data-overlay={overlay.type} css={overlayStyle(overlay.type)}>
              {overlay.name}
            </span>
          ))}
          {item.soldOut ? <span css={styles.soldOut}>Sold out</span> : null}
        </div>
      </div>
      <span css={styles.muted}>{item.brand}</span>
      <span data-testid="tile-name">{item.name}</span>
      <span css={styles.muted} data-testid="tile-colour">
        {item.colourName}
      </span>
      <span data-testid="tile-price">
        <strong>{money(item.price)}</strong>
        {percent > 0 ? (
          <>
            {' '}
            <VisuallyHidden>was</VisuallyHidden>{' '}
            <s css={styles.was}>{money(item.erpOriginalPrice)}</s>{' '}
            <span css={styles.discount} data-testid="tile-discount">
              -{percent}%
            </span>
          </>
        ) : null}
      </span>
    </Link>
  );
});
