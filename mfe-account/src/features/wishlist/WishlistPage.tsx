import { createObjectsClient, PRODUCT_IMAGE_ASPECT_RATIO, type Product } from '@store/contracts';
import { bus, session, topics, type WishlistItem } from '@store/shared-events';
import { Image } from '@store/ui/image';
import { useLoad } from '@store/ui/load';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Notice } from '../../lib/ui';
import { useSyncedState } from '../../lib/session';
import { useMoney } from '@store/ui/market';
import { Button } from '@store/ui/button';

const objects = createObjectsClient({ indexPrefix: 'nz', delayMs: 20 });

export const CART_UNREACHABLE_MESSAGE = "We couldn't reach your cart just now. Please try again.";
/** How long an add waits for the cart's answer (including the cart service starting). */
export const CART_ADD_TIMEOUT_MS = 8000;

/**
 * Resolves once the cart service listens for cart.add. It starts after the page has loaded and
 * publishes cart.quantity (a state topic, replayed to late subscribers) in the same synchronous
 * start-up as it subscribes to cart.add: a cart.quantity seen means a cart.add will be heard.
 * cart.add is an event topic: published before that, it would be lost (as the product page does).
 */
export function cartListening(): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const unsubscribe = bus.subscribe(topics.cartQuantity, () => {
      if (done) return;
      done = true;
      // after the service's start-up has finished (and after this subscribe call has returned)
      void Promise.resolve().then(() => {
        unsubscribe();
        resolve();
      });
    });
  });
}

type Row = { item: WishlistItem; product: Product };
const sequence = { next: 0 };
const nextRequestId = (productId: string) => `wishlist-${productId}-${(sequence.next += 1)}`;

/**
 * The wishlist: per product, newest first, each with the size saved with it; products that no
 * longer exist dropped. `guest`: the signed-out shopper's wishlist, kept on this device (/wishlist).
 */
