import type { Product } from '@store/contracts';
import { CHALLENGE_ANSWER_MAX, CHALLENGE_FAILED } from '@store/contracts';
import { qtyChoice, snapQty } from '@store/contracts/cart-rules';
import { bus, session, topics } from '@store/shared-events';
import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { ApiError, verifyChallenge } from '../../lib/api';
import { catalogConfig } from '../../lib/config';
import { botCheckToken } from '../../lib/botcheck';
import { Button } from '@store/ui/button';

/** The wording for productChallengeAnswerInvalid. */
export const CHALLENGE_INVALID_MESSAGE = 'That answer is not right. Read the question again and try once more.';
const NO_ANSWER_MESSAGE = 'Answer the question to add this limited release to your cart.';
const NO_CART_MESSAGE = "We couldn't reach your cart just now. Please try again.";
const RESULT_TIMEOUT_MS = 8000;

let requestCounter = 0;
const newRequestId = () => `pdp-${Date.now().toString(36)}-${(++requestCounter).toString(36)}`;

/**
 * Resolves once a cart service listens for cart.add. The cart service starts after the page has
 * loaded and publishes cart.quantity (a state topic: replayed to late subscribers) in the same
 * synchronous start-up as it subscribes to cart.add, so a cart.quantity seen means cart.add is heard.
 */
function cartListening(): Promise<void> {
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

/**
 * Publishes cart.add and resolves with the cart's cart.add.result for it (or a timeout error).
 * A shopper who clicks before the cart service has started waits for it (cart.add is an event
 * topic: published before anyone listens, it would be lost).
 */
export function requestCartAdd(payload: { productId: string; variantId: string; qty: number; challengeAnswer?: string }) {
  const requestId = newRequestId();
  return new Promise<{ status: 'SUCCESS' | 'INVALID' | 'ERROR'; reason?: string; message?: string }>((resolve) => {
    let settled = false;
    const finish = (result: { status: 'SUCCESS' | 'INVALID' | 'ERROR'; reason?: string; message?: string }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      unsubscribe();
      resolve(result);
    };
    const timer = setTimeout(() => finish({ status: 'ERROR', message: NO_CART_MESSAGE }), RESULT_TIMEOUT_MS);
    const unsubscribe = bus.subscribe(topics.cartAddResult, (result) => {
      if (result.requestId === requestId) finish(result);
    });
    void cartListening().then(() => {
      if (settled) return;
      const sent = bus.publish(topics.cartAdd, { requestId, ...payload, source: 'pdp' }, { source: 'catalog' });
      if (!sent) finish({ status: 'ERROR', message: NO_CART_MESSAGE });
    });
  });
}

function useInWishlist(productId: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const subscription = session.synced.state$.subscribe(() => onChange());
      return () => subscription.unsubscribe();
    },
    () => session.synced.getState().wishlist.items.some((item) => item.productId === productId),
    () => false,
  );
}

const qtyButton = { background: 'none', border: 0, width: 40, height: 40, fontSize: 18, cursor: 'pointer', color: 'var(--ink)', '&:disabled': { opacity: 0.4, cursor: 'not-allowed' } } as const;

