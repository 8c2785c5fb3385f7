/**
 * Returns: /return/guest/create (order number and e-mail, then the items) and the account's
 * /account/orders/{number}/return/{token} (`./AccountOrders` view 'return'), both through the
 * returns API: pick quantities (at most what is left to return) and a reason per item; the answer
 * is a return number with instructions.
 */
import { formatMarketDate, type MarketSettings } from '@store/contracts/market';
import { RETURN_REASONS, type ReturnableOrder, type ReturnCreateRequest, type ReturnCreateResponse, type ReturnReason } from '@store/contracts';
import { useForm } from '@store/ui/form';
import { useMarket } from '@store/ui/market';
import { useState } from 'react';
import { ApiError, createReturn, returnLookup } from '../../lib/api';
import { card, heading, Money, Notice, page, primarySize, SelectField } from '../../lib/ui';
import { OrderMarket } from '../../lib/orders/orderMarket';
import { OrderLookupForm } from '../../lib/orders/OrderLookupForm';
import { Button } from '@store/ui/button';

/**
 * The store's returns policy as the return confirmation states it (the API's instructions: "within
 * 30 days of delivery or collection"). The online window (returnBy, 60 days from placing) covers it
 * whatever the delivery date, so the form gives both, and they never read as two different policies.
 */
export const RETURN_POLICY_DAYS = 30;

export const RETURN_NOT_FOUND = 'We could not find an order with that number and email address.';

type Choice = Record<string, { qty: number; reason: ReturnReason | '' }>;

/** The items to send: lines with a quantity; a missing reason is an error per line. */
export function returnItems(choice: Choice): { items: ReturnCreateRequest['items']; missingReason: string[] } {
  const chosen = Object.entries(choice).filter(([, c]) => c.qty > 0);
  return {
    items: chosen.filter(([, c]) => c.reason).map(([variantId, c]) => ({ variantId, qty: c.qty, reason: c.reason as ReturnReason })),
    missingReason: chosen.filter(([, c]) => !c.reason).map(([v]) => v),
  };
}

/**
 * The return deadline as a date of the order's market (its zone and locale, whichever site shows
 * the form), e.g. "23 January 2027": an AU order's deadline is a Sydney date on the NZ site too.
 */
export const formatReturnBy = (iso: string, market: Pick<MarketSettings, 'locale' | 'timeZone'>): string => formatMarketDate(iso, market, { day: 'numeric', month: 'long', year: 'numeric' });

/** The return form's values: per open line its quantity (`qty:<variantId>`, "0" to keep) and reason (`reason:<variantId>`). */
type ReturnValues = Record<string, string>;

const choiceOf = (values: ReturnValues): Choice =>
  Object.fromEntries(
    Object.entries(values)
      .filter(([key]) => key.startsWith('qty:'))
      .map(([key, qty]) => {
        const variantId = key.slice(4);
        return [variantId, { qty: Number(qty), reason: (values[`reason:${variantId}`] ?? '') as ReturnReason | '' }];
      }),
  );

/** The return form in the order's own market (its dates and amounts), as the order details are. */
export function ReturnForm(props: { order: ReturnableOrder; onCreated?: (r: ReturnCreateResponse) => void }) {
  return (
    <OrderMarket order={props.order}>
      <ReturnFormIn {...props} />
    </OrderMarket>
  );
}