export function WishlistPage({ guest = false }: { guest?: boolean }) {
  const money = useMoney();
  const synced = useSyncedState();
  const items = useMemo(() => [...synced.wishlist.items].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt)), [synced.wishlist.items]);
  const [messages, setMessages] = useState<Record<string, { type: 'ERROR' | 'SUCCESS'; text: string }>>({});
  const pending = useRef(new Map<string, string>());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const key = items.map((i) => i.productId).join(',');

  // The products of the saved items (null: no longer exists). A product saved that the list lacks
  // (e.g. saved in another tab) loads the list again; the list on screen stays meanwhile.
  const [asked, setAsked] = useState({ n: 0, ids: key });
  const list = useLoad(asked.ids ? `wishlist ${asked.n}:${asked.ids}` : null, (signal) => {
    const ids = asked.ids.split(',');
    return objects.getMany(ids).then((found) => {
      const gone = ids.filter((_, i) => !found[i]);
      if (gone.length > 0 && !signal.aborted) {
        void session.synced
          .update((s) => ({ ...s, wishlist: { items: s.wishlist.items.filter((w) => !gone.includes(w.productId)) } }))
          .catch(() => undefined);
      }
      return new Map(ids.map((id, i): [string, Product | null] => [id, found[i] ?? null]));
    });
  });
  const { status, data, setData } = list;
  const has = (id: string) => (status === 'ready' ? data.has(id) : asked.ids.split(',').includes(id));
  // (after a failure, any change to the saved items loads them again)
  if (items.some((i) => !has(i.productId)) || (status === 'error' && key !== asked.ids)) setAsked({ n: asked.n + 1, ids: key });
  // an item removed (here or elsewhere) leaves the list in place, without it
  useEffect(() => {
    if (!data) return;
    const saved = new Set(key.split(','));
    if ([...data.keys()].some((id) => !saved.has(id))) setData(new Map([...data].filter(([id]) => saved.has(id))));
  }, [data, key, setData]);
  const products = data ?? list.previous ?? new Map<string, Product | null>();

  useEffect(
    () =>
      bus.subscribe(topics.cartAddResult, (result) => {
        const productId = pending.current.get(result.requestId);
        if (!productId) return;
        pending.current.delete(result.requestId);
        setMessages((m) => ({
          ...m,
          [productId]:
            result.status === 'SUCCESS'
              ? { type: 'SUCCESS', text: 'Added to your cart.' }
              : { type: 'ERROR', text: result.message ?? 'We were unable to add this to your cart. Please try again.' },
        }));
      }),
    [],
  );

  useEffect(
    () => () => {
      for (const timer of timers.current) clearTimeout(timer);
    },
    [],
  );

  const addToCart = ({ item, product }: Row) => {
    const variant = product.variants.find((v) => v.id === item.variantId) ?? product.variants.find((v) => v.qty > 0) ?? product.variants[0];
    if (!variant) return;
    const requestId = nextRequestId(item.productId);
    pending.current.set(requestId, item.productId);
    setMessages((m) => {
      const { [item.productId]: _gone, ...rest } = m;
      return rest;
    });
    const fail = () => {
      if (!pending.current.delete(requestId)) return;
      setMessages((m) => ({ ...m, [item.productId]: { type: 'ERROR', text: CART_UNREACHABLE_MESSAGE } }));
    };
    timers.current.add(setTimeout(fail, CART_ADD_TIMEOUT_MS));
    void cartListening().then(() => {
      if (!pending.current.has(requestId)) return;
      const sent = bus.publish(topics.cartAdd, { requestId, productId: product.id, variantId: variant.id, qty: 1, source: 'wishlist' }, { source: 'account' });
      if (!sent) fail();
    });
  };

  const shown = !key || status === 'ready' || list.previous ? 'SUCCESS' : status === 'error' ? 'ERROR' : 'LOADING';
  const rows: Row[] = items.flatMap((item) => {
    const product = products.get(item.productId);
    return product ? [{ item, product }] : [];
  });

  return (
    <section aria-labelledby="wishlist-heading">
      <h1 id="wishlist-heading" css={{ fontSize: 28, fontWeight: 400, fontFamily: 'Georgia, serif' }}>
        Wishlist
      </h1>
      {guest ? (
        <p css={{ margin: '0 0 1rem' }}>
          Your wishlist is kept on this device. <a href="/account/signin">Sign in</a> or <a href="/account/signup">create an account</a> to keep it on all your devices.
        </p>
      ) : null}
      {shown === 'ERROR' ? <Notice type="ERROR">We were unable to load your wishlist. Please try again.</Notice> : null}
      {shown === 'LOADING' ? <p role="status">Loading your wishlist…</p> : null}
      {shown === 'SUCCESS' && rows.length === 0 ? <p>Your wishlist is empty. Tap the heart on any product to save it here.</p> : null}
      {rows.length > 0 ? (
        <ul aria-label="Saved products" css={{ listStyle: 'none', padding: 0, display: 'grid', gap: '1.25rem', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))' }}>
          {rows.map((row) => {
            const { product } = row;
            const image = product.productGallery[0];
            const message = messages[product.id];
            // the size saved with it, when the product comes in more than one
            const saved = product.variants.length > 1 ? product.variants.find((v) => v.id === row.item.variantId) : undefined;
            return (
              <li key={product.id} css={{ display: 'grid', gap: '.5rem', alignContent: 'start' }}>
                <a href={`/products/${product.path}`} css={{ color: 'var(--ink)', textDecoration: 'none' }}>
                  {image ? (
                    <Image src={image.src} alt={image.alt || product.name} width={image.width} height={image.height} aspectRatio={PRODUCT_IMAGE_ASPECT_RATIO} sizes="(max-width: 479px) 100vw, 300px" css={{ borderRadius: 8, background: '#f3f1ea' }} />
                  ) : null}
                  <span css={{ display: 'block', fontWeight: 600, marginTop: '.4rem' }}>{product.name}</span>
                </a>
                {saved ? <span data-testid="wishlist-size">Size: {saved.label}</span> : null}
                <span>{money(product.price)}</span>
                {message ? <Notice type={message.type}>{message.text}</Notice> : null}
                <Button onClick={() => addToCart(row)} disabled={product.soldOut} aria-label={`Add ${product.name} to cart`}>
                  {product.soldOut ? 'Sold out' : 'Add to cart'}
                </Button>
                <Button variant="link" onClick={() => void session.synced.toggleWishlist(product.id).catch(() => undefined)} aria-label={`Remove ${product.name} from wishlist`}>
                  Remove
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
