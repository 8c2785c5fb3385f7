/** Accepted payment methods (spec §2 footer), drawn as small inline SVG cards by the project. */

const CARD = { width: 46, height: 30 } as const;

function Card({ label, background, children }: { label: string; background: string; children: React.ReactNode }) {
  return (
    <svg role="img" aria-label={label} viewBox="0 0 46 30" width={CARD.width} height={CARD.height} css={{ display: 'block', borderRadius: 4 }}>
      <rect width="46" height="30" rx="4" fill={background} />
      {children}
    </svg>
  );
}

const text = { fontFamily: 'Arial, Helvetica, sans-serif', fontWeight: 700 } as const;

export const PAYMENT_METHODS = ['Amex', 'Afterpay', 'Mastercard', 'Visa', 'PayPal', 'Apple Pay'] as const;

export function PaymentIcons() {
  return (
    <ul aria-label="Accepted payment methods" css={{ listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 6, margin: 0, padding: 0 }}>
      <li>
        <Card label="American Express" background="#1f72cd">
          <text x="23" y="19" textAnchor="middle" fontSize="10" fill="#fff" style={text}>AMEX</text>
        </Card>
      </li>
      <li>
        <Card label="Afterpay" background="#b2fce4">
          <text x="23" y="18.5" textAnchor="middle" fontSize="7.5" fill="#000" style={text}>afterpay</text>
        </Card>
      </li>
      <li>
        <Card label="Mastercard" background="#fff">
          <circle cx="18.5" cy="15" r="8" fill="#eb001b" />
          <circle cx="27.5" cy="15" r="8" fill="#f79e1b" fillOpacity="0.9" />
        </Card>
      </li>
      <li>
        <Card label="Visa" background="#fff">
          <text x="23" y="20" textAnchor="middle" fontSize="13" fontStyle="italic" fill="#1a1f71" style={text}>VISA</text>
        </Card>
      </li>
      <li>
        <Card label="PayPal" background="#fff">
          <text x="23" y="19" textAnchor="middle" fontSize="9.5" fontStyle="italic" style={text}>
            <tspan fill="#003087">Pay</tspan>
            <tspan fill="#009cde">Pal</tspan>
          </text>
        </Card>
      </li>
      <li>
        <Card label="Apple Pay" background="#000">
          <path d="M12.6 10.2c.5-.6.8-1.4.7-2.2-.7 0-1.6.5-2.1 1.1-.5.5-.9 1.4-.8 2.2.8.1 1.6-.4 2.2-1.1zm.7 1.1c-1.2-.1-2.2.7-2.8.7-.6 0-1.4-.6-2.4-.6-1.2 0-2.3.7-3 1.8-1.3 2.2-.3 5.5.9 7.3.6.9 1.3 1.8 2.3 1.8.9 0 1.3-.6 2.4-.6s1.4.6 2.4.6 1.6-.9 2.2-1.8c.7-1 1-2 1-2.1 0 0-1.9-.7-1.9-2.9 0-1.8 1.5-2.7 1.6-2.8-.9-1.3-2.2-1.4-2.7-1.4z" fill="#fff" />
          <text x="30" y="19.5" textAnchor="middle" fontSize="9" fill="#fff" style={text}>Pay</text>
        </Card>
      </li>
    </ul>
  );
}