function ReturnFormIn({ order, onCreated }: { order: ReturnableOrder; onCreated?: (r: ReturnCreateResponse) => void }) {
  const market = useMarket();
  const form = useForm<ReturnValues>({
    defaultValues: Object.fromEntries(order.lines.filter((l) => l.returnable > 0).flatMap((l) => [[`qty:${l.variantId}`, '0'], [`reason:${l.variantId}`, '']])),
    // a line with a quantity needs a reason
    rules: (values) => Object.fromEntries(returnItems(choiceOf(values)).missingReason.map((variantId) => [`reason:${variantId}`, 'Choose a reason for this item.'])),
  });
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<ReturnCreateResponse | null>(null);
  const submit = form.handleSubmit(async (values) => {
    const { items } = returnItems(choiceOf(values));
    if (items.length === 0) return setError('Choose at least one item to return.');
    try {
      const result = await createReturn({ number: order.number, token: order.returnToken, items });
      setCreated(result);
      onCreated?.(result);
    } catch (e) {
      setError(e instanceof ApiError && (e.status === 409 || e.status === 429) ? e.message : 'We were unable to create your return. Please try again.');
    }
  });
  if (created) {
    return (
      <section css={card} aria-labelledby="return-created-heading" data-testid="return-created">
        <h2 id="return-created-heading" css={{ fontSize: 20, marginTop: 0 }}>
          Return {created.returnNumber} requested
        </h2>
        <p>
          Order {created.orderNumber}: {created.items.map((i) => `${i.qty} × ${i.name}, ${i.variantLabel}`).join('; ')}. Estimated refund <Money cents={created.refundEstimate} />.
        </p>
        <ol>
          {created.instructions.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ol>
      </section>
    );
  }
  const open = order.lines.filter((l) => l.returnable > 0);
  if (open.length === 0) return <Notice tone="info">Every item of order {order.number} is already in a return.</Notice>;
  return (
    <form
      onSubmit={(e) => {
        setError(null);
        void submit(e);
      }}
      noValidate
      aria-label={`Return items from order ${order.number}`}
    >
      {order.returnBy ? (
        <p css={{ margin: '0 0 1rem' }} data-testid="return-by">
          Items can be returned within {RETURN_POLICY_DAYS} days of delivery or collection. You can request the return for this order online until {formatReturnBy(order.returnBy, market)}.
        </p>
      ) : null}
      <ul css={{ listStyle: 'none', padding: 0, margin: '0 0 1rem', display: 'grid', gap: '.75rem' }}>
        {order.lines.map((l) => {
          const label = `${l.name}, ${l.variantLabel}`;
          return (
            <li key={l.variantId} css={card} data-testid="return-line">
              <p css={{ margin: '0 0 .5rem', fontWeight: 600 }}>
                {label} · <Money cents={l.unitPrice} /> · ordered {l.ordered}
                {l.returnable < l.ordered ? `, ${l.returnable} left to return` : ''}
              </p>
              {l.returnable > 0 ? (
                <div css={{ display: 'grid', gap: '0 1rem', gridTemplateColumns: 'repeat(auto-fit, minmax(10rem, 1fr))' }}>
                  <SelectField label={`Quantity to return of ${label}`} f={form.field(`qty:${l.variantId}`)} options={Array.from({ length: l.returnable + 1 }, (_, n) => ({ value: String(n), label: String(n) }))} />
                  <SelectField label={`Reason for returning ${label}`} f={form.field(`reason:${l.variantId}`)} options={[{ value: '', label: 'Choose a reason' }, ...Object.entries(RETURN_REASONS).map(([value, text]) => ({ value, label: text }))]} />
                </div>
              ) : (
                <p css={{ margin: 0, color: 'var(--muted)' }}>Already in a return.</p>
              )}
            </li>
          );
        })}
      </ul>
      {error ? <Notice>{error}</Notice> : null}
      <Button type="submit" css={primarySize} disabled={form.submitting} aria-busy={form.submitting}>
        Request return
      </Button>
    </form>
  );
}

/** /return/guest/create */
export function GuestReturnPage() {
  const [order, setOrder] = useState<ReturnableOrder | null>(null);
  return (
    <div css={page}>
      <h1 css={heading}>Return items</h1>
      {order ? (
        <ReturnForm order={order} />
      ) : (
        <>
          <p>Enter your order number and the email address you used to choose the items to return.</p>
          <OrderLookupForm label="Find the order to return" lookup={returnLookup} onFound={setOrder} notFoundMessage={RETURN_NOT_FOUND} shownStatuses={[409, 429]} />
        </>
      )}
    </div>
  );
}
