import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { readGuestCart, type GuestCart } from './storage';

export function CartPage() {
  const [cart] = useState<GuestCart>(() => readGuestCart());
  useEffect(() => {
    document.title = 'Your cart | Fernleaf';
  }, []);
  const count = cart.items.reduce((sum, item) => sum + item.qty, 0);
  return (
    <div css={{ maxWidth: 960, margin: '0 auto', padding: '2.5rem 1.25rem' }}>
      <h1 css={{ fontFamily: 'Georgia, "Times New Roman", serif', fontWeight: 400, fontSize: 36, margin: '0 0 1.5rem' }}>Your cart</h1>
      {count === 0 ? (
        <div css={{ background: '#fff', border: '1px solid var(--line)', borderRadius: 12, padding: '2.5rem', textAlign: 'center' }}>
          <p css={{ fontSize: 18, margin: '0 0 1.5rem' }}>Your cart is empty. Find something you love and it will wait for you here.</p>
          <Link to="/categories/new-arrivals" css={{ display: 'inline-block', background: 'var(--forest)', color: '#fff', padding: '.8rem 1.6rem', borderRadius: 999, textDecoration: 'none' }}>
            Shop new arrivals
          </Link>
        </div>
      ) : (
        <p>
          You have {count} {count === 1 ? 'item' : 'items'} in your cart.
        </p>
      )}
    </div>
  );
}
