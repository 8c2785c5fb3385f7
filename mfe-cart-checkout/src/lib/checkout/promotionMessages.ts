import type { DisallowedPromotion } from '@store/contracts';

/** The promotion-removed alerts (type ERROR) in the shopper's wording, by reason. */
/** Whole dollars without cents ("$150"), otherwise with them ("$74.50"). */
const dollars = (cents: number): string => `$${cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2)}`;

export function promotionRemovedMessage(p: Pick<DisallowedPromotion, 'name' | 'reason' | 'exclusiveName' | 'count' | 'minSubtotal'>, maxOffers: number): string {
  const offer = `Offer ${p.name}`;
  switch (p.reason) {
    case 'AppliedPromotionsLimitReached':
      return `${offer} has been removed because a maximum of ${p.count ?? maxOffers} offers can be redeemed at once.`;
    case 'Exclusitivity':
      return p.exclusiveName ? `${offer} has been removed because it cannot be redeemed with ${p.exclusiveName}.` : `${offer} has been removed because it cannot be redeemed with other offers.`;
    case 'NoApplicableCartItems':
      if (p.minSubtotal) return `${offer} has been removed because it needs a spend of ${dollars(p.minSubtotal)} or more on the items it covers.`;
      return `${offer} has been removed because there are no applicable items in your cart.`;
    case 'PromotionPerCustomerUsageExceeded':
      return (p.count ?? 1) > 1 ? `${offer} has been removed because you have already redeemed it ${p.count} times.` : `${offer} has been removed because you have already redeemed it.`;
    case 'PromotionUsageExceeded':
      return `${offer} has been removed because it is no longer available.`;
    case 'Stopped':
      return `${offer} has been removed because it cannot be redeemed with another applied offer.`;
    default:
      return `${offer} has been removed.`;
  }
}
