import { discountPercent } from '@store/contracts';
import { useMoney } from '@store/ui/market';
import { VisuallyHidden } from '@store/ui/visually-hidden';
import { PRICE } from './layout';

/** A product's GST-inclusive price, with the original price and the saving when it is discounted. */
export function ProductPrice({ price, originalPrice, isDiscounted }: { price: number; originalPrice: number; isDiscounted: boolean }) {
  const money = useMoney();
  const percent = isDiscounted ? discountPercent(price, originalPrice) : 0;
  return (
    <p css={PRICE} data-testid="pdp-price">
      <strong>{money(price)}</strong>
      {percent > 0 ? (
        <>
          {' '}
          <VisuallyHidden>was</VisuallyHidden> <s css={{ color: 'var(--muted)', fontSize: 18 }}>{money(originalPrice)}</s>{' '}
          <span css={{ color: '#9c3d1f', fontSize: 18 }} data-testid="pdp-discount">
            Save {percent}%
          </span>
        </>
      ) : null}
      <span css={{ display: 'block', fontSize: 14, color: 'var(--muted)' }}>Price includes GST</span>
    </p>
  );
}
