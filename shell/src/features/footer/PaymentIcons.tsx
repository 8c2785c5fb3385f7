/**
 * Accepted payment methods (the footer's "We accept"), drawn as small cards in HTML and CSS: one
 * class per card look, so every page's HTML carries a few bytes per card (the footer is in the
 * page's first round trip) instead of an SVG drawing each.
 */
import { css } from '@emotion/react';

const card = css({
  boxSizing: 'border-box',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 46,
  height: 30,
  borderRadius: 4,
  // one font for every card (the page's family, bold, 10 px): each further family, size or slant
  // is one more font lookup before the page's first layout; longer names are scaled to fit instead
  fontWeight: 700,
  fontSize: 10,
  lineHeight: 1,
  overflow: 'hidden',
  // the marks are pictures of the brand's name: the name is the card's aria-label
  WebkitUserSelect: 'none',
  userSelect: 'none',
});

const looks = {
  amex: css({ background: '#1f72cd', color: '#fff' }),
  afterpay: css({ background: '#b2fce4', color: '#000' }),
  mastercard: css({
    background: 'radial-gradient(circle at 18.5px 15px, #eb001b 7.5px, transparent 8px), radial-gradient(circle at 27.5px 15px, rgba(247, 158, 27, 0.9) 7.5px, transparent 8px), #fff',
  }),
  visa: css({ background: '#fff', color: '#1a1f71' }),
  paypal: css({ background: '#fff', color: '#003087' }),
  applePay: css({ background: '#000', color: '#fff' }),
};

// a name drawn larger, smaller or slanted: the same font, transformed
const mark = (transform: string) => css({ display: 'inline-block', transform, whiteSpace: 'nowrap' });
const narrow = mark('scale(.8)');
const slanted = mark('skewX(-10deg)');
const bigSlanted = mark('scale(1.3) skewX(-10deg)');

// PayPal's darker blue: the lighter one (#009cde) is under 4.5:1 on white
const paypalSecond = css({ color: '#0070ba' });

export const PAYMENT_METHODS = ['Amex', 'Afterpay', 'Mastercard', 'Visa', 'PayPal', 'Apple Pay'] as const;

export function PaymentIcons() {
  return (
    <ul aria-label="Accepted payment methods" css={{ listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 6, margin: 0, padding: 0 }}>
      <li>
        <span role="img" aria-label="American Express" css={[card, looks.amex]}>
          AMEX
        </span>
      </li>
      <li>
        <span role="img" aria-label="Afterpay" css={[card, looks.afterpay]}>
          <span css={narrow}>afterpay</span>
        </span>
      </li>
      <li>
        <span role="img" aria-label="Mastercard" css={[card, looks.mastercard]} />
      </li>
      <li>
        <span role="img" aria-label="Visa" css={[card, looks.visa]}>
          <span css={bigSlanted}>VISA</span>
        </span>
      </li>
      <li>
        <span role="img" aria-label="PayPal" css={[card, looks.paypal]}>
          <span css={slanted}>
            Pay<span css={paypalSecond}>Pal</span>
          </span>
        </span>
      </li>
      <li>
        <span role="img" aria-label="Apple Pay" css={[card, looks.applePay]}>
          <span css={narrow}>Apple Pay</span>
        </span>
      </li>
    </ul>
  );
}
