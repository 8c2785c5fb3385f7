import type { AccountAddress, CheckoutAddressInput, CheckoutInfoResponse } from '@store/contracts';
import { inputProps, useForm } from '@store/ui/form';
import { track } from '@store/shared-events/analytics';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { pickupStores, type PickupStoreOption } from '../../../lib/api';
import { errorText, Field, Notice, primarySize, secondarySize } from '../../../lib/ui';
import { AddressForm, addressErrors, addressFromValues, addressValues, emptyAddress, type AddressValues } from '../addresses/AddressForm';
import { SavedAddressMatch } from '../addresses/SavedAddressMatch';
import { fromSaved, samePlace, savedAddressLabel, useSavedAddresses } from '../addresses/savedAddresses';
import { setCheckout } from '../../../lib/checkout/state';
import { useCheckoutState } from '../../../lib/checkout/useCheckout';
import { sameAddress, validateAddress } from '../../../lib/checkout/validate';
import { useMarket, useMoney } from '@store/ui/market';
import { Button } from '@store/ui/button';
import { VisuallyHidden } from '@store/ui/visually-hidden';

const radioRow = { display: 'flex', gap: '.6rem', alignItems: 'flex-start', padding: '.75rem', border: '1px solid var(--line)', borderRadius: 8, marginBottom: '.5rem', background: '#fff', cursor: 'pointer' } as const;

