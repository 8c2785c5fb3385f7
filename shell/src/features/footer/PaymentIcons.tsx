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
  font: '700 10px/1 Arial, Helvetica, sans-serif',
  overflow: 'hidden',
  // the marks are pictures of the brand's name: the name is the card's aria-label
  WebkitUserSelect: 'none',
  userSelect: 'none',
});

const looks = {
  amex: css({ background: '#1f72cd', color: '#fff' }),
  afterpay: css({ background: '#b2fce4', color: '#000', fontSize: 8 }),
  mastercard: css({
    background: 'radial-gradient(circle at 18.5px 15px, #eb001b 7.5px, transparent 8px), radial-gradient(circle at 27.5px 15px, rgba(247, 158, 27, 0.9) 7.5px, transparent 8px), #fff',
  }),
  visa: css({ background: '#fff', color: '#1a1f71', fontSize: 13, fontStyle: 'italic' }),
  paypal: css({ background: '#fff', color: '#003087', fontStyle: 'italic' }),
  applePay: css({ background: '#000', color: '#fff', fontSize: 9 }),
};

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
          afterpay
        </span>
      </li>
      <li>
        <span role="img" aria-label="Mastercard" css={[card, looks.mastercard]} />
      </li>
      <li>
        <span role="img" aria-label="Visa" css={[card, looks.visa]}>
          VISA
        </span>
      </li>
      <li>
        <span role="img" aria-label="PayPal" css={[card, looks.paypal]}>
          Pay<span css={paypalSecond}>Pal</span>
        </span>
      </li>
      <li>
        <span role="img" aria-label="Apple Pay" css={[card, looks.applePay]}>
          Apple Pay
        </span>
      </li>
    </ul>
  );
}
