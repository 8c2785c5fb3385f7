/**
 * Handles `cart.add` (loaded by the service on the first add): product lookup, the challenge
 * answer check, the cart's validity rules on the cart as it would be, then the synced-state write,
 * the overlay and the analytics event 1 s later.
 */
import { pageMarket } from '@store/contracts/market';
import { CHALLENGE_FAILED } from '@store/contracts';
import { bus, session, topics, type CartAdd } from '@store/shared-events';
import { track } from '@store/shared-events/analytics';
import { api, ApiError } from '../../lib/api';
import { botCheckToken } from '../../lib/botcheck';
import { getProduct } from '../../lib/objects';
import { addRefusedMessage, CHALLENGE_INVALID_MESSAGE, checkItem } from '../../lib/cart/rules';
import { addToItems, withItems } from '../../lib/cart/store';

export const CART_ADD_ANALYTICS_DELAY_MS = 1000;
const UNABLE = 'Sorry, we could not add this to your cart. Please try again.';

const answer = (requestId: string, status: 'SUCCESS' | 'INVALID' | 'ERROR', reason?: string, message?: string): void => {
  bus.publish(topics.cartAddResult, { requestId, status, ...(reason ? { reason } : {}), ...(message ? { message } : {}) }, { source: 'cart_checkout' });
};

async function verifyChallenge(productId: string, challengeAnswer: string): Promise<'ok' | 'failed' | 'error'> {
  try {
    const recaptchaToken = await botCheckToken('product_challenge_verify');
    await api.post('/api/product/challenge/verify', { body: { answer: challengeAnswer, productId, recaptchaToken } });
    return 'ok';
  } catch (error) {
    return error instanceof ApiError && error.code === CHALLENGE_FAILED ? 'failed' : 'error';
  }
}

export async function handleCartAdd(add: CartAdd): Promise<void> {
  try {
    const product = await getProduct(add.productId);
    if (!product) return answer(add.requestId, 'ERROR', 'productNotFound', 'Product not found.');
    const variant = product.variants.find((v) => v.id === add.variantId);
    if (!variant) return answer(add.requestId, 'ERROR', 'productVariantNotFound', 'Product variant not found.');
    if (product.challengeQuestion) {
      if (!add.challengeAnswer?.trim()) return answer(add.requestId, 'INVALID', 'productChallengeAnswerInvalid', 'Answer the question to add this product.');
      const verdict = await verifyChallenge(product.id, add.challengeAnswer.trim());
      if (verdict === 'failed') return answer(add.requestId, 'INVALID', 'productChallengeAnswerInvalid', CHALLENGE_INVALID_MESSAGE);
      if (verdict === 'error') return answer(add.requestId, 'ERROR', undefined, UNABLE);
    }
    const current = session.synced.getState().cart.items;
    const next = addToItems(current, add);
    const item = next.find((i) => i.productId === add.productId && i.variantId === add.variantId)!;
    const violation = checkItem(item, next, product);
    const inCart = current.filter((i) => i.variantId === add.variantId).reduce((s, i) => s + i.qty, 0);
    if (violation) return answer(add.requestId, 'INVALID', violation.code, addRefusedMessage(violation, inCart));
    await session.synced.update((state) => withItems(state, addToItems(state.cart.items, add)));
    answer(add.requestId, 'SUCCESS');
    bus.publish(topics.cartOverlayOpen, { source: add.source ?? 'cart.add' }, { source: 'cart_checkout' });
    setTimeout(() => {
      track('add_to_cart', {
        currency: pageMarket().currency,
        value: (product.price * add.qty) / 100,
        items: [{ item_id: product.id, item_name: product.name, item_brand: product.brand.name, item_variant: variant.label, price: product.price / 100, quantity: add.qty }],
        source: add.source ?? null,
      });
    }, CART_ADD_ANALYTICS_DELAY_MS);
  } catch {
    answer(add.requestId, 'ERROR', undefined, UNABLE);
  }
}
