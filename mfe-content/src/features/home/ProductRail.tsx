import type { ProductTile } from '@store/contracts';
import { discountPercent, PRODUCT_IMAGE_ASPECT_RATIO } from '@store/contracts';
import { Image } from '@store/ui/image';
import { Link } from 'react-router';
import { useMoney } from '@store/ui/market';

export function ProductRail({ items }: { items: ProductTile[] | null }) {
  const money = useMoney();
  return (
    <ul aria-busy={items === null} css={{
        listStyle: 'none',
        padding: 0,
        margin: 0,
        display: 'grid',
        // two products a row on a phone (320 px and up), as many 180 px columns as fit from 600 px
        gap: '1.25rem .75rem',
        gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
        overflowWrap: 'anywhere',
        '@media (min-width: 600px)': { gap: '1.25rem', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))' },
      }}>
      {(items ?? Array.from({ length: 4 }, () => null)).map((item, index) =>
        item ? (
          <li key={item.id}>
            <Link to={`/products/${item.path}`} css={{ textDecoration: 'none', display: 'grid', gap: 4 }}>
              {item.image ? (
                <Image
                  src={item.image.src}
                  alt={item.image.alt}
                  width={item.image.width}
                  height={item.image.height}
                  aspectRatio={PRODUCT_IMAGE_ASPECT_RATIO}
                  sizes="(max-width: 767px) 50vw, 25vw"
                  css={{ borderRadius: 8 }}
                />
              ) : (
                <div aria-hidden="true" css={{ aspectRatio: '0.8', borderRadius: 8, background: '#ece6da' }} />
              )}
              <span css={{ color: 'var(--muted)', fontSize: 13 }}>{item.brand}</span>
              <span>{item.name}</span>
              <span>
                <strong>{money(item.price)}</strong>
                {item.isDiscounted && item.erpOriginalPrice ? (
                  <>
                    {' '}
                    <s css={{ color: 'var(--muted)' }}>{money(item.erpOriginalPrice)}</s>{' '}
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
