import type { ProductTile } from '@store/contracts';
import { discountPercent, formatNzd, imageUrl } from '@store/contracts';
import { Link } from 'react-router';

export function ProductRail({ items }: { items: ProductTile[] | null }) {
  return (
    <ul aria-busy={items === null} css={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: '1.25rem', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))' }}>
      {(items ?? Array.from({ length: 4 }, () => null)).map((item, index) =>
        item ? (
          <li key={item.id}>
            <Link to={`/products/${item.path}`} css={{ textDecoration: 'none', display: 'grid', gap: 4 }}>
              {item.image ? (
                <img
                  src={imageUrl(item.image.src, { width: 300 })}
                  srcSet={`${imageUrl(item.image.src, { width: 300 })} 300w, ${imageUrl(item.image.src, { width: 600 })} 600w`}
                  sizes="(max-width: 767px) 50vw, 25vw"
                  width={item.image.width}
                  height={item.image.height}
                  alt={item.image.alt}
                  loading="lazy"
                  css={{ width: '100%', height: 'auto', aspectRatio: '0.8', objectFit: 'cover', borderRadius: 8, background: '#ece6da' }}
                />
              ) : (
                <div aria-hidden="true" css={{ aspectRatio: '0.8', borderRadius: 8, background: '#ece6da' }} />
              )}
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
          </li>
        ) : (
          <li key={`skeleton-${index}`} aria-hidden="true" css={{ aspectRatio: '0.8', borderRadius: 8, background: '#ece6da' }} />
        ),
      )}
    </ul>
  );
}
