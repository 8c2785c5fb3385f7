/**
 * In place of the total when no line can be priced: every line breaks a cart rule (the lines that
 * do are left out of /checkout/info, so there is nothing to total). Says which rule, per item.
 */
import { violationMessage } from '../../lib/cart/rules';
import type { CartView } from '../../lib/cart/useCart';

/** Whether the cart has lines but every one breaks a rule (none to price). */
export const nothingToPrice = (cart: Pick<CartView, 'status' | 'items' | 'pricedItems'>): boolean => cart.status === 'SUCCESS' && cart.items.length > 0 && cart.pricedItems.length === 0;

export function CartRuleProblems({ cart }: { cart: Pick<CartView, 'groups'> }) {
  const problems = cart.groups.flatMap((g) => g.lines.flatMap((l) => (l.violation ? [{ id: l.variantId, item: `${g.product.name} (${l.variant.label})`, message: violationMessage(l.violation) }] : [])));
  return (
    <div data-testid="cart-rule-problems">
      <p css={{ margin: '0 0 .4rem' }}>Your total shows once these items are changed:</p>
      <ul css={{ margin: 0, paddingLeft: '1.2rem' }}>
        {problems.map((p) => (
          <li key={p.id}>
            {p.item}: {p.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
