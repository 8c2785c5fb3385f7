/**
 * The header's overlays, in their own chunk (loaded when first opened): search (the catalog
 * remote's SearchOverlay fragment), cart (the cart remote's CartDrawer fragment) and the mobile
 * navigation.
 */
import { RemoteFragment } from '@store/shared-events/remote';
import { Overlay } from '@store/ui/overlay';
import { useEffect, useId, useState } from 'react';
import { SmartLink } from '@store/ui/link';
import { LINK_RULES, SEARCH_PARAM, SEARCH_PATH } from '../../lib/config/site';
import type { NavItem } from './nav';
import { RegionSelector } from '../../lib/region/RegionSelector';
import { Button, buttonLook } from '@store/ui/button';
import { VisuallyHidden } from '@store/ui/visually-hidden';

export const SEARCH_OVERLAY_ID = 'search-overlay';
export const CART_OVERLAY_ID = 'cart-overlay';
export const MOBILE_MENU_ID = 'mobile-menu';
export const DESKTOP_QUERY = '(min-width: 1024px)';

interface OverlayControl {
  open: boolean;
  onClose: () => void;
}

/** Shown when the catalog's search fragment cannot load: a plain form to the search page. */
export function SearchFallback({ onClose }: { onClose: () => void }) {
  const id = useId();
  return (
    <form action={SEARCH_PATH} method="get" role="search" onSubmit={() => onClose()} css={{ display: 'flex', gap: '.5rem', maxWidth: 720, margin: '0 auto' }}>
      <VisuallyHidden as="label" htmlFor={id}>
        Search the store
      </VisuallyHidden>
      <input
        id={id}
        name={SEARCH_PARAM}
        type="search"
        required
        placeholder="Search backpacks, luggage, wallets…"
        autoComplete="off"
        css={{ flex: 1, font: 'inherit', padding: '.7rem 1rem', border: '1px solid var(--ink)', borderRadius: 999, background: '#fff', color: 'var(--ink)' }}
      />
      <Button type="submit" css={{ fontWeight: 'inherit', padding: '.7rem 1.4rem' }}>
        Search
      </Button>
    </form>
  );
}

/** `top`: the header's bottom edge (px) when the overlay opened: the overlay starts below it, so the header's search button stays visible and closes it. */
export function SearchOverlay({ open, onClose, top = 0 }: OverlayControl & { top?: number }) {
  return (
    <Overlay id={SEARCH_OVERLAY_ID} open={open} onClose={onClose} title="Search" position="top" width="full" top={`${Math.max(0, Math.round(top))}px`} initialFocus='input[type="search"], input'>
      <RemoteFragment remote="catalog" module="./SearchOverlay" props={{ onClose }} fallback={<SearchFallback onClose={onClose} />} loading={<SearchFallback onClose={onClose} />} />
    </Overlay>
  );
}

export function CartOverlay({ open, onClose }: OverlayControl) {
  return (
    <Overlay id={CART_OVERLAY_ID} open={open} onClose={onClose} title="Your cart" cartOverlay position="right" width="md">
      <RemoteFragment
        remote="cart_checkout"
        module="./CartDrawer"
        props={{ onClose }}
        loading={<p css={{ color: 'var(--muted)' }}>Loading your cart…</p>}
        fallback={
          <div>
            <p>We couldn&apos;t show your cart here just now.</p>
            <SmartLink rules={LINK_RULES} href="/cart" onClick={onClose} css={[buttonLook('primary'), { fontWeight: 'inherit', marginTop: '.5rem', padding: '.6rem 1.2rem' }]}>
              Go to your cart
            </SmartLink>
          </div>
        }
      />
    </Overlay>
  );
}

/** Mobile navigation: closes itself once the screen is 1024 px or wider. */
export function MobileMenu({ open, onClose, items }: OverlayControl & { items: NavItem[] }) {
  useEffect(() => {
    if (!open || typeof window.matchMedia !== 'function') return undefined;
    const query = window.matchMedia(DESKTOP_QUERY);
    if (query.matches) onClose();
    const onChange = (event: MediaQueryListEvent) => {
      if (event.matches) onClose();
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [open, onClose]);
  const [expanded, setExpanded] = useState<string | null>(null);

  return (
    <Overlay id={MOBILE_MENU_ID} open={open} onClose={onClose} title="Menu" position="left" width="sm">
      <nav aria-label="Mobile">
        <ul css={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((item) => {
            const key = item.link.href + item.link.label;
            const isOpen = expanded === key;
            const panelId = `mobile-nav-${key.replace(/\W+/g, '-')}`;
            return (
              <li key={key} css={{ borderBottom: '1px solid var(--line)' }}>
                {item.children.length === 0 ? (
                  <SmartLink rules={LINK_RULES} href={item.link.href} onClick={onClose} css={{ display: 'block', padding: '.8rem 0', textDecoration: 'none', fontSize: 17 }}>
                    {item.link.label}
                  </SmartLink>
                ) : (
                  <>
                    <button
                      type="button"
                      aria-expanded={isOpen}
                      aria-controls={panelId}
                      onClick={() => setExpanded(isOpen ? null : key)}
                      css={{ width: '100%', display: 'flex', justifyContent: 'space-between', alignItems: 'center', font: 'inherit', fontSize: 17, padding: '.8rem 0', border: 0, background: 'none', color: 'var(--ink)', cursor: 'pointer', textAlign: 'left' }}
                    >
                      {item.link.label}
                      <span aria-hidden="true">{isOpen ? '−' : '+'}</span>
                    </button>
                    <div id={panelId} hidden={!isOpen} css={{ paddingBottom: '.75rem' }}>
                      <SmartLink rules={LINK_RULES} href={item.link.href} onClick={onClose} css={{ display: 'block', padding: '.4rem 0', fontWeight: 600 }}>
                        Shop all {item.link.label.toLowerCase()}
                      </SmartLink>
                      {item.children
                        .filter((child) => child.location === 'left')
                        .map((child) => (
                          <div key={child.link.href + child.link.label} css={{ marginTop: '.5rem' }}>
                            <p css={{ margin: '0 0 .25rem', fontSize: 13, textTransform: 'uppercase', letterSpacing: '.08em', color: 'var(--muted)' }}>{child.link.label}</p>
                            <ul css={{ listStyle: 'none', margin: 0, padding: 0 }}>
                              {child.children.map((leaf) => (
                                <li key={leaf.link.href + leaf.link.label}>
                                  <SmartLink rules={LINK_RULES} href={leaf.link.href} onClick={onClose} css={{ display: 'block', padding: '.35rem 0', textDecoration: 'none' }}>
                                    {leaf.link.label}
                                  </SmartLink>
                                </li>
                              ))}
                            </ul>
                          </div>
                        ))}
                    </div>
                  </>
                )}
              </li>
            );
          })}
          <li css={{ padding: '.8rem 0', borderBottom: '1px solid var(--line)' }}>
            <SmartLink rules={LINK_RULES} href="/account" onClick={onClose} css={{ textDecoration: 'none', fontSize: 17 }}>
              Account
            </SmartLink>
          </li>
        </ul>
        <div css={{ marginTop: '1.25rem' }}>
          <RegionSelector />
        </div>
      </nav>
    </Overlay>
  );
}
