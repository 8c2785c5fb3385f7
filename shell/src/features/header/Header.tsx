import { bus, topics } from '@store/shared-events';
import { useTopic } from '@store/shared-events/react';
import { loadExposed, warmWhenIdle } from '@store/shared-events/remote';
import { startTransition, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { badgeText, cartLabel } from './badge';
import { MainNav } from './MainNav';
import { FALLBACK_NAV, fetchNavigation, type NavItem } from './nav';
import { RegionSelector } from '../../lib/region/RegionSelector';

// The overlays are not needed for the first paint: their chunk loads on first use (or when the
// page is idle, useWarmOverlays). Not React.lazy: a lazy component suspends on its first render
// even when its chunk is already here, and React then holds the revealed content back for up to
// 300 ms (its Suspense fallback throttle): every first open of the menu, search or cart waited so.
type OverlaysModule = typeof import('./overlays');
let overlaysModule: OverlaysModule | null = null;
const loadOverlays = (): Promise<OverlaysModule> =>
  import(/* webpackChunkName: "chrome-overlays" */ './overlays').then((module) => (overlaysModule = module));

/** The overlays' module once it is needed (`wanted`) and loaded; null until then. */
function useOverlaysModule(wanted: boolean): OverlaysModule | null {
  const [module, setModule] = useState<OverlaysModule | null>(overlaysModule);
  useEffect(() => {
    if (!wanted || module) return undefined;
    let live = true;
    void loadOverlays().then(
      (loaded) => {
        if (live) setModule(loaded);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted, module]);
  return module ?? (wanted ? overlaysModule : null);
}

/**
 * The first tap on the menu, search or cart (or an Add to cart, which opens the cart) should not
 * wait for code: once the page is idle after hydration, the overlays' chunk is loaded, and once
 * the cart's service runs (its quantity is published), the cart remote's drawer fragment too.
 * Not before the cart's service: a cart remote that is down is reported by its service already.
 * Both wait for the shopper's first intent on the page (warmWhenIdle): a page nobody touches
 * does not load them.
 */
function useWarmOverlays(): void {
  useEffect(() => {
    const cancels: Array<() => void> = [];
    cancels.push(warmWhenIdle(() => void loadOverlays().catch(() => undefined)));
    let warmed = false;
    const stop = bus.subscribe(topics.cartQuantity, () => {
      if (warmed) return;
      warmed = true;
      cancels.push(warmWhenIdle(() => void loadExposed('cart_checkout', './CartDrawer').catch(() => undefined)));
    });
    return () => {
      stop();
      for (const cancel of cancels) cancel();
    };
  }, []);
}

const bar = {
  maxWidth: 1280,
  margin: '0 auto',
  padding: '0 1.25rem',
  height: 64,
  display: 'flex',
  alignItems: 'center',
  gap: '1.5rem',
  '@media (max-width: 767px)': { gap: '.75rem', padding: '0 .75rem' },
} as const;

const iconButton = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: 6,
  font: 'inherit',
  fontSize: 15,
  color: 'inherit',
  background: 'transparent',
  border: 0,
  padding: '6px 4px',
  cursor: 'pointer',
  textDecoration: 'none',
  borderRadius: 6,
} as const;

function Icon({ d }: { d: string }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round">
      <path d={d} />
    </svg>
  );
}

const ICONS = {
  search: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-4-4',
  account: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c1.5-4 4.5-6 8-6s6.5 2 8 6',
  cart: 'M6 8h12l-1 12H7L6 8zM9 8V6a3 3 0 0 1 6 0v2',
  menu: 'M4 7h16M4 12h16M4 17h16',
};

type Open = 'search' | 'cart' | 'menu' | null;

/**
 * The account link with its wishlist marker, and the cart button with its badge: each subscribes to
 * its own topic, so the counts the browser knows only after hydration re-render these two small
 * components, not the header and its navigation.
 */
function AccountLink() {
  const wishlist = useTopic(topics.wishlistQuantity);
  return (
    <Link to="/account" css={{ ...iconButton, position: 'relative' }} aria-label={wishlist && wishlist.quantity > 0 ? 'Account, you have wishlist items' : 'Account'}>
      <Icon d={ICONS.account} />
      {wishlist && wishlist.quantity > 0 ? (
        <span data-testid="wishlist-marker" aria-hidden="true" css={{ position: 'absolute', top: 2, right: 0, width: 9, height: 9, borderRadius: 5, background: 'var(--clay)', border: '2px solid var(--paper)' }} />
      ) : null}
    </Link>
  );
}

function CartButton({ expanded, onOpen }: { expanded: boolean; onOpen: () => void }) {
  const badge = badgeText(useTopic(topics.cartQuantity));
  return (
    <button type="button" aria-label={cartLabel(badge)} aria-haspopup="dialog" aria-expanded={expanded} aria-controls={expanded ? 'cart-overlay' : undefined} onClick={onOpen} css={iconButton}>
      <Icon d={ICONS.cart} />
      {badge ? (
        <span data-testid="cart-badge" css={{ minWidth: 22, height: 22, borderRadius: 11, background: 'var(--forest)', color: '#fff', fontSize: 12, display: 'inline-flex', alignItems: 'center', justifyContent: 'center', padding: '0 6px' }}>
          {badge}
        </span>
      ) : null}
    </button>
  );
}

/** `initialNav`: the navigation the edge loaded with the page (server render and hydration); fetched otherwise. */
export function Header({ initialNav }: { initialNav?: NavItem[] } = {}) {
  const [items, setItems] = useState<NavItem[]>(initialNav ?? FALLBACK_NAV);
  const [open, setOpen] = useState<Open>(null);
  const [used, setUsed] = useState<Record<Exclude<Open, null>, boolean>>({ search: false, cart: false, menu: false });
  const barRef = useRef<HTMLDivElement>(null);
  /** The bar's bottom edge when search opened: the search overlay starts below it (the search button stays usable). */
  const [searchTop, setSearchTop] = useState(0);

  useEffect(() => {
    if (initialNav) return undefined;
    let live = true;
    void fetchNavigation().then((loaded) => {
      if (live) setItems(loaded);
    });
    return () => {
      live = false;
    };
  }, [initialNav]);

  // Opening an overlay renders it as a transition: the tap's frame is painted at once (the
  // button's pressed state), and the overlay, rendered in slices, shows a frame or two later.
  const show = useCallback((which: Exclude<Open, null>) => {
    startTransition(() => {
      setUsed((current) => (current[which] ? current : { ...current, [which]: true }));
      setOpen(which);
    });
  }, []);
  const close = useCallback(() => setOpen(null), []);

  // any remote can open the cart overlay (after an add to cart, say)
  useEffect(() => bus.subscribe(topics.cartOverlayOpen, () => show('cart')), [show]);
  useWarmOverlays();
  const overlays = useOverlaysModule(used.search || used.cart || used.menu);

  return (
    <div css={bar} ref={barRef}>
      <button
        type="button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open === 'menu'}
        aria-controls={open === 'menu' ? 'mobile-menu' : undefined}
        onClick={() => show('menu')}
        css={{ ...iconButton, '@media (min-width: 1024px)': { display: 'none' } }}
      >
        <Icon d={ICONS.menu} />
      </button>
      <Link to="/" aria-label="Fernleaf home" css={{ textDecoration: 'none', display: 'flex', alignItems: 'baseline', gap: 6 }}>
        <span css={{ fontFamily: 'Georgia, serif', fontSize: 28, letterSpacing: '.02em', color: 'var(--forest)' }}>Fernleaf</span>
      </Link>
      {/* the navigation (with its dropdowns) hydrates as a task of its own */}
      <Suspense fallback={null}>
        <MainNav items={items} />
      </Suspense>
      <div css={{ marginLeft: 'auto', display: 'flex', gap: '.75rem', alignItems: 'center', fontSize: 15, '@media (max-width: 767px)': { gap: '.25rem' } }}>
        <button
          type="button"
          aria-label="Search"
          aria-expanded={open === 'search'}
          aria-controls={open === 'search' ? 'search-overlay' : undefined}
          onClick={() => {
            if (open === 'search') {
              close();
              return;
            }
            setSearchTop(barRef.current?.getBoundingClientRect().bottom ?? 0);
            show('search');
          }}
          css={iconButton}
        >
          <Icon d={ICONS.search} />
        </button>
        <AccountLink />
        <CartButton expanded={open === 'cart'} onOpen={() => show('cart')} />
        <span css={{ '@media (max-width: 767px)': { display: 'none' } }}>
          <RegionSelector />
        </span>
      </div>
      {overlays && used.search ? <overlays.SearchOverlay open={open === 'search'} onClose={close} top={searchTop} /> : null}
      {overlays && used.cart ? <overlays.CartOverlay open={open === 'cart'} onClose={close} /> : null}
      {overlays && used.menu ? <overlays.MobileMenu open={open === 'menu'} onClose={close} items={items} /> : null}
    </div>
  );
}