export function AddToCart({ product }: { product: Product }) {
  const sellable = product.state !== 'coming' && !product.soldOut;
  const firstInStock = product.variants.find((v) => v.qty > 0);
  const [variantId, setVariantId] = useState<string | null>(product.variants.length === 1 ? (product.variants[0]?.id ?? null) : (firstInStock?.id ?? null));
  const [answer, setAnswer] = useState('');
  const [answerError, setAnswerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string; wishlistLink?: boolean } | null>(null);
  const [wishlistBusy, setWishlistBusy] = useState(false);
  const inWishlist = useInWishlist(product.id);
  const answerRef = useRef<HTMLInputElement>(null);
  const answerId = useId();
  const answerErrorId = useId();
  const sizesId = useId();
  const qtyId = useId();
  const qtyHintId = useId();
  // sold in multiples (or with a minimum): the control starts at the smallest quantity the cart accepts
  const choice = qtyChoice(product);
  const [qty, setQty] = useState(choice.min);
  const [qtyText, setQtyText] = useState(String(choice.min));
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const variant = product.variants.find((v) => v.id === variantId) ?? null;
  // the chosen size's stock caps the control too, when it has at least the minimum
  const rangeFor = (v: { qty: number } | null) => ({ ...choice, max: v && v.qty >= choice.min ? Math.min(choice.max, Math.floor(v.qty / choice.step) * choice.step) : choice.max });
  const range = rangeFor(variant);
  const chooseQty = (next: number) => {
    const snapped = snapQty(next, range);
    setQty(snapped);
    setQtyText(String(snapped));
  };

  // One add at a time: a second tap (or a replayed early tap) while an add is in flight is ignored.
  // A ref, not the busy state: two taps can arrive before React has re-rendered the disabled button.
  const inFlight = useRef(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await add();
    } finally {
      inFlight.current = false;
    }
  };

  const add = async () => {
    setResult(null);
    if (!variant) {
      setResult({ kind: 'error', text: 'Choose a size first.' });
      return;
    }
    let challengeAnswer: string | undefined;
    if (product.challengeQuestion) {
      const trimmed = answer.trim();
      if (!trimmed) {
        setAnswerError(NO_ANSWER_MESSAGE);
        answerRef.current?.focus();
        return;
      }
      setBusy(true);
      try {
        const recaptchaToken = await botCheckToken(catalogConfig.challengeAction);
        await verifyChallenge({ answer: trimmed, productId: product.id, recaptchaToken });
        challengeAnswer = trimmed;
        setAnswerError(null);
      } catch (error) {
        if (!live.current) return;
        setBusy(false);
        if (error instanceof ApiError && error.code === CHALLENGE_FAILED) {
          // ChallengeFailed -> productChallengeAnswerInvalid.
          setAnswerError(CHALLENGE_INVALID_MESSAGE);
          answerRef.current?.focus();
        } else {
          setAnswerError(null);
          setResult({ kind: 'error', text: "We couldn't check your answer just now. Please try again." });
        }
        return;
      }
    }
    setBusy(true);
    const addQty = snapQty(Number(qtyText) || qty, range);
    if (addQty !== qty || qtyText !== String(addQty)) chooseQty(addQty);
    const outcome = await requestCartAdd({ productId: product.id, variantId: variant.id, qty: addQty, challengeAnswer });
    if (!live.current) return;
    setBusy(false);
    if (outcome.status === 'SUCCESS') {
      setResult({ kind: 'success', text: `Added ${addQty > 1 ? `${addQty} × ` : ''}${product.name} (${variant.label}) to your cart.` });
      // add_to_cart analytics: sent by the cart service 1 s after the add (one event per add)
    } else if (outcome.reason === 'productChallengeAnswerInvalid') {
      setAnswerError(outcome.message ?? CHALLENGE_INVALID_MESSAGE);
    } else setResult({ kind: 'error', text: outcome.message ?? NO_CART_MESSAGE });
  };

  const toggleWishlist = async () => {
    setWishlistBusy(true);
    try {
      const now = await session.synced.toggleWishlist(product.id, variantId ?? undefined);
      const size = product.variants.length > 1 ? product.variants.find((v) => v.id === variantId)?.label : undefined;
      if (live.current) setResult({ kind: 'success', text: now ? `Saved ${product.name}${size ? ` (${size})` : ''} to your wishlist.` : `Removed ${product.name} from your wishlist.`, wishlistLink: now });
    } catch {
      if (live.current) setResult({ kind: 'error', text: "We couldn't update your wishlist just now. Please try again." });
    } finally {
      if (live.current) setWishlistBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Add to cart">
      <fieldset css={{ border: 0, padding: 0, margin: '0 0 1rem' }}>
        <legend id={sizesId} css={{ fontWeight: 600, marginBottom: '.5rem' }}>
          {product.variants.length > 1 ? 'Size' : 'Availability'}
        </legend>
        <div css={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
          {product.variants.map((v) => {
            // a product not on sale yet is coming soon, not sold out; a product sold out in every size
            // says so once, on its button, not again beside each size
            const stock = product.state === 'coming' ? 'coming soon' : v.qty > 0 ? (v.qty <= 3 ? `only ${v.qty} left` : 'in stock') : product.soldOut ? null : 'sold out';
            return (
              <label
                key={v.id}
                css={{
                  border: v.id === variantId ? '2px solid var(--forest)' : '1px solid var(--line)',
                  borderRadius: 8,
                  padding: '.5rem .9rem',
                  background: '#fff',
                  color: v.qty > 0 ? 'inherit' : '#6b6558',
                  cursor: v.qty > 0 ? 'pointer' : 'not-allowed',
                }}
                data-testid="variant-option"
              >
                <input
                  type="radio"
                  name="variant"
                  value={v.id}
                  checked={v.id === variantId}
                  disabled={v.qty === 0 && product.state !== 'coming'}
                  onChange={() => {
                    setVariantId(v.id);
                    // a size with less stock: the quantity comes down to what it has
                    const next = snapQty(qty, rangeFor(v));
                    setQty(next);
                    setQtyText(String(next));
                  }}
                  css={{ accentColor: 'var(--forest)', marginRight: 6 }}
                />
                {stock ? `${v.label} · ${stock}` : v.label}
              </label>
            );
          })}
        </div>
      </fieldset>
      {product.challengeQuestion && sellable ? (
        <div css={{ margin: '0 0 1rem' }}>
          <label htmlFor={answerId} css={{ display: 'block', fontWeight: 600, marginBottom: 4 }}>
            {product.challengeQuestion}
          </label>
          <input
            ref={answerRef}
            id={answerId}
            name="challengeAnswer"
            required
            maxLength={CHALLENGE_ANSWER_MAX}
            value={answer}
            onChange={(e) => {
              setAnswer(e.target.value.slice(0, CHALLENGE_ANSWER_MAX));
              // the error was about the answer given: a new answer has not been checked yet
              if (answerError) setAnswerError(null);
            }}
            aria-invalid={answerError ? true : undefined}
            aria-describedby={answerError ? answerErrorId : undefined}
            autoComplete="off"
            css={{ width: '100%', maxWidth: 360, font: 'inherit', padding: '.5rem .6rem', border: '1px solid #b9b2a3', borderRadius: 6 }}
          />
          {answerError ? (
            <p id={answerErrorId} role="alert" css={{ color: '#9c2b1f', margin: '.35rem 0 0' }} data-testid="challenge-error">
              {answerError}
            </p>
          ) : null}
        </div>
      ) : null}
      {sellable ? (
        <div css={{ margin: '0 0 1rem' }}>
          <label htmlFor={qtyId} css={{ display: 'block', fontWeight: 600, marginBottom: 4 }}>
            Quantity
          </label>
          <div css={{ display: 'inline-flex', alignItems: 'center', border: '1px solid var(--line)', borderRadius: 999 }}>
            <button type="button" aria-label="Decrease quantity" disabled={qty <= range.min} onClick={() => chooseQty(qty - range.step)} css={qtyButton}>
              −
            </button>
            <input
              id={qtyId}
              name="qty"
              type="number"
              inputMode="numeric"
              min={range.min}
              max={range.max}
              step={range.step}
              value={qtyText}
              onChange={(e) => setQtyText(e.target.value)}
              onBlur={() => chooseQty(Number(qtyText) || range.min)}
              aria-describedby={range.step > 1 || range.min > 1 ? qtyHintId : undefined}
              css={{ width: '3.5em', font: 'inherit', textAlign: 'center', border: 0, background: 'transparent', MozAppearance: 'textfield', '&::-webkit-inner-spin-button, &::-webkit-outer-spin-button': { WebkitAppearance: 'none', margin: 0 } }}
            />
            <button type="button" aria-label="Increase quantity" disabled={qty >= range.max} onClick={() => chooseQty(qty + range.step)} css={qtyButton}>
              +
            </button>
          </div>
          {range.step > 1 || range.min > 1 ? (
            <p id={qtyHintId} css={{ margin: '.35rem 0 0', color: 'var(--muted)', fontSize: 14 }} data-testid="qty-hint">
              {range.step > 1 ? `Sold in multiples of ${range.step}${range.min > range.step ? `, at least ${range.min}` : ''}.` : `Minimum ${range.min}.`}
            </p>
          ) : null}
        </div>
      ) : null}
      <div css={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <Button
          type="submit"
          disabled={!sellable || busy || !variant || variant.qty === 0}
          css={{ padding: '.85rem 2rem', '&:disabled': { background: '#8a8a80', opacity: 1 } }}
        >
          {product.state === 'coming' ? 'Coming soon' : product.soldOut ? 'Sold out' : busy ? 'Adding…' : 'Add to cart'}
        </Button>
        <Button
          variant="secondary"
          aria-pressed={inWishlist}
          disabled={wishlistBusy}
          onClick={toggleWishlist}
          css={{ fontWeight: 'inherit', padding: '.85rem 1.4rem', '&:disabled': { opacity: 1, cursor: 'pointer' } }}
        >
          {inWishlist ? '♥ In your wishlist' : '♡ Add to wishlist'}
        </Button>
      </div>
      <div aria-live="polite" css={{ minHeight: '1.5em', marginTop: '.75rem' }}>
        {result ? (
          <p role={result.kind === 'error' ? 'alert' : 'status'} css={{ margin: 0, color: result.kind === 'error' ? '#9c2b1f' : 'var(--forest)' }} data-testid="add-result">
            {result.text}
            {/* a guest's wishlist is at /wishlist (kept on this device); a signed-in shopper's goes on to the account's */}
            {result.wishlistLink ? (
              <>
                {' '}
                <a href="/wishlist">View your wishlist</a>
              </>
            ) : null}
          </p>
        ) : null}
      </div>
    </form>
  );
}
