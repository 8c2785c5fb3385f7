import type { ProductTile as Tile } from '@store/contracts';
import { discountPercent, formatNzd, imageUrl } from '@store/contracts';
import { Link } from 'react-router';

const OVERLAY_COLOURS: Record<string, string> = { sale: 'var(--clay)', comingSoon: '#3d5a80', newArrival: 'var(--forest)' };

export function ProductTile({ item, eager = false }: { item: Tile; eager?: boolean }) {
  return (
    <Link to={`/products/${item.path}`} css={{ textDecoration: 'none', display: 'grid', gap: 4 }} data-testid="product-tile">
      <div css={{ position: 'relative' }}>
        {item.image ? (
          <img
            src={imageUrl(item.image.src, { width: 300 })}
            srcSet={`${imageUrl(item.image.src, { width: 300 })} 300w, ${imageUrl(item.image.src, { width: 600 })} 600w`}
            sizes="(max-width: 767px) 50vw, (max-width: 1023px) 33vw, 25vw"
            width={item.image.width}
            height={item.image.height}
            alt={item.image.alt}
            loading={eager ? 'eager' : 'lazy'}
            css={{ width: '100%', height: 'auto', aspectRatio: '0.8', objectFit: 'cover', borderRadius: 8, background: '#ece6da', display: 'block' }}
          />
        ) : (
          <div aria-hidden="true" css={{ aspectRatio: '0.8', borderRadius: 8, background: '#ece6da' }} />
        )}
        <div css={{ position: 'absolute', top: 8, left: 8, display: 'flex', gap: 4, flexWrap: 'wrap' }}>
          {item.overlays.map((overlay) => (
            <span key={overlay.id} css={{ background: OVERLAY_COLOURS[overlay.type] ?? 'var(--forest)', color: '#fff', fontSize: 12, padding: '2px 8px', borderRadius: 999 }}>
              {overlay.name}
            </span>
          ))}
          {item.soldOut ? <span css={{ background: '#1d1d1b', color: '#fff', fontSize: 12, padding: '2px 8px', borderRadius: 999 }}>Sold out</span> : null}
        </div>
      </div>
      <span css={{ color: 'var(--muted)', fontSize: 13 }}>{item.brand}</span>
      <span>{item.name}</span>
      <span>
        <strong>{formatNzd(item.price)}</strong>
        {item.isDiscounted && item.erpOriginalPrice ? (
          <>
            {' '}
            <s css={{ color: 'var(--muted)' }}>{formatNzd(item.erpOriginalPrice)}</s>{' '}
            <span css={{ color: 'var(--clay)' }}>-{discountPercent(item.price, item.erpOriginalPrice)}%</span>
          </>
        ) : null}
      </span>
    </Link>
  );
}
