import type { CheckoutAddressInput, CheckoutInfoResponse, SavedPaymentMethod } from '@store/contracts';
import { session } from '@store/shared-events';
import { useForm } from '@store/ui/form';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { CartView } from '../../../lib/cart/useCart';
import { isAccountUpdating, useAccountUpdating } from '../../../lib/accountUpdate';
import { ApiError, completeAfterpay, savedCards } from '../../../lib/api';
import { applePayAvailable, firstInvalidField, googlePayClient, paymentClients, payWithApplePay, payWithGooglePay, payWithPayPal, type ApplePayAuthorised, type ApplePayInstance, type GooglePaymentsClient, type PaymentClients } from '../../../lib/payments';
import { errorText, Notice, primarySize } from '../../../lib/ui';
import { CardFields, type CardFieldsApi } from '../payment/CardFields';
import { AddressForm, addressErrors, addressFromValues, addressValues, emptyAddress, type AddressValues } from '../addresses/AddressForm';
import { GiftCards } from '../payment/GiftCards';
import { SavedAddressMatch } from '../addresses/SavedAddressMatch';
import { useSavedAddresses } from '../addresses/savedAddresses';
import { AFTERPAY_EXPIRED_MESSAGE, CARD_FIELDS_UNAVAILABLE_MESSAGE, PLACE_MESSAGES, walletUnavailableMessage } from '../payment/messages';
import { finishOrder, pickupShippingAddress } from '../payment/place';
import { newIdempotencyKey, orderRefused, placeOrderFlow, type PayMethod, type PlaceOutcome } from '../payment/placeOrderFlow';
import { getCheckout } from '../../../lib/checkout/state';
import { useCheckoutState, type InfoState } from '../../../lib/checkout/useCheckout';
import { promoItemsResult } from '../payment/promoItems';
import { hasErrors } from '../../../lib/checkout/validate';
import { useMarket, useMoney } from '@store/ui/market';
import { Button } from '@store/ui/button';
import { VisuallyHidden } from '@store/ui/visually-hidden';

const radioRow = { display: 'flex', gap: '.6rem', alignItems: 'flex-start', padding: '.75rem', border: '1px solid var(--line)', borderRadius: 8, marginBottom: '.5rem', background: '#fff', cursor: 'pointer' } as const;
/** Why Place order is disabled while the signed-in account is being saved (no order during an account update). */
export const ACCOUNT_UPDATING_MESSAGE = 'Saving changes to your account… You can place your order once they are saved.';

