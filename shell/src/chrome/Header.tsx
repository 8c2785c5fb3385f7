import { useTopic } from '@store/shared-events/react';
import { topics } from '@store/shared-events';
import { Link, NavLink } from 'react-router';
import { MAIN_NAV } from './nav';
import { badgeText } from './badge';
import { RegionSelector } from './RegionSelector';

const bar = {
  maxWidth: 1280,
  margin: '0 auto',
  padding: '0 1.25rem',
  height: 64,
  display: 'flex',
  alignItems: 'center',
  gap: '1.5rem',
} as const;

export function Header() {
  const cart = useTopic(topics.cartQuantity);
  const wishlist = useTopic(topics.wishlistQuantity);
  const badge = badgeText(cart);
  return (
    <div css={bar}>
      <Link to="/" aria-label="Fernleaf home" css={{ textDecoration: 'none', display: 'flex', alignItems: 'baseline', gap: 6 }}>
        <span css={{ fontFamily: 'Georgia, "Times New Roman", serif', fontSize: 26, letterSpacing: '.02em', color: 'var(--forest)' }}>Fernleaf</span>
      </Link>
      <nav aria-label="Main" css={{ flex: 1, '@media (max-width: 1023px)': { display: 'none' } }}>
        <ul css={{ listStyle: 'none', display: 'flex', gap: '1.25rem', margin: 0, padding: 0 }}>
          {MAIN_NAV.map((item) => (
            <li key={item.href}>
              <NavLink
                to={item.href}
                css={{ textDecoration: 'none', fontSize: 15, padding: '4px 0', borderBottom: '2px solid transparent', '&.active': { borderColor: 'var(--clay)' }, '&:hover': { borderColor: 'var(--line)' } }}
              >
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div css={{ marginLeft: 'auto', display: 'flex', gap: '1rem', alignItems: 'center', fontSize: 15 }}>
        <Link to="/search" css={{ textDecoration: 'none' }}>Search</Link>
        <Link to="/account" css={{ textDecoration: 'none', position: 'relative' }}>
          Account
          {wishlist && wishlist.quantity > 0 ? <span aria-label="You have wishlist items" css={{ marginLeft: 4, color: 'var(--clay)' }}>♥</span> : null}
        </Link>
        <Link to="/cart" css={{ textDecoration: 'none', display: 'inline-flex', alignItems: 'center', gap: 6 }} aria-label={badge ? `Cart, ${badge} items` : 'Cart'}>
          Cart
          {badge ? (
            <span data-testid="cart-badge" css={{ minWidth: 22, height: 22, borderRadius: 11, background: 'var(--forest)', color: '#fff', fontSize: 12, display: 'inline-flex', alignItems: 'center', justifyContent: 'center', padding: '0 6px' }}>
              {badge}
            </span>
          ) : null}
        </Link>
        <RegionSelector />
      </div>
    </div>
  );
}