export function ShippingStep({ info }: { info: CheckoutInfoResponse | null }) {
  const money = useMoney();
  const market = useMarket();
  const s = useCheckoutState();
  const navigate = useNavigate();
  const contact = s.contact!;
  const [type, setType] = useState<'DELIVERY' | 'STORE_PICKUP'>(s.shippingType ?? 'DELIVERY');
  // a signed-in shopper's saved addresses of this country the address rules accept, offered instead of typing one
  const savedAddresses = useSavedAddresses();
  const withContactPhone = (a: AccountAddress) => fromSaved(a, { ...emptyAddress(), phone: contact.phone });
  const offered = savedAddresses.filter((a) => Object.keys(validateAddress(withContactPhone(a))).length === 0);
  const [addressChoice, chooseAddress] = useSavedAddressChoice(offered, s.deliveryAddress);
  const chosenSaved = offered.find((a) => a.id === addressChoice) ?? null;
  // the delivery address (a new one) and instructions are the step's form (values, touched, errors, submit); the checkout store keeps them once submitted
  const form = useForm<AddressValues & { instructions: string }>({
    defaultValues: { ...addressValues(s.deliveryAddress ?? emptyAddress(`${contact.firstName} ${contact.lastName}`, contact.phone)), instructions: s.instructions },
    rules: (values) => ({ ...(chosenSaved ? {} : addressErrors(values)), ...(values.instructions.length > 250 ? { instructions: 'Use at most 250 characters.' } : {}) }),
  });
  const address = addressFromValues(form.values);
  const instructions = form.values.instructions;
  const [chosenMethod, setMethodId] = useState<string | null>(s.deliveryMethodId);
  const [postcode, setPostcode] = useState('');
  const [stores, setStores] = useState<PickupStoreOption[] | null>(null);
  const [storesError, setStoresError] = useState<string | null>(null);
  /** Said to screen readers once a search answers ("3 stores near 1010, nearest first."). */
  const [storesFound, setStoresFound] = useState('');
  const [searching, setSearching] = useState(false);
  const [store, setStore] = useState<PickupStoreOption | null>(s.pickupStore);
  const submitted = form.submitted;
  const formRef = useRef<HTMLFormElement>(null);
  const chooseNewAddress = () => {
    chooseAddress(NEW_ADDRESS);
    // a new address starts empty (the contact step's name and phone), unless one was being typed
    if (!form.values.street1 || offered.some((a) => samePlace(address, a))) form.setValues(addressValues(emptyAddress(`${contact.firstName} ${contact.lastName}`, contact.phone)));
  };
  const methods = info?.shippingMethods ?? [];
  const methodId = chosenMethod ?? methods[0]?.id ?? null;
  const duplicate = type === 'DELIVERY' && !s.billingSameAsShipping && sameAddress(chosenSaved ? withContactPhone(chosenSaved) : address, s.billingAddress);

  // the order summary follows the choice at once (it is priced from the checkout state); the step's other details are kept on Continue
  const chooseType = (next: 'DELIVERY' | 'STORE_PICKUP') => {
    setType(next);
    setCheckout(next === 'DELIVERY' ? { shippingType: 'DELIVERY', deliveryMethodId: methodId } : { shippingType: 'STORE_PICKUP' });
  };
  const chooseMethod = (id: string) => {
    setMethodId(id);
    setCheckout({ shippingType: 'DELIVERY', deliveryMethodId: id });
  };

  const findStores = async (event?: FormEvent) => {
    event?.preventDefault();
    setStoresFound('');
    if (postcode && !/^\d{4}$/.test(postcode)) return setStoresError(market.id === 'NZ' ? 'Enter a 4-digit NZ postcode.' : market.address.postcodeMessage);
    setStoresError(null);
    setSearching(true);
    try {
      const { stores: found } = await pickupStores(postcode || undefined);
      setStores(found);
      if (found.length === 0) setStoresError('No click and collect stores near that postcode. Try another postcode.');
      else setStoresFound(`${found.length === 1 ? '1 store' : `${found.length} stores`} offering click and collect${postcode ? ` near ${postcode}, nearest first` : ''}. Choose one below.`);
    } catch {
      setStoresError('We were unable to load stores. Please try again.');
    } finally {
      setSearching(false);
    }
  };

  // the form layer has touched the visible fields and focused the first invalid one; the choices are checked here
  const submit = (event: FormEvent) => form.handleSubmit(continueToPayment)(event);
  function continueToPayment(values: typeof form.values) {
    if (type === 'DELIVERY') {
      if (!methodId) return;
      setCheckout({ shippingType: 'DELIVERY', deliveryAddress: chosenSaved ? withContactPhone(chosenSaved) : addressFromValues(values), deliveryMethodId: methodId, instructions: values.instructions.trim(), pickupStore: null });
      track('add_shipping_info', { shipping_tier: methodId });
    } else {
      if (!store) {
        // to the first store offered, or to the postcode search when none is listed yet
        setTimeout(() => (formRef.current?.querySelector<HTMLElement>('input[name="pickupStore"]') ?? formRef.current?.querySelector<HTMLElement>('input[name="pickupPostcode"]'))?.focus(), 0);
        return;
      }
      setCheckout({ shippingType: 'STORE_PICKUP', pickupStore: store, billingSameAsShipping: false });
      track('add_shipping_info', { shipping_tier: 'click-collect' });
    }
    navigate('/checkout/payment');
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Delivery">
      <fieldset css={{ border: 0, padding: 0, margin: '0 0 1.25rem' }}>
        <legend css={{ fontWeight: 700, fontSize: 17, marginBottom: '.6rem' }}>How would you like to get your order?</legend>
        <label css={radioRow}>
          <input type="radio" name="shippingType" value="DELIVERY" checked={type === 'DELIVERY'} onChange={() => chooseType('DELIVERY')} />
          <span>{market.id === 'NZ' ? 'Delivery to an NZ address' : `Delivery to an address in ${market.countryName}`}</span>
        </label>
        <label css={radioRow}>
          <input type="radio" name="shippingType" value="STORE_PICKUP" checked={type === 'STORE_PICKUP'} onChange={() => chooseType('STORE_PICKUP')} />
          <span>Click and collect from a store (free)</span>
        </label>
      </fieldset>

      {type === 'DELIVERY' ? (
        <>
          {offered.length > 0 ? (
            <fieldset css={{ border: 0, padding: 0, margin: '0 0 1rem' }}>
              <legend css={{ fontWeight: 700, fontSize: 17, marginBottom: '.6rem' }}>Deliver to</legend>
              {offered.map((a) => (
                <label key={a.id} css={radioRow}>
                  <input type="radio" name="savedAddress" value={a.id} checked={addressChoice === a.id} onChange={() => chooseAddress(a.id)} />
                  <span>
                    {savedAddressLabel(a)}
                    {a.isDefaultShipping ? <span css={{ display: 'block', color: 'var(--muted)', fontSize: 14 }}>Default delivery address</span> : null}
                  </span>
                </label>
              ))}
              <label css={radioRow}>
                <input type="radio" name="savedAddress" value="new" checked={addressChoice === NEW_ADDRESS} onChange={chooseNewAddress} />
                <span>Use a new address</span>
              </label>
            </fieldset>
          ) : null}
          {chosenSaved ? null : (
            <>
              <AddressForm legend={offered.length > 0 ? 'New delivery address' : 'Delivery address'} field={form.field} idPrefix="delivery" />
              <SavedAddressMatch address={address} saved={savedAddresses} onUse={(a) => form.setValues(addressValues(a))} />
            </>
          )}
          {duplicate ? <Notice tone="info">This address is the same as your billing address.</Notice> : null}
          <fieldset css={{ border: 0, padding: 0, margin: '0 0 1rem' }} aria-describedby={submitted && !methodId ? 'delivery-option-error' : undefined}>
            <legend css={{ fontWeight: 700, fontSize: 17, marginBottom: '.6rem' }}>Delivery option</legend>
            {methods.length === 0 ? <p aria-busy="true">Loading delivery options…</p> : null}
            {methods.map((m) => {
              // what this cart is charged for the option (a free-delivery offer included)
              const price = m.priceAfterOffers ?? m.price;
              return (
                <label key={m.id} css={radioRow}>
                  <input type="radio" name="deliveryMethod" value={m.id} checked={methodId === m.id} onChange={() => chooseMethod(m.id)} />
                  <span>
                    <strong>{m.label}</strong> · {price < m.price ? <s css={{ color: 'var(--muted)' }}><VisuallyHidden>was </VisuallyHidden>{money(m.price)}</s> : null}
                    {price < m.price ? <VisuallyHidden> now</VisuallyHidden> : null} {price === 0 ? 'Free' : money(price)}
                    <br />
                    <span css={{ color: 'var(--muted)', fontSize: 14 }}>{m.description}</span>
                  </span>
                </label>
              );
            })}
            {submitted && !methodId ? (
              <p id="delivery-option-error" role="alert" css={errorText}>
                Choose a delivery option.
              </p>
            ) : null}
          </fieldset>
          <div css={{ display: 'flex', flexDirection: 'column', gap: 4, marginBottom: '1rem' }}>
            <label htmlFor="delivery-instructions" css={{ fontWeight: 600, fontSize: 14 }}>
              Delivery instructions <span css={{ fontWeight: 400, color: 'var(--muted)' }}>(optional)</span>
            </label>
            <textarea
              id="delivery-instructions"
              {...inputProps(form.field('instructions'))}
              maxLength={250}
              rows={3}
              aria-describedby="delivery-instructions-count"
              css={{ padding: '.65rem', border: '1px solid var(--line)', borderRadius: 8, fontSize: 16, fontFamily: 'inherit' }}
            />
            <span id="delivery-instructions-count" css={{ fontSize: 13, color: 'var(--muted)' }}>
              {250 - instructions.length} characters left
            </span>
          </div>
        </>
      ) : (
        <section aria-labelledby="pickup-heading" css={{ marginBottom: '1rem' }}>
          <h2 id="pickup-heading" css={{ fontSize: 17 }}>
            Choose a store
          </h2>
          <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0 .5rem', alignItems: 'flex-start' }}>
            <div css={{ flex: '1 1 9rem', minWidth: 0 }}>
              <Field
                label="Postcode"
                name="pickupPostcode"
                inputMode="numeric"
                enterKeyHint="search"
                maxLength={4}
                value={postcode}
                onChange={(e) => setPostcode(e.target.value.trim())}
                onKeyDown={(e) => {
                  // Enter searches (inside the delivery form it would otherwise submit the step)
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    void findStores();
                  }
                }}
                error={storesError}
                announceError
                hint="We list the nearest stores first. Press Enter to search."
              />
            </div>
            <Button variant="neutral" css={[secondarySize, { marginTop: 26, minHeight: 44 }]} aria-busy={searching} onClick={() => void findStores()}>
              {searching ? 'Finding stores…' : 'Find stores'}
            </Button>
          </div>
          <p role="status" css={{ margin: storesFound ? '0 0 .75rem' : 0, fontSize: 14 }} data-testid="stores-status">
            {storesFound}
          </p>
          {store && !stores ? (
            <p>
              Selected: <strong>{store.name}</strong>, {store.address.street1}, {store.address.locality}
            </p>
          ) : null}
          {stores && stores.length > 0 ? (
            <fieldset css={{ border: 0, padding: 0, margin: 0 }} aria-describedby={submitted && !store ? 'pickup-store-error' : undefined}>
              <legend css={{ fontWeight: 600, marginBottom: '.5rem' }}>Stores offering click and collect</legend>
              {stores.map((st) => (
                <label key={st.erpStoreId} css={radioRow}>
                  <input type="radio" name="pickupStore" value={st.erpStoreId} checked={store?.erpStoreId === st.erpStoreId} onChange={() => setStore(st)} />
                  <span>
                    <strong>{st.name}</strong>
                    {st.distanceKm !== null ? ` · ${st.distanceKm} km` : ''}
                    <br />
                    <span css={{ fontSize: 14, color: 'var(--muted)' }}>
                      {[st.address.street1, st.address.street2, st.address.locality, st.address.country === 'AU' ? `${st.address.region} ${st.address.postcode}` : st.address.postcode].filter(Boolean).join(', ')}
                    </span>
                  </span>
                </label>
              ))}
            </fieldset>
          ) : null}
          {submitted && !store ? (
            <p id="pickup-store-error" role="alert" css={errorText}>
              {stores && stores.length > 0 ? 'Choose a store for pickup.' : 'Find a store for pickup: enter a postcode and press Enter or Find stores.'}
            </p>
          ) : null}
        </section>
      )}
      <Button type="submit" css={primarySize}>
        Continue to payment
      </Button>
    </form>
  );
}

const NEW_ADDRESS = 'new';

/**
 * Which offered saved address the delivery goes to (its id), or NEW_ADDRESS; null when none is
 * offered. Until the shopper chooses: the address already entered in this checkout when it is a
 * saved one (a new address when it is not), else the default delivery address, else the first.
 */
function useSavedAddressChoice(offered: AccountAddress[], entered: CheckoutAddressInput | null): [string | null, (choice: string) => void] {
  const [chosen, choose] = useState<string | null>(null);
  if (offered.length === 0) return [null, choose];
  if (chosen === NEW_ADDRESS || offered.some((a) => a.id === chosen)) return [chosen, choose];
  if (entered?.street1) return [offered.find((a) => samePlace(entered, a))?.id ?? NEW_ADDRESS, choose];
  return [(offered.find((a) => a.isDefaultShipping) ?? offered[0]!).id, choose];
}