export function PaymentStep({ cart, info, infoStatus }: { cart: CartView; info: CheckoutInfoResponse | null; infoStatus: InfoState['status'] }) {
  const money = useMoney();
  const market = useMarket();
  const walletMarket = { currency: market.currency, country: market.country };
  const infoLoading = infoStatus === 'LOADING';
  // no order while the cart, the checkout data, its promo items or an account update are loading
  const dataReady = promoItemsResult({ status: cart.status, itemCount: cart.items.length }, infoStatus) === 'SUCCESS';
  const accountUpdating = useAccountUpdating();
  const ready = dataReady && !accountUpdating;
  const s = useCheckoutState();
  const navigate = useNavigate();
  const location = useLocation();
  const pickup = s.shippingType === 'STORE_PICKUP';
  const [sameAsShipping, setSameAsShipping] = useState(!pickup && s.billingSameAsShipping);
  /** An order completing after the Afterpay redirect: the form is busy (as placing) without a submit. */
  const [completing, setCompleting] = useState(false);
  // the billing address is the step's form (values, touched, errors); placing the order is its submit
  const form = useForm<AddressValues>({
    defaultValues: addressValues(s.billingAddress ?? emptyAddress(`${s.contact?.firstName ?? ''} ${s.contact?.lastName ?? ''}`.trim(), s.contact?.phone ?? '')),
    rules: addressErrors,
    busy: completing,
  });
  const billing = addressFromValues(form.values);
  const [methodChoice, setMethod] = useState<PayMethod>('BRAINTREE_CREDIT_CARD');
  /** The provider's hosted card fields (card data never enters this page) and the wallets' clients. */
  const cardFields = useRef<CardFieldsApi | null>(null);
  const [wallets, setWallets] = useState<{ clients: PaymentClients | null; paypal: { tokenize: Parameters<typeof payWithPayPal>[0]['tokenize'] } | null; applePay: ApplePayInstance | null; google: GooglePaymentsClient | null }>({ clients: null, paypal: null, applePay: null, google: null });
  const [signedIn, setSignedIn] = useState(session.getState().status === 'LOGGED_IN');
  const [saved, setSaved] = useState<SavedPaymentMethod[]>([]);
  const [savedId, setSavedId] = useState<string | null>(null);
  const [saveCard, setSaveCard] = useState(false);
  /** Saved cards are offered only while signed in (a logout on the page takes them away). */
  const offered = signedIn ? saved : [];
  const method: PayMethod = methodChoice === 'BRAINTREE_SAVED' && offered.length === 0 ? 'BRAINTREE_CREDIT_CARD' : methodChoice;
  const submitted = form.submitted;
  const placing = form.submitting;
  const [error, setError] = useState<string | null>(null);
  const [notices, setNotices] = useState<string[]>([]);
  const idempotencyKey = useRef(newIdempotencyKey());
  const billingErrors = form.errors;
  const savedAddresses = useSavedAddresses();
  const outstanding = info?.amountOutstanding ?? 0;

  // Signed in: the saved cards (BRAINTREE_SAVED), the default one chosen first.
  useEffect(() => {
    const subscription = session.state$.subscribe(({ status }) => setSignedIn(status === 'LOGGED_IN'));
    return () => subscription.unsubscribe();
  }, []);
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    savedCards()
      .then(({ paymentMethods }) => {
        if (!live || paymentMethods.length === 0) return;
        setSaved(paymentMethods);
        setSavedId((paymentMethods.find((c) => c.isDefault) ?? paymentMethods[0]!).id);
        setMethod((m) => (m === 'BRAINTREE_CREDIT_CARD' ? 'BRAINTREE_SAVED' : m));
      })
      .catch(() => {}); // no saved cards offered; a new card still works
    return () => {
      live = false;
    };
  }, [signedIn]);

  // The wallets: PayPal and Apple Pay through the provider's client, Google Pay through its own
  // client (shown once isReadyToPay says yes), Apple Pay only where the browser has it.
  useEffect(() => {
    let live = true;
    paymentClients()
      .then(async (clients) => {
        const [paypal, applePay] = await Promise.all([
          clients.braintree.paypal?.create({ client: clients.client }).catch(() => null) ?? null,
          applePayAvailable() ? (clients.braintree.applePay?.create({ client: clients.client }).catch(() => null) ?? null) : null,
        ]);
        if (live) setWallets((w) => ({ ...w, clients, paypal, applePay }));
      })
      .catch(() => {}); // the card fields say so; wallets are not offered
    googlePayClient()
      .then((google) => live && setWallets((w) => ({ ...w, google })))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);

  const billingAddress = (values: AddressValues): CheckoutAddressInput => (sameAsShipping && !pickup ? s.deliveryAddress! : addressFromValues(values));

  /** What became of an order: the success page, the payment's own page, the error page, or a message on this step. */
  const show = (outcome: PlaceOutcome) => {
    if (outcome.type === 'placed') navigate('/checkout/success');
    else if (outcome.type === 'redirect') window.location.assign(outcome.url);
    else if (outcome.type === 'failedOrder') navigate('/checkout/error');
    else if (outcome.message !== null) setError(outcome.message);
  };

  // Back from the Afterpay approval page: complete (or cancel) the order.
  const afterpayHandled = useRef(false);
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const token = params.get('afterpayToken');
    if (!token || afterpayHandled.current || !info || infoLoading) return;
    afterpayHandled.current = true;
    setCompleting(true);
    const snapshot = getCheckout();
    completeAfterpay(token, info.amountOutstanding)
      .then(async (response) => {
        await finishOrder(response, snapshot, info, cart.items, 'AFTERPAY');
        navigate('/checkout/success', { replace: true });
      })
      .catch((e: unknown) => {
        navigate('/checkout/payment', { replace: true });
        if (e instanceof ApiError && e.code === 'AfterpayCheckoutExpired') setError(AFTERPAY_EXPIRED_MESSAGE);
        else if (params.get('afterpayStatus') !== 'SUCCESS') setError('Your Afterpay payment was cancelled. Choose another payment method.');
        else if (e instanceof ApiError) show(orderRefused(e, cart.items));
        else setError(PLACE_MESSAGES.ERROR);
      })
      .finally(() => setCompleting(false));
  }, [location.search, info, infoLoading]); // eslint-disable-line react-hooks/exhaustive-deps

  // the form layer ignores a submit while one runs (or the Afterpay completion), touches the visible
  // billing fields and focuses the first invalid one; this runs from the submit event itself
  function startPlacing(values: AddressValues) {
    if (!info || !ready || isAccountUpdating()) return; // not while loading
    if (outstanding > 0 && method === 'BRAINTREE_CREDIT_CARD') {
      const fields = cardFields.current;
      if (!fields) return setError(CARD_FIELDS_UNAVAILABLE_MESSAGE);
      const invalid = firstInvalidField(fields.state());
      if (invalid) return void fields.instance.focus(invalid);
    }
    // A wallet's sheet or popup opens now, from the click (browsers allow popups and payment
    // sheets only from a user action); the order is placed once it has given its nonce.
    let wallet: Promise<string> | null = null;
    let applePaid: Promise<ApplePayAuthorised> | null = null;
    if (outstanding > 0 && (method === 'BRAINTREE_PAYPAL' || method === 'BRAINTREE_GOOGLE_PAY' || method === 'BRAINTREE_APPLE_PAY')) {
      const name = method === 'BRAINTREE_PAYPAL' ? 'PayPal' : method === 'BRAINTREE_GOOGLE_PAY' ? 'Google Pay' : 'Apple Pay';
      try {
        if (method === 'BRAINTREE_PAYPAL' && wallets.paypal) wallet = payWithPayPal(wallets.paypal, outstanding, walletMarket);
        else if (method === 'BRAINTREE_GOOGLE_PAY' && wallets.google && wallets.clients) wallet = payWithGooglePay(wallets.google, wallets.clients.config, outstanding, walletMarket);
        else if (method === 'BRAINTREE_APPLE_PAY' && wallets.applePay && wallets.clients) {
          applePaid = payWithApplePay(wallets.applePay, wallets.clients.config.applePay.displayName, outstanding, undefined, walletMarket);
          wallet = applePaid.then((a) => a.nonce);
        }
      } catch {
        wallet = null;
      }
      if (!wallet) return setError(walletUnavailableMessage(name));
      // a rejection is handled below; never unhandled meanwhile
      wallet.catch(() => {});
    }
    return placeOrderNow(values, wallet, applePaid);
  }

  /** Placing: the form is submitting (fields and Place order disabled) until this settles. */
  const placeOrderNow = async (values: AddressValues, wallet: Promise<string> | null, applePaid: Promise<ApplePayAuthorised> | null) =>
    show(
      await placeOrderFlow({
        items: cart.items,
        billing: billingAddress(values),
        billingSameAsShipping: sameAsShipping && !pickup,
        method,
        savedId,
        cardFields: cardFields.current,
        saveCard: signedIn && saveCard,
        wallet,
        applePaid,
        outstanding,
        idempotencyKey,
        onVoucherNotices: setNotices,
      }),
    );

  const place = (event: FormEvent) => {
    setError(null);
    void form.handleSubmit(startPlacing)(event);
  };

  const instalment = Math.ceil(outstanding / 4);
  return (
    <form onSubmit={place} noValidate aria-label="Payment">
      {pickup && s.pickupStore ? (
        <Notice tone="info">
          Click and collect from <strong>{s.pickupStore.name}</strong>, {pickupShippingAddress(s).street1}, {s.pickupStore.address.locality}.
        </Notice>
      ) : null}
      <section aria-labelledby="billing-heading" css={{ marginBottom: '1.5rem' }}>
        <h2 id="billing-heading" css={{ fontSize: 17 }}>
          Billing address
        </h2>
        {!pickup ? (
          <label css={{ display: 'flex', gap: '.5rem', alignItems: 'center', marginBottom: '.75rem' }}>
            <input type="checkbox" checked={sameAsShipping} onChange={(e) => setSameAsShipping(e.target.checked)} />
            Same as my delivery address
          </label>
        ) : null}
        {!sameAsShipping || pickup ? (
          <>
            <AddressForm legend="Billing address details" field={form.field} idPrefix="billing" />
            <SavedAddressMatch address={billing} saved={savedAddresses} onUse={(a) => form.setValues(addressValues(a))} />
          </>
        ) : null}
      </section>
      <GiftCards placing={placing} />
      {notices.map((n) => (
        <Notice key={n}>{n}</Notice>
      ))}
      <section aria-labelledby="payment-heading" css={{ marginBottom: '1.5rem' }}>
        <h2 id="payment-heading" css={{ fontSize: 17 }}>
          Payment method
        </h2>
        {info && outstanding === 0 ? (
          <p>Your gift cards cover this order: no further payment is needed.</p>
        ) : (
          <fieldset css={{ border: 0, padding: 0, margin: 0 }}>
            <VisuallyHidden as="legend">
              Choose how to pay
            </VisuallyHidden>
            {offered.map((c) => (
              <label key={c.id} css={radioRow}>
                <input
                  type="radio"
                  name="method"
                  checked={method === 'BRAINTREE_SAVED' && savedId === c.id}
                  onChange={() => {
                    setMethod('BRAINTREE_SAVED');
                    setSavedId(c.id);
                  }}
                />
                <span>
                  Saved card: {c.cardType} ending {c.lastFour}
                  {c.expiry ? ` (expires ${c.expiry})` : ''}
                </span>
              </label>
            ))}
            <label css={radioRow}>
              <input type="radio" name="method" checked={method === 'BRAINTREE_CREDIT_CARD'} onChange={() => setMethod('BRAINTREE_CREDIT_CARD')} />
              <span>{offered.length > 0 ? 'A new credit or debit card' : 'Credit or debit card'} (Visa, Mastercard, Amex)</span>
            </label>
            {method === 'BRAINTREE_CREDIT_CARD' ? (
              <div css={{ padding: '0 .75rem .5rem' }} data-testid="card-fields">
                <p css={{ fontSize: 13, color: 'var(--muted)', margin: '0 0 .5rem' }}>Your card details are typed into our payment provider's secure fields and never reach Fernleaf's order system.</p>
                <CardFields submitted={submitted} fieldsRef={cardFields} />
                {signedIn ? (
                  <label css={{ display: 'flex', gap: '.5rem', alignItems: 'center', fontSize: 14 }}>
                    <input type="checkbox" checked={saveCard} onChange={(e) => setSaveCard(e.target.checked)} />
                    Save this card for next time
                  </label>
                ) : null}
              </div>
            ) : null}
            {wallets.paypal ? (
              <label css={radioRow}>
                <input type="radio" name="method" checked={method === 'BRAINTREE_PAYPAL'} onChange={() => setMethod('BRAINTREE_PAYPAL')} />
                <span>PayPal</span>
              </label>
            ) : null}
            {wallets.applePay ? (
              <label css={radioRow}>
                <input type="radio" name="method" checked={method === 'BRAINTREE_APPLE_PAY'} onChange={() => setMethod('BRAINTREE_APPLE_PAY')} />
                <span>Apple Pay</span>
              </label>
            ) : null}
            {wallets.google ? (
              <label css={radioRow}>
                <input type="radio" name="method" checked={method === 'BRAINTREE_GOOGLE_PAY'} onChange={() => setMethod('BRAINTREE_GOOGLE_PAY')} />
                <span>Google Pay</span>
              </label>
            ) : null}
            {info?.afterpayAvailable ? (
              <label css={radioRow}>
                <input type="radio" name="method" checked={method === 'AFTERPAY'} onChange={() => setMethod('AFTERPAY')} />
                <span>
                  Afterpay: 4 interest-free payments of {money(instalment)} every 2 weeks
                </span>
              </label>
            ) : info && outstanding > market.afterpayMaxCents ? (
              // the market's own limit, in its currency (AFTERPAY_MAX_CENTS_NZD / _AUD); the server refuses Afterpay above it too
              <p css={{ fontSize: 14, color: 'var(--muted)', margin: '.25rem 0 0' }} data-testid="afterpay-limit">
                Afterpay is available for orders up to {money(market.afterpayMaxCents).replace(/\.00$/, '')}.
              </p>
            ) : null}
          </fieldset>
        )}
      </section>
      {error ? <Notice>{error}</Notice> : null}
      {submitted && (!sameAsShipping || pickup) && hasErrors(billingErrors) ? <p css={errorText}>Check the billing address.</p> : null}
      {accountUpdating && !placing ? (
        <p id="place-order-wait" role="status" css={{ fontSize: 14, color: 'var(--muted)', margin: '0 0 .5rem' }}>
          {ACCOUNT_UPDATING_MESSAGE}
        </p>
      ) : null}
      <Button type="submit" css={[primarySize, { width: '100%' }]} disabled={placing || !info || !ready} aria-busy={placing} aria-describedby={accountUpdating && !placing ? 'place-order-wait' : undefined}>
        {placing ? 'Placing your order…' : info ? `Place order · ${money(info.grandTotal)}` : 'Place order'}
      </Button>
    </form>
  );
}
